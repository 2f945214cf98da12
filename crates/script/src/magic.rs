//! Mage & Witch in a script (version 3): a move's `magic` and `magic_fix`, a final board's
//! `setup.magic`, and the report's `magic`. Read and written here, so that what one writes
//! the other reads back unchanged.

use crate::place::At;
use crate::read::{boolean, feature_ref, object, string, Result, ScriptError};
use crate::shown::quoted;
use castellan_engine::{Cell, MagicFigure, MagicFigures, MagicMove, Port};
use serde_json::{json, Map, Value};

/// `{"figure": "witch", "to": [x, y, "N"]}`, or `{"remove": true}` with the figure when the
/// table names one (MW-02, MW-04, MW-05).
pub(crate) fn read_magic_move(v: &Value, at: impl At) -> Result<MagicMove> {
    let o = object(v, at)?;
    let figure = o.get("figure").map(|f| figure_of(f, at)).transpose()?;
    let remove = o.get("remove").map(|r| boolean(r, at)).transpose()?;
    match (o.get("to"), remove) {
        (Some(_), Some(true)) => {
            Err(ScriptError::format(at, "a magic figure goes `to` a place or is removed, not both"))
        }
        (Some(to), _) => {
            let figure = figure.ok_or_else(|| ScriptError::format(at, "say which `figure` goes: mage or witch"))?;
            let (cell, port) = feature_ref(to, at)?;
            Ok(MagicMove::To { figure, cell, port })
        }
        (None, Some(true)) => Ok(MagicMove::Remove { figure }),
        (None, _) => Err(ScriptError::format(at, "a magic figure goes `to` a place, or `\"remove\": true`")),
    }
}

fn figure_of(v: &Value, at: impl At) -> Result<MagicFigure> {
    let name = string(v, at)?;
    MagicFigure::from_name(name)
        .ok_or_else(|| ScriptError::format(at, format!("unknown magic figure {} (mage or witch)", quoted(name))))
}

/// The JSON [`read_magic_move`] reads.
pub(crate) fn magic_move_json(m: &MagicMove) -> Value {
    match *m {
        MagicMove::To { figure, cell, port } => json!({"figure": figure.name(), "to": place_json((cell, port))}),
        MagicMove::Remove { figure: Some(figure) } => json!({"figure": figure.name(), "remove": true}),
        MagicMove::Remove { figure: None } => json!({"remove": true}),
    }
}

/// A final board's `setup.magic`: `{"mage": [x, y, "N"], "witch": null}`, either left out or
/// `null` for a figure beside the board.
pub(crate) fn read_magic_figures(v: &Value, at: impl At) -> Result<MagicFigures> {
    let o = object(v, at)?;
    let mut figures = MagicFigures::default();
    for (key, place) in o {
        let figure = MagicFigure::from_name(key)
            .ok_or_else(|| ScriptError::format(at, format!("unknown magic figure {} (mage or witch)", quoted(key))))?;
        let place = match place {
            Value::Null => None,
            v => Some(feature_ref(v, &at.place().child(key))?),
        };
        match figure {
            MagicFigure::Mage => figures.mage = place,
            MagicFigure::Witch => figures.witch = place,
        }
    }
    Ok(figures)
}

/// Where the mage and the witch stand, `null` for one beside the board: the setup's and the
/// report's form.
pub(crate) fn magic_figures_json(m: &MagicFigures) -> Value {
    let figures = MagicFigure::ALL.into_iter().map(|f| (f.name().to_string(), m.of(f).map_or(Value::Null, place_json)));
    Value::Object(figures.collect::<Map<_, _>>())
}

fn place_json((cell, port): (Cell, Port)) -> Value {
    json!([cell.x, cell.y, port.name()])
}
