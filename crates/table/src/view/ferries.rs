//! Ferries on the board: each ferry on its lake and the two road ends it links, for the board
//! to draw (FE-03, FE-05).

use castellan_engine::{Game, Side, TileSet};
use serde::Serialize;

/// A ferry on its lake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FerryView {
    /// The lake tile's cell, `[x, y]`.
    pub at: [i32; 2],
    /// The two sides whose road ends it links, in board orientation.
    pub link: [Side; 2],
}

impl FerryView {
    /// Every ferry on the board, in the order they were put; `None` without Ferries.
    pub(crate) fn all(game: &Game) -> Option<Vec<FerryView>> {
        game.setup()
            .has(TileSet::Ferries)
            .then(|| game.ferries().into_iter().map(|(cell, link)| FerryView { at: [cell.x, cell.y], link }).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::{Cell, GameSetup, Move, Rotation, TileId, Told};

    #[test]
    fn the_board_shows_each_ferry_where_it_lies_and_none_without_the_box() {
        let mut setup = GameSetup::base(&["Red", "Blue"]);
        assert_eq!(FerryView::all(&Game::new(setup.clone()).unwrap()), None);
        setup.sets.push(TileSet::Ferries);
        let mut game = Game::new(setup).unwrap();
        assert_eq!(FerryView::all(&game), Some(Vec::new()));
        let mut lake = Move::place(TileId::from_name("FE04").unwrap(), Cell::new(1, 0), Rotation::R0, None);
        if let Move::Place { told, .. } = &mut lake {
            *told = Told { ferry: Some([Side::West, Side::South]), ..Told::default() };
        }
        game.apply(&lake).unwrap();
        assert_eq!(FerryView::all(&game), Some(vec![FerryView { at: [1, 0], link: [Side::West, Side::South] }]));
    }
}
