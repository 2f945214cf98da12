//! Writing exported files so that a reader never sees half of one and nothing is replaced
//! that nobody agreed to replace.
//!
//! Each file is written whole or not at all ([`crate::atomic_file`]): a crash or a full disk
//! leaves the old file or none, never a torn one. [`replace`] is for a path a save dialog gave, which asked the player before naming a file
//! that exists; [`create_all`] is for everything else (a folder chosen for a night's scripts,
//! a path given without a dialog), and refuses to replace any file.
//!
//! Not here: which files to write ([`crate::export`]) or asking where (the app).

use crate::atomic_file::{self, Replace};
use crate::export::File;
use crate::TableError;
use std::path::{Path, PathBuf};

/// Writes `contents` to `path` whole or not at all, a file already there refused as
/// [`TableError::FileExists`].
fn written(path: &Path, contents: &[u8], replace: Replace) -> Result<(), TableError> {
    atomic_file::write(path, contents, replace).map_err(|error| match error.kind() {
        std::io::ErrorKind::AlreadyExists => TableError::FileExists { path: path.display().to_string() },
        _ => TableError::NotWritten { path: path.display().to_string(), error },
    })
}

/// Writes `contents` to `path`, replacing a file there: for a path the player chose in a
/// save dialog that asked before replacing it.
///
/// # Errors
/// The file cannot be written; whatever was at `path` is then as it was.
pub fn replace(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), TableError> {
    written(path, contents.as_ref(), Replace::Allowed)
}

/// Writes `contents` to `path`, which must not exist yet: for a path nobody agreed to replace.
///
/// # Errors
/// [`TableError::FileExists`] when a file is there (it is left as it was), or the file cannot
/// be written; nothing is at `path` then that was not there before.
pub fn create(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), TableError> {
    if path.symlink_metadata().is_ok() {
        return Err(TableError::FileExists { path: path.display().to_string() });
    }
    written(path, contents.as_ref(), Replace::Refused)
}

/// Writes each of `files` into `folder`, none of which may exist yet: all of them, or (when
/// one exists or cannot be written) none. Returns the paths written.
///
/// # Errors
/// [`TableError::FileExists`] naming the first file that is there already, or the error of
/// the first that could not be written; the files this call had written are removed again.
pub fn create_all(folder: &Path, files: &[File]) -> Result<Vec<PathBuf>, TableError> {
    // Checked first so that a clash is reported before anything is written; the rename
    // refuses a file that appears meanwhile too.
    for (name, _) in files {
        let path = folder.join(name);
        if path.symlink_metadata().is_ok() {
            return Err(TableError::FileExists { path: path.display().to_string() });
        }
    }
    let mut done = Vec::new();
    for (name, contents) in files {
        let path = folder.join(name);
        if let Err(e) = written(&path, contents.as_bytes(), Replace::Refused) {
            for file in &done {
                let _ = std::fs::remove_file(file);
            }
            return Err(e);
        }
        done.push(path);
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::file_names;

    #[test]
    fn replace_writes_the_whole_file_and_leaves_no_temporary_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game-1.csv");
        std::fs::write(&path, "old").unwrap();
        replace(&path, "game,date\n1,2026-11-20\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "game,date\n1,2026-11-20\n");
        assert_eq!(file_names(dir.path()), ["game-1.csv"], "the temporary file was renamed, not left");
    }

    #[test]
    fn replace_into_a_missing_folder_fails_and_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gone").join("game-1.csv");
        let err = replace(&path, "x").unwrap_err();
        assert!(matches!(&err, TableError::NotWritten { path: p, .. } if p.ends_with("game-1.csv")), "{err:?}");
    }

    #[test]
    fn create_all_refuses_to_replace_and_then_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("game-2.json"), "mine").unwrap();
        let files = vec![("game-1.json".to_string(), "{}".to_string()), ("game-2.json".to_string(), "{}".to_string())];
        let err = create_all(dir.path(), &files).unwrap_err();
        assert!(matches!(&err, TableError::FileExists { path } if path.ends_with("game-2.json")), "{err:?}");
        assert_eq!(file_names(dir.path()), ["game-2.json"], "game-1 was not written either");
        assert_eq!(std::fs::read_to_string(dir.path().join("game-2.json")).unwrap(), "mine", "untouched");

        std::fs::remove_file(dir.path().join("game-2.json")).unwrap();
        let written = create_all(dir.path(), &files).unwrap();
        assert_eq!(written.len(), 2);
        assert_eq!(file_names(dir.path()), ["game-1.json", "game-2.json"]);
    }

    #[test]
    fn create_all_takes_back_what_it_wrote_when_a_later_file_fails() {
        let dir = tempfile::tempdir().unwrap();
        // A name that cannot be a file in this folder: its "folder" does not exist.
        let files =
            vec![("game-1.json".to_string(), "{}".to_string()), ("no/game-2.json".to_string(), "{}".to_string())];
        let err = create_all(dir.path(), &files).unwrap_err();
        assert!(matches!(&err, TableError::NotWritten { .. }), "{err:?}");
        assert!(file_names(dir.path()).is_empty(), "game-1 was removed again: {:?}", file_names(dir.path()));
    }
}
