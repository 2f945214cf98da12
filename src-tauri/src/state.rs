//! The app's one piece of state: the table over the ledger file, or why the file could not
//! be used. A damaged or newer file is reported on every command and never written to.

use crate::error::CommandError;
use castellan_ledger::Ledger;
use castellan_table::live::{LiveGame, Table};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

struct Open {
    path: PathBuf,
    table: Result<Table, String>,
}

impl Open {
    fn at(path: PathBuf) -> Open {
        let table = Ledger::open(&path).map(Table::new).map_err(|e| e.to_string());
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

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Open>, CommandError> {
        self.open.lock().map_err(|_| CommandError::Internal { detail: "state poisoned".into() })
    }

    /// The ledger file.
    pub fn ledger_path(&self) -> Result<PathBuf, CommandError> {
        Ok(self.lock()?.path.clone())
    }

    /// Switches to the ledger at `path` (created if missing). The game on the table stays in
    /// the old file, where every move of it is already stored.
    pub fn use_ledger(&self, path: &Path) -> Result<(), CommandError> {
        let mut open = self.lock()?;
        *open = Open::at(path.to_path_buf());
        match &open.table {
            Ok(_) => Ok(()),
            Err(detail) => {
                Err(CommandError::LedgerUnavailable { path: path.display().to_string(), detail: detail.clone() })
            }
        }
    }

    /// Runs `f` on the table, one command at a time.
    pub fn with_table<T>(&self, f: impl FnOnce(&mut Table) -> Result<T, CommandError>) -> Result<T, CommandError> {
        let mut open = self.lock()?;
        let path = open.path.display().to_string();
        match open.table.as_mut() {
            Ok(table) => f(table),
            Err(detail) => Err(CommandError::LedgerUnavailable { path, detail: detail.clone() }),
        }
    }

    /// Runs `f` on the game on the table; without one, `NoGame`.
    pub fn with_live<T>(&self, f: impl FnOnce(&LiveGame) -> Result<T, CommandError>) -> Result<T, CommandError> {
        self.with_table(|table| f(table.live().ok_or(CommandError::NoGame)?))
    }
}
