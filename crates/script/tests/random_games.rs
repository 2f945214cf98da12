//! Random legal games written as scripts and read back: with Inns & Cathedrals (big followers
//! on the board and in the City, inns and cathedrals) and with the older boxes alone.

use castellan_engine::{playout_move, Event, Game, GameSetup, Picks, Start, TileSet};
use castellan_script::{Script, VERSION, VERSION_2, VERSION_3};

/// Seeds take turns: Inns & Cathedrals with the base game, with the Count, or the older boxes
/// alone (the abbot, River II, the Count).
fn setup_for(seed: u64) -> GameSetup {
    let mut setup = GameSetup::base(&["Anna", "Bram", "Carl"]);
    match seed % 4 {
        0 => setup.sets.push(TileSet::InnsCathedrals),
        1 => {
            setup.sets.extend([TileSet::InnsCathedrals, TileSet::Count, TileSet::KingRobber]);
            setup.start = Start::Count;
        }
        2 => {
            setup.sets.extend([TileSet::InnsCathedrals, TileSet::River2, TileSet::Winter, TileSet::Abbot]);
            setup.start = Start::River2;
        }
        _ => {
            setup.sets.extend([TileSet::Count, TileSet::Shrines]);
            setup.start = Start::Count;
        }
    }
    // From seed 24 on, each combination once more with the Flying Machines and their flights.
    if seed >= 24 {
        setup.sets.push(TileSet::Flier);
    }
    setup
}

#[test]
fn random_games_write_read_back_and_replay_the_same() {
    let mut flights = 0;
    for seed in 0..32 {
        let setup = setup_for(seed);
        let mut game = Game::new(setup.clone()).unwrap();
        let mut rng = Picks::new(seed);
        let mut moves = Vec::new();
        while let Some(mv) = playout_move(&game, &mut |n| rng.below(n)) {
            game.apply(&mv).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            moves.push(mv);
        }
        let script = Script {
            setup: setup.clone(),
            moves: moves.clone(),
            followers: Vec::new(),
            final_moves: Vec::new(),
            final_scoring: true,
            track: None,
            expect: None,
        };
        let json = script.to_json();
        let inns = setup.has(TileSet::InnsCathedrals);
        let flier = setup.has(TileSet::Flier);
        let want = match () {
            _ if flier => VERSION_3,
            _ if inns || setup.has(TileSet::Abbot) => VERSION_2,
            _ => VERSION,
        };
        assert_eq!(json["version"], want, "seed {seed}: version 2 or 3 exactly when a newer box plays");
        let read = Script::from_json(&json.to_string()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(read.moves, moves, "seed {seed}: every move reads back as written");
        let replayed = read.play().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        game.finish().unwrap();
        assert_eq!(replayed.events(), game.events(), "seed {seed}: replay equals incremental play");
        let by_events: Vec<u32> = (0..game.player_count())
            .map(|p| {
                game.events()
                    .iter()
                    .filter_map(|e| match e {
                        Event::Scored(s) if s.winners.contains(castellan_engine::PlayerId(p as u8)) => Some(s.points),
                        _ => None,
                    })
                    .sum()
            })
            .collect();
        assert_eq!(by_events, game.scores(), "seed {seed}: points are the sum of the events");
        if flier {
            let told = moves
                .iter()
                .filter(|m| matches!(m, castellan_engine::Move::Place { told, .. } if told.flight.is_some()));
            let report = castellan_script::report(&replayed);
            let reported = report["flights"].as_array().map_or(0, Vec::len);
            assert_eq!(reported, told.count(), "seed {seed}: the report shows every flight");
            flights += reported;
        }
        if inns {
            let report = castellan_script::report(&replayed);
            assert!(report["figures"]["Anna"]["big"].is_u64(), "seed {seed}: the report holds the big follower");
        } else {
            let report = castellan_script::report(&replayed);
            assert!(report_has_no_new_keys(&report), "seed {seed}");
            assert_eq!(report.get("flights").is_some(), flier, "seed {seed}: flights only with the box");
        }
    }
    assert!(flights > 0, "the games with the Flying Machines flew");
}

/// A report of the older boxes carries none of the keys Inns & Cathedrals adds.
fn report_has_no_new_keys(report: &serde_json::Value) -> bool {
    let events = report["events"].as_array().expect("events");
    let event_keys = events.iter().any(|e| e.get("inn").is_some() || e.get("cathedral").is_some());
    let weights =
        events.iter().flat_map(|e| e["followers"].as_array().expect("followers")).any(|f| f.get("weight").is_some());
    let big_in_city = report["city"].get("big").is_some();
    !(event_keys || weights || big_in_city || report.get("figures").is_some())
}

/// Random games with Ferries, every ferry put and moved told in the script: written as
/// version 3, read back to the same moves, byte-stable when written again, replayed the same.
#[test]
fn random_ferry_games_write_read_back_and_replay_the_same() {
    let mut moved = 0;
    for seed in 0..8 {
        let mut setup = setup_for(seed);
        setup.sets.push(TileSet::Ferries);
        let mut game = Game::new(setup.clone()).unwrap();
        let mut rng = Picks::new(seed);
        let mut moves = Vec::new();
        while let Some(mv) = playout_move(&game, &mut |n| rng.below(n)) {
            game.apply(&mv).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            moves.push(mv);
        }
        moved += game.events().iter().filter(|e| matches!(e, Event::FerryMoved { .. })).count();
        let script = Script {
            setup,
            moves: moves.clone(),
            followers: Vec::new(),
            final_moves: Vec::new(),
            final_scoring: true,
            track: None,
            expect: None,
        };
        let json = script.to_json();
        assert_eq!(json["version"], castellan_script::VERSION_3, "seed {seed}: Ferries need version 3");
        let read = Script::from_json(&json.to_string()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(read.moves, moves, "seed {seed}: every ferry reads back as written");
        assert_eq!(read.to_json(), json, "seed {seed}: written again, the same");
        let replayed = read.play().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        game.finish().unwrap();
        assert_eq!(replayed.events(), game.events(), "seed {seed}: replay equals incremental play");
        let report = castellan_script::report(&replayed);
        assert_eq!(report["ferries"].as_array().map(Vec::len), Some(game.ferries().len()), "seed {seed}");
    }
    assert!(moved > 0, "the games moved ferries");
}
