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
    /// The ledger file could not be opened (damaged, written by a newer Castellan, in use, or
    /// its folder cannot be made); it is left untouched and nothing can be recorded until
    /// this is resolved.
    #[error("the ledger at {path} cannot be used: {detail}")]
    LedgerUnavailable {
        /// The file, or the data folder when that cannot be made.
        path: String,
        /// Why, for the UI to word and to say what to do.
        problem: LedgerProblem,
        /// The ledger's or the OS's own words, for the log.
        detail: String,
    },
    /// A setting could not be saved; the settings file is as it was.
    #[error("the settings could not be saved to {path}: {detail}")]
    SettingsNotSaved {
        /// The settings file.
        path: String,
        /// What the OS said.
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
    /// A game asked to be exported alone is voided or not finished: exports hold only games
    /// that count.
    #[error("game {game} cannot be exported ({})", if *voided { "voided" } else { "not finished" })]
    NotExportable {
        /// The game.
        game: u32,
        /// Voided (else not finished).
        voided: bool,
    },
    /// The night has no finished game that counts.
    #[error("the night has no finished game to export")]
    NothingToExport,
    /// A file is there already, and no dialog asked whether to replace it; nothing was written.
    #[error("{path} exists already")]
    FileExists {
        /// The file.
        path: String,
    },
    /// An export could not be written; nothing of it is left behind.
    #[error("{path} could not be written: {detail}")]
    FileNotWritten {
        /// The file.
        path: String,
        /// What the OS said.
        detail: String,
    },
    /// A file could not be read (or is not text).
    #[error("{path} could not be read: {detail}")]
    FileNotRead {
        /// The file.
        path: String,
        /// What the OS said.
        detail: String,
    },
    /// A file is not a game script Castellan can replay.
    #[error("{path}: {at}: {reason}")]
    ScriptInvalid {
        /// The file.
        path: String,
        /// Where in it, as the command line names it (`move 3`, `setup.rules.farms`).
        at: String,
        /// What is wrong there, in the reader's words.
        reason: String,
    },
    /// The script has no final count, so it is no finished game for the ledger.
    #[error("{path}: the game is not finished")]
    ScriptUnfinished {
        /// The file.
        path: String,
    },
    /// The same game (players, setup and moves) is in the ledger already; nothing was added.
    #[error("already in the ledger as game {game} of {date}")]
    AlreadyInLedger {
        /// The stored game.
        game: u32,
        /// Its night's date (YYYY-MM-DD).
        date: String,
        /// Its night's place, if said.
        place: Option<String>,
    },
    /// Something the UI cannot help with; the detail goes to the log.
    #[error("internal error: {detail}")]
    Internal {
        /// For the log.
        detail: String,
    },
}

/// Why a ledger file cannot be used: each asks the player for something else.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LedgerProblem {
    /// The app's data folder, where the ledger lives by default, cannot be created: the path
    /// is that folder.
    DataFolder,
    /// The file is damaged or not a database.
    Damaged,
    /// The file was written by a newer Castellan.
    TooNew {
        /// The file's schema version.
        found: u32,
        /// The newest this build knows.
        supported: u32,
    },
    /// The file is another program's database.
    Foreign,
    /// Another Castellan has the file open.
    InUse {
        /// What holds it, as the lock says.
        holder: String,
    },
    /// The file or its folder cannot be read or written (permissions, a disk gone).
    Access,
    /// Anything else; the detail says what.
    Other,
}

impl LedgerProblem {
    /// The problem that `error` from opening a ledger is, and its detail for the log: the
    /// error with its causes, which for a file's failure name the OS's reason.
    pub fn of(error: &castellan_ledger::LedgerError) -> (LedgerProblem, String) {
        use castellan_ledger::{FileProblem, LedgerError as E};
        let problem = match error {
            E::Corrupt { .. } => LedgerProblem::Damaged,
            E::SchemaTooNew { found, supported } => LedgerProblem::TooNew { found: *found, supported: *supported },
            E::ForeignDatabase { .. } => LedgerProblem::Foreign,
            E::UnexpectedSchema { .. } => LedgerProblem::Damaged,
            E::InUse { holder, .. } => LedgerProblem::InUse { holder: holder.to_string() },
            E::Io { .. } => LedgerProblem::Access,
            E::File { problem: FileProblem::ReadOnly | FileProblem::CannotOpen, .. } => LedgerProblem::Access,
            _ => LedgerProblem::Other,
        };
        (problem, with_causes(error))
    }
}

/// An error's text followed by each of its causes.
pub fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(e) = cause {
        let more = e.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        cause = e.source();
    }
    text
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
            TableError::NotExportable { game, voided } => CommandError::NotExportable {
                game: u32::try_from(game).expect("ledger row ids fit in 32 bits"),
                voided,
            },
            TableError::NothingToExport { .. } => CommandError::NothingToExport,
            TableError::FileExists { path } => CommandError::FileExists { path },
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
