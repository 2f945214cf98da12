//! [`Ledger`], the one owner of the SQLite connection, and how a ledger file is opened.
//!
//! Invariant: a file that is damaged, newer than this build, or another program's database
//! is never written to. Opening therefore looks before it touches: the header is read as
//! plain bytes, then a read-only connection runs `PRAGMA quick_check` and reads the
//! versions; only a file that passes is opened for writing, backed up if it needs
//! migrating, and migrated.
//!
//! The methods that read and write players, nights, games, moves and statistics live in the
//! module of the table they own (`player.rs`, `moves.rs`, …) as further `impl Ledger` blocks.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use crate::error::{LedgerError, Result, SqlContext};
use crate::migration::{self, APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION};

/// The first 16 bytes of every SQLite 3 database file.
const SQLITE_HEADER: &[u8; 16] = b"SQLite format 3\0";

/// How long a write waits for another connection (say, a second app window) to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

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
/// OS crash (a laptop whose battery dies). The file runs in WAL mode, which keeps that fsync
/// per move cheap; if the file system cannot do WAL (some network shares), the ledger falls
/// back to the rollback journal with the same guarantee.
///
/// Foreign keys are enforced (`PRAGMA foreign_keys = ON`, set for each connection since
/// SQLite forgets it).
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
    conn: Connection,
    path: Option<PathBuf>,
    backup: Option<PathBuf>,
}

/// What was found at the path before opening it for writing.
enum Found {
    /// No file, or an empty one: a new ledger is created there.
    Nothing,
    /// A sound ledger at this schema version.
    Ledger { version: u32 },
}

impl Ledger {
    /// The ledger's file name inside the app's data folder.
    pub const FILE_NAME: &'static str = "ledger.sqlite3";

    /// Opens the ledger file at `path`, creating it (and its folder) if there is none, and
    /// brings its schema up to date.
    ///
    /// Before the first migration of an existing file, a copy of it is written beside it as
    /// `<file>.v<old version>.bak` (with a `.1`, `.2`, … suffix if that name is taken); see
    /// [`Ledger::backup_path`]. An empty file counts as no file.
    ///
    /// The integrity check reads the whole file, so opening takes time in proportion to
    /// its size: a few milliseconds for years of game nights, about 150 ms for a
    /// 10,000-game ledger of 66 MB.
    ///
    /// # Errors
    ///
    /// - [`LedgerError::Corrupt`] if the file is not a SQLite database or fails
    ///   `PRAGMA quick_check`;
    /// - [`LedgerError::ForeignDatabase`] if it is another program's database;
    /// - [`LedgerError::SchemaTooNew`] if a newer Castellan wrote it.
    ///
    /// In these three cases the file is not written to. Otherwise
    /// [`LedgerError::Io`], [`LedgerError::Sqlite`] or [`LedgerError::Migration`] if the
    /// file cannot be created, backed up or migrated; a failed migration leaves the file at
    /// its old version.
    pub fn open(path: impl AsRef<Path>) -> Result<Ledger> {
        let path = path.as_ref();
        let backup = match inspect(path)? {
            Found::Nothing => {
                if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                    fs::create_dir_all(folder)
                        .map_err(|source| LedgerError::Io { path: folder.to_path_buf(), source })?;
                }
                None
            }
            Found::Ledger { version } if version < SCHEMA_VERSION => Some(back_up(path, version)?),
            Found::Ledger { .. } => None,
        };
        let mut conn = Connection::open(path).sql("open")?;
        configure(&conn, true)?;
        migrate(&mut conn)?;
        Ok(Ledger { conn, path: Some(path.to_path_buf()), backup })
    }

    /// Opens a new, empty ledger that lives in memory only: for tests and previews.
    ///
    /// # Errors
    ///
    /// [`LedgerError::Sqlite`] or [`LedgerError::Migration`] if SQLite fails, which is not
    /// expected.
    pub fn open_in_memory() -> Result<Ledger> {
        let mut conn = Connection::open_in_memory().sql("open")?;
        configure(&conn, false)?;
        migrate(&mut conn)?;
        Ok(Ledger { conn, path: None, backup: None })
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
    /// [`LedgerError::Sqlite`] if the pragma cannot be read.
    pub fn schema_version(&self) -> Result<u32> {
        user_version(&self.conn)
    }

    /// The connection, for reads that need no transaction.
    pub(crate) fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Starts a write transaction. `IMMEDIATE` takes the write lock up front, so a second
    /// connection cannot make the commit fail halfway with `SQLITE_BUSY`.
    pub(crate) fn write(&mut self) -> Result<Transaction<'_>> {
        self.conn.transaction_with_behavior(TransactionBehavior::Immediate).sql("BEGIN IMMEDIATE")
    }

    /// Starts a read transaction, so that a read made of several queries sees one state of
    /// the file even if another connection writes meanwhile. It is rolled back on drop,
    /// which for a read changes nothing.
    pub(crate) fn read(&self) -> Result<Transaction<'_>> {
        self.conn.unchecked_transaction().sql("BEGIN")
    }
}

/// Looks at the file at `path` without writing to it.
fn inspect(path: &Path) -> Result<Found> {
    let io = |source| LedgerError::Io { path: path.to_path_buf(), source };
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(e) => return Err(io(e)),
    };
    if !metadata.is_file() {
        return Err(LedgerError::Corrupt { detail: format!("{} is not a regular file", path.display()) });
    }
    if metadata.len() == 0 {
        return Ok(Found::Nothing);
    }
    let mut header = Vec::with_capacity(SQLITE_HEADER.len());
    fs::File::open(path).and_then(|file| file.take(SQLITE_HEADER.len() as u64).read_to_end(&mut header)).map_err(io)?;
    if header != SQLITE_HEADER {
        return Err(LedgerError::Corrupt { detail: "not a SQLite database (wrong header)".to_owned() });
    }

    let conn = open_read_only(path)?;
    quick_check(&conn)?;
    let application_id: i32 =
        conn.query_row("PRAGMA application_id", [], |row| row.get(0)).sql("PRAGMA application_id")?;
    let version = user_version(&conn)?;
    let objects: i64 = conn
        .query_row("SELECT count(*) FROM sqlite_schema", [], |row| row.get(0))
        .sql("SELECT count(*) FROM sqlite_schema")?;
    if version == 0 && objects == 0 {
        // An empty database, as `sqlite3 file ''` leaves: nothing to lose, nothing to back up.
        return Ok(Found::Nothing);
    }
    if application_id != APPLICATION_ID {
        return Err(LedgerError::ForeignDatabase { application_id });
    }
    if version > SCHEMA_VERSION {
        return Err(LedgerError::SchemaTooNew { found: version, supported: SCHEMA_VERSION });
    }
    Ok(Found::Ledger { version })
}

/// Opens `path` for reading only, leaving no trace beside it where that can be helped.
///
/// A read-only connection to a WAL-mode file creates the `-wal` and `-shm` files and leaves
/// them behind. When there is no `-wal` file, the main file is the whole database and no
/// other connection has it open in WAL mode, so it is opened as `immutable`, which creates
/// nothing. When there is one, its committed moves must be read, so it is opened normally.
fn open_read_only(path: &Path) -> Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI;
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    let target = match path.to_str() {
        Some(text) if !Path::new(&wal).exists() => {
            format!("file:{}?mode=ro&immutable=1", uri_escape(text))
        }
        Some(text) => format!("file:{}?mode=ro", uri_escape(text)),
        // Not expressible as a URI; a plain read-only open is still safe for the file.
        None => return Connection::open_with_flags(path, flags - OpenFlags::SQLITE_OPEN_URI).sql("open read-only"),
    };
    Connection::open_with_flags(target, flags).sql("open read-only")
}

/// Escapes the characters that would end or change the path part of a SQLite URI.
fn uri_escape(path: &str) -> String {
    let mut escaped = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            '%' => escaped.push_str("%25"),
            '?' => escaped.push_str("%3f"),
            '#' => escaped.push_str("%23"),
            _ => escaped.push(c),
        }
    }
    escaped
}

/// Runs `PRAGMA quick_check`; anything but a single `ok` means damage.
fn quick_check(conn: &Connection) -> Result<()> {
    const QUERY: &str = "PRAGMA quick_check";
    let problems: Vec<String> = conn
        .prepare(QUERY)
        .and_then(|mut statement| statement.query_map([], |row| row.get::<_, String>(0))?.collect())
        .map_err(|source| LedgerError::Corrupt { detail: format!("quick_check could not run: {source}") })?;
    if problems.len() == 1 && problems[0] == "ok" {
        Ok(())
    } else {
        Err(LedgerError::Corrupt { detail: format!("quick_check: {}", problems.join("; ")) })
    }
}

/// Copies the ledger at `path` beside it before migrating it from `version`.
///
/// `VACUUM INTO` makes a consistent copy including what is still in the WAL (a plain file
/// copy would miss it) and works from a read-only connection, so the original is not
/// touched.
fn back_up(path: &Path, version: u32) -> Result<PathBuf> {
    let base = format!("{}.v{version}.bak", path.display());
    let target = std::iter::once(PathBuf::from(&base))
        .chain((1..).map(|n| PathBuf::from(format!("{base}.{n}"))))
        .find(|candidate| !candidate.exists())
        .expect("an unbounded sequence of names has a free one");
    let conn = open_read_only(path)?;
    let target_text = target.to_str().ok_or_else(|| LedgerError::Io {
        path: target.clone(),
        source: std::io::Error::other("backup path is not valid UTF-8"),
    })?;
    conn.execute("VACUUM INTO ?1", [target_text]).sql("VACUUM INTO ?1")?;
    Ok(target)
}

/// Per-connection settings: they are not stored in the file and cannot change inside a
/// transaction, so they are set here rather than in a migration.
fn configure(conn: &Connection, on_disk: bool) -> Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT).sql("busy_timeout")?;
    conn.pragma_update(None, "foreign_keys", true).sql("PRAGMA foreign_keys = ON")?;
    if on_disk {
        // WAL where the file system allows it; SQLite keeps the rollback journal otherwise,
        // and answers with the mode it chose.
        let _chosen: String =
            conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0)).sql("PRAGMA journal_mode = WAL")?;
        // Nothing entered may be lost, not even to a power cut: every commit is synced.
        conn.pragma_update(None, "synchronous", "FULL").sql("PRAGMA synchronous")?;
    }
    Ok(())
}

fn migrate(conn: &mut Connection) -> Result<()> {
    MIGRATIONS.to_latest(conn).map_err(|source| LedgerError::Migration { source })?;
    debug_assert_eq!(user_version(conn)?, migration::SCHEMA_VERSION);
    Ok(())
}

fn user_version(conn: &Connection) -> Result<u32> {
    conn.query_row("PRAGMA user_version", [], |row| row.get(0)).sql("PRAGMA user_version")
}
