//! Ledger benchmarks on a real file. They print figures rather than assert on time, since
//! time depends on the machine:
//!
//! - `metric append_move_ms_p50=…` (also printed as `append_move_ms_median`), `…_p90`,
//!   `…_p99`, `…_max`: entering one move, committed and synced to the disk (WAL,
//!   `synchronous = FULL`), over a year of game nights entered turn by turn: 96 games of 72
//!   moves, each game finished, all in one file;
//! - `metric appends_checkpointed=…`, `appends_wal_restarted=…`, `appends_wal_grew=…`: how
//!   many of those appends wrote the database file itself (a WAL checkpoint ran inside
//!   them), started the `-wal` file over, or made it longer, with their own times: where
//!   a slow tail comes from;
//! - `metric finish_game_ms_p50=…`, `…_max`: ending a game, which is where the WAL is
//!   checkpointed;
//! - `metric stats_10k_ms=…`: opening the history and computing every statistic over 10,000
//!   generated games of 72 moves each;
//! - `metric ratings_10k_ms=…`: every player's rating and its history, replayed over those
//!   10,000 games (target ≤ 100 ms).
//!
//! `cargo bench -p castellan-ledger` runs them in full; `cargo bench -p castellan-ledger --
//! append` runs only the benchmarks whose name contains `append`. Run any other way (as
//! `cargo test --all-targets` does), they make a small smoke run and print `smoke` lines.
//! The files are made under the crate's target folder, so on the disk the build is on
//! (not in memory). `LEDGER_BENCH_DIR=/dev/shm` puts them elsewhere: on a tmpfs, where a
//! flush costs nothing, the append figures are the ledger's own work, to which a real disk
//! adds its flush time once per move.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use castellan_ledger::{Color, Finish, Ledger, NewGame, PlayerResult, PointsByKind, Seat};
use chrono::{NaiveDate, TimeZone, Utc};

#[path = "../tests/ledger/generate.rs"]
mod generate;

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    // `cargo bench -p castellan-ledger -- append` runs only the benchmarks whose name
    // contains a word given, as libtest does, for instance to trace one under strace.
    let args: Vec<String> = std::env::args().collect();
    let filters: Vec<&String> = args[1..].iter().filter(|arg| !arg.starts_with('-')).collect();
    let wanted = |name: &str| filters.is_empty() || filters.iter().any(|filter| name.contains(filter.as_str()));
    let label = if full { "metric" } else { "smoke" };
    if !full {
        println!("smoke run at small sizes to check the benchmark works; not figures");
    }
    // A year of weekly nights of four 72-move games; the history, decades of them.
    let (append_games, games) = if full { (96, 10_000) } else { (3, 200) };
    // On the disk under target/, not in memory: the figures are about a real file.
    let root = std::env::var_os("LEDGER_BENCH_DIR").unwrap_or_else(|| env!("CARGO_TARGET_TMPDIR").into());
    let folder = tempfile::tempdir_in(root).unwrap();

    if wanted("append") {
        bench_append(label, folder.path(), append_games);
    }
    if wanted("stats") {
        bench_stats(label, folder.path(), games);
    }
}

/// Prints the append figures: the time of one move entered, and what it did to the files.
fn bench_append(label: &str, folder: &Path, append_games: u32) {
    let (times, events) = append_moves(&folder.join("append.sqlite3"), append_games, 72);
    println!("{label} append_moves={}", times.len());
    println!("{label} append_move_ms_p50={:.4}", ms(percentile(&times, 50)));
    println!("{label} append_move_ms_median={:.4}", ms(percentile(&times, 50)));
    println!("{label} append_move_ms_p90={:.4}", ms(percentile(&times, 90)));
    println!("{label} append_move_ms_p99={:.4}", ms(percentile(&times, 99)));
    println!("{label} append_move_ms_max={:.4}", ms(percentile(&times, 100)));
    for (name, hit) in [
        ("checkpointed", &events.checkpointed),
        ("wal_restarted", &events.wal_restarted),
        ("wal_grew", &events.wal_grew),
    ] {
        println!("{label} appends_{name}={}", hit.len());
        if !hit.is_empty() {
            println!("{label} appends_{name}_ms_p50={:.4}", ms(percentile(hit, 50)));
            println!("{label} appends_{name}_ms_max={:.4}", ms(percentile(hit, 100)));
        }
    }
    println!("{label} wal_max_kb={}", events.wal_max_bytes / 1024);
    println!("{label} finish_game_ms_p50={:.4}", ms(percentile(&events.finishes, 50)));
    println!("{label} finish_game_ms_max={:.4}", ms(percentile(&events.finishes, 100)));
}

/// Prints the history and statistics figures over `games` generated games.
fn bench_stats(label: &str, folder: &Path, games: usize) {
    let path = folder.join("history.sqlite3");
    let started = Instant::now();
    {
        let mut ledger = Ledger::open(&path).unwrap();
        generate::generate(&mut ledger, 1, 24, games, 72);
    }
    println!("{label} generate_games={games}");
    println!("{label} generate_s={:.2}", started.elapsed().as_secs_f64());
    println!("{label} file_mb={:.1}", std::fs::metadata(&path).unwrap().len() as f64 / 1e6);

    let started = Instant::now();
    let ledger = Ledger::open(&path).unwrap();
    println!("{label} open_with_quick_check_ms={:.1}", ms(started.elapsed()));

    let (mut history, mut statistics, mut both, mut ratings) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..7 {
        let started = Instant::now();
        let nights = ledger.history().unwrap();
        let middle = Instant::now();
        let stats = ledger.statistics().unwrap();
        let end = Instant::now();
        assert_eq!(
            nights.iter().map(|n| n.games.len()).sum::<usize>(),
            games,
            "the history must hold every generated game"
        );
        assert_eq!(stats.players.len(), 24, "every player has statistics");
        history.push(middle - started);
        statistics.push(end - middle);
        both.push(end - started);
        let started = Instant::now();
        let rated = ledger.ratings().unwrap();
        ratings.push(started.elapsed());
        assert_eq!(rated.players.len(), 24, "every player is rated");
    }
    println!("{label} history_10k_ms={:.1}", ms(percentile(&history, 50)));
    println!("{label} statistics_10k_ms={:.1}", ms(percentile(&statistics, 50)));
    println!("{label} stats_10k_ms={:.1}", ms(percentile(&both, 50)));
    println!("{label} ratings_10k_ms={:.1}", ms(percentile(&ratings, 50)));
}

/// What the files beside the ledger showed around each append.
#[derive(Default)]
struct FileEvents {
    /// Appends during which the database file itself was written: a checkpoint ran inside
    /// them (in WAL mode a commit writes only the `-wal` file).
    checkpointed: Vec<Duration>,
    /// Appends that started the `-wal` file over from its first frame.
    wal_restarted: Vec<Duration>,
    /// Appends that made the `-wal` file longer.
    wal_grew: Vec<Duration>,
    /// The `-wal` file's greatest length, in bytes.
    wal_max_bytes: u64,
    /// The time of each game's ending.
    finishes: Vec<Duration>,
}

/// The size and modification time of the database file at `path`. Only looked at, never
/// opened: closing a descriptor of it would drop the locks SQLite holds on it.
fn db_state(path: &Path) -> (u64, Option<std::time::SystemTime>) {
    let metadata = std::fs::metadata(path).unwrap();
    (metadata.len(), metadata.modified().ok())
}

/// The size of the `-wal` file at `path` and the checkpoint sequence number in its header
/// (bytes 12..16), which SQLite bumps each time it starts the file over. SQLite locks the
/// `-shm` file, not this one, so reading it takes nothing from SQLite.
fn wal_state(path: &Path) -> (u64, u32) {
    let Ok(metadata) = std::fs::metadata(path) else { return (0, 0) };
    let mut header = [0u8; 16];
    let sequence = std::fs::File::open(path)
        .and_then(|mut file| std::io::Read::read_exact(&mut file, &mut header))
        .map_or(0, |()| u32::from_be_bytes([header[12], header[13], header[14], header[15]]));
    (metadata.len(), sequence)
}

/// Plays `games` games of `moves` moves each into the ledger at `path`, four games a
/// night, each move one committed transaction, each game finished: a year of game nights
/// entered turn by turn. Returns each append's time and what it did to the files.
fn append_moves(path: &Path, games: u32, moves: u32) -> (Vec<Duration>, FileEvents) {
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    let mut ledger = Ledger::open(path).unwrap();
    let anna = ledger.add_player("Anna", Some(Color::Red)).unwrap();
    let bram = ledger.add_player("Bram", Some(Color::Blue)).unwrap();
    let first = NaiveDate::from_ymd_opt(2024, 1, 5).unwrap();
    let mut times = Vec::with_capacity((games * moves) as usize);
    let mut events = FileEvents::default();
    let mut night = None;
    for g in 0..games {
        let date = first + chrono::Duration::days(7 * i64::from(g / 4));
        if g % 4 == 0 {
            night = Some(ledger.add_night(date, None, &[]).unwrap());
        }
        let t0 = Utc.from_utc_datetime(&date.and_hms_opt(19, 0, 0).unwrap()) + chrono::Duration::hours((g % 4).into());
        let game = ledger
            .start_game(&NewGame {
                night: night.unwrap(),
                script_version: 1,
                setup_json: r#"{"sets": ["base"], "start": "base"}"#.to_owned(),
                seats: vec![Seat { player: anna, color: Color::Red }, Seat { player: bram, color: Color::Blue }],
                start_seat: 0,
                started_at: t0,
                app_version: None,
            })
            .unwrap();
        let mut seen = ledger.cursor(game).unwrap();
        for n in 0..moves {
            let json = format!(r#"{{"tile": "V", "at": [{}, {}], "rot": 90, "meeple": "N"}}"#, n % 9, n / 9);
            let at = t0 + chrono::Duration::seconds((30 * n).into());
            let (db_before, wal_before) = (db_state(path), wal_state(&wal));
            let started = Instant::now();
            seen = ledger.append_move(game, seen, &json, at).unwrap();
            let took = started.elapsed();
            times.push(took);
            let (db_after, wal_after) = (db_state(path), wal_state(&wal));
            if db_after != db_before {
                events.checkpointed.push(took);
            }
            if wal_after.1 != wal_before.1 {
                events.wal_restarted.push(took);
            }
            if wal_after.0 > wal_before.0 {
                events.wal_grew.push(took);
            }
            events.wal_max_bytes = events.wal_max_bytes.max(wal_after.0);
        }
        let results = [anna, bram].map(|player| {
            let points = PointsByKind {
                roads: 8,
                cities: 20 + g % 7,
                cloisters: 9,
                farms: 12,
                king_robber: 0,
                count: 0,
                goods: 0,
                gold: 0,
            };
            PlayerResult {
                player,
                score: points.total(),
                points,
                biggest_city_tiles: Some(6),
                longest_road_tiles: None,
            }
        });
        let finish = Finish {
            biggest_move: None,
            ended_at: t0 + chrono::Duration::minutes(50),
            results: results.to_vec(),
            final_moves_json: None,
        };
        let started = Instant::now();
        ledger.finish_game(game, &finish).unwrap();
        events.finishes.push(started.elapsed());
    }
    (times, events)
}

/// The `p`th percentile (nearest rank) of `times`.
fn percentile(times: &[Duration], p: usize) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    let rank = (p * sorted.len()).div_ceil(100).max(1);
    sorted[rank - 1]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
