//! Crash recovery for real: a child process enters moves into a ledger file as fast as it
//! can and is killed with SIGKILL mid-game, several times over; every change it reported as
//! committed must be in the file, and nothing half-done.
//!
//! The child is this test binary run again with only [`child_process_entry_point`] selected
//! and [`CHILD_FILE`] set, so no extra binary is needed. It does a fixed, repeating pattern
//! of appends, undos and redos (see [`Op`]), and prints `@committed N` after the N-th
//! operation has returned. The parent replays the same pattern on a model: after the kill,
//! the file must be the model after the last reported operation, or after the next one
//! (which may have committed just before the kill, unreported).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use castellan_ledger::{Color, GameId, Ledger, NewGame, Seat};

use crate::{at, may, tile_move, SETUP};

/// Set in the child: the ledger file to write.
const CHILD_FILE: &str = "CASTELLAN_LEDGER_CRASH_CHILD_FILE";
/// Set in the child: how many operations earlier children committed.
const CHILD_FIRST_OP: &str = "CASTELLAN_LEDGER_CRASH_CHILD_FIRST_OP";

/// What the child does as its `n`-th operation: a 7-step pattern that enters moves, takes
/// two back, puts one back, and enters a move over the remaining redo tail.
#[derive(Debug, Clone, Copy)]
enum Op {
    Append,
    Undo,
    Redo,
}

impl Op {
    fn nth(n: u32) -> Op {
        match n % 7 {
            3 | 4 => Op::Undo,
            5 => Op::Redo,
            _ => Op::Append,
        }
    }
}

/// The log the first `ops` operations produce: every stored move's JSON and the cursor.
fn model(ops: u32) -> (Vec<String>, u32) {
    let (mut log, mut cursor) = (Vec::new(), 0);
    for n in 0..ops {
        match Op::nth(n) {
            Op::Append => {
                log.truncate(cursor as usize);
                log.push(tile_move(n));
                cursor += 1;
            }
            Op::Undo => cursor -= 1,
            Op::Redo => cursor += 1,
        }
    }
    (log, cursor)
}

/// Only does anything when run as the child; in a normal test run it returns at once.
#[test]
fn child_process_entry_point() {
    let Some(path) = std::env::var_os(CHILD_FILE) else {
        return;
    };
    let first: u32 = std::env::var(CHILD_FIRST_OP).unwrap().parse().unwrap();
    let mut ledger = Ledger::open(&path).expect("the child opens the ledger");
    let game = match ledger.unfinished_game().unwrap() {
        Some(game) => game.id,
        None => start_game(&mut ledger),
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "@game {}", game.0).unwrap();
    out.flush().unwrap();
    for n in first.. {
        match Op::nth(n) {
            Op::Append => ledger.append_move(game, &tile_move(n), at(n.into())),
            Op::Undo => ledger.undo(game),
            Op::Redo => ledger.redo(game),
        }
        .expect("the child's operations are all valid");
        // Only now, with the operation committed, may the parent count on it.
        writeln!(out, "@committed {}", n + 1).unwrap();
        out.flush().unwrap();
    }
}

/// Starts the child's game; the child may have been killed between any two of these steps
/// before, so each one reuses what is already there.
fn start_game(ledger: &mut Ledger) -> GameId {
    let mut player = |name| match ledger.player_by_name(name).unwrap() {
        Some(player) => player.id,
        None => ledger.add_player(name, None).unwrap(),
    };
    let seats: Vec<Seat> = [("Anna", Color::Red), ("Bram", Color::Blue)]
        .into_iter()
        .map(|(name, color)| Seat { player: player(name), color })
        .collect();
    let night = ledger.add_night(may(1), None, &[]).unwrap();
    ledger
        .start_game(&NewGame {
            night,
            script_version: 1,
            setup_json: SETUP.to_owned(),
            seats,
            start_seat: 0,
            started_at: at(0),
            app_version: None,
        })
        .unwrap()
}

/// What one child run reported before it died.
struct Report {
    game: Option<GameId>,
    committed: u32,
}

/// Runs a child from operation `first` and kills it with SIGKILL once it has reported
/// `kill_after` more operations (or, for `None`, almost at once, maybe mid-open).
fn run_child(path: &std::path::Path, first: u32, kill_after: Option<u32>) -> Report {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "crash::child_process_entry_point", "--nocapture", "--test-threads=1"])
        .env(CHILD_FILE, path)
        .env(CHILD_FIRST_OP, first.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the test binary can run itself");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut report = Report { game: None, committed: first };
    let read = |line: &str, report: &mut Report| {
        // libtest may print its own text on the same line, so look for the marker.
        let Some((_, marked)) = line.split_once('@') else {
            return;
        };
        match marked.split_once(' ') {
            Some(("game", id)) => report.game = Some(GameId(id.trim().parse().unwrap())),
            Some(("committed", n)) => report.committed = n.trim().parse().unwrap(),
            _ => {}
        }
    };
    match kill_after {
        None => std::thread::sleep(Duration::from_millis(3)),
        Some(more) => {
            for line in lines.by_ref() {
                read(&line.unwrap(), &mut report);
                if report.committed >= first + more {
                    break;
                }
            }
        }
    }
    child.kill().expect("SIGKILL is delivered");
    // Lines the child printed before it died were reported too.
    for line in lines {
        read(&line.unwrap(), &mut report);
    }
    let status = child.wait().unwrap();
    assert!(!status.success(), "the child never stops on its own, so it must have been killed: {status:?}");
    report
}

#[test]
fn every_committed_change_survives_kill_9() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    let mut committed = 0;
    let mut known_game: Option<GameId> = None;
    // Kill points: almost at once (perhaps while the file is being created), after a few,
    // many and very many operations, then 24 short runs, so that some kill is likely to land
    // inside a transaction whatever the timing of this machine.
    let kill_points = [None, Some(3), Some(60), Some(700), Some(1), Some(250)]
        .into_iter()
        .chain((0..24).map(|i| Some(1 + i * 37 % 50)));
    for (round, kill_after) in kill_points.enumerate() {
        let report = run_child(&path, committed, kill_after);
        if let (Some(known), Some(reported)) = (known_game, report.game) {
            assert_eq!(known, reported, "round {round}: a restarted child must resume the same unfinished game");
        }
        known_game = known_game.or(report.game);

        let ledger =
            Ledger::open(&path).unwrap_or_else(|e| panic!("round {round}: the file must open after a kill: {e:?}"));
        let Some(game) = ledger.unfinished_game().unwrap() else {
            assert!(
                report.game.is_none() && committed == 0,
                "round {round}: a game was reported, so it must be offered for resuming"
            );
            continue;
        };
        if let Some(known) = known_game {
            assert_eq!(game.id, known, "round {round}: the game to resume is the child's");
        }
        let stored: Vec<_> =
            ledger.moves(game.id).unwrap().into_iter().chain(ledger.redo_tail(game.id).unwrap()).collect();
        let found = (stored.iter().map(|m| m.move_json.clone()).collect::<Vec<_>>(), game.cursor);
        committed = if found == model(report.committed) {
            report.committed
        } else if found == model(report.committed + 1) {
            report.committed + 1
        } else {
            panic!(
                "round {round}: after {} reported operations the file holds {} moves with \
                 cursor {}, which is neither that state nor the next one: a committed \
                 change was lost or a half-done one kept",
                report.committed,
                found.0.len(),
                found.1
            );
        };
        println!(
            "round {round}: killed after {} reported, {committed} committed, {} moves stored",
            report.committed,
            stored.len()
        );
        for (i, record) in stored.iter().enumerate() {
            assert_eq!(record.seq as usize, i + 1, "round {round}: moves must be numbered without gaps");
        }
    }
    assert!(
        committed > 700,
        "the child must have got well into the game for this test to mean anything, \
         got {committed} operations"
    );
    assert!(known_game.is_some(), "the child must have reported its game");
}
