//! Reading a squashfs 4.0 image, as `mksquashfs -comp gzip` writes it, and unpacking it whole.
//!
//! The layout, all little-endian: a 96-byte superblock; data blocks (each file's full blocks,
//! and fragment blocks that pack the tails of many files); then the tables, each a run of
//! metadata blocks of at most 8 KiB, each behind a 16-bit header (its stored length, bit 15
//! set when stored uncompressed): the inode table, the directory table, the fragment table
//! (an index of 64-bit pointers to metadata blocks of 16-byte fragment entries), and the
//! export and id tables, which unpacking needs not. An inode is named by a reference: the
//! metadata block's offset from the table's start, shifted left 16, plus the offset inside the
//! block once inflated. Data block sizes carry bit 24 when stored uncompressed; size 0 is a
//! block of zeros never stored.
//!
//! Only zlib compression is read: the packager chooses it (scripts/appimage). Owners and
//! extended attributes are not restored: the user unpacks as themself, and AppDirs need none.
//! Device nodes, pipes and sockets are refused, and so is any name that would leave the folder
//! unpacked into.

use flate2::{Decompress, FlushDecompress, Status};
use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{FileExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const MAGIC: u32 = 0x7371_7368;
const ZLIB: u16 = 1;
const METADATA_SIZE: usize = 8192;
const NO_FRAGMENT: u32 = 0xFFFF_FFFF;
const BLOCK_UNCOMPRESSED: u32 = 1 << 24;
const METADATA_UNCOMPRESSED: u16 = 1 << 15;

fn corrupt(what: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("damaged squashfs image: {}", what.into()))
}

fn unsupported(what: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::Unsupported, format!("squashfs image: {}", what.into()))
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// The superblock's fields that unpacking needs.
#[derive(Clone, Copy, Debug)]
struct Superblock {
    block_size: u32,
    fragment_count: u32,
    root_inode: u64,
    bytes_used: u64,
    inode_table: u64,
    directory_table: u64,
    fragment_table: u64,
}

/// What an inode is, as far as unpacking goes.
#[derive(Clone, Debug)]
enum Kind {
    Directory { block: u32, offset: u16, size: u32 },
    File { start: u64, size: u64, fragment: Option<(u32, u32)>, blocks: Vec<u32> },
    Symlink { target: Vec<u8> },
}

#[derive(Clone, Debug)]
struct Inode {
    mode: u32,
    kind: Kind,
}

/// One metadata table (inodes or directories), its blocks inflated on first use.
struct Table {
    start: u64,
    /// By offset from the table's start: the inflated block and the offset of the next one.
    blocks: HashMap<u64, (Vec<u8>, u64)>,
}

/// Inflates one zlib stream into `out`, which must come out no longer than `limit`.
fn inflate(inflater: &mut Decompress, input: &[u8], out: &mut Vec<u8>, limit: usize) -> io::Result<()> {
    inflater.reset(true);
    out.clear();
    out.reserve(limit);
    match inflater.decompress_vec(input, out, FlushDecompress::Finish) {
        Ok(Status::StreamEnd) => Ok(()),
        Ok(_) => Err(corrupt("a block inflates to more than its limit, or ends early")),
        Err(error) => Err(corrupt(format!("a block does not inflate: {error}"))),
    }
}

/// A squashfs image inside a file, from `base` on.
pub struct Image {
    file: File,
    base: u64,
    superblock: Superblock,
    fragments: Vec<(u64, u32)>,
}

/// What unpacking wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unpacked {
    /// Regular files.
    pub files: usize,
    /// Their bytes.
    pub bytes: u64,
}

/// A file to write, found while walking the tree.
struct Job {
    path: PathBuf,
    mode: u32,
    start: u64,
    size: u64,
    fragment: Option<(u32, u32)>,
    blocks: Vec<u32>,
}

impl Image {
    /// Reads the superblock and fragment table of the image at `base` in `file`.
    pub fn open(file: File, base: u64) -> io::Result<Self> {
        let mut bytes = [0u8; 96];
        file.read_exact_at(&mut bytes, base).map_err(|_| corrupt("no superblock"))?;
        if u32_at(&bytes, 0) != MAGIC {
            return Err(corrupt("no squashfs superblock where the image should start"));
        }
        let (major, minor) = (u16_at(&bytes, 28), u16_at(&bytes, 30));
        if (major, minor) != (4, 0) {
            return Err(unsupported(format!("version {major}.{minor}, not 4.0")));
        }
        let compressor = u16_at(&bytes, 20);
        if compressor != ZLIB {
            return Err(unsupported(format!("compressor {compressor}, not zlib (1)")));
        }
        let superblock = Superblock {
            block_size: u32_at(&bytes, 12),
            fragment_count: u32_at(&bytes, 16),
            root_inode: u64_at(&bytes, 32),
            bytes_used: u64_at(&bytes, 40),
            inode_table: u64_at(&bytes, 64),
            directory_table: u64_at(&bytes, 72),
            fragment_table: u64_at(&bytes, 80),
        };
        if !(4096..=1 << 20).contains(&superblock.block_size) || !superblock.block_size.is_power_of_two() {
            return Err(corrupt(format!("block size {}", superblock.block_size)));
        }
        let length = file.metadata()?.len();
        if base + superblock.bytes_used > length {
            return Err(corrupt(format!(
                "the image needs {} bytes, the file holds {} after the runtime",
                superblock.bytes_used,
                length.saturating_sub(base)
            )));
        }
        let mut image = Image { file, base, superblock, fragments: Vec::new() };
        image.fragments = image.fragment_table()?;
        Ok(image)
    }

    /// The image's length in bytes, as its superblock says.
    pub fn bytes_used(&self) -> u64 {
        self.superblock.bytes_used
    }

    fn read_at(&self, position: u64, length: usize) -> io::Result<Vec<u8>> {
        if position.checked_add(length as u64).is_none_or(|end| end > self.superblock.bytes_used) {
            return Err(corrupt("a block lies beyond the image's end"));
        }
        let mut bytes = vec![0u8; length];
        self.file.read_exact_at(&mut bytes, self.base + position)?;
        Ok(bytes)
    }

    /// The metadata block at `position` (from the image's start), inflated, and its stored
    /// length with the header.
    fn metadata_block(&self, inflater: &mut Decompress, position: u64) -> io::Result<(Vec<u8>, u64)> {
        let header = self.read_at(position, 2)?;
        let header = u16_at(&header, 0);
        let stored = usize::from(header & !METADATA_UNCOMPRESSED);
        let bytes = self.read_at(position + 2, stored)?;
        let block = if header & METADATA_UNCOMPRESSED != 0 {
            bytes
        } else {
            let mut out = Vec::new();
            inflate(inflater, &bytes, &mut out, METADATA_SIZE)?;
            out
        };
        Ok((block, 2 + stored as u64))
    }

    /// Reads `length` bytes of `table` from block `block` (offset from the table's start),
    /// byte `offset` on, following into the next blocks; returns them and where they end.
    fn read_table(
        &self,
        inflater: &mut Decompress,
        table: &mut Table,
        mut block: u64,
        mut offset: usize,
        length: usize,
    ) -> io::Result<(Vec<u8>, u64, usize)> {
        let mut bytes = Vec::with_capacity(length);
        while bytes.len() < length {
            if !table.blocks.contains_key(&block) {
                let (data, stored) = self.metadata_block(inflater, table.start + block)?;
                table.blocks.insert(block, (data, block + stored));
            }
            let (data, next) = &table.blocks[&block];
            if offset > data.len() || (offset == data.len() && data.is_empty()) {
                return Err(corrupt("a reference points past its metadata block"));
            }
            let take = (length - bytes.len()).min(data.len() - offset);
            bytes.extend_from_slice(&data[offset..offset + take]);
            offset += take;
            if offset == data.len() && bytes.len() < length {
                (block, offset) = (*next, 0);
            }
        }
        Ok((bytes, block, offset))
    }

    /// Every fragment block's place and stored size.
    fn fragment_table(&self) -> io::Result<Vec<(u64, u32)>> {
        let count = self.superblock.fragment_count as usize;
        if count == 0 {
            return Ok(Vec::new());
        }
        let mut inflater = Decompress::new(true);
        let index = self.read_at(self.superblock.fragment_table, count.div_ceil(512) * 8)?;
        let mut fragments = Vec::with_capacity(count);
        for pointer in index.chunks_exact(8) {
            let (block, _) = self.metadata_block(&mut inflater, u64_at(pointer, 0))?;
            for entry in block.chunks_exact(16) {
                if fragments.len() < count {
                    fragments.push((u64_at(entry, 0), u32_at(entry, 8)));
                }
            }
        }
        if fragments.len() != count {
            return Err(corrupt("the fragment table is short"));
        }
        Ok(fragments)
    }

    fn inode(&self, inflater: &mut Decompress, inodes: &mut Table, reference: u64) -> io::Result<Inode> {
        let (block, offset) = (reference >> 16, (reference & 0xFFFF) as usize);
        let (header, block, offset) = self.read_table(inflater, inodes, block, offset, 16)?;
        let kind = u16_at(&header, 0);
        let mode = u32::from(u16_at(&header, 2)) & 0o7777;
        let mut read = |length| self.read_table(inflater, inodes, block, offset, length);
        let block_count = |size: u64, fragment: u32| {
            let block_size = u64::from(self.superblock.block_size);
            if fragment == NO_FRAGMENT {
                size.div_ceil(block_size)
            } else {
                size / block_size
            }
        };
        let kind = match kind {
            // A basic directory, then an extended one (whose index, for lookups, is not needed).
            1 => {
                let (fields, ..) = read(16)?;
                Kind::Directory {
                    block: u32_at(&fields, 0),
                    size: u32::from(u16_at(&fields, 8)),
                    offset: u16_at(&fields, 10),
                }
            }
            8 => {
                let (fields, ..) = read(24)?;
                Kind::Directory { size: u32_at(&fields, 4), block: u32_at(&fields, 8), offset: u16_at(&fields, 18) }
            }
            // A basic file, then an extended one; both end in their blocks' stored sizes.
            2 | 9 => {
                let (start, fragment, fragment_offset, size, fixed) = if kind == 2 {
                    let (f, ..) = read(16)?;
                    (u64::from(u32_at(&f, 0)), u32_at(&f, 4), u32_at(&f, 8), u64::from(u32_at(&f, 12)), 16)
                } else {
                    let (f, ..) = read(40)?;
                    (u64_at(&f, 0), u32_at(&f, 28), u32_at(&f, 32), u64_at(&f, 8), 40)
                };
                let count = usize::try_from(block_count(size, fragment)).map_err(|_| corrupt("a file's size"))?;
                let (all, ..) = read(fixed + 4 * count)?;
                let blocks = all[fixed..].chunks_exact(4).map(|word| u32_at(word, 0)).collect();
                let fragment = (fragment != NO_FRAGMENT).then_some((fragment, fragment_offset));
                Kind::File { start, size, fragment, blocks }
            }
            3 | 10 => {
                let (fields, ..) = read(8)?;
                let length = u32_at(&fields, 4) as usize;
                if length > 4096 {
                    return Err(corrupt("a symbolic link's target is too long"));
                }
                let (all, ..) = read(8 + length)?;
                Kind::Symlink { target: all[8..].to_vec() }
            }
            4..=7 | 11..=14 => return Err(unsupported("a device, pipe or socket in the image")),
            other => return Err(corrupt(format!("inode type {other}"))),
        };
        Ok(Inode { mode, kind })
    }

    /// A directory's entries: names and inode references, in the image's order.
    fn entries(
        &self,
        inflater: &mut Decompress,
        directories: &mut Table,
        block: u32,
        offset: u16,
        size: u32,
    ) -> io::Result<Vec<(String, u64)>> {
        // The stored size counts the "." and ".." entries, 3 bytes, which are not stored.
        let length = (size as usize).saturating_sub(3);
        let (listing, ..) = self.read_table(inflater, directories, u64::from(block), usize::from(offset), length)?;
        let mut entries = Vec::new();
        let mut at = 0;
        while at < listing.len() {
            if at + 12 > listing.len() {
                return Err(corrupt("a directory header is cut short"));
            }
            let count = u32_at(&listing, at) as usize + 1;
            let start = u64::from(u32_at(&listing, at + 4));
            at += 12;
            for _ in 0..count {
                if at + 8 > listing.len() {
                    return Err(corrupt("a directory entry is cut short"));
                }
                let inode_offset = u64::from(u16_at(&listing, at));
                let name_length = usize::from(u16_at(&listing, at + 6)) + 1;
                let name = listing.get(at + 8..at + 8 + name_length).ok_or_else(|| corrupt("a name is cut short"))?;
                let name = String::from_utf8(name.to_vec()).map_err(|_| corrupt("a name is not UTF-8"))?;
                if name == "." || name == ".." || name.contains('/') || name.contains('\0') {
                    return Err(corrupt(format!("the name {name:?} would leave its folder")));
                }
                entries.push((name, (start << 16) | inode_offset));
                at += 8 + name_length;
            }
        }
        Ok(entries)
    }

    /// Unpacks the whole image into `destination`, which must exist. Files are written by up
    /// to `threads` threads; directories get their modes last, so that a read-only one is
    /// still filled.
    pub fn unpack(&self, destination: &Path, threads: usize) -> io::Result<Unpacked> {
        let mut inflater = Decompress::new(true);
        let mut inodes = Table { start: self.superblock.inode_table, blocks: HashMap::new() };
        let mut directories = Table { start: self.superblock.directory_table, blocks: HashMap::new() };
        let mut jobs = Vec::new();
        let mut modes = Vec::new();
        let root = self.inode(&mut inflater, &mut inodes, self.superblock.root_inode)?;
        let mut pending = vec![(destination.to_path_buf(), root)];
        while let Some((path, inode)) = pending.pop() {
            let Kind::Directory { block, offset, size } = inode.kind else {
                return Err(corrupt("a directory's inode is not a directory"));
            };
            modes.push((path.clone(), inode.mode));
            for (name, reference) in self.entries(&mut inflater, &mut directories, block, offset, size)? {
                let child = self.inode(&mut inflater, &mut inodes, reference)?;
                let child_path = path.join(&name);
                match child.kind {
                    Kind::Directory { .. } => {
                        match fs::create_dir(&child_path) {
                            Err(error) if error.kind() == io::ErrorKind::AlreadyExists && child_path.is_dir() => {}
                            other => other?,
                        }
                        pending.push((child_path, child));
                    }
                    Kind::Symlink { target } => {
                        let target = String::from_utf8(target).map_err(|_| corrupt("a link target is not UTF-8"))?;
                        if fs::symlink_metadata(&child_path).is_ok() {
                            fs::remove_file(&child_path)?;
                        }
                        std::os::unix::fs::symlink(target, &child_path)?;
                    }
                    Kind::File { start, size, fragment, blocks } => {
                        jobs.push(Job { path: child_path, mode: child.mode, start, size, fragment, blocks });
                    }
                }
            }
        }
        // The biggest first, so that no thread is left with one large file at the end.
        jobs.sort_by_key(|job| std::cmp::Reverse(job.size));
        let next = AtomicUsize::new(0);
        let failure = Mutex::new(None);
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| {
                    let mut writer = Writer::new(self);
                    while let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                        if let Err(error) = writer.write(job) {
                            let mut failure = failure.lock().expect("no thread panics holding it");
                            failure.get_or_insert(io::Error::new(
                                error.kind(),
                                format!("{}: {error}", job.path.display()),
                            ));
                            // The others stop at their next file.
                            next.store(jobs.len(), Ordering::Relaxed);
                            return;
                        }
                    }
                });
            }
        });
        if let Some(error) = failure.into_inner().expect("no thread panicked") {
            return Err(error);
        }
        for (path, mode) in modes.iter().rev() {
            fs::set_permissions(path, fs::Permissions::from_mode(*mode))?;
        }
        Ok(Unpacked { files: jobs.len(), bytes: jobs.iter().map(|job| job.size).sum() })
    }
}

/// One thread's means of writing files: its inflater, buffers and the fragment block it
/// inflated last (files sharing a fragment block lie side by side in the image).
struct Writer<'a> {
    image: &'a Image,
    inflater: Decompress,
    block: Vec<u8>,
    fragment: Option<(u32, Vec<u8>)>,
}

impl<'a> Writer<'a> {
    fn new(image: &'a Image) -> Self {
        Writer { image, inflater: Decompress::new(true), block: Vec::new(), fragment: None }
    }

    /// The data block stored as `word` at `position`, inflated into `self.block`.
    fn data_block(&mut self, position: u64, word: u32, limit: usize) -> io::Result<()> {
        let stored = (word & !BLOCK_UNCOMPRESSED) as usize;
        if stored > self.image.superblock.block_size as usize {
            return Err(corrupt("a data block is larger than the block size"));
        }
        let bytes = self.image.read_at(position, stored)?;
        if word & BLOCK_UNCOMPRESSED != 0 {
            self.block = bytes;
        } else {
            inflate(&mut self.inflater, &bytes, &mut self.block, limit)?;
        }
        Ok(())
    }

    fn write(&mut self, job: &Job) -> io::Result<()> {
        let block_size = self.image.superblock.block_size as usize;
        let mut out = io::BufWriter::with_capacity(
            1 << 20,
            OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(&job.path)?,
        );
        let mut left = job.size;
        let mut position = job.start;
        for &word in &job.blocks {
            let want = left.min(block_size as u64) as usize;
            if word == 0 {
                // A block of zeros, not stored.
                out.write_all(&vec![0u8; want])?;
            } else {
                self.data_block(position, word, block_size)?;
                position += u64::from(word & !BLOCK_UNCOMPRESSED);
                if self.block.len() != want {
                    return Err(corrupt("a data block has the wrong length"));
                }
                out.write_all(&self.block)?;
            }
            left -= want as u64;
        }
        if let Some((index, offset)) = job.fragment {
            if self.fragment.as_ref().is_none_or(|(cached, _)| *cached != index) {
                let &(start, word) =
                    self.image.fragments.get(index as usize).ok_or_else(|| corrupt("a fragment index"))?;
                self.data_block(start, word, block_size)?;
                self.fragment = Some((index, std::mem::take(&mut self.block)));
            }
            let (_, fragment) = self.fragment.as_ref().expect("just set");
            let (from, to) = (offset as usize, offset as usize + left as usize);
            out.write_all(fragment.get(from..to).ok_or_else(|| corrupt("a file's tail lies outside its fragment"))?)?;
            left = 0;
        }
        if left != 0 {
            return Err(corrupt("a file's blocks do not cover its size"));
        }
        let file = out.into_inner().map_err(|error| error.into_error())?;
        file.set_permissions(fs::Permissions::from_mode(job.mode))?;
        // On disk before the copy is renamed into place: after a crash, a copy that is there
        // must not hold files the file system had not written yet.
        file.sync_data()?;
        Ok(())
    }
}
