//! `castellan`: the command line of Castellan.
//!
//! - `castellan score GAME.json` replays a game script and prints its scores as JSON;
//! - `castellan check SCENARIO.json…` replays rule scenarios and compares their `expect`;
//! - `castellan ledger init|import|export|stats …` keeps the game-night ledger;
//! - `castellan bench [--json]` measures the rules engine on random games;
//! - `castellan --version`.
//!
//! What a command reports goes to standard output through [`say!`]: a reader that stops
//! early (`castellan ledger export … | head`) closes the pipe, and the command then finishes
//! its work quietly — an export still writes every file — and exits as it would have.

#![deny(missing_docs)]

/// Prints one line to standard output, like `println!`, but never panics: see [`out`].
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::out::line(format_args!($($arg)*))
    };
}

/// Prints an error to standard error, like `eprintln!`, with every character a terminal would
/// act on escaped ([`castellan_script::shown::printable`]): a message may carry a ledger's or a
/// file's names.
macro_rules! complain {
    ($($arg:tt)*) => {
        eprintln!("{}", castellan_script::shown::printable(&format!($($arg)*)))
    };
}

mod bench;
mod ledger;

use castellan_script::Script;
use castellan_table::limit::read_script;
use std::process::ExitCode;

/// Standard output that a closed pipe does not abort.
///
/// Rust ignores `SIGPIPE`, so writing to a pipe whose reader has gone fails with
/// `BrokenPipe`, on which `println!` panics. Here the first such failure only marks the output
/// closed: later lines are dropped, the work goes on, and the exit status is the work's. Any
/// other write failure (a full disk) is an error: it is reported once on standard error and
/// the command exits non-zero.
mod out {
    use std::fmt;
    use std::io::{self, ErrorKind, Write};
    use std::sync::atomic::{AtomicU8, Ordering};

    const OPEN: u8 = 0;
    const CLOSED: u8 = 1;
    const FAILED: u8 = 2;
    static STATE: AtomicU8 = AtomicU8::new(OPEN);

    /// Writes `args` and a newline, unless the output was closed or failed before.
    pub(crate) fn line(args: fmt::Arguments) {
        if STATE.load(Ordering::Relaxed) != OPEN {
            return;
        }
        let mut stdout = io::stdout().lock();
        let written = stdout.write_fmt(args).and_then(|()| stdout.write_all(b"\n"));
        if let Err(e) = written {
            if e.kind() == ErrorKind::BrokenPipe {
                STATE.store(CLOSED, Ordering::Relaxed);
            } else {
                eprintln!("standard output: {e}");
                STATE.store(FAILED, Ordering::Relaxed);
            }
        }
    }

    /// Sends what is buffered on its way, then whether all output went where it should:
    /// written, or dropped because the reader had gone.
    pub(crate) fn finished() -> bool {
        if STATE.load(Ordering::Relaxed) == OPEN {
            if let Err(e) = io::stdout().lock().flush() {
                if e.kind() != ErrorKind::BrokenPipe {
                    eprintln!("standard output: {e}");
                    return false;
                }
            }
        }
        STATE.load(Ordering::Relaxed) != FAILED
    }
}

const USAGE: &str = "usage: castellan score GAME.json | castellan check SCENARIO.json… | castellan ledger … | castellan bench [--json] | castellan --version";

fn main() -> ExitCode {
    let code = run();
    if out::finished() {
        code
    } else {
        ExitCode::FAILURE
    }
}

fn run() -> ExitCode {
    // The words after the program's own name.
    let args: Vec<String> = std::env::args().collect();
    match args.get(1..).unwrap_or_default().iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["--version" | "-V"] => {
            say!("castellan {} (engine {})", env!("CARGO_PKG_VERSION"), castellan_engine::VERSION);
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
    let text = match read_script(std::path::Path::new(path)) {
        Ok(t) => t,
        Err(e) => {
            complain!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let script = match Script::from_json(&text) {
        Ok(s) => s,
        Err(e) => {
            complain!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let game = match script.play() {
        Ok(g) => g,
        Err(e) => {
            complain!("{e}");
            return ExitCode::FAILURE;
        }
    };
    say!("{}", serde_json::to_string_pretty(&script.report(&game)).expect("a report is valid JSON"));
    match script.check_expect(&game) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            complain!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn check(paths: &[&str]) -> ExitCode {
    let mut failed = 0;
    for path in paths {
        let result = read_script(std::path::Path::new(path))
            .map_err(|e| match e {
                // The path heads the line already.
                castellan_table::TableError::NotRead { error, .. } => error.to_string(),
                castellan_table::TableError::OverLimit { over, .. } => over.to_string(),
                other => other.to_string(),
            })
            .and_then(|t| castellan_script::check_scenario(&t));
        match result {
            Ok(()) => say!("ok     {path}"),
            Err(e) => {
                failed += 1;
                say!("FAILED {path}: {}", castellan_script::shown::printable(&e));
            }
        }
    }
    say!("{} passed, {failed} failed", paths.len() - failed);
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
