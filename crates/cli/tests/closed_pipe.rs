//! `castellan` with its standard output closed early, as `| head` does: the work goes on and
//! ends quietly, never with a panic.

mod common;

use common::{castellan, no_panic, stderr, write, GAME};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `castellan` with standard output on a pipe whose reading end is closed before the
/// program writes its first byte — what `| head` does to a long output, without the race of
/// when `head` leaves.
fn castellan_into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_castellan"))
        .args(args)
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs")
}

/// A ledger holding `games` copies of the two-player game (copies on purpose: `--again`).
fn ledger_with_games(dir: &Path, games: usize) -> String {
    let db = dir.join("club.sqlite3").display().to_string();
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    let files: Vec<String> = (0..games).map(|i| write(dir, &format!("g{i}.json"), GAME)).collect();
    let mut args = vec!["ledger", "import"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--db", &db, "--again"]);
    let o = castellan(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    db
}

#[test]
fn export_writes_every_file_when_its_output_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let db = ledger_with_games(dir.path(), 12);
    let out = dir.path().join("out");
    let o = castellan_into_closed_pipe(&[
        "ledger",
        "export",
        "--db",
        &db,
        "--format",
        "script",
        "--out",
        &out.display().to_string(),
    ]);
    no_panic(&o, "export");
    assert!(o.status.success(), "a reader gone early is no failure: {}", stderr(&o));
    assert_eq!(stderr(&o), "", "quietly");
    let mut written: Vec<String> =
        std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    written.sort();
    let mut want: Vec<String> = (1..=12).map(|i| format!("game-{i}.json")).collect();
    want.sort();
    assert_eq!(written, want, "every game was exported");
    let last = castellan(&["score", &out.join("game-12.json").display().to_string()]);
    assert!(last.status.success(), "the last file is whole: {}", stderr(&last));
}

#[test]
fn stats_score_check_and_version_stop_quietly_on_a_closed_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let db = ledger_with_games(dir.path(), 2);
    let game = write(dir.path(), "game.json", GAME);
    let scenario = write(
        dir.path(),
        "scenario.json",
        &GAME.replace("\"final_scoring\": true", "\"final_scoring\": true, \"expect\": {\"scores\": {\"Anna\": 4}}"),
    );
    for args in [
        vec!["ledger", "stats", "--db", &db, "--json"],
        vec!["score", &game],
        vec!["check", &scenario],
        vec!["--version"],
        vec!["ledger", "init", "--db", &db],
    ] {
        let o = castellan_into_closed_pipe(&args);
        no_panic(&o, &args.join(" "));
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?} says nothing about the closed pipe");
    }
    // A failing command still fails: the closed pipe changes nothing of the outcome.
    let bad = write(dir.path(), "bad.json", &GAME.replace("\"rot\": 90", "\"rot\": 270"));
    let o = castellan_into_closed_pipe(&["score", &bad]);
    no_panic(&o, "bad score");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("move 1: tile V at [1,0] rot 270 does not match"), "{}", stderr(&o));
}

#[test]
fn a_reader_that_leaves_after_a_few_bytes_stops_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = ledger_with_games(dir.path(), 40);
    let out = dir.path().join("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_castellan"))
        .args(["ledger", "export", "--db", &db, "--format", "script", "--out", &out.display().to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = [0u8; 8];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).expect("a few bytes");
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    no_panic(&o, "export read in part");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 40, "every game was exported");
}
