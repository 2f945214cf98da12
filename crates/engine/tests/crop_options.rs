//! The crop circle's options offer exactly the answers the engine accepts: in random games
//! with Crop Circles, after every crop-circle tile, each place and figure offered to a player
//! is accepted (the others answering with their first offer), a player offered nothing may be
//! left out, and leaving out a player who is offered something is refused (CC-03 to CC-07).

use castellan_engine::{
    playout_move, CropAction, CropChoice, CropCircle, CropDeed, CropOptions, CropTurn, Game, GameSetup, Move, Picks,
    TileSet,
};

fn crop_game(seed: u64) -> GameSetup {
    let mut setup = GameSetup::base(&["Anna", "Bram", "Cor"]);
    setup.sets.push(if seed.is_multiple_of(2) { TileSet::CropCircles } else { TileSet::CropCircles1 });
    setup.sets.extend([TileSet::Abbot, TileSet::InnsCathedrals, TileSet::TradersBuilders]);
    setup.rules.crop_circle_same_tile = !seed.is_multiple_of(3);
    setup
}

/// Each player's first offer under `choice`: the first add (or a pass) or the first take-back.
fn first(turn: &CropTurn, choice: CropChoice) -> Option<CropDeed> {
    match choice {
        CropChoice::Remove => turn.standing.first().map(|&(cell, port, figure)| CropDeed::At { cell, port, figure }),
        CropChoice::Add => Some(match (turn.add_at.first(), turn.add_figures.first()) {
            (Some(&(cell, port)), Some(&figure)) => CropDeed::At { cell, port, figure },
            _ => return None,
        }),
    }
}

/// The answer where `turns[at]` does `deed` and everybody else their first offer.
fn answer(options: &CropOptions, choice: CropChoice, at: usize, deed: Option<CropDeed>) -> CropCircle {
    let actions = options
        .turns
        .iter()
        .enumerate()
        .filter_map(|(i, t)| {
            if i == at { deed } else { first(t, choice) }.map(|deed| CropAction { player: t.player, deed })
        })
        .collect();
    CropCircle { choice, actions }
}

fn told(mv: &Move, circle: CropCircle) -> Move {
    let mut mv = mv.clone();
    if let Move::Place { told, .. } = &mut mv {
        told.crop_circle = Some(circle);
    }
    mv
}

#[test]
fn every_offered_answer_is_accepted_and_no_player_offered_something_may_be_left_out() {
    let (mut offers, mut tiles) = (0, 0);
    for seed in 0..8 {
        let mut rng = Picks::new(seed);
        let mut game = Game::new(crop_game(seed)).unwrap();
        while let Some(mv) = playout_move(&game, &mut |n| rng.below(n)) {
            if let Some(options) = game.crop_circle_options(&mv) {
                tiles += 1;
                for choice in [CropChoice::Add, CropChoice::Remove] {
                    assert!(game.is_legal(&told(&mv, answer(&options, choice, usize::MAX, None))), "seed {seed}");
                    for (at, turn) in options.turns.iter().enumerate() {
                        let deeds: Vec<CropDeed> = match choice {
                            CropChoice::Remove => turn
                                .standing
                                .iter()
                                .map(|&(cell, port, figure)| CropDeed::At { cell, port, figure })
                                .collect(),
                            CropChoice::Add => turn
                                .add_at
                                .iter()
                                .flat_map(|&(cell, port)| {
                                    turn.add_figures.iter().map(move |&figure| CropDeed::At { cell, port, figure })
                                })
                                .chain([CropDeed::Pass])
                                .collect(),
                        };
                        for deed in deeds {
                            offers += 1;
                            let mv = told(&mv, answer(&options, choice, at, Some(deed)));
                            assert!(game.is_legal(&mv), "seed {seed}: {deed:?} offered but refused");
                        }
                        if first(turn, choice).is_some() {
                            let left_out = told(&mv, answer(&options, choice, at, None));
                            assert!(!game.is_legal(&left_out), "seed {seed}: {:?} may be left out", turn.player);
                        }
                    }
                }
            }
            game.apply(&mv).unwrap();
        }
    }
    assert!(tiles > 20 && offers > 100, "{tiles} crop-circle tiles, {offers} answers tried");
}

#[test]
fn a_move_without_a_crop_circle_offers_nothing() {
    let mut rng = Picks::new(1);
    let game = Game::new(crop_game(2)).unwrap();
    let mv = playout_move(&game, &mut |n| rng.below(n)).unwrap();
    let Move::Place { tile, .. } = &mv else { panic!("a placement") };
    assert!(tile.def().marks.crop.is_none() && game.crop_circle_options(&mv).is_none());
}
