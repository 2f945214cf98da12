//! Games the unit tests of several modules play, the table they play them at, the moment and
//! moves they play them with, and what they read back from the files they write.

use crate::degrees::Degrees;
use crate::request::MoveRequest;
use crate::Table;
use castellan_engine::{Cell, Figure, Move, Port, Rotation, TileId};
use castellan_ledger::Ledger;
use chrono::{DateTime, Utc};
use std::path::Path;

/// Two players, two tiles: Anna closes a two-tile city (4), Bram's road stays open (2 at
/// the end). A finished game, ready to import or replay.
pub(crate) const TWO_TILE_GAME: &str = r#"{"format": "castellan-game-script", "version": 1,
        "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
        "moves": [{"tile": "E", "at": [0, -1], "rot": 180, "meeple": "S"},
                  {"tile": "V", "at": [1, 0], "rot": 90, "meeple": "W"}],
        "final_scoring": true}"#;

/// The moment every test move is entered at.
pub(crate) fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-20T19:30:00Z").unwrap().with_timezone(&Utc)
}

/// A table keeping its games in the ledger file at `path`, made there if missing: the app's
/// start, and its start again after closing, on a real file.
pub(crate) fn table_at(path: &Path) -> Table {
    Table::new(Ledger::open(path).expect("the ledger opens"))
}

/// A table whose ledger lives in memory, for a test that never opens it again.
pub(crate) fn table_in_memory() -> Table {
    Table::new(Ledger::open_in_memory().expect("an in-memory ledger opens"))
}

/// The catalog's tile `name`.
pub(crate) fn tile_named(name: &str) -> TileId {
    TileId::from_name(name).unwrap_or_else(|| panic!("no tile {name}"))
}

/// The place `name` on a tile.
pub(crate) fn port_named(name: &str) -> Port {
    Port::from_name(name).unwrap_or_else(|| panic!("no place {name}"))
}

/// A rotation of `degrees` clockwise, as the UI sends it.
pub(crate) fn degrees(degrees: u32) -> Degrees {
    Degrees(Rotation::from_degrees(i64::from(degrees)).unwrap_or_else(|| panic!("no rotation {degrees}")))
}

/// Tile `tile` placed at `(x, y)`, turned `rot`, with a follower on `follower` if given.
pub(crate) fn place(tile: &str, x: i32, y: i32, rot: Rotation, follower: Option<Port>) -> Move {
    Move::place(TileId::from_name(tile).unwrap(), Cell::new(x, y), rot, follower)
}

/// The table screen's request placing `tile` at `(x, y)`, turned `rotation` degrees, with a
/// follower on `follower` if given and no decision about the Count.
pub(crate) fn place_request(tile: &str, x: i32, y: i32, rotation: u32, follower: Option<&str>) -> MoveRequest {
    MoveRequest::Place {
        tile: tile_named(tile),
        x,
        y,
        rotation: degrees(rotation),
        follower: follower.map(port_named),
        figure: Figure::Follower,
        recall_abbot: false,
        count: None,
        pass_second_tile: false,
        told: castellan_engine::Told::default(),
    }
}

/// The names of the files in `folder`, sorted: what a write left behind it.
pub(crate) fn file_names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(folder).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}
