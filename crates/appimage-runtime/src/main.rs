//! `appimage-runtime`: the program a Castellan AppImage starts with.
//!
//! ```text
//! Castellan.AppImage [ARGUMENT…]      unpacks the image once into the cache, runs AppRun
//! Castellan.AppImage --appimage-extract   unpacks the image into ./squashfs-root
//! Castellan.AppImage --appimage-offset    prints where the image starts in the file
//! Castellan.AppImage --appimage-help      prints these options
//! ```
//!
//! AppRun gets the arguments and, as AppImage runtimes set them, `APPIMAGE` (this file's
//! path), `APPDIR` (the unpacked AppDir), `ARGV0` (the name it was started by: a symbolic link
//! named `castellan` reaches the command line) and `OWD` (the folder it was started from).

use castellan_appimage_runtime::{cache, digest, elf, squashfs::Image};
use std::ffi::OsString;
use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const HELP: &str = "\
Castellan's AppImage. Without options it starts Castellan; started through a symbolic link
named `castellan` (or with `castellan` as its first argument) it runs the command line.

  --appimage-extract   unpack the AppImage into ./squashfs-root
  --appimage-offset    print where its squashfs image starts in the file
  --appimage-help      print this

The first start unpacks it into ~/.cache/castellan/appimage/ (or $XDG_CACHE_HOME's); later
starts run that copy. Each start removes the copies of other AppImages there that no
running Castellan uses.";

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(message) => {
            eprintln!("Castellan AppImage: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The AppImage: this program's own file, its image's offset, and the digest packed in it.
struct AppImage {
    path: PathBuf,
    file: File,
    offset: u64,
}

impl AppImage {
    fn open() -> Result<Self, String> {
        let path =
            std::fs::read_link("/proc/self/exe").map_err(|error| format!("cannot find its own file: {error}"))?;
        let file = File::open(&path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        let offset = elf::end_of_elf(&file).map_err(|error| format!("{}: {error}", path.display()))?;
        Ok(AppImage { path, file, offset })
    }

    fn digest(&self) -> Result<digest::Digest, String> {
        digest::embedded(&self.file, self.offset)
            .map_err(|error| format!("{}: {error}", self.path.display()))?
            .ok_or_else(|| {
                format!("{} carries no image digest: it is the bare runtime, not an AppImage", self.path.display())
            })
    }
}

fn run() -> Result<ExitCode, String> {
    let mut arguments = std::env::args_os();
    let argv0 = arguments.next().unwrap_or_default();
    let arguments: Vec<OsString> = arguments.collect();
    let appimage = AppImage::open()?;
    match arguments.first().and_then(|first| first.to_str()) {
        Some("--appimage-offset") => {
            println!("{}", appimage.offset);
            Ok(ExitCode::SUCCESS)
        }
        Some("--appimage-help") => {
            println!("{HELP}");
            Ok(ExitCode::SUCCESS)
        }
        Some("--appimage-extract") => {
            if arguments.len() > 1 {
                return Err("--appimage-extract unpacks the whole image and takes no pattern".into());
            }
            extract(&appimage)
        }
        Some(option) if option.starts_with("--appimage-") => {
            Err(format!("unknown option {option}; see --appimage-help"))
        }
        _ => start(&appimage, argv0, arguments),
    }
}

/// Unpacks into ./squashfs-root, as AppImage tools expect; an existing folder is written over.
fn extract(appimage: &AppImage) -> Result<ExitCode, String> {
    let expected = appimage.digest()?;
    let destination = Path::new("squashfs-root");
    std::fs::create_dir_all(destination).map_err(|error| format!("cannot make squashfs-root: {error}"))?;
    cache::unpack_checked(&appimage.file, appimage.offset, &expected, destination)
        .map_err(|error| format!("cannot unpack {}: {error}", appimage.path.display()))?;
    println!("squashfs-root");
    Ok(ExitCode::SUCCESS)
}

/// Finds or makes the unpacked copy and runs its AppRun in this process's place.
fn start(appimage: &AppImage, argv0: OsString, arguments: Vec<OsString>) -> Result<ExitCode, String> {
    let expected = appimage.digest()?;
    // A damaged image would fail in the middle of unpacking; say so at once.
    Image::open(appimage.file.try_clone().map_err(|error| error.to_string())?, appimage.offset)
        .map_err(|error| format!("{}: {error}", appimage.path.display()))?;
    let root = cache::root().map_err(|error| format!("no cache folder to unpack into: {error}"))?;
    let key = cache::key(env!("CARGO_PKG_VERSION"), &expected);
    cache::remove_unused(&root, &key);
    let copy = cache::find_or_unpack(&root, &key, &appimage.file, appimage.offset, &expected)
        .map_err(|error| format!("cannot unpack {} into {}: {error}", appimage.path.display(), root.display()))?;
    copy.hand_on().map_err(|error| format!("cannot hold {}: {error}", copy.dir.display()))?;
    let mut command = Command::new(copy.dir.join("AppRun"));
    command.args(arguments).env("APPIMAGE", &appimage.path).env("APPDIR", &copy.dir).env("ARGV0", &argv0);
    if let Ok(here) = std::env::current_dir() {
        command.env("OWD", here);
    }
    // exec returns only when it failed.
    let error = command.exec();
    Err(format!("cannot run {}: {error}", copy.dir.join("AppRun").display()))
}
