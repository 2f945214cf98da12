//! Games and moves the unit tests of several game modules set up the same way.

use super::{Game, GameSetup, Move, Purchase};
use crate::player::PlayerId;
use crate::rules::RuleSet;
use crate::tile::{TileId, TileSet};

/// The catalog tile named `name`.
pub(super) fn tile(name: &str) -> TileId {
    TileId::from_name(name).unwrap()
}

/// Anna and Bram at a table with Traders & Builders, playing by `rules`.
pub(super) fn traders(rules: RuleSet) -> Game {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.sets.push(TileSet::TradersBuilders);
    setup.rules = rules;
    Game::new(setup).unwrap()
}

/// The tile move `mv`, bought by seat `buyer` for `price` (V-12).
pub(super) fn bought(mut mv: Move, buyer: u8, price: u32) -> Move {
    if let Move::Place { purchase, .. } = &mut mv {
        *purchase = Some(Purchase { buyer: PlayerId(buyer), price });
    }
    mv
}
