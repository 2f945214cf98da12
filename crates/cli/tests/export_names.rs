//! `castellan ledger export` of names that a spreadsheet would run or that break a hand-made
//! CSV, read back by CSV readers: the csv crate's and, where it is installed, Python's.

mod common;

use common::{castellan, stderr, write, GAME};
use std::process::Command;

/// Names as typed, and the cell a spreadsheet should get for each: the name as text, with a
/// leading `'` where it would otherwise start a formula.
const NAMES: [(&str, &str); 8] = [
    ("=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"),
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
    ("+1", "'+1"),
    ("-2", "'-2"),
    ("@SUM(A1)", "'@SUM(A1)"),
    ("Cas\rper\n\"the\", Bold\0\u{202E}kcab", "Cas\rper\n\"the\", Bold\0\u{202E}kcab"),
    ("Dirk\rJan", "Dirk\rJan"),
    ("Eva", "Eva"),
];

const PLACE: (&str, &str) = ("-Club, \"upstairs\"", "'-Club, \"upstairs\"");

/// A ledger holding four games, game i seating names 2i and 2i + 1; and the export folder.
fn exported(dir: &std::path::Path) -> std::path::PathBuf {
    let db = dir.join("club.sqlite3").display().to_string();
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    let scripts: Vec<String> = NAMES
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let mut script: serde_json::Value = serde_json::from_str(GAME).unwrap();
            for (seat, (name, _)) in pair.iter().enumerate() {
                script["players"][seat]["name"] = (*name).into();
            }
            write(dir, &format!("game{i}.json"), &script.to_string())
        })
        .collect();
    let mut import = vec!["ledger", "import", "--db", &db, "--date", "2026-11-20", "--place", PLACE.0];
    import.extend(scripts.iter().map(String::as_str));
    let out = castellan(&import);
    assert!(out.status.success(), "every name is a name: {}", stderr(&out));
    let folder = dir.join("out");
    for format in ["csv", "bgstats"] {
        let out =
            castellan(&["ledger", "export", "--db", &db, "--format", format, "--out", &folder.display().to_string()]);
        assert!(out.status.success(), "{format}: {}", stderr(&out));
    }
    folder
}

/// The cells of `rows` (header first) checked against what was typed.
fn check_rows(reader: &str, rows: &[Vec<String>]) {
    let (header, rows) = rows.split_first().expect("a header");
    let column = |name: &str| header.iter().position(|c| c == name).unwrap_or_else(|| panic!("{reader}: {name}"));
    assert_eq!(rows.len(), NAMES.len(), "{reader}: a row per player, none split: {rows:?}");
    for row in rows {
        assert_eq!(row.len(), header.len(), "{reader}: a whole row: {row:?}");
        let game: usize = row[column("game")].parse().expect("the game id is a number");
        let seat: usize = row[column("seat")].parse().expect("the seat is a number");
        let (name, cell) = NAMES[(game - 1) * 2 + seat - 1];
        assert_eq!(row[column("player")], cell, "{reader}: {name:?} as text");
        assert_eq!(row[column("place")], PLACE.1, "{reader}: the place as text");
        // The fixture's scores: the first seat's city of 4, the second seat's open road of 2.
        let score: u32 = row[column("score")].parse().expect("a score stays a number");
        assert_eq!(score, [4, 2][seat - 1], "{reader}: {name:?}'s score");
    }
}

#[test]
fn names_a_spreadsheet_would_run_are_text_in_the_csv_and_exact_in_bgstats() {
    let dir = tempfile::tempdir().unwrap();
    let folder = exported(dir.path());

    let csv_path = folder.join("results.csv");
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_path(&csv_path).unwrap();
    let rows: Vec<Vec<String>> =
        reader.records().map(|r| r.expect("a CSV record").iter().map(String::from).collect()).collect();
    check_rows("csv crate", &rows);

    let bgstats: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("bgstats.json")).unwrap()).expect("valid JSON");
    let mut names: Vec<String> = bgstats["plays"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["players"].as_array().unwrap().iter().map(|pl| pl["name"].as_str().unwrap().to_owned()))
        .collect();
    let mut typed: Vec<String> = NAMES.iter().map(|(n, _)| (*n).to_owned()).collect();
    names.sort();
    typed.sort();
    assert_eq!(names, typed, "BG Stats keeps every name exactly");
    assert!(bgstats["plays"].as_array().unwrap().iter().all(|p| p["location"] == PLACE.0), "and the place");
}

/// Python's csv module reads the file as a spreadsheet's import would: a row per player.
#[test]
fn pythons_csv_reader_reads_the_same_cells() {
    let Ok(python) = Command::new("python3").arg("--version").output() else {
        eprintln!("python3 is not installed: Python's reading is not checked here");
        return;
    };
    assert!(python.status.success(), "python3 --version");
    let dir = tempfile::tempdir().unwrap();
    let folder = exported(dir.path());
    const READ: &str = "import csv, json, sys\n\
        with open(sys.argv[1], newline='', encoding='utf-8') as f:\n    \
        print(json.dumps(list(csv.reader(f))))\n";
    let out = Command::new("python3").args(["-c", READ]).arg(folder.join("results.csv")).output().unwrap();
    assert!(out.status.success(), "Python reads the CSV: {}", stderr(&out));
    let rows: Vec<Vec<String>> = serde_json::from_slice(&out.stdout).expect("Python's rows as JSON");
    check_rows("Python's csv", &rows);
}
