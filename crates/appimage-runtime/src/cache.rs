//! The unpacked copy of the image in the user's cache directory.
//!
//! `$XDG_CACHE_HOME/castellan/appimage/<version>-<digest>/` (`~/.cache/…` without it) holds
//! the AppDir of one image. It appears only whole: the image is unpacked into a temporary
//! folder beside it, `.unpack-<pid>-<time>`, and renamed into place once every file is out
//! and the image's digest matched. So a later start finds the copy and runs it at once, and an
//! unpack that was killed, ran out of disk or read a truncated image leaves at most a
//! temporary folder, which the next unpack removes (its process is gone) and never uses.
//! Two first starts at once both unpack; the first rename wins and the other uses its copy.

use crate::digest::{self, Digest};
use crate::squashfs::Image;
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

const TEMPORARY: &str = ".unpack-";

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

/// Where a copy was found or made.
#[derive(Debug)]
pub struct Copy {
    /// The AppDir.
    pub dir: PathBuf,
    /// Whether it was there already.
    pub reused: bool,
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

/// The copy named `key` in `root`: found, or unpacked from the image (`file` from `offset`
/// on) and checked against `expected`.
pub fn find_or_unpack(root: &Path, key: &str, file: &File, offset: u64, expected: &Digest) -> io::Result<Copy> {
    let dir = root.join(key);
    if dir.is_dir() {
        return Ok(Copy { dir, reused: true });
    }
    fs::create_dir_all(root)?;
    remove_abandoned(root);
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |time| time.as_nanos());
    let temporary = root.join(format!("{TEMPORARY}{}-{nanos}", std::process::id()));
    fs::create_dir(&temporary)?;
    if let Err(error) = unpack_checked(file, offset, expected, &temporary) {
        let _ = remove_all(&temporary);
        return Err(error);
    }
    match fs::rename(&temporary, &dir) {
        Ok(()) => Ok(Copy { dir, reused: false }),
        // Another start of the same image got there first: its copy is as good.
        Err(_) if dir.is_dir() => {
            let _ = remove_all(&temporary);
            Ok(Copy { dir, reused: true })
        }
        Err(error) => {
            let _ = remove_all(&temporary);
            Err(error)
        }
    }
}

/// Removes the temporary folders of unpacks whose process is gone.
fn remove_abandoned(root: &Path) {
    let Ok(entries) = fs::read_dir(root) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|name| name.strip_prefix(TEMPORARY)) else { continue };
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
