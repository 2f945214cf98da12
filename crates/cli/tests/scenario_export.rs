//! A ledger made from every rule scenario, exported in all three formats through the real
//! binary, must give exactly the files in `tests/expected/scenario_export.txt`: an export is
//! other tools' input, so a change to how a stored game becomes a file must show here, byte
//! for byte, before it reaches anyone. The ledger holds each finished scenario as
//! `castellan ledger import` stores it (its setup as the file wrote it), and every scenario
//! that plays, finished or not, as the table stores a game entered move by move and counted.
//!
//! After a change meant to alter the files, `CASTELLAN_BLESS=1 cargo test -p castellan-cli
//! --test scenario_export` writes the expectation again; its diff is then the change.

mod common;

use castellan_ledger::Ledger;
use castellan_script::Script;
use castellan_table::live::Table;
use common::castellan;
use std::path::{Path, PathBuf};

fn scenarios() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the scenarios folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    // Sorted, so that each scenario gets the same game id on every run.
    files.sort();
    files
}

/// The moment of the import, as the exports write it: the imported games' start and end,
/// which the scripts do not carry and the import stamps with the clock. The imported games
/// are the ones at the Club.
fn import_time(csv: &str) -> String {
    let row = csv.lines().map(|l| l.split(',').collect::<Vec<_>>()).find(|r| r[2] == "Club").expect("an imported game");
    row[3].to_owned()
}

/// Enters every scenario that plays at a table over the ledger, move by move, and makes its
/// final count (with its final moves and its scores before the count, if it has them).
/// Returns how many were entered.
fn play_at_the_table(db: &str, files: &[PathBuf]) -> usize {
    let now = chrono::DateTime::parse_from_rfc3339("2026-11-21T20:00:00Z").unwrap().with_timezone(&chrono::Utc);
    let mut table = Table::new(Ledger::open(db).expect("the ledger opens"));
    let mut played = 0;
    for file in files {
        let text = std::fs::read_to_string(file).unwrap();
        // Scenarios of refusals do not make a game; the import test covers what they say.
        let Ok(script) = Script::from_json(&text) else { continue };
        if script.play().is_err() || table.start(script.setup.clone(), Some("Home"), now).is_err() {
            continue;
        }
        for mv in script.all_moves() {
            table.play(mv, now).unwrap_or_else(|e| panic!("{}: a move that replayed: {e}", file.display()));
        }
        table
            .finish_with_track(script.final_moves.clone(), script.track.clone(), now)
            .unwrap_or_else(|e| panic!("{}: the count of a game that replayed: {e}", file.display()));
        played += 1;
    }
    played
}

#[test]
fn every_scenario_exports_as_it_always_has() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("scenarios.sqlite3").display().to_string();
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    let files = scenarios();
    let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
    let mut args = vec!["ledger", "import"];
    args.extend(names.iter().map(String::as_str));
    args.extend(["--db", &db, "--date", "2026-11-20", "--place", "Club", "--again"]);
    let import = castellan(&args);
    // Scenarios of games cut short or refused are not finished games, and are refused.
    let said = String::from_utf8_lossy(&import.stdout).into_owned();
    let imported = said.lines().filter(|l| l.contains(": imported as game ")).count();
    assert!(imported > 50, "most finished scenarios import: {said}{}", common::stderr(&import));

    let played = play_at_the_table(&db, &files);
    assert!(played > imported, "every scenario that plays is entered at the table: {played}");

    let out = dir.path().join("out");
    let out_s = out.display().to_string();
    for format in ["script", "csv", "bgstats"] {
        let o = castellan(&["ledger", "export", "--db", &db, "--format", format, "--out", &out_s]);
        assert!(o.status.success(), "{format}: {}", common::stderr(&o));
    }
    let mut exported: Vec<(String, String)> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            (path.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    // game-2 before game-10: the order the games were imported in.
    exported.sort_by_key(|(name, _)| {
        let number = name.strip_prefix("game-").and_then(|n| n.strip_suffix(".json")).and_then(|n| n.parse().ok());
        (number.unwrap_or(u32::MAX), name.clone())
    });
    assert_eq!(exported.len(), imported + played + 2, "a script per game, one CSV and one BG Stats file");
    let stamp = import_time(&exported.iter().find(|(n, _)| n == "results.csv").unwrap().1);
    let mut all = format!("{imported} of {} scenarios imported, {played} played at the table\n", files.len());
    for (name, text) in &exported {
        all.push_str(&format!("=== {name}\n{}\n", text.replace(&stamp, "<import time>")));
    }

    let expected_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expected/scenario_export.txt");
    if std::env::var_os("CASTELLAN_BLESS").is_some() {
        std::fs::create_dir_all(expected_path.parent().unwrap()).unwrap();
        std::fs::write(&expected_path, &all).unwrap();
    }
    let expected = std::fs::read_to_string(&expected_path).expect("the expected export (CASTELLAN_BLESS=1 writes it)");
    if all != expected {
        let first = all.lines().zip(expected.lines()).position(|(a, b)| a != b);
        let line = first.unwrap_or_else(|| all.lines().count().min(expected.lines().count()));
        panic!(
            "the export differs from {} at line {}:\n  now:      {:?}\n  expected: {:?}",
            expected_path.display(),
            line + 1,
            all.lines().nth(line),
            expected.lines().nth(line)
        );
    }
}
