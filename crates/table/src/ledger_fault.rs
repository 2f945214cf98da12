//! The ledger's errors as the UI is sent them: what it can act on, as data, and the ledger's
//! own words for the log and for what has no translation.
//!
//! Every ledger error is named here, none caught by a wildcard: a new one is a compile error
//! until it is given its place. Not here: the ledger's errors themselves, which keep their
//! sources for the log.

use crate::error::with_causes;
use castellan_ledger::{FileProblem, InvalidInput, LedgerError};
use serde::Serialize;

/// A ledger's failure while a command used it: why, for the UI to word, and the ledger's words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LedgerFault {
    /// Why, for the UI to word.
    pub refusal: LedgerRefusal,
    /// The ledger's own words, for the log, and for the UI to quote when the refusal is
    /// [`LedgerRefusal::Other`].
    pub detail: String,
}

/// Why the ledger refused a write, for the UI to word; each asks something else of the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LedgerRefusal {
    /// Another player already has this name.
    NameTaken {
        /// The name asked for.
        name: String,
    },
    /// A player's name is empty.
    EmptyName,
    /// The game, player or night is no longer in the ledger.
    NotFound,
    /// The game has ended, so its moves can no longer change.
    GameEnded,
    /// Another window or program changed the game meanwhile; nothing was written.
    ChangedMeanwhile,
    /// The game is not finished, so it cannot be voided or reopened.
    NotFinished,
    /// The ledger file could not be read or written (a full disk, a read-only file, a lock, a
    /// failing disk): this change was not saved, and nothing saved before it was lost.
    File {
        /// What kept the file from being written.
        problem: FileProblem,
    },
    /// Anything else: a failure of the ledger itself, whose words the detail holds.
    Other,
}

impl LedgerFault {
    /// The fault that `error` is.
    pub fn of(error: &LedgerError) -> LedgerFault {
        LedgerFault { refusal: LedgerRefusal::of(error), detail: with_causes(error) }
    }
}

impl LedgerRefusal {
    fn of(error: &LedgerError) -> LedgerRefusal {
        match error {
            LedgerError::NameTaken { name } => LedgerRefusal::NameTaken { name: name.clone() },
            LedgerError::Invalid(InvalidInput::EmptyName) => LedgerRefusal::EmptyName,
            LedgerError::NotFound { .. } => LedgerRefusal::NotFound,
            LedgerError::GameEnded { .. } => LedgerRefusal::GameEnded,
            LedgerError::MovedOn { .. } => LedgerRefusal::ChangedMeanwhile,
            LedgerError::NotFinished { .. } => LedgerRefusal::NotFinished,
            LedgerError::File { problem, .. } => LedgerRefusal::File { problem: *problem },
            // Mistakes of the calling code, not of the players: logged in the ledger's words.
            LedgerError::Invalid(
                InvalidInput::NoSeats
                | InvalidInput::StartSeatOutOfRange { .. }
                | InvalidInput::SamePlayer { .. }
                | InvalidInput::DuplicatePlayer(_)
                | InvalidInput::DuplicateColor(_)
                | InvalidInput::ResultsDoNotMatchSeats
                | InvalidInput::NotJsonObject { .. }
                | InvalidInput::NotJsonArray { .. },
            ) => LedgerRefusal::Other,
            // What keeps a file from being opened reaches the UI as a `LedgerProblem`; met
            // while writing, it has no words of its own beyond the ledger's.
            LedgerError::InUse { .. }
            | LedgerError::Sqlite { .. }
            | LedgerError::Migration { .. }
            | LedgerError::SchemaTooNew { .. }
            | LedgerError::Corrupt { .. }
            | LedgerError::UnexpectedSchema { .. }
            | LedgerError::NeedsMigration { .. }
            | LedgerError::NoLedger { .. }
            | LedgerError::ForeignDatabase { .. }
            | LedgerError::HardLinked { .. }
            | LedgerError::NotWritable { .. }
            | LedgerError::Io { .. } => LedgerRefusal::Other,
        }
    }
}

/// Why a ledger file cannot be used, and the ledger's or the OS's words for the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Unusable {
    /// Why, for the UI to word and to say what to do.
    pub problem: LedgerProblem,
    /// The ledger's or the OS's own words, for the log.
    pub detail: String,
}

/// Why a ledger file cannot be used: each asks the player for something else.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
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
    /// The file, its folder or its disk is read-only, so nothing could be recorded; the
    /// detail holds the OS's reason.
    ReadOnly,
    /// The file has more than one name (hard links), which SQLite would keep as separate
    /// ledgers.
    HardLinked {
        /// How many names it has.
        links: u32,
    },
    /// There is no ledger at the path, and reading never creates one.
    Missing,
    /// Anything else; the detail says what.
    Other,
}

impl Unusable {
    /// Why opening a ledger failed with `error`, with the error and its causes, which for a
    /// file's failure name the OS's reason.
    pub fn of(error: &LedgerError) -> Unusable {
        use LedgerError as E;
        let problem = match error {
            E::Corrupt { .. } => LedgerProblem::Damaged,
            E::SchemaTooNew { found, supported } => LedgerProblem::TooNew { found: *found, supported: *supported },
            E::ForeignDatabase { .. } => LedgerProblem::Foreign,
            E::UnexpectedSchema { .. } => LedgerProblem::Damaged,
            E::InUse { holder, .. } => LedgerProblem::InUse { holder: holder.to_string() },
            E::NotWritable { .. } => LedgerProblem::ReadOnly,
            E::HardLinked { links, .. } => {
                LedgerProblem::HardLinked { links: u32::try_from(*links).unwrap_or(u32::MAX) }
            }
            E::Io { .. } => LedgerProblem::Access,
            E::NoLedger { .. } => LedgerProblem::Missing,
            E::File { problem: FileProblem::ReadOnly | FileProblem::CannotOpen, .. } => LedgerProblem::Access,
            E::File { .. }
            | E::Sqlite { .. }
            | E::Migration { .. }
            | E::NeedsMigration { .. }
            | E::NotFound { .. }
            | E::NameTaken { .. }
            | E::GameEnded { .. }
            | E::MovedOn { .. }
            | E::NotFinished { .. }
            | E::Invalid(_) => LedgerProblem::Other,
        };
        Unusable { problem, detail: with_causes(error) }
    }
}

pub(crate) fn serialize<S: serde::Serializer>(error: &LedgerError, s: S) -> Result<S::Ok, S::Error> {
    LedgerFault::of(error).serialize(s)
}

#[allow(clippy::borrowed_box)] // serde hands the field as it is declared
pub(crate) fn serialize_boxed<S: serde::Serializer>(error: &Box<LedgerError>, s: S) -> Result<S::Ok, S::Error> {
    LedgerFault::of(error).serialize(s)
}

pub(crate) fn serialize_unusable<S: serde::Serializer>(error: &LedgerError, s: S) -> Result<S::Ok, S::Error> {
    Unusable::of(error).serialize(s)
}
