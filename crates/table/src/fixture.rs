//! Games the unit tests of several modules play.

/// Two players, two tiles: Anna closes a two-tile city (4), Bram's road stays open (2 at
/// the end). A finished game, ready to import or replay.
pub(crate) const TWO_TILE_GAME: &str = r#"{"format": "castellan-game-script", "version": 1,
        "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
        "moves": [{"tile": "E", "at": [0, -1], "rot": 180, "meeple": "S"},
                  {"tile": "V", "at": [1, 0], "rot": 90, "meeple": "W"}],
        "final_scoring": true}"#;
