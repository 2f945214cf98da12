//! The features the segments form: a flat union–find over every segment of every placed
//! tile, with each feature's running state at its root (see the board's own docs).

use super::{Board, PlacedTile, SegmentId, NONE};
use crate::coord::{Cell, Port, Side};
use crate::player::ByPlayer;
use crate::tile::{FeatureKind, LocalFeature, TileDef};

/// A segment's placed tile, with what its drawing adds to a score beside it: counting a
/// feature walks its segments, and so reads neither the tiles nor their definitions for
/// its pennants, inns and cathedrals. Four bytes, as the tile index alone took before: the
/// board is copied for every trial of a move.
#[derive(Clone, Copy, Debug)]
pub(super) struct SegmentTile {
    /// The index of the placed tile: a table holds far fewer than 65 536.
    pub(super) tile: u16,
    pub(super) pennants: u8,
    /// [`SegmentTile::INN`] and [`SegmentTile::CATHEDRAL`].
    pub(super) marks: u8,
}

impl SegmentTile {
    /// An inn drawn beside the road; it counts only with inns in play (the board's `inns`).
    pub(super) const INN: u8 = 1;
    /// A cathedral in the city.
    pub(super) const CATHEDRAL: u8 = 2;

    pub(super) fn has(self, mark: u8) -> bool {
        self.marks & mark != 0
    }
}

/// What walking a feature reads of each of its segments, side by side: the next one in the
/// feature's circular list of segments, and its tile and marks.
#[derive(Clone, Copy, Debug)]
pub(super) struct Member {
    pub(super) next: SegmentId,
    pub(super) tile: SegmentTile,
}

/// What the rules ask of a feature while the game runs; valid at union–find roots only.
#[derive(Clone, Copy, Debug)]
pub(super) struct FeatureState {
    pub(super) kind: FeatureKind,
    /// Edge ends not yet met by a neighbour (roads, cities, rivers).
    pub(super) open: u32,
    pub(super) followers: ByPlayer<u8>,
    /// The followers as a majority weighs them: a big follower counts two (I-12).
    pub(super) weight: ByPlayer<u8>,
    /// Head and tail of this farm's list of touched city segments in `city_links`.
    pub(super) cities: (u32, u32),
    pub(super) touches_carcassonne: bool,
    pub(super) completed: bool,
    /// The feature's oldest segment, which names it in events.
    pub(super) first: SegmentId,
    /// That segment's anchor in board orientation, kept here so that naming a feature reads
    /// none of its tiles: the end count names every feature and every city a farm feeds.
    pub(super) anchor: (Cell, Port),
}

/// The roads of a tile that end on it (at a junction, cloister, gate or house).
pub(crate) fn road_ends(def: &TileDef) -> impl Iterator<Item = LocalFeature> + '_ {
    def.features
        .iter()
        .enumerate()
        .filter(|(_, f)| f.kind == FeatureKind::Road && f.edge_count() == 1)
        .map(|(i, _)| i as LocalFeature)
}

/// The root of segment `s` in the flat union–find `parent`: its entry itself.
pub(super) fn root_in(parent: &[SegmentId], s: SegmentId) -> SegmentId {
    let root = parent[s as usize];
    debug_assert_eq!(parent[root as usize], root, "the union–find is kept flat");
    root
}

impl Board {
    /// The root of a segment's feature.
    pub(crate) fn root(&self, s: SegmentId) -> SegmentId {
        root_in(&self.parent, s)
    }

    /// Joins two features; the larger one's root stays the root, and every segment of the
    /// smaller one is pointed at it, which keeps the union–find flat: a segment changes
    /// feature at most log₂(segments) times over a game.
    pub(super) fn union(&mut self, a: SegmentId, b: SegmentId) -> SegmentId {
        let (mut a, mut b) = (self.root(a), self.root(b));
        if a == b {
            return a;
        }
        if self.size[a as usize] < self.size[b as usize] {
            std::mem::swap(&mut a, &mut b);
        }
        // The smaller feature's member list, walked before the two lists are spliced.
        let mut s = b;
        loop {
            self.parent[s as usize] = a;
            s = self.segments[s as usize].next;
            if s == b {
                break;
            }
        }
        self.size[a as usize] += self.size[b as usize];
        let (after_a, after_b) = (self.segments[a as usize].next, self.segments[b as usize].next);
        self.segments[a as usize].next = after_b;
        self.segments[b as usize].next = after_a;
        let absorbed = self.state[b as usize];
        let root = &mut self.state[a as usize];
        root.open += absorbed.open;
        root.followers.add(&absorbed.followers);
        root.weight.add(&absorbed.weight);
        root.touches_carcassonne |= absorbed.touches_carcassonne;
        root.completed |= absorbed.completed;
        if absorbed.first < root.first {
            root.first = absorbed.first;
            root.anchor = absorbed.anchor;
        }
        if absorbed.cities.0 != NONE {
            if root.cities.0 == NONE {
                root.cities = absorbed.cities;
            } else {
                let tail = root.cities.1;
                root.cities.1 = absorbed.cities.1;
                self.city_links[tail as usize].1 = absorbed.cities.0;
            }
        }
        a
    }

    /// Adds a segment for each feature of the tile just laid at `index`, each a feature of
    /// its own until it is joined.
    pub(super) fn add_segments(&mut self, index: usize, placed: PlacedTile, def: &TileDef) {
        let PlacedTile { cell, rotation, first_segment, .. } = placed;
        for (local, f) in def.features.iter().enumerate() {
            let seg = first_segment + local as SegmentId;
            if seg as usize / 64 == self.completed_cities.len() {
                self.completed_cities.push(0);
            }
            self.parent.push(seg);
            self.size.push(1);
            self.segments.push(Member {
                next: seg,
                tile: SegmentTile {
                    tile: u16::try_from(index).expect("fewer than 65 536 tiles on a table"),
                    pennants: f.pennants,
                    marks: if f.inn { SegmentTile::INN } else { 0 }
                        | if f.cathedral { SegmentTile::CATHEDRAL } else { 0 },
                },
            });
            let mut cities = (NONE, NONE);
            for &c in &f.touches_cities {
                let link = self.city_links.len() as u32;
                self.city_links.push((first_segment + c as SegmentId, NONE));
                if cities.0 == NONE {
                    cities.0 = link;
                } else {
                    self.city_links[cities.1 as usize].1 = link;
                }
                cities.1 = link;
            }
            self.state.push(FeatureState {
                kind: f.kind,
                open: f.edge_count(),
                followers: ByPlayer::default(),
                weight: ByPlayer::default(),
                cities,
                touches_carcassonne: f.touches_carcassonne,
                completed: false,
                first: seg,
                anchor: (cell, f.anchor.to_board(rotation)),
            });
            if f.kind.closes_by_edges() && f.edge_count() == 0 {
                self.close_ends(seg, 0);
            }
        }
    }

    /// Joins the segments of a tile just laid with those of its neighbours across each
    /// shared edge; a road or city met across an edge closes two open ends.
    pub(super) fn join_across_edges(&mut self, placed: PlacedTile) {
        let cell = placed.cell;
        for side in Side::ALL {
            let Some(n) = self.index_at(cell.step(side)) else {
                continue;
            };
            let neighbour = self.placed[n];
            let opposite = side.opposite();
            for k in 0..3 {
                let ours = placed.segment_at_slot(side.index() * 3 + k);
                let theirs = neighbour.segment_at_slot(opposite.index() * 3 + 2 - k);
                if let (Some(a), Some(b)) = (ours, theirs) {
                    let root = self.union(a, b);
                    if k == 1 && self.state[root as usize].kind.closes_by_edges() {
                        self.close_ends(root, 2);
                    }
                }
            }
        }
    }

    /// Joins the roads that end on the tile at `index` into one road: its junction is a tree,
    /// not a building (Rule V-08).
    pub(crate) fn join_road_ends(&mut self, index: usize) {
        let placed = self.placed[index];
        let mut first: Option<SegmentId> = None;
        for local in road_ends(placed.def()) {
            let seg = placed.segment(local);
            match first {
                None => first = Some(seg),
                Some(f) => {
                    self.union(f, seg);
                }
            }
        }
    }

    /// The feature (root segment) of a placed tile's local segment.
    pub(crate) fn feature_of(&self, tile_index: usize, local: LocalFeature) -> SegmentId {
        self.root(self.placed[tile_index].segment(local))
    }

    /// The feature at a place on a placed tile.
    pub(crate) fn feature_at(&self, cell: Cell, port: Port) -> Option<SegmentId> {
        let i = self.index_at(cell)?;
        let local = self.placed[i].local_at(port)?;
        Some(self.feature_of(i, local))
    }

    pub(crate) fn kind(&self, feature: SegmentId) -> FeatureKind {
        self.state[self.root(feature) as usize].kind
    }

    /// How many segments the placed tiles have: segment ids run below it.
    pub(crate) fn segment_count(&self) -> usize {
        self.parent.len()
    }

    /// Every feature's root, once.
    pub(crate) fn features(&self) -> impl Iterator<Item = SegmentId> + '_ {
        (0..self.parent.len() as SegmentId).filter(|&s| self.parent[s as usize] == s)
    }

    /// The segments of a feature.
    pub(super) fn members(&self, feature: SegmentId) -> impl Iterator<Item = SegmentId> + '_ {
        let start = self.root(feature);
        let mut cur = start;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let s = cur;
            cur = self.segments[s as usize].next;
            done = cur == start;
            Some(s)
        })
    }

    /// A place naming a feature: the first segment's anchor, in board orientation.
    pub(crate) fn anchor(&self, feature: SegmentId) -> (Cell, Port) {
        self.state[self.root(feature) as usize].anchor
    }
}
