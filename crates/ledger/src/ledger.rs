//! [`Ledger`], the one owner of the SQLite connection, and how a ledger file is opened.
//!
//! Invariants: one process writes a ledger file at a time, whatever path it is opened by
//! (see `location.rs` and `lock.rs`), and a file that is empty, damaged, newer than this
//! build, another program's database, a ledger whose tables are not those of its version, a
//! file with a second name, or one that cannot be written is never written to. Opening
//! therefore resolves the path, takes the file's lock, then looks before it touches: the
//! header is read as plain bytes, then a read-only connection runs `PRAGMA quick_check`,
//! reads the versions and compares the tables with the schema's; only a file that passes
//! and may be written is opened for writing, backed up if it needs migrating, and migrated.
//! A new file is built aside and renamed into place.
//!
//! The methods that read and write players, nights, games, moves and statistics live in the
//! module of the table they own (`player.rs`, `moves.rs`, …) as further `impl Ledger` blocks.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use crate::error::{from_sqlite, OpenError, Result, SqlContext, StoreError};
use crate::location;
use crate::lock::OwnerLock;
use crate::migration::{self, APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION};
use crate::reading::{sibling, Reading};

/// The first 16 bytes of every SQLite 3 database file.
const SQLITE_HEADER: &[u8; 16] = b"SQLite format 3\0";

/// How long a write waits for another connection (say, a second app window) to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The WAL size, in pages, at which SQLite checkpoints at the end of a commit by itself: a
/// backstop far above what game nights write between checkpoints (a 72-move game is about
/// 150 pages), so that only a WAL nothing else folds in is bounded by it. See "Checkpoints"
/// on [`Ledger`].
const WAL_BACKSTOP_PAGES: u32 = 10_000;

/// The size, in bytes, a `-wal` file that grew past it is cut back to when it starts over.
/// Above a game night's WAL, so that in play the file is reused as it is rather than cut
/// and grown again under the moves that follow.
const WAL_KEPT_BYTES: i64 = 4 << 20;

/// The game-night ledger: one SQLite database, owned by one connection.
///
/// All reading and writing of the ledger goes through this type, so the rules below hold
/// for every caller.
///
/// # Durability
///
/// Each write (a move entered, an undo, a finished game) is one transaction, committed
/// before the method returns, with `synchronous = FULL`: the commit is on the disk, not only
/// in the operating system's cache, before the method returns. So once a move has been
/// entered it survives the app being killed (`kill -9`, a crash) and also a power cut or an
/// OS crash (a laptop whose battery dies). If the file system cannot do WAL (some network
/// shares), the ledger falls back to the rollback journal with the same guarantee.
///
/// The file runs in WAL mode: a commit appends the changed pages to the `-wal` file and
/// syncs that one file, one `fsync` per move. `FULL` is what makes that sync happen; in WAL
/// mode `synchronous = NORMAL` skips it and syncs only at checkpoints, so a power cut could
/// take the last moves with it, however long ago they were shown. It stays `FULL`.
///
/// # Checkpoints
///
/// A checkpoint copies the pages in the `-wal` file into the database file and syncs that
/// too, a few milliseconds for a game's worth, and the next commit then starts the `-wal`
/// file over (one more sync). SQLite by default runs one at the end of whichever commit
/// takes the WAL past 1000 pages, which made one move in about four hundred several times
/// slower than the rest. So moves never checkpoint:
///
/// - entering, undoing, redoing or correcting a move only appends to the WAL;
/// - the first other write after a move (ending a game, starting the next, a new night or
///   player) checkpoints first, when no one is waiting for a tile to show, and starts the
///   WAL over itself; so in play the WAL holds little more than the game in progress;
/// - closing the ledger folds the WAL into the file and removes it (SQLite does this when
///   the last connection closes);
/// - as a backstop, SQLite's own checkpoint runs if the WAL ever reaches
///   `WAL_BACKSTOP_PAGES` pages (40 MB, the moves of some 65 games with none started or
///   ended in between, which play does not do; a bulk import may), and a WAL that grew
///   past 4 MB is cut back to that size when it starts over.
///
/// Foreign keys are enforced (`PRAGMA foreign_keys = ON`, set for each connection since
/// SQLite forgets it).
///
/// # Ownership
///
/// A `Ledger` opened with [`Ledger::open`] is the file's only writer until it is dropped:
/// a second opener is refused with [`OpenError::InUse`], and every change of a move log
/// names the cursor it was checked against (see [`Ledger::append_move`]).
///
/// # Examples
///
/// ```
/// use castellan_ledger::Ledger;
///
/// let ledger = Ledger::open_in_memory()?;
/// assert_eq!(ledger.schema_version()?, castellan_ledger::migration::SCHEMA_VERSION);
/// # Ok::<(), castellan_ledger::LedgerError>(())
/// ```
#[derive(Debug)]
pub struct Ledger {
    // Declared before the lock: fields drop in order, so the connection is closed (and the
    // WAL folded into the file) before another process may take the file over.
    conn: Connection,
    path: Option<PathBuf>,
    backup: Option<PathBuf>,
    /// A move was written since the last checkpoint, so the next other write makes one.
    checkpoint_due: bool,
    /// This process's claim on the file; `None` in memory and when only reading.
    _lock: Option<OwnerLock>,
    /// The private copy a reader reads when the file's folder cannot be written (see
    /// `reading.rs`); removed when the ledger is dropped, after the connection closes.
    _aside: Option<tempfile::TempDir>,
}

/// What was found at the path before opening it.
enum Found {
    /// No file, or a SQLite database with nothing in it at all: a new ledger goes there.
    Nothing,
    /// A sound ledger at this schema version, read through `reading`.
    Ledger {
        version: u32,
        reading: Reading,
        /// Which file it is, to see that the file opened next is the one checked.
        identity: Option<(u64, u64)>,
    },
}

/// How many times opening starts over when the file is replaced while it is being opened
/// (a sync tool renaming its copy over it, say) before it gives up.
const REPLACED_TRIES: u32 = 3;

impl Ledger {
    /// The ledger's file name inside the app's data folder.
    pub const FILE_NAME: &'static str = "castellan.sqlite3";

    /// Opens the ledger file at `path` for this process alone, creating it (and its folder)
    /// if there is none, and brings its schema up to date.
    ///
    /// The file stays locked against every other opener, in this process or another, until
    /// the `Ledger` is dropped (see `lock.rs`); the lock goes away with the process, so
    /// a crash never leaves it stuck. The path may be spelled any way (a symlink, a relative
    /// path, one through `..`): it is resolved to the file's canonical path first, which is
    /// what is locked, opened and named in errors ([`Ledger::path`]). A symlink to a ledger
    /// not yet made makes it at the link's target.
    ///
    /// A new ledger is built beside `path` and renamed into place once complete, so no
    /// half-made or empty file is ever left there. Before the first migration of an
    /// existing file, a copy of it is written beside it as `<file>.v<old version>.bak` (with
    /// a `.1`, `.2`, … suffix if that name is taken); see [`Ledger::backup_path`].
    ///
    /// The integrity check reads the whole file, so opening takes time in proportion to
    /// its size: a few milliseconds for years of game nights, about 150 ms for a
    /// 10,000-game ledger of 66 MB.
    ///
    /// # Errors
    ///
    /// - [`OpenError::InUse`] naming the process that has the file open; nothing is read;
    /// - [`OpenError::HardLinked`] if the file has another name as well (see
    ///   `location.rs`);
    /// - [`OpenError::NotWritable`] with the OS's reason if the file or its folder cannot
    ///   be written; nothing is made beside it;
    /// - [`StoreError::Corrupt`] (as [`OpenError::Store`]) if the file is empty, not a SQLite database or fails
    ///   `PRAGMA quick_check`;
    /// - [`OpenError::ForeignDatabase`] if it is another program's database, and
    ///   [`OpenError::UnexpectedSchema`] if it says it is a ledger but its tables are not
    ///   those of its schema version;
    /// - [`OpenError::SchemaTooNew`] if a newer Castellan wrote it.
    ///
    /// In these cases the file is not written to. Otherwise [`OpenError::Io`],
    /// [`OpenError::Store`] or [`OpenError::Migration`] if the
    /// file cannot be created, backed up or migrated; a failed migration leaves the file at
    /// its old version.
    pub fn open(path: impl AsRef<Path>) -> Result<Ledger, OpenError> {
        // One path per file, for the lock, for SQLite and for every error (`location.rs`).
        let path = location::for_writing(path.as_ref())?;
        // Taken before anything is read, so what is checked below is what gets written.
        let lock = OwnerLock::acquire(&path)?;
        for _ in 0..REPLACED_TRIES {
            let (version, identity) = match inspect(&path)? {
                Found::Nothing => {
                    create(&path)?;
                    (SCHEMA_VERSION, None)
                }
                Found::Ledger { version, reading, identity } => {
                    drop(reading);
                    refuse_unwritable(&path)?;
                    (version, identity)
                }
            };
            // Without SQLITE_OPEN_CREATE: had the file gone meanwhile, an empty one must not
            // take its place.
            let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
            let mut conn = Connection::open_with_flags(&path, flags).sql("open")?;
            if identity.is_some() && fs::metadata(&path).ok().as_ref().and_then(location::identity) != identity {
                // Another file took the checked one's name (a sync tool renaming its copy over
                // it, say) before SQLite opened it: that one is looked at in its turn.
                continue;
            }
            let backup = if version < SCHEMA_VERSION { Some(back_up(&path, version)?) } else { None };
            configure(&conn, true)?;
            migrate(&mut conn)?;
            // A WAL left by a crash may hold moves: the first write that is not one folds them in.
            return Ok(Ledger {
                conn,
                path: Some(path),
                backup,
                checkpoint_due: true,
                _lock: Some(lock),
                _aside: None,
            });
        }
        Err(OpenError::Io {
            path,
            source: std::io::Error::other("the file was replaced again and again while it was being opened"),
        })
    }

    /// Opens the ledger file at `path` for reading only, without taking it over: for
    /// reports and exports while the app has the ledger open.
    ///
    /// Reading beside the owner is safe (SQLite's WAL gives each read one committed state
    /// of the file, and never blocks the owner's writes), and it is what a player running
    /// `castellan ledger export` for a backup in the middle of a game night expects. It
    /// takes no lock, so it works on a read-only file or in a read-only folder, and it makes
    /// nothing beside the file (see `reading.rs`), while still reading the moves that are
    /// only in its `-wal` file. Writes
    /// through this `Ledger` fail with [`StoreError::File`] (read-only). It cannot migrate,
    /// so the file must be at this build's schema version.
    ///
    /// # Errors
    ///
    /// As [`Ledger::open`] for a damaged, foreign, newer or hard-linked file; [`OpenError::NoLedger`]
    /// if there is no file; [`OpenError::NeedsMigration`] if the file is older.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Ledger, OpenError> {
        let given = path.as_ref();
        let no_ledger = || OpenError::NoLedger { path: given.to_path_buf() };
        let path = location::existing(given)?.ok_or_else(no_ledger)?;
        let reading = match inspect(&path)? {
            Found::Nothing => return Err(no_ledger()),
            Found::Ledger { version, .. } if version < SCHEMA_VERSION => {
                return Err(OpenError::NeedsMigration { found: version, current: SCHEMA_VERSION });
            }
            Found::Ledger { reading, .. } => reading,
        };
        configure(&reading.conn, false)?;
        Ok(Ledger {
            conn: reading.conn,
            path: Some(path),
            backup: None,
            checkpoint_due: false,
            _lock: None,
            _aside: reading.aside,
        })
    }

    /// Opens a new, empty ledger that lives in memory only: for tests and previews.
    ///
    /// # Errors
    ///
    /// [`OpenError::Store`] or [`OpenError::Migration`] if SQLite fails, which is not
    /// expected.
    pub fn open_in_memory() -> Result<Ledger, OpenError> {
        let mut conn = Connection::open_in_memory().sql("open")?;
        configure(&conn, false)?;
        migrate(&mut conn)?;
        Ok(Ledger { conn, path: None, backup: None, checkpoint_due: false, _lock: None, _aside: None })
    }

    /// The file this ledger lives in; `None` in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The copy made before migrating the file when it was opened, if one was needed.
    pub fn backup_path(&self) -> Option<&Path> {
        self.backup.as_deref()
    }

    /// The schema version of the open file: always [`migration::SCHEMA_VERSION`] once open.
    ///
    /// # Errors
    ///
    /// [`StoreError::Sqlite`] if the pragma cannot be read.
    pub fn schema_version(&self) -> Result<u32> {
        user_version(&self.conn)
    }

    /// The connection, for reads that need no transaction.
    pub(crate) fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Starts a write transaction for anything but a move, checkpointing first if moves
    /// were written since the last checkpoint (see "Checkpoints" on [`Ledger`]).
    /// `IMMEDIATE` takes the write lock up front, so a second connection cannot make the
    /// commit fail halfway with `SQLITE_BUSY`.
    pub(crate) fn write(&mut self) -> Result<Transaction<'_>> {
        if self.checkpoint_due {
            self.checkpoint();
        }
        self.conn.transaction_with_behavior(TransactionBehavior::Immediate).sql("BEGIN IMMEDIATE")
    }

    /// Starts a write transaction for a move entered, taken back, put back or corrected:
    /// as [`Ledger::write`] but never checkpointing, since the player waits on it.
    pub(crate) fn write_move(&mut self) -> Result<Transaction<'_>> {
        self.checkpoint_due = true;
        self.conn.transaction_with_behavior(TransactionBehavior::Immediate).sql("BEGIN IMMEDIATE")
    }

    /// Copies what the WAL holds into the database file, in `PASSIVE` mode: it never waits,
    /// so a reader still on an older state (an export running) only makes it stop short,
    /// and the next write after a move tries again. A checkpoint that fails loses nothing,
    /// since the WAL keeps every commit until one succeeds, so its error is not the
    /// caller's; the write that follows meets a full disk or a broken file itself.
    fn checkpoint(&mut self) {
        let outcome = self.conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, i64>(1)?, row.get::<_, i64>(2)?))
        });
        // Columns: whether it was blocked, pages in the WAL, pages copied (-1 and -1 when
        // the file is not in WAL mode, where there is nothing to fold in).
        if let Ok((0, in_wal, copied)) = outcome {
            if in_wal == copied {
                self.checkpoint_due = false;
            }
        }
    }

    /// Starts a read transaction, so that a read made of several queries sees one state of
    /// the file even if another connection writes meanwhile. It is rolled back on drop,
    /// which for a read changes nothing.
    pub(crate) fn read(&self) -> Result<Transaction<'_>> {
        self.conn.unchecked_transaction().sql("BEGIN")
    }
}

/// Looks at the file at `path` without writing to it, nor beside it.
fn inspect(path: &Path) -> Result<Found, OpenError> {
    let io = |source| OpenError::Io { path: path.to_path_buf(), source };
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(e) => return Err(io(e)),
    };
    if !metadata.is_file() {
        return Err(OpenError::Store(StoreError::Corrupt {
            detail: format!("{} is not a regular file", path.display()),
        }));
    }
    let file = fs::File::open(path).map_err(io)?;
    location::refuse_second_names(path, &file)?;
    if metadata.len() == 0 {
        // Castellan never leaves one (see `create`), so this is a file that lost its
        // contents, or not ours: the user must see that rather than get an empty ledger.
        return Err(OpenError::Store(StoreError::Corrupt { detail: "the file is empty (0 bytes)".to_owned() }));
    }
    let mut header = Vec::with_capacity(SQLITE_HEADER.len());
    file.take(SQLITE_HEADER.len() as u64).read_to_end(&mut header).map_err(io)?;
    if header != SQLITE_HEADER {
        return Err(OpenError::Store(StoreError::Corrupt {
            detail: "not a SQLite database (wrong header)".to_owned(),
        }));
    }

    let reading = Reading::open(path)?;
    let conn = &reading.conn;
    quick_check(conn)?;
    let application_id: i32 =
        conn.query_row("PRAGMA application_id", [], |row| row.get(0)).sql("PRAGMA application_id")?;
    let version = user_version(conn)?;
    let objects: i64 = conn
        .query_row("SELECT count(*) FROM sqlite_schema", [], |row| row.get(0))
        .sql("SELECT count(*) FROM sqlite_schema")?;
    if version == 0 && objects == 0 {
        // An empty database, as `sqlite3 file ''` leaves: nothing to lose, nothing to back up.
        return Ok(Found::Nothing);
    }
    if application_id != APPLICATION_ID {
        return Err(OpenError::ForeignDatabase { application_id });
    }
    if version > SCHEMA_VERSION {
        return Err(OpenError::SchemaTooNew { found: version, supported: SCHEMA_VERSION });
    }
    migration::check_shape(conn, version)?;
    Ok(Found::Ledger { version, reading, identity: location::identity(&metadata) })
}

/// Refuses a ledger file that cannot be written, before SQLite opens it: SQLite would open
/// it read-only without a word, make its `-wal` and `-shm` files beside it, and fail only at
/// the first write, with no reason from the OS.
fn refuse_unwritable(path: &Path) -> Result<(), OpenError> {
    // Opened for writing, and closed, without a byte written.
    match fs::OpenOptions::new().write(true).open(path) {
        Ok(_) => Ok(()),
        Err(source) if crate::lock::is_refusal_to_write(&source) => {
            Err(OpenError::NotWritable { path: path.to_path_buf(), source })
        }
        Err(source) => Err(OpenError::Io { path: path.to_path_buf(), source }),
    }
}

/// Runs `PRAGMA quick_check`; anything but a single `ok` means damage.
fn quick_check(conn: &Connection) -> Result<(), OpenError> {
    const QUERY: &str = "PRAGMA quick_check";
    let problems: Vec<String> = conn
        .prepare(QUERY)
        .and_then(|mut statement| statement.query_map([], |row| row.get::<_, String>(0))?.collect())
        .map_err(|source| {
            OpenError::Store(StoreError::Corrupt { detail: format!("quick_check could not run: {source}") })
        })?;
    if problems.len() == 1 && problems[0] == "ok" {
        Ok(())
    } else {
        Err(OpenError::Store(StoreError::Corrupt { detail: format!("quick_check: {}", problems.join("; ")) }))
    }
}

/// Builds a new ledger at `path`: in a file beside it, migrated, synced, then renamed into
/// place, so that `path` is either absent or a complete ledger, even if the process dies
/// meanwhile. The caller holds the lock, so no other Castellan builds there at once.
fn create(path: &Path) -> Result<(), OpenError> {
    let temp = sibling(path, ".new");
    let io = |path: &Path, source| OpenError::Io { path: path.to_path_buf(), source };
    // Left by a creation that was cut short; the lock says it is no one else's.
    remove_with_journals(&temp).map_err(|source| io(&temp, source))?;
    let built = (|| {
        let mut conn = Connection::open(&temp).sql("open")?;
        // The rollback journal, not WAL: the finished file then stands alone, with no -wal
        // beside it to carry along. `open` switches it to WAL afterwards.
        configure(&conn, false)?;
        migrate(&mut conn)?;
        conn.close().map_err(|(_, source)| from_sqlite("close", source))?;
        fs::File::open(&temp).and_then(|file| file.sync_all()).map_err(|source| io(&temp, source))?;
        // What sat at `path` was nothing or an empty database, and its journals belong to it.
        remove_with_journals(path).map_err(|source| io(path, source))?;
        fs::rename(&temp, path).map_err(|source| io(path, source))?;
        sync_folder(path);
        Ok(())
    })();
    if built.is_err() {
        let _ = remove_with_journals(&temp);
    }
    built
}

/// Removes a database file and the journal files SQLite keeps beside it, where present.
fn remove_with_journals(path: &Path) -> std::io::Result<()> {
    for suffix in ["", "-journal", "-wal", "-shm"] {
        match fs::remove_file(sibling(path, suffix)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

/// Makes a rename in the folder of `path` durable. Only Unix can open a folder to sync it;
/// elsewhere the rename is left to the file system's own ordering.
fn sync_folder(path: &Path) {
    #[cfg(unix)]
    if let Some(folder) = path.parent() {
        let folder = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
        // A failed sync leaves the rename in the cache, where it still happens in order.
        let _ = fs::File::open(folder).and_then(|f| f.sync_all());
    }
}

/// Copies the ledger at `path` beside it before migrating it from `version`.
///
/// `VACUUM INTO` makes a consistent copy including what is still in the WAL (a plain file
/// copy would miss it) and works from a read-only connection, so the original is not
/// touched.
fn back_up(path: &Path, version: u32) -> Result<PathBuf, OpenError> {
    let base = format!("{}.v{version}.bak", path.display());
    let target = std::iter::once(PathBuf::from(&base))
        .chain((1..).map(|n| PathBuf::from(format!("{base}.{n}"))))
        .find(|candidate| !candidate.exists())
        .expect("an unbounded sequence of names has a free one");
    let conn = Reading::open(path)?.conn;
    let target_text = target.to_str().ok_or_else(|| OpenError::Io {
        path: target.clone(),
        source: std::io::Error::other("backup path is not valid UTF-8"),
    })?;
    conn.execute("VACUUM INTO ?1", [target_text]).sql("VACUUM INTO ?1")?;
    Ok(target)
}

/// Per-connection settings: they are not stored in the file and cannot change inside a
/// transaction, so they are set here rather than in a migration.
fn configure(conn: &Connection, on_disk: bool) -> Result<(), OpenError> {
    conn.busy_timeout(BUSY_TIMEOUT).sql("busy_timeout")?;
    conn.pragma_update(None, "foreign_keys", true).sql("PRAGMA foreign_keys = ON")?;
    if on_disk {
        // WAL where the file system allows it; SQLite keeps the rollback journal otherwise,
        // and answers with the mode it chose.
        let _chosen: String =
            conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0)).sql("PRAGMA journal_mode = WAL")?;
        // Nothing entered may be lost, not even to a power cut: every commit is synced.
        conn.pragma_update(None, "synchronous", "FULL").sql("PRAGMA synchronous")?;
        // Checkpoints are made between moves (`Ledger::write`); SQLite's own, inside
        // whichever commit fills the WAL, is left only as a backstop.
        conn.pragma_update(None, "wal_autocheckpoint", WAL_BACKSTOP_PAGES).sql("PRAGMA wal_autocheckpoint")?;
        conn.pragma_update(None, "journal_size_limit", WAL_KEPT_BYTES).sql("PRAGMA journal_size_limit")?;
    }
    Ok(())
}

fn migrate(conn: &mut Connection) -> Result<(), OpenError> {
    MIGRATIONS.to_latest(conn).map_err(|source| match source {
        // A full disk or a read-only file is said as such, as for any other write.
        rusqlite_migration::Error::RusqliteError { query, err } => match from_sqlite("migration", err) {
            StoreError::Sqlite { source: err, .. } => {
                OpenError::Migration { source: rusqlite_migration::Error::RusqliteError { query, err } }
            }
            file_or_damage => OpenError::Store(file_or_damage),
        },
        source => OpenError::Migration { source },
    })?;
    debug_assert_eq!(user_version(conn)?, migration::SCHEMA_VERSION);
    Ok(())
}

fn user_version(conn: &Connection) -> Result<u32> {
    conn.query_row("PRAGMA user_version", [], |row| row.get(0)).sql("PRAGMA user_version")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FileProblem;

    /// The file "full" by SQLite's own page limit: the same `SQLITE_FULL` a full disk gives,
    /// without needing root to mount a small disk (`tests/ledger/file.rs` does that too).
    #[test]
    fn a_full_file_is_said_so_and_the_change_is_rolled_back() {
        let folder = tempfile::tempdir().unwrap();
        let mut ledger = Ledger::open(folder.path().join(Ledger::FILE_NAME)).unwrap();
        let pages: u32 = ledger.conn.query_row("PRAGMA page_count", [], |row| row.get(0)).unwrap();
        ledger.conn.pragma_update(None, "max_page_count", pages + 2).unwrap();
        let mut added = 0;
        let error = loop {
            match ledger.add_player(&format!("Player {added} {}", "x".repeat(200)), None) {
                Ok(_) => added += 1,
                Err(error) => break error,
            }
            assert!(added < 10_000, "two pages cannot hold 10,000 players");
        };
        assert!(
            matches!(error, crate::PlayerError::Store(StoreError::File { problem: FileProblem::DiskFull, .. })),
            "SQLITE_FULL must be said as a full disk, got {error:?}"
        );
        assert!(added > 0, "some players fit before the file was full");
        assert_eq!(ledger.players().unwrap().len(), added, "the refused player was rolled back, the others kept");
    }

    /// Durability and checkpoint settings, read back from the owner's connection: every
    /// commit synced, and SQLite's own checkpoint far above what a game night writes
    /// between the checkpoints the ledger makes, so that it cannot fire inside a move.
    #[test]
    fn every_commit_is_synced_and_the_backstop_checkpoint_is_beyond_a_game_night() {
        const GAMES_A_NIGHT: i64 = 12;
        let folder = tempfile::tempdir().unwrap();
        let mut ledger = Ledger::open(folder.path().join(Ledger::FILE_NAME)).unwrap();
        let pragma = |ledger: &Ledger, name: &str| -> String {
            ledger
                .conn
                .query_row(&format!("PRAGMA {name}"), [], |row| row.get::<_, rusqlite::types::Value>(0))
                .map_or_else(
                    |e| panic!("PRAGMA {name}: {e}"),
                    |value| match value {
                        rusqlite::types::Value::Integer(n) => n.to_string(),
                        rusqlite::types::Value::Text(text) => text,
                        other => format!("{other:?}"),
                    },
                )
        };
        assert_eq!(pragma(&ledger, "journal_mode"), "wal");
        assert_eq!(pragma(&ledger, "synchronous"), "2", "FULL (2): in WAL mode NORMAL does not sync a commit");
        let backstop: i64 = pragma(&ledger, "wal_autocheckpoint").parse().unwrap();

        let player = ledger.add_player("Anna", None).unwrap();
        let night = ledger.add_night(chrono::NaiveDate::from_ymd_opt(2024, 5, 1).unwrap(), None, &[]).unwrap();
        let started_at = chrono::TimeZone::with_ymd_and_hms(&chrono::Utc, 2024, 5, 1, 20, 0, 0).unwrap();
        let game = ledger
            .start_game(&crate::NewGame {
                night,
                script_version: 1,
                setup_json: "{}".to_owned(),
                seats: vec![crate::Seat { player, color: crate::Color::Red }],
                start_seat: 0,
                started_at,
                app_version: None,
            })
            .unwrap();
        // Fold in what the setup wrote: the first move then starts the WAL over, and the
        // WAL holds the game's moves alone.
        ledger.checkpoint_due = true;
        ledger.checkpoint();
        assert!(!ledger.checkpoint_due, "nothing stops this checkpoint");
        let mut seen = ledger.cursor(game).unwrap();
        for n in 0..72 {
            let json = format!(r#"{{"tile": "V", "at": [{}, {}], "rot": 90, "meeple": "N"}}"#, n % 9, n / 9);
            seen = ledger.append_move(game, seen, &json, started_at).unwrap();
        }
        let per_game: i64 = ledger.conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| row.get(1)).unwrap();
        assert!(per_game > 72, "each move writes at least a page: {per_game} pages for 72 moves");
        assert!(
            backstop > GAMES_A_NIGHT * per_game,
            "SQLite's own checkpoint at {backstop} pages must stay beyond {GAMES_A_NIGHT} games of {per_game} pages"
        );
    }
}
