//! Where a ledger file really is: the one path under which it is locked and opened, however
//! the caller spelled it, and the refusal of a file that has more than one name.
//!
//! A path is resolved to its canonical form (absolute, every symlink, `.` and `..` followed)
//! before anything else, and only that form is used from then on: for the lock file beside
//! the ledger (see `lock.rs`), for SQLite, and in errors. So a symlink, a relative path or a
//! path through `..` all meet the same lock, and a symlink changed while the ledger opens
//! cannot send the opening elsewhere.
//!
//! A hard link is not a spelling but a second name, and no path resolution can tell it from
//! an unrelated file. SQLite keeps a database's `-wal` and `-shm` files beside the name it
//! was opened by, so two names are two ledgers to it: a writer through each would never see
//! the other's changes, and one name's WAL could later be replayed over games the other
//! wrote. A file with more than one name is therefore refused, by reading and writing alike
//! ([`OpenError::HardLinked`]); a backup is a copy.
//!
//! Not here: what is locked and how (`lock.rs`); what is in the file (`ledger.rs`).

use std::fs::{self, File};
use std::path::{Path, PathBuf};

use crate::error::{OpenError, Result};

/// How many symlinks in a row are followed to find where a ledger still to be made goes;
/// Linux's own limit, past which a chain is taken for a loop.
const MAX_LINKS: usize = 40;

/// The canonical path of an existing ledger file at `path`; `None` if nothing is there.
///
/// # Errors
///
/// [`OpenError::Io`] if the path cannot be resolved (a loop of symlinks, a folder that
/// may not be looked into).
pub(crate) fn existing(path: &Path) -> Result<Option<PathBuf>, OpenError> {
    match dunce::canonicalize(path) {
        Ok(canonical) => Ok(Some(canonical)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(OpenError::Io { path: path.to_path_buf(), source }),
    }
}

/// The canonical path of the ledger at `path`, which may not exist yet: its folder is made if
/// missing, and a symlink to a file not yet there is followed to where it points, so that a
/// new ledger is made at the link's target rather than over the link.
///
/// # Errors
///
/// [`OpenError::Io`] if the path cannot be resolved, names no file (it ends in `..`), or
/// its folder cannot be made.
pub(crate) fn for_writing(path: &Path) -> Result<PathBuf, OpenError> {
    if let Some(canonical) = existing(path)? {
        return Ok(canonical);
    }
    let io = |path: &Path, source| OpenError::Io { path: path.to_path_buf(), source };
    let mut target = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let Ok(next) = fs::read_link(&target) else { break };
        // A relative target is relative to the link's folder; `join` keeps an absolute one.
        target = target.parent().unwrap_or(Path::new("")).join(next);
    }
    let name = target
        .file_name()
        .ok_or_else(|| io(path, std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path names no file")))?;
    let folder = target.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs::create_dir_all(folder).map_err(|source| io(folder, source))?;
    let folder = dunce::canonicalize(folder).map_err(|source| io(folder, source))?;
    Ok(folder.join(name))
}

/// Refuses the ledger file `file`, opened from `path`, if it has more than one name.
///
/// # Errors
///
/// [`OpenError::HardLinked`] if it has; [`OpenError::Io`] if that cannot be told.
pub(crate) fn refuse_second_names(path: &Path, file: &File) -> Result<(), OpenError> {
    let links = links(file).map_err(|source| OpenError::Io { path: path.to_path_buf(), source })?;
    if links > 1 {
        return Err(OpenError::HardLinked { path: path.to_path_buf(), links });
    }
    Ok(())
}

#[cfg(unix)]
fn links(file: &File) -> std::io::Result<u64> {
    use std::os::unix::fs::MetadataExt;
    Ok(file.metadata()?.nlink())
}

/// The standard library's count of a file's names is not stable on Windows; winapi-util
/// asks the same of the file's handle.
#[cfg(windows)]
fn links(file: &File) -> std::io::Result<u64> {
    Ok(winapi_util::file::information(file)?.number_of_links())
}

#[cfg(not(any(unix, windows)))]
fn links(_file: &File) -> std::io::Result<u64> {
    Ok(1)
}

/// Which file a path leads to, as the file system tells them apart: two paths with the same
/// identity are one file. `None` where it cannot be told.
pub(crate) fn identity(metadata: &fs::Metadata) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((metadata.dev(), metadata.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        None
    }
}
