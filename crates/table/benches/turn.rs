//! A turn's command on a board of 100 tiles, in its parts, as `tests/e2e/perf.e2e.mjs` plays
//! it through the window: the engine's move, the ledger's append (committed and synced to the
//! disk), the view of the game and its JSON. Figures are printed, not asserted:
//!
//! - `metric turn_command_ms_median=…`: the whole command, the JSON included;
//! - `…_engine_…`, `…_ledger_…`, `…_view_…`, `…_json_…`: its parts; `view_kb=…`: the JSON's size.
//!
//! `cargo bench -p castellan-table` runs it in full; run any other way (as `cargo test
//! --all-targets` does), it makes a small smoke run and prints `smoke` lines. The ledger is made
//! under the crate's target folder, on the disk the build is on; `TABLE_BENCH_DIR=/dev/shm` puts
//! it on a tmpfs, where a flush costs nothing.

use castellan_table::ledger::Ledger;
use castellan_table::placement::placement_options;
use castellan_table::request::{MoveRequest, NewGameRequest};
use castellan_table::view::GameView;
use castellan_table::Table;
use std::time::Instant;

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    let label = if full { "metric" } else { "smoke" };
    let (laid, timed) = if full { (83, 21) } else { (10, 3) };
    let root = std::env::var_os("TABLE_BENCH_DIR").unwrap_or_else(|| env!("CARGO_TARGET_TMPDIR").into());
    let folder = tempfile::tempdir_in(root).unwrap();
    // The ledger is not asked the time: one moment for every move.
    let now = chrono::DateTime::from_timestamp(1_795_000_000, 0).unwrap();
    let mut table = Table::new(Ledger::open(folder.path().join("turn.sqlite3")).unwrap());
    let request: NewGameRequest = serde_json::from_str(
        r#"{"seats": [{"name": "Anna", "color": "green"}, {"name": "Bram", "color": "red"},
                      {"name": "Cor", "color": "yellow"}],
            "boxes": ["winter", "king-robber", "shrines", "river2"], "rules": "current", "place": null}"#,
    )
    .unwrap();
    table.start(request.setup().unwrap(), None, now).unwrap();

    let mut parts: [Vec<f64>; 5] = Default::default();
    for turn in 0..laid + timed {
        // The first tile in the bag that fits, at its first spot: a follower on every third
        // tile while laying, then on the first place offered, as the timed turns click it.
        // A follower the engine refuses there is left off; a tile it does not draw yet (the river
        // comes first) gives way to the next one, as in the window's test.
        let live = table.live().unwrap();
        let game = live.game();
        let Some(mv) = game.bag().into_iter().find_map(|(tile, _)| {
            let option = placement_options(game, tile).into_iter().next()?;
            let wanted = (turn >= laid || turn % 3 == 0).then(|| option.followers.first().map(|f| f.place));
            [wanted.flatten(), None].into_iter().find_map(|follower| {
                let mv = MoveRequest::Place {
                    tile,
                    x: option.x,
                    y: option.y,
                    rotation: option.rotation,
                    follower,
                    figure: Default::default(),
                    recall_abbot: false,
                    count: None,
                    pass_second_tile: false,
                    told: Default::default(),
                }
                .to_move()
                .unwrap();
                live.history().clone().apply(mv.clone()).is_ok().then_some(mv)
            })
        }) else {
            // The bag holds only tiles that fit nowhere: the board is as large as it gets.
            break;
        };
        if turn < laid {
            table.play(mv, now).unwrap();
            continue;
        }
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
        let t0 = Instant::now();
        let mut history = table.live().unwrap().history().clone();
        history.apply(mv.clone()).unwrap();
        let engine = t0.elapsed();
        drop(history);
        let t1 = Instant::now();
        let live = table.play(mv, now).unwrap();
        let played = t1.elapsed();
        let t2 = Instant::now();
        let view = GameView::of(live);
        let built = t2.elapsed();
        let t3 = Instant::now();
        let json = serde_json::to_string(&view).unwrap();
        let serialised = t3.elapsed();
        // `play` applies the move again on its own copy: the ledger's part is what it adds.
        parts[0].push(ms(played + built + serialised));
        parts[1].push(ms(engine));
        parts[2].push(ms(played.saturating_sub(engine)));
        parts[3].push(ms(built));
        parts[4].push(ms(serialised));
        if turn == laid {
            println!("{label} view_kb={:.1}", json.len() as f64 / 1024.0);
        }
    }
    for (name, times) in ["command", "engine", "ledger", "view", "json"].iter().zip(parts.iter_mut()) {
        times.sort_by(f64::total_cmp);
        println!("{label} turn_{name}_ms_median={:.2}", times[times.len() / 2]);
    }
}
