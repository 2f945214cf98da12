//! The Count of Carcassonne: the City of Carcassonne at the start, its four quarters, the
//! followers waiting there, and the Count who blocks one quarter.
//!
//! Followers reach a quarter only by a player who made others score but scored nothing
//! himself (Rules C-03 to C-09). They leave it only by moving onto a feature: before a
//! completed feature of the matching kind is scored (C-12, C-13), or at the end of the game
//! (C-19); never from the quarter where the Count stands (C-11). This module holds the City's
//! state and the small checks on it; the rules that move followers in and out during a move
//! and before the final count, with their refusals ([`CountError`](crate::CountError)), are in
//! `game/count.rs`.

use crate::coord::{Cell, Port};
use crate::player::{ByPlayer, PlayerId};
use crate::tile::FeatureKind;
use std::fmt;

/// A quarter of the City of Carcassonne, numbered 1–4 clockwise on the city's artwork.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Quarter {
    /// 1, the castle: knights for cities. The Count starts here.
    Castle,
    /// 2, the market: farmers, at the end of the game only.
    Market,
    /// 3, the blacksmith: thieves for roads.
    Blacksmith,
    /// 4, the cathedral: monks for cloisters and shrines.
    Cathedral,
}

impl Quarter {
    /// All four, in the city's clockwise order.
    pub const ALL: [Quarter; 4] = [Quarter::Castle, Quarter::Market, Quarter::Blacksmith, Quarter::Cathedral];

    /// The name used in game scripts.
    pub const fn name(self) -> &'static str {
        match self {
            Quarter::Castle => "castle",
            Quarter::Market => "market",
            Quarter::Blacksmith => "blacksmith",
            Quarter::Cathedral => "cathedral",
        }
    }

    /// Parses a script name such as `"castle"`.
    pub fn from_name(name: &str) -> Option<Quarter> {
        Quarter::ALL.into_iter().find(|q| q.name() == name)
    }

    /// The next quarter clockwise (official variant 1, V-18).
    pub const fn clockwise(self) -> Quarter {
        Quarter::ALL[(self as usize + 1) % 4]
    }

    /// Whether followers from this quarter may go onto a feature of `kind` (Rule C-13).
    pub const fn feeds(self, kind: FeatureKind) -> bool {
        matches!(
            (self, kind),
            (Quarter::Castle, FeatureKind::City)
                | (Quarter::Blacksmith, FeatureKind::Road)
                | (Quarter::Cathedral, FeatureKind::Cloister | FeatureKind::Shrine)
                | (Quarter::Market, FeatureKind::Field)
        )
    }
}

impl fmt::Display for Quarter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the Count moves (Rules C-10, V-18, V-19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum CountMovement {
    /// The player who put a follower into the city may move the Count to any quarter.
    #[default]
    Free,
    /// Official variant 1: each follower entering moves the Count one quarter clockwise.
    Clockwise,
    /// Official variant 2: the Count moves to the quarter the new follower entered.
    FollowsFollower,
}

impl CountMovement {
    /// Every way the Count moves, the default first.
    pub const ALL: [CountMovement; 3] = [CountMovement::Free, CountMovement::Clockwise, CountMovement::FollowsFollower];

    /// The name used in game scripts and on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            CountMovement::Free => "free",
            CountMovement::Clockwise => "clockwise",
            CountMovement::FollowsFollower => "follows-follower",
        }
    }

    /// Parses a name such as `"follows-follower"`.
    pub fn from_name(name: &str) -> Option<CountMovement> {
        CountMovement::ALL.into_iter().find(|x| x.name() == name)
    }
}

/// One follower moved from a quarter onto a feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuarterMove {
    /// Whose follower.
    pub player: PlayerId,
    /// From which quarter.
    pub quarter: Quarter,
    /// Onto the feature named by this place.
    pub to: (Cell, Port),
    /// The player's big follower rather than an ordinary one.
    pub big: bool,
}

/// A placer's follower going into the city after the scoring, and where the Count goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The quarter the follower enters.
    pub quarter: Quarter,
    /// Where the placer moves the Count, if he does.
    pub count_to: Option<Quarter>,
    /// The placer's big follower goes in rather than an ordinary one. The abbot never
    /// does (QX-04).
    pub big: bool,
}

/// The Count decisions made during one move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CountChoice {
    /// Followers moved from quarters onto the features this tile completed, in the order
    /// they were moved.
    pub moves: Vec<QuarterMove>,
    /// The placer's entry into the city after the scoring.
    pub entry: Option<Entry>,
}

impl CountChoice {
    /// No decision: nobody moved, nobody entered.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty() && self.entry.is_none()
    }
}

/// Followers a player may move from one quarter onto the features offered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOption {
    /// Who.
    pub player: PlayerId,
    /// From which quarter.
    pub quarter: Quarter,
    /// How many ordinary followers they have there.
    pub available: u8,
    /// Their big follower waits there too.
    pub big: bool,
    /// The features they may go onto, each named by a place.
    pub features: Vec<(Cell, Port)>,
}

/// The City of Carcassonne's quarters and the Count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct City {
    quarters: [ByPlayer<u8>; 4],
    /// Where each player's big follower waits, if it is in the City.
    big: ByPlayer<Option<Quarter>>,
    /// Where the Count stands.
    pub count_at: Quarter,
}

impl City {
    /// An empty city with the Count at `count_at` (the castle at the start, C-01).
    pub fn new(count_at: Quarter) -> City {
        City { quarters: [ByPlayer::default(); 4], big: ByPlayer::default(), count_at }
    }

    /// The quarter where a player's big follower waits, if it is in the City.
    pub fn big(&self, p: PlayerId) -> Option<Quarter> {
        self.big[p]
    }

    pub(crate) fn add_big(&mut self, q: Quarter, p: PlayerId) {
        self.big[p] = Some(q);
    }

    pub(crate) fn take_big(&mut self, p: PlayerId) {
        self.big[p] = None;
    }

    /// Ordinary followers of each player in a quarter; a big follower is [`City::big`].
    pub fn followers(&self, q: Quarter) -> &ByPlayer<u8> {
        &self.quarters[q as usize]
    }

    pub(crate) fn add(&mut self, q: Quarter, p: PlayerId) {
        self.quarters[q as usize][p] += 1;
    }

    pub(crate) fn take(&mut self, q: Quarter, p: PlayerId) {
        self.quarters[q as usize][p] -= 1;
    }

    /// Ordinary followers a player has in the city, all quarters together.
    pub fn total(&self, p: PlayerId) -> u8 {
        self.quarters.iter().map(|q| q[p]).sum()
    }
}

/// Position of `p` in a move round that starts left of `placer` and ends with him (C-12).
pub(crate) fn round_position(p: PlayerId, placer: PlayerId, players: usize) -> usize {
    (p.index() + players - placer.index() - 1) % players
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarters_feed_their_features_and_turn_clockwise() {
        assert!(Quarter::Castle.feeds(FeatureKind::City));
        assert!(Quarter::Cathedral.feeds(FeatureKind::Shrine), "heretics enter as monks (C-13)");
        assert!(!Quarter::Castle.feeds(FeatureKind::Road), "a road takes only blacksmith followers");
        assert!(Quarter::ALL.iter().all(|q| !q.feeds(FeatureKind::Garden)), "a garden receives nobody (X-06)");
        assert_eq!(Quarter::Cathedral.clockwise(), Quarter::Castle, "castle → market → blacksmith → cathedral (Q-08)");
        // Seats 0..4, placer 1: the round runs 2, 3, 0, 1.
        let order: Vec<usize> = (0..4).map(|p| round_position(PlayerId(p), PlayerId(1), 4)).collect();
        assert_eq!(order, vec![2, 3, 0, 1]);
    }
}
