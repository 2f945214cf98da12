//! The empty cells next to the layout, each with what its neighbours demand of a tile
//! there, kept as tiles are laid so that listing every legal placement is a short loop.

use super::{Board, PlacedTile};
use crate::coord::{Cell, Rotation, Side};
use crate::tile::{TileDef, TileId};

/// An empty cell next to the layout and what its neighbours demand of a tile there: four
/// bits per side (see [`EdgeKind::code`]), `mask` marking the sides that have a neighbour.
#[derive(Clone, Copy, Debug)]
pub(super) struct FrontierCell {
    pub(super) cell: Cell,
    pub(super) want: u16,
    pub(super) mask: u16,
}

impl Board {
    /// Empty cells that share an edge with a tile: the only candidates for the next tile.
    pub fn frontier(&self) -> impl Iterator<Item = Cell> + '_ {
        self.frontier.iter().map(|f| f.cell)
    }

    /// How many cells [`Board::frontier`] yields.
    pub fn frontier_len(&self) -> usize {
        self.frontier.len()
    }

    /// Whether `cell` is empty and shares an edge with a tile.
    pub fn is_frontier(&self, cell: Cell) -> bool {
        self.grid.get(cell).1 != 0
    }

    /// Calls `found` for every cell and rotation where `tile` fits, in frontier order.
    pub fn for_each_legal_placement(&self, tile: TileId, mut found: impl FnMut(Cell, Rotation)) {
        let packed = &tile.def().packed_edges;
        for f in &self.frontier {
            for rotation in Rotation::ALL {
                let edges = packed[rotation.quarter_turns()];
                // Inner walls of the City of Carcassonne face only each other, never a
                // frontier cell, and no drawn tile has one: matching codes suffice.
                if edges & f.mask == f.want {
                    found(f.cell, rotation);
                }
            }
        }
    }

    /// Each frontier cell with the rotations `tile` fits there, in frontier order: the top
    /// bit of 16-bit lane `r` of the word set when rotation `r` fits. Whether a rotation fits
    /// is a coin toss to the branch predictor during a game, so the four rotations of a cell
    /// are tested at once, a lane each, and only the fitting ones are then looked at.
    pub(crate) fn fits_by_cell(&self, tile: TileId) -> impl Iterator<Item = (Cell, u64)> + '_ {
        const LOW: u64 = 0x7FFF * LANES;
        let packed = tile.def().packed_edges;
        let edges = packed.iter().rev().fold(0u64, |w, &e| w << 16 | e as u64);
        self.frontier.iter().map(move |f| {
            // Same test as in `for_each_legal_placement`: a lane is zero where it fits.
            let x = (edges & (f.mask as u64 * LANES)) ^ (f.want as u64 * LANES);
            // The top bit of each lane set exactly when the lane is zero.
            (f.cell, !(((x & LOW) + LOW) | x | LOW))
        })
    }

    /// Appends to `out` every cell and rotation where `tile` fits, in the order of
    /// [`Board::for_each_legal_placement`].
    pub(crate) fn legal_placements_into(&self, tile: TileId, out: &mut Vec<(Cell, Rotation)>) {
        for (cell, fits) in self.fits_by_cell(tile) {
            out.extend(rotations_in(fits).map(|r| (cell, r)));
        }
    }

    /// How many placements [`Board::legal_placements_into`] lists, counted without a list.
    pub(crate) fn legal_placement_count(&self, tile: TileId) -> usize {
        self.fits_by_cell(tile).map(|(_, fits)| lanes_set(fits)).sum()
    }

    /// The `n`-th placement [`Board::legal_placements_into`] lists, found without a list.
    pub(crate) fn nth_legal_placement(&self, tile: TileId, mut n: usize) -> Option<(Cell, Rotation)> {
        for (cell, mut fits) in self.fits_by_cell(tile) {
            let here = lanes_set(fits);
            if n < here {
                for _ in 0..n {
                    fits &= fits - 1;
                }
                return Some((cell, rotation_of_lane(fits)));
            }
            n -= here;
        }
        None
    }

    /// Whether `tile` fits anywhere (Rule B-08: only an unplaceable tile may be discarded).
    pub fn fits_anywhere(&self, tile: TileId) -> Option<(Cell, Rotation)> {
        let mut first = None;
        self.for_each_legal_placement(tile, |c, r| {
            first.get_or_insert((c, r));
        });
        first
    }

    /// Opens the empty cells beside a tile just laid to the frontier, or adds its edges to
    /// what a frontier cell already demands.
    pub(super) fn open_frontier_around(&mut self, placed: PlacedTile, def: &TileDef) {
        let PlacedTile { cell, rotation, .. } = placed;
        for side in Side::ALL {
            let n = cell.step(side);
            if self.index_at(n).is_some() {
                continue;
            }
            let shift = 4 * side.opposite().index();
            let want = def.edge(rotation, side).code() << shift;
            let mask = 0xF << shift;
            match self.grid.get(n).1 {
                0 => {
                    self.frontier.push(FrontierCell { cell: n, want, mask });
                    let pos = u16::try_from(self.frontier.len()).expect("fewer frontier cells than tiles");
                    self.grid.update(n, |v| v.1 = pos);
                }
                pos => {
                    let f = &mut self.frontier[pos as usize - 1];
                    f.want |= want;
                    f.mask |= mask;
                }
            }
        }
    }

    pub(super) fn remove_from_frontier(&mut self, cell: Cell) {
        let pos = self.grid.get(cell).1;
        if pos == 0 {
            return;
        }
        let i = pos as usize - 1;
        self.frontier.swap_remove(i);
        if let Some(moved) = self.frontier.get(i).map(|f| f.cell) {
            self.grid.update(moved, |v| v.1 = pos);
        }
        self.grid.update(cell, |v| v.1 = 0);
    }
}

/// One in each 16-bit lane of a word.
const LANES: u64 = 0x0001_0001_0001_0001;

/// How many lanes a word of [`Board::fits_by_cell`] has set: their top bits moved to the
/// bottom and summed into the top lane by one multiplication, as the target may have no
/// instruction that counts bits.
fn lanes_set(fits: u64) -> usize {
    ((fits >> 15).wrapping_mul(LANES) >> 48) as usize
}

/// The rotations a word of [`Board::fits_by_cell`] holds, in the order of [`Rotation::ALL`].
pub(crate) fn rotations_in(mut fits: u64) -> impl Iterator<Item = Rotation> {
    std::iter::from_fn(move || {
        (fits != 0).then(|| {
            let rotation = rotation_of_lane(fits);
            fits &= fits - 1;
            rotation
        })
    })
}

/// The rotation of the lowest lane set in a word of [`Board::fits_by_cell`].
fn rotation_of_lane(fits: u64) -> Rotation {
    Rotation::ALL[fits.trailing_zeros() as usize / 16]
}
