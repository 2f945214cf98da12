//! The ledger file itself: creating, reopening, and refusing files it must not write to,
//! whose bytes must then be exactly as they were.

use std::fs;
use std::path::{Path, PathBuf};

use castellan_ledger::migration::SCHEMA_VERSION;
use castellan_ledger::{Ledger, LedgerError};
use rusqlite::Connection;

use crate::migration::schema_of;
use crate::{at, seat_two, tile_move};

fn temp_ledger_path() -> (tempfile::TempDir, PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    (folder, path)
}

/// A closed ledger file with a game of 40 moves in it, spread over several pages.
fn ledger_with_a_game(path: &Path) {
    let mut ledger = Ledger::open(path).unwrap();
    let (.., game) = seat_two(&mut ledger);
    for n in 1..=40 {
        ledger.append_move(game, &tile_move(n), at(n.into())).unwrap();
    }
}

/// Opens `path` expecting a refusal, and checks the file and its folder are untouched.
fn refused(path: &Path) -> LedgerError {
    let folder = path.parent().unwrap();
    let before = fs::read(path).unwrap();
    let listing_before = listing(folder);
    let error = Ledger::open(path).expect_err("this file must be refused");
    assert_eq!(fs::read(path).unwrap(), before, "a refused file must not be written to: its bytes must be unchanged");
    assert_eq!(listing(folder), listing_before, "refusing a file must leave no backup or journal behind");
    error
}

fn listing(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        fs::read_dir(folder).unwrap().map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[test]
fn a_reopened_ledger_has_its_data_and_the_missing_folder_is_made() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("not").join("yet").join(Ledger::FILE_NAME);
    ledger_with_a_game(&path);
    let ledger = Ledger::open(&path).unwrap();
    let game = ledger.unfinished_game().unwrap().expect("the game is still in progress");
    assert_eq!(ledger.moves(game.id).unwrap().len(), 40, "every move must be there after closing and reopening");
    assert_eq!(ledger.path(), Some(path.as_path()), "the ledger knows its file");
}

#[test]
fn an_empty_file_becomes_a_ledger() {
    let (_folder, path) = temp_ledger_path();
    fs::write(&path, b"").unwrap();
    let ledger = Ledger::open(&path).expect("an empty file holds nothing to lose");
    assert_eq!(ledger.schema_version().unwrap(), SCHEMA_VERSION, "it is migrated");
    assert!(ledger.backup_path().is_none(), "nothing in it to back up");
}

#[test]
fn a_file_that_is_not_a_database_is_refused_untouched() {
    let (_folder, path) = temp_ledger_path();
    for content in [&b"Anna 12, Bram 9\n"[..], &[0u8; 100][..], &b"SQLite format 2\0 and then some"[..]] {
        fs::write(&path, content).unwrap();
        let error = refused(&path);
        assert!(
            matches!(error, LedgerError::Corrupt { .. }),
            "{content:?} is not a database, so it must be reported as such, got {error:?}"
        );
    }
}

#[test]
fn a_damaged_ledger_is_refused_untouched() {
    let (_folder, path) = temp_ledger_path();
    ledger_with_a_game(&path);
    let page_size =
        Connection::open(&path).unwrap().query_row("PRAGMA page_size", [], |row| row.get::<_, i64>(0)).unwrap()
            as usize;
    let mut bytes = fs::read(&path).unwrap();
    let pages = bytes.len() / page_size;
    assert!(pages > 4, "the game must span pages for a page to be damaged");
    // Scribble over a whole page past the schema page: a b-tree page turned to noise.
    let victim = 3 * page_size;
    for (i, byte) in bytes[victim..victim + page_size].iter_mut().enumerate() {
        *byte = (i * 7 + 13) as u8;
    }
    fs::write(&path, &bytes).unwrap();

    let error = refused(&path);
    assert!(
        matches!(&error, LedgerError::Corrupt { detail } if !detail.is_empty()),
        "a page of noise must fail quick_check and be reported as damage, got {error:?}"
    );
}

#[test]
fn a_ledger_from_a_newer_version_is_refused_untouched() {
    let (_folder, path) = temp_ledger_path();
    ledger_with_a_game(&path);
    let newer = SCHEMA_VERSION + 1;
    Connection::open(&path).unwrap().pragma_update(None, "user_version", newer).unwrap();
    let error = refused(&path);
    assert!(
        matches!(
            error,
            LedgerError::SchemaTooNew { found, supported }
                if found == newer && supported == SCHEMA_VERSION
        ),
        "a newer schema must be reported with both versions, got {error:?}"
    );
}

#[test]
fn another_programs_database_is_refused_untouched() {
    let (_folder, path) = temp_ledger_path();
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("CREATE TABLE recipes (name TEXT); PRAGMA user_version = 3;").unwrap();
    drop(conn);
    let error = refused(&path);
    assert!(
        matches!(error, LedgerError::ForeignDatabase { application_id: 0 }),
        "a database that is not a ledger must not get ledger tables, got {error:?}"
    );
}

/// Builds a ledger file at schema version 1 by hand, the way the first release left it:
/// schema 1, WAL mode, a player and a game with two moves.
fn version_1_file(path: &Path) {
    let conn = Connection::open(path).unwrap();
    conn.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(())).unwrap();
    conn.execute_batch(include_str!("../../src/migrations/0001_core.sql")).unwrap();
    conn.execute_batch(
        "PRAGMA user_version = 1;
         INSERT INTO players (id, name) VALUES (1, 'Anna');
         INSERT INTO nights (id, date) VALUES (1, '2019-11-02');
         INSERT INTO games (id, night_id, script_version, setup_json, start_seat, started_at,
                            cursor)
             VALUES (1, 1, 1, '{\"sets\": [\"base\"]}', 0, '2019-11-02T19:00:00.000Z', 2);
         INSERT INTO game_seats VALUES (1, 0, 1, 'red');
         INSERT INTO moves (game_id, seq, move_json, entered_at) VALUES
             (1, 1, '{\"tile\": \"E\"}', '2019-11-02T19:01:00.000Z'),
             (1, 2, '{\"tile\": \"V\"}', '2019-11-02T19:02:00.000Z');",
    )
    .unwrap();
}

#[test]
fn an_old_ledger_is_backed_up_then_migrated() {
    let (_folder, path) = temp_ledger_path();
    version_1_file(&path);
    let earlier_backup = PathBuf::from(format!("{}.v1.bak", path.display()));
    fs::write(&earlier_backup, b"a backup from an earlier attempt").unwrap();

    let ledger = Ledger::open(&path).expect("a version-1 ledger must open and migrate");
    let backup = ledger.backup_path().expect("migrating an existing file must make a backup first").to_path_buf();
    assert_eq!(
        backup,
        PathBuf::from(format!("{}.v1.bak.1", path.display())),
        "the backup is named after the old version, beside the file, never over another"
    );
    assert_eq!(
        fs::read(&earlier_backup).unwrap(),
        b"a backup from an earlier attempt",
        "an existing backup must not be overwritten"
    );
    assert_eq!(ledger.schema_version().unwrap(), SCHEMA_VERSION, "the file is migrated");
    let game = ledger.unfinished_game().unwrap().expect("the old game is kept");
    assert_eq!(ledger.moves(game.id).unwrap()[1].move_json, r#"{"tile": "V"}"#, "the old moves survive the migration");
    drop(ledger);

    let old = Connection::open(&backup).unwrap();
    let version: u32 = old.query_row("PRAGMA user_version", [], |row| row.get(0)).unwrap();
    let moves: u32 = old.query_row("SELECT count(*) FROM moves", [], |row| row.get(0)).unwrap();
    assert_eq!((version, moves), (1, 2), "the backup is the file as it was before migrating: version 1, both moves");

    let migrated = schema_of(&Connection::open(&path).unwrap());
    let (_other_folder, fresh_path) = temp_ledger_path();
    drop(Ledger::open(&fresh_path).unwrap());
    assert_eq!(
        migrated,
        schema_of(&Connection::open(&fresh_path).unwrap()),
        "a migrated file must have exactly the schema of a new one"
    );

    let reopened = Ledger::open(&path).unwrap();
    assert!(reopened.backup_path().is_none(), "an up-to-date file needs no backup");
}
