//! The all-box games: one table with many boxes together, as the engine's random-game tests
//! and `castellan bench` play them. Every one starts at River II's spring and lays the City of
//! Carcassonne against the finished river (house rule R-04), so the river, the City and the
//! Count are all played in one game.
//!
//! The lists differ on purpose, and each difference is a variant of [`AllBoxes`] rather than
//! a list of its own where it is used: the bench's all-box figure is compared over time, so
//! its boxes never change; the trials add the Big Box's boxes to try their answers too.
//! Not here: how a game is played out ([`playout_move`](crate::playout_move)).

use super::{GameSetup, Start};
use crate::tile::TileSet;

/// Which boxes an all-box game plays with the base game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AllBoxes {
    /// [`AllBoxes::BEFORE_BIG_BOX`]: the boxes that score only by the figures on features.
    /// The game `castellan bench` times as `full_game_all_boxes_us`: its figure is compared
    /// over time, so these boxes stay as they are.
    BeforeBigBox,
    /// Those and [`AllBoxes::BIG_BOX_BUT_FERRIES`]: figures of every kind, gold, magic, flights
    /// and crop circles in one game. The Ferries stay out: their moves are tried in games of
    /// their own.
    WithBigBox,
}

impl AllBoxes {
    /// River II, the Count, King & Robber, the shrines, the abbot, Inns & Cathedrals, and
    /// Traders & Builders.
    pub const BEFORE_BIG_BOX: [TileSet; 7] = [
        TileSet::River2,
        TileSet::Count,
        TileSet::KingRobber,
        TileSet::Shrines,
        TileSet::Abbot,
        TileSet::InnsCathedrals,
        TileSet::TradersBuilders,
    ];

    /// The Big Box's boxes but the Ferries: Mage & Witch, the Flying Machines, Gold Mines
    /// and Crop Circles.
    pub const BIG_BOX_BUT_FERRIES: [TileSet; 4] =
        [TileSet::MageWitch, TileSet::Flier, TileSet::Goldmines, TileSet::CropCircles];

    /// The boxes played with the base game, in the order they go into the setup.
    pub fn sets(self) -> Vec<TileSet> {
        let mut sets = Self::BEFORE_BIG_BOX.to_vec();
        if self == AllBoxes::WithBigBox {
            sets.extend(Self::BIG_BOX_BUT_FERRIES);
        }
        sets
    }
}

impl GameSetup {
    /// The base game and `boxes` for the named players: the river first from River II's
    /// spring, the City of Carcassonne laid against it when it is finished (R-04).
    ///
    /// # Examples
    ///
    /// ```
    /// use castellan_engine::{AllBoxes, Game, GameSetup, Start, TileSet};
    ///
    /// let setup = GameSetup::all_boxes(&["Anna", "Bram"], AllBoxes::BeforeBigBox);
    /// assert_eq!(setup.start, Start::River2);
    /// assert!(setup.sets.contains(&TileSet::Count) && !setup.sets.contains(&TileSet::Goldmines));
    /// assert!(Game::new(setup).is_ok());
    /// ```
    pub fn all_boxes(names: &[&str], boxes: AllBoxes) -> GameSetup {
        let mut setup = GameSetup::base(names);
        setup.sets.extend(boxes.sets());
        setup.start = Start::River2;
        setup.rules.river_before_city = true;
        setup
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn each_all_box_game_is_a_valid_setup_with_its_own_boxes() {
        for boxes in [AllBoxes::BeforeBigBox, AllBoxes::WithBigBox] {
            let setup = GameSetup::all_boxes(&["Anna", "Bram", "Cor"], boxes);
            assert_eq!(setup.sets[0], TileSet::Base, "{boxes:?}: the base game first");
            assert_eq!(setup.sets[1..], boxes.sets()[..], "{boxes:?}");
            Game::new(setup).unwrap_or_else(|e| panic!("{boxes:?}: {e}"));
        }
        let big = AllBoxes::WithBigBox.sets();
        assert!(!big.contains(&TileSet::Ferries), "the Ferries are tried in games of their own");
        assert!(AllBoxes::BIG_BOX_BUT_FERRIES.iter().all(|s| big.contains(s)));
    }
}
