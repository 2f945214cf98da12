//! What Gold Mines adds to the table screen: the ingots lying on tiles, drawn on the board,
//! and those each player holds, shown on the scoreboard (GM-02 to GM-07).

use castellan_engine::{Game, TileSet};
use serde::Serialize;

/// The gold ingots of a game with Gold Mines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct GoldView {
    /// The ingots each seat holds, by seat.
    pub held: Vec<u32>,
    /// The tiles with ingots on them, in the order they first received one.
    pub on_tiles: Vec<IngotsOnTile>,
}

/// The ingots lying on one tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct IngotsOnTile {
    /// The tile's column.
    pub x: i32,
    /// The tile's row.
    pub y: i32,
    /// How many ingots lie there.
    pub ingots: u32,
}

impl GoldView {
    /// The ingots of `game`; `None` without Gold Mines.
    pub(super) fn of(game: &Game) -> Option<GoldView> {
        if !game.setup().has(TileSet::Goldmines) {
            return None;
        }
        Some(GoldView {
            held: game.gold().iter().map(|&n| u32::from(n)).collect(),
            on_tiles: game
                .gold_on_tiles()
                .iter()
                .map(|&(cell, n)| IngotsOnTile { x: cell.x, y: cell.y, ingots: u32::from(n) })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::place;
    use castellan_engine::{GameSetup, Move, Port, Rotation, SecondIngot};

    #[test]
    fn the_view_carries_the_ingots_on_tiles_and_in_hand() {
        assert_eq!(GoldView::of(&Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap()), None, "no box, no gold");
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Goldmines);
        let mut game = Game::new(setup).unwrap();
        let mut gold_tile = place("GM07", 0, -1, Rotation::R90, Some(Port::N));
        if let Move::Place { told, .. } = &mut gold_tile {
            told.gold = Some(SecondIngot { dx: 0, dy: 1 });
        }
        game.apply(&gold_tile).unwrap();
        let view = GoldView::of(&game).expect("Gold Mines is in play");
        assert_eq!(view.held, [0, 0]);
        let on: Vec<(i32, i32, u32)> = view.on_tiles.iter().map(|t| (t.x, t.y, t.ingots)).collect();
        assert_eq!(on, [(0, -1, 1), (0, 0, 1)], "one on the gold tile, one on the start tile");
    }

    #[test]
    fn the_final_count_says_how_many_ingots_each_gold_step_pays() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Goldmines);
        setup.mode = castellan_engine::Mode::FinalBoard;
        setup.gold = vec![5, 0];
        let mut game = Game::new(setup).unwrap();
        game.finish().unwrap();
        let count = super::super::result::result_of(&game).expect("finished").count;
        let gold: Vec<(Vec<u32>, Option<u32>)> =
            count.steps.iter().filter(|s| s.ingots.is_some()).map(|s| (s.adds.clone(), s.ingots)).collect();
        assert_eq!(gold, [(vec![10, 0], Some(5))], "Anna's five ingots pay 2 each (GM-07); Bram holds none");
    }
}
