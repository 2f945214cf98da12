//! Writing exported files so that a reader never sees half of one and nothing is replaced
//! that nobody agreed to replace.
//!
//! Each file is written to a temporary file beside it, flushed to the disk, and then
//! renamed into place: a crash or a full disk leaves the old file or none, never a torn one.
//! [`replace`] is for a path a save dialog gave, which asked the player before naming a file
//! that exists; [`create_all`] is for everything else (a folder chosen for a night's scripts,
//! a path given without a dialog), and refuses to replace any file.
//!
//! Not here: which files to write ([`crate::export`]) or asking where (the app).

use crate::export::File;
use crate::TableError;
use std::io::Write;
use std::path::{Path, PathBuf};

fn io(path: &Path) -> impl Fn(std::io::Error) -> TableError + '_ {
    move |error| TableError::NotWritten { path: path.display().to_string(), error }
}

/// The file's contents in a temporary file in `path`'s folder, flushed, ready to be renamed.
fn staged(path: &Path, contents: &[u8]) -> Result<tempfile::NamedTempFile, TableError> {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    // Hidden and named after its file: what a crash leaves behind says what it was.
    let mut temp =
        tempfile::Builder::new().prefix(&format!(".{name}.")).suffix(".part").tempfile_in(folder).map_err(io(path))?;
    temp.write_all(contents).map_err(io(path))?;
    temp.as_file().sync_all().map_err(io(path))?;
    Ok(temp)
}

/// Writes `contents` to `path`, replacing a file there: for a path the player chose in a
/// save dialog that asked before replacing it.
///
/// # Errors
/// The file cannot be written; whatever was at `path` is then as it was.
pub fn replace(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), TableError> {
    staged(path, contents.as_ref())?.persist(path).map_err(|e| io(path)(e.error))?;
    Ok(())
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
    staged(path, contents.as_ref())?.persist_noclobber(path).map_err(|e| match e.error.kind() {
        std::io::ErrorKind::AlreadyExists => TableError::FileExists { path: path.display().to_string() },
        _ => io(path)(e.error),
    })?;
    Ok(())
}

/// Writes each of `files` into `folder`, none of which may exist yet: all of them, or (when
/// one exists or cannot be written) none. Returns the paths written.
///
/// # Errors
/// [`TableError::FileExists`] naming the first file that is there already, or the error of
/// the first that could not be written; the files this call had written are removed again.
pub fn create_all(folder: &Path, files: &[File]) -> Result<Vec<PathBuf>, TableError> {
    // Checked first so that a clash is reported before anything is written; the rename
    // below refuses a file that appears meanwhile too.
    for (name, _) in files {
        let path = folder.join(name);
        if path.symlink_metadata().is_ok() {
            return Err(TableError::FileExists { path: path.display().to_string() });
        }
    }
    let mut written = Vec::new();
    for (name, contents) in files {
        let path = folder.join(name);
        let outcome = staged(&path, contents.as_bytes()).and_then(|temp| {
            temp.persist_noclobber(&path).map_err(|e| match e.error.kind() {
                std::io::ErrorKind::AlreadyExists => TableError::FileExists { path: path.display().to_string() },
                _ => io(&path)(e.error),
            })
        });
        if let Err(e) = outcome {
            for done in &written {
                let _ = std::fs::remove_file(done);
            }
            return Err(e);
        }
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(folder).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn replace_writes_the_whole_file_and_leaves_no_temporary_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game-1.csv");
        std::fs::write(&path, "old").unwrap();
        replace(&path, "game,date\n1,2026-11-20\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "game,date\n1,2026-11-20\n");
        assert_eq!(entries(dir.path()), ["game-1.csv"], "the temporary file was renamed, not left");
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
        assert_eq!(entries(dir.path()), ["game-2.json"], "game-1 was not written either");
        assert_eq!(std::fs::read_to_string(dir.path().join("game-2.json")).unwrap(), "mine", "untouched");

        std::fs::remove_file(dir.path().join("game-2.json")).unwrap();
        let written = create_all(dir.path(), &files).unwrap();
        assert_eq!(written.len(), 2);
        assert_eq!(entries(dir.path()), ["game-1.json", "game-2.json"]);
    }

    #[test]
    fn create_all_takes_back_what_it_wrote_when_a_later_file_fails() {
        let dir = tempfile::tempdir().unwrap();
        // A name that cannot be a file in this folder: its "folder" does not exist.
        let files =
            vec![("game-1.json".to_string(), "{}".to_string()), ("no/game-2.json".to_string(), "{}".to_string())];
        let err = create_all(dir.path(), &files).unwrap_err();
        assert!(matches!(&err, TableError::NotWritten { .. }), "{err:?}");
        assert!(entries(dir.path()).is_empty(), "game-1 was removed again: {:?}", entries(dir.path()));
    }
}
