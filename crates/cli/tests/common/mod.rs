//! What the tests of the `castellan` binary share: running it, reading what it said, and a
//! small finished game.

#![allow(dead_code)] // Each test file uses its own part.

use std::path::Path;
use std::process::{Command, Output};

pub fn castellan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_castellan")).args(args).output().expect("the binary runs")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn write(dir: &Path, name: &str, contents: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, contents).unwrap();
    p.display().to_string()
}

/// Asserts the run ended by its own decision: no panic, no abort.
pub fn no_panic(o: &Output, what: &str) {
    let err = stderr(o);
    assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{what} panicked: {err}");
    assert!(o.status.code().is_some(), "{what} ended by a signal: {:?}", o.status);
}

/// Anna closes the start tile's city with her knight (4); Bram's thief stays on an open road
/// of two tiles (2 at the end).
pub const GAME: &str = r#"{"format": "castellan-game-script", "version": 1,
    "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
    "setup": {"sets": ["base"]},
    "moves": [{"tile": "E", "at": [0, -1], "rot": 180, "meeple": "S"},
              {"tile": "V", "at": [1, 0], "rot": 90, "meeple": "W"}],
    "final_scoring": true}"#;

/// `castellan score` on `script`, written to a fresh file.
pub fn score(script: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    castellan(&["score", &write(dir.path(), "game.json", script)])
}
