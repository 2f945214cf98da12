//! What the players tell the app in a move beyond the tile, its place and its figure.
//!
//! Castellan mirrors a real table and never draws anything itself: where a box makes the
//! table roll a die, take a piece or choose for everyone, the players say what happened and
//! the engine checks that the rules allow it. Each box keeps its answers in its own field of
//! [`ToldAnswers`], so a move of a game without that box carries none and reads as it always
//! did; a move's [`Told`] holds them apart from it, and nothing at all when there are none.

use super::gold::{GoldTake, SecondIngot};
use super::Game;
use crate::coord::Cell;
use crate::tile::TileId;

/// The answers a move carries for the boxes that ask the table something while a tile is
/// placed. Every field is empty unless its box is in play and the tile asks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename = "Told", rename_all = "camelCase", default)
)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ToldAnswers {
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

/// No answer at all: what an empty [`Told`] reads as.
static NOTHING: ToldAnswers = ToldAnswers {
    flight: None,
    ferry: None,
    ferry_moves: Vec::new(),
    gold: None,
    gold_taken: Vec::new(),
    magic: None,
    magic_fix: None,
    crop_circle: None,
};

impl ToldAnswers {
    /// Whether no field holds an answer.
    pub fn is_empty(&self) -> bool {
        let ToldAnswers { flight, ferry, ferry_moves, gold, gold_taken, magic, magic_fix, crop_circle } = self;
        flight.is_none()
            && ferry.is_none()
            && ferry_moves.is_empty()
            && gold.is_none()
            && gold_taken.is_empty()
            && magic.is_none()
            && magic_fix.is_none()
            && crop_circle.is_none()
    }
}

/// The [`ToldAnswers`] of a move, kept beside it rather than in it: most moves tell nothing,
/// and a move is passed by value at every step of a turn, so an empty `Told` is a single null
/// pointer and nothing is allocated until an answer is written. It reads and writes as its
/// answers (`told.flight`, `told.ferry_moves.push(…)`); one built from answers that are all
/// empty holds none.
#[derive(Clone, Default)]
pub struct Told(Option<Box<ToldAnswers>>);

impl std::ops::Deref for Told {
    type Target = ToldAnswers;

    fn deref(&self) -> &ToldAnswers {
        self.0.as_deref().unwrap_or(&NOTHING)
    }
}

impl std::ops::DerefMut for Told {
    fn deref_mut(&mut self) -> &mut ToldAnswers {
        self.0.get_or_insert_with(Box::default)
    }
}

impl From<ToldAnswers> for Told {
    fn from(answers: ToldAnswers) -> Told {
        Told((!answers.is_empty()).then(|| Box::new(answers)))
    }
}

impl PartialEq for Told {
    fn eq(&self, other: &Told) -> bool {
        **self == **other
    }
}

impl Eq for Told {}

impl std::hash::Hash for Told {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl std::fmt::Debug for Told {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// On the wire a `Told` is its answers, an object whose fields are all optional.
#[cfg(feature = "serde")]
impl serde::Serialize for Told {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Told {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Told, D::Error> {
        ToldAnswers::deserialize(deserializer).map(Told::from)
    }
}

impl Told {
    /// Whether the move tells nothing beyond its tile, place and figure. Asked of every
    /// move: a move that never held an answer is told apart by its pointer alone.
    pub fn is_empty(&self) -> bool {
        self.0.as_deref().is_none_or(ToldAnswers::is_empty)
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
            ("flight", ToldAnswers { flight, ..ToldAnswers::default() }.into(), true),
            ("ferry", ToldAnswers { ferry: Some([Side::North, Side::South]), ..ToldAnswers::default() }.into(), false),
            (
                "ferry move",
                ToldAnswers {
                    ferry_moves: vec![FerryMove { at, link: [Side::North, Side::South] }],
                    ..ToldAnswers::default()
                }
                .into(),
                false,
            ),
            (
                "second ingot",
                ToldAnswers { gold: Some(SecondIngot { dx: 1, dy: 0 }), ..ToldAnswers::default() }.into(),
                false,
            ),
            (
                "gold take",
                ToldAnswers { gold_taken: vec![GoldTake { player: PlayerId(0), from: at }], ..ToldAnswers::default() }
                    .into(),
                true,
            ),
            ("crop circle", ToldAnswers { crop_circle, ..ToldAnswers::default() }.into(), true),
        ]
    }

    #[test]
    fn a_told_without_answers_holds_nothing_and_one_written_to_reads_back() {
        assert_eq!(std::mem::size_of::<Told>(), std::mem::size_of::<usize>(), "a move carries one pointer");
        assert!(Told::default().0.is_none(), "an empty told allocates nothing");
        assert!(Told::from(ToldAnswers::default()).0.is_none(), "nor does one built from empty answers");
        let take = GoldTake { player: PlayerId(1), from: Cell::new(0, 1) };
        let mut told = Told::default();
        told.gold_taken.push(take);
        assert_eq!(told.gold_taken, [take], "an answer written reads back");
        let built: Told = ToldAnswers { gold_taken: vec![take], ..ToldAnswers::default() }.into();
        assert_eq!(told, built, "equal by the answers");
    }

    #[test]
    fn every_single_answer_makes_the_told_non_empty() {
        assert!(Told::default().is_empty(), "a default told says nothing");
        let magic = Some(MagicMove::Remove { figure: None });
        let magic_answers: [Told; 2] = [
            ToldAnswers { magic, ..ToldAnswers::default() }.into(),
            ToldAnswers { magic_fix: magic, ..ToldAnswers::default() }.into(),
        ];
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
