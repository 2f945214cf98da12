//! The unpacked copy of the image in the user's cache directory.
//!
//! `$XDG_CACHE_HOME/castellan/appimage/<version>-<digest>/` (`~/.cache/…` without it) holds
//! the AppDir of one image. It appears only whole: the image is unpacked into a temporary
//! folder beside it, `.unpack-<pid>-<time>`, and renamed into place once every file is out
//! and the image's digest matched. So a later start finds the copy and runs it at once, and an
//! unpack that was killed, ran out of disk or read a truncated image leaves at most a
//! temporary folder, which the next start removes (its process is gone) and never uses.
//! Two first starts at once both unpack; the first rename wins and the other uses its copy.
//!
//! A copy in use is held: its folder is open with a shared lock (`flock`), which the runtime
//! hands on to AppRun and so to the app, and which lasts as long as they run. Every start
//! removes the copies of other images that nobody holds, so an update does not leave the old
//! version's 270 MB behind, while a window of the old version still open keeps its copy. A
//! copy is taken out of its place by a rename before it is emptied, under an exclusive lock,
//! so a start never finds a half-removed copy.

use crate::digest::{self, Digest};
use crate::squashfs::Image;
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The prefix of an unpack's folder before it is renamed into place.
const TEMPORARY: &str = ".unpack-";
/// The prefix of a copy taken out of its place to be removed.
const REMOVING: &str = ".remove-";

/// The folder the copies live in: `$XDG_CACHE_HOME/castellan/appimage`, or
/// `$HOME/.cache/castellan/appimage` when XDG_CACHE_HOME is unset or not absolute (as the XDG
/// base directory specification asks).
pub fn root() -> io::Result<PathBuf> {
    let base = match std::env::var_os("XDG_CACHE_HOME").map(PathBuf::from) {
        Some(path) if path.is_absolute() => path,
        _ => match std::env::var_os("HOME").map(PathBuf::from) {
            Some(home) if home.is_absolute() => home.join(".cache"),
            _ => return Err(io::Error::new(io::ErrorKind::NotFound, "neither XDG_CACHE_HOME nor HOME names a folder")),
        },
    };
    Ok(base.join("castellan").join("appimage"))
}

/// The copy's folder name: the version and the digest's first 16 hex digits (64 bits), so
/// that another build of the same version gets a copy of its own.
pub fn key(version: &str, digest: &Digest) -> String {
    format!("{version}-{}", &digest.hex()[..16])
}

/// Where a copy was found or made, held for as long as this value (or a program it is handed
/// to, [`Copy::hand_on`]) lives.
#[derive(Debug)]
pub struct Copy {
    /// The AppDir.
    pub dir: PathBuf,
    /// Whether it was there already.
    pub reused: bool,
    /// The AppDir open with a shared lock: a start of another image leaves the copy alone.
    hold: File,
}

impl Copy {
    /// Keeps the hold open across `exec`, so the program run in this process's place holds
    /// the copy until it exits.
    pub fn hand_on(&self) -> io::Result<()> {
        rustix::io::fcntl_setfd(&self.hold, rustix::io::FdFlags::empty()).map_err(io::Error::from)
    }
}

/// A unique name in `root` for a folder of this process.
fn scratch(root: &Path, prefix: &str) -> PathBuf {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |time| time.as_nanos());
    root.join(format!("{prefix}{}-{nanos}", std::process::id()))
}

/// The folder at `dir` open and locked shared, if a folder is there once the lock is held: a
/// removal may have taken it away while the lock waited for it.
fn hold_existing(dir: &Path) -> io::Result<Option<File>> {
    let folder = match File::open(dir) {
        Ok(folder) => folder,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    folder.lock_shared()?;
    Ok(still_at(&folder, dir).then_some(folder))
}

/// Whether the open `folder` is still the one at `path`.
fn still_at(folder: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (folder.metadata(), fs::symlink_metadata(path)) {
        (Ok(open), Ok(there)) => there.is_dir() && open.dev() == there.dev() && open.ino() == there.ino(),
        _ => false,
    }
}

/// Checks the image (`file` from `offset` on) against `expected` while unpacking it into
/// `destination`; fails, leaving what was written, when either fails.
pub fn unpack_checked(file: &File, offset: u64, expected: &Digest, destination: &Path) -> io::Result<()> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let image = Image::open(file.try_clone()?, offset);
    let (digest, unpacked) = std::thread::scope(|scope| {
        let digest = scope.spawn(|| digest::of_image(file, offset));
        let unpacked = image.and_then(|image| image.unpack(destination, threads));
        (digest.join().expect("hashing does not panic"), unpacked)
    });
    let digest = digest?;
    if digest != *expected {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the image is damaged or incomplete: its SHA-256 is {}, the AppImage was made with {}",
                digest.hex(),
                expected.hex()
            ),
        ));
    }
    unpacked.map(|_| ())
}

/// The copy named `key` in `root`, held: found, or unpacked from the image (`file` from
/// `offset` on) and checked against `expected`.
pub fn find_or_unpack(root: &Path, key: &str, file: &File, offset: u64, expected: &Digest) -> io::Result<Copy> {
    let dir = root.join(key);
    // A second round only when another start renamed its copy into place first, and a third
    // only if a removal took that one away again before it could be held.
    for _ in 0..3 {
        if let Some(hold) = hold_existing(&dir)? {
            return Ok(Copy { dir, reused: true, hold });
        }
        fs::create_dir_all(root)?;
        let temporary = scratch(root, TEMPORARY);
        fs::create_dir(&temporary)?;
        // Held from the start: the lock stays with the folder through the rename, so no
        // removal can take the new copy between its rename and its first use.
        let hold = File::open(&temporary)?;
        hold.lock_shared()?;
        if let Err(error) = unpack_checked(file, offset, expected, &temporary) {
            let _ = remove_all(&temporary);
            return Err(error);
        }
        match fs::rename(&temporary, &dir) {
            Ok(()) => return Ok(Copy { dir, reused: false, hold }),
            // Another start of the same image got there first: its copy is as good.
            Err(_) if dir.is_dir() => {
                let _ = remove_all(&temporary);
            }
            Err(error) => {
                let _ = remove_all(&temporary);
                return Err(error);
            }
        }
    }
    Err(io::Error::other(format!("{} kept changing while it was being unpacked", dir.display())))
}

/// Removes every copy in `root` other than `keep` that no running program holds, and what
/// killed unpacks and removals left; returns the names of the copies removed. A start calls
/// it before it looks for its own copy, so an update's unpack finds the old copy's room.
pub fn remove_unused(root: &Path, keep: &str) -> Vec<String> {
    remove_abandoned(root);
    let Ok(entries) = fs::read_dir(root) else { return Vec::new() };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let Ok(name) = entry.file_name().into_string() else { continue };
        if name == keep || name.starts_with('.') || !entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            continue;
        }
        let path = entry.path();
        let Ok(folder) = File::open(&path) else { continue };
        // Held by a running program, or being removed by another start.
        if folder.try_lock().is_err() || !still_at(&folder, &path) {
            continue;
        }
        let removing = scratch(root, REMOVING);
        if fs::rename(&path, &removing).is_ok() {
            let _ = remove_all(&removing);
            removed.push(name);
        }
    }
    removed
}

/// Removes the folders of unpacks and removals whose process is gone.
fn remove_abandoned(root: &Path) {
    let Ok(entries) = fs::read_dir(root) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) =
            name.to_str().and_then(|name| name.strip_prefix(TEMPORARY).or_else(|| name.strip_prefix(REMOVING)))
        else {
            continue;
        };
        let Some(pid) = rest.split('-').next().and_then(|pid| pid.parse::<u32>().ok()) else { continue };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = remove_all(&entry.path());
        }
    }
}

/// Removes a folder and everything in it, read-only folders included.
fn remove_all(path: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mut folders = vec![path.to_path_buf()];
    while let Some(folder) = folders.pop() {
        if fs::set_permissions(&folder, fs::Permissions::from_mode(0o700)).is_ok() {
            for entry in fs::read_dir(&folder)?.flatten() {
                if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                    folders.push(entry.path());
                }
            }
        }
    }
    fs::remove_dir_all(path)
}
