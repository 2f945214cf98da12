//! Where a tile may go: matching edges (checked by the [`Board`]), and the table's limits
//! beyond them: the play area (house rule V-09) and its closed border (V-10), the shrine and
//! cloister neighbourhood (H-03), the river's course, and a tree junction's
//! joined road (V-08).
//!
//! Nothing here changes the game except [`place_on_board`] and [`close_at_border`], which
//! lay a tile already checked. What is *not* here: which tile may be drawn (`draw.rs`).

use super::{off_table, Game, MoveError};
use crate::board::Board;
use crate::challenge::breaks_neighbour_limit;
use crate::coord::{Cell, Rotation, Side};
use crate::river::is_river_tile;
use crate::rules::RuleSet;
use crate::tile::{TileId, TileSet};

impl Game {
    /// Every cell and rotation where `tile` may go now, in a fixed order.
    pub fn legal_placements(&self, tile: TileId) -> Vec<(Cell, Rotation)> {
        // At most four rotations per frontier cell: one allocation, never regrown.
        let mut out = Vec::with_capacity(4 * self.board.frontier_len());
        // Exactly the cases where `table_rule_error` can refuse a tile whose edges match.
        let special = self.setup.rules.bounds.is_some()
            || (self.river.is_some() && is_river_tile(tile))
            || (tile.def().centre.is_some()
                && self.setup.has(TileSet::Shrines)
                && !self.setup.rules.relaxed_shrine_placement);
        if special {
            self.board.for_each_legal_placement(tile, |c, r| {
                if self.table_rule_error(tile, c, r).is_none() {
                    out.push((c, r));
                }
            });
        } else {
            self.board.legal_placements_into(tile, &mut out);
        }
        out
    }

    /// Placement limits beyond matching edges: the play area (V-09), the shrine–cloister
    /// neighbourhood (H-03) and the river's course.
    pub(super) fn table_rule_error(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Option<MoveError> {
        if let Some(river) = self.river.as_ref().filter(|_| is_river_tile(tile)) {
            if let Err(reason) = river.step(&self.board, tile, cell, rotation) {
                return Some(MoveError::River { cell, reason });
            }
        }
        if self.setup.rules.bounds.is_some_and(|b| !b.contains(cell)) {
            return Some(MoveError::OutOfBounds { cell });
        }
        if self.setup.has(TileSet::Shrines)
            && !self.setup.rules.relaxed_shrine_placement
            && breaks_neighbour_limit(&self.board, tile, cell)
        {
            return Some(MoveError::BuildingNeighbours { cell });
        }
        None
    }

    /// Checks whether `tile` may go at `cell` with `rotation`.
    ///
    /// # Errors
    /// Why not, as a [`MoveError`].
    pub fn check_placement(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Result<(), MoveError> {
        off_table([cell])?;
        if let Some(e) = self.table_rule_error(tile, cell, rotation) {
            return Err(e);
        }
        self.board.check_placement(tile, cell, rotation).map_err(|reason| MoveError::Placement {
            tile,
            cell,
            rotation,
            reason,
        })
    }
}

/// Under the house rule V-10, closes the road and city ends the tile at `index` has on the
/// table's border.
pub(super) fn close_at_border(board: &mut Board, rules: &RuleSet, index: usize) {
    let Some(b) = rules.bounds.filter(|_| rules.border_closes) else { return };
    let cell = board.tiles()[index].cell;
    for side in Side::ALL {
        if !b.contains(cell.step(side)) {
            board.close_edge(index, side);
        }
    }
}

/// Lays a tile on the board as the table's rules see it: a tree junction's road ends join
/// into one road (V-08).
pub(super) fn place_on_board(
    board: &mut Board,
    rules: &RuleSet,
    tile: TileId,
    cell: Cell,
    rotation: Rotation,
) -> usize {
    let index = board.place(tile, cell, rotation);
    if rules.tree_junctions.contains(tile) {
        board.join_road_ends(index);
    }
    index
}
