//! Where a tile may go: matching edges (checked by the [`Board`]), and the table's limits
//! beyond them: the play area (house rule V-09) and its closed border (V-10), the shrine and
//! cloister neighbourhood (H-03), the river's course, and a tree junction's
//! joined road (V-08).
//!
//! Nothing here changes the game except [`place_on_board`] and [`close_at_border`], which
//! lay a tile already checked. What is *not* here: which tile may be drawn (`draw.rs`).

use super::{off_table, Game, MoveError};
use crate::board::{rotations_in, Board, EdgeMismatch, FitError};
use crate::challenge::{breaks_neighbour_limit, NeighbourLimit};
use crate::coord::{Cell, Rotation, Side};
use crate::river::is_river_tile;
use crate::river::RiverError;
use crate::rule::Rule;
use crate::rules::RuleSet;
use crate::tile::{TileId, TileSet};
use std::fmt;

/// Why a tile may not lie where it was put: its edges (Rules B-04, B-05), or the table's
/// limits beyond them. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum PlacementError {
    /// Another tile lies there already.
    CellOccupied {
        /// The tile.
        tile: TileId,
        /// Where it was put.
        cell: Cell,
        /// How it was turned.
        rotation: Rotation,
    },
    /// No tile shares an edge with the cell (Rule B-04).
    NotAdjacent {
        /// The tile.
        tile: TileId,
        /// Where it was put.
        cell: Cell,
        /// How it was turned.
        rotation: Rotation,
    },
    /// Touching edges do not continue each other (Rule B-05).
    EdgeMismatch {
        /// The tile.
        tile: TileId,
        /// Where it was put.
        cell: Cell,
        /// How it was turned.
        rotation: Rotation,
        /// Every edge that does not match, not only the first.
        mismatches: Vec<EdgeMismatch>,
    },
    /// The cell is outside the agreed play area (house rule V-09).
    OutOfBounds {
        /// The cell.
        cell: Cell,
    },
    /// A shrine may border only one cloister, and a cloister only one shrine (Rule H-03).
    BuildingNeighbours {
        /// Where the tile was put.
        cell: Cell,
    },
    /// The river tile may not go there (R-07, R-09, R-10, as the reason says).
    River {
        /// Where it was put.
        cell: Cell,
        /// Why not.
        reason: RiverError,
    },
}

impl PlacementError {
    /// The board's refusal, with the tile it concerns.
    pub(crate) fn from_fit(tile: TileId, cell: Cell, rotation: Rotation, reason: FitError) -> PlacementError {
        match reason {
            FitError::CellOccupied => PlacementError::CellOccupied { tile, cell, rotation },
            FitError::NotAdjacent => PlacementError::NotAdjacent { tile, cell, rotation },
            FitError::EdgeMismatch(mismatches) => PlacementError::EdgeMismatch { tile, cell, rotation, mismatches },
        }
    }

    /// The checklist rule the placement breaks, where one does.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            PlacementError::CellOccupied { .. } => None,
            PlacementError::NotAdjacent { .. } => Some(Rule::B04),
            PlacementError::EdgeMismatch { .. } => Some(Rule::B05),
            PlacementError::OutOfBounds { .. } => Some(Rule::V09),
            PlacementError::BuildingNeighbours { .. } => Some(Rule::H03),
            PlacementError::River { reason, .. } => Some(reason.rule()),
        }
    }
}

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlacementError::CellOccupied { tile, cell, rotation } => {
                write!(f, "tile {tile} at {cell} rot {rotation} lands on a tile already there")
            }
            PlacementError::NotAdjacent { tile, cell, rotation } => {
                write!(f, "tile {tile} at {cell} rot {rotation} touches no tile along an edge")
            }
            PlacementError::EdgeMismatch { tile, cell, rotation, mismatches } => {
                let sides: Vec<String> = mismatches
                    .iter()
                    .map(|m| format!("its {} neighbour ({} against {})", m.side, m.ours, m.theirs))
                    .collect();
                write!(f, "tile {tile} at {cell} rot {rotation} does not match {}", sides.join(" and "))
            }
            PlacementError::OutOfBounds { cell } => write!(f, "{cell} is outside the play area"),
            PlacementError::BuildingNeighbours { cell } => {
                write!(f, "a building at {cell} would make a shrine border two cloisters or a cloister two shrines")
            }
            PlacementError::River { cell, reason } => match reason {
                RiverError::NotContinued => write!(f, "a river tile at {cell} must continue the river at an open end"),
                RiverError::BranchesJoin => {
                    write!(f, "a river tile at {cell} would join the two branches of the river")
                }
                RiverError::UTurn => write!(f, "the river at {cell} would turn the same way twice in a row"),
            },
        }
    }
}

impl std::error::Error for PlacementError {}

impl Game {
    /// Every cell and rotation where `tile` may go now, in a fixed order.
    pub fn legal_placements(&self, tile: TileId) -> Vec<(Cell, Rotation)> {
        // At most four rotations per frontier cell: one allocation, never regrown.
        let mut out = Vec::with_capacity(4 * self.board.frontier_len());
        if self.edges_decide(tile) {
            self.board.legal_placements_into(tile, &mut out);
        } else {
            // The play area and the shrine–cloister neighbourhood ask the cell alone: asked
            // once for a cell where some rotation fits, and never for the others; the
            // buildings the neighbourhood looks for are gathered once for all cells.
            let limit = self.plays_neighbour_limit().then(|| NeighbourLimit::of(&self.board, tile)).flatten();
            for (cell, fits) in self.board.fits_by_cell(tile) {
                let breaks = || limit.as_ref().is_some_and(|l| l.broken_at(&self.board, cell));
                if fits == 0 || self.cell_rule_error(cell, breaks).is_some() {
                    continue;
                }
                out.extend(
                    rotations_in(fits).filter(|&r| self.river_error(tile, cell, r).is_none()).map(|r| (cell, r)),
                );
            }
        }
        out
    }

    /// One of [`Game::legal_placements`], the one at `pick(how many)`; `None`, and no pick
    /// made, when there is none. Where the edges alone decide, the placements are counted and
    /// the one picked is found without a list: a playout asks this every turn.
    pub(crate) fn pick_legal_placement(
        &self,
        tile: TileId,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> Option<(Cell, Rotation)> {
        if self.edges_decide(tile) {
            let n = self.board.legal_placement_count(tile);
            (n > 0).then(|| self.board.nth_legal_placement(tile, pick(n)).expect("a pick below the count"))
        } else {
            let options = self.legal_placements(tile);
            (!options.is_empty()).then(|| options[pick(options.len())])
        }
    }

    /// Whether matching edges alone decide where `tile` may go: exactly when
    /// `table_rule_error` cannot refuse a tile whose edges match.
    fn edges_decide(&self, tile: TileId) -> bool {
        !(self.setup.rules.bounds.is_some()
            || (self.river.is_some() && is_river_tile(tile))
            || (tile.def().centre.is_some() && self.plays_neighbour_limit()))
    }

    /// Placement limits beyond matching edges: the play area (V-09), the shrine–cloister
    /// neighbourhood (H-03) and the river's course.
    pub(super) fn table_rule_error(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Option<PlacementError> {
        self.river_error(tile, cell, rotation)
            .or_else(|| self.cell_rule_error(cell, || breaks_neighbour_limit(&self.board, tile, cell)))
    }

    /// The river's course, for a river tile while the river is laid.
    fn river_error(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Option<PlacementError> {
        let river = self.river.as_ref().filter(|_| is_river_tile(tile))?;
        river.step(&self.board, tile, cell, rotation).err().map(|reason| PlacementError::River { cell, reason })
    }

    /// Whether the table keeps the shrine–cloister neighbourhood (H-03) when tiles are laid:
    /// with the shrines, unless the relaxed house rule (V-23) moves it to the followers.
    fn plays_neighbour_limit(&self) -> bool {
        self.setup.has(TileSet::Shrines) && !self.setup.rules.relaxed_shrine_placement
    }

    /// The limits that ask the cell and not the tile's rotation: the play area (V-09) and the
    /// shrine–cloister neighbourhood (H-03), which `breaks_neighbour_limit` answers for the
    /// tile at the cell, asked only where the table plays it.
    fn cell_rule_error(&self, cell: Cell, breaks_neighbour_limit: impl FnOnce() -> bool) -> Option<PlacementError> {
        if self.setup.rules.bounds.is_some_and(|b| !b.contains(cell)) {
            return Some(PlacementError::OutOfBounds { cell });
        }
        if self.plays_neighbour_limit() && breaks_neighbour_limit() {
            return Some(PlacementError::BuildingNeighbours { cell });
        }
        None
    }

    /// Checks whether `tile` may go at `cell` with `rotation`.
    ///
    /// # Errors
    /// Why not: [`MoveError::OffTable`] for a cell no table reaches, else a
    /// [`MoveError::Placement`].
    pub fn check_placement(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Result<(), MoveError> {
        off_table([cell])?;
        if let Some(e) = self.table_rule_error(tile, cell, rotation) {
            return Err(e.into());
        }
        self.board
            .check_placement(tile, cell, rotation)
            .map_err(|reason| PlacementError::from_fit(tile, cell, rotation, reason).into())
    }
}

/// Under the house rule V-10, closes the road and city ends the tile at `index` has on the
/// table's border.
pub(super) fn close_at_border(board: &mut Board, rules: &RuleSet, index: usize) {
    let cell = board.tiles()[index].cell;
    for side in Side::ALL {
        if closed_by_border(rules, cell, side) {
            board.close_edge(index, side);
        }
    }
}

/// Whether the table's border closes the `side` of a tile at `cell`: under the house rule
/// V-10, it lies outside the play area.
pub(super) fn closed_by_border(rules: &RuleSet, cell: Cell, side: Side) -> bool {
    rules.bounds.filter(|_| rules.border_closes).is_some_and(|b| !b.contains(cell.step(side)))
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

#[cfg(test)]
mod tests {
    use crate::rule::Rule;
    use crate::{Bounds, Cell, Game, GameSetup, Move, MoveError, PlacementError, Rotation, TileId, TileSet};

    fn tile(name: &str) -> TileId {
        TileId::from_name(name).unwrap()
    }

    fn place(game: &mut Game, name: &str, x: i32, y: i32) {
        game.apply(&Move::place(tile(name), Cell::new(x, y), Rotation::R0, None)).unwrap();
    }

    #[test]
    fn the_board_refusals_name_the_tile_and_their_rule() {
        let game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        let (b, r0) = (tile("B"), Rotation::R0);
        let refused = |x, y| match game.check_placement(b, Cell::new(x, y), r0) {
            Err(MoveError::Placement(e)) => e,
            other => panic!("{other:?}"),
        };
        assert_eq!(refused(0, 0), PlacementError::CellOccupied { tile: b, cell: Cell::new(0, 0), rotation: r0 });
        let far = refused(3, 3);
        assert_eq!(
            (far.rule(), far.to_string()),
            (Some(Rule::B04), "tile B at [3,3] rot 0 touches no tile along an edge".into())
        );
        // The cloister's field against the start tile's city, north of it.
        assert!(matches!(refused(0, -1), PlacementError::EdgeMismatch { ref mismatches, .. } if mismatches.len() == 1));
        assert_eq!(game.check_placement(b, Cell::new(0, 1), r0), Ok(()), "field against field, south");
    }

    #[test]
    fn the_play_area_keeps_tiles_inside_it() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.rules.bounds = Some(Bounds { min_x: -1, max_x: 1, min_y: -1, max_y: 0 });
        let game = Game::new(setup).unwrap();
        let b = tile("B");
        let refused = game.check_placement(b, Cell::new(0, 1), Rotation::R0).unwrap_err();
        assert_eq!(refused, MoveError::Placement(PlacementError::OutOfBounds { cell: Cell::new(0, 1) }));
        assert_eq!(refused.rule(), Some(Rule::V09));
        assert!(
            game.legal_placements(b).iter().all(|&(c, _)| c.y <= 0 && (-1..=1).contains(&c.x)),
            "no legal place lies outside the bounds"
        );
    }

    // A cloister south of the start tile, a shrine beside it, and a second cloister tried
    // beside the shrine:
    //
    //          x=0    x=1    x=2
    // y=0     [D]
    // y=1     [B]    [SH1]  (B?)
    #[test]
    fn a_shrine_borders_one_cloister_at_most() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Shrines);
        let mut game = Game::new(setup).unwrap();
        place(&mut game, "B", 0, 1);
        place(&mut game, "SH1", 1, 1);
        let second = Cell::new(2, 1);
        assert_eq!(
            game.check_placement(tile("B"), second, Rotation::R0),
            Err(MoveError::Placement(PlacementError::BuildingNeighbours { cell: second })),
            "the shrine would border two cloisters (H-03)"
        );
        assert!(!game.legal_placements(tile("B")).iter().any(|&(c, _)| c == second), "and it is not offered");
        assert!(game.legal_placements(tile("U")).iter().any(|&(c, _)| c == second), "a plain road may go there");
    }

    #[test]
    fn a_placement_picked_is_the_one_at_the_pick_in_the_list() {
        // Edges alone decide in the base game; the river, the shrines and the play area each
        // add the table's limits, which the pick must keep too.
        let base = GameSetup::base(&["Anna", "Bram"]);
        let mut shrines = base.clone();
        shrines.sets.push(TileSet::Shrines);
        let mut bounded = base.clone();
        bounded.rules.bounds = Some(Bounds { min_x: -2, max_x: 2, min_y: -1, max_y: 1 });
        let mut river = base.clone();
        river.sets.push(TileSet::River2);
        river.start = crate::Start::River2;
        for (name, setup) in [("base", base), ("shrines", shrines), ("bounded", bounded), ("river", river)] {
            let mut game = Game::new(setup).unwrap();
            let mut picks = crate::Picks::new(5);
            for turn in 0..12 {
                for t in game.setup().sets.iter().flat_map(|s| s.tiles()).filter(|&t| game.remaining(t) > 0) {
                    let listed = game.legal_placements(t);
                    for (k, &placement) in listed.iter().enumerate() {
                        let picked = game.pick_legal_placement(t, &mut |n| {
                            assert_eq!(n, listed.len(), "{name}, turn {turn}, {t}: picked among all listed");
                            k
                        });
                        assert_eq!(picked, Some(placement), "{name}, turn {turn}, {t}: pick {k}");
                    }
                    if listed.is_empty() {
                        assert_eq!(game.pick_legal_placement(t, &mut |_| panic!("no pick")), None, "{name}: {t}");
                    }
                }
                let Some(mv) = crate::playout_move(&game, &mut |n| picks.below(n)) else { break };
                game.apply(&mv).unwrap();
            }
        }
    }
}
