//! Cloisters, shrines and gardens: the buildings in a tile's centre and how many of their
//! eight surrounding cells hold tiles, counted as tiles are laid.

use super::{Board, PlacedTile, SegmentId, NONE};
use crate::coord::Cell;
use crate::tile::TileDef;

/// A cloister or shrine and how many of its eight surrounding cells hold tiles.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Building {
    pub(crate) segment: SegmentId,
    pub(crate) neighbours: u8,
}

impl Board {
    /// Counts the tile just laid at `index` among the neighbours of the buildings around
    /// it, and lists its own building with the neighbours it already has.
    pub(super) fn count_buildings(&mut self, index: usize, placed: PlacedTile, def: &TileDef) {
        let cell = placed.cell;
        self.building_of.push(NONE);
        let around = cell.surrounding();
        if let Some(centre) = def.centre {
            let neighbours = around.iter().filter(|&&c| self.index_at(c).is_some()).count() as u8;
            self.building_of[index] = self.buildings.len() as u32;
            self.buildings.push(Building { segment: placed.segment(centre), neighbours });
        }
        for c in around {
            if let Some(i) = self.index_at(c) {
                let b = self.building_of[i];
                if b != NONE {
                    self.buildings[b as usize].neighbours += 1;
                }
            }
        }
    }

    /// The building (cloister, shrine or garden) in the centre of the tile at `cell`, if any:
    /// its segment, read from the board's own list rather than the tile's definition.
    pub(crate) fn building_at(&self, cell: Cell) -> Option<SegmentId> {
        let b = self.building_of[self.index_at(cell)?];
        (b != NONE).then(|| self.buildings[b as usize].segment)
    }

    /// Every building on the board: the cell of its tile and its segment.
    pub(crate) fn buildings(&self) -> impl Iterator<Item = (Cell, SegmentId)> + '_ {
        self.buildings
            .iter()
            .map(|b| (self.placed[self.segments[b.segment as usize].tile.tile as usize].cell, b.segment))
    }

    pub(super) fn building_by_segment(&self, seg: SegmentId) -> Option<&Building> {
        let b = self.building_of[self.segments[seg as usize].tile.tile as usize];
        (b != NONE).then(|| &self.buildings[b as usize])
    }

    /// How many of a building's eight surrounding cells hold tiles.
    pub(crate) fn building_neighbours(&self, feature: SegmentId) -> u8 {
        self.building_by_segment(self.root(feature)).map_or(0, |b| b.neighbours)
    }

    /// Empty cells around a building.
    pub(crate) fn empty_around(&self, cell: Cell) -> Vec<Cell> {
        cell.surrounding().into_iter().filter(|&c| self.index_at(c).is_none()).collect()
    }
}
