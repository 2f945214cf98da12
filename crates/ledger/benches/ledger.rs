//! Ledger benchmarks on a real file. They print figures rather than assert on time, since
//! time depends on the machine:
//!
//! - `metric append_move_ms_median=…`: entering one move, committed (WAL, synchronous=NORMAL);
//! - `metric stats_10k_ms=…`: opening the history and computing every statistic over 10,000
//!   generated games of 72 moves each.
//!
//! `cargo bench -p castellan-ledger` runs them in full. Run any other way (as
//! `cargo test --all-targets` does), they make a small smoke run and print `smoke` lines.

use std::time::{Duration, Instant};

use castellan_ledger::{Color, Ledger, NewGame, Seat};
use chrono::{NaiveDate, TimeZone, Utc};

#[path = "../tests/ledger/generate.rs"]
mod generate;

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    let label = if full { "metric" } else { "smoke" };
    if !full {
        println!("smoke run at small sizes to check the benchmark works; not figures");
    }
    let (appends, games) = if full { (3000, 10_000) } else { (50, 200) };
    // On the disk under target/, not in memory: the figures are about a real file.
    let folder = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();

    let times = append_moves(&folder.path().join("append.sqlite3"), appends);
    println!("{label} append_move_ms_median={:.4}", ms(percentile(&times, 50)));
    println!("{label} append_move_ms_p99={:.4}", ms(percentile(&times, 99)));
    println!("{label} append_move_ms_max={:.4}", ms(percentile(&times, 100)));

    let path = folder.path().join("history.sqlite3");
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

    let (mut history, mut statistics, mut both) = (Vec::new(), Vec::new(), Vec::new());
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
    }
    println!("{label} history_10k_ms={:.1}", ms(percentile(&history, 50)));
    println!("{label} statistics_10k_ms={:.1}", ms(percentile(&statistics, 50)));
    println!("{label} stats_10k_ms={:.1}", ms(percentile(&both, 50)));
}

/// Enters `count` moves into one game, one committed transaction each, timing each.
fn append_moves(path: &std::path::Path, count: u32) -> Vec<Duration> {
    let mut ledger = Ledger::open(path).unwrap();
    let anna = ledger.add_player("Anna", Some(Color::Red)).unwrap();
    let bram = ledger.add_player("Bram", Some(Color::Blue)).unwrap();
    let night = ledger.add_night(NaiveDate::from_ymd_opt(2024, 5, 1).unwrap(), None, &[]).unwrap();
    let t0 = Utc.with_ymd_and_hms(2024, 5, 1, 20, 0, 0).unwrap();
    let game = ledger
        .start_game(&NewGame {
            night,
            script_version: 1,
            setup_json: r#"{"sets": ["base"], "start": "base"}"#.to_owned(),
            seats: vec![Seat { player: anna, color: Color::Red }, Seat { player: bram, color: Color::Blue }],
            start_seat: 0,
            started_at: t0,
            app_version: None,
        })
        .unwrap();
    let mut seen = ledger.cursor(game).unwrap();
    (0..count)
        .map(|n| {
            let json = format!(r#"{{"tile": "V", "at": [{}, {}], "rot": 90, "meeple": "N"}}"#, n % 50, n / 50);
            let at = t0 + chrono::Duration::seconds(n.into());
            let started = Instant::now();
            seen = ledger.append_move(game, seen, &json, at).unwrap();
            started.elapsed()
        })
        .collect()
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
