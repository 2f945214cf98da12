//! The big follower (set `inns-cathedrals`): one per player on top of the seven followers
//! (Rule I-02), put on the tile just placed in place of a follower, with a follower's rules of
//! occupation (I-13), and weighing two wherever a majority is found (I-12, I-14, QX-12).
//!
//! The weight is the board's (`Board::weight_on`), so scoring needs nothing of its own here;
//! what is here are its refusals, the figure in hand and its places; whether it is in play
//! and in hand is checked with every figure's (`hand.rs`). Placed on a road, city, cloister or
//! field it is one figure like any other, returned when its feature is scored; in a field it
//! stays to the end (I-14).

use super::{Game, Mode};
use crate::coord::{Cell, Port, Rotation};
use crate::figure::Figure;
use crate::player::{ByPlayer, PlayerId};
use crate::rule::Rule;
use crate::tile::{FeatureKind, TileId};
use std::fmt;

/// Why the big follower may not be placed as the move says. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum BigFollowerError {
    /// The table plays without Inns & Cathedrals, so nobody has a big follower (I-02).
    NotInPlay,
    /// The player's big follower is out already, on the board or in the City (I-13).
    BigOut {
        /// The player.
        player: PlayerId,
    },
}

impl BigFollowerError {
    /// The checklist rule the move breaks.
    pub fn rule(&self) -> Option<Rule> {
        Some(match self {
            BigFollowerError::NotInPlay => Rule::I02,
            BigFollowerError::BigOut { .. } => Rule::I13,
        })
    }

    pub(super) fn describe(&self, f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
        match self {
            BigFollowerError::NotInPlay => write!(f, "this game is played without the big follower"),
            BigFollowerError::BigOut { player } => {
                write!(f, "{}'s big follower is already out", player.name_in(names))
            }
        }
    }
}

impl fmt::Display for BigFollowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for BigFollowerError {}

/// Each seat's big follower in hand at the start: one with `inns-cathedrals`, none without
/// (I-02).
pub(super) fn bigs_at_start(players: usize, in_play: bool) -> ByPlayer<u8> {
    let mut bigs = ByPlayer::default();
    for i in 0..players {
        bigs[PlayerId(i as u8)] = u8::from(in_play);
    }
    bigs
}

impl Game {
    /// The places where the current player may put the big follower on `tile` lying at `cell`
    /// with `rotation` (not yet placed): every place a follower may take, whether or not
    /// ordinary followers are left. Empty without Inns & Cathedrals or while it is out.
    pub fn legal_big_places(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Vec<(Port, FeatureKind)> {
        if self.setup.mode != Mode::Turns || !cell.is_on_table() || self.hand_error(self.current, Figure::Big).is_some()
        {
            return Vec::new();
        }
        let occupied = self.board.occupied_locals(tile, cell, rotation);
        tile.def()
            .features
            .iter()
            .map(|f| (f.anchor.to_board(rotation), f.kind))
            .filter(|&(port, _)| {
                self.follower_error_given(tile, cell, rotation, (port, Figure::Big), || occupied).is_none()
            })
            .collect()
    }

    /// The big follower each player has in hand: 1 or 0, and 0 for all at a table without it.
    pub fn bigs(&self) -> &[u8] {
        self.bigs.first(self.player_count())
    }
}

#[cfg(test)]
mod tests {
    use crate::{
        BigFollowerError, Cell, Event, FeatureKind, Game, GameSetup, Move, MoveError, PlayerId, Port, Rotation, Rule,
        TileId, TileSet,
    };

    fn tile(name: &str) -> TileId {
        TileId::from_name(name).unwrap()
    }

    fn with_inns() -> Game {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::InnsCathedrals);
        Game::new(setup).unwrap()
    }

    #[test]
    fn each_player_holds_one_big_follower_beside_the_seven() {
        assert_eq!(with_inns().bigs(), [1, 1], "I-02");
        assert_eq!(with_inns().supply(), [7, 7]);
        assert_eq!(with_inns().tiles_left(), 71 + 18, "I-01: the box's 18 tiles join the bag");
        let plain = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        assert_eq!(plain.bigs(), [0, 0]);
        let mut plain = plain;
        let refused = plain.apply(&Move::place_big(tile("U"), Cell::new(1, 0), Rotation::R0, Port::E)).unwrap_err();
        assert_eq!((refused.rule(), refused), (Some(Rule::I02), MoveError::Big(BigFollowerError::NotInPlay)));
    }

    #[test]
    fn the_big_follower_weighs_two_and_comes_home_once_scored() {
        let mut game = with_inns();
        // Anna's big thief on the start tile's road, which a bend takes north; Bram's farmer.
        game.apply(&Move::place_big(tile("V"), Cell::new(1, 0), Rotation::R90, Port::W)).unwrap();
        assert_eq!(game.bigs(), [0, 1]);
        game.apply(&Move::place(tile("U"), Cell::new(-1, 0), Rotation::R0, Some(Port::NL))).unwrap();
        let refused = game.apply(&Move::place_big(tile("B"), Cell::new(0, 1), Rotation::R0, Port::C)).unwrap_err();
        assert_eq!(refused, MoveError::Big(BigFollowerError::BigOut { player: PlayerId(0) }), "one per player");
        assert_eq!(refused.rule(), Some(Rule::I13));
        game.finish().unwrap();
        let road = game
            .events()
            .iter()
            .find_map(|e| match e {
                Event::Scored(s) if s.source == crate::ScoreSource::Road => Some(*s),
                _ => None,
            })
            .expect("the road scored");
        assert_eq!((road.followers[PlayerId(0)], road.weight[PlayerId(0)]), (1, 2), "one figure, weight two");
        assert_eq!(game.bigs(), [1, 1], "home after the count");
    }

    #[test]
    fn the_big_follower_is_offered_where_a_follower_is() {
        let game = with_inns();
        let places = game.legal_big_places(tile("U"), Cell::new(1, 0), Rotation::R0);
        let followers = game.legal_followers(tile("U"), Cell::new(1, 0), Rotation::R0);
        assert_eq!(places, followers);
        assert!(places.iter().any(|&(_, k)| k == FeatureKind::Road));
    }
}
