//! The app's ledger and an import beside it, through another path to the same file: the app
//! (a [`Table`] over the ledger, in a process of its own, as the window holds it) keeps the
//! file to itself, so an import through a symlink, a symlinked folder, `..`, a relative path
//! or a hard link is refused, and the app's next game cannot take an id given out elsewhere.
//!
//! The import is made as `castellan ledger import` makes it: the ledger opened by the path
//! given, then [`import::import_script`]. The app is this test binary run again with only
//! [`app_process_entry_point`] selected.

// Symlinks, hard links and read-only mounts are made with Unix calls.
#![cfg(unix)]

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use castellan_engine::GameSetup;
use castellan_ledger::{Ledger, LedgerError, OpenError};
use castellan_table::import::{self, Occasion, Repeat};
use castellan_table::{Table, TableError};
use chrono::{DateTime, Utc};

/// Set in the app's process: the ledger path it opens.
const APP_FILE: &str = "CASTELLAN_TABLE_APP_FILE";

const GAME: &str = r#"{"format": "castellan-game-script", "version": 1,
    "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
    "setup": {"sets": ["base"]},
    "moves": [{"tile": "E", "at": [0, -1], "rot": 180, "meeple": "S"},
              {"tile": "V", "at": [1, 0], "rot": 90, "meeple": "W"}],
    "final_scoring": true}"#;

fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-20T19:30:00Z").unwrap().with_timezone(&Utc)
}

/// Only does anything when run as the app of the test below: opens the ledger as the window
/// does, starts a game, says so, and holds the file until it is killed.
#[test]
fn app_process_entry_point() {
    let Some(path) = std::env::var_os(APP_FILE) else {
        return;
    };
    let mut table = Table::new(Ledger::open(&path).expect("the app opens its ledger"));
    let id = table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).expect("a game starts").id();
    println!("@open {}", id.0);
    std::io::Write::flush(&mut std::io::stdout()).unwrap();
    loop {
        std::thread::sleep(std::time::Duration::from_secs(60));
    }
}

/// The app, running in its own process over the ledger at `path`; killed when dropped.
struct App(Child);

impl App {
    fn start(path: &Path) -> App {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "app_process_entry_point", "--nocapture", "--test-threads=1"])
            .env(APP_FILE, path)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
        assert!(lines.any(|line| line.unwrap().contains("@open")), "the app must open the ledger");
        App(child)
    }
}

impl Drop for App {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// An import of [`GAME`] into the ledger at `path`, as `castellan ledger import` makes it.
fn import_as_the_cli_does(path: &Path) -> Result<(), TableError> {
    let mut ledger = Ledger::open(path).map_err(TableError::from)?;
    let occasion = Occasion { date: now().date_naive(), place: None, now: now(), app_version: "test".into() };
    import::import_script(&mut ledger, &occasion, "game.json", GAME, Repeat::Allow).map(|_| ())
}

/// The games in the ledger at `path`, once no one holds it.
fn games_in(path: &Path) -> Vec<i64> {
    let ledger = Ledger::open(path).unwrap();
    let mut ids: Vec<i64> =
        ledger.history().unwrap().iter().flat_map(|night| night.games.iter().map(|g| g.game.id.0)).collect();
    ids.sort_unstable();
    ids
}

#[test]
fn an_import_through_another_path_to_the_apps_ledger_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path();
    let night = base.join("night");
    std::fs::create_dir_all(night.join("sub")).unwrap();
    let real = night.join("club.sqlite3");
    drop(Ledger::open(&real).unwrap());
    std::os::unix::fs::symlink(&real, base.join("link.sqlite3")).unwrap();
    std::os::unix::fs::symlink(&night, base.join("folder-link")).unwrap();
    let here = std::env::current_dir().unwrap().canonicalize().unwrap();
    let mut relative: PathBuf = here.components().skip(1).map(|_| "..").collect();
    relative.extend(real.components().skip(1));
    let spellings = [
        ("its own path", real.clone()),
        ("a symlink", base.join("link.sqlite3")),
        ("a symlinked folder", base.join("folder-link").join("club.sqlite3")),
        ("a path through ..", night.join("sub").join("..").join("club.sqlite3")),
        ("a relative path", relative),
    ];

    for (held_how, held) in &spellings {
        let app = App::start(held);
        for (how, other) in &spellings {
            let refused = import_as_the_cli_does(other).expect_err("the app has the ledger");
            assert!(
                matches!(&refused, TableError::Ledger(LedgerError::Open(OpenError::InUse { holder, .. })) if holder.pid == Some(app.0.id())),
                "app through {held_how}, import through {how}: refused, naming the app, got {refused:?}"
            );
        }
        drop(app);
    }
    assert_eq!(
        games_in(&real),
        (1..=5).collect::<Vec<_>>(),
        "the apps' five games, one after the other, and no import"
    );

    // A second name made while the app runs: an import through it must not write a ledger of
    // its own that the app does not see.
    let app = App::start(&real);
    let second = night.join("hard.sqlite3");
    std::fs::hard_link(&real, &second).unwrap();
    let refused = import_as_the_cli_does(&second).expect_err("two names, two ledgers to SQLite");
    assert!(
        matches!(refused, TableError::Ledger(LedgerError::Open(OpenError::HardLinked { links: 2, .. }))),
        "{refused:?}"
    );
    drop(app);
    std::fs::remove_file(&second).unwrap();
    let app = App::start(&real);
    drop(app);
    assert_eq!(games_in(&real), (1..=7).collect::<Vec<_>>(), "the app's games have ids of their own, no import's");
}
