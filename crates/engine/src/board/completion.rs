//! When a feature is complete: roads and cities by their open ends, buildings by their
//! neighbours, and which features a tile completes (Rule B-26).

use super::{Board, SegmentId, NONE};
use crate::coord::{Cell, Rotation, Side};
use crate::tile::{FeatureKind, LocalFeature, TileId};

impl Board {
    pub(crate) fn is_complete(&self, feature: SegmentId) -> bool {
        let root = self.root(feature);
        let st = &self.state[root as usize];
        if st.kind.is_building() {
            self.building_by_segment(root).is_some_and(|b| b.neighbours == 8)
        } else {
            st.kind.closes_by_edges() && st.open == 0
        }
    }

    /// Closes the open end a road or city of the tile at `index` has on `side`: the table
    /// border counts as a wall there (Rule V-10).
    pub(crate) fn close_edge(&mut self, index: usize, side: Side) {
        let placed = self.placed[index];
        if let Some(seg) = placed.segment_at_slot(side.index() * 3 + 1) {
            let root = self.root(seg);
            let st = &self.state[root as usize];
            if st.kind.closes_by_edges() && st.open > 0 {
                self.close_ends(root, 1);
            }
        }
    }

    /// Takes `ends` edge ends off the open ones of a road, city or river; a city left with
    /// none is complete, and all its segments are marked in `completed_cities`.
    pub(super) fn close_ends(&mut self, root: SegmentId, ends: u32) {
        let st = &mut self.state[root as usize];
        st.open -= ends;
        if st.open == 0 && st.kind == FeatureKind::City {
            let mut s = root;
            loop {
                self.completed_cities[s as usize / 64] |= 1 << (s % 64);
                s = self.segments[s as usize].next;
                if s == root {
                    break;
                }
            }
        }
    }

    /// Whether segment `s` lies in a completed city.
    pub(super) fn in_completed_city(&self, s: SegmentId) -> bool {
        self.completed_cities[s as usize / 64] & 1 << (s % 64) != 0
    }

    /// A complete road none of whose segments ends on its tile: it closes on itself.
    pub(crate) fn is_road_loop(&self, feature: SegmentId) -> bool {
        self.kind(feature) == FeatureKind::Road
            && self.is_complete(feature)
            && self.members(feature).all(|s| {
                let t = &self.placed[self.segments[s as usize].tile.tile as usize];
                t.def().features[(s - t.first_segment) as usize].edge_count() == 2
            })
    }

    pub(crate) fn mark_completed(&mut self, feature: SegmentId) {
        let root = self.root(feature);
        self.state[root as usize].completed = true;
    }

    /// Roads, cities and buildings completed by the tile just placed at `index` that were not
    /// complete before, each once, in the order of the tile's segments, then surrounding
    /// buildings in clockwise order from the north-west (Rule B-26).
    pub(crate) fn completed_by(&self, index: usize) -> Vec<SegmentId> {
        let placed = self.placed[index];
        let mut out: Vec<SegmentId> = Vec::new();
        for (local, f) in placed.def().features.iter().enumerate() {
            let root = self.root(placed.segment(local as LocalFeature));
            let st = &self.state[root as usize];
            if st.completed || out.contains(&root) {
                continue;
            }
            let done = match f.kind {
                FeatureKind::Road | FeatureKind::City => st.open == 0,
                FeatureKind::Cloister | FeatureKind::Shrine | FeatureKind::Garden => {
                    self.building_by_segment(root).is_some_and(|b| b.neighbours == 8)
                }
                _ => false,
            };
            if done {
                out.push(root);
            }
        }
        for c in placed.cell.surrounding() {
            if let Some(i) = self.index_at(c) {
                let b = self.building_of[i];
                if b != NONE {
                    let b = self.buildings[b as usize];
                    if b.neighbours == 8 && !self.state[b.segment as usize].completed {
                        out.push(b.segment);
                    }
                }
            }
        }
        out
    }

    /// Whether laying `tile` at `cell` might complete a feature; `false` means it completes
    /// none. Not the answer itself ([`Board::completed_by`] on the board with the tile gives
    /// that) but what every completion needs, read off the board as it is: a road or city of
    /// the tile with each of its ends against a laid tile or a side `closed` (the table's
    /// closing border), or a cloister, shrine or garden whose eighth neighbour this is.
    pub(crate) fn might_complete(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        closed: impl Fn(Side) -> bool,
    ) -> bool {
        let def = tile.def();
        let ends_met = |edge_sides: u8| {
            Side::ALL.into_iter().all(|side| {
                edge_sides & (1 << rotation.to_catalog(side).index()) == 0
                    || self.index_at(cell.step(side)).is_some()
                    || closed(side)
            })
        };
        let roads_or_cities = def
            .features
            .iter()
            .filter(|f| matches!(f.kind, FeatureKind::Road | FeatureKind::City))
            .any(|f| ends_met(f.edge_sides));
        let around = cell.surrounding().map(|c| self.index_at(c));
        let own_building = def.centre.is_some() && around.iter().all(Option::is_some);
        let eighth = around.iter().flatten().any(|&i| {
            let b = self.building_of[i];
            b != NONE && self.buildings[b as usize].neighbours == 7
        });
        roads_or_cities || own_building || eighth
    }

    /// The open edges of a road or city: the empty cells its open ends point into.
    pub(crate) fn open_cells(&self, feature: SegmentId) -> Vec<Cell> {
        let mut cells = Vec::new();
        for s in self.members(feature) {
            let t = &self.placed[self.segments[s as usize].tile.tile as usize];
            let def = &t.def().features[(s - t.first_segment) as usize];
            for side in Side::ALL {
                if def.edge_sides & (1 << t.rotation.to_catalog(side).index()) != 0 {
                    let c = t.cell.step(side);
                    if self.index_at(c).is_none() && !cells.contains(&c) {
                        cells.push(c);
                    }
                }
            }
        }
        cells
    }
}
