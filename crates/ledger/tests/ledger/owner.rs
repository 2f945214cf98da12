//! One ledger file, one owner, however its path is spelled: through a symlink to the file or
//! to its folder, through `..`, relative to the working folder. A file with a second name (a
//! hard link) is refused outright: SQLite keeps a WAL per name, so two names would be two
//! ledgers to it.

use std::fs;
use std::path::{Component, Path, PathBuf};

use castellan_ledger::{Ledger, OpenError};

use crate::file::HolderChild;
use crate::{at, seat_two, tile_move};

/// A ledger file at `<folder>/castellan.sqlite3`, and the other spellings of its path.
struct Spelled {
    _folder: tempfile::TempDir,
    real: PathBuf,
    others: Vec<(&'static str, PathBuf)>,
}

impl Spelled {
    fn new() -> Spelled {
        let folder = tempfile::tempdir().unwrap();
        let base = folder.path();
        let real = base.join("night").join(Ledger::FILE_NAME);
        fs::create_dir_all(base.join("night").join("sub")).unwrap();
        drop(Ledger::open(&real).unwrap());
        std::os::unix::fs::symlink(&real, base.join("link.sqlite3")).unwrap();
        std::os::unix::fs::symlink(Path::new("night").join(Ledger::FILE_NAME), base.join("relative-link.sqlite3"))
            .unwrap();
        std::os::unix::fs::symlink(base.join("night"), base.join("folder-link")).unwrap();
        let others = vec![
            ("a symlink to the file", base.join("link.sqlite3")),
            ("a relative symlink to the file", base.join("relative-link.sqlite3")),
            ("a symlink to its folder", base.join("folder-link").join(Ledger::FILE_NAME)),
            ("a path through ..", base.join("night").join("sub").join("..").join(Ledger::FILE_NAME)),
            ("a path through .", base.join("night").join(".").join(Ledger::FILE_NAME)),
            ("a path relative to the working folder", relative_to_working_folder(&real)),
        ];
        Spelled { _folder: folder, real, others }
    }
}

/// `path` as seen from this process's working folder: `../..` up to the root, then down.
fn relative_to_working_folder(path: &Path) -> PathBuf {
    let here = std::env::current_dir().unwrap().canonicalize().unwrap();
    let mut relative: PathBuf = here.components().filter(|c| matches!(c, Component::Normal(_))).map(|_| "..").collect();
    relative.extend(path.components().filter(|c| matches!(c, Component::Normal(_))));
    assert!(relative.is_relative());
    relative
}

fn assert_in_use(error: OpenError, how: &str, real: &Path, pid: u32) {
    match &error {
        OpenError::InUse { path, holder } => {
            assert_eq!(holder.pid, Some(pid), "through {how}: the holder is named");
            assert_eq!(path, real, "through {how}: the refusal names the file itself");
        }
        other => panic!("through {how}, a second writer must be refused as the file is in use, got {other:?}"),
    }
}

#[test]
fn every_spelling_of_the_path_meets_the_one_owner_in_this_process() {
    let spelled = Spelled::new();
    let me = std::process::id();
    for (how, other) in &spelled.others {
        let owner = Ledger::open(&spelled.real).unwrap();
        let refused = Ledger::open(other).expect_err("the file has an owner already");
        assert_in_use(refused, how, &spelled.real, me);
        drop(owner);

        let owner = Ledger::open(other).unwrap_or_else(|e| panic!("through {how} the ledger opens: {e}"));
        assert_eq!(owner.path(), Some(spelled.real.as_path()), "through {how}, the ledger knows its file");
        let refused = Ledger::open(&spelled.real).expect_err("the file has an owner already");
        assert_in_use(refused, how, &spelled.real, me);
        drop(owner);
    }
    let files = fs::read_dir(spelled.real.parent().unwrap()).unwrap().count();
    assert_eq!(files, 2, "closed, the folder holds the ledger and its sub-folder, no lock file");
}

#[test]
fn every_spelling_of_the_path_meets_the_owner_in_another_process() {
    let spelled = Spelled::new();
    let folder = spelled.real.parent().unwrap();
    // Held through a relative path from its own folder, then through a symlink.
    let holders = [(Path::new(Ledger::FILE_NAME), Some(folder)), (spelled.others[0].1.as_path(), None)];
    for (path, working_folder) in holders {
        let mut holder = HolderChild::spawn(path, working_folder, 0);
        let pid = holder.0.id();
        assert_in_use(Ledger::open(&spelled.real).unwrap_err(), "its own path", &spelled.real, pid);
        for (how, other) in &spelled.others {
            assert_in_use(Ledger::open(other).unwrap_err(), how, &spelled.real, pid);
        }
        holder.kill();
    }
}

#[test]
fn a_ledger_file_with_two_names_is_refused_untouched() {
    let spelled = Spelled::new();
    let folder = spelled.real.parent().unwrap();
    let second = folder.join("hard.sqlite3");
    fs::hard_link(&spelled.real, &second).unwrap();
    let before = fs::read(&spelled.real).unwrap();
    for name in [&spelled.real, &second] {
        for outcome in [Ledger::open(name), Ledger::open_read_only(name)] {
            let error = outcome.expect_err("a file with two names is two ledgers to SQLite");
            assert!(
                matches!(&error, OpenError::HardLinked { path, links: 2 } if path == name),
                "{name:?}: the second name must be named as the reason, got {error:?}"
            );
            let text = error.to_string();
            assert!(text.contains("2 names") && text.contains("hard link"), "said in words: {text}");
        }
    }
    assert_eq!(fs::read(&spelled.real).unwrap(), before, "the file is as it was");
    let mut names: Vec<_> = fs::read_dir(folder).unwrap().map(|e| e.unwrap().file_name()).collect();
    names.sort();
    assert_eq!(names, [Ledger::FILE_NAME, "hard.sqlite3", "sub"], "no journal or lock file is left beside it");

    fs::remove_file(&second).unwrap();
    Ledger::open(&spelled.real).expect("with one name again, the ledger opens");
}

/// The case that lost games: the app holds the ledger, and an import goes through a hard link
/// made meanwhile. Refused, so the app's next game cannot take an id given out elsewhere.
#[test]
fn a_hard_link_made_while_the_ledger_is_held_is_refused() {
    let spelled = Spelled::new();
    let mut owner = Ledger::open(&spelled.real).unwrap();
    let second = spelled.real.parent().unwrap().join("hard.sqlite3");
    fs::hard_link(&spelled.real, &second).unwrap();
    let error = Ledger::open(&second).expect_err("the link is the same file");
    assert!(matches!(error, OpenError::HardLinked { links: 2, .. }), "{error:?}");
    let (.., game) = seat_two(&mut owner);
    let seen = owner.cursor(game).unwrap();
    owner.append_move(game, seen, &tile_move(1), at(1)).expect("the owner writes on");
    assert!(!Path::new(&format!("{}-wal", second.display())).exists(), "no WAL was made for the second name");
}

#[test]
fn a_new_ledger_through_a_symlink_is_made_at_its_target() {
    let folder = tempfile::tempdir().unwrap();
    let target = folder.path().join("stick").join("club.sqlite3");
    let link = folder.path().join("club.sqlite3");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let ledger = Ledger::open(&link).expect("a dangling symlink names where the ledger goes");
    assert_eq!(ledger.path(), Some(target.as_path()));
    drop(ledger);
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    assert!(fs::metadata(&target).unwrap().is_file(), "the ledger is at its target");
    let reopened = Ledger::open(&link).unwrap();
    assert_eq!(reopened.schema_version().unwrap(), castellan_ledger::migration::SCHEMA_VERSION);
}
