//! Where a tile may go and laying it there: the edge checks of Rules B-04 and B-05, and the
//! placed tile that the rest of the board refers to.

use super::{Board, SegmentId};
use crate::coord::{Cell, Port, Rotation, Side};
use crate::tile::{EdgeKind, FeatureKind, LocalFeature, TileDef, TileId};

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

    /// Each feature of the tile as the place that names it on the board, with its kind: what
    /// a figure standing, flying or told onto this tile chooses from.
    pub(crate) fn places(&self) -> impl Iterator<Item = (Port, FeatureKind)> + '_ {
        self.def().features.iter().map(|f| (f.anchor.to_board(self.rotation), f.kind))
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

/// How a tile fits at a cell, as [`FitError`] tells it without the mismatching edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fit {
    /// It may lie there.
    Fits,
    /// Another tile lies there already.
    Occupied,
    /// No tile shares an edge with the cell (Rule B-04).
    Alone,
    /// Some touching edge does not continue its neighbour (Rule B-05).
    Mismatched,
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

/// How the edge of `def` turned by `rotation` on `side` fails to continue the tile `n` across
/// it (Rule B-05), if it does: inner walls of the City of Carcassonne meet nothing laid.
fn mismatch(def: &TileDef, rotation: Rotation, side: Side, n: &PlacedTile) -> Option<EdgeMismatch> {
    let ours = def.edge(rotation, side);
    let theirs = n.def().edge(n.rotation, side.opposite());
    (ours != theirs || ours == EdgeKind::Inner).then_some(EdgeMismatch { side, ours, theirs })
}

impl Board {
    /// Checks that `tile` may lie at `cell` with `rotation` (Rules B-04, B-05).
    ///
    /// # Errors
    /// The reason it may not, with every mismatching edge.
    pub fn check_placement(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Result<(), FitError> {
        match self.fit(tile, cell, rotation) {
            Fit::Fits => Ok(()),
            Fit::Occupied => Err(FitError::CellOccupied),
            Fit::Alone => Err(FitError::NotAdjacent),
            Fit::Mismatched => {
                let def = tile.def();
                let mismatches = Side::ALL
                    .into_iter()
                    .filter_map(|side| mismatch(def, rotation, side, self.tile_at(cell.step(side))?))
                    .collect();
                Err(FitError::EdgeMismatch(mismatches))
            }
        }
    }

    /// [`Board::check_placement`]'s answer without the mismatching edges: trying many places
    /// allocates nothing.
    pub(crate) fn fit(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Fit {
        if self.index_at(cell).is_some() {
            return Fit::Occupied;
        }
        let def = tile.def();
        let (mut touching, mut mismatched) = (false, false);
        for side in Side::ALL {
            if let Some(n) = self.tile_at(cell.step(side)) {
                touching = true;
                mismatched |= mismatch(def, rotation, side, n).is_some();
            }
        }
        if !touching && !self.placed.is_empty() {
            Fit::Alone
        } else if mismatched {
            Fit::Mismatched
        } else {
            Fit::Fits
        }
    }

    /// Puts a tile down without checking it; returns its index. Callers check first.
    pub(crate) fn place(&mut self, tile: TileId, cell: Cell, rotation: Rotation) -> usize {
        let index = self.placed.len();
        let first_segment = self.parent.len() as SegmentId;
        let placed = PlacedTile { tile, cell, rotation, first_segment };
        self.placed.push(placed);
        self.grid.update(cell, |v| v.0 = u16::try_from(index + 1).expect("fewer than 65 536 tiles on a table"));
        self.remove_from_frontier(cell);
        // The definition is looked up once for all the board's lists.
        let def = tile.def();
        self.open_frontier_around(placed, def);
        self.add_segments(index, placed, def);
        self.join_across_edges(placed);
        self.count_buildings(index, placed, def);
        index
    }
}
