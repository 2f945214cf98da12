//! The ledger's errors as the UI is sent them: what it can act on, as data, and the ledger's
//! own words for the log and for what has no translation.
//!
//! Every ledger error is named here, none caught by a wildcard: a new one is a compile error
//! until it is given its place. Not here: the ledger's errors themselves, which keep their
//! sources for the log.

use crate::error::with_causes;
use castellan_ledger::{
    EndError, FileProblem, ImportError, LedgerError, MoveLogError, NewGameError, OpenError, PlayerError, RosterError,
    RowError, StatusError, StoreError,
};
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
        use LedgerError as L;
        let not_found = LedgerRefusal::NotFound;
        match error {
            L::Store(e) => LedgerRefusal::of_store(e),
            // What keeps a file from being opened reaches the UI as a `LedgerProblem` where a
            // file is opened; met within a command, it has no words beyond the ledger's.
            L::Open(OpenError::Store(e)) => LedgerRefusal::of_store(e),
            L::Open(
                OpenError::InUse { .. }
                | OpenError::Migration { .. }
                | OpenError::SchemaTooNew { .. }
                | OpenError::UnexpectedSchema { .. }
                | OpenError::NeedsMigration { .. }
                | OpenError::NoLedger { .. }
                | OpenError::ForeignDatabase { .. }
                | OpenError::HardLinked { .. }
                | OpenError::NotWritable { .. }
                | OpenError::Io { .. },
            ) => LedgerRefusal::Other,
            L::Row(RowError::Store(e)) => LedgerRefusal::of_store(e),
            L::Row(RowError::NotFound { .. }) => not_found,
            L::Player(PlayerError::Store(e)) => LedgerRefusal::of_store(e),
            L::Player(PlayerError::NotFound { .. }) => not_found,
            L::Player(PlayerError::NameTaken { name }) => LedgerRefusal::NameTaken { name: name.clone() },
            L::Player(PlayerError::EmptyName) | L::Roster(RosterError::EmptyName) => LedgerRefusal::EmptyName,
            L::NewGame(NewGameError::Store(e)) => LedgerRefusal::of_store(e),
            L::NewGame(NewGameError::NotFound { .. }) => not_found,
            L::MoveLog(MoveLogError::Store(e)) => LedgerRefusal::of_store(e),
            L::MoveLog(MoveLogError::NotFound { .. }) => not_found,
            L::MoveLog(MoveLogError::GameEnded { .. }) | L::End(EndError::GameEnded { .. }) => LedgerRefusal::GameEnded,
            L::MoveLog(MoveLogError::MovedOn { .. }) => LedgerRefusal::ChangedMeanwhile,
            L::End(EndError::Store(e)) => LedgerRefusal::of_store(e),
            L::End(EndError::NotFound { .. }) => not_found,
            L::Status(StatusError::Store(e)) => LedgerRefusal::of_store(e),
            L::Status(StatusError::NotFound { .. }) => not_found,
            L::Status(StatusError::NotFinished { .. }) => LedgerRefusal::NotFinished,
            L::Import(ImportError::Store(e)) => LedgerRefusal::of_store(e),
            L::Import(ImportError::NotFound { .. }) => not_found,
            // Mistakes of the calling code, not of the players: logged in the ledger's words.
            L::NewGame(NewGameError::Seats(_) | NewGameError::NotJson(_))
            | L::MoveLog(MoveLogError::NotJson(_))
            | L::End(EndError::ResultsDoNotMatchSeats | EndError::NotJson(_))
            | L::Import(ImportError::Seats(_) | ImportError::ResultsDoNotMatchSeats | ImportError::NotJson(_))
            | L::Roster(RosterError::SamePlayer { .. }) => LedgerRefusal::Other,
        }
    }

    fn of_store(error: &StoreError) -> LedgerRefusal {
        match error {
            StoreError::File { problem, .. } => LedgerRefusal::File { problem: *problem },
            StoreError::Sqlite { .. } | StoreError::Corrupt { .. } => LedgerRefusal::Other,
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
    pub fn of(error: &OpenError) -> Unusable {
        use OpenError as E;
        let problem = match error {
            E::Store(StoreError::Corrupt { .. }) | E::UnexpectedSchema { .. } => LedgerProblem::Damaged,
            E::SchemaTooNew { found, supported } => LedgerProblem::TooNew { found: *found, supported: *supported },
            E::ForeignDatabase { .. } => LedgerProblem::Foreign,
            E::InUse { holder, .. } => LedgerProblem::InUse { holder: holder.to_string() },
            E::NotWritable { .. } => LedgerProblem::ReadOnly,
            E::HardLinked { links, .. } => {
                LedgerProblem::HardLinked { links: u32::try_from(*links).unwrap_or(u32::MAX) }
            }
            E::Io { .. } => LedgerProblem::Access,
            E::NoLedger { .. } => LedgerProblem::Missing,
            E::Store(StoreError::File { problem: FileProblem::ReadOnly | FileProblem::CannotOpen, .. }) => {
                LedgerProblem::Access
            }
            E::Store(StoreError::File { .. } | StoreError::Sqlite { .. })
            | E::Migration { .. }
            | E::NeedsMigration { .. } => LedgerProblem::Other,
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

pub(crate) fn serialize_unusable<S: serde::Serializer>(error: &OpenError, s: S) -> Result<S::Ok, S::Error> {
    Unusable::of(error).serialize(s)
}
