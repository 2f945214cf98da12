//! The key `flight` of a version-3 tile move (Flying Machines, `docs/game-script-v3.md`):
//! what the table tells after laying a flier tile, `{"roll": 2, "to": "N"}`, with the move's
//! `figure` naming the big follower or the abbot. `to` absent is a crash.

use castellan_engine::{Event, Figure, Flight, Game};
use serde_json::{json, Value};

/// Writes a flight into a tile move's object: `flight`, and `figure` when it is not a
/// follower.
pub(crate) fn write_flight(o: &mut Value, flight: &Flight) {
    let mut f = json!({"roll": flight.roll});
    if let Some(port) = flight.to {
        f["to"] = port.name().into();
    }
    o["flight"] = f;
    if flight.figure != Figure::Follower {
        o["figure"] = flight.figure.name().into();
    }
}

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
