//! `castellan`: the command line of Castellan.
//!
//! - `castellan score GAME.json` replays a game script and prints its scores as JSON;
//! - `castellan check SCENARIO.json…` replays rule scenarios and compares their `expect`;
//! - `castellan ledger init|import|export|stats …` keeps the game-night ledger;
//! - `castellan bench [--json]` measures the rules engine on random games;
//! - `castellan --version`.

mod bench;
mod ledger;

use castellan_script::{report, Script};
use std::process::ExitCode;

const USAGE: &str = "usage: castellan score GAME.json | castellan check SCENARIO.json… | castellan ledger … | castellan bench [--json] | castellan --version";

fn main() -> ExitCode {
    // The words after the program's own name.
    let args: Vec<String> = std::env::args().collect();
    match args.get(1..).unwrap_or_default().iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["--version" | "-V"] => {
            println!("castellan {} (engine {})", env!("CARGO_PKG_VERSION"), castellan_engine::VERSION);
            ExitCode::SUCCESS
        }
        ["score", path] => score(path),
        ["check", paths @ ..] if !paths.is_empty() => check(paths),
        ["ledger", rest @ ..] => ledger::run(rest),
        ["bench", rest @ ..] => {
            let part = rest.iter().position(|a| *a == "--part").and_then(|i| rest.get(i + 1)).copied();
            bench::run(rest.contains(&"--json"), part)
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn score(path: &str) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let script = match Script::from_json(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let game = match script.play() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{}", serde_json::to_string_pretty(&report(&game)).expect("a report is valid JSON"));
    match script.check_expect(&game) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn check(paths: &[&str]) -> ExitCode {
    let mut failed = 0;
    for path in paths {
        let result =
            std::fs::read_to_string(path).map_err(|e| e.to_string()).and_then(|t| castellan_script::check_scenario(&t));
        match result {
            Ok(()) => println!("ok     {path}"),
            Err(e) => {
                failed += 1;
                println!("FAILED {path}: {e}");
            }
        }
    }
    println!("{} passed, {failed} failed", paths.len() - failed);
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
