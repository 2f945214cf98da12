//! Castellan's AppImage runtime: the ELF program an AppImage starts with, followed by a
//! squashfs image of the AppDir (the app, its libraries, `AppRun`).
//!
//! Rather than mounting the image with FUSE, which many hosts lack or forbid, the runtime
//! unpacks it once into the user's cache directory and runs `AppRun` from there; later starts
//! find the copy and only check that it is there ([`cache`]). An unpack is written into a
//! temporary folder and renamed into place only after every file is out and the image's
//! digest matched, so a copy that is there is whole.
//!
//! - [`elf`]: where the image starts (the end of the runtime's ELF file), the type-2 magic;
//! - [`squashfs`]: reading the image, a squashfs 4.0 file system with zlib compression;
//! - [`digest`]: the image's SHA-256, written into the runtime by the packager;
//! - [`cache`]: the unpacked copy, keyed by version and digest, held while it runs; the copies
//!   of other images that nothing runs are removed.

pub mod cache;
pub mod digest;
pub mod elf;
pub mod squashfs;
