//! [`LedgerError`], the one error type of the ledger, and the conversions into it.
//!
//! Every variant carries data, not prose: the app turns it into its own translated text.
//! Failures of the file itself (damaged, newer, foreign) are separate variants from failures
//! of a query, because the app offers different ways out for each. What is deliberately not
//! here: rule errors (an illegal move is the engine's to refuse, before the ledger sees it).

use std::path::PathBuf;

use crate::{Color, GameId, NightId, PlayerId};

/// Shorthand for `Result<T, LedgerError>`.
pub type Result<T, E = LedgerError> = std::result::Result<T, E>;

/// Everything that can go wrong in the ledger.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LedgerError {
    /// A statement failed. `query` is the SQL text that was run.
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
    /// The file is a SQLite database of another program; it is left untouched.
    #[error("the file is a database of another program (application_id {application_id})")]
    ForeignDatabase {
        /// The file's `PRAGMA application_id`.
        application_id: i32,
    },
    /// Reading the file's header, creating its folder, or making the backup copy failed.
    #[error("file access failed for {path}")]
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
    /// The game has no final count to undo: it is in progress, or was abandoned.
    #[error("game {game} is not finished")]
    NotFinished {
        /// The game.
        game: GameId,
    },
    /// The caller passed something the ledger cannot store as asked.
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
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
#[non_exhaustive]
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
    let damaged = match &source {
        rusqlite::Error::SqliteFailure(e, _) => {
            matches!(e.code, ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)
        }
        // STRICT tables and CHECKs keep these out, so seeing one means the file was edited
        // or damaged behind our back.
        rusqlite::Error::FromSqlConversionFailure(..)
        | rusqlite::Error::InvalidColumnType(..)
        | rusqlite::Error::IntegralValueOutOfRange(..) => true,
        _ => false,
    };
    if damaged {
        LedgerError::Corrupt { detail: format!("{source} (in `{query}`)") }
    } else {
        LedgerError::Sqlite { query, source }
    }
}
