//! Writing a file whole or not at all: the one way Castellan writes a file a reader may see
//! half of (exports, the night's picture, the command line's output, the app's settings).
//!
//! The contents go to a temporary file in the same folder (a rename across file systems
//! would not be atomic), named after the file and hidden, so that what a crash leaves says
//! what it was; it is flushed to the disk and then renamed into place, and the folder is
//! flushed so that the rename survives a power cut. A kill, a full disk or a failing writer
//! at any moment leaves the old file (or none) as it was, never a torn one, and a failed
//! write removes its temporary file. `tempfile` makes, names and cleans up the temporary file
//! and does the rename, replacing or not.
//!
//! Not here: which files to write, or whether the player agreed to replace one
//! ([`crate::save`] decides that). The ledger builds a new file through SQLite and renames it
//! itself, since SQLite writes that file by its name.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

/// Whether a file already at the path may be replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replace {
    /// Replace it: the player agreed, or the file is the program's own.
    Allowed,
    /// Refuse with [`io::ErrorKind::AlreadyExists`], leaving it as it was.
    Refused,
}

/// Writes `contents` to `path` whole or not at all.
///
/// # Errors
/// The folder cannot be written, the disk is full, or (with [`Replace::Refused`]) a file is
/// at `path` ([`io::ErrorKind::AlreadyExists`]); whatever was at `path` is then as it was,
/// and no temporary file is left.
pub fn write(path: &Path, contents: &[u8], replace: Replace) -> io::Result<()> {
    write_with(path, replace, |file| file.write_all(contents))
}

/// Writes what `fill` writes to the file to `path`, whole or not at all: for a writer that
/// streams its output.
///
/// # Errors
/// As [`write`], and whatever `fill` fails with.
pub fn write_with(path: &Path, replace: Replace, fill: impl FnOnce(&mut File) -> io::Result<()>) -> io::Result<()> {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut temp = tempfile::Builder::new().prefix(&leftover_prefix(path)).suffix(".part").tempfile_in(folder)?;
    fill(temp.as_file_mut())?;
    // Without this the rename can reach the disk before the data does, and a power cut
    // leaves an empty file under the old name.
    temp.as_file().sync_all()?;
    match replace {
        Replace::Allowed => temp.persist(path).map_err(|e| e.error)?,
        Replace::Refused => temp.persist_noclobber(path).map_err(|e| e.error)?,
    };
    // The rename is an entry in the folder. Not every platform lets a folder be opened this
    // way, and the file is complete either way.
    if let Ok(folder) = File::open(folder) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// Removes the temporary files that writes of `path` killed halfway left beside it; the file
/// itself is whole whatever moment they were killed at.
pub fn remove_leftovers(path: &Path) {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let prefix = leftover_prefix(path);
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(&prefix) && name.ends_with(".part") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// How a temporary file of `path` begins: hidden, and named after it.
fn leftover_prefix(path: &Path) -> String {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    format!(".{name}.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::file_names;

    /// A writer that fails halfway, after writing part of the new contents, as a full disk or
    /// a failing encoder does: the old file is whole, and nothing is left beside it.
    #[test]
    fn a_failed_write_leaves_the_old_file_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        std::fs::write(&path, "{\"language\": \"nl\"}").unwrap();
        let failed = write_with(&path, Replace::Allowed, |file| {
            file.write_all(b"{\"language\": ")?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "no space left on device"))
        });
        assert_eq!(failed.unwrap_err().kind(), io::ErrorKind::StorageFull, "the writer's failure is returned");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"language\": \"nl\"}", "the old file is whole");
        assert_eq!(file_names(dir.path()), ["settings.json"], "no temporary file is left");

        write(&path, b"{\"language\": \"de\"}", Replace::Allowed).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"language\": \"de\"}",
            "a write that succeeds replaces it"
        );
        assert_eq!(file_names(dir.path()), ["settings.json"]);
    }

    #[test]
    fn a_file_not_to_be_replaced_is_left_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game-1.csv");
        std::fs::write(&path, "mine").unwrap();
        let refused = write(&path, b"theirs", Replace::Refused).unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
        assert_eq!(file_names(dir.path()), ["game-1.csv"], "no temporary file is left");
        write(&dir.path().join("game-2.csv"), b"new", Replace::Refused).expect("a new file is written");
    }

    #[test]
    fn leftovers_of_killed_writes_are_removed_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        for name in ["settings.json", ".settings.json.a1B2c3.part", ".other.json.x.part", "settings.json.damaged-1"] {
            std::fs::write(dir.path().join(name), "x").unwrap();
        }
        remove_leftovers(&path);
        assert_eq!(file_names(dir.path()), [".other.json.x.part", "settings.json", "settings.json.damaged-1"]);
    }
}
