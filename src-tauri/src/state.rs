//! The app's one piece of state: the table over the ledger file, or why the file could not
//! be used. A damaged or newer file is reported on every command and never written to.

use crate::error::CommandError;
use castellan_table::ledger::Ledger;
use castellan_table::ledger_fault::{LedgerProblem, Unusable};
use castellan_table::{LiveGame, Table, TableError, TableRefusal};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

struct Open {
    path: PathBuf,
    table: Result<Table, Unusable>,
}

impl Open {
    fn at(path: PathBuf) -> Open {
        let table = Ledger::open(&path).map(Table::new).map_err(|e| Unusable::of(&e));
        Open { path, table }
    }
}

/// The table, shared by the commands.
pub struct AppState {
    open: Mutex<Open>,
}

impl AppState {
    /// Opens (or creates) the ledger at `path`.
    pub fn open(path: PathBuf) -> AppState {
        AppState { open: Mutex::new(Open::at(path)) }
    }

    /// No ledger at all: `path` (a file or the folder it would be in) cannot be used, for
    /// `problem`. Every command reports it, so the window can say why and what to do.
    pub fn unavailable(path: PathBuf, problem: LedgerProblem, detail: String) -> AppState {
        AppState { open: Mutex::new(Open { path, table: Err(Unusable { problem, detail }) }) }
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Open>, CommandError> {
        self.open.lock().map_err(|_| CommandError::Internal { detail: "state poisoned".into() })
    }

    /// The ledger file.
    pub fn ledger_path(&self) -> Result<PathBuf, CommandError> {
        Ok(self.lock()?.path.clone())
    }

    /// Switches to the ledger at `path` (created if missing). The game on the table stays in
    /// the old file, where every move of it is already stored.
    ///
    /// The file already open is kept as it is: reopening it would be refused by the lock this
    /// very process holds on it. A file that cannot be opened leaves the open one in use, so a
    /// mistyped path never leaves the table without a ledger.
    pub fn use_ledger(&self, path: &Path) -> Result<(), CommandError> {
        let mut open = self.lock()?;
        if open.table.is_ok() && same_file(&open.path, path) {
            return Ok(());
        }
        let next = Open::at(path.to_path_buf());
        match &next.table {
            Ok(_) => {
                *open = next;
                Ok(())
            }
            Err(why) => Err(CommandError::unavailable(path, why)),
        }
    }

    /// Runs `f` on the table, one command at a time.
    pub fn with_table<T>(&self, f: impl FnOnce(&mut Table) -> Result<T, CommandError>) -> Result<T, CommandError> {
        let mut open = self.lock()?;
        let Open { path, table } = &mut *open;
        match table {
            Ok(table) => f(table),
            Err(why) => Err(CommandError::unavailable(path, why)),
        }
    }

    /// Runs `f` on the game on the table; without one, [`TableRefusal::NoGame`].
    pub fn with_live<T>(&self, f: impl FnOnce(&LiveGame) -> Result<T, CommandError>) -> Result<T, CommandError> {
        self.with_table(|table| f(table.live().ok_or(TableError::from(TableRefusal::NoGame))?))
    }
}

/// Whether two paths name one file, however they are spelled.
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choosing_the_open_ledger_again_keeps_it_and_a_bad_choice_keeps_the_old_one() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("night.sqlite3");
        let state = AppState::open(path.clone());
        state.with_table(|_| Ok(())).expect("the ledger opens");

        // The same file, spelled another way: still the one open ledger, not refused by its own lock.
        state.use_ledger(&dir.path().join(".").join("night.sqlite3")).expect("the open ledger is kept");
        state.with_table(|_| Ok(())).expect("still usable");

        // An empty file is a damaged ledger: refused, and the open one stays in use.
        let empty = dir.path().join("empty.sqlite3");
        std::fs::write(&empty, b"").expect("empty file");
        let refused = state.use_ledger(&empty);
        assert!(matches!(refused, Err(CommandError::LedgerUnavailable { .. })), "{refused:?}");
        assert_eq!(state.ledger_path().expect("path"), path);
        state.with_table(|_| Ok(())).expect("the old ledger is still usable");
    }

    #[test]
    fn a_second_table_on_the_open_ledger_is_told_who_holds_it() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("night.sqlite3");
        let first = AppState::open(path.clone());
        first.with_table(|_| Ok(())).expect("the first opener owns the ledger");
        let second = AppState::open(path);
        match second.with_table(|_| Ok(())) {
            Err(CommandError::LedgerUnavailable { problem: LedgerProblem::InUse { holder }, .. }) => {
                assert!(holder.contains(&std::process::id().to_string()), "names this process: {holder}");
            }
            other => panic!("expected the ledger to be in use, got {other:?}"),
        }
    }
}
