//! Mage & Witch on the table screen: where the two neutral figures stand, for the board to
//! draw them (MW-02, MW-08).

use crate::request::Spot;
use castellan_engine::{Game, TileSet};
use serde::Serialize;

/// Where the mage and the witch stand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct MagicView {
    /// The mage's place; `null` beside the board.
    pub mage: Option<Spot>,
    /// The witch's place; `null` beside the board.
    pub witch: Option<Spot>,
}

impl MagicView {
    /// The figures of `game`; `None` without the box.
    pub(super) fn of(game: &Game) -> Option<MagicView> {
        if !game.setup().has(TileSet::MageWitch) {
            return None;
        }
        let figures = game.magic();
        Some(MagicView { mage: figures.mage.map(Spot::from), witch: figures.witch.map(Spot::from) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::{Cell, GameSetup, MagicFigure, MagicMove, Move, Port, Rotation, TileId};

    #[test]
    fn the_view_says_where_the_figures_stand_and_nothing_without_the_box() {
        assert_eq!(MagicView::of(&Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap()), None);
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::MageWitch);
        let mut game = Game::new(setup).unwrap();
        assert_eq!(MagicView::of(&game), Some(MagicView { mage: None, witch: None }), "both beside the board");
        let mut mv = Move::place(TileId::from_name("MW02").unwrap(), Cell::new(1, 0), Rotation::R180, None);
        if let Move::Place { told, .. } = &mut mv {
            told.magic = Some(MagicMove::To { figure: MagicFigure::Witch, cell: Cell::new(1, 0), port: Port::S });
        }
        game.apply(&mv).unwrap();
        let witch = Some(Spot { x: 1, y: 0, place: Port::S });
        assert_eq!(MagicView::of(&game), Some(MagicView { mage: None, witch }));
    }
}
