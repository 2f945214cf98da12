//! The key `flight` of a version-3 tile move (Flying Machines, `docs/game-script-v3.md`):
//! what the table tells after laying a flier tile, `{"roll": 2, "to": "N"}`, with the move's
//! `figure` naming the big follower or the abbot. `to` absent is a crash.

use crate::place::At;
use crate::read::ScriptError;
use crate::shown::quoted;
use castellan_engine::{Event, Figure, Flight, Game, Port};
use serde_json::{json, Map, Value};

/// Reads `flight` from a tile move's object, taking `figure` (already read) as the figure that
/// flew. `None` when the move has no `flight`.
pub(crate) fn read_flight(
    o: &Map<String, Value>,
    figure: Option<Figure>,
    at: impl At,
) -> Result<Option<Flight>, ScriptError> {
    let Some(v) = o.get("flight") else { return Ok(None) };
    let f = v.as_object().ok_or_else(|| ScriptError::format(at, "flight: expected an object"))?;
    if let Some(k) = f.keys().find(|k| !matches!(k.as_str(), "roll" | "to")) {
        return Err(ScriptError::format(at, format!("flight: unknown key {}", quoted(k))));
    }
    let roll = f.get("roll").ok_or_else(|| ScriptError::format(at, "flight: missing roll"))?;
    // Any whole number a die could be mistaken for is passed on, so the engine can say which
    // faces the die has (FM-06); beyond a byte it is no die result at all.
    let roll = roll
        .as_u64()
        .and_then(|r| u8::try_from(r).ok())
        .ok_or_else(|| ScriptError::format(at, format!("flight: roll {roll} is not a die result")))?;
    let to = match f.get("to") {
        None => None,
        Some(p) => {
            let name = p.as_str().ok_or_else(|| ScriptError::format(at, "flight: to: expected a place"))?;
            Some(
                Port::from_name(name)
                    .ok_or_else(|| ScriptError::format(at, format!("unknown place {}", quoted(name))))?,
            )
        }
    };
    Ok(Some(Flight { figure: figure.unwrap_or_default(), roll, to }))
}

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
