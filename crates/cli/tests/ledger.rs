//! `castellan ledger …` through the real binary and a real SQLite file.

use std::path::Path;
use std::process::{Command, Output};

fn castellan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_castellan")).args(args).output().expect("the binary runs")
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

const GAME: &str = r#"{"format": "castellan-game-script", "version": 1,
    "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
    "setup": {"sets": ["base"]},
    "moves": [{"tile": "E", "at": [0, -1], "rot": 180, "meeple": "S"},
              {"tile": "V", "at": [1, 0], "rot": 90, "meeple": "W"}],
    "final_scoring": true}"#;

fn write(dir: &Path, name: &str, contents: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, contents).unwrap();
    p.display().to_string()
}

#[test]
fn import_export_and_stats_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite3").display().to_string();
    let good = write(dir.path(), "good.json", GAME);
    let bad = write(dir.path(), "bad.json", &GAME.replace("\"rot\": 90", "\"rot\": 270"));

    let missing = castellan(&["ledger", "import", &good, "--db", &db]);
    assert!(!missing.status.success() && text(&missing).contains("no ledger there"), "{}", text(&missing));
    assert!(!Path::new(&db).exists(), "a missing ledger is not created by import");

    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    let out = castellan(&["ledger", "import", &good, &bad, "--db", &db, "--date", "2026-11-20", "--place", "Club"]);
    assert!(!out.status.success(), "one file was refused");
    assert!(text(&out).contains("good.json: imported as game 1"), "{}", text(&out));
    assert!(text(&out).contains("bad.json: move 1: tile V at [1,0] rot 270 does not match"), "{}", text(&out));

    let stats = castellan(&["ledger", "stats", "--db", &db, "--json"]);
    let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).expect("stats are JSON");
    let anna = stats["players"].as_array().unwrap().iter().find(|p| p["name"] == "Anna").expect("Anna");
    assert_eq!((anna["games"].as_u64(), anna["wins"].as_u64()), (Some(1), Some(1)), "only the good game counts");
    assert_eq!(anna["points"]["cities"], 4, "her two-tile city");
    let ratings = stats["ratings"].as_array().expect("ratings are listed");
    let rated: Vec<(&str, bool, usize)> = ratings
        .iter()
        .map(|r| (r["name"].as_str().unwrap(), r["provisional"] == true, r["history"].as_array().unwrap().len()))
        .collect();
    assert_eq!(rated, [("Anna", true, 1), ("Bram", true, 1)], "the winner first, both new, one game each");
    assert!(ratings[0]["rating"].as_f64().unwrap() > 25.0 && ratings[1]["rating"].as_f64().unwrap() < 25.0);
    assert_eq!(ratings[0]["history"][0]["date"], "2026-11-20", "the history names the night");
    let pair = &stats["head_to_head"][0];
    assert_eq!((pair["a"].as_str(), pair["average_margin"].as_f64()), (Some("Anna"), Some(2.0)), "4 to 2");
    assert_eq!(pair["by_box"][0]["key"], "base");
    assert_eq!(pair["by_farm_rule"][0]["key"], "c3", "the setup names no farm rule: the current one");
    let city = &stats["records"]["biggest_city"];
    assert_eq!(
        (city["player"].as_str(), city["value"].as_u64(), city["turn"].as_u64()),
        (Some("Anna"), Some(2), Some(1))
    );
    assert_eq!(stats["records"]["closest_finish"]["value"], 2, "Anna by 2");
    let turn = &stats["records"]["most_points_in_turn"];
    assert_eq!(
        (turn["player"].as_str(), turn["value"].as_u64(), turn["turn"].as_u64()),
        (Some("Anna"), Some(4), Some(1))
    );
    assert_eq!(stats["boxes"][0]["players"][0]["wins"], 1, "Anna won her base game");

    let out_dir = dir.path().join("out");
    let out_s = out_dir.display().to_string();
    for format in ["script", "csv", "bgstats"] {
        let o = castellan(&["ledger", "export", "--db", &db, "--format", format, "--out", &out_s]);
        assert!(o.status.success(), "{format}: {}", text(&o));
    }
    let csv = std::fs::read_to_string(out_dir.join("results.csv")).unwrap();
    assert!(csv.lines().any(|l| l.starts_with("1,2026-11-20,Club,") && l.contains(",Anna,red,1,1,4,")), "{csv}");
    // The exported script replays to the same scores.
    let score = castellan(&["score", &out_dir.join("game-1.json").display().to_string()]);
    let report: serde_json::Value = serde_json::from_slice(&score.stdout).expect("score prints JSON");
    assert_eq!(report["scores"], serde_json::json!({"Anna": 4, "Bram": 2}), "Bram's open road of 2 at the end");
}

#[test]
fn a_damaged_ledger_is_reported_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = write(dir.path(), "damaged.sqlite3", "this is not a database\n");
    let before = std::fs::read(&db).unwrap();
    let game = write(dir.path(), "g.json", GAME);
    for args in [
        vec!["ledger", "stats", "--db", &db, "--json"],
        vec!["ledger", "import", &game, "--db", &db],
        vec!["ledger", "init", "--db", &db],
    ] {
        let o = castellan(&args);
        assert!(!o.status.success(), "{args:?} must fail");
        assert!(text(&o).contains(&format!("{db}: the ledger is damaged")), "{args:?}: {}", text(&o));
    }
    assert_eq!(std::fs::read(&db).unwrap(), before, "the damaged file's bytes are unchanged");
}

#[test]
fn a_ledger_open_elsewhere_is_read_but_not_written_and_its_holder_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite3").display().to_string();
    let good = write(dir.path(), "good.json", GAME);
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    assert!(castellan(&["ledger", "import", &good, "--db", &db]).status.success());

    // This test process plays the app with the ledger open.
    let app = castellan_ledger::Ledger::open(&db).unwrap();
    let holder = format!("process {}", std::process::id());
    for args in [vec!["ledger", "import", &good, "--db", &db], vec!["ledger", "init", "--db", &db]] {
        let out = castellan(&args);
        assert!(!out.status.success(), "{args:?} must not write to a ledger open elsewhere");
        assert!(text(&out).contains("is open in") && text(&out).contains(&holder), "{args:?}: {}", text(&out));
    }
    let stats = castellan(&["ledger", "stats", "--db", &db, "--json"]);
    assert!(stats.status.success(), "stats only read, beside the app: {}", text(&stats));
    let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).expect("stats are JSON");
    assert_eq!(stats["players"].as_array().map(Vec::len), Some(2), "the imported game's players are there");
    let out = dir.path().join("out").display().to_string();
    let export = castellan(&["ledger", "export", "--db", &db, "--format", "csv", "--out", &out]);
    assert!(export.status.success(), "export only reads: {}", text(&export));
    assert_eq!(app.history().unwrap().len(), 1, "the app's ledger holds the one night, imported once");
}

#[test]
fn importing_a_file_twice_is_refused_unless_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite3").display().to_string();
    let game = write(dir.path(), "g.json", GAME);
    let same = write(dir.path(), "same.json", &GAME.replace("\"Bram\"", "\"anna \""));
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    let import = |extra: &[&str]| {
        let mut args = vec!["ledger", "import", &game, "--db", &db, "--date", "2026-11-20", "--place", "Club"];
        args.extend_from_slice(extra);
        castellan(&args)
    };
    assert!(import(&[]).status.success());
    let again = import(&[]);
    assert!(!again.status.success(), "the second import is refused");
    assert!(
        text(&again).contains("g.json: already in the ledger as game 1 of 2026-11-20 at Club"),
        "names the stored game: {}",
        text(&again)
    );
    assert!(text(&again).contains("--again"), "and says how to import it anyway: {}", text(&again));
    let forced = import(&["--again"]);
    assert!(forced.status.success() && text(&forced).contains("imported as game 2"), "{}", text(&forced));

    let refused = castellan(&["ledger", "import", &same, "--db", &db]);
    assert!(
        text(&refused).contains("same.json: two seats for the same player: Anna and anna"),
        "names the file and both names: {}",
        text(&refused)
    );
    let stats = castellan(&["ledger", "stats", "--db", &db, "--json"]);
    let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).expect("stats are JSON");
    assert_eq!(stats["players"].as_array().unwrap().len(), 2, "the refused file added no player");
}

#[test]
fn players_whose_names_now_count_as_one_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.sqlite3");
    let conn = rusqlite::Connection::open(&db).unwrap();
    for sql in [
        include_str!("../../ledger/src/migrations/0001_core.sql"),
        include_str!("../../ledger/src/migrations/0002_results.sql"),
        include_str!("../../ledger/src/migrations/0003_final_moves.sql"),
    ] {
        conn.execute_batch(sql).unwrap();
    }
    conn.execute_batch("INSERT INTO players (name) VALUES ('Ölaf'), ('ölaf'); PRAGMA user_version = 3;").unwrap();
    drop(conn);
    let db = db.display().to_string();
    let out = castellan(&["ledger", "init", "--db", &db]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains(r#"warning: players `Ölaf` and `ölaf` have the same name now; both are kept"#),
        "{}",
        text(&out)
    );
    let stats = castellan(&["ledger", "stats", "--db", &db, "--json"]);
    let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).expect("stats are JSON");
    assert_eq!(stats["players"].as_array().unwrap().len(), 2, "both players are kept");
}

#[test]
fn a_game_exported_alone_as_the_window_does_is_read_by_score() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite3").display().to_string();
    let good = write(dir.path(), "good.json", GAME);
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    assert!(castellan(&["ledger", "import", &good, "--db", &db]).status.success());
    let ledger = castellan_ledger::Ledger::open(&db).unwrap();
    let id = ledger.history().unwrap()[0].games[0].game.id;
    let files = castellan_table::export::files(
        &ledger,
        castellan_table::export::Selection::Game(id),
        castellan_table::export::Format::Script,
    )
    .unwrap();
    drop(ledger);
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let written = castellan_table::save::create_all(&out, &files).unwrap();
    let score = castellan(&["score", &written[0].display().to_string()]);
    assert!(score.status.success(), "{}", text(&score));
    let report: serde_json::Value = serde_json::from_slice(&score.stdout).expect("score prints JSON");
    assert_eq!(report["scores"], serde_json::json!({"Anna": 4, "Bram": 2}), "the scores the ledger holds");
}
