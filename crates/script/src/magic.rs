//! Mage & Witch in a script (version 3): a move's `magic` and `magic_fix`, a final board's
//! `setup.magic`, and the report's `magic`. Read and written here, so that what one writes
//! the other reads back unchanged.

use castellan_engine::{Cell, MagicFigure, MagicFigures, MagicMove, Port};
use serde_json::{json, Map, Value};

/// A move's `magic` or `magic_fix`.
pub(crate) fn magic_move_json(m: &MagicMove) -> Value {
    match *m {
        MagicMove::To { figure, cell, port } => json!({"figure": figure.name(), "to": place_json((cell, port))}),
        MagicMove::Remove { figure: Some(figure) } => json!({"figure": figure.name(), "remove": true}),
        MagicMove::Remove { figure: None } => json!({"remove": true}),
    }
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
