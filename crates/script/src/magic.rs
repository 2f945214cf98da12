//! Mage & Witch in a script (version 3): a move's `magic` and `magic_fix`, a final board's
//! `setup.magic` and its magic stands (a move of `magic` alone), and the report's `magic`. Read and written here, through the format's shape
//! ([`crate::shape`]), so that what one writes the other reads back unchanged.

use crate::read::{Result, ScriptError};
use crate::shape::leaf::Obj;
use crate::shape::leaf::{Flag, MagicFigureName, NameMap, PlaceRef};
use crate::shape::{MagicMoveDoc, MoveDoc};
use crate::shown::quoted;
use crate::ScriptPlace;
use castellan_engine::{Cell, MagicFigure, MagicFigures, MagicMove, Move, Port};
use serde_json::Value;

/// `{"figure": "witch", "to": [x, y, "N"]}`, or `{"remove": true}` with the figure when the
/// table names one (MW-02, MW-04, MW-05).
pub(crate) fn read_magic_move(doc: MagicMoveDoc, at: &ScriptPlace) -> Result<MagicMove> {
    let figure = doc.figure.map(|MagicFigureName(f)| f);
    match (doc.to, doc.remove.map(|Flag(r)| r)) {
        (Some(_), Some(true)) => {
            Err(ScriptError::format(at, "a magic figure goes `to` a place or is removed, not both"))
        }
        (Some(PlaceRef(cell, port)), _) => {
            let figure = figure.ok_or_else(|| ScriptError::format(at, "say which `figure` goes: mage or witch"))?;
            Ok(MagicMove::To { figure, cell, port })
        }
        (None, Some(true)) => Ok(MagicMove::Remove { figure }),
        (None, _) => Err(ScriptError::format(at, "a magic figure goes `to` a place, or `\"remove\": true`")),
    }
}

/// A final board's mage or witch where it stands: a move of `magic` alone, with no tile,
/// `{"magic": {"figure": "mage", "to": [x, y, "N"]}}` (`written` keys in all).
pub(crate) fn read_magic_stand(doc: MagicMoveDoc, written: usize, at: &ScriptPlace) -> Result<Move> {
    if written > 1 {
        return Err(ScriptError::format(at, "a standing mage or witch is a move of its own"));
    }
    match read_magic_move(doc, &at.child("magic"))? {
        MagicMove::To { figure, cell, port } => Ok(Move::StandMagic { figure, cell, port }),
        MagicMove::Remove { .. } => {
            Err(ScriptError::format(at, "a standing mage or witch goes `to` a place; one beside the board is left out"))
        }
    }
}

/// The move [`read_magic_stand`] reads.
pub(crate) fn magic_stand_doc(figure: MagicFigure, cell: Cell, port: Port) -> MoveDoc {
    let to = magic_move_doc(&MagicMove::To { figure, cell, port });
    MoveDoc { magic: Some(Obj(to)), ..MoveDoc::default() }
}

/// A final board's `setup.magic` (MW-08): where the mage and the witch stand, a figure left
/// out or `null` beside the board.
pub(crate) fn read_magic_figures(NameMap(given): NameMap<Option<PlaceRef>>) -> Result<MagicFigures> {
    let mut figures = MagicFigures::default();
    for (key, place) in given {
        let figure = MagicFigure::from_name(&key).ok_or_else(|| {
            ScriptError::format("setup.magic", format!("unknown magic figure {} (mage or witch)", quoted(&key)))
        })?;
        let place = place.map(|PlaceRef(cell, port)| (cell, port));
        match figure {
            MagicFigure::Mage => figures.mage = place,
            MagicFigure::Witch => figures.witch = place,
        }
    }
    Ok(figures)
}

/// A move's `magic` or `magic_fix`.
pub(crate) fn magic_move_doc(m: &MagicMove) -> MagicMoveDoc {
    match *m {
        MagicMove::To { figure, cell, port } => {
            MagicMoveDoc { figure: Some(MagicFigureName(figure)), to: Some(PlaceRef(cell, port)), remove: None }
        }
        MagicMove::Remove { figure } => {
            MagicMoveDoc { figure: figure.map(MagicFigureName), to: None, remove: Some(Flag(true)) }
        }
    }
}

/// Where the mage and the witch stand, `null` for one beside the board: the setup's form,
/// and the report's.
pub(crate) fn magic_figures_json(m: &MagicFigures) -> Value {
    crate::write::json(magic_figures_doc(m))
}

pub(crate) fn magic_figures_doc(m: &MagicFigures) -> NameMap<Option<PlaceRef>> {
    let place = |f: MagicFigure| m.of(f).map(|(cell, port)| PlaceRef(cell, port));
    NameMap(MagicFigure::ALL.into_iter().map(|f| (f.name().to_string(), place(f))).collect())
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
