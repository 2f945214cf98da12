//! The report's flights (Flying Machines, `docs/game-script-v3.md`). A move's own `flight`
//! is part of the format's shape ([`crate::shape`]).

use castellan_engine::{Event, Game};
use serde_json::{json, Value};

/// The report's `flights`: every flight of the game in order, who flew what from where, the
/// die, the cell reached and the place landed on (`null` for a crash).
pub(crate) fn flights_json(game: &Game) -> Value {
    let players = &game.setup().players;
    game.events()
        .iter()
        .filter_map(|e| match *e {
            Event::Flew { player, figure, from, heading, roll, target, landed } => Some(json!({
                "player": players[player.index()].name,
                "figure": figure.name(),
                "from": [from.x, from.y],
                "heading": heading.name(),
                "roll": roll,
                "target": [target.x, target.y],
                "landed": landed.map(|p| json!([target.x, target.y, p.name()])),
            })),
            _ => None,
        })
        .collect()
}
