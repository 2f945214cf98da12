//! Ferries at the table: which two road ends the ferry on a new lake links (FE-03), and which
//! ferries met along a road the tile lengthens the placer moves, and to which pair (FE-05).
//!
//! Which pairs and which ferries are the engine's answer (`Game::ferry_links`,
//! `Game::movable_ferries`); this module only adds each lake's road ends, described as the
//! roads they carry, for the board to light and the panel to name.

use super::QuestionError;
use crate::target::{followers_of, Survey, Target};
use castellan_engine::{Cell, CountChoice, Game, Move, Port, Side, TileSet, Told};
use serde::Serialize;

/// What the table tells of ferries for one placement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FerryQuestion {
    /// The tile's own lake: its ferry must link one of these pairs (FE-03); `null` when the
    /// tile has no lake.
    pub lake: Option<FerryChoice>,
    /// The ferries the placer may move, each once and none of them required (FE-05); empty
    /// when the tile lengthens no road that holds a ferry.
    pub moves: Vec<FerryChoice>,
}

/// One ferry to put down or to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FerryChoice {
    /// The lake tile's cell.
    pub at: Cell,
    /// The two road ends its ferry links now, in board orientation; `null` for the ferry
    /// still to be put on the new lake.
    pub now: Option<[Side; 2]>,
    /// The pairs of road ends it may link, in board orientation.
    pub links: Vec<[Side; 2]>,
    /// Each road end of the lake, with the road it carries as the board stands: the places
    /// the board lights for the pair to be clicked.
    pub ends: Vec<FerryEnd>,
}

/// A road end at a ferry lake.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FerryEnd {
    /// The side of the lake tile the road leaves by, in board orientation.
    pub side: Side,
    /// The road, its place on the lake tile being this end's.
    pub road: Target,
}

/// The ferry question for the placement `mv`, with the other boxes' answers in `told`;
/// `None` without Ferries, or when the tile has no lake and lengthens no ferry's road.
///
/// # Errors
/// The engine refuses the placement with a ferry on its lake.
pub fn ferry_question(game: &Game, mv: &Move) -> Result<Option<FerryQuestion>, QuestionError> {
    let Move::Place { tile, cell, rotation, follower, ref told, .. } = *mv else { return Ok(None) };
    if !game.setup().has(TileSet::Ferries) {
        return Ok(None);
    }
    let links = game.ferry_links(tile, rotation);
    let movable = game.movable_ferries(tile, cell, rotation);
    if links.is_empty() && movable.is_empty() {
        return Ok(None);
    }
    let lake = match links.first() {
        Some(&first) => {
            // The new lake's roads are described with the tile down and its ferry on it,
            // followers standing as before the move plus the placer's new one.
            let mut trial = game.clone();
            let mut bare = mv.clone();
            if let Move::Place { told: answers, count, .. } = &mut bare {
                *answers = Told { ferry: Some(first), ferry_moves: Vec::new(), ..told.clone() };
                *count = CountChoice::default();
            }
            trial.apply(&bare)?;
            let mut standing = followers_of(game);
            standing.extend(follower.map(|port| (game.current_player(), cell, port)));
            let survey = Survey::without_farms(&trial, &standing);
            Some(FerryChoice { at: cell, now: None, ends: ends_of(&survey, cell, &links), links })
        }
        None => None,
    };
    let survey = Survey::without_farms(game, &followers_of(game));
    let now = game.ferries();
    let moves = movable
        .into_iter()
        .map(|(at, links)| {
            let now = now.iter().find(|(cell, _)| *cell == at).map(|&(_, link)| link);
            let all: Vec<[Side; 2]> = links.iter().copied().chain(now).collect();
            FerryChoice { at, now, ends: ends_of(&survey, at, &all), links }
        })
        .collect();
    Ok(Some(FerryQuestion { lake, moves }))
}

/// The road ends named in `pairs`, clockwise from north, each described on its own.
fn ends_of(survey: &Survey<'_>, at: Cell, pairs: &[[Side; 2]]) -> Vec<FerryEnd> {
    Side::ALL
        .into_iter()
        .filter(|side| pairs.iter().any(|pair| pair.contains(side)))
        .filter_map(|side| {
            let place = (at, Port::from_slot(side.index() * 3 + 1));
            let road = survey.targets(&[place]).into_iter().next()?;
            Some(FerryEnd { side, road })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::place_request;
    use crate::tell::tell_questions;
    use castellan_engine::{FerryMove, GameSetup, Rotation, TileId};

    fn ferries_game() -> Game {
        let mut setup = GameSetup::base(&["Red", "Blue", "Green"]);
        setup.sets.push(TileSet::Ferries);
        Game::new(setup).unwrap()
    }

    fn play(game: &mut Game, tile: &str, x: i32, y: i32, degrees: u16, told: Told) {
        let mut mv = Move::place(
            TileId::from_name(tile).unwrap(),
            Cell::new(x, y),
            Rotation::from_degrees(i64::from(degrees)).unwrap(),
            None,
        );
        if let Move::Place { told: answers, .. } = &mut mv {
            *answers = told;
        }
        game.apply(&mv).unwrap();
    }

    fn with_told(
        request: castellan_engine::Told,
        mut base: crate::request::MoveRequest,
    ) -> crate::request::MoveRequest {
        if let crate::request::MoveRequest::Place { told, .. } = &mut base {
            *told = request;
        }
        base
    }

    /// FE-04's board: X at [-1,0], then FE04 at [1,0] with its ferry linking west and south.
    fn lake_on_the_board() -> Game {
        let mut game = ferries_game();
        play(&mut game, "X", -1, 0, 0, Told::default());
        play(&mut game, "FE04", 1, 0, 0, Told { ferry: Some([Side::West, Side::South]), ..Told::default() });
        game
    }

    #[test]
    fn a_lake_tile_asks_for_its_ferry_among_every_pair_of_its_road_ends() {
        let game = ferries_game();
        let request = place_request("FE04", 1, 0, 0, None);
        let q = tell_questions(&game, &request).unwrap().ferries.expect("a lake tile asks");
        let lake = q.lake.expect("the tile's own lake");
        assert_eq!(lake.at, Cell::new(1, 0));
        assert_eq!(lake.now, None);
        assert_eq!(lake.links, vec![[Side::East, Side::South], [Side::East, Side::West], [Side::South, Side::West]]);
        let sides: Vec<Side> = lake.ends.iter().map(|e| e.side).collect();
        assert_eq!(sides, vec![Side::East, Side::South, Side::West]);
        assert!(lake.ends.iter().all(|e| e.road.at.x == 1 && e.road.at.y == 0), "lit on the lake tile");
        assert!(q.moves.is_empty(), "no ferry lies on the board yet");
    }

    #[test]
    fn a_tile_without_a_lake_far_from_every_ferry_asks_nothing() {
        let game = lake_on_the_board();
        let request = place_request("V", 0, -1, 0, None);
        assert!(tell_questions(&game, &request).unwrap().ferries.is_none());
        let base = Game::new(GameSetup::base(&["Red", "Blue"])).unwrap();
        assert!(tell_questions(&base, &place_request("V", 0, 1, 0, None)).unwrap().ferries.is_none());
    }

    #[test]
    fn a_tile_lengthening_a_ferry_road_offers_the_other_pairs_of_its_lake() {
        let game = lake_on_the_board();
        let request = place_request("V", 1, 1, 180, None);
        let q = tell_questions(&game, &request).unwrap().ferries.expect("the ferry may move");
        assert!(q.lake.is_none());
        let [ferry] = q.moves.as_slice() else { panic!("one ferry: {:?}", q.moves) };
        assert_eq!(ferry.at, Cell::new(1, 0));
        assert_eq!(ferry.now, Some([Side::West, Side::South]));
        assert_eq!(ferry.links, vec![[Side::East, Side::South], [Side::East, Side::West]]);
        assert_eq!(ferry.ends.len(), 3);
    }

    /// FE-07: a finished table shows where each ferry lies, so a lake tile laid on a final
    /// board asks its pair; nothing moves there (FE-05).
    #[test]
    fn a_final_board_asks_where_a_lakes_ferry_lies_and_moves_none() {
        let mut setup = ferries_game().setup().clone();
        setup.mode = castellan_engine::Mode::FinalBoard;
        let mut game = Game::new(setup).unwrap();
        let request = place_request("FE04", 1, 0, 0, None);
        let q = tell_questions(&game, &request).unwrap().ferries.expect("the lake's ferry lies somewhere");
        assert_eq!(q.lake.expect("the lake").links.len(), 3);
        let mv =
            with_told(Told { ferry: Some([Side::West, Side::South]), ..Told::default() }, request).to_move().unwrap();
        game.apply(&mv).unwrap();
        let road = tell_questions(&game, &place_request("V", 1, 1, 180, None)).unwrap();
        assert!(road.ferries.is_none(), "no ferry moves on a finished table");
    }

    /// FE-06 with C-12, as the window asks it: the answers told go on to the Count's question,
    /// which offers Bram's blacksmith follower the road the moved ferry closes.
    #[test]
    fn the_counts_question_after_a_ferry_move_offers_the_road_it_closed() {
        use crate::count::count_question;
        use castellan_engine::{Entry, Quarter, Start};
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.extend([TileSet::Count, TileSet::Ferries]);
        setup.start = Start::Count;
        let mut game = Game::new(setup).unwrap();
        let mut enter = Move::place(TileId::from_name("A").unwrap(), Cell::new(0, 3), Rotation::R180, None);
        if let Move::Place { count, .. } = &mut enter {
            count.entry = Some(Entry { quarter: Quarter::Blacksmith, count_to: None, big: false });
        }
        let thief = |x, y, rot, port| Move::place(TileId::from_name("U").unwrap(), Cell::new(x, y), rot, Some(port));
        game.apply(&thief(0, 2, Rotation::R90, castellan_engine::Port::N)).unwrap();
        game.apply(&enter).unwrap();
        game.apply(&thief(-3, -1, Rotation::R0, castellan_engine::Port::W)).unwrap();
        play(&mut game, "FE04", -4, -1, 0, Told { ferry: Some([Side::East, Side::South]), ..Told::default() });

        let request = place_request("V", -4, 0, 180, None);
        let q = tell_questions(&game, &request).unwrap().ferries.expect("the ferry may move");
        let [ferry] = q.moves.as_slice() else { panic!("{:?}", q.moves) };
        assert!(ferry.links.contains(&[Side::South, Side::West]));
        let asked = count_question(&game, &request).unwrap().expect("a Count game");
        assert!(asked.moves.is_empty(), "the road stays open while the ferry stays");
        let told =
            Told { ferry_moves: vec![FerryMove { at: ferry.at, link: [Side::South, Side::West] }], ..Told::default() };
        let asked = count_question(&game, &with_told(told, request)).unwrap().expect("a Count game");
        let [blacksmith] = asked.moves.as_slice() else { panic!("{:?}", asked.moves) };
        assert_eq!((blacksmith.seat, blacksmith.quarter), (1, Quarter::Blacksmith));
        assert_eq!(blacksmith.features.len(), 1, "Anna's road from the west gate");
    }

    #[test]
    fn each_pair_offered_is_one_the_engine_then_accepts() {
        let game = lake_on_the_board();
        let request = place_request("V", 1, 1, 180, None);
        let q = tell_questions(&game, &request).unwrap().ferries.unwrap();
        for link in &q.moves[0].links {
            let told = Told { ferry_moves: vec![FerryMove { at: q.moves[0].at, link: *link }], ..Told::default() };
            let mv = with_told(told, request.clone()).to_move().unwrap();
            game.clone().apply(&mv).unwrap_or_else(|e| panic!("{link:?}: {e}"));
        }
        let fresh = ferries_game();
        let request = place_request("FE04", 1, 0, 0, None);
        let q = tell_questions(&fresh, &request).unwrap().ferries.unwrap();
        for link in q.lake.unwrap().links {
            let mv = with_told(Told { ferry: Some(link), ..Told::default() }, request.clone()).to_move().unwrap();
            fresh.clone().apply(&mv).unwrap_or_else(|e| panic!("{link:?}: {e}"));
        }
    }
}
