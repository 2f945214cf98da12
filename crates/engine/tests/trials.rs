//! A move tried on a copy answers as the move applied: `Game::is_legal` against `Game::apply`
//! on a clone, and a refused Count move leaves the game exactly as it was, its log included.
//! The Count's moves are tried with decisions that are often wrong (an entry after a turn
//! that gives none, a follower moved onto a feature that is not scored), so both answers
//! are seen many times.

use castellan_engine::{playout_move, AllBoxes, Entry, Game, GameSetup, Move, Picks, Quarter, QuarterMove, TileSet};

/// Three players with every box but the Ferries, whose moves are tried in games of their own below.
fn all_boxes() -> GameSetup {
    GameSetup::all_boxes(&["Anna", "Bram", "Cor"], AllBoxes::WithBigBox)
}

/// `mv` with Count decisions picked at random, legal or not.
fn with_count_decisions(game: &Game, mv: &Move, rng: &mut Picks) -> Move {
    let mut wild = mv.clone();
    if let Move::Place { count, cell, .. } = &mut wild {
        if rng.below(2) == 0 {
            let quarter = Quarter::ALL[rng.below(4)];
            count.entry = Some(Entry { quarter, count_to: None, big: rng.below(4) == 0 });
        }
        if rng.below(3) == 0 {
            let player = castellan_engine::PlayerId(rng.below(game.player_count()) as u8);
            let quarter = [Quarter::Castle, Quarter::Blacksmith, Quarter::Cathedral][rng.below(3)];
            count.moves.push(QuarterMove { player, quarter, to: (*cell, castellan_engine::Port::C), big: false });
        }
    }
    wild
}

#[test]
fn a_move_tried_on_a_copy_answers_as_the_move_applied() {
    let (mut accepted, mut refused) = (0, 0);
    for seed in 0..6 {
        let mut rng = Picks::new(seed);
        let mut game = Game::new(all_boxes()).expect("every box together is a valid setup");
        while let Some(mv) = playout_move(&game, &mut |n| rng.below(n)) {
            let wild = with_count_decisions(&game, &mv, &mut rng);
            let before = format!("{game:?}");
            let legal = game.is_legal(&wild);
            let mut applied = game.clone();
            assert_eq!(legal, applied.apply(&wild).is_ok(), "seed {seed}: {wild:?}");
            if legal {
                accepted += 1;
            } else {
                refused += 1;
                // Refused on the game itself: nothing of it changes, not even its log.
                assert!(game.apply(&wild).is_err());
                assert_eq!(format!("{game:?}"), before, "seed {seed}: a refused {wild:?} changed the game");
            }
            game.apply(&mv).expect("playout moves are legal");
        }
        assert!(game.city().is_some(), "seed {seed}: the City was laid");
    }
    assert!(accepted > 100 && refused > 100, "both answers seen: {accepted} accepted, {refused} refused");
}

/// `Game::might_score` may say yes to a tile that then completes nothing, never no to one
/// that scores: checked on every legal placement of every tile drawn in whole games.
#[test]
fn a_tile_said_to_score_nothing_scores_nothing() {
    let (mut said_no, mut scored) = (0, 0);
    for seed in 0..4 {
        let mut rng = Picks::new(seed + 100);
        let mut game = Game::new(all_boxes()).expect("every box together is a valid setup");
        while let Some(mv) = playout_move(&game, &mut |n| rng.below(n)) {
            if let Some(tile) = mv.tile().filter(|_| matches!(mv, Move::Place { .. })) {
                for (cell, rotation) in game.legal_placements(tile) {
                    let plain = Move::place(tile, cell, rotation, None);
                    let mut after = game.clone();
                    let Ok(events) = after.apply(&plain) else { continue };
                    let scores = events.iter().any(|e| matches!(e, castellan_engine::Event::Scored(_)));
                    scored += scores as usize;
                    if !game.might_score(&plain) {
                        said_no += 1;
                        assert!(!scores, "seed {seed}: {plain:?} was said to score nothing");
                    }
                }
            }
            game.apply(&mv).expect("playout moves are legal");
        }
    }
    assert!(said_no > 1000 && scored > 100, "both seen: {said_no} said to score nothing, {scored} scoring");
}

/// With Ferries, moves that also move a ferry at random, legal or not: tried on a
/// copy each answers as when applied, a refused one leaves the game as it was, and one said to
/// score nothing scores nothing, whatever roads its ferry closes (FE-06).
#[test]
fn a_ferry_moved_on_a_copy_answers_as_the_move_applied() {
    use castellan_engine::{Event, FerryMove, Side};
    let (mut accepted, mut refused, mut scored) = (0, 0, 0);
    for seed in 0..16 {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Ferries);
        let mut game = Game::new(setup).expect("a valid setup");
        let mut rng = Picks::new(seed + 200);
        while let Some(mv) = playout_move(&game, &mut |n| rng.below(n)) {
            let mut wild = mv.clone();
            let ferries = game.ferries();
            // Half of the time the playout's own move, ferries moved as it chose.
            if let (Move::Place { told, .. }, false, 0) = (&mut wild, ferries.is_empty(), rng.below(2)) {
                let (at, _) = ferries[rng.below(ferries.len())];
                let link = [Side::ALL[rng.below(4)], Side::ALL[rng.below(4)]];
                told.ferry_moves.push(FerryMove { at, link });
            }
            let before = format!("{game:?}");
            let legal = game.is_legal(&wild);
            let mut applied = game.clone();
            let scores = applied.apply(&wild).map(|events| events.iter().any(|e| matches!(e, Event::Scored(_))));
            assert_eq!(legal, scores.is_ok(), "seed {seed}: {wild:?}");
            match scores {
                Ok(scores) => {
                    accepted += 1;
                    scored += usize::from(scores);
                    assert!(game.might_score(&wild) || !scores, "seed {seed}: {wild:?} was said to score nothing");
                }
                Err(_) => {
                    refused += 1;
                    assert!(game.apply(&wild).is_err());
                    assert_eq!(format!("{game:?}"), before, "seed {seed}: a refused {wild:?} changed the game");
                }
            }
            game.apply(&mv).expect("playout moves are legal");
        }
    }
    assert!(accepted > 100 && refused > 100 && scored > 10, "{accepted} accepted, {refused} refused, {scored} scored");
}
