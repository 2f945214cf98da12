//! The image's SHA-256, carried by the runtime.
//!
//! The runtime is built before the image exists, so it holds a slot: a marker followed by 64
//! `0`s. scripts/appimage finds the marker in the runtime file (it is there once) and writes
//! the image's digest in hex over the `0`s. The runtime reads its own file to find it again,
//! not the static in memory, which the compiler may have folded.
//!
//! The digest names the unpacked copy (a new image never reuses an old copy) and is checked
//! against the image on every unpack, so a truncated or damaged AppImage is refused instead
//! of run half.

use sha2::{Digest as _, Sha256};
use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::FileExt;

/// How long the slot's marker `castellan-appimage-digest:` is; the packager searches for it.
const MARKER_LEN: usize = 26;
const HEX_LEN: usize = 64;

/// The slot, marker and placeholder. Only its marker is read in memory.
static SLOT: [u8; MARKER_LEN + HEX_LEN] =
    *b"castellan-appimage-digest:0000000000000000000000000000000000000000000000000000000000000000";

/// A SHA-256 in lower-case hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digest(String);

impl Digest {
    /// The hex digits.
    pub fn hex(&self) -> &str {
        &self.0
    }
}

/// The digest the packager wrote into the runtime part of `file` (its first `runtime_len`
/// bytes); `None` when the slot is missing or still holds the placeholder, as in a runtime
/// that was never packed.
pub fn embedded(file: &File, runtime_len: u64) -> io::Result<Option<Digest>> {
    let mut runtime = vec![0u8; usize::try_from(runtime_len).map_err(io::Error::other)?];
    file.read_exact_at(&mut runtime, 0)?;
    let marker = marker();
    let Some(at) = runtime.windows(marker.len()).position(|window| window == marker) else {
        return Ok(None);
    };
    let hex = &runtime[at + marker.len()..(at + marker.len() + HEX_LEN).min(runtime.len())];
    if hex.len() != HEX_LEN || hex.iter().all(|&b| b == b'0') {
        return Ok(None);
    }
    if !hex.iter().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b)) {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "the runtime's digest slot holds no digest"));
    }
    Ok(Some(Digest(String::from_utf8(hex.to_vec()).expect("ASCII"))))
}

/// The slot's marker, read from the slot itself: the program must hold these bytes once only
/// (a literal of them would be a second match), and black_box keeps the compiler from
/// reading them anywhere but there.
fn marker() -> &'static [u8] {
    &std::hint::black_box(&SLOT)[..MARKER_LEN]
}

/// The SHA-256 of `file` from `offset` to its end.
pub fn of_image(file: &File, offset: u64) -> io::Result<Digest> {
    let mut reader = io::BufReader::with_capacity(1 << 20, file);
    io::Seek::seek(&mut reader, io::SeekFrom::Start(offset))?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 20];
    loop {
        let read = reader.read(&mut buffer)?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
    }
    Ok(Digest(hasher.finalize().iter().map(|byte| format!("{byte:02x}")).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn file_with(bytes: &[u8]) -> (tempfile::TempDir, File) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("runtime");
        File::create(&path).unwrap().write_all(bytes).unwrap();
        (dir, File::open(&path).unwrap())
    }

    #[test]
    fn the_runtime_itself_holds_the_slot_once_and_unfilled() {
        let exe = File::open("/proc/self/exe").unwrap();
        let len = exe.metadata().unwrap().len();
        let mut bytes = vec![0u8; len as usize];
        exe.read_exact_at(&mut bytes, 0).unwrap();
        assert_eq!(bytes.windows(MARKER_LEN).filter(|w| *w == marker()).count(), 1);
        assert_eq!(embedded(&exe, len).unwrap(), None);
    }

    #[test]
    fn a_filled_slot_is_read_back() {
        let hex = "0123456789abcdef".repeat(4);
        let (_dir, file) = file_with(format!("ELF…{}{hex}…", std::str::from_utf8(marker()).unwrap()).as_bytes());
        assert_eq!(embedded(&file, file.metadata().unwrap().len()).unwrap().unwrap().hex(), hex);
    }

    #[test]
    fn the_digest_covers_the_image_after_the_offset() {
        let (_dir, file) = file_with(b"runtimeabc");
        // SHA-256("abc")
        assert_eq!(
            of_image(&file, 7).unwrap().hex(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
