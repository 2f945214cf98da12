//! Mage & Witch in a script (version 3): a move's `magic` and `magic_fix`, a final board's
//! `setup.magic`, and the report's `magic`. Read and written here, through the format's shape
//! ([`crate::shape`]), so that what one writes the other reads back unchanged.

use crate::read::{Result, ScriptError};
use crate::shape::leaf::{Flag, MagicFigureName, NameMap, PlaceRef};
use crate::shape::MagicMoveDoc;
use crate::shown::quoted;
use crate::ScriptPlace;
use castellan_engine::{MagicFigure, MagicFigures, MagicMove};
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
