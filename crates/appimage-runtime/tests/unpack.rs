//! Images made by squashfs-tools' own `mksquashfs`, unpacked by the runtime and compared with
//! the folder they were made from, byte for byte; and the unpacked copy's life in the cache.

use castellan_appimage_runtime::cache;
use castellan_appimage_runtime::digest;
use castellan_appimage_runtime::squashfs::Image;
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Bytes no compressor shrinks, so that some blocks are stored as they are.
fn noise(length: usize, mut seed: u64) -> Vec<u8> {
    (0..length)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u8
        })
        .collect()
}

fn text(length: usize) -> Vec<u8> {
    b"Castellan keeps the score beside the table. ".iter().copied().cycle().take(length).collect()
}

/// A folder with what an AppDir has and the corners of the format: empty and one-byte files,
/// tails in fragments, files of exactly a block and of several, blocks of zeros (stored as
/// nothing), a program, a link, deep and empty folders, a read-only one, and a folder of 700
/// long names, whose listing spans several metadata blocks and directory headers.
fn tree(root: &Path) {
    let block = 4096;
    let write = |path: &str, bytes: &[u8], mode: u32| {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, bytes).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(mode)).unwrap();
    };
    write("empty", b"", 0o644);
    write("one", b"x", 0o644);
    write("tail", &text(1000), 0o644);
    write("exact", &noise(block, 1), 0o644);
    write("several", &[text(3 * block), noise(block + 123, 2)].concat(), 0o644);
    write("zeros", &[vec![0; 3 * block], text(10)].concat(), 0o600);
    write("usr/bin/tool", &text(block * 2 + 5), 0o755);
    write("usr/lib/deep/deeper/deepest/file.so", &noise(20_000, 3), 0o644);
    for i in 0..700 {
        write(&format!("many/a-rather-long-name-for-entry-number-{i:04}.txt"), format!("{i}").as_bytes(), 0o644);
    }
    fs::create_dir_all(root.join("empty-folder")).unwrap();
    write("read-only/inside", b"kept", 0o444);
    fs::set_permissions(root.join("read-only"), fs::Permissions::from_mode(0o555)).unwrap();
    std::os::unix::fs::symlink("usr/bin/tool", root.join("AppRun")).unwrap();
    std::os::unix::fs::symlink("../../nowhere", root.join("usr/dangling")).unwrap();
}

#[derive(Debug, PartialEq, Eq)]
enum Entry {
    Folder(u32),
    File(u32, Vec<u8>),
    Link(PathBuf),
}

/// Every path under `root` with its kind, mode and content.
fn listing(root: &Path) -> BTreeMap<PathBuf, Entry> {
    let mut entries = BTreeMap::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let meta = fs::symlink_metadata(&path).unwrap();
            let mode = meta.permissions().mode() & 0o7777;
            let name = path.strip_prefix(root).unwrap().to_path_buf();
            let kind = if meta.file_type().is_symlink() {
                Entry::Link(fs::read_link(&path).unwrap())
            } else if meta.is_dir() {
                pending.push(path.clone());
                Entry::Folder(mode)
            } else {
                Entry::File(mode, fs::read(&path).unwrap())
            };
            entries.insert(name, kind);
        }
    }
    entries
}

/// `mksquashfs` with the packager's options and `extra`; the image's path.
fn mksquashfs(source: &Path, out: &Path, extra: &[&str]) -> PathBuf {
    let image = out.join("image.sqfs");
    let status = Command::new("mksquashfs")
        .arg(source)
        .arg(&image)
        .args(["-noappend", "-comp", "gzip", "-b", "4096", "-no-xattrs", "-all-root", "-quiet", "-no-progress"])
        .args(extra)
        .status()
        .expect("mksquashfs (Debian's squashfs-tools) makes the test images: scripts/setup.sh installs it");
    assert!(status.success(), "mksquashfs failed");
    image
}

/// Puts `prefix` in front of the image, as the runtime is in front of it in an AppImage.
fn behind(prefix: &[u8], image: &Path) -> PathBuf {
    let path = image.with_extension("appimage");
    let mut file = File::create(&path).unwrap();
    file.write_all(prefix).unwrap();
    file.write_all(&fs::read(image).unwrap()).unwrap();
    path
}

fn unpacked_equals_source(extra: &[&str]) {
    let work = tempfile::tempdir().unwrap();
    let source = work.path().join("source");
    tree(&source);
    let image = mksquashfs(&source, work.path(), extra);
    let prefix = noise(1234, 9);
    let file = File::open(behind(&prefix, &image)).unwrap();
    let image = Image::open(file, prefix.len() as u64).unwrap();
    let out = work.path().join("out");
    fs::create_dir(&out).unwrap();
    let unpacked = image.unpack(&out, 3).unwrap();
    assert_eq!(unpacked.files, 709);
    assert_eq!(listing(&out), listing(&source));
    // What the test compares must be there: the lists are not equal by being empty.
    assert!(listing(&out).len() > 700);
    // Leave a deletable tree behind.
    fs::set_permissions(out.join("read-only"), fs::Permissions::from_mode(0o755)).unwrap();
    fs::set_permissions(source.join("read-only"), fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn an_image_with_compressed_tables_and_fragments_unpacks_to_its_source() {
    unpacked_equals_source(&[]);
}

#[test]
fn an_image_stored_uncompressed_unpacks_to_its_source() {
    unpacked_equals_source(&["-noI", "-noD", "-noF", "-noX"]);
}

#[test]
fn an_image_without_fragments_unpacks_to_its_source() {
    unpacked_equals_source(&["-no-fragments"]);
}

#[test]
fn an_image_with_every_tail_and_small_file_in_fragments_unpacks_to_its_source() {
    unpacked_equals_source(&["-always-use-fragments", "-b", "131072"]);
}

#[test]
fn a_truncated_image_is_refused_wherever_it_is_cut() {
    let work = tempfile::tempdir().unwrap();
    let source = work.path().join("source");
    tree(&source);
    let image = fs::read(mksquashfs(&source, work.path(), &[])).unwrap();
    // mksquashfs pads the file to 4 KiB; the image proper is as long as its superblock says.
    let used = u64::from_le_bytes(image[40..48].try_into().unwrap()) as usize;
    assert!(used <= image.len());
    for keep in [50, used / 3, used / 2, used - 100, used - 1] {
        let cut = work.path().join(format!("cut-{keep}"));
        fs::write(&cut, &image[..keep]).unwrap();
        let out = work.path().join(format!("out-{keep}"));
        fs::create_dir(&out).unwrap();
        let result = Image::open(File::open(&cut).unwrap(), 0).and_then(|image| image.unpack(&out, 2));
        assert!(result.is_err(), "an image cut to {keep} of {} bytes was unpacked", used);
    }
    fs::set_permissions(source.join("read-only"), fs::Permissions::from_mode(0o755)).unwrap();
}

/// An AppImage-like file (a prefix, then an image) and its image's digest.
fn packed(work: &Path) -> (PathBuf, u64, digest::Digest) {
    let source = work.join("source");
    tree(&source);
    fs::set_permissions(source.join("read-only"), fs::Permissions::from_mode(0o755)).unwrap();
    let prefix = noise(4000, 5);
    let path = behind(&prefix, &mksquashfs(&source, work, &[]));
    let digest = digest::of_image(&File::open(&path).unwrap(), prefix.len() as u64).unwrap();
    (path, prefix.len() as u64, digest)
}

#[test]
fn the_first_start_unpacks_and_later_ones_reuse_the_copy() {
    let work = tempfile::tempdir().unwrap();
    let (path, offset, digest) = packed(work.path());
    let root = work.path().join("cache");
    let file = File::open(&path).unwrap();
    let first = cache::find_or_unpack(&root, "0.1.0-test", &file, offset, &digest).unwrap();
    assert!(!first.reused);
    assert_eq!(first.dir, root.join("0.1.0-test"));
    assert_eq!(listing(&first.dir), listing(&work.path().join("source")));
    // A file of the copy changed by hand shows that the second start did not unpack again.
    fs::write(first.dir.join("one"), b"mine").unwrap();
    let second = cache::find_or_unpack(&root, "0.1.0-test", &file, offset, &digest).unwrap();
    assert!(second.reused);
    assert_eq!(fs::read(second.dir.join("one")).unwrap(), b"mine");
    // Only the copy is there: no temporary folder was left.
    let names: Vec<_> = fs::read_dir(&root).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["0.1.0-test"]);
}

#[test]
fn an_image_that_does_not_match_its_digest_is_refused_and_leaves_nothing() {
    let work = tempfile::tempdir().unwrap();
    let (path, offset, _) = packed(work.path());
    let other = digest::of_image(&File::open(&path).unwrap(), offset + 1).unwrap();
    let root = work.path().join("cache");
    let error = cache::find_or_unpack(&root, "0.1.0-test", &File::open(&path).unwrap(), offset, &other).unwrap_err();
    assert!(error.to_string().contains("damaged or incomplete"), "{error}");
    assert_eq!(fs::read_dir(&root).unwrap().count(), 0, "a copy or temporary folder was left");
}

#[test]
fn a_truncated_appimage_is_refused_and_leaves_nothing() {
    let work = tempfile::tempdir().unwrap();
    let (path, offset, digest) = packed(work.path());
    let bytes = fs::read(&path).unwrap();
    let cut = work.path().join("cut.appimage");
    fs::write(&cut, &bytes[..bytes.len() * 2 / 3]).unwrap();
    let root = work.path().join("cache");
    assert!(cache::find_or_unpack(&root, "0.1.0-test", &File::open(&cut).unwrap(), offset, &digest).is_err());
    assert_eq!(fs::read_dir(&root).unwrap().count(), 0, "a copy or temporary folder was left");
}

#[test]
fn an_abandoned_unpack_is_removed_and_never_used() {
    let work = tempfile::tempdir().unwrap();
    let (path, offset, digest) = packed(work.path());
    let root = work.path().join("cache");
    // What a killed unpack leaves: a temporary folder of a process that is gone, half full.
    let abandoned = root.join(".unpack-999999999-1");
    fs::create_dir_all(abandoned.join("usr")).unwrap();
    fs::write(abandoned.join("one"), b"half").unwrap();
    // And one of a process still running (this one), which must be left alone.
    let running = root.join(format!(".unpack-{}-1", std::process::id()));
    fs::create_dir_all(&running).unwrap();
    // A start clears the cache first, then unpacks.
    assert!(cache::remove_unused(&root, "0.1.0-test").is_empty());
    let copy = cache::find_or_unpack(&root, "0.1.0-test", &File::open(&path).unwrap(), offset, &digest).unwrap();
    assert!(!copy.reused);
    assert_eq!(fs::read(copy.dir.join("one")).unwrap(), b"x");
    assert!(!abandoned.exists(), "the abandoned unpack is still there");
    assert!(running.exists(), "a running unpack's folder was removed");
}

#[test]
fn two_first_starts_at_once_share_one_copy() {
    let work = tempfile::tempdir().unwrap();
    let (path, offset, digest) = packed(work.path());
    let root = work.path().join("cache");
    let copies: Vec<_> = std::thread::scope(|scope| {
        let starts: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| cache::find_or_unpack(&root, "0.1.0-test", &File::open(&path).unwrap(), offset, &digest))
            })
            .collect();
        starts.into_iter().map(|start| start.join().unwrap().unwrap()).collect()
    });
    assert!(copies.iter().all(|copy| copy.dir == root.join("0.1.0-test")));
    assert_eq!(listing(&root.join("0.1.0-test")), listing(&work.path().join("source")));
    let names: Vec<_> = fs::read_dir(&root).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["0.1.0-test"], "a temporary folder was left");
}

/// The entries of `root`, sorted.
fn names(root: &Path) -> Vec<String> {
    let mut names: Vec<_> =
        fs::read_dir(root).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

#[test]
fn a_copy_is_held_for_as_long_as_it_is_used() {
    let work = tempfile::tempdir().unwrap();
    let (path, offset, digest) = packed(work.path());
    let root = work.path().join("cache");
    let file = File::open(&path).unwrap();
    for reused in [false, true] {
        let copy = cache::find_or_unpack(&root, "0.1.0-test", &file, offset, &digest).unwrap();
        assert_eq!(copy.reused, reused);
        let other = File::open(&copy.dir).unwrap();
        assert!(other.try_lock().is_err(), "a copy in use can be locked for removal");
        drop(copy);
        other.try_lock().expect("a copy no longer used stays locked");
    }
}

#[test]
fn copies_of_other_images_are_removed_unless_a_running_program_holds_them() {
    let work = tempfile::tempdir().unwrap();
    let (path, offset, digest) = packed(work.path());
    let root = work.path().join("cache");
    // An older version's copy, with a read-only folder in it as unpacked copies have, and one
    // that a window of another version still has open.
    let old = root.join("0.0.1-0123456789abcdef");
    fs::create_dir_all(old.join("read-only")).unwrap();
    fs::write(old.join("read-only/inside"), b"old").unwrap();
    fs::set_permissions(old.join("read-only"), fs::Permissions::from_mode(0o555)).unwrap();
    let open = root.join("0.0.2-fedcba9876543210");
    fs::create_dir_all(&open).unwrap();
    let window = File::open(&open).unwrap();
    window.lock_shared().unwrap();
    // What a removal killed half-way leaves.
    let killed = root.join(".remove-999999999-1");
    fs::create_dir_all(killed.join("usr")).unwrap();

    // A start clears the cache first, then unpacks.
    assert_eq!(cache::remove_unused(&root, "0.1.0-test"), ["0.0.1-0123456789abcdef"]);
    let copy = cache::find_or_unpack(&root, "0.1.0-test", &File::open(&path).unwrap(), offset, &digest).unwrap();
    assert_eq!(names(&root), ["0.0.2-fedcba9876543210", "0.1.0-test"]);
    // Once that window closes, the next start removes its copy; the copy in use stays whole.
    drop(window);
    assert_eq!(cache::remove_unused(&root, "0.1.0-test"), ["0.0.2-fedcba9876543210"]);
    assert_eq!(names(&root), ["0.1.0-test"]);
    assert_eq!(listing(&copy.dir), listing(&work.path().join("source")));
}

#[test]
fn a_copy_held_by_another_start_is_never_removed_even_when_it_is_not_the_one_kept() {
    let work = tempfile::tempdir().unwrap();
    let (path, offset, digest) = packed(work.path());
    let root = work.path().join("cache");
    let file = File::open(&path).unwrap();
    let first = cache::find_or_unpack(&root, "0.1.0-first", &file, offset, &digest).unwrap();
    let second = cache::find_or_unpack(&root, "0.1.0-second", &file, offset, &digest).unwrap();
    // Each start keeps its own and may not take the other's while the other runs.
    assert!(cache::remove_unused(&root, "0.1.0-first").is_empty());
    assert!(cache::remove_unused(&root, "0.1.0-second").is_empty());
    drop(second);
    assert_eq!(cache::remove_unused(&root, "0.1.0-first"), ["0.1.0-second"]);
    assert!(first.dir.join("AppRun").exists());
}
