//! The app's one piece of state: the table over the ledger file, or why the file could not
//! be used. A damaged or newer file is reported on every command and never written to.

use crate::error::CommandError;
use castellan_ledger::Ledger;
use castellan_table::live::Table;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The table, shared by the commands.
pub struct AppState {
    path: PathBuf,
    table: Mutex<Result<Table, String>>,
}

impl AppState {
    /// Opens (or creates) the ledger at `path`.
    pub fn open(path: PathBuf) -> AppState {
        let table = Ledger::open(&path).map(Table::new).map_err(|e| e.to_string());
        AppState { path, table: Mutex::new(table) }
    }

    /// The ledger file.
    pub fn ledger_path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` on the table, one command at a time.
    pub fn with_table<T>(&self, f: impl FnOnce(&mut Table) -> Result<T, CommandError>) -> Result<T, CommandError> {
        let mut guard = self.table.lock().map_err(|_| CommandError::Internal { detail: "state poisoned".into() })?;
        match guard.as_mut() {
            Ok(table) => f(table),
            Err(detail) => {
                Err(CommandError::LedgerUnavailable { path: self.path.display().to_string(), detail: detail.clone() })
            }
        }
    }
}
