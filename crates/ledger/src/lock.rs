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
//! # Keyed on the file, not on the spelling of its path
//!
//! The lock file is named after the ledger's canonical path (symlinks, `.` and `..`
//! resolved, see `location.rs`), so every spelling of one file's path meets one lock. The
//! other way would be a lock keyed on the file's identity (device and inode) or a lock on
//! the database file itself. The canonical path was chosen because:
//!
//! - it is what SQLite keys a database on: its `-wal` and `-shm` files sit beside the name,
//!   so lock and journal agree on what one ledger is. Two hard links are one identity but
//!   two databases to SQLite, which an identity lock would let two writers use at once; they
//!   are refused instead (`location.rs`), and with one name per file the canonical path and
//!   the identity tell the same files apart;
//! - a new ledger has no identity until it is made, and it is made by renaming a finished
//!   file into place, which gives it a new one: the lock must exist before the file does;
//! - the same folder reached through two mounts (a bind mount) holds one lock file, as it
//!   holds one `-wal`.
//!
//! Not here: reading while another process owns the file, which takes no lock and so needs
//! no lock file (a read-only folder can be read); see [`crate::Ledger::open_read_only`].

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{OpenError, Result};
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

    /// Takes the lock of the ledger at `ledger`, a canonical path, without waiting.
    ///
    /// # Errors
    ///
    /// [`OpenError::InUse`] naming the holder if another process (or another
    /// [`crate::Ledger`] in this one) has it; [`OpenError::NotWritable`] if the lock file
    /// may not be made or written (a read-only folder or disk), naming the folder if there
    /// is no lock file yet; [`OpenError::Io`] if it cannot be made for another reason.
    pub(crate) fn acquire(ledger: &Path) -> Result<OwnerLock, OpenError> {
        let path = Self::path_for(ledger);
        let io = |source| OpenError::Io { path: path.clone(), source };
        let refused = |source: std::io::Error| {
            if !is_refusal_to_write(&source) {
                return io(source);
            }
            let folder = ledger.parent().filter(|_| !path.exists()).unwrap_or(&path);
            OpenError::NotWritable { path: folder.to_path_buf(), source }
        };
        loop {
            let mut file =
                OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&path).map_err(refused)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => {
                    return Err(OpenError::InUse { path: ledger.to_path_buf(), holder: Holder::read(&mut file) });
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

/// Whether the OS refused to write for good (permissions, a read-only disk or mount, an
/// immutable file) rather than failing.
pub(crate) fn is_refusal_to_write(error: &std::io::Error) -> bool {
    matches!(error.kind(), std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem)
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
