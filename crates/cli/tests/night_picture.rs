//! `castellan ledger night-picture` through the real binary and a real SQLite file.

mod common;

use common::{castellan, stderr, write};
use std::path::Path;

const GAME: &str = r#"{"format": "castellan-game-script", "version": 1,
    "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
    "moves": [{"tile": "E", "at": [0, -1], "rot": 180, "meeple": "S"},
              {"tile": "V", "at": [1, 0], "rot": 90, "meeple": "W"}],
    "final_scoring": true}"#;

/// The width and height a PNG's header gives.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

/// A ledger with three games on 2026-11-20 at the club, and one at home the next day.
fn ledger(dir: &Path) -> String {
    let db = dir.join("club.sqlite3").display().to_string();
    let game = write(dir, "game.json", GAME);
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    for again in [&[][..], &["--again"], &["--again"]] {
        let mut args = vec!["ledger", "import", &game, "--db", &db, "--date", "2026-11-20", "--place", "Club"];
        args.extend_from_slice(again);
        let out = castellan(&args);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    castellan(&["ledger", "import", &game, "--db", &db, "--date", "2026-11-21", "--place", "Home", "--again"]);
    db
}

#[test]
fn a_night_by_its_date_is_saved_as_a_png_in_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let db = ledger(dir.path());
    let mut sizes = Vec::new();
    for lang in ["en", "nl", "de"] {
        let out = dir.path().join(format!("night-{lang}.png"));
        let path = out.display().to_string();
        let run = castellan(&["ledger", "night-picture", "2026-11-20", "--db", &db, "--out", &path, "--lang", lang]);
        assert!(run.status.success(), "{}", stderr(&run));
        assert_eq!(String::from_utf8_lossy(&run.stdout).trim(), path, "the file written is named");
        sizes.push(png_size(&std::fs::read(&out).unwrap()));
    }
    assert_eq!(sizes[0].0, 1080, "{sizes:?}");
    assert!(sizes.iter().all(|&s| s == sizes[0]), "the same layout in every language: {sizes:?}");
    let nl = std::fs::read(dir.path().join("night-nl.png")).unwrap();
    assert_ne!(nl, std::fs::read(dir.path().join("night-en.png")).unwrap(), "other words, other pixels");

    let by_id = dir.path().join("by-id.png").display().to_string();
    let run = castellan(&["ledger", "night-picture", "2", "--db", &db, "--out", &by_id]);
    assert!(run.status.success(), "night 2, the one at home: {}", stderr(&run));
    assert!(png_size(&std::fs::read(&by_id).unwrap()).1 < sizes[0].1, "one game is a shorter picture than three");
}

#[test]
fn a_night_that_is_not_there_or_a_wrong_language_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = ledger(dir.path());
    let out = dir.path().join("night.png");
    let path = out.display().to_string();
    std::fs::write(&out, "the picture of last week").unwrap();
    for (args, says, code) in [
        (vec!["2026-11-19"], "no night on 2026-11-19", 1),
        (vec!["99"], "night 99", 1),
        (vec!["yesterday"], "expected YYYY-MM-DD or a night's id", 2),
        (vec!["2026-11-20", "--lang", "fr"], "--lang `fr`: expected en, nl or de", 2),
        (vec![], "night-picture takes one night", 2),
    ] {
        let mut all = vec!["ledger", "night-picture", "--db", &db, "--out", &path];
        all.extend(args.iter().copied());
        let run = castellan(&all);
        assert_eq!(run.status.code(), Some(code), "{args:?}: {}", stderr(&run));
        assert!(stderr(&run).contains(says), "{args:?}: {}", stderr(&run));
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "the picture of last week", "{args:?}: untouched");
    }
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(!names.iter().any(|n| n.to_string_lossy().ends_with(".part")), "no half file: {names:?}");

    let gone = dir.path().join("gone.sqlite3").display().to_string();
    let run = castellan(&["ledger", "night-picture", "2026-11-20", "--db", &gone, "--out", &path]);
    assert!(!run.status.success() && stderr(&run).contains("no ledger there"), "{}", stderr(&run));
    assert!(!Path::new(&gone).exists(), "reading never creates a ledger");
}

#[test]
fn two_nights_on_one_date_are_told_apart_by_their_ids() {
    let dir = tempfile::tempdir().unwrap();
    let db = ledger(dir.path());
    let game = write(dir.path(), "game.json", GAME);
    let run = castellan(&["ledger", "import", &game, "--db", &db, "--date", "2026-11-20", "--place", "Bar", "--again"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let out = dir.path().join("night.png").display().to_string();
    let run = castellan(&["ledger", "night-picture", "2026-11-20", "--db", &db, "--out", &out]);
    assert_eq!(run.status.code(), Some(1));
    assert!(stderr(&run).contains("2 nights on 2026-11-20: give one's id (1 (`Club`), 3 (`Bar`))"), "{}", stderr(&run));
    assert!(!Path::new(&out).exists(), "nothing written");
}

#[test]
fn one_game_by_its_id_is_saved_as_its_own_picture_and_a_missing_one_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = ledger(dir.path());
    let night = dir.path().join("night.png").display().to_string();
    let run = castellan(&["ledger", "night-picture", "2026-11-20", "--db", &db, "--out", &night]);
    assert!(run.status.success(), "{}", stderr(&run));
    let game = dir.path().join("game.png");
    let path = game.display().to_string();
    let run = castellan(&["ledger", "game-picture", "2", "--db", &db, "--out", &path, "--lang", "de"]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(String::from_utf8_lossy(&run.stdout).trim(), path);
    let (width, height) = png_size(&std::fs::read(&game).unwrap());
    assert_eq!(width, 1080);
    assert!(height < png_size(&std::fs::read(&night).unwrap()).1, "one game of the night's three");

    std::fs::write(&game, "kept").unwrap();
    for (args, says, code) in [
        (vec!["99"], "game 99", 1),
        (vec!["two"], "`two` is not a game id", 2),
        (vec![], "game-picture takes one game", 2),
    ] {
        let mut all = vec!["ledger", "game-picture", "--db", &db, "--out", &path];
        all.extend(args.iter().copied());
        let run = castellan(&all);
        assert_eq!(run.status.code(), Some(code), "{args:?}: {}", stderr(&run));
        assert!(stderr(&run).contains(says), "{args:?}: {}", stderr(&run));
        assert_eq!(std::fs::read_to_string(&game).unwrap(), "kept", "{args:?}: untouched");
    }
}
