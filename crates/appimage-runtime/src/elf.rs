//! The runtime's own ELF file, and where the image appended to it starts.
//!
//! The linker writes the section header table last, so the ELF file ends right after it:
//! `e_shoff + e_shnum × e_shentsize`. The image starts there, which is also how other
//! AppImage tools find it.

use std::io;
use std::os::unix::fs::FileExt;

/// What a type-2 AppImage carries at byte 8 of its ELF header (in `e_ident`'s padding, which
/// loaders ignore), so that desktops and tools recognise it.
pub const APPIMAGE_MAGIC: [u8; 3] = *b"AI\x02";

/// The ELF header's first 64 bytes: identification and the section header table's place.
fn header(file: &impl FileExt) -> io::Result<[u8; 64]> {
    let mut header = [0u8; 64];
    file.read_exact_at(&mut header, 0)?;
    if header[..4] != *b"\x7fELF" {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "not an ELF file"));
    }
    // ELFCLASS64, ELFDATA2LSB: the runtime is built for x86-64 only.
    if header[4] != 2 || header[5] != 1 {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "not a 64-bit little-endian ELF file"));
    }
    Ok(header)
}

/// Where the ELF file in `file` ends: the offset of the image appended to it.
pub fn end_of_elf(file: &impl FileExt) -> io::Result<u64> {
    let header = header(file)?;
    let shoff = u64::from_le_bytes(header[0x28..0x30].try_into().expect("8 bytes"));
    let shentsize = u16::from_le_bytes([header[0x3a], header[0x3b]]);
    let shnum = u16::from_le_bytes([header[0x3c], header[0x3d]]);
    Ok(shoff + u64::from(shentsize) * u64::from(shnum))
}

/// Whether `file` carries the type-2 AppImage magic.
pub fn has_appimage_magic(file: &impl FileExt) -> io::Result<bool> {
    Ok(header(file)?[8..11] == APPIMAGE_MAGIC)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs::File;

    #[test]
    fn a_plain_elf_file_ends_where_the_file_ends() {
        // The test binary itself: nothing is appended to it.
        let exe = File::open("/proc/self/exe").unwrap();
        assert_eq!(end_of_elf(&exe).unwrap(), exe.metadata().unwrap().len());
        assert!(!has_appimage_magic(&exe).unwrap());
    }

    #[test]
    fn a_file_that_is_not_elf_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("not-elf");
        std::fs::write(&path, [b'#'; 64]).unwrap();
        let error = end_of_elf(&File::open(&path).unwrap()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
    }
}
