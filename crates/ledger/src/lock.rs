//! One process owns a ledger file: [`OwnerLock`], an exclusive advisory lock on a file
//! beside it (`castellan.sqlite3.lock`), held for as long as the [`crate::Ledger`] lives.
//!
//! Two programs writing one ledger is how a game gets a move twice or loses one: each checks
//! a move against the game it shows, and the other may have moved on. SQLite's own locks
//! make each transaction atomic but do not stop that, so a second opener (another app
//! window, `castellan ledger import` while the app is open) is refused up front, told which
//! process holds the file.
//!
//! Why a file beside the ledger and not a lock on the ledger itself: SQLite locks byte
//! ranges of the database with POSIX locks, which a process loses all at once when it
//! closes *any* descriptor of that file, and on Windows a whole-file lock would shut out
//! SQLite's own reads. The lock file is used for nothing else, so no such interaction.
//!
//! The lock is the operating system's (`flock` on Unix, `LockFileEx` on Windows): it goes
//! away with the process, so a ledger whose app was killed (`kill -9`, a crash, a power
//! cut) opens again at once; there is never a stale lock to clear by hand. The owner writes
//! its process id and program name into the file so that a refused opener can name it.
//! It removes the file when it closes the ledger, so the folder holds only the ledger when
//! nothing has it open.
//!
//! Not here: reading while another process owns the file; see
//! [`crate::Ledger::open_read_only`].

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{LedgerError, Result};
use crate::holder::Holder;

/// The exclusive lock on a ledger file; released (and its file removed) on drop.
#[derive(Debug)]
pub(crate) struct OwnerLock {
    file: File,
    path: PathBuf,
}

impl OwnerLock {
    /// The lock file of the ledger at `ledger`.
    pub(crate) fn path_for(ledger: &Path) -> PathBuf {
        let mut name = ledger.as_os_str().to_owned();
        name.push(".lock");
        PathBuf::from(name)
    }

    /// Takes the lock of the ledger at `ledger` without waiting.
    ///
    /// # Errors
    ///
    /// [`LedgerError::InUse`] naming the holder if another process (or another
    /// [`crate::Ledger`] in this one) has it; [`LedgerError::Io`] if the lock file cannot
    /// be made, for instance in a read-only folder.
    pub(crate) fn acquire(ledger: &Path) -> Result<OwnerLock> {
        let path = Self::path_for(ledger);
        let io = |source| LedgerError::Io { path: path.clone(), source };
        loop {
            let mut file =
                OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&path).map_err(io)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => {
                    return Err(LedgerError::InUse { path: ledger.to_path_buf(), holder: Holder::read(&mut file) });
                }
                Err(fs::TryLockError::Error(source)) => return Err(io(source)),
            }
            if !still_at(&file, &path) {
                // The previous owner removed this lock file between our opening it and
                // locking it; the lock that counts is on the file at the path now.
                continue;
            }
            // Only a courtesy to a refused opener, so it does not stop the opening (on a
            // full disk, say, where the ledger must still open to be read).
            let _ = file.set_len(0).and_then(|()| file.write_all(Holder::this_process().line().as_bytes()));
            return Ok(OwnerLock { file, path });
        }
    }
}

/// Whether `file` is still the file at `path`, so that locking it locks the ledger.
#[cfg(unix)]
fn still_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(ours), Ok(there)) => ours.dev() == there.dev() && ours.ino() == there.ino(),
        _ => false,
    }
}

/// Elsewhere an open lock file cannot be removed, so it is always the one at the path.
#[cfg(not(unix))]
fn still_at(_file: &File, _path: &Path) -> bool {
    true
}

impl Drop for OwnerLock {
    fn drop(&mut self) {
        // Removed while still locked: an opener that got hold of this file meanwhile finds it
        // gone from the path once it gets the lock, and starts over with a fresh one.
        #[cfg(unix)]
        let _ = fs::remove_file(&self.path);
        // Closing the descriptor would release it too; said here so the order is plain.
        let _ = self.file.unlock();
    }
}
