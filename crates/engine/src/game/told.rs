//! What the players tell the app in a move beyond the tile, its place and its figure.
//!
//! Castellan mirrors a real table and never draws anything itself: where a box makes the
//! table roll a die, take a piece or choose for everyone, the players say what happened and
//! the engine checks that the rules allow it. Each box keeps its answers in its own field of
//! [`Told`], so a move of a game without that box carries none and reads as it always did.

/// The answers a move carries for the boxes that ask the table something while a tile is
/// placed. Every field is empty unless its box is in play and the tile asks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Told {
    /// Crop Circles: the placer's choice and what each player did (CC-03).
    pub crop_circle: Option<super::CropCircle>,
}

impl Told {
    /// Whether the move tells nothing beyond its tile, place and figure.
    pub fn is_empty(&self) -> bool {
        *self == Told::default()
    }
}
