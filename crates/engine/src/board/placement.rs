//! Where a tile may go and laying it there: the edge checks of Rules B-04 and B-05, and the
//! placed tile that the rest of the board refers to.

use super::{Board, SegmentId};
use crate::coord::{Cell, Port, Rotation, Side};
use crate::tile::{EdgeKind, LocalFeature, TileDef, TileId};

/// A tile lying on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedTile {
    /// Which tile.
    pub tile: TileId,
    /// Where.
    pub cell: Cell,
    /// Turned how far.
    pub rotation: Rotation,
    pub(crate) first_segment: SegmentId,
}

impl PlacedTile {
    pub(crate) fn def(&self) -> &'static TileDef {
        self.tile.def()
    }

    /// The tile's centre, to name it.
    pub(crate) fn cell_anchor(&self) -> (Cell, Port) {
        (self.cell, Port::C)
    }

    pub(crate) fn segment(&self, local: LocalFeature) -> SegmentId {
        self.first_segment + local as SegmentId
    }

    /// The segment at board slot `slot` (0..12).
    pub(super) fn segment_at_slot(&self, slot: usize) -> Option<SegmentId> {
        self.def().feature_at_board_slot(self.rotation, slot).map(|f| self.segment(f))
    }

    /// The local segment at a port named in board orientation.
    pub(crate) fn local_at(&self, port: Port) -> Option<LocalFeature> {
        self.def().feature_at(port.to_catalog(self.rotation))
    }
}

/// Why a tile does not fit at a cell by its edges: what the board alone can tell. The table's
/// further limits (play area, river, shrines) are [`PlacementError`](crate::PlacementError)'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FitError {
    /// Another tile lies there already.
    CellOccupied,
    /// No tile shares an edge with the cell (Rule B-04).
    NotAdjacent,
    /// Touching edges do not continue each other (Rule B-05); every mismatch is listed.
    EdgeMismatch(Vec<EdgeMismatch>),
}

/// One edge that does not fit its neighbour.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct EdgeMismatch {
    /// The side of the new tile, in board orientation.
    pub side: Side,
    /// What the new tile shows there.
    pub ours: EdgeKind,
    /// What the neighbour shows.
    pub theirs: EdgeKind,
}

impl Board {
    /// Checks that `tile` may lie at `cell` with `rotation` (Rules B-04, B-05).
    ///
    /// # Errors
    /// The reason it may not, with every mismatching edge.
    pub fn check_placement(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Result<(), FitError> {
        if self.index_at(cell).is_some() {
            return Err(FitError::CellOccupied);
        }
        let def = tile.def();
        let mut touching = false;
        let mut mismatches = Vec::new();
        for side in Side::ALL {
            if let Some(n) = self.tile_at(cell.step(side)) {
                touching = true;
                let ours = def.edge(rotation, side);
                let theirs = n.def().edge(n.rotation, side.opposite());
                if ours != theirs || ours == EdgeKind::Inner {
                    mismatches.push(EdgeMismatch { side, ours, theirs });
                }
            }
        }
        if !touching && !self.placed.is_empty() {
            return Err(FitError::NotAdjacent);
        }
        if !mismatches.is_empty() {
            return Err(FitError::EdgeMismatch(mismatches));
        }
        Ok(())
    }

    /// Puts a tile down without checking it; returns its index. Callers check first.
    pub(crate) fn place(&mut self, tile: TileId, cell: Cell, rotation: Rotation) -> usize {
        let index = self.placed.len();
        let first_segment = self.parent.len() as SegmentId;
        let placed = PlacedTile { tile, cell, rotation, first_segment };
        self.placed.push(placed);
        self.grid.update(cell, |v| v.0 = u16::try_from(index + 1).expect("fewer than 65 536 tiles on a table"));
        self.remove_from_frontier(cell);
        self.open_frontier_around(placed);
        self.add_segments(index, placed);
        self.join_across_edges(placed);
        self.count_buildings(index, placed);
        index
    }
}
