//! Killing the app mid-game, for real and many times: a child process plays through the
//! table's own commands (`Table::start`, `play`, `undo`, `redo`, `correct`, `finish`, as
//! the app calls them) as fast as it can, and is killed with SIGKILL at a random moment;
//! then the ledger must open, hold every move the child reported as stored, and resume.
//!
//! The kills land anywhere: inside a transaction or its fsync, inside a WAL checkpoint (in
//! half the rounds a thread of the child folds the WAL into the file without pause), while a
//! new ledger file is being made, and while an old (schema 1) ledger is backed up and
//! migrated on opening. The delays come from a seeded generator whose seed is printed;
//! `CASTELLAN_KILL_SEED=<seed>` runs the same sequence again.
//!
//! The child is this test binary run again with only [`child_process_entry_point`] selected,
//! so no extra binary is needed. It prints `@try <change>` before each write and `@ok` once
//! it has returned; the parent replays those lines on a model of the log. After a kill the
//! file must be the model, or the model with the change tried last (which may have been
//! committed just before the kill, unreported). It prints
//! `metric kills=… moves_lost=… unreadable=…` and asserts the last two are 0.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use castellan_engine::{playout_move, GameSetup, Picks};
use castellan_ledger::{GameId, GameStatus, Ledger};
use castellan_table::live::Table;
use chrono::{DateTime, Utc};

/// Set in the child: the ledger file to play into.
const CHILD_FILE: &str = "CASTELLAN_KILL_CHILD_FILE";
/// Set in the child: the seed of its choices.
const CHILD_SEED: &str = "CASTELLAN_KILL_CHILD_SEED";
/// Set in the child to run a thread that checkpoints the WAL without pause.
const CHILD_CHECKPOINTS: &str = "CASTELLAN_KILL_CHILD_CHECKPOINTS";
/// Reruns a sequence of kills.
const SEED: &str = "CASTELLAN_KILL_SEED";

/// Ordinary kill rounds on one ledger, and rounds that each kill a child opening (and so
/// migrating) a fresh schema-1 ledger.
const ROUNDS: u32 = 100;
const MIGRATION_ROUNDS: u32 = 16;

fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-20T19:30:00Z").unwrap().with_timezone(&Utc)
}

/// One change the child makes, as it prints it and as the model applies it.
#[derive(Debug, Clone, PartialEq)]
enum Change {
    Start,
    Play(String),
    Undo,
    Redo,
    /// Move `index` (from 0) entered again as it stands: a correction that changes nothing
    /// of the game but rewrites the move and drops the redo tail.
    Correct(usize, String),
    Finish,
}

impl Change {
    fn line(&self) -> String {
        match self {
            Change::Start => "start".into(),
            Change::Play(json) => format!("play {json}"),
            Change::Undo => "undo".into(),
            Change::Redo => "redo".into(),
            Change::Correct(index, json) => format!("correct {index} {json}"),
            Change::Finish => "finish".into(),
        }
    }

    fn parse(text: &str) -> Change {
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        match word {
            "start" => Change::Start,
            "play" => Change::Play(rest.to_owned()),
            "undo" => Change::Undo,
            "redo" => Change::Redo,
            "correct" => {
                let (index, json) = rest.split_once(' ').unwrap();
                Change::Correct(index.parse().unwrap(), json.to_owned())
            }
            "finish" => Change::Finish,
            other => panic!("the child printed an unknown change {other:?}"),
        }
    }
}

/// The game the child is playing, as its reports say it stands in the ledger.
#[derive(Debug, Clone, PartialEq)]
struct Log {
    game: GameId,
    /// Every stored move's JSON, the redo tail included.
    moves: Vec<String>,
    cursor: usize,
    finished: bool,
}

impl Log {
    /// The log after `change`; `None` for a start, whose game id only the ledger knows.
    fn after(&self, change: &Change) -> Option<Log> {
        let mut next = self.clone();
        match change {
            Change::Start => return None,
            Change::Play(json) => {
                next.moves.truncate(next.cursor);
                next.moves.push(json.clone());
                next.cursor += 1;
            }
            Change::Undo => next.cursor -= 1,
            Change::Redo => next.cursor += 1,
            Change::Correct(index, json) => {
                next.moves[*index] = json.clone();
                next.moves.truncate(next.cursor);
            }
            Change::Finish => next.finished = true,
        }
        Some(next)
    }

    /// The game `game` as the file has it.
    fn read(ledger: &Ledger, game: GameId) -> Log {
        let moves = ledger.moves(game).unwrap().into_iter().chain(ledger.redo_tail(game).unwrap());
        let stored = ledger.game(game).unwrap();
        Log {
            game,
            moves: moves.map(|m| m.move_json).collect(),
            cursor: stored.cursor as usize,
            finished: stored.status == GameStatus::Finished,
        }
    }
}

/// Only does anything when run as the child; in a normal test run it returns at once.
#[test]
fn child_process_entry_point() {
    let Some(path) = std::env::var_os(CHILD_FILE) else {
        return;
    };
    let mut rng = Picks::new(std::env::var(CHILD_SEED).unwrap().parse().unwrap());
    if std::env::var_os(CHILD_CHECKPOINTS).is_some() {
        let path = PathBuf::from(&path);
        std::thread::spawn(move || checkpoint_without_pause(&path));
    }
    let mut out = std::io::stdout().lock();
    let mut say = |line: String| {
        writeln!(out, "@{line}").unwrap();
        out.flush().unwrap();
    };
    say("opening".into());
    let ledger = Ledger::open(&path).expect("the child opens the ledger");
    say("open".into());
    let mut table = Table::new(ledger);
    match table.resume_unfinished().expect("the unfinished game resumes") {
        Some(live) => say(format!("game {}", live.id().0)),
        None => {
            say(format!("try {}", Change::Start.line()));
            let id = table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap().id();
            say(format!("ok start {}", id.0));
        }
    }
    loop {
        let live = table.live().unwrap();
        let history = live.history();
        let setup = history.setup().clone();
        let text = |mv| castellan_script::move_json(&setup, mv).to_string();
        let roll = rng.below(100);
        // The change as printed, and the engine's move for a play or a correction.
        let (change, mv) = if live.is_finished() {
            (Change::Start, None)
        } else if roll < 12 && live.can_undo() {
            (Change::Undo, None)
        } else if roll < 24 && live.can_redo() {
            (Change::Redo, None)
        } else if roll < 28 && history.cursor() > 0 {
            let index = rng.below(history.cursor());
            let mv = history.moves()[index].clone();
            (Change::Correct(index, text(&mv)), Some(mv))
        } else if roll < 30 && history.cursor() > 0 {
            (Change::Finish, None)
        } else {
            match playout_move(live.game(), &mut |n| rng.below(n)) {
                Some(mv) => (Change::Play(text(&mv)), Some(mv)),
                None => (Change::Finish, None),
            }
        };
        say(format!("try {}", change.line()));
        let result = match (&change, mv) {
            (Change::Start, _) => table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).map(|live| live.id()),
            (Change::Play(_), Some(mv)) => table.play(mv, now()).map(|live| live.id()),
            (Change::Undo, _) => table.undo().map(|live| live.id()),
            (Change::Redo, _) => table.redo().map(|live| live.id()),
            (Change::Correct(index, _), Some(mv)) => table.correct(*index, mv, now()).map(|live| live.id()),
            (Change::Finish, _) => table.finish(Vec::new(), now()).map(|live| live.id()),
            (change, None) => unreachable!("{change:?} comes with its move"),
        };
        let id = result.unwrap_or_else(|e| panic!("the child's {change:?} is valid, the table refused: {e}"));
        // Only now, with the change stored, may the parent count on it.
        say(format!("ok {}", if change == Change::Start { format!("start {}", id.0) } else { String::new() }));
    }
}

/// Folds the WAL into the ledger over and over, through a connection of its own, so that
/// kills land in checkpoints too.
fn checkpoint_without_pause(path: &Path) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.busy_timeout(Duration::from_millis(20)).unwrap();
    loop {
        let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        std::thread::sleep(Duration::from_micros(300));
    }
}

/// What one child printed before it died, in order.
struct Run {
    lines: Vec<String>,
}

/// Starts a child on `path`, waits until it has the ledger open (or not at all, with
/// `from_spawn`), lets it run for `delay`, and kills it.
fn run_child(path: &Path, seed: u64, checkpoints: bool, delay: Duration, from_spawn: bool) -> Run {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .args(["--exact", "child_process_entry_point", "--nocapture", "--test-threads=1"])
        .env(CHILD_FILE, path)
        .env(CHILD_SEED, seed.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    if checkpoints {
        command.env(CHILD_CHECKPOINTS, "1");
    }
    let mut child: Child = command.spawn().expect("the test binary can run itself");
    // A thread drains the pipe, so a child is never killed while blocked on a full pipe
    // instead of writing to the ledger.
    let (open_tx, open_rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut lines = Vec::new();
        for line in BufReader::new(stdout).lines() {
            let line = line.unwrap();
            // libtest may print its own text on the same line, so look for the marker.
            let Some((_, marked)) = line.split_once('@') else { continue };
            if marked == "open" {
                let _ = open_tx.send(());
            }
            lines.push(marked.to_owned());
        }
        lines
    });
    if !from_spawn {
        open_rx.recv_timeout(Duration::from_secs(20)).expect("the child opens the ledger");
    }
    std::thread::sleep(delay);
    child.kill().expect("SIGKILL is delivered");
    let status = child.wait().unwrap();
    assert!(!status.success(), "the child never stops on its own, so it must have been killed: {status:?}");
    Run { lines: reader.join().unwrap() }
}

/// The tally the test prints and asserts on.
#[derive(Default, Debug)]
struct Tally {
    kills: u32,
    /// Kills that landed between a change's `@try` and its `@ok`.
    mid_change: u32,
    /// Kills that landed while the child opened the ledger: made a new one, or checked,
    /// backed up and migrated an old one.
    in_open: u32,
    moves_lost: usize,
    unreadable: u32,
    /// Files that were neither the reported state nor the one after the change tried last.
    wrong_state: u32,
}

/// Replays a child's report on `model`, then checks the file against it after the kill.
fn check_after_kill(path: &Path, run: &Run, model: &mut Option<Log>, tally: &mut Tally, round: &str) {
    tally.kills += 1;
    let mut pending: Option<Change> = None;
    for line in &run.lines {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "try" => pending = Some(Change::parse(rest)),
            "ok" => match pending.take().expect("an @ok follows its @try") {
                Change::Start => {
                    let id = GameId(rest.trim().strip_prefix("start ").unwrap().parse().unwrap());
                    *model = Some(Log { game: id, moves: Vec::new(), cursor: 0, finished: false });
                }
                change => *model = model.as_ref().unwrap().after(&change),
            },
            "game" => {
                let id = GameId(rest.parse().unwrap());
                assert_eq!(model.as_ref().map(|m| m.game), Some(id), "{round}: the child resumes the model's game");
            }
            _ => {}
        }
    }
    tally.mid_change += u32::from(pending.is_some());
    let said = |word: &str| run.lines.iter().any(|line| line == word);
    tally.in_open += u32::from(said("opening") && !said("open"));

    let ledger = match Ledger::open(path) {
        Ok(ledger) => ledger,
        Err(e) => {
            println!("{round}: UNREADABLE after the kill: {e}");
            tally.unreadable += 1;
            return;
        }
    };
    if let Some(expected) = model.clone() {
        let found = Log::read(&ledger, expected.game);
        let next = pending.as_ref().and_then(|change| expected.after(change));
        if found == expected {
        } else if Some(&found) == next.as_ref() {
            *model = next;
        } else {
            // Every move in effect that the child was told is stored must be there.
            let lost = (0..expected.cursor).filter(|&i| found.moves.get(i) != Some(&expected.moves[i])).count();
            println!(
                "{round}: WRONG STATE: reported {expected:?}, tried {pending:?}, file holds {found:?}: {lost} moves lost"
            );
            tally.moves_lost += lost;
            tally.wrong_state += 1;
            *model = Some(found);
        }
    }
    let unfinished = ledger.unfinished_game().unwrap();
    match (&*model, unfinished) {
        (Some(log), Some(game)) if log.game == game.id => {}
        // A start committed just before the kill, unreported.
        (_, Some(game)) if pending == Some(Change::Start) => {
            *model = Some(Log { game: game.id, moves: Vec::new(), cursor: 0, finished: false });
            assert_eq!(Log::read(&ledger, game.id), *model.as_ref().unwrap(), "{round}: a new game has no moves");
        }
        (Some(log), None) if log.finished => {}
        (None, None) => {}
        (log, found) => panic!("{round}: the model's game is {log:?}, the file's unfinished one {found:?}"),
    }
    let mut table = Table::new(ledger);
    match table.resume_unfinished() {
        Ok(Some(live)) => {
            let log = model.as_ref().unwrap();
            assert_eq!(live.history().cursor(), log.cursor, "{round}: the game resumes where its log stands");
        }
        Ok(None) => {}
        Err(e) => {
            println!("{round}: the game does NOT resume after the kill: {e}");
            tally.unreadable += 1;
        }
    }
}

/// A schema-1 ledger, as the first release left it, with a game of `moves` moves in
/// progress; the model of that game.
fn schema_1_ledger(path: &Path, rng: &mut Picks, moves: usize) -> Log {
    let setup = GameSetup::base(&["Anna", "Bram"]);
    let mut game = castellan_engine::Game::new(setup.clone()).unwrap();
    let mut texts = Vec::new();
    for _ in 0..moves {
        let mv = playout_move(&game, &mut |n| rng.below(n)).unwrap();
        game.apply(&mv).unwrap();
        texts.push(castellan_script::move_json(&setup, &mv).to_string());
    }
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(())).unwrap();
    conn.execute_batch(include_str!("../../ledger/src/migrations/0001_core.sql")).unwrap();
    conn.execute_batch(
        "PRAGMA user_version = 1;
         INSERT INTO players (id, name) VALUES (1, 'Anna'), (2, 'Bram');
         INSERT INTO nights (id, date) VALUES (1, '2019-11-02');",
    )
    .unwrap();
    conn.execute(
        "INSERT INTO games (id, night_id, script_version, setup_json, start_seat, started_at, cursor)
         VALUES (1, 1, ?1, ?2, 0, '2019-11-02T19:00:00.000Z', ?3)",
        rusqlite::params![
            castellan_script::VERSION as i64,
            castellan_script::setup_json(&setup).to_string(),
            moves as i64
        ],
    )
    .unwrap();
    conn.execute_batch("INSERT INTO game_seats VALUES (1, 0, 1, 'red'), (1, 1, 2, 'blue');").unwrap();
    for (i, text) in texts.iter().enumerate() {
        conn.execute(
            "INSERT INTO moves (game_id, seq, move_json, entered_at) VALUES (1, ?1, ?2, '2019-11-02T19:01:00.000Z')",
            rusqlite::params![i as i64 + 1, text],
        )
        .unwrap();
    }
    Log { game: GameId(1), moves: texts, cursor: moves, finished: false }
}

#[test]
fn every_move_reported_stored_survives_kill_9_at_random_moments() {
    let seed: u64 = match std::env::var(SEED) {
        Ok(text) => text.parse().expect("CASTELLAN_KILL_SEED is a number"),
        Err(_) => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64 | 1,
    };
    println!("seed={seed} (rerun with {SEED}={seed})");
    let mut rng = Picks::new(seed);
    let started = Instant::now();
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    let mut tally = Tally::default();
    let mut model: Option<Log> = None;

    for round in 0..ROUNDS {
        let label = format!("round {round}");
        let (delay, from_spawn) = if round < 3 {
            // The first children die while the new ledger file is being made.
            (Duration::from_micros(rng.below(30_000) as u64), true)
        } else {
            (Duration::from_micros(rng.below(25_000) as u64), false)
        };
        let run = run_child(&path, rng.next_u64(), round % 2 == 1, delay, from_spawn);
        check_after_kill(&path, &run, &mut model, &mut tally, &label);
    }

    for round in 0..MIGRATION_ROUNDS {
        let label = format!("migration round {round}");
        let old = folder.path().join(format!("old-{round}.sqlite3"));
        let moves = 5 + rng.below(30);
        let mut model = Some(schema_1_ledger(&old, &mut rng, moves));
        // Startup, the integrity check, the backup and the migration all happen in the first
        // few tens of milliseconds; the kill falls somewhere in there or just after.
        let delay = Duration::from_micros(rng.below(60_000) as u64);
        let run = run_child(&old, rng.next_u64(), false, delay, true);
        check_after_kill(&old, &run, &mut model, &mut tally, &label);
        let migrated = Ledger::open(&old).unwrap().schema_version().unwrap();
        assert_eq!(migrated, castellan_ledger::migration::SCHEMA_VERSION, "{label}: the file ends up migrated");
    }

    let Tally { kills, mid_change, in_open, moves_lost, unreadable, wrong_state } = tally;
    println!("metric kills={kills} moves_lost={moves_lost} unreadable={unreadable}");
    println!(
        "{mid_change} kills landed inside a change, {in_open} while the ledger was being opened; \
         {wrong_state} files in neither expected state; {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(kills >= 100, "at least 100 kills, got {kills}");
    assert_eq!(
        (moves_lost, unreadable, wrong_state),
        (0, 0, 0),
        "nothing stored may be lost, and every file must open"
    );
    assert!(mid_change > kills / 4, "the kills must often land inside a change to mean anything: {mid_change}");
}
