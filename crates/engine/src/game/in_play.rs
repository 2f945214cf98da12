//! Which of the boxes that add a step to every turn are in play, read from the setup once.
//!
//! The Big Box's boxes each ask something of every placement: a flight, a ferry, an ingot,
//! a magic figure, a crop circle. A game without a box must pay nothing for its step, so
//! each step asks these flags, copied with the game, before it looks at the tile, the move
//! or the board. What is *not* here: the rules of the steps, which stay in their modules.

use super::GameSetup;
use crate::tile::TileSet;

/// The boxes in play whose steps run on every placement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct InPlay {
    /// Flying Machines (FM-03).
    pub(crate) flier: bool,
    /// Ferries (FE-03).
    pub(crate) ferries: bool,
    /// Gold Mines (GM-02).
    pub(crate) gold: bool,
    /// Mage & Witch (MW-02).
    pub(crate) magic: bool,
    /// Crop Circles, either set (CC-03).
    pub(crate) crop: bool,
}

impl InPlay {
    /// The flags of `setup`'s sets.
    pub(crate) fn of(setup: &GameSetup) -> InPlay {
        InPlay {
            flier: setup.has(TileSet::Flier),
            ferries: setup.has(TileSet::Ferries),
            gold: setup.has(TileSet::Goldmines),
            magic: setup.has(TileSet::MageWitch),
            crop: setup.has(TileSet::CropCircles) || setup.has(TileSet::CropCircles1),
        }
    }

    /// Whether any of these boxes is in play.
    pub(crate) fn any(self) -> bool {
        self != InPlay::default()
    }
}

impl GameSetup {
    /// Whether a box in play may ask the table something when a tile is placed (the Big
    /// Box's): a screen asks the players only in such a game.
    pub fn asks_told(&self) -> bool {
        InPlay::of(self).any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_base_game_plays_none_and_each_box_sets_its_own_flag() {
        let base = GameSetup::base(&["Anna", "Bram"]);
        assert!(!InPlay::of(&base).any(), "the base game has no step of these boxes");
        type Flag = fn(InPlay) -> bool;
        let cases: [(TileSet, Flag); 6] = [
            (TileSet::Flier, |p| p.flier),
            (TileSet::Ferries, |p| p.ferries),
            (TileSet::Goldmines, |p| p.gold),
            (TileSet::MageWitch, |p| p.magic),
            (TileSet::CropCircles, |p| p.crop),
            (TileSet::CropCircles1, |p| p.crop),
        ];
        for (set, flag) in cases {
            let mut setup = base.clone();
            setup.sets.push(set);
            let in_play = InPlay::of(&setup);
            assert!(flag(in_play) && in_play.any(), "{set:?} sets its flag");
        }
    }
}
