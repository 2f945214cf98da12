//! The one error type that crosses the IPC boundary, as tagged data the UI switches on.
//!
//! The UI renders its own translated text from `kind` and the fields; `reason` and `detail`
//! carry the engine's or the ledger's own words for the log and for what has no translation
//! yet.

use castellan_engine::ReplayError;
use castellan_table::count::CountQuestionError;
use castellan_table::input::RequestError;
use castellan_table::TableError;
use serde::Serialize;

/// Why a command failed, for the UI.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type, thiserror::Error)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum CommandError {
    /// The ledger file could not be opened (damaged, or written by a newer Castellan); it is
    /// left untouched and nothing can be recorded until this is resolved.
    #[error("the ledger at {path} cannot be used: {detail}")]
    LedgerUnavailable {
        /// The file.
        path: String,
        /// Why.
        detail: String,
    },
    /// Writing to the ledger failed; nothing of the request was recorded.
    #[error("the ledger refused: {detail}")]
    Ledger {
        /// Why.
        detail: String,
    },
    /// No game is on the table.
    #[error("no game is being played")]
    NoGame,
    /// The game has had its final count.
    #[error("the game is over")]
    GameFinished,
    /// The players, boxes or rules do not make a game.
    #[error("{reason}")]
    BadSetup {
        /// The engine's reason.
        reason: String,
    },
    /// The move breaks a rule; nothing changed.
    #[error("{reason}")]
    Refused {
        /// The engine's reason, naming the edge, feature or tile.
        reason: String,
    },
    /// Correcting a past turn would make a later turn impossible; nothing changed.
    #[error("turn {turn} would no longer fit: {reason}")]
    LaterTurnRefused {
        /// The later turn, counted from 1 as the turn log shows it.
        turn: u32,
        /// Why the engine refuses it.
        reason: String,
    },
    /// The request names a tile, place or rotation that does not exist.
    #[error("{reason}")]
    BadRequest {
        /// What is wrong.
        reason: String,
    },
    /// Something the UI cannot help with; the detail goes to the log.
    #[error("internal error: {detail}")]
    Internal {
        /// For the log.
        detail: String,
    },
}

impl From<TableError> for CommandError {
    fn from(e: TableError) -> CommandError {
        match e {
            TableError::NoGame => CommandError::NoGame,
            TableError::GameFinished => CommandError::GameFinished,
            TableError::Setup(e) => CommandError::BadSetup { reason: e.to_string() },
            e @ TableError::TooFewPlayers { .. } => CommandError::BadSetup { reason: e.to_string() },
            TableError::Move(e) => CommandError::Refused { reason: e.to_string() },
            TableError::Replay(ReplayError::Move { index, error }) => {
                CommandError::LaterTurnRefused { turn: index as u32 + 1, reason: error.to_string() }
            }
            TableError::Replay(e) => CommandError::Refused { reason: e.to_string() },
            TableError::Ledger(e) => CommandError::Ledger { detail: e.to_string() },
            other => CommandError::Internal { detail: other.to_string() },
        }
    }
}

impl From<RequestError> for CommandError {
    fn from(e: RequestError) -> CommandError {
        CommandError::BadRequest { reason: e.to_string() }
    }
}

impl From<CountQuestionError> for CommandError {
    fn from(e: CountQuestionError) -> CommandError {
        match e {
            CountQuestionError::Request(e) => e.into(),
            CountQuestionError::Refused(e) => CommandError::Refused { reason: e.to_string() },
        }
    }
}
