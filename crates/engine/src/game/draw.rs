//! Which tile may be drawn next, and the City of Carcassonne laid against the river.
//!
//! While river tiles are left only they are drawn: the spring first when the City of
//! Carcassonne starts the game, then the fork, the volcano lake last.
//! Under house rule R-04 the City of Carcassonne is laid as a block once the river is
//! finished, before the next tile is drawn. A finished table is entered in any order, so none
//! of this applies to a final board. What is *not* here: where a river tile may go
//! (`placement.rs` and the crate's `river.rs`).

use super::{Game, Mode, MoveError};
use crate::board::{Board, PlacementError};
use crate::coord::{Cell, Rotation};
use crate::river::{is_river_tile, River};
use crate::tile::{EdgeKind, TileId, TileSet};

impl Game {
    /// Whether `tile` may be the next tile drawn (the bag aside).
    pub fn may_draw(&self, tile: TileId) -> bool {
        self.bag[tile.index()] > 0 && self.draw_error(tile).is_none()
    }

    /// Whether every tile left in the bag may be drawn now (no river or City rules apply),
    /// so that callers going through the whole bag need not ask tile by tile.
    pub(crate) fn draw_unrestricted(&self) -> bool {
        self.setup.mode == Mode::FinalBoard || (self.river.is_none() && self.city.is_none())
    }

    /// Whether `tile` may be drawn now: while river tiles are left, only they are, the spring
    /// first when the City of Carcassonne starts the game, then the fork, and the volcano
    /// lake last (Rules ).
    ///
    /// A finished table is entered in any order, so none of this applies to a final board.
    pub(super) fn draw_error(&self, tile: TileId) -> Option<MoveError> {
        if self.draw_unrestricted() {
            return None;
        }
        let river_left = self.river_tiles_left();
        if river_left == 0 {
            return self.city_pending().then_some(MoveError::CityFirst { tile });
        }
        if !is_river_tile(tile) {
            return Some(MoveError::RiverFirst { tile });
        }
        if self.river.is_none() {
            return (!tile.def().marks.spring).then_some(MoveError::SpringFirst { tile });
        }
        let fork_left = TileSet::River2.tiles().any(|t| t.def().marks.fork && self.bag[t.index()] > 0);
        if fork_left && !tile.def().marks.fork {
            return Some(MoveError::ForkFirst { tile });
        }
        if tile.def().marks.volcano && river_left > 1 {
            return Some(MoveError::VolcanoLast);
        }
        None
    }

    /// Whether the City must still wait for the river: only while a game is entered
    /// turn by turn; a finished table lays its tiles in any order.
    pub(super) fn river_unfinished(&self) -> bool {
        self.setup.mode == Mode::Turns && self.river_tiles_left() > 0
    }

    pub(super) fn river_tiles_left(&self) -> u32 {
        TileSet::River2.tiles().map(|t| self.bag[t.index()] as u32).sum()
    }

    /// Whether the City of Carcassonne still waits to be laid against the river.
    pub fn city_pending(&self) -> bool {
        self.city.is_none() && self.setup.rules.river_before_city
    }

    /// Where the City of Carcassonne may be laid now, as cells of its north-west corner:
    /// empty when it is not its time.
    pub fn legal_city_placements(&self) -> Vec<Cell> {
        if !self.city_pending() || self.river_unfinished() {
            return Vec::new();
        }
        let mut corners: Vec<Cell> = Vec::new();
        for f in self.board.frontier() {
            for i in 0..12 {
                let at = Cell::new(f.x - i % 4, f.y - i / 4);
                if !corners.contains(&at) && self.board_with_city(at).is_ok() {
                    corners.push(at);
                }
            }
        }
        corners
    }

    /// The board with the City of Carcassonne laid with its north-west corner at `at`: every
    /// cell free, the block touching the layout, every edge against the layout matching.
    pub(super) fn board_with_city(&self, at: Cell) -> Result<Board, MoveError> {
        if !self.city_pending() {
            return Err(MoveError::NoCityToLay);
        }
        if self.river_unfinished() {
            return Err(MoveError::RiverUnfinished);
        }
        let mut left: Vec<(TileId, Cell)> = TileSet::Count
            .tiles()
            .enumerate()
            .map(|(i, t)| (t, Cell::new(at.x + i as i32 % 4, at.y + i as i32 / 4)))
            .collect();
        if let Some(&(_, cell)) = left.iter().find(|(_, c)| self.board.tile_at(*c).is_some()) {
            return Err(MoveError::CityOverlaps { cell });
        }
        let mut board = self.board.clone();
        // Each city tile is laid against what lies already, so every edge is checked once.
        while !left.is_empty() {
            let Some(i) = left.iter().position(|&(_, c)| board.is_frontier(c)) else {
                return Err(MoveError::CityNotAdjacent);
            };
            let (tile, cell) = left.remove(i);
            match board.check_placement(tile, cell, Rotation::R0) {
                Ok(()) => {}
                // The city's inner walls meet each other, as they do in the printed block.
                Err(PlacementError::EdgeMismatch(ms))
                    if ms.iter().all(|m| m.ours == EdgeKind::Inner && m.theirs == EdgeKind::Inner) => {}
                Err(reason) => return Err(MoveError::Placement { tile, cell, rotation: Rotation::R0, reason }),
            }
            board.place(tile, cell, Rotation::R0);
        }
        Ok(board)
    }

    /// The river's open ends, while River II's tiles are being laid.
    pub fn river(&self) -> Option<&River> {
        self.river.as_ref()
    }
}
