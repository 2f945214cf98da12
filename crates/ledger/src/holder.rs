//! Who holds a ledger open: [`Holder`], as the owner writes itself into the lock file beside
//! the ledger (see the `lock` module) and as a refused opener reads it back to name it.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};

/// The process holding a ledger open, as far as its lock file tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    /// Its process id; `None` if it had not written it yet (it was just opening).
    pub pid: Option<u32>,
    /// Its program's file name, such as `castellan` or `castellan-app`.
    pub program: Option<String>,
}

impl Holder {
    /// This process.
    pub(crate) fn this_process() -> Holder {
        let program = std::env::current_exe()
            .ok()
            .and_then(|exe| exe.file_name().map(|name| name.to_string_lossy().into_owned()));
        Holder { pid: Some(std::process::id()), program }
    }

    /// Reads what the owner wrote: `<pid> <program>`, or nothing yet.
    pub(crate) fn read(file: &mut File) -> Holder {
        let mut text = String::new();
        // Whatever cannot be read just leaves the holder unnamed.
        let _ = file.seek(SeekFrom::Start(0)).and_then(|_| file.read_to_string(&mut text));
        let line = text.lines().next().unwrap_or_default();
        let (pid, program) = line.split_once(' ').unwrap_or((line, ""));
        Holder {
            pid: pid.trim().parse().ok(),
            program: Some(program.trim()).filter(|p| !p.is_empty()).map(str::to_owned),
        }
    }

    /// What the owner writes into its lock file.
    pub(crate) fn line(&self) -> String {
        format!("{} {}\n", self.pid.map(|p| p.to_string()).unwrap_or_default(), self.program.as_deref().unwrap_or(""))
    }
}

impl std::fmt::Display for Holder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.program, self.pid) {
            (Some(program), Some(pid)) => write!(f, "{program} (process {pid})"),
            (None, Some(pid)) => write!(f, "process {pid}"),
            (Some(program), None) => write!(f, "{program}"),
            (None, None) => write!(f, "another program"),
        }
    }
}
