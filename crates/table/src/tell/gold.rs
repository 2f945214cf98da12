//! Gold Mines at the table: which neighbouring tile takes a gold tile's second ingot (GM-02),
//! and — when the move hands gold to several players — who takes the next ingot from which
//! tile (GM-05). The takes are told only if the table wants them its own way: left untold,
//! Castellan shares the gold by QB-13. The engine answers both ([`Game::second_ingot_options`],
//! [`Game::next_gold_take`]) and whether the takes are worth waiting for
//! ([`Game::may_share_gold_once_told`]); this only shapes its answers for the screen.

use super::QuestionError;
use castellan_engine::{Cell, Game, Move, SecondIngot};
use serde::Serialize;

/// What the table is asked about gold for one placement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct GoldQuestion {
    /// Where the tile being placed lies, for the places below to be told from it.
    pub tile: Cell,
    /// The tiles around a gold tile that may take its second ingot (GM-02), clockwise from
    /// north; empty when the tile shows no gold.
    pub neighbours: Vec<IngotNeighbour>,
    /// Whether the move hands gold to several players, so the takes may be told (GM-05).
    pub shares: bool,
    /// Whether who shares the gold is still unknown: it comes from playing the move through,
    /// which waits for the other boxes' answers to this placement.
    pub waiting: bool,
    /// The next ingot to take, after the takes told so far; left out once every take is told,
    /// and while the second ingot's tile is still to be named.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub take: Option<GoldTakeQuestion>,
}

/// A tile next to the gold tile, where the second ingot may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct IngotNeighbour {
    /// The answer naming it, as the move tells it.
    pub offset: SecondIngot,
    /// Where it lies.
    pub cell: Cell,
    /// The ingots lying on it already.
    pub ingots: u32,
}

/// Whose turn it is to take an ingot, and from where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct GoldTakeQuestion {
    /// The player taking it, by seat.
    pub seat: u32,
    /// The tiles they may take it from.
    pub from: Vec<IngotHeap>,
    /// The ingots still to share, this one included.
    pub left: u32,
}

/// A tile with ingots on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct IngotHeap {
    /// Where it lies.
    pub cell: Cell,
    /// How many ingots lie there.
    pub ingots: u32,
}

/// The gold question for the placement `mv` (its answers so far in its `told`); `None` when
/// the tile shows no gold and the move shares none among several players.
///
/// # Errors
/// The engine refuses the move as it stands for a reason other than an answer still to come.
pub fn gold_question(game: &Game, mv: &Move) -> Result<Option<GoldQuestion>, QuestionError> {
    let Move::Place { tile, cell, told, .. } = mv else { return Ok(None) };
    let neighbours: Vec<IngotNeighbour> = game
        .second_ingot_options(*tile, *cell)
        .into_iter()
        .flatten()
        .map(|offset| {
            let at = Cell::new(cell.x + offset.dx, cell.y + offset.dy);
            IngotNeighbour { offset, cell: at, ingots: u32::from(game.gold_at(at)) }
        })
        .collect();
    // The takes hang on where the second ingot lies: they are asked once it is named.
    let named = neighbours.is_empty() || told.gold.is_some();
    let played = if named { game.next_gold_take(mv) } else { Ok(None) };
    let (next, waiting) = match played {
        Ok(next) => (next, false),
        // Playing the move through needs every box's answer: the shares are asked once the
        // others are told, and only where there is gold that could be shared at all.
        Err(e) if e.awaits_answer() => (None, game.may_share_gold_once_told(mv)),
        Err(e) => return Err(e.into()),
    };
    let shares = !told.gold_taken.is_empty() || next.is_some();
    if neighbours.is_empty() && !shares && !waiting {
        return Ok(None);
    }
    let take = next.map(|next| GoldTakeQuestion {
        seat: u32::from(next.player.0),
        from: next.from.into_iter().map(|(cell, n)| IngotHeap { cell, ingots: u32::from(n) }).collect(),
        left: u32::from(next.left),
    });
    Ok(Some(GoldQuestion { tile: *cell, neighbours, shares, waiting, take }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{place, place_request};
    use crate::request::MoveRequest;
    use crate::tell::tell_questions;
    use castellan_engine::{CropAction, CropChoice, CropCircle, CropDeed, Figure, Flight, GoldError, MoveError};
    use castellan_engine::{GameSetup, GoldTake, PlayerId, Port, Rotation, TileSet, Told, ToldAnswers};

    const ANNA: PlayerId = PlayerId(0);
    const BRAM: PlayerId = PlayerId(1);

    fn told(second: Option<(i32, i32)>, takes: &[(PlayerId, Cell)]) -> Told {
        Told::from(ToldAnswers {
            gold: second.map(|(dx, dy)| SecondIngot { dx, dy }),
            gold_taken: takes.iter().map(|&(player, from)| GoldTake { player, from }).collect(),
            ..ToldAnswers::default()
        })
    }

    fn with_told(mut request: MoveRequest, answers: Told) -> MoveRequest {
        if let MoveRequest::Place { told, .. } = &mut request {
            *told = answers;
        }
        request
    }

    fn gold_game() -> Game {
        gold_game_with(&[])
    }

    fn gold_game_with(sets: &[TileSet]) -> Game {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Goldmines);
        setup.sets.extend_from_slice(sets);
        Game::new(setup).unwrap()
    }

    /// Anna's knight on GM07's city north of the start tile, Bram's on `D` at [1,-1]; Anna's
    /// `GM06` at [1,-2] (turned 270) next closes the city, which both share.
    fn tied_city() -> Game {
        tied_city_with(&[])
    }

    fn tied_city_with(sets: &[TileSet]) -> Game {
        let mut game = gold_game_with(sets);
        let mut first = place("GM07", 0, -1, Rotation::R90, Some(Port::N));
        if let Move::Place { told: answers, .. } = &mut first {
            *answers = told(Some((0, 1)), &[]);
        }
        for mv in [
            first,
            place("D", 1, -1, Rotation::R0, Some(Port::N)),
            place("N", 0, -2, Rotation::R180, None),
            place("U", 2, -1, Rotation::R0, None),
        ] {
            game.apply(&mv).unwrap();
        }
        game
    }

    fn question(game: &Game, request: &MoveRequest) -> Option<GoldQuestion> {
        tell_questions(game, request).unwrap().gold
    }

    #[test]
    fn a_gold_tile_asks_for_one_of_its_neighbours() {
        let game = gold_game();
        let asked = question(&game, &place_request("GM07", 0, -1, 90, Some("N"))).expect("a gold tile asks");
        let offsets: Vec<(i32, i32)> = asked.neighbours.iter().map(|n| (n.offset.dx, n.offset.dy)).collect();
        assert_eq!(offsets, [(0, 1)], "the start tile alone lies around it");
        assert_eq!(asked.neighbours[0].cell, Cell::new(0, 0));
        assert!(!asked.shares && asked.take.is_none(), "nothing completed, nothing shared");
        let answered = with_told(place_request("GM07", 0, -1, 90, Some("N")), told(Some((0, 1)), &[]));
        let mut played = game.clone();
        played.apply(&answered.to_move().unwrap()).expect("the engine takes the answer offered");
        assert_eq!(played.gold_on_tiles(), [(Cell::new(0, -1), 1), (Cell::new(0, 0), 1)]);
    }

    #[test]
    fn a_tile_without_gold_sharing_nothing_asks_nothing() {
        let game = gold_game();
        assert_eq!(question(&game, &place_request("D", 1, 0, 0, None)), None);
    }

    #[test]
    fn shared_gold_asks_each_take_in_turn_once_the_neighbour_is_named() {
        let game = tied_city();
        let closing = place_request("GM06", 1, -2, 270, None);
        let first = question(&game, &closing).expect("a gold tile asks");
        assert_eq!(first.neighbours.len(), 4, "U, D, GM07 and N around [1,-2]");
        assert_eq!(first.take, None, "the takes wait for the second ingot's tile");
        let on_u = with_told(closing.clone(), told(Some((1, 1)), &[]));
        let take = question(&game, &on_u).and_then(|q| q.take).expect("Anna and Bram share the city");
        assert_eq!(take.seat, 0, "the mover takes first");
        assert_eq!(take.left, 3);
        let heaps: Vec<Cell> = take.from.iter().map(|h| h.cell).collect();
        assert_eq!(heaps, [Cell::new(0, -1), Cell::new(0, 0), Cell::new(1, -2)], "the city's tiles, not U");
        let takes = [(ANNA, Cell::new(1, -2)), (BRAM, Cell::new(0, -1)), (ANNA, Cell::new(0, 0))];
        let partly = question(&game, &with_told(closing.clone(), told(Some((1, 1)), &takes[..1]))).unwrap();
        assert_eq!(partly.take.map(|t| t.seat), Some(1), "then Bram");
        let all = with_told(closing, told(Some((1, 1)), &takes));
        let done = question(&game, &all).expect("still a gold tile sharing gold");
        assert!(done.shares && done.take.is_none(), "every take told");
        let mut played = game.clone();
        played.apply(&all.to_move().unwrap()).expect("the engine takes the takes offered");
        assert_eq!(played.gold(), [2, 1]);
    }

    #[test]
    fn shares_are_asked_before_the_crop_circle_is_answered() {
        // The first Crop Circles' CI01 closes the city as GM06 would; its action follows the
        // scoring (CC-08), so who shares the gold does not wait for it.
        let game = tied_city_with(&[TileSet::CropCircles1]);
        let closing = place_request("CI01", 1, -2, 270, None);
        let asked = tell_questions(&game, &closing).unwrap();
        assert!(asked.crop.is_some(), "the crop circle asks its action");
        let gold = asked.gold.expect("Anna and Bram share the city's gold");
        assert!(!gold.waiting && gold.shares && gold.neighbours.is_empty(), "{gold:?}");
        assert_eq!(gold.take.as_ref().map(|t| (t.seat, t.left)), Some((0, 2)), "the mover takes first, of two ingots");
        let passed = CropCircle {
            choice: CropChoice::Add,
            actions: vec![
                CropAction { player: BRAM, deed: CropDeed::Pass },
                CropAction { player: ANNA, deed: CropDeed::Pass },
            ],
        };
        let answered =
            with_told(closing, Told::from(ToldAnswers { crop_circle: Some(passed), ..ToldAnswers::default() }));
        assert_eq!(question(&game, &answered), Some(gold), "the crop circle's answer changes nothing of it");
    }

    #[test]
    fn shares_are_asked_before_the_magic_figure_is_placed() {
        // MW02 is drawn as GM06 is: it closes the city, and the mage or witch it moves changes
        // the points, never who shares the gold.
        let game = tied_city_with(&[TileSet::MageWitch]);
        let asked = tell_questions(&game, &place_request("MW02", 1, -2, 270, None)).unwrap();
        assert!(asked.magic.is_some(), "the magic tile asks where a figure goes");
        let gold = asked.gold.expect("Anna and Bram share the city's gold");
        assert!(!gold.waiting && gold.shares, "{gold:?}");
        assert_eq!(gold.take.map(|t| t.seat), Some(0), "the mover takes first");
    }

    #[test]
    fn a_lake_whose_every_ferry_shares_no_gold_waits_for_none() {
        let mut game = gold_game_with(&[TileSet::Ferries]);
        let mut first = place("GM07", 0, -1, Rotation::R90, None);
        if let Move::Place { told: answers, .. } = &mut first {
            *answers = told(Some((0, 1)), &[]);
        }
        game.apply(&first).unwrap();
        // FE04 east of the start tile completes nothing, whichever road ends its ferry links.
        let asked = tell_questions(&game, &place_request("FE04", 1, 0, 0, None)).unwrap();
        assert!(asked.ferries.is_some(), "the lake asks for its ferry");
        assert_eq!(asked.gold, None, "no ferry shares gold: nothing to wait for");
    }

    #[test]
    fn a_flight_whose_landing_is_still_to_come_is_no_refusal() {
        let mut game = gold_game_with(&[TileSet::Flier]);
        let mut first = place("GM07", 0, -1, Rotation::R90, None);
        if let Move::Place { told: answers, .. } = &mut first {
            *answers = told(Some((0, 1)), &[]);
        }
        game.apply(&first).unwrap();
        // FM05's machine points west: one square on lies the start tile, where a follower
        // can land; the die is told, the landing not yet.
        let flight = Flight { figure: Figure::Follower, roll: 1, to: None };
        let request = with_told(
            place_request("FM05", 1, 0, 0, None),
            Told::from(ToldAnswers { flight: Some(flight), ..ToldAnswers::default() }),
        );
        let asked = tell_questions(&game, &request).expect("asked on, not refused, while the landing is to come");
        assert!(asked.flier.is_some(), "the flight is asked");
        let gold = asked.gold.expect("gold lies on the table: its shares wait for the landing");
        assert!(gold.waiting && gold.take.is_none(), "{gold:?}");
    }

    #[test]
    fn a_tile_far_from_any_gold_waits_for_nothing() {
        let game = gold_game_with(&[TileSet::CropCircles1]);
        let asked = tell_questions(&game, &place_request("CI01", 0, -1, 180, None)).unwrap();
        assert!(asked.crop.is_some(), "the crop circle asks its action");
        assert_eq!(asked.gold, None, "no ingot lies anywhere: there is no gold to wait for");
    }

    #[test]
    fn a_refused_take_reaches_the_window_as_a_refusal() {
        let game = tied_city();
        let bram_first = [(BRAM, Cell::new(0, -1))];
        let request = with_told(place_request("GM06", 1, -2, 270, None), told(Some((1, 1)), &bram_first));
        let refused = tell_questions(&game, &request).expect_err("Anna takes first, not Bram");
        let QuestionError::Refused(MoveError::Gold(GoldError::OutOfTurn { take, expected, told })) = refused else {
            panic!("refused for the take out of turn, not {refused:?}");
        };
        assert_eq!((take, expected, told), (0, ANNA, BRAM));
    }
}
