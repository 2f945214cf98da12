//! What a feature covers, for scoring and showing it: its distinct tiles in placement order
//! and what its segments draw (pennants, an inn, a cathedral).

use super::{Board, SegmentId, SegmentTile};
use crate::coord::{Cell, Port};
use crate::tile::FeatureKind;

/// A feature as it stands now: enough to name it, show it and score it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureView {
    /// Road, city, …
    pub kind: FeatureKind,
    /// Distinct tiles it covers, in placement order (a tile counts once; Rule B-21).
    pub tiles: Vec<Cell>,
    /// Pennants in its city segments.
    pub pennants: u32,
    /// Closed (roads, cities) or surrounded (cloisters, shrines).
    pub complete: bool,
    /// A place that names it, for highlighting.
    pub anchor: (Cell, Port),
    /// A road with an inn beside it (I-04; the lakes of X-11 only with Inns & Cathedrals).
    pub inn: bool,
    /// A city with a cathedral in it (I-07).
    pub cathedral: bool,
}

/// What a feature's segments show beyond their tiles: pennants, an inn, a cathedral.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Drawn {
    /// Pennants in its segments (cities only carry them).
    pub(crate) pennants: u32,
    /// An inn beside one of its road segments that counts in this game (I-05, X-11).
    pub(crate) inn: bool,
    /// A cathedral in one of its city segments (I-07).
    pub(crate) cathedral: bool,
}

/// Features of up to this many segments, nearly every one the end count scores, have their
/// tiles sorted out in a short list rather than in a bit per tile on the board.
pub(super) const SMALL_FEATURE: usize = 8;

impl Board {
    /// Distinct tiles of a feature, as placement indices in placement order.
    pub(crate) fn tile_indices(&self, feature: SegmentId) -> Vec<usize> {
        let mut out = Vec::new();
        self.walk_tiles(feature, |i| out.push(i));
        out
    }

    /// Calls `visit(tile index)` once per distinct tile of a feature, in placement order, and
    /// returns what the feature's segments show: pennants, an inn, a cathedral. One walk over
    /// the segments; a small feature's few tiles are then sorted, a larger one's are marked
    /// in a bit per placed tile, which needs no sorting.
    pub(super) fn walk_tiles(&self, feature: SegmentId, mut visit: impl FnMut(usize)) -> Drawn {
        let root = self.root(feature);
        if self.size[root as usize] as usize <= SMALL_FEATURE {
            return self.walk_small_tiles(root, visit);
        }
        let words = self.placed.len().div_ceil(64);
        let mut stack = [0u64; 4];
        let mut heap = Vec::new();
        let seen: &mut [u64] = if words <= stack.len() {
            &mut stack[..words]
        } else {
            heap.resize(words, 0);
            &mut heap
        };
        let (mut lo, mut hi, mut drawn) = (usize::MAX, 0, Drawn::default());
        for s in self.members(feature) {
            let segment = self.segments[s as usize].tile;
            let i = segment.tile as usize;
            seen[i / 64] |= 1 << (i % 64);
            lo = lo.min(i);
            hi = hi.max(i);
            drawn.pennants += segment.pennants as u32;
            drawn.inn |= segment.has(SegmentTile::INN);
            drawn.cathedral |= segment.has(SegmentTile::CATHEDRAL);
        }
        drawn.inn &= self.inns;
        // Only the words between the lowest and highest tile seen hold bits.
        let words = seen.get(lo / 64..=hi / 64).unwrap_or_default();
        for (w, &word) in (lo / 64..).zip(words) {
            let mut bits = word;
            while bits != 0 {
                visit(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        drawn
    }

    /// [`Board::walk_tiles`] for a feature of at most [`SMALL_FEATURE`] segments: its tiles
    /// are listed as they are met, then sorted, each visited once.
    pub(super) fn walk_small_tiles(&self, root: SegmentId, mut visit: impl FnMut(usize)) -> Drawn {
        let mut tiles = [0u16; SMALL_FEATURE];
        let (mut len, mut pennants, mut marks) = (0, 0, 0);
        let mut s = root;
        loop {
            let segment = self.segments[s as usize].tile;
            pennants += segment.pennants as u32;
            marks |= segment.marks;
            tiles[len] = segment.tile;
            len += 1;
            s = self.segments[s as usize].next;
            if s == root {
                break;
            }
        }
        let tiles = &mut tiles[..len];
        for i in 1..tiles.len() {
            let (tile, mut j) = (tiles[i], i);
            while j > 0 && tiles[j - 1] > tile {
                tiles[j] = tiles[j - 1];
                j -= 1;
            }
            tiles[j] = tile;
        }
        let mut last = None;
        for &t in tiles.iter() {
            if last != Some(t) {
                visit(t as usize);
                last = Some(t);
            }
        }
        let inn = marks & SegmentTile::INN != 0 && self.inns;
        Drawn { pennants, inn, cathedral: marks & SegmentTile::CATHEDRAL != 0 }
    }

    /// Pushes the cells of a feature's distinct tiles onto `out`, in placement order, and
    /// returns what its segments show (pennants only for a city).
    pub(crate) fn tiles_into(&self, feature: SegmentId, out: &mut Vec<Cell>) -> Drawn {
        let mut drawn = self.walk_tiles(feature, |i| out.push(self.placed[i].cell));
        if self.kind(feature) != FeatureKind::City {
            drawn.pennants = 0;
        }
        drawn
    }

    /// Distinct tiles of a feature and what its segments show, counted without allocating.
    pub(crate) fn measure(&self, feature: SegmentId) -> (u32, Drawn) {
        let mut tiles = 0;
        let drawn = self.walk_tiles(feature, |_| tiles += 1);
        (tiles, drawn)
    }

    /// A feature described for events and the UI.
    pub(crate) fn view(&self, feature: SegmentId) -> FeatureView {
        let kind = self.kind(feature);
        let mut tiles = Vec::new();
        let drawn = self.tiles_into(feature, &mut tiles);
        FeatureView {
            kind,
            tiles,
            pennants: drawn.pennants,
            complete: self.is_complete(feature),
            anchor: self.anchor(feature),
            inn: drawn.inn,
            cathedral: drawn.cathedral,
        }
    }
}
