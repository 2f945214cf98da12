//! `castellan ledger …` and the ledger file itself, through the real binary: one owner
//! whatever path names the file, a file with two names refused, and a ledger that cannot be
//! written refused with the OS's reason yet still read.
//!
//! Root may write any file whatever its mode, so as root a file or folder is made read-only
//! by a read-only bind mount in a mount namespace of the command's own (`unshare`), which
//! goes with it; elsewhere by its mode.

// Symlinks, hard links and read-only mounts are made with Unix calls.
#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use castellan_ledger::Ledger;
use castellan_table::live::Table;
use common::{write, GAME};

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// `castellan` run in `folder` (this process's working folder if `None`).
fn castellan_in(folder: Option<&Path>, args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_castellan"));
    command.args(args);
    if let Some(folder) = folder {
        command.current_dir(folder);
    }
    command.output().expect("the binary runs")
}

/// A ledger at `<tmp>/night/club.sqlite3` with one game, and other paths to it.
struct Spelled {
    dir: tempfile::TempDir,
    real: String,
    game: String,
    /// How the path is spelled, the working folder to run in, and the path.
    others: Vec<(&'static str, Option<PathBuf>, String)>,
}

impl Spelled {
    fn new() -> Spelled {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path();
        let night = base.join("night");
        std::fs::create_dir_all(night.join("sub")).unwrap();
        let real = night.join("club.sqlite3");
        let game = write(base, "game.json", GAME);
        let real_text = real.display().to_string();
        assert!(common::castellan(&["ledger", "init", "--db", &real_text]).status.success());
        std::os::unix::fs::symlink(&real, base.join("link.sqlite3")).unwrap();
        std::os::unix::fs::symlink(&night, base.join("folder-link")).unwrap();
        let show = |p: PathBuf| p.display().to_string();
        let others = vec![
            ("a symlink", None, show(base.join("link.sqlite3"))),
            ("a symlinked folder", None, show(base.join("folder-link").join("club.sqlite3"))),
            ("a path through ..", None, show(night.join("sub").join("..").join("club.sqlite3"))),
            ("a relative path", Some(night.join("sub")), "../club.sqlite3".to_owned()),
        ];
        Spelled { dir, real: real_text, game, others }
    }
}

/// The app holds the ledger (a table over it, as the window opens it); `castellan ledger
/// import` through any other spelling of its path is refused, naming the app's process, and
/// nothing of it reaches the file.
#[test]
fn an_import_through_another_spelling_of_the_apps_ledger_is_refused() {
    let spelled = Spelled::new();
    let holder = format!("process {}", std::process::id());
    for (how, folder, other) in &spelled.others {
        for (held, through) in [(&spelled.real, other), (other, &spelled.real)] {
            let folder_of_held = if held == other { folder.as_deref() } else { None };
            let held_path = folder_of_held.map_or_else(|| PathBuf::from(held), |f| f.join(held));
            let app = Table::new(Ledger::open(&held_path).unwrap());
            let in_folder = if through == other { folder.as_deref() } else { None };
            let out = castellan_in(in_folder, &["ledger", "import", &spelled.game, "--db", through]);
            assert!(!out.status.success(), "held through {held}, an import through {through} ({how}) must be refused");
            assert!(
                text(&out).contains("is open in") && text(&out).contains(&holder),
                "{how}: the app's process is named: {}",
                text(&out)
            );
            assert!(app.ledger().history().unwrap().is_empty(), "{how}: nothing was imported");
        }
    }
}

/// Two imports at once, one through each name of a hard-linked file: each would write its
/// own WAL, and the ledger keep one set of games while both reported theirs imported. Both
/// are refused, with the reason, and every game reported imported is in the ledger.
#[test]
fn two_imports_through_two_names_of_one_file_never_both_write() {
    let spelled = Spelled::new();
    let second = spelled.dir.path().join("night").join("hard.sqlite3").display().to_string();
    std::fs::hard_link(&spelled.real, &second).unwrap();
    let games: Vec<String> = (0..30).map(|_| spelled.game.clone()).collect();
    let start = |db: &str| {
        let mut args = vec!["ledger", "import", "--again", "--db", db];
        args.extend(games.iter().map(String::as_str));
        Command::new(env!("CARGO_BIN_EXE_castellan")).args(&args).output()
    };
    let (first, other) = std::thread::scope(|s| {
        let first = s.spawn(|| start(&spelled.real));
        let other = s.spawn(|| start(&second));
        (first.join().unwrap().unwrap(), other.join().unwrap().unwrap())
    });
    let reported = [&first, &other].iter().map(|o| text(o).matches("imported as game").count()).sum::<usize>();
    std::fs::remove_file(&second).unwrap();
    let stored = Ledger::open(&spelled.real).unwrap().history().unwrap().iter().map(|n| n.games.len()).sum::<usize>();
    assert_eq!(stored, reported, "every game reported imported is in the ledger");
    for out in [&first, &other] {
        assert!(!out.status.success(), "a file with two names is refused: {}", text(out));
        assert!(text(out).contains("has 2 names (hard links)"), "with the reason: {}", text(out));
    }
}

#[test]
fn init_through_a_symlink_makes_the_ledger_at_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("stick").join("club.sqlite3");
    let link = dir.path().join("club.sqlite3");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let out = common::castellan(&["ledger", "init", "--db", &link.display().to_string()]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is still a link");
    assert!(target.is_file(), "the ledger is at the link's target");
}

/// Runs `castellan args` with `target` (a file or folder) read-only; `None`, having said why,
/// where that cannot be done.
fn castellan_read_only(target: &Path, args: &[&str]) -> Option<Output> {
    let unshare = Command::new("unshare").args(["--mount", "--propagation", "private", "true"]).output();
    if unshare.is_ok_and(|o| o.status.success()) {
        // Mounted in a namespace of the command's own: the mount goes with it, whatever happens.
        let script = r#"mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@""#;
        let out = Command::new("unshare")
            .args(["--mount", "--propagation", "private", "sh", "-c", script, "sh"])
            .arg(target)
            .arg(env!("CARGO_BIN_EXE_castellan"))
            .args(args)
            .output()
            .unwrap();
        return Some(out);
    }
    let mut permissions = std::fs::metadata(target).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(target, permissions.clone()).unwrap();
    let probe = if target.is_dir() {
        std::fs::File::create(target.join("probe")).map(|_| std::fs::remove_file(target.join("probe")))
    } else {
        std::fs::OpenOptions::new().write(true).open(target).map(|_| Ok(()))
    };
    let out = probe.is_err().then(|| common::castellan(args));
    #[allow(clippy::permissions_set_readonly_false)]
    permissions.set_readonly(false);
    std::fs::set_permissions(target, permissions).unwrap();
    if out.is_none() {
        println!("skipped: {} could be made read-only neither by a mount nor by its mode", target.display());
    }
    out
}

/// The names of the files in `folder`.
fn names(folder: &Path) -> Vec<String> {
    contents(folder).into_iter().map(|(name, _)| name).collect()
}

/// Every file in `folder`, with its bytes.
fn contents(folder: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap()))
        .collect();
    files.sort();
    files
}

#[test]
fn init_on_a_read_only_ledger_says_it_cannot_write_and_why() {
    let spelled = Spelled::new();
    let folder = spelled.dir.path().join("night");
    let before = contents(&folder);
    let Some(out) = castellan_read_only(Path::new(&spelled.real), &["ledger", "init", "--db", &spelled.real]) else {
        return;
    };
    assert!(!out.status.success(), "a ledger that cannot be written is not ready: {}", text(&out));
    assert!(!text(&out).contains("ledger ready"), "{}", text(&out));
    assert!(
        text(&out).contains("cannot be written") && text(&out).contains("(os error "),
        "says it cannot write, and the OS's reason: {}",
        text(&out)
    );
    assert!(
        contents(&folder) == before,
        "no -wal or -shm is left beside it, and it is as it was; now there: {:?}",
        names(&folder)
    );
}

#[test]
fn stats_and_export_read_a_ledger_that_cannot_be_written() {
    let spelled = Spelled::new();
    assert!(common::castellan(&["ledger", "import", &spelled.game, "--db", &spelled.real]).status.success());
    let folder = spelled.dir.path().join("night");
    let out = spelled.dir.path().join("out");
    let out_text = out.display().to_string();
    for target in [Path::new(&spelled.real), folder.as_path()] {
        let before = contents(&folder);
        let Some(stats) = castellan_read_only(target, &["ledger", "stats", "--db", &spelled.real, "--json"]) else {
            return;
        };
        assert!(stats.status.success(), "{target:?} read-only, stats only read: {}", text(&stats));
        let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).expect("stats are JSON");
        assert_eq!(stats["players"].as_array().map(Vec::len), Some(2), "the imported game's players are there");
        let args = ["ledger", "export", "--db", &spelled.real, "--format", "csv", "--out", &out_text];
        let export = castellan_read_only(target, &args).unwrap();
        assert!(export.status.success(), "{target:?} read-only, export only reads: {}", text(&export));
        assert!(std::fs::read_to_string(out.join("results.csv")).unwrap().contains("Anna"));
        assert!(
            contents(&folder) == before,
            "{target:?} read-only: nothing was made beside the ledger; now there: {:?}",
            names(&folder)
        );

        let import = castellan_read_only(target, &["ledger", "import", &spelled.game, "--db", &spelled.real]).unwrap();
        assert!(!import.status.success(), "an import cannot be written");
        assert!(text(&import).contains("(os error "), "and says the OS's reason: {}", text(&import));
    }
}
