//! What the players tell the app in a move beyond the tile, its place and its figure.
//!
//! Castellan mirrors a real table and never draws anything itself: where a box makes the
//! table roll a die, take a piece or choose for everyone, the players say what happened and
//! the engine checks that the rules allow it. Each box keeps its answers in its own field of
//! [`Told`], so a move of a game without that box carries none and reads as it always did.

use super::gold::{GoldTake, SecondIngot};
use super::Game;
use crate::coord::Cell;
use crate::tile::TileId;

/// The answers a move carries for the boxes that ask the table something while a tile is
/// placed. Every field is empty unless its box is in play and the tile asks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Told {
    /// Flying Machines: the figure flown from the tile's machine, the die and the landing
    /// (FM-03 to FM-09); `None` when nobody flew.
    pub flight: Option<super::Flight>,
    /// Ferries: the two sides whose road ends the ferry on the new lake links (FE-03).
    pub ferry: Option<[crate::coord::Side; 2]>,
    /// Ferries: each ferry moved along a road the tile lengthens, in the order told (FE-05).
    pub ferry_moves: Vec<super::ferries::FerryMove>,
    /// Gold Mines: the neighbour receiving a gold tile's second ingot (GM-02).
    pub gold: Option<SecondIngot>,
    /// Gold Mines: the ingots taken one by one when a completion shares them, in taking
    /// order (GM-05); empty to let Castellan share them (QB-13).
    pub gold_taken: Vec<GoldTake>,
    /// Mage & Witch: on a magic tile, where the mage or the witch goes, or which comes off
    /// (MW-02 to MW-04).
    pub magic: Option<super::MagicMove>,
    /// Mage & Witch: the tile joined the mage's feature and the witch's, and this one moves
    /// away (MW-05).
    pub magic_fix: Option<super::MagicMove>,
    /// Crop Circles: the placer's choice and what each player did (CC-03).
    pub crop_circle: Option<super::CropCircle>,
}

impl Told {
    /// Whether the move tells nothing beyond its tile, place and figure. Asked of every
    /// move, so field by field rather than against a default built each time.
    pub fn is_empty(&self) -> bool {
        let Told { flight, ferry, ferry_moves, gold, gold_taken, magic, magic_fix, crop_circle } = self;
        flight.is_none()
            && ferry.is_none()
            && ferry_moves.is_empty()
            && gold.is_none()
            && gold_taken.is_empty()
            && magic.is_none()
            && magic_fix.is_none()
            && crop_circle.is_none()
    }

    /// Whether an answer here can only be checked partway through the move, so that
    /// [`Game::apply`] plays the move on a copy it can throw away. Each box says so of its
    /// own answers; a box not named needs none: its answers are checked before anything
    /// changes.
    pub(super) fn needs_trial(&self, game: &Game, tile: TileId, cell: Cell) -> bool {
        // The landing is checked with the tile laid (FM-07).
        self.flight.is_some()
            // Takes are checked against the scores the move makes (GM-05).
            || !self.gold_taken.is_empty()
            // The action is checked on the board the turn's scoring leaves (CC-03).
            || self.crop_circle.is_some()
            // The figures' places are checked with the tile laid (MW-02 to MW-05), and a tile
            // may have to move one without saying so.
            || game.magic_checked_after_placing(tile, cell, self)
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::tile;
    use super::super::{CropChoice, CropCircle, FerryMove, Flight, GameSetup, MagicMove};
    use super::*;
    use crate::coord::Side;
    use crate::figure::Figure;
    use crate::player::PlayerId;

    /// One answer of each box's, each alone in a move's told, and whether it is checked
    /// partway through the move.
    fn single_answers() -> Vec<(&'static str, Told, bool)> {
        let at = Cell::new(1, 0);
        let flight = Some(Flight { figure: Figure::Follower, roll: 1, to: None });
        let crop_circle = Some(CropCircle { choice: CropChoice::Add, actions: Vec::new() });
        vec![
            ("flight", Told { flight, ..Told::default() }, true),
            ("ferry", Told { ferry: Some([Side::North, Side::South]), ..Told::default() }, false),
            (
                "ferry move",
                Told { ferry_moves: vec![FerryMove { at, link: [Side::North, Side::South] }], ..Told::default() },
                false,
            ),
            ("second ingot", Told { gold: Some(SecondIngot { dx: 1, dy: 0 }), ..Told::default() }, false),
            (
                "gold take",
                Told { gold_taken: vec![GoldTake { player: PlayerId(0), from: at }], ..Told::default() },
                true,
            ),
            ("crop circle", Told { crop_circle, ..Told::default() }, true),
        ]
    }

    #[test]
    fn every_single_answer_makes_the_told_non_empty() {
        assert!(Told::default().is_empty(), "a default told says nothing");
        let magic = Some(MagicMove::Remove { figure: None });
        let magic_answers = [Told { magic, ..Told::default() }, Told { magic_fix: magic, ..Told::default() }];
        for told in single_answers().into_iter().map(|(_, t, _)| t).chain(magic_answers) {
            assert!(!told.is_empty(), "{told:?} tells something");
        }
    }

    #[test]
    fn each_box_says_whether_its_answer_is_tried_on_a_copy() {
        let game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        let (plain, at) = (tile("U"), Cell::new(1, 0));
        assert!(!Told::default().needs_trial(&game, plain, at), "a move telling nothing is checked whole first");
        for (name, told, tried) in single_answers() {
            assert_eq!(told.needs_trial(&game, plain, at), tried, "{name}: tried on a copy");
        }
    }
}
