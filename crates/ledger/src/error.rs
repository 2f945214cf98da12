//! [`LedgerError`], the one error type of the ledger, and the conversions into it.
//!
//! Every variant carries data, not prose: the app turns it into its own translated text.
//! Failures of the file itself (damaged, newer, foreign) are separate variants from failures
//! of a query, because the app offers different ways out for each. What is deliberately not
//! here: rule errors (an illegal move is the engine's to refuse, before the ledger sees it).

use std::path::PathBuf;

use crate::holder::Holder;
use crate::{Color, CursorState, GameId, NightId, PlayerId};

/// Shorthand for `Result<T, LedgerError>`.
pub type Result<T, E = LedgerError> = std::result::Result<T, E>;

/// Everything that can go wrong in the ledger. Not `non_exhaustive`: the app matches every
/// variant to word it, so that a new one is a compile error there rather than a silent "other".
#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    /// The file could not be read or written as asked: the disk is full, the file is
    /// read-only, another program holds SQLite's lock, or the disk failed. The change under
    /// way was rolled back, and everything stored before it is still there.
    #[error("{problem}: this change was not saved, and nothing saved before it was lost (`{query}`)")]
    File {
        /// What happened, in terms a player can act on.
        problem: FileProblem,
        /// The SQL statement (or pragma) that failed.
        query: &'static str,
        /// What SQLite said.
        #[source]
        source: rusqlite::Error,
    },
    /// Another process (or another `Ledger` in this one) has the file open. Nothing was
    /// read or written; closing the holder frees it.
    #[error("the ledger {path} is open in {holder}; close it there first")]
    InUse {
        /// The ledger file.
        path: PathBuf,
        /// Who has it, as far as can be known.
        holder: Holder,
    },
    /// A statement failed for a reason that [`LedgerError::File`] does not name. `query` is
    /// the SQL text that was run.
    #[error("SQLite failed on `{query}`")]
    Sqlite {
        /// The SQL statement (or pragma) that failed.
        query: &'static str,
        /// What SQLite said.
        #[source]
        source: rusqlite::Error,
    },
    /// Bringing the schema up to date failed; the file is left at its old version.
    #[error("migrating the ledger schema failed")]
    Migration {
        /// What the migration runner said.
        #[source]
        source: rusqlite_migration::Error,
    },
    /// The file was written by a newer Castellan; it is left untouched.
    #[error("the ledger has schema version {found}, this build knows up to {supported}")]
    SchemaTooNew {
        /// The file's `user_version`.
        found: u32,
        /// The newest schema this build knows ([`crate::migration::SCHEMA_VERSION`]).
        supported: u32,
    },
    /// The file is not a SQLite database, fails `PRAGMA quick_check`, or holds a value the
    /// schema forbids. It is left untouched.
    #[error("the ledger is damaged: {detail}")]
    Corrupt {
        /// What was found, for the log.
        detail: String,
    },
    /// The file says it is a ledger of schema version `version`, but its tables are not the
    /// ones that version has: it was made or changed by something else. It is left
    /// untouched.
    #[error("the file claims to be a ledger of schema version {version}, but {difference}; it was left untouched")]
    UnexpectedSchema {
        /// The file's `user_version`.
        version: u32,
        /// The first difference found.
        difference: SchemaDifference,
    },
    /// Reading only, the file cannot be brought up to date: it must first be opened by
    /// [`crate::Ledger::open`], once whoever has it open closes it.
    #[error("the ledger has schema version {found} and needs migrating to {current} before it can be read")]
    NeedsMigration {
        /// The file's `user_version`.
        found: u32,
        /// This build's schema version.
        current: u32,
    },
    /// There is no ledger at the path, and the caller only reads, so none is made.
    #[error("there is no ledger at {path}")]
    NoLedger {
        /// The path asked for.
        path: PathBuf,
    },
    /// The file is a SQLite database of another program; it is left untouched.
    #[error("the file is a database of another program (application_id {application_id})")]
    ForeignDatabase {
        /// The file's `PRAGMA application_id`.
        application_id: i32,
    },
    /// The file has more than one name (hard links). SQLite keeps a ledger's WAL and locks
    /// beside the name it was opened by, so writers through two names would not see each
    /// other's changes, and one name's WAL could later be replayed over the other's games.
    /// It is left untouched.
    #[error(
        "the ledger {path} has {links} names (hard links), and SQLite keeps its journal per name, so \
         one file with two names is two ledgers to it; remove the other names (a backup is a copy, \
         not a link); the file was left as it was"
    )]
    HardLinked {
        /// The name it was opened by.
        path: PathBuf,
        /// How many names the file has.
        links: u64,
    },
    /// The file, or the folder it is in, cannot be written (its mode, a read-only disk or
    /// mount, an immutable file); a ledger is only opened for writing where every write can
    /// be made. Nothing was written; it can still be read ([`crate::Ledger::open_read_only`]).
    #[error("the ledger cannot be written ({path}: {source}); it was left as it was")]
    NotWritable {
        /// The file, or the folder in which its journal and lock file would go.
        path: PathBuf,
        /// What the OS said.
        #[source]
        source: std::io::Error,
    },
    /// Reading the file's header, creating its folder, or making the backup copy failed.
    #[error("file access failed for {path}: {source}")]
    Io {
        /// The file or folder concerned.
        path: PathBuf,
        /// What the OS said.
        #[source]
        source: std::io::Error,
    },
    /// A row that the caller named does not exist.
    #[error("{what} not found")]
    NotFound {
        /// Which row.
        what: Missing,
    },
    /// Another player already has this name (names are unique, ignoring ASCII case).
    #[error("a player named {name:?} already exists")]
    NameTaken {
        /// The name asked for.
        name: String,
    },
    /// The game is finished or abandoned, so its moves and cursor can no longer change.
    #[error("game {game} has ended")]
    GameEnded {
        /// The game.
        game: GameId,
    },
    /// The move log is no longer where the caller saw it when it checked the change: another
    /// window or program changed it meanwhile. Nothing was written; the caller must reload
    /// the game and check again.
    #[error(
        "game {game} changed meanwhile: expected {} of {} moves in effect, found {} of {}; nothing was written",
        expected.cursor, expected.stored, found.cursor, found.stored
    )]
    MovedOn {
        /// The game.
        game: GameId,
        /// Where the caller saw the log.
        expected: CursorState,
        /// Where it stands in the file.
        found: CursorState,
    },
    /// The game is not finished: only a finished game can be voided (the others have no
    /// results to leave out) or have its final count undone.
    #[error("game {game} is not finished")]
    NotFinished {
        /// The game.
        game: GameId,
    },
    /// The caller passed something the ledger cannot store as asked.
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
}

/// What kept the ledger file from being read or written: [`LedgerError::File`]. It crosses to
/// the UI as data, which words it in the player's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub enum FileProblem {
    /// No space is left on the disk (SQLite's `SQLITE_FULL`).
    DiskFull,
    /// The file, its folder or the disk may not be written (`SQLITE_READONLY`,
    /// `SQLITE_PERM`).
    ReadOnly,
    /// Another program holds SQLite's lock on the file and did not let go in time
    /// (`SQLITE_BUSY`, `SQLITE_LOCKED`, `SQLITE_PROTOCOL`).
    Locked,
    /// The operating system reported a read or write error (`SQLITE_IOERR`): a failing
    /// disk, a removed USB stick, a network share gone away.
    Io,
    /// The file could not be opened at all (`SQLITE_CANTOPEN`): missing folder, no
    /// permission.
    CannotOpen,
}

impl std::fmt::Display for FileProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FileProblem::DiskFull => "the disk is full",
            FileProblem::ReadOnly => "the ledger file cannot be written (it or its disk is read-only)",
            FileProblem::Locked => "another program is using the ledger file",
            FileProblem::Io => "the disk reported a read or write error",
            FileProblem::CannotOpen => "the ledger file cannot be opened",
        })
    }
}

/// How a file's tables differ from those of its schema version:
/// [`LedgerError::UnexpectedSchema`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SchemaDifference {
    /// A table, index, view or trigger of the schema is not in the file.
    Missing {
        /// `table`, `index`, `view` or `trigger`.
        kind: String,
        /// Its name.
        name: String,
    },
    /// The file has a table, index, view or trigger the schema does not.
    Unexpected {
        /// `table`, `index`, `view` or `trigger`.
        kind: String,
        /// Its name.
        name: String,
    },
    /// A table or index of the schema has other columns in the file, or one of another
    /// type or kind, or belongs to another table.
    Shape {
        /// The table or index.
        name: String,
        /// Its columns as the schema has them, as `name type` (with `not null`, `key`).
        expected: Vec<String>,
        /// Its columns in the file.
        found: Vec<String>,
    },
}

impl std::fmt::Display for SchemaDifference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SchemaDifference::Missing { kind, name } => write!(f, "it has no {kind} {name}"),
            SchemaDifference::Unexpected { kind, name } => write!(f, "it has an unknown {kind} {name}"),
            SchemaDifference::Shape { name, expected, found } => {
                write!(f, "its {name} has columns ({}) instead of ({})", found.join(", "), expected.join(", "))
            }
        }
    }
}

/// The row that [`LedgerError::NotFound`] could not find.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    /// A player.
    Player(PlayerId),
    /// A game night.
    Night(NightId),
    /// A game.
    Game(GameId),
    /// Move `seq` of a game, among the moves in effect (`1..=cursor`).
    Move {
        /// The game.
        game: GameId,
        /// The 1-based move number asked for.
        seq: u32,
    },
}

impl std::fmt::Display for Missing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Missing::Player(id) => write!(f, "player {id}"),
            Missing::Night(id) => write!(f, "night {id}"),
            Missing::Game(id) => write!(f, "game {id}"),
            Missing::Move { game, seq } => write!(f, "move {seq} of game {game}"),
        }
    }
}

/// Input the ledger refuses before touching the file. These are mistakes of the calling
/// code rather than of the players, so the app will mostly log them.
#[derive(Debug, thiserror::Error)]
pub enum InvalidInput {
    /// A player name that is empty or only whitespace.
    #[error("a player name cannot be empty")]
    EmptyName,
    /// A game needs at least one seat.
    #[error("a game needs at least one seat")]
    NoSeats,
    /// `start_seat` does not name a seat.
    #[error("start seat {start_seat} is not one of the {seats} seats")]
    StartSeatOutOfRange {
        /// The seat asked for.
        start_seat: usize,
        /// How many seats there are.
        seats: usize,
    },
    /// Two names of one game's players are the same player as the ledger compares names
    /// (see [`crate::name_key`]), as written.
    #[error("two seats for the same player: {first} and {second}")]
    SamePlayer {
        /// The first of the two names.
        first: String,
        /// The second.
        second: String,
    },
    /// The same player sits twice at one game.
    #[error("player {0} has two seats")]
    DuplicatePlayer(PlayerId),
    /// Two seats play the same colour.
    #[error("colour {0} is taken twice")]
    DuplicateColor(Color),
    /// Results must name each seated player exactly once.
    #[error("the results do not name each seated player exactly once")]
    ResultsDoNotMatchSeats,
    /// A JSON column was given text that is not a JSON object.
    #[error("{what} is not a JSON object")]
    NotJsonObject {
        /// Which value ("setup", "move").
        what: &'static str,
        /// The parser's complaint, if the text was not JSON at all.
        #[source]
        source: Option<serde_json::Error>,
    },
    /// A JSON column was given text that is not a JSON array.
    #[error("{what} is not a JSON array")]
    NotJsonArray {
        /// Which value ("final moves").
        what: &'static str,
        /// The parser's complaint, if the text was not JSON at all.
        #[source]
        source: Option<serde_json::Error>,
    },
}

/// Turns a rusqlite result into a ledger result, naming the query that failed.
pub(crate) trait SqlContext<T> {
    /// Attach `query`; damage reported by SQLite or a value the schema forbids becomes
    /// [`LedgerError::Corrupt`], everything else [`LedgerError::Sqlite`].
    fn sql(self, query: &'static str) -> Result<T>;
}

impl<T> SqlContext<T> for rusqlite::Result<T> {
    fn sql(self, query: &'static str) -> Result<T> {
        self.map_err(|source| from_sqlite(query, source))
    }
}

pub(crate) fn from_sqlite(query: &'static str, source: rusqlite::Error) -> LedgerError {
    use rusqlite::ErrorCode;
    let code = match &source {
        rusqlite::Error::SqliteFailure(e, _) => Some(e.code),
        _ => None,
    };
    let damaged = match (&source, code) {
        (_, Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)) => true,
        // STRICT tables and CHECKs keep these out, so seeing one means the file was edited
        // or damaged behind our back.
        (
            rusqlite::Error::FromSqlConversionFailure(..)
            | rusqlite::Error::InvalidColumnType(..)
            | rusqlite::Error::IntegralValueOutOfRange(..),
            _,
        ) => true,
        _ => false,
    };
    if damaged {
        return LedgerError::Corrupt { detail: format!("{source} (in `{query}`)") };
    }
    let problem = match code {
        Some(ErrorCode::DiskFull) => FileProblem::DiskFull,
        Some(ErrorCode::ReadOnly | ErrorCode::PermissionDenied) => FileProblem::ReadOnly,
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked | ErrorCode::FileLockingProtocolFailed) => {
            FileProblem::Locked
        }
        Some(ErrorCode::SystemIoFailure) => FileProblem::Io,
        Some(ErrorCode::CannotOpen) => FileProblem::CannotOpen,
        _ => return LedgerError::Sqlite { query, source },
    };
    LedgerError::File { problem, query, source }
}
