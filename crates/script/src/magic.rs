//! Mage & Witch in a script (version 3): a move's `magic` and `magic_fix`, a final board's
//! `setup.magic` and its magic stands (a move of `magic` alone), and the report's `magic`. Read and written here, so that what one writes
//! the other reads back unchanged.

use crate::place::At;
use crate::read::{boolean, feature_ref, object, string, Result, ScriptError};
use crate::shown::quoted;
use castellan_engine::{Cell, MagicFigure, MagicFigures, MagicMove, Move, Port};
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

/// A final board's mage or witch where it stands: a move of `magic` alone, with no tile,
/// `{"magic": {"figure": "mage", "to": [x, y, "N"]}}`. `None` for any other move.
pub(crate) fn read_magic_stand(o: &Map<String, Value>, version: u64, at: impl At) -> Result<Option<Move>> {
    let Some(m) = o.get("magic").filter(|_| version >= crate::VERSION_3 && !o.contains_key("tile")) else {
        return Ok(None);
    };
    if o.len() > 1 {
        return Err(ScriptError::format(at, "a standing mage or witch is a move of its own"));
    }
    match read_magic_move(m, &at.place().child("magic"))? {
        MagicMove::To { figure, cell, port } => Ok(Some(Move::StandMagic { figure, cell, port })),
        MagicMove::Remove { .. } => {
            Err(ScriptError::format(at, "a standing mage or witch goes `to` a place; one beside the board is left out"))
        }
    }
}

/// The move [`read_magic_stand`] reads.
pub(crate) fn magic_stand_json(figure: MagicFigure, cell: Cell, port: Port) -> Value {
    json!({"magic": magic_move_json(&MagicMove::To { figure, cell, port })})
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

#[cfg(test)]
mod tests {
    use crate::Script;
    use castellan_engine::{Cell, MagicFigure, Move, Port};
    use serde_json::json;

    const FINISHED: &str = r#"{
      "format": "castellan-game-script", "version": 3,
      "players": [{"name": "Red"}, {"name": "Blue"}],
      "setup": {"mode": "final-board", "sets": ["base", "mage-witch"]},
      "moves": [
        {"tile": "MW06", "at": [0, -1], "rot": 180},
        {"tile": "G", "at": [1, -1], "rot": 0},
        {"player": "Red", "stand": [0, -1, "S"]},
        {"magic": {"figure": "mage", "to": [0, 0, "N"]}}
      ],
      "final_scoring": true
    }"#;

    #[test]
    fn a_magic_stand_is_read_written_and_read_back_the_same() {
        let script = Script::from_json(FINISHED).expect("valid script");
        assert_eq!(
            script.moves[3],
            Move::StandMagic { figure: MagicFigure::Mage, cell: Cell::new(0, 0), port: Port::N }
        );
        let written = script.to_json();
        assert_eq!(written["moves"][3], json!({"magic": {"figure": "mage", "to": [0, 0, "N"]}}));
        assert_eq!(Script::from_json(&written.to_string()).expect("reads back"), script);
        let game = script.play().expect("replays");
        assert_eq!(game.scores(), &[6, 0], "the open city of three, and the mage's three more (MW-06)");
    }

    #[test]
    fn a_magic_stand_goes_to_a_place_and_is_a_move_of_its_own() {
        let removed = FINISHED.replace(r#""figure": "mage", "to": [0, 0, "N"]"#, r#""figure": "mage", "remove": true"#);
        let err = Script::from_json(&removed).unwrap_err();
        assert!(err.to_string().contains("goes `to` a place"), "{err}");
        let with_player = FINISHED.replace(r#"{"magic": {"#, r#"{"player": "Red", "magic": {"#);
        let err = Script::from_json(&with_player).unwrap_err();
        assert!(err.to_string().contains("a move of its own"), "{err}");
    }
}
