//! The ledger's tests: one binary, one module per table, plus the file-level behaviour
//! (opening, ownership, damage, failing disks). Killing a process mid-game is tested
//! through the table's commands, as the app writes: `crates/table/tests/crash.rs`.
//!
//! Logic is tested on an in-memory ledger; anything about the file itself uses a real file
//! in a temporary folder.

mod biggest_move;
mod file;
mod game;
mod generate;
mod highlight;
mod history;
mod migration;
mod moves;
mod night;
#[cfg(unix)] // Symlinks and hard links are made with Unix calls.
mod owner;
mod player;
mod rating;
#[cfg(unix)] // Made read-only by a mount or by Unix modes.
mod read_only;
mod result;
mod stats;

use castellan_ledger::{Color, GameId, Ledger, NewGame, NightId, PlayerId, Seat};
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};

/// `minutes` after 20:00 UTC on 1 May 2024: whole milliseconds, so times round-trip exactly.
pub fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2024, 5, 1, 20, 0, 0).unwrap() + Duration::minutes(minutes)
}

/// The `day`th of May 2024.
pub fn may(day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2024, 5, day).unwrap()
}

/// A distinct, valid game-script move for each `n`.
pub fn tile_move(n: u32) -> String {
    format!(r#"{{"tile": "V", "at": [{n}, 0], "rot": 90}}"#)
}

pub const SETUP: &str = r#"{"sets": ["base"], "start": "base", "rules": {"farms": "c3"}}"#;

/// A ledger with players Anna and Bram, one night, and one game of theirs just begun.
pub struct Table {
    pub ledger: Ledger,
    pub anna: PlayerId,
    pub bram: PlayerId,
    pub night: NightId,
    pub game: GameId,
}

impl Table {
    pub fn start() -> Table {
        let mut ledger = Ledger::open_in_memory().expect("an in-memory ledger opens");
        let (anna, bram, night, game) = seat_two(&mut ledger);
        Table { ledger, anna, bram, night, game }
    }
}

/// Adds Anna and Bram, a night and a game of theirs to `ledger`.
pub fn seat_two(ledger: &mut Ledger) -> (PlayerId, PlayerId, NightId, GameId) {
    let anna = ledger.add_player("Anna", Some(Color::Red)).unwrap();
    let bram = ledger.add_player("Bram", Some(Color::Blue)).unwrap();
    let night = ledger.add_night(may(1), Some("Utrecht"), &[]).unwrap();
    let game = ledger
        .start_game(&NewGame {
            night,
            script_version: 1,
            setup_json: SETUP.to_owned(),
            seats: vec![Seat { player: anna, color: Color::Red }, Seat { player: bram, color: Color::Blue }],
            start_seat: 0,
            started_at: at(0),
            app_version: None,
        })
        .unwrap();
    (anna, bram, night, game)
}

/// A ledger file as the release at schema `version` left it: that release's migrations in WAL
/// mode, as the ledger keeps its files, then `rows` written into it.
fn file_at_schema(path: &std::path::Path, version: usize, rows: &str) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(())).unwrap();
    for sql in &castellan_ledger::migration::SQL[..version] {
        conn.execute_batch(sql).unwrap();
    }
    conn.execute_batch(rows).unwrap();
    conn.pragma_update(None, "user_version", version as i64).unwrap();
}
