//! The app's one piece of state: the table over the ledger file, or why the file could not
//! be used. A damaged or newer file is reported on every command and never written to.

use crate::error::{CommandError, LedgerProblem};
use castellan_ledger::Ledger;
use castellan_table::live::{LiveGame, Table};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Why the ledger cannot be used, kept to be reported on every command.
#[derive(Debug, Clone)]
struct Unusable {
    problem: LedgerProblem,
    detail: String,
}

struct Open {
    path: PathBuf,
    table: Result<Table, Unusable>,
}

impl Open {
    fn at(path: PathBuf) -> Open {
        let table = Ledger::open(&path).map(Table::new).map_err(|e| {
            let (problem, detail) = LedgerProblem::of(&e);
            Unusable { problem, detail }
        });
        Open { path, table }
    }
}

impl Unusable {
    fn at(&self, path: &Path) -> CommandError {
        CommandError::LedgerUnavailable {
            path: path.display().to_string(),
            problem: self.problem.clone(),
            detail: self.detail.clone(),
        }
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
    pub fn use_ledger(&self, path: &Path) -> Result<(), CommandError> {
        let mut open = self.lock()?;
        *open = Open::at(path.to_path_buf());
        match &open.table {
            Ok(_) => Ok(()),
            Err(why) => Err(why.at(path)),
        }
    }

    /// Runs `f` on the table, one command at a time.
    pub fn with_table<T>(&self, f: impl FnOnce(&mut Table) -> Result<T, CommandError>) -> Result<T, CommandError> {
        let mut open = self.lock()?;
        let Open { path, table } = &mut *open;
        match table {
            Ok(table) => f(table),
            Err(why) => Err(why.at(path)),
        }
    }

    /// Runs `f` on the game on the table; without one, `NoGame`.
    pub fn with_live<T>(&self, f: impl FnOnce(&LiveGame) -> Result<T, CommandError>) -> Result<T, CommandError> {
        self.with_table(|table| f(table.live().ok_or(CommandError::NoGame)?))
    }
}
