//! What the players tell the app in a move beyond the tile, its place and its figure.
//!
//! Castellan mirrors a real table and never draws anything itself: where a box makes the
//! table roll a die, take a piece or choose for everyone, the players say what happened and
//! the engine checks that the rules allow it. Each box keeps its answers in its own field of
//! [`Told`], so a move of a game without that box carries none and reads as it always did.

use super::gold::{GoldTake, SecondIngot};

/// The answers a move carries for the boxes that ask the table something while a tile is
/// placed. Every field is empty unless its box is in play and the tile asks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "camelCase", default))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
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
    /// Whether the move tells nothing beyond its tile, place and figure.
    pub fn is_empty(&self) -> bool {
        *self == Told::default()
    }
}
