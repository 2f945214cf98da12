//! `castellan bench`: the engine's speed on a fixed workload, as medians.
//!
//! Workload: complete random two-player base games, seeded. Each turn a tile is drawn
//! uniformly from the bag, every legal placement is listed and one picked uniformly, then one
//! of the legal follower options ("none" included) uniformly; completed features score as
//! they close, and the game ends with the final count, farms included.
//! - `full_game_us`: one whole game, setup to final count (the median of a round of games; of
//!   two rounds, taken in turns with the all-box round below, the faster);
//! - `full_game_all_boxes_us`: the same for a game with every box the playout plays together
//!   ([`all_boxes`]): River II, then the City of Carcassonne laid against it (house rule
//!   R-04) with the Count, King and Robber, the shrines and heretics, the abbot, Inns &
//!   Cathedrals and Traders & Builders — figures of every kind, the Count's moves and entries,
//!   second tiles and goods;
//! - `full_game_<box>_us`: the same for the base game with one box alone (`river2`, `count`,
//!   `king_robber`, `shrines`, `abbot`, `inns_cathedrals`, `traders_builders`, and of the Big
//!   Box `flier` with its flights, `ferries`, `goldmines`, `mage_witch`, `crop_circles`), so that
//!   what the all-box game costs can be traced to the box that costs it (the Big Box's boxes
//!   are not in the all-box game, whose figure is compared over time);
//! - `legal_placements_us`: one enumeration of the legal placements of a drawn tile on the
//!   board after 35 placements;
//! - `final_scoring_us`: the final count of a finished board: the points each player gets
//!   (what the live "if the game ended now" score recomputes after every turn);
//! - `final_scoring_explained_us`: the same count as score events, each with its tiles,
//!   cities and rule (what the final-scoring screen shows once);
//! - `final_count_us`: finishing a game: the end count as [`Game::finish`] makes it on a
//!   copy of the game, as the table does — the score events with their reasons, farms and
//!   followers going home — on the finished boards of whole games (all 72 tiles laid, the
//!   followers still standing). Each board is finished in rounds of [`FINISH_BATCH`]
//!   fresh copies, made outside the clock; the figure is the median over the boards of each
//!   board's fastest round, and `final_count_median_us` the median of all rounds.
//!
//! `--part full|boxes|one|legal|final|end` runs one part only, for profiling.

use castellan_engine::{playout_move, AllBoxes, Game, GameSetup, Move, Picks, Start, TileId, TileSet};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

/// Plays random turns until the bag is empty or `stop_after` placements.
fn play(game: &mut Game, rng: &mut Picks, stop_after: usize) {
    let mut placements = 0;
    while placements < stop_after {
        let Some(mv) = playout_move(game, &mut |n| rng.below(n)) else {
            break;
        };
        game.apply(&mv).expect("playout moves are legal");
        placements += matches!(mv, Move::Place { .. }) as usize;
    }
}

/// The tile the next playout move would draw.
fn next_tile(game: &Game, rng: &mut Picks) -> TileId {
    playout_move(game, &mut |n| rng.below(n)).and_then(|m| m.tile()).expect("tiles left")
}

fn setup() -> GameSetup {
    GameSetup::base(&["Anna", "Bram"])
}

/// Two players with the boxes whose all-box figure is compared over time (the Big Box's are
/// timed alone): the river first from River II's spring, the City of Carcassonne laid
/// against it when it is finished.
fn all_boxes() -> GameSetup {
    GameSetup::all_boxes(&["Anna", "Bram"], AllBoxes::BeforeBigBox)
}

/// Each box the all-box game plays, and each box of the Big Box, alone with the base game: its
/// name in the figures and its setup.
fn one_box_setups() -> Vec<(&'static str, GameSetup)> {
    let with = |set: TileSet, start: Start| {
        let mut setup = setup();
        setup.sets.push(set);
        setup.start = start;
        setup
    };
    vec![
        ("river2", with(TileSet::River2, Start::River2)),
        ("count", with(TileSet::Count, Start::Count)),
        ("king_robber", with(TileSet::KingRobber, Start::Base)),
        ("shrines", with(TileSet::Shrines, Start::Base)),
        ("abbot", with(TileSet::Abbot, Start::Base)),
        ("inns_cathedrals", with(TileSet::InnsCathedrals, Start::Base)),
        ("traders_builders", with(TileSet::TradersBuilders, Start::Base)),
        ("ferries", with(TileSet::Ferries, Start::Base)),
        ("mage_witch", with(TileSet::MageWitch, Start::Base)),
        ("flier", with(TileSet::Flier, Start::Base)),
        ("goldmines", with(TileSet::Goldmines, Start::Base)),
        ("crop_circles", with(TileSet::CropCircles, Start::Base)),
    ]
}

/// µs for each of `games` whole seeded games of `setup`, setup to final count.
fn full_games(setup: &GameSetup, games: usize, seed_from: u64) -> Vec<f64> {
    (seed_from..seed_from + games as u64)
        .map(|seed| {
            let mut rng = Picks::new(seed);
            let start = Instant::now();
            let mut game = Game::new(setup.clone()).expect("a valid setup");
            play(&mut game, &mut rng, usize::MAX);
            game.finish().expect("not yet finished");
            black_box(&game);
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect()
}

/// Rounds of the whole games, base and all-box in turns; each figure is its fastest round's median.
const GAME_ROUNDS: usize = 2;

/// Copies of a board finished per timed round: enough that the clock's resolution does not
/// matter, few enough that the copies stay in cache as a table's one copy would.
const FINISH_BATCH: usize = 32;

/// Timed rounds per board; the fastest is the figure, the others show the spread.
const FINISH_ROUNDS: usize = 16;

/// Finishes `game` in [`FINISH_ROUNDS`] rounds of fresh copies; µs per finish of each round.
fn finish_rounds(game: &Game) -> Vec<f64> {
    (0..FINISH_ROUNDS)
        .map(|_| {
            let mut copies = vec![game.clone(); FINISH_BATCH];
            let start = Instant::now();
            for copy in &mut copies {
                black_box(black_box(copy).finish().expect("not yet finished"));
            }
            let took = start.elapsed().as_secs_f64() * 1e6 / FINISH_BATCH as f64;
            drop(black_box(copies));
            took
        })
        .collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

pub(crate) fn run(json: bool, part: Option<&str>) -> ExitCode {
    let only = |p: &str| part.is_none_or(|q| q == p);
    let games = |p: &str| if only(p) { 2001 } else { 1 };
    // The base and the all-box games in turns, each figure its faster round: a moment when the
    // machine is busy elsewhere (a build's files still being written out) slows one round, not
    // the figure, nor one side of the ratio between them.
    let (mut full, mut boxes) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..GAME_ROUNDS {
        full = full.min(median(full_games(&setup(), games("full"), 0)));
        // Seeds of their own, so that the base figures stay those of the same games.
        boxes = boxes.min(median(full_games(&all_boxes(), games("boxes"), 1 << 33)));
    }
    // Fewer games each: a box's figure only has to show its share, not a fine difference.
    let one_box: Vec<(&str, f64)> = one_box_setups()
        .into_iter()
        .map(|(name, setup)| {
            let n = if only("one") { 501 } else { 1 };
            (name, median(full_games(&setup, n, 1 << 34)))
        })
        .collect();

    // Boards after 35 placements, each with the next tile drawn from its bag.
    let mut legal = Vec::new();
    let mut finals = Vec::new();
    let mut explained = Vec::new();
    let (mut end_best, mut end_all) = (Vec::new(), Vec::new());
    let boards: u64 = if part.is_some_and(|p| p == "full" || p == "boxes" || p == "one") { 1 } else { 201 };
    for seed in 0..boards {
        let mut rng = Picks::new(seed | 1 << 32);
        let mut game = Game::new(setup()).expect("a base game");
        play(&mut game, &mut rng, 35);
        let tile = next_tile(&game, &mut rng);
        let reps = if only("legal") { 2000 } else { 1 };
        let start = Instant::now();
        for _ in 0..reps {
            black_box(game.legal_placements(black_box(tile)));
        }
        legal.push(start.elapsed().as_secs_f64() * 1e6 / reps as f64);

        play(&mut game, &mut rng, usize::MAX);
        let reps = if only("final") { 2000 } else { 1 };
        let start = Instant::now();
        for _ in 0..reps {
            black_box(black_box(&game).final_points());
        }
        finals.push(start.elapsed().as_secs_f64() * 1e6 / reps as f64);
        let start = Instant::now();
        for _ in 0..reps {
            black_box(black_box(&game).final_count());
        }
        explained.push(start.elapsed().as_secs_f64() * 1e6 / reps as f64);

        if only("end") {
            let rounds = finish_rounds(&game);
            end_best.push(rounds.iter().copied().fold(f64::INFINITY, f64::min));
            end_all.extend(rounds);
        } else {
            end_best.push(0.0);
            end_all.push(0.0);
        }
    }

    let (f, b, l, s, e) = (full, boxes, median(legal), median(finals), median(explained));
    let (c, cm) = (median(end_best), median(end_all));
    if json {
        let one_box: String = one_box.iter().map(|(name, us)| format!(", \"full_game_{name}_us\": {us:.2}")).collect();
        say!(
            "{{\"full_game_us\": {f:.2}, \"full_game_all_boxes_us\": {b:.2}{one_box}, \"legal_placements_us\": {l:.3}, \"final_scoring_us\": {s:.3}, \"final_scoring_explained_us\": {e:.3}, \"final_count_us\": {c:.3}, \"final_count_median_us\": {cm:.3}}}"
        );
    } else {
        say!("full game                {f:>10.2} µs (median of {}, the faster of {GAME_ROUNDS} rounds)", games("full"));
        say!(
            "full game, every box     {b:>10.2} µs (median of {}, the faster of {GAME_ROUNDS} rounds)",
            games("boxes")
        );
        for (name, us) in &one_box {
            say!("full game, {name:<17} {us:>10.2} µs (median of {})", if only("one") { 501 } else { 1 });
        }
        say!("legal placements         {l:>10.3} µs");
        say!("final scoring            {s:>10.3} µs");
        say!("final scoring, explained {e:>10.3} µs");
        say!("final count (finish)     {c:>10.3} µs (median {cm:.3})");
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::{Event, Figure};

    #[test]
    fn the_all_boxes_games_play_every_box_to_the_end() {
        let (mut figures, mut city, mut goods) = (Vec::new(), false, false);
        for seed in 0..4 {
            let mut game = Game::new(all_boxes()).expect("every box together is a valid setup");
            play(&mut game, &mut Picks::new(seed + (1 << 33)), usize::MAX);
            assert_eq!(game.tiles_left(), 0, "seed {seed}: the bag is emptied");
            game.finish().expect("not yet finished");
            for e in game.events() {
                match e {
                    Event::FollowerDeployed { figure, .. } => figures.push(*figure),
                    Event::CityLaid { .. } => city = true,
                    Event::GoodsTaken { .. } => goods = true,
                    _ => {}
                }
            }
        }
        for figure in Figure::ALL {
            assert!(figures.contains(&figure), "no {figure} was put down");
        }
        assert!(city && goods, "the City laid after the river: {city}; goods taken: {goods}");
    }

    #[test]
    fn each_box_alone_is_a_valid_game_played_to_the_end() {
        for (name, setup) in one_box_setups() {
            let mut game = Game::new(setup).unwrap_or_else(|e| panic!("{name}: {e}"));
            play(&mut game, &mut Picks::new(1 << 34), usize::MAX);
            assert_eq!(game.tiles_left(), 0, "{name}: the bag is emptied");
            game.finish().expect("not yet finished");
        }
    }
}
