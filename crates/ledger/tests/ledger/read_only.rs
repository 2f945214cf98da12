//! Ledgers that cannot be written: a read-only file, a read-only folder. Opening one to write
//! is refused with the OS's reason before anything is made beside it; reading works wherever
//! the file can be read, takes no lock and needs no lock file, and reads every committed
//! move, those still only in the `-wal` file too.
//!
//! Root may write any file whatever its mode, so as root the file or folder is made
//! read-only by a read-only bind mount; elsewhere by its mode.

use std::fs;
use std::path::Path;
use std::process::Command;

use castellan_ledger::{FileProblem, Ledger, OpenError, PlayerError, StoreError};

use crate::file::{ledger_with_a_game, listing, temp_ledger_path, HolderChild, Mount};

/// Makes `target` (a file or a folder) read-only until the guard is dropped; `None`, having
/// said why, where that cannot be done.
fn read_only(target: &Path) -> Option<Option<Mount>> {
    let mount = Mount::new(target, &["--bind", target.to_str().unwrap()]);
    if mount.is_some() {
        let status = Command::new("mount").args(["-o", "remount,ro,bind"]).arg(target).status().unwrap();
        assert!(status.success(), "a bind mount made by root can be made read-only");
    } else {
        let mut permissions = fs::metadata(target).unwrap().permissions();
        permissions.set_readonly(true);
        fs::set_permissions(target, permissions).unwrap();
    }
    let probe = if target.is_dir() {
        fs::File::create(target.join("probe")).map(|_| fs::remove_file(target.join("probe")))
    } else {
        fs::OpenOptions::new().write(true).open(target).map(|_| Ok(()))
    };
    if probe.is_ok() {
        println!("skipped: {} could be made read-only neither by a mount (root) nor by its mode", target.display());
        return None;
    }
    Some(mount)
}

/// The names of the files in `folder`.
fn names(folder: &Path) -> Vec<String> {
    listing(folder)
}

/// Every byte of every file in `folder`, by name.
fn contents(folder: &Path) -> Vec<(String, Vec<u8>)> {
    listing(folder).into_iter().map(|name| (name.clone(), fs::read(folder.join(&name)).unwrap())).collect()
}

fn assert_names_the_os_reason(error: &OpenError, refused: &Path) {
    match error {
        OpenError::NotWritable { path, source } => {
            assert_eq!(path, refused, "the refusal names what cannot be written");
            assert!(
                matches!(source.kind(), std::io::ErrorKind::ReadOnlyFilesystem | std::io::ErrorKind::PermissionDenied),
                "{source:?}"
            );
        }
        other => panic!("a ledger that cannot be written must be refused as such, got {other:?}"),
    }
    let text = error.to_string();
    assert!(text.contains("cannot be written") && text.contains("(os error "), "the OS's reason is said: {text}");
}

#[test]
fn a_read_only_file_is_refused_with_the_reason_left_as_it_was_and_still_read() {
    let (folder, path) = temp_ledger_path();
    ledger_with_a_game(&path);
    let Some(_guard) = read_only(&path) else { return };
    let before = contents(folder.path());

    let error = Ledger::open(&path).expect_err("a file that cannot be written is not opened to write");
    assert_names_the_os_reason(&error, &path);
    assert!(
        contents(folder.path()) == before,
        "no -wal, -shm or lock file is made, and the file is as it was; now there: {:?}",
        names(folder.path())
    );

    let mut reader = Ledger::open_read_only(&path).expect("the file can still be read");
    let game = reader.unfinished_game().unwrap().expect("its game is there");
    assert_eq!(reader.moves(game.id).unwrap().len(), 40, "with its moves");
    let write = reader.add_player("Cleo", None);
    assert!(
        matches!(write, Err(PlayerError::Store(StoreError::File { problem: FileProblem::ReadOnly, .. }))),
        "{write:?}"
    );
    drop(reader);
    assert!(contents(folder.path()) == before, "reading left nothing beside it; now there: {:?}", names(folder.path()));
}

#[test]
fn a_ledger_in_a_read_only_folder_is_read_without_a_lock_file() {
    let (folder, path) = temp_ledger_path();
    ledger_with_a_game(&path);
    let Some(_guard) = read_only(folder.path()) else { return };
    let before = contents(folder.path());

    let error = Ledger::open(&path).expect_err("no lock file, journal or new ledger can be made there");
    assert_names_the_os_reason(&error, folder.path());
    let reader = Ledger::open_read_only(&path).expect("reading needs no lock file");
    let game = reader.unfinished_game().unwrap().expect("its game is there");
    assert_eq!(reader.moves(game.id).unwrap().len(), 40, "with its moves");
    drop(reader);
    assert!(contents(folder.path()) == before, "nothing was made or changed; now there: {:?}", names(folder.path()));
}

/// The moves of a game in progress are in the `-wal` file until the game ends; a ledger whose
/// owner was killed keeps them there. Read in a read-only folder, with the `-shm` file beside
/// it and without (a folder copied without it): every move is read, nothing is written.
#[test]
fn moves_only_in_the_wal_are_read_in_a_read_only_folder() {
    let (folder, path) = temp_ledger_path();
    drop(Ledger::open(&path).unwrap());
    HolderChild::spawn(&path, None, 30).kill();
    let wal = folder.path().join(format!("{}-wal", Ledger::FILE_NAME));
    let shm = folder.path().join(format!("{}-shm", Ledger::FILE_NAME));
    assert!(fs::metadata(&wal).unwrap().len() > 0, "the killed owner's moves are in the WAL");

    for with_shm in [true, false] {
        if !with_shm {
            fs::remove_file(&shm).unwrap();
        }
        let Some(guard) = read_only(folder.path()) else { return };
        let before = contents(folder.path());
        let reader = Ledger::open_read_only(&path).expect("the ledger can be read");
        let game = reader.unfinished_game().unwrap().expect("the killed owner's game is there");
        assert_eq!(reader.moves(game.id).unwrap().len(), 30, "with every move, -shm beside it: {with_shm}");
        drop(reader);
        assert!(
            contents(folder.path()) == before,
            "nothing was written, -shm beside it: {with_shm}; now there: {:?}",
            names(folder.path())
        );
        drop(guard);
        if guard_left_mode(folder.path()) {
            // Made read-only by its mode: writable again for the next round.
            let mut permissions = fs::metadata(folder.path()).unwrap().permissions();
            #[allow(clippy::permissions_set_readonly_false)]
            permissions.set_readonly(false);
            fs::set_permissions(folder.path(), permissions).unwrap();
        }
    }
    let owner = Ledger::open(&path).expect("writable again, the ledger opens");
    let game = owner.unfinished_game().unwrap().unwrap();
    assert_eq!(owner.moves(game.id).unwrap().len(), 30, "and no move was lost");
}

/// Whether the folder is still read-only by its mode once its mount is gone.
fn guard_left_mode(folder: &Path) -> bool {
    fs::metadata(folder).unwrap().permissions().readonly()
}
