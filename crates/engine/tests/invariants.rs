//! Properties that hold in every game: checked over many random legal games.

use castellan_engine::{
    playout_move, Cell, CropError, Event, FarmRule, Figure, Game, GameSetup, History, Move, MoveError, Picks, PlayerId,
    Rotation, Start, TileSet, FOLLOWERS_PER_PLAYER,
};

/// The seeds whose games play Ferries.
const FERRY_SEEDS: std::ops::Range<u64> = 2000..2060;

/// Seeds take turns: the base game or the River, with River II and more, with the Count and more.
fn random_game(seed: u64, players: &[&str]) -> (GameSetup, Vec<Move>) {
    let mut setup = GameSetup::base(players);
    match seed % 3 {
        1 => {
            setup.sets.extend([TileSet::Winter, TileSet::KingRobber, TileSet::Shrines, TileSet::River2]);
            setup.start = Start::River2;
        }
        2 => {
            setup.sets.extend([TileSet::KingRobber, TileSet::Shrines, TileSet::Count]);
            setup.start = Start::Count;
            if seed % 2 == 1 {
                // River II with the Count: the spring is drawn first and attached to the city
                // or the river comes first and the city is laid against it.
                setup.sets.push(TileSet::River2);
                if seed % 4 == 1 {
                    setup.start = Start::River2;
                    setup.rules.river_before_city = true;
                }
            }
        }
        // The River of the base box, in either printing, alone or with River II.
        _ if seed % 2 == 1 => {
            setup.sets.push(if seed % 4 == 1 { TileSet::River } else { TileSet::RiverC1 });
            setup.start = Start::River;
            if seed.is_multiple_of(5) {
                setup.sets.extend([TileSet::Winter, TileSet::River2]);
            }
        }
        _ => {}
    }
    if seed % 4 == 3 {
        setup.rules.farms = FarmRule::FirstEdition;
    }
    // The abbot, in games without the Count: half of those with the River's garden.
    if seed % 3 != 2 && seed % 7 < 4 {
        setup.sets.push(TileSet::Abbot);
    }
    // Inns & Cathedrals in three games of five, with whatever else the seed chose; the others
    // play the older boxes alone.
    if seed % 5 >= 2 {
        setup.sets.push(TileSet::InnsCathedrals);
    }
    // Traders & Builders in every box combination, with the hole house rule now and then: the
    // seeds from 300 on, and every other seed of the other tests' ranges. (The seeds below 300
    // keep the games they always played.)
    if (300..1000).contains(&seed) || (seed >= 1000 && seed.is_multiple_of(2)) {
        setup.sets.push(TileSet::TradersBuilders);
        setup.rules.hole_extra_turn = seed % 10 == 1;
    }
    // Ferries with whatever the seed chose besides: the seeds from 2000 on, which no test
    // played before, so the other seeds keep their games.
    if seed >= FERRY_SEEDS.start {
        setup.sets.push(TileSet::Ferries);
    }
    // Mage & Witch with whatever else the seed chose: the seeds from 420 to 500, and every third
    // seed from 1000 on. (The seeds below keep the games they always played.)
    if (420..500).contains(&seed) || (seed >= 1000 && seed.is_multiple_of(3)) {
        setup.sets.push(TileSet::MageWitch);
    }
    // Flying Machines with every box combination: the seeds from 360 on, and one in ten of the
    // others.
    if seed >= 360 || seed % 10 == 9 {
        setup.sets.push(TileSet::Flier);
    }
    // Gold Mines with every box combination: the seeds from 420 to 999, and every third seed
    // from 1000 on (the seeds below keep the games they always played).
    if (420..1000).contains(&seed) || (seed >= 1000 && seed.is_multiple_of(3)) {
        setup.sets.push(TileSet::Goldmines);
    }
    // Crop Circles in three seeds of four from 300 on, with every box combination: one time
    // in four the first set's tiles, one in three with the added follower anywhere in its
    // feature (QB-19, QB-21). (The seeds below 300 keep the games they always played.)
    if seed >= 300 && seed % 4 != 1 {
        setup.sets.push(if seed % 8 == 3 { TileSet::CropCircles1 } else { TileSet::CropCircles });
        setup.rules.crop_circle_same_tile = !seed.is_multiple_of(3);
    }
    let mut game = Game::new(setup.clone()).unwrap();
    let mut rng = Picks::new(seed);
    let mut moves = Vec::new();
    while let Some(mv) = playout_move(&game, &mut |n| rng.below(n)) {
        game.apply(&mv).unwrap_or_else(|e| panic!("seed {seed}: a playout move was refused: {e}"));
        moves.push(mv);
    }
    (setup, moves)
}

fn points_by_events(game: &Game) -> Vec<u32> {
    let mut totals = vec![0; game.player_count()];
    for e in game.events() {
        if let Event::Scored(s) = e {
            for p in s.winners.iter() {
                totals[p.index()] += s.points;
            }
        }
    }
    totals
}

/// Every ingot put down is on a tile or in a hand, and never more than the box holds (GM-01).
fn ingots_conserved(game: &Game, seed: u64) {
    let put_down: u32 = game
        .events()
        .iter()
        .map(|e| match e {
            Event::IngotsPlaced { neighbour, .. } => 1 + u32::from(neighbour.is_some()),
            _ => 0,
        })
        .sum();
    let held: u32 = game.gold().iter().map(|&n| u32::from(n)).sum();
    let lying: u32 = game.gold_on_tiles().iter().map(|&(_, n)| u32::from(n)).sum();
    assert_eq!(held + lying, put_down, "seed {seed}: every ingot is somewhere");
    assert!(put_down <= castellan_engine::INGOTS, "seed {seed}: no more ingots than the box holds");
}

fn followers_conserved(game: &Game, seed: u64) {
    for p in 0..game.player_count() {
        let mine = || game.board().followers().iter().filter(move |f| f.player.index() == p);
        let of = |figure| mine().filter(|f| f.figure == figure).count();
        let followers_out: Vec<_> = mine().filter(|f| f.figure == Figure::Follower).collect();
        let abbots_out: Vec<_> = mine().filter(|f| f.figure == Figure::Abbot).collect();
        let traders = usize::from(game.setup().has(TileSet::TradersBuilders));
        let (builders, pigs) = game.companions_in_hand()[p];
        assert_eq!(of(Figure::Builder) + builders as usize, traders, "seed {seed}: player {p}'s builder");
        assert_eq!(of(Figure::Pig) + pigs as usize, traders, "seed {seed}: player {p}'s pig");
        let in_city = game.city().map_or(0, |c| c.total(PlayerId(p as u8)) as usize);
        let total = followers_out.len() + in_city + game.supply()[p] as usize;
        assert_eq!(total, FOLLOWERS_PER_PLAYER as usize, "seed {seed}: player {p}'s followers");
        let abbot = usize::from(game.setup().has(TileSet::Abbot));
        assert_eq!(abbots_out.len() + game.abbots()[p] as usize, abbot, "seed {seed}: player {p}'s abbot");
        // One big follower each with Inns & Cathedrals: in hand, on the board or in the City.
        let seat = PlayerId(p as u8);
        let big_out = game.board().followers().iter().filter(|f| f.player == seat && f.figure == Figure::Big).count();
        let big_in_city = game.city().is_some_and(|c| c.big(seat).is_some());
        let big = usize::from(game.setup().has(TileSet::InnsCathedrals));
        assert_eq!(
            big_out + usize::from(big_in_city) + game.bigs()[p] as usize,
            big,
            "seed {seed}: player {p}'s big follower"
        );
    }
}

#[test]
fn followers_are_conserved_and_points_are_the_sum_of_events() {
    let mut moved_out_of_the_city = 0;
    let (mut second_tiles, mut pigs_paid, mut goods_taken) = (0, 0, 0);
    let (mut recalls, mut abbots_scored_9) = (0, 0);
    // Ingots taken in play, and hands of gold paid at the end.
    let (mut ingots_taken, mut gold_paid) = (0, 0);
    // Scores where a big follower weighed two, and inn roads and cathedral cities paid.
    let (mut weighed, mut inns_and_cathedrals) = (0, 0);
    // Moves after which a big follower waits in the City.
    let mut bigs_in_the_city = 0;
    // Ferries moved, and roads whose scoring a move took part in.
    let (mut ferries_moved, mut scored_after_a_move) = (0, 0);
    // Scores the mage or the witch changed (MW-06, MW-07).
    let mut bewitched = 0;
    // Flights that landed and flights that crashed (FM-07, FM-08).
    let (mut landed, mut crashed) = (0, 0);
    // Counts of a board with more followers than the end count keeps on the stack (32): the
    // count then keeps them on the heap, and must come out the same.
    let mut crowded_counts = 0;
    // Figures a crop circle added and took back, big followers among them (CC-05, CC-06, X2-18).
    let (mut crop_added, mut crop_removed, mut crop_bigs) = (0, 0, 0);
    for seed in (0..500).chain(FERRY_SEEDS) {
        let players: &[&str] = if seed % 3 == 0 { &["A", "B", "C", "D", "E"] } else { &["A", "B"] };
        let (setup, moves) = random_game(seed, players);
        let city_after_river = setup.rules.river_before_city;
        let mut game = Game::new(setup).unwrap();
        for (i, mv) in moves.iter().enumerate() {
            let abbots_before: u8 = game.abbots().iter().sum();
            let recalled = matches!(mv, Move::Place { recall_abbot: true, .. });
            game.apply(mv).unwrap();
            let abbots_after: u8 = game.abbots().iter().sum();
            if abbots_after > abbots_before && !recalled {
                // An abbot came home in play without a recall: its building was surrounded.
                abbots_scored_9 += 1;
            }
            followers_conserved(&game, seed);
            ingots_conserved(&game, seed);
            second_tiles += usize::from(game.second_tile());
            let seats = (0..game.player_count() as u8).map(PlayerId);
            bigs_in_the_city += usize::from(game.city().is_some_and(|c| seats.clone().any(|p| c.big(p).is_some())));
            assert_eq!(points_by_events(&game), game.scores(), "seed {seed}: scores equal the sum of events");
            if i % 7 == 0 {
                let mut ended = game.clone();
                crowded_counts += usize::from(game.board().followers().len() > 32);
                ended.finish().unwrap();
                followers_conserved(&ended, seed);
                assert_eq!(
                    game.scores_if_ended_now(),
                    ended.scores(),
                    "seed {seed} move {i}: the live score is what the final count would give"
                );
            }
        }
        if city_after_river {
            assert!(game.city().is_some(), "seed {seed}: the City was laid against the river (R-04)");
        }
        recalls += game
            .events()
            .iter()
            .filter(|e| matches!(e, Event::Scored(s) if s.rule == castellan_engine::Rule::A08))
            .count();
        moved_out_of_the_city += game.events().iter().filter(|e| matches!(e, Event::FollowerMoved { .. })).count();
        goods_taken += game.events().iter().filter(|e| matches!(e, Event::GoodsTaken { .. })).count();
        ferries_moved += game.events().iter().filter(|e| matches!(e, Event::FerryMoved { .. })).count();
        scored_after_a_move += game
            .events()
            .windows(2)
            .filter(|w| matches!(w, [Event::FerryMoved { .. }, Event::Scored(s)] if s.source == castellan_engine::ScoreSource::Road))
            .count();
        for e in game.events() {
            if let Event::Flew { landed: to, .. } = e {
                *(if to.is_some() { &mut landed } else { &mut crashed }) += 1;
            }
        }
        ingots_taken += game.events().iter().filter(|e| matches!(e, Event::IngotTaken { .. })).count();
        for e in game.events() {
            match e {
                Event::CropFollowerAdded { figure, .. } | Event::CropFollowerRemoved { figure, .. } => {
                    crop_added += usize::from(matches!(e, Event::CropFollowerAdded { .. }));
                    crop_removed += usize::from(matches!(e, Event::CropFollowerRemoved { .. }));
                    crop_bigs += usize::from(*figure == Figure::Big);
                }
                _ => {}
            }
        }
        game.finish().unwrap();
        assert!(game.magic().is_empty(), "seed {seed}: the mage and the witch leave after the count (MW-08)");
        bewitched +=
            game.events().iter().filter(|e| matches!(e, Event::Scored(s) if s.rule.id().starts_with("MW-"))).count();
        pigs_paid += game.events().iter().filter(|e| matches!(e, Event::Scored(s) if !s.pigs.is_empty())).count();
        gold_paid += game
            .events()
            .iter()
            .filter(|e| matches!(e, Event::Scored(s) if s.source == castellan_engine::ScoreSource::Gold))
            .count();
        for e in game.events() {
            if let Event::Scored(s) = e {
                weighed += usize::from(s.weight != s.followers);
                inns_and_cathedrals += usize::from(s.rule.id().starts_with("I-") && s.points > 0);
            }
        }
        assert_eq!(points_by_events(&game), game.scores(), "seed {seed}: after the final count too");
        assert!(
            game.board().followers().iter().all(|f| { game.board().tiles().iter().any(|t| t.cell == f.cell) }),
            "seed {seed}: only farmers stay, on tiles"
        );
        assert_eq!(game.tiles_left(), 0, "seed {seed}: the bag is empty at the end");
    }
    assert!(
        ferries_moved > 0 && scored_after_a_move > 0,
        "ferries moved: {ferries_moved}; roads scored right after a move: {scored_after_a_move}"
    );
    assert!(bewitched > 0, "scores the magic figures changed: {bewitched}");
    assert!(moved_out_of_the_city > 0, "the Count games moved followers out of the quarters");
    assert!(landed > 0 && crashed > 0, "fliers landed: {landed}; fliers crashed: {crashed}");
    assert!(ingots_taken > 0 && gold_paid > 0, "ingots taken: {ingots_taken}; hands of gold paid: {gold_paid}");
    assert!(
        crop_added > 0 && crop_removed > 0 && crop_bigs > 0,
        "crop circles added {crop_added}, took back {crop_removed}, big followers among them {crop_bigs}"
    );
    assert!(bigs_in_the_city > 0, "big followers went into the City (X-07)");
    assert!(crowded_counts > 0, "counts of a board with more than 32 followers: {crowded_counts}");
    assert!(
        weighed > 0 && inns_and_cathedrals > 0,
        "big followers weighed: {weighed}; inns and cathedrals paid: {inns_and_cathedrals}"
    );
    assert!(
        second_tiles > 0 && pigs_paid > 0 && goods_taken > 0,
        "second tiles: {second_tiles}; farms paid more for pigs: {pigs_paid}; goods taken: {goods_taken}"
    );
    assert!(
        recalls > 0 && abbots_scored_9 > 0,
        "abbots taken back: {recalls}; abbots home from a surrounded building: {abbots_scored_9}"
    );
}

#[test]
fn listed_placements_apply_and_all_others_are_refused() {
    for seed in (0..40).chain(FERRY_SEEDS.start..FERRY_SEEDS.start + 10) {
        let (setup, moves) = random_game(1000 + seed, &["A", "B"]);
        let mut game = Game::new(setup).unwrap();
        for (i, mv) in moves.iter().enumerate() {
            if let (0, Some(tile)) = (i % 7, mv.tile()) {
                let listed = game.legal_placements(tile);
                let xs = game.board().tiles().iter().map(|t| t.cell.x);
                let (lo, hi) = (xs.clone().min().unwrap() - 1, xs.max().unwrap() + 1);
                let ys = game.board().tiles().iter().map(|t| t.cell.y);
                let (top, bottom) = (ys.clone().min().unwrap() - 1, ys.max().unwrap() + 1);
                for x in lo..=hi {
                    for y in top..=bottom {
                        for r in Rotation::ALL {
                            let cell = Cell::new(x, y);
                            let mut trial = game.clone();
                            let mut mv = Move::place(tile, cell, r, None);
                            if let Move::Place { told, .. } = &mut mv {
                                // A lake tile's ferry is told, or the move is refused (FE-03).
                                told.ferry = game.ferry_links(tile, r).first().copied();
                                // A gold tile says where its second ingot goes, if it has a
                                // neighbour (GM-02).
                                told.gold = game.second_ingot_options(tile, cell)[0];
                            }
                            // A magic tile laid without saying where a magic figure goes, or a
                            // crop-circle tile without the choice it asks for, is refused after
                            // its placement was found legal (MW-02, MW-05, CC-03).
                            let ok = matches!(
                                trial.apply(&mv),
                                Ok(_)
                                    | Err(castellan_engine::MoveError::Magic(_))
                                    | Err(MoveError::Crop(CropError::ChoiceMissing { .. }))
                            );
                            assert_eq!(
                                ok,
                                listed.contains(&(cell, r)),
                                "seed {seed} move {i}: {tile} at {cell} rot {r}"
                            );
                        }
                    }
                }
            }
            game.apply(mv).unwrap();
        }
    }
}

#[test]
fn replay_equals_incremental_play_and_undo_redo_is_the_identity() {
    for seed in (0..60).chain(FERRY_SEEDS.start..FERRY_SEEDS.start + 20) {
        let (setup, moves) = random_game(2000 + seed, &["A", "B", "C"]);
        let mut incremental = Game::new(setup.clone()).unwrap();
        for mv in &moves {
            incremental.apply(mv).unwrap();
        }
        let replayed = Game::replay(&setup, &moves).unwrap();
        assert_eq!(replayed.events(), incremental.events(), "seed {seed}: same events");
        assert_eq!(replayed.scores(), incremental.scores());

        let mut h = History::new(setup.clone()).unwrap();
        for mv in &moves {
            h.apply(mv.clone()).unwrap();
        }
        let k = moves.len() / 2;
        for _ in 0..k {
            assert!(h.undo());
        }
        for _ in 0..k {
            assert!(h.redo());
        }
        assert_eq!(h.game().events(), incremental.events(), "seed {seed}: undo then redo changes nothing");

        // Correcting a move and then restoring it gives the original game.
        let index = moves.len() / 3;
        let original = moves[index].clone();
        if let Move::Place { tile, cell, rotation, .. } = original {
            let changed = Move::place(tile, cell, rotation, None);
            if h.correct(index, changed).is_ok() {
                h.correct(index, original).expect("restoring the original move replays");
                assert_eq!(h.game().events(), incremental.events(), "seed {seed}: correct then restore");
            }
        }
    }
}

/// The ingots Castellan shared in a move, told back as the players' takes: the told move plays
/// exactly as the untold one, unless only one player could take, when the takes are refused
/// for there was nothing to share (GM-05, QB-13).
#[test]
fn gold_takes_told_as_castellan_shared_them_play_the_same() {
    let (mut shared, mut forced) = (0, 0);
    for seed in 420..480 {
        let (setup, moves) = random_game(seed, &["A", "B", "C"]);
        let mut game = Game::new(setup).unwrap();
        for mv in &moves {
            let before = game.clone();
            let takes: Vec<castellan_engine::GoldTake> = game
                .apply(mv)
                .unwrap()
                .iter()
                .filter_map(|e| match *e {
                    Event::IngotTaken { player, from } => Some(castellan_engine::GoldTake { player, from }),
                    _ => None,
                })
                .collect();
            if takes.is_empty() {
                continue;
            }
            let mut told = mv.clone();
            if let Move::Place { told: t, .. } = &mut told {
                t.gold_taken = takes.clone();
            }
            let mut again = before.clone();
            match again.apply(&told) {
                Ok(_) => {
                    shared += 1;
                    let state = |g: &Game| (g.gold().to_vec(), g.gold_on_tiles().to_vec(), g.scores().to_vec());
                    assert_eq!(state(&again), state(&game), "seed {seed}: the takes told back play the same");
                }
                Err(e) => {
                    forced += 1;
                    assert!(takes.iter().all(|t| t.player == takes[0].player), "seed {seed}: {e}");
                    assert!(
                        matches!(
                            e,
                            castellan_engine::MoveError::Gold(castellan_engine::GoldError::SharingForced { .. })
                        ),
                        "seed {seed}: {e}"
                    );
                    assert_eq!(again.events().len(), before.events().len(), "seed {seed}: the refusal changed nothing");
                }
            }
        }
    }
    assert!(shared > 0 && forced > 0, "takes told back: {shared}; refused as forced: {forced}");
}
