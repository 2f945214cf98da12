//! The ledger file itself: creating, reopening, and refusing files it must not write to,
//! whose bytes must then be exactly as they were.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use castellan_ledger::migration::{APPLICATION_ID, SCHEMA_VERSION};
use castellan_ledger::{FileProblem, Ledger, OpenError, PlayerError, SchemaDifference, StoreError};
use rusqlite::Connection;

use crate::migration::schema_of;
use crate::{at, seat_two, tile_move};

pub fn temp_ledger_path() -> (tempfile::TempDir, PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    (folder, path)
}

/// A closed ledger file with a game of 40 moves in it, spread over several pages.
pub fn ledger_with_a_game(path: &Path) {
    let mut ledger = Ledger::open(path).unwrap();
    let (.., game) = seat_two(&mut ledger);
    let mut seen = ledger.cursor(game).unwrap();
    for n in 1..=40 {
        seen = ledger.append_move(game, seen, &tile_move(n), at(n.into())).unwrap();
    }
}

/// Opens `path` expecting a refusal, and checks the file and its folder are untouched.
fn refused(path: &Path) -> OpenError {
    let folder = path.parent().unwrap();
    let before = fs::read(path).unwrap();
    let listing_before = listing(folder);
    let error = Ledger::open(path).expect_err("this file must be refused");
    assert_eq!(fs::read(path).unwrap(), before, "a refused file must not be written to: its bytes must be unchanged");
    assert_eq!(listing(folder), listing_before, "refusing a file must leave no backup or journal behind");
    error
}

pub fn listing(folder: &Path) -> Vec<String> {
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
fn a_zero_length_file_is_refused_untouched() {
    let (_folder, path) = temp_ledger_path();
    fs::write(&path, b"").unwrap();
    let error = refused(&path);
    assert!(
        matches!(&error, OpenError::Store(StoreError::Corrupt { detail }) if detail.contains("empty")),
        "Castellan never leaves an empty ledger file, so one is a ledger that lost its contents, \
         to be reported, not silently replaced by an empty ledger; got {error:?}"
    );
}

#[test]
fn a_new_ledger_appears_complete_and_a_half_built_one_is_cleared() {
    let (folder, path) = temp_ledger_path();
    // What a creation killed halfway leaves beside the ledger's place.
    let half_built = folder.path().join(format!("{}.new", Ledger::FILE_NAME));
    fs::write(&half_built, b"SQLite format 3\0 and half a schema").unwrap();
    let ledger = Ledger::open(&path).unwrap();
    assert_eq!(ledger.schema_version().unwrap(), SCHEMA_VERSION, "the ledger is whole");
    assert!(!half_built.exists(), "the leftover of an earlier attempt is cleared");
    drop(ledger);
    assert_eq!(listing(folder.path()), [Ledger::FILE_NAME], "closed, the folder holds the ledger and nothing else");
}

#[test]
fn a_file_that_is_not_a_database_is_refused_untouched() {
    let (_folder, path) = temp_ledger_path();
    for content in [&b"Anna 12, Bram 9\n"[..], &[0u8; 100][..], &b"SQLite format 2\0 and then some"[..]] {
        fs::write(&path, content).unwrap();
        let error = refused(&path);
        assert!(
            matches!(error, OpenError::Store(StoreError::Corrupt { .. })),
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
        matches!(&error, OpenError::Store(StoreError::Corrupt { detail }) if !detail.is_empty()),
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
            OpenError::SchemaTooNew { found, supported }
                if found == newer && supported == SCHEMA_VERSION
        ),
        "a newer schema must be reported with both versions, got {error:?}"
    );
}

#[test]
fn a_file_with_the_ledger_id_but_other_tables_is_refused_untouched() {
    let (_folder, path) = temp_ledger_path();
    let conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "application_id", APPLICATION_ID).unwrap();
    conn.pragma_update(None, "user_version", SCHEMA_VERSION).unwrap();
    conn.execute_batch("CREATE TABLE recipes (name TEXT)").unwrap();
    drop(conn);
    let error = refused(&path);
    assert!(
        matches!(&error, OpenError::UnexpectedSchema { version, difference: SchemaDifference::Missing { .. } }
            if *version == SCHEMA_VERSION),
        "the id and version alone must not let a file with other tables be written to, got {error:?}"
    );
}

#[test]
fn a_ledger_whose_table_was_altered_is_refused_untouched() {
    let (_folder, path) = temp_ledger_path();
    ledger_with_a_game(&path);
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("ALTER TABLE moves ADD COLUMN note TEXT").unwrap();
    drop(conn);
    let error = refused(&path);
    match &error {
        OpenError::UnexpectedSchema { difference: SchemaDifference::Shape { name, expected, found }, .. } => {
            assert_eq!(name, "moves", "the altered table is named");
            assert_eq!(found.len(), expected.len() + 1, "with the extra column: {found:?} against {expected:?}");
        }
        other => panic!("a ledger table with a column no migration made must be refused, got {other:?}"),
    }
    assert!(error.to_string().contains("note text"), "the difference is shown: {error}");
}

#[test]
fn another_programs_database_is_refused_untouched() {
    let (_folder, path) = temp_ledger_path();
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("CREATE TABLE recipes (name TEXT); PRAGMA user_version = 3;").unwrap();
    drop(conn);
    let error = refused(&path);
    assert!(
        matches!(error, OpenError::ForeignDatabase { application_id: 0 }),
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

#[test]
fn a_second_opener_in_this_process_is_refused_until_the_first_closes() {
    let (folder, path) = temp_ledger_path();
    let first = Ledger::open(&path).unwrap();
    let error = Ledger::open(&path).expect_err("one ledger file, one owner");
    match &error {
        OpenError::InUse { path: held, holder } => {
            assert_eq!(held, &path, "the refusal names the file");
            assert_eq!(holder.pid, Some(std::process::id()), "and the process that holds it: this one");
            let program = std::env::current_exe().unwrap().file_name().unwrap().to_string_lossy().into_owned();
            assert_eq!(holder.program.as_deref(), Some(program.as_str()), "with its program's name");
        }
        other => panic!("a second opener must be told the file is in use, got {other:?}"),
    }
    assert!(error.to_string().contains(&format!("process {}", std::process::id())), "said in words too: {error}");
    drop(first);
    let again = Ledger::open(&path).expect("once the first owner closes, the file is free");
    drop(again);
    assert_eq!(listing(folder.path()), [Ledger::FILE_NAME], "no lock file is left behind");
}

/// Set in a child: the ledger file it opens and holds until it is killed.
const HOLDER_FILE: &str = "CASTELLAN_LEDGER_HOLDER_FILE";
/// Set in a child: how many moves it enters (into the WAL, where moves stay until another
/// write) before it says it holds the file.
const HOLDER_MOVES: &str = "CASTELLAN_LEDGER_HOLDER_MOVES";

/// Only does anything when run as the holder child of [`HolderChild::spawn`].
#[test]
#[ignore = "run as a child process by HolderChild::spawn"]
fn holder_process_entry_point() {
    let Some(path) = std::env::var_os(HOLDER_FILE) else {
        return;
    };
    let mut ledger = Ledger::open(&path).expect("the child opens the ledger");
    let moves: u32 = std::env::var(HOLDER_MOVES).ok().and_then(|n| n.parse().ok()).unwrap_or(0);
    if moves > 0 {
        let (.., game) = seat_two(&mut ledger);
        let mut seen = ledger.cursor(game).unwrap();
        for n in 1..=moves {
            seen = ledger.append_move(game, seen, &tile_move(n), at(n.into())).unwrap();
        }
    }
    println!("@open");
    std::io::Write::flush(&mut std::io::stdout()).unwrap();
    loop {
        std::thread::sleep(std::time::Duration::from_secs(60));
    }
}

/// Another process holding a ledger open: this test binary run again as
/// [`holder_process_entry_point`]. Killed when dropped.
pub struct HolderChild(pub std::process::Child);

impl HolderChild {
    /// Starts a child that opens `path` (relative to `folder` if given, else to this
    /// process's folder), enters `moves` moves, and holds the file until it is killed.
    pub fn spawn(path: &Path, folder: Option<&Path>, moves: u32) -> HolderChild {
        use std::io::BufRead;
        let mut command = Command::new(std::env::current_exe().unwrap());
        command
            .args(["--exact", "file::holder_process_entry_point", "--ignored", "--nocapture", "--test-threads=1"])
            .env(HOLDER_FILE, path)
            .env(HOLDER_MOVES, moves.to_string())
            .stdout(std::process::Stdio::piped());
        if let Some(folder) = folder {
            command.current_dir(folder);
        }
        let mut child = command.spawn().unwrap();
        let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
        assert!(lines.any(|line| line.unwrap().contains("@open")), "the child must open the ledger at {path:?}");
        HolderChild(child)
    }

    /// Kills the child as `kill -9` would, leaving its files as they are.
    pub fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for HolderChild {
    fn drop(&mut self) {
        self.kill();
    }
}

#[test]
fn another_process_holding_the_ledger_is_named_and_a_killed_one_frees_it() {
    let (_folder, path) = temp_ledger_path();
    ledger_with_a_game(&path);
    let mut child = HolderChild::spawn(&path, None, 0);
    let child_id = child.0.id();

    let error = Ledger::open(&path).expect_err("the child owns the file");
    assert!(
        matches!(&error, OpenError::InUse { holder, .. } if holder.pid == Some(child_id)),
        "the refusal must name the child's process, {child_id}, got {error:?}"
    );
    let mut reader = Ledger::open_read_only(&path).expect("reading beside the owner is allowed");
    let game = reader.unfinished_game().unwrap().expect("the reader sees the owner's game");
    assert_eq!(reader.moves(game.id).unwrap().len(), 40, "with every committed move");
    let write = reader.add_player("Cleo", None);
    assert!(
        matches!(write, Err(PlayerError::Store(StoreError::File { problem: FileProblem::ReadOnly, .. }))),
        "a reader cannot write, got {write:?}"
    );

    child.kill();
    let ledger = Ledger::open(&path).expect("a killed owner's lock goes with it: no stale lock to clear");
    assert_eq!(ledger.moves(game.id).unwrap().len(), 40, "and its moves are all there");
}

#[test]
fn reading_only_never_creates_nor_migrates() {
    let (folder, path) = temp_ledger_path();
    let missing = Ledger::open_read_only(&path);
    assert!(matches!(missing, Err(OpenError::NoLedger { .. })), "no file, no ledger: got {missing:?}");
    assert!(listing(folder.path()).is_empty(), "and nothing is made");
    version_1_file(&path);
    let before = fs::read(&path).unwrap();
    let old = Ledger::open_read_only(&path);
    assert!(
        matches!(old, Err(OpenError::NeedsMigration { found: 1, current: SCHEMA_VERSION })),
        "an old file cannot be read without migrating it, which a reader must not do: got {old:?}"
    );
    assert_eq!(fs::read(&path).unwrap(), before, "the old file is as it was");

    let (_other_folder, current) = temp_ledger_path();
    ledger_with_a_game(&current);
    let reader = Ledger::open_read_only(&current).expect("a current ledger that no one has open reads too");
    let game = reader.unfinished_game().unwrap().expect("its game is there");
    assert_eq!(reader.moves(game.id).unwrap().len(), 40, "with its moves");
    let _owner = Ledger::open(&current).expect("a reader does not keep the owner out");
}

/// A write refused because SQLite's lock is held elsewhere: said as such, and the ledger
/// goes on once the lock is free.
#[test]
fn a_file_locked_by_another_program_is_said_so_and_nothing_is_lost() {
    let (_folder, path) = temp_ledger_path();
    ledger_with_a_game(&path);
    let mut ledger = Ledger::open(&path).unwrap();
    // A database browser, say, in the middle of a write of its own.
    let other = Connection::open(&path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let error = ledger.add_player("Cleo", None).expect_err("the write lock is taken");
    assert!(
        matches!(error, PlayerError::Store(StoreError::File { problem: FileProblem::Locked, .. })),
        "a held SQLite lock must be named as such, got {error:?}"
    );
    let text = error.to_string();
    assert!(text.contains("another program") && text.contains("nothing saved before it was lost"), "{text}");
    other.execute_batch("ROLLBACK").unwrap();
    ledger.add_player("Cleo", None).expect("once the other program lets go, the ledger writes again");
    let game = ledger.unfinished_game().unwrap().unwrap();
    assert_eq!(ledger.moves(game.id).unwrap().len(), 40, "nothing stored before was lost");
}

/// A file system mounted for one test, unmounted (lazily, in case a file is still open)
/// when dropped. Mounting needs root; `None` elsewhere.
pub struct Mount(PathBuf);

impl Mount {
    pub fn new(target: &Path, args: &[&str]) -> Option<Mount> {
        let status = Command::new("mount").args(args).arg(target).stderr(std::process::Stdio::null()).status();
        status.ok().filter(|s| s.success()).map(|_| Mount(target.to_path_buf()))
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// A real full disk: a small tmpfs filled by the ledger itself.
#[test]
fn a_full_disk_is_said_so_and_every_move_before_it_is_kept() {
    let folder = tempfile::tempdir().unwrap();
    let Some(_mount) = Mount::new(folder.path(), &["-t", "tmpfs", "-o", "size=512k", "tmpfs"]) else {
        println!("skipped: mounting a small tmpfs needs root (disk full is also covered in the ledger's unit tests)");
        return;
    };
    let path = folder.path().join(Ledger::FILE_NAME);
    // Space to give back once the disk is full, so the ledger can be reopened.
    let ballast = folder.path().join("ballast");
    fs::write(&ballast, vec![7u8; 64 * 1024]).unwrap();
    let mut ledger = Ledger::open(&path).unwrap();
    let (.., game) = seat_two(&mut ledger);
    let mut seen = ledger.cursor(game).unwrap();
    let padding = "x".repeat(3000);
    let error = loop {
        let json = format!(r#"{{"tile": "V", "at": [{}, 0], "rot": 90, "note": "{padding}"}}"#, seen.cursor + 1);
        match ledger.append_move(game, seen, &json, at(1)) {
            Ok(next) => seen = next,
            Err(error) => break error,
        }
        assert!(seen.cursor < 1000, "512 KiB must fill up long before 1000 moves of 3 KB");
    };
    assert!(
        matches!(error, castellan_ledger::MoveLogError::Store(StoreError::File { problem: FileProblem::DiskFull, .. })),
        "a full disk must be named as such, got {error:?}"
    );
    assert!(error.to_string().starts_with("the disk is full"), "{error}");
    assert!(seen.cursor > 10, "the disk filled after some moves, not at once: {}", seen.cursor);
    assert_eq!(ledger.cursor(game).unwrap(), seen, "the failed move was rolled back");
    drop(ledger);
    fs::remove_file(&ballast).unwrap();
    let ledger = Ledger::open(&path).expect("with space again the ledger opens");
    assert_eq!(
        ledger.moves(game).unwrap().len() as u32,
        seen.cursor,
        "every move entered before the disk filled is kept"
    );
}

/// What `query` finds in the database file by itself, leaving out what is still only in the
/// `-wal` file beside it: `immutable=1` makes SQLite read the main file alone, and lock
/// nothing, so the owner is not disturbed.
fn in_the_main_file(path: &Path, query: &str) -> i64 {
    let uri = format!("file:{}?mode=ro&immutable=1", path.display());
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_URI;
    let conn = Connection::open_with_flags(uri, flags).unwrap();
    conn.query_row(query, [], |row| row.get(0)).unwrap()
}

/// The database file's size and modification time: looked at, never opened, since closing
/// a descriptor of it would drop the locks SQLite holds on it.
fn main_file_stamp(path: &Path) -> (u64, std::time::SystemTime) {
    let metadata = fs::metadata(path).unwrap();
    (metadata.len(), metadata.modified().unwrap())
}

/// The `-wal` file's length and its checkpoint sequence number (header bytes 12..16),
/// which SQLite bumps each time it starts the file over after a checkpoint.
fn wal_stamp(wal: &Path) -> (u64, u32) {
    let bytes = fs::read(wal).unwrap();
    (bytes.len() as u64, u32::from_be_bytes(bytes[12..16].try_into().unwrap()))
}

/// Moves are what a player waits on, so no checkpoint may run inside one, however long the
/// WAL gets; the game's end folds them into the file, and closing removes the WAL.
#[test]
fn moves_never_checkpoint_and_the_end_of_a_game_folds_them_into_the_file() {
    /// SQLite's default checkpoint threshold, in pages; the moves below write past it.
    const DEFAULT_AUTOCHECKPOINT_PAGES: u64 = 1000;
    let (folder, path) = temp_ledger_path();
    let wal = folder.path().join(format!("{}-wal", Ledger::FILE_NAME));
    let mut ledger = Ledger::open(&path).unwrap();
    let (anna, bram, _, game) = seat_two(&mut ledger);
    let page_size = in_the_main_file(&path, "PRAGMA page_size") as u64;

    let file_before = main_file_stamp(&path);
    let (mut wal_length, sequence) = wal_stamp(&wal);
    let mut seen = ledger.cursor(game).unwrap();
    let mut check = |what: &str, n: u32| {
        assert_eq!(
            main_file_stamp(&path),
            file_before,
            "{what} {n} wrote the database file: a checkpoint ran inside it"
        );
        let (length, now) = wal_stamp(&wal);
        assert_eq!(now, sequence, "{what} {n} started the WAL over, which only follows a checkpoint");
        assert!(length >= wal_length, "{what} {n} shortened the WAL");
        wal_length = length;
    };
    for n in 1..=450 {
        seen = ledger.append_move(game, seen, &tile_move(n), at(n.into())).unwrap();
        check("move", n);
        if n % 50 == 0 {
            seen = ledger.undo(game, seen).unwrap();
            check("undo after move", n);
            seen = ledger.redo(game, seen).unwrap();
            check("redo after move", n);
            seen = ledger.replace_move(game, seen, n, &tile_move(1000 + n), at(n.into())).unwrap();
            check("correction of move", n);
        }
    }
    let frames = (wal_length - 32) / (page_size + 24);
    assert!(
        frames > DEFAULT_AUTOCHECKPOINT_PAGES,
        "the moves must fill the WAL past SQLite's default checkpoint threshold, or this shows nothing: \
         {frames} pages"
    );
    assert_eq!(in_the_main_file(&path, "SELECT count(*) FROM moves"), 0, "no move has reached the database file yet");

    let results = [anna, bram].map(|player| castellan_ledger::PlayerResult {
        player,
        score: 0,
        points: castellan_ledger::PointsByKind::default(),
        biggest_city_tiles: None,
        longest_road_tiles: None,
    });
    let finish = castellan_ledger::Finish {
        biggest_move: None,
        ended_at: at(500),
        results: results.to_vec(),
        final_moves_json: None,
    };
    ledger.finish_game(game, &finish).unwrap();
    assert_eq!(
        in_the_main_file(&path, "SELECT count(*) FROM moves"),
        450,
        "ending the game checkpoints: its moves are in the file"
    );
    let (length, now) = wal_stamp(&wal);
    assert_ne!(now, sequence, "and the WAL starts over");
    assert!(length <= 4 << 20, "a WAL that grew past 4 MB is cut back when it starts over: {length} bytes");

    drop(ledger);
    assert_eq!(listing(folder.path()), [Ledger::FILE_NAME], "closing folds the WAL into the file and removes it");
    let reopened = Ledger::open(&path).unwrap();
    assert_eq!(reopened.moves(game).unwrap().len(), 450, "with every move");
    assert!(reopened.game(game).unwrap().ended_at.is_some(), "and the game's end");
}
