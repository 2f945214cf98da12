//! The ledger's errors, one type per kind of operation, each holding only what can go wrong
//! there, and the conversions into them.
//!
//! Every variant carries data, not prose: the app turns it into its own translated text.
//! What every operation on an open ledger can meet (the file failing, a statement failing,
//! damage found) is [`StoreError`]; opening a file is [`OpenError`]; the other operations add
//! what they refuse: a row that is not there ([`RowError`]), a name taken ([`PlayerError`]),
//! a game's seats ([`NewGameError`]), the move log moving on ([`MoveLogError`]), a game's end
//! ([`EndError`]), its status ([`StatusError`]), an import ([`ImportError`]). [`LedgerError`]
//! is any of them, for callers that run several operations. What is deliberately not here:
//! rule errors (an illegal move is the engine's to refuse, before the ledger sees it).
//!
//! None is `non_exhaustive`: the app matches every variant to word it, so that a new one is a
//! compile error there rather than a silent "other".

use std::path::PathBuf;

use crate::holder::Holder;
use crate::{Color, CursorState, GameId, NightId, PlayerId};

/// Shorthand for `Result<T, StoreError>`, the error of reads that name no row.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// What any operation on an open ledger can meet: the file or a statement failed, or damage
/// was found. Whatever the operation was writing was rolled back.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
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
    /// A statement failed for a reason that [`StoreError::File`] does not name. `query` is
    /// the SQL text that was run.
    #[error("SQLite failed on `{query}`")]
    Sqlite {
        /// The SQL statement (or pragma) that failed.
        query: &'static str,
        /// What SQLite said.
        #[source]
        source: rusqlite::Error,
    },
    /// The file is not a SQLite database, fails `PRAGMA quick_check`, or holds a value the
    /// schema forbids. It is left untouched.
    #[error("the ledger is damaged: {detail}")]
    Corrupt {
        /// What was found, for the log.
        detail: String,
    },
}

/// Why a ledger file could not be opened. In every case but a failed migration or backup the
/// file was not written to.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The file failed, a statement failed, or the file is damaged.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Another process (or another `Ledger` in this one) has the file open. Nothing was
    /// read or written; closing the holder frees it.
    #[error("the ledger {path} is open in {holder}; close it there first")]
    InUse {
        /// The ledger file.
        path: PathBuf,
        /// Who has it, as far as can be known.
        holder: Holder,
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
}

/// Why reading or changing a row the caller names failed.
#[derive(Debug, thiserror::Error)]
pub enum RowError {
    /// The file failed, a statement failed, or the file is damaged.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A row that the caller named does not exist.
    #[error("{}", Shared::NotFound(.what))]
    NotFound {
        /// Which row.
        what: Missing,
    },
}

/// Why a player could not be added or changed.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// The file failed, a statement failed, or the file is damaged.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The player to change does not exist.
    #[error("{}", Shared::NotFound(.what))]
    NotFound {
        /// Which player.
        what: Missing,
    },
    /// Another player already has this name (names are unique, ignoring ASCII case).
    #[error("a player named {name:?} already exists")]
    NameTaken {
        /// The name asked for.
        name: String,
    },
    /// A player name that is empty or only whitespace.
    #[error("{}", Shared::EmptyName)]
    EmptyName,
}

/// Why the names of one game's players do not make a roster: [`crate::check_roster`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RosterError {
    /// A player name that is empty or only whitespace.
    #[error("{}", Shared::EmptyName)]
    EmptyName,
    /// Two names of one game's players are the same player as the ledger compares names
    /// (see [`crate::name_key`]), as written.
    #[error("two seats for the same player: {first} and {second}")]
    SamePlayer {
        /// The first of the two names.
        first: String,
        /// The second.
        second: String,
    },
}

/// Why a new game was not started. These are mistakes of the calling code rather than of
/// the players (the table checks the setup first), so the app will mostly log them.
#[derive(Debug, thiserror::Error)]
pub enum NewGameError {
    /// The file failed, a statement failed, or the file is damaged.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The night or a seated player does not exist.
    #[error("{}", Shared::NotFound(.what))]
    NotFound {
        /// Which row.
        what: Missing,
    },
    /// The seats do not make a game.
    #[error(transparent)]
    Seats(#[from] SeatError),
    /// The setup is not a JSON object.
    #[error(transparent)]
    NotJson(#[from] NotJson),
}

/// Seats that do not make a game: [`NewGameError::Seats`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatError {
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
    /// The same player sits twice at one game.
    #[error("player {0} has two seats")]
    DuplicatePlayer(PlayerId),
    /// Two seats play the same colour.
    #[error("colour {0} is taken twice")]
    DuplicateColor(Color),
}

/// A JSON column given text that is not the JSON it must be: a mistake of the calling code.
#[derive(Debug, thiserror::Error)]
#[error("{what} is not a JSON {shape}")]
pub struct NotJson {
    /// Which value ("setup", "move", "final moves").
    pub what: &'static str,
    /// What it must be.
    pub shape: JsonShape,
    /// The parser's complaint, if the text was not JSON at all.
    #[source]
    pub source: Option<serde_json::Error>,
}

/// The JSON a column holds: [`NotJson`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonShape {
    /// `{…}`.
    Object,
    /// `[…]`.
    Array,
}

impl std::fmt::Display for JsonShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            JsonShape::Object => "object",
            JsonShape::Array => "array",
        })
    }
}

/// Why a move could not be appended, undone, redone or replaced. Nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum MoveLogError {
    /// The file failed, a statement failed, or the file is damaged.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The game, or the move to replace among those in effect, does not exist.
    #[error("{}", Shared::NotFound(.what))]
    NotFound {
        /// Which row.
        what: Missing,
    },
    /// The game is finished or abandoned, so its moves and cursor can no longer change.
    #[error("{}", Shared::GameEnded(.game))]
    GameEnded {
        /// The game.
        game: GameId,
    },
    /// The move log is no longer where the caller saw it when it checked the change: another
    /// window or program changed it meanwhile. The caller must reload the game and check
    /// again.
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
    /// The move is not a JSON object.
    #[error(transparent)]
    NotJson(#[from] NotJson),
}

/// Why a game could not be finished or abandoned. Nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum EndError {
    /// The file failed, a statement failed, or the file is damaged.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The game does not exist.
    #[error("{}", Shared::NotFound(.what))]
    NotFound {
        /// Which row.
        what: Missing,
    },
    /// The game has ended already.
    #[error("{}", Shared::GameEnded(.game))]
    GameEnded {
        /// The game.
        game: GameId,
    },
    /// The results do not name each seated player exactly once.
    #[error("{}", Shared::ResultsDoNotMatchSeats)]
    ResultsDoNotMatchSeats,
    /// The new setup or the final moves are not the JSON they must be.
    #[error(transparent)]
    NotJson(#[from] NotJson),
}

/// Why a finished game's status (voided, reopened, its biggest move) could not be changed:
/// only a finished game has results to leave out or a final count to undo.
#[derive(Debug, thiserror::Error)]
pub enum StatusError {
    /// The file failed, a statement failed, or the file is damaged.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The game does not exist.
    #[error("{}", Shared::NotFound(.what))]
    NotFound {
        /// Which row.
        what: Missing,
    },
    /// The game is not finished.
    #[error("game {game} is not finished")]
    NotFinished {
        /// The game.
        game: GameId,
    },
}

/// Why a whole game could not be imported. Nothing of it was written.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file failed, a statement failed, or the file is damaged.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The night or a seated player does not exist.
    #[error("{}", Shared::NotFound(.what))]
    NotFound {
        /// Which row.
        what: Missing,
    },
    /// The seats do not make a game.
    #[error(transparent)]
    Seats(#[from] SeatError),
    /// The results do not name each seated player exactly once.
    #[error("{}", Shared::ResultsDoNotMatchSeats)]
    ResultsDoNotMatchSeats,
    /// The setup, a move or the final moves are not the JSON they must be.
    #[error(transparent)]
    NotJson(#[from] NotJson),
}

/// Any ledger operation's error, for callers that run several operations and report
/// whichever failed.
#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    /// Opening a file.
    #[error(transparent)]
    Open(#[from] OpenError),
    /// A read that names no row.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A row the caller named.
    #[error(transparent)]
    Row(#[from] RowError),
    /// Adding or changing a player.
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// Starting a game.
    #[error(transparent)]
    NewGame(#[from] NewGameError),
    /// The move log.
    #[error(transparent)]
    MoveLog(#[from] MoveLogError),
    /// Finishing or abandoning a game.
    #[error(transparent)]
    End(#[from] EndError),
    /// A finished game's status.
    #[error(transparent)]
    Status(#[from] StatusError),
    /// Importing a game.
    #[error(transparent)]
    Import(#[from] ImportError),
    /// Checking the names of a game's players.
    #[error(transparent)]
    Roster(#[from] RosterError),
}

/// A row looked up inside an operation: its two causes become the operation's own.
macro_rules! from_row_error {
    ($($operation:ident),+) => {$(
        impl From<RowError> for $operation {
            fn from(e: RowError) -> $operation {
                match e {
                    RowError::Store(e) => $operation::Store(e),
                    RowError::NotFound { what } => $operation::NotFound { what },
                }
            }
        }
    )+};
}

from_row_error!(PlayerError, NewGameError, MoveLogError, ImportError);

impl From<NewGameError> for ImportError {
    fn from(e: NewGameError) -> ImportError {
        match e {
            NewGameError::Store(e) => ImportError::Store(e),
            NewGameError::NotFound { what } => ImportError::NotFound { what },
            NewGameError::Seats(e) => ImportError::Seats(e),
            NewGameError::NotJson(e) => ImportError::NotJson(e),
        }
    }
}

/// What writing a game's end can refuse, wherever the end is written (finishing a game,
/// importing one): turned into the operation's own error.
#[derive(Debug)]
pub(crate) enum FinishRefused {
    Store(StoreError),
    ResultsDoNotMatchSeats,
    NotJson(NotJson),
}

impl From<StoreError> for FinishRefused {
    fn from(e: StoreError) -> FinishRefused {
        FinishRefused::Store(e)
    }
}

impl From<NotJson> for FinishRefused {
    fn from(e: NotJson) -> FinishRefused {
        FinishRefused::NotJson(e)
    }
}

impl From<FinishRefused> for EndError {
    fn from(e: FinishRefused) -> EndError {
        match e {
            FinishRefused::Store(e) => EndError::Store(e),
            FinishRefused::ResultsDoNotMatchSeats => EndError::ResultsDoNotMatchSeats,
            FinishRefused::NotJson(e) => EndError::NotJson(e),
        }
    }
}

impl From<FinishRefused> for ImportError {
    fn from(e: FinishRefused) -> ImportError {
        match e {
            FinishRefused::Store(e) => ImportError::Store(e),
            FinishRefused::ResultsDoNotMatchSeats => ImportError::ResultsDoNotMatchSeats,
            FinishRefused::NotJson(e) => ImportError::NotJson(e),
        }
    }
}

/// What kept the ledger file from being read or written: [`StoreError::File`]. It crosses to
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
/// [`OpenError::UnexpectedSchema`].
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

/// The row that an operation could not find.
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

/// The causes several operations' errors share, each worded here once: a variant of each
/// operation's error says its cause through this, so the log reads the same whichever
/// operation met it.
enum Shared<'a> {
    NotFound(&'a Missing),
    GameEnded(&'a GameId),
    EmptyName,
    ResultsDoNotMatchSeats,
}

impl std::fmt::Display for Shared<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Shared::NotFound(what) => write!(f, "{what} not found"),
            Shared::GameEnded(game) => write!(f, "game {game} has ended"),
            Shared::EmptyName => f.write_str("a player name cannot be empty"),
            Shared::ResultsDoNotMatchSeats => f.write_str("the results do not name each seated player exactly once"),
        }
    }
}

/// Turns a rusqlite result into a ledger result, naming the query that failed.
pub(crate) trait SqlContext<T> {
    /// Attach `query`; damage reported by SQLite or a value the schema forbids becomes
    /// [`StoreError::Corrupt`], a failure of the file [`StoreError::File`], everything else
    /// [`StoreError::Sqlite`].
    fn sql(self, query: &'static str) -> Result<T>;
}

impl<T> SqlContext<T> for rusqlite::Result<T> {
    fn sql(self, query: &'static str) -> Result<T> {
        self.map_err(|source| from_sqlite(query, source))
    }
}

pub(crate) fn from_sqlite(query: &'static str, source: rusqlite::Error) -> StoreError {
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
        return StoreError::Corrupt { detail: format!("{source} (in `{query}`)") };
    }
    let problem = match code {
        Some(ErrorCode::DiskFull) => FileProblem::DiskFull,
        Some(ErrorCode::ReadOnly | ErrorCode::PermissionDenied) => FileProblem::ReadOnly,
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked | ErrorCode::FileLockingProtocolFailed) => {
            FileProblem::Locked
        }
        Some(ErrorCode::SystemIoFailure) => FileProblem::Io,
        Some(ErrorCode::CannotOpen) => FileProblem::CannotOpen,
        _ => return StoreError::Sqlite { query, source },
    };
    StoreError::File { problem, query, source }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_cause_reads_the_same_in_every_operation() {
        let what = Missing::Move { game: GameId(7), seq: 3 };
        let not_found = [
            RowError::NotFound { what }.to_string(),
            PlayerError::NotFound { what }.to_string(),
            NewGameError::NotFound { what }.to_string(),
            MoveLogError::NotFound { what }.to_string(),
            EndError::NotFound { what }.to_string(),
            StatusError::NotFound { what }.to_string(),
            ImportError::NotFound { what }.to_string(),
        ];
        assert!(not_found.iter().all(|s| s == "move 3 of game 7 not found"), "{not_found:?}");
        let game = GameId(7);
        assert_eq!(MoveLogError::GameEnded { game }.to_string(), EndError::GameEnded { game }.to_string());
        assert_eq!(PlayerError::EmptyName.to_string(), RosterError::EmptyName.to_string());
        assert_eq!(EndError::ResultsDoNotMatchSeats.to_string(), ImportError::ResultsDoNotMatchSeats.to_string());
    }
}
