//! The tiles on the table and the features they form.
//!
//! Every placed tile contributes one *segment* per feature drawn on it. Segments that meet
//! across an edge are joined with a union–find, so a feature is a set of segments with one
//! root. The union–find is kept flat: every segment points straight at its root, the
//! smaller feature's segments being relabelled when two join, so finding a feature is one
//! lookup however often it is asked, as the end count asks for every feature and city it
//! names. The root carries what the rules ask about a feature while the game runs: how many
//! edge ends are still open, how many followers of each player stand on it, which cities a
//! farm touches. What is needed only when a feature is scored (its tiles, its pennants) is
//! gathered then, by walking the feature's member list.
//!
//! The board checks where a tile may go (Rules B-04, B-05) and keeps the set of empty cells
//! next to the layout, so listing every legal placement is a short loop. It knows nothing of
//! players' turns or points: that is [`crate::Game`]'s business.

use crate::coord::{Cell, Port, Rotation, Side};
use crate::count::Quarter;
use crate::figure::Figure;
use crate::grid::Grid;
use crate::player::{ByPlayer, PlayerId};
use crate::tile::{EdgeKind, FeatureKind, LocalFeature, TileDef, TileId};

mod ferry;

pub(crate) use ferry::{lake_end_at, FerryLink, RoadRules};

/// A global segment number: one per feature segment of each placed tile.
pub(crate) type SegmentId = u32;

const NONE: u32 = u32::MAX;

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
    fn segment_at_slot(&self, slot: usize) -> Option<SegmentId> {
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

/// A segment's placed tile, with what its drawing adds to a score beside it: counting a
/// feature walks its segments, and so reads neither the tiles nor their definitions for
/// its pennants, inns and cathedrals. Four bytes, as the tile index alone took before: the
/// board is copied for every trial of a move.
#[derive(Clone, Copy, Debug)]
struct SegmentTile {
    /// The index of the placed tile: a table holds far fewer than 65 536.
    tile: u16,
    pennants: u8,
    /// [`SegmentTile::INN`] and [`SegmentTile::CATHEDRAL`].
    marks: u8,
}

impl SegmentTile {
    /// An inn drawn beside the road; it counts only with inns in play (the board's `inns`).
    const INN: u8 = 1;
    /// A cathedral in the city.
    const CATHEDRAL: u8 = 2;

    fn has(self, mark: u8) -> bool {
        self.marks & mark != 0
    }
}

/// What walking a feature reads of each of its segments, side by side: the next one in the
/// feature's circular list of segments, and its tile and marks.
#[derive(Clone, Copy, Debug)]
struct Member {
    next: SegmentId,
    tile: SegmentTile,
}

/// What the rules ask of a feature while the game runs; valid at union–find roots only.
#[derive(Clone, Copy, Debug)]
struct FeatureState {
    kind: FeatureKind,
    /// Edge ends not yet met by a neighbour (roads, cities, rivers).
    open: u32,
    followers: ByPlayer<u8>,
    /// The followers as a majority weighs them: a big follower counts two (I-12).
    weight: ByPlayer<u8>,
    /// Head and tail of this farm's list of touched city segments in `city_links`.
    cities: (u32, u32),
    touches_carcassonne: bool,
    completed: bool,
    /// The feature's oldest segment, which names it in events.
    first: SegmentId,
    /// That segment's anchor in board orientation, kept here so that naming a feature reads
    /// none of its tiles: the end count names every feature and every city a farm feeds.
    anchor: (Cell, Port),
}

/// The roads of a tile that end on it (at a junction, cloister, gate or house).
pub(crate) fn road_ends(def: &TileDef) -> impl Iterator<Item = LocalFeature> + '_ {
    def.features
        .iter()
        .enumerate()
        .filter(|(_, f)| f.kind == FeatureKind::Road && f.edge_count() == 1)
        .map(|(i, _)| i as LocalFeature)
}

/// Features of up to this many segments, nearly every one the end count scores, have their
/// tiles sorted out in a short list rather than in a bit per tile on the board.
const SMALL_FEATURE: usize = 8;

/// The root of segment `s` in the flat union–find `parent`: its entry itself.
fn root_in(parent: &[SegmentId], s: SegmentId) -> SegmentId {
    let root = parent[s as usize];
    debug_assert_eq!(parent[root as usize], root, "the union–find is kept flat");
    root
}

/// A small set of feature roots: on the stack while small, which it nearly always is.
#[derive(Default)]
struct RootSet {
    inline: [SegmentId; 16],
    len: usize,
    spill: Vec<SegmentId>,
}

impl RootSet {
    /// Adds a root; false when it was there already.
    fn insert(&mut self, root: SegmentId) -> bool {
        if self.inline[..self.len].contains(&root) || self.spill.contains(&root) {
            return false;
        }
        if self.len < self.inline.len() {
            self.inline[self.len] = root;
            self.len += 1;
        } else {
            self.spill.push(root);
        }
        true
    }
}

/// A cloister or shrine and how many of its eight surrounding cells hold tiles.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Building {
    pub(crate) segment: SegmentId,
    pub(crate) neighbours: u8,
}

/// Where a follower stands on a finished table: on the board, or in the City of Carcassonne.
/// A final board enters its followers so ([`Move::Stand`](crate::Move::Stand)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Standing {
    /// On the feature at this place of the tile at this cell (board orientation).
    Board(Cell, Port),
    /// Waiting in a quarter of the City of Carcassonne.
    City(Quarter),
}

/// A follower standing on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Follower {
    /// Whose.
    pub player: PlayerId,
    /// On which tile.
    pub cell: Cell,
    /// On which place of it, in board orientation.
    pub port: Port,
    /// A follower or the abbot.
    pub figure: Figure,
    pub(crate) segment: SegmentId,
}

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

/// An empty cell next to the layout and what its neighbours demand of a tile there: four
/// bits per side (see [`EdgeKind::code`]), `mask` marking the sides that have a neighbour.
#[derive(Clone, Copy, Debug)]
struct FrontierCell {
    cell: Cell,
    want: u16,
    mask: u16,
}

/// The tiles on the table.
#[derive(Debug)]
pub struct Board {
    placed: Vec<PlacedTile>,
    /// Placed-tile index + 1 per cell (0 = empty), and each frontier cell's index + 1; two
    /// bytes each, as the grid is copied whole with the board.
    grid: Grid<(u16, u16)>,
    frontier: Vec<FrontierCell>,
    parent: Vec<SegmentId>,
    size: Vec<u32>,
    /// Each segment's next one in its feature and its tile: a walk reads one entry a step.
    segments: Vec<Member>,
    state: Vec<FeatureState>,
    /// Farm → city contacts as linked lists: (city segment, next link).
    city_links: Vec<(SegmentId, u32)>,
    /// A bit per segment, set for every segment of a city when its last open edge closes: a
    /// farm's count asks it of each city segment the farm touches, and so reads nothing of
    /// the cities still open. A completed city never grows again, so its bits stay true.
    completed_cities: Vec<u64>,
    buildings: Vec<Building>,
    /// For each placed tile, the index of its building if it has one.
    building_of: Vec<u32>,
    pub(crate) followers: Vec<Follower>,
    /// Inns & Cathedrals is in play: the lakes drawn by the roads of `WI05` and `R2-07` are
    /// inns (X-11, QX-05). The box's own inns only ever lie on such a board.
    pub(crate) inns: bool,
    /// The ferries on their lakes (FE-04): joins the edges do not show.
    ferries: Vec<FerryLink>,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

/// Room a copied board keeps for one more tile: its segments, their links, a building, two
/// figures and the frontier it opens. A copy is made to try a tile on it (a move applied on
/// a copy, a question asked of the board the tile would make); a plain copy would have no
/// room, and the tile's first segment would move every list of the board once more.
const SEGMENT_ROOM: usize = 32;
const TILE_ROOM: usize = 4;

fn with_room<T: Clone>(list: &[T], room: usize) -> Vec<T> {
    let mut copy = Vec::with_capacity(list.len() + room);
    copy.extend_from_slice(list);
    copy
}

impl Clone for Board {
    fn clone(&self) -> Self {
        Board {
            placed: with_room(&self.placed, TILE_ROOM),
            grid: self.grid.clone(),
            frontier: with_room(&self.frontier, TILE_ROOM),
            parent: with_room(&self.parent, SEGMENT_ROOM),
            size: with_room(&self.size, SEGMENT_ROOM),
            segments: with_room(&self.segments, SEGMENT_ROOM),
            state: with_room(&self.state, SEGMENT_ROOM),
            city_links: with_room(&self.city_links, SEGMENT_ROOM),
            completed_cities: with_room(&self.completed_cities, TILE_ROOM),
            buildings: with_room(&self.buildings, TILE_ROOM),
            building_of: with_room(&self.building_of, TILE_ROOM),
            followers: with_room(&self.followers, TILE_ROOM),
            inns: self.inns,
            ferries: self.ferries.clone(),
        }
    }
}

impl Board {
    /// An empty table.
    pub fn new() -> Board {
        Board {
            placed: Vec::with_capacity(128),
            grid: Grid::new(),
            frontier: Vec::with_capacity(64),
            parent: Vec::with_capacity(512),
            size: Vec::with_capacity(512),
            segments: Vec::with_capacity(512),
            state: Vec::with_capacity(512),
            city_links: Vec::with_capacity(256),
            completed_cities: Vec::with_capacity(8),
            buildings: Vec::new(),
            building_of: Vec::with_capacity(128),
            followers: Vec::with_capacity(64),
            inns: false,
            ferries: Vec::new(),
        }
    }

    /// Tiles in the order they were placed.
    pub fn tiles(&self) -> &[PlacedTile] {
        &self.placed
    }

    /// The tile at `cell`, if any.
    pub fn tile_at(&self, cell: Cell) -> Option<&PlacedTile> {
        self.index_at(cell).map(|i| &self.placed[i])
    }

    fn index_at(&self, cell: Cell) -> Option<usize> {
        match self.grid.get(cell).0 {
            0 => None,
            i => Some(i as usize - 1),
        }
    }

    /// Followers standing on the board.
    pub fn followers(&self) -> &[Follower] {
        &self.followers
    }

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

    /// Appends to `out` every cell and rotation where `tile` fits, in the order of
    /// [`Board::for_each_legal_placement`]. Whether a rotation fits is a coin toss to the
    /// branch predictor during a game, so the four rotations of a cell are tested at once,
    /// one 16-bit lane of a word each, and only the fitting ones are then written.
    pub(crate) fn legal_placements_into(&self, tile: TileId, out: &mut Vec<(Cell, Rotation)>) {
        const LANES: u64 = 0x0001_0001_0001_0001;
        const LOW: u64 = 0x7FFF * LANES;
        let packed = tile.def().packed_edges;
        let edges = packed.iter().rev().fold(0u64, |w, &e| w << 16 | e as u64);
        for f in &self.frontier {
            // Same test as in `for_each_legal_placement`: a lane is zero where it fits.
            let x = (edges & (f.mask as u64 * LANES)) ^ (f.want as u64 * LANES);
            // The top bit of each lane set exactly when the lane is zero.
            let mut fits = !(((x & LOW) + LOW) | x | LOW);
            while fits != 0 {
                out.push((f.cell, Rotation::ALL[fits.trailing_zeros() as usize / 16]));
                fits &= fits - 1;
            }
        }
    }

    /// Whether `tile` fits anywhere (Rule B-08: only an unplaceable tile may be discarded).
    pub fn fits_anywhere(&self, tile: TileId) -> Option<(Cell, Rotation)> {
        let mut first = None;
        self.for_each_legal_placement(tile, |c, r| {
            first.get_or_insert((c, r));
        });
        first
    }

    /// Puts a tile down without checking it; returns its index. Callers check first.
    pub(crate) fn place(&mut self, tile: TileId, cell: Cell, rotation: Rotation) -> usize {
        let def = tile.def();
        let index = self.placed.len();
        let first_segment = self.parent.len() as SegmentId;
        let placed = PlacedTile { tile, cell, rotation, first_segment };
        self.placed.push(placed);
        self.grid.update(cell, |v| v.0 = u16::try_from(index + 1).expect("fewer than 65 536 tiles on a table"));
        self.remove_from_frontier(cell);
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
        index
    }

    fn remove_from_frontier(&mut self, cell: Cell) {
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

    /// The root of a segment's feature.
    pub(crate) fn root(&self, s: SegmentId) -> SegmentId {
        root_in(&self.parent, s)
    }

    /// Joins two features; the larger one's root stays the root, and every segment of the
    /// smaller one is pointed at it, which keeps the union–find flat: a segment changes
    /// feature at most log₂(segments) times over a game.
    fn union(&mut self, a: SegmentId, b: SegmentId) -> SegmentId {
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

    /// Followers per player on a feature: the figures standing there.
    pub(crate) fn followers_on(&self, feature: SegmentId) -> &ByPlayer<u8> {
        &self.state[self.root(feature) as usize].followers
    }

    /// Whether a feature of a kind `wanted` that a tile laid at `cell` would join holds a
    /// figure of `player`. A tile's features join others only across its edges, and only
    /// features of their own kind, so only the features its neighbours turn towards it can
    /// bring one: a question a copy of the board with the tile laid can skip whenever this
    /// says no.
    pub(crate) fn borders_figure_of(&self, player: PlayerId, cell: Cell, wanted: impl Fn(FeatureKind) -> bool) -> bool {
        Side::ALL.into_iter().any(|side| {
            let Some(n) = self.index_at(cell.step(side)) else { return false };
            let facing = side.opposite().index() * 3;
            (0..3).any(|k| {
                self.placed[n].segment_at_slot(facing + k).is_some_and(|seg| {
                    let root = self.root(seg) as usize;
                    wanted(self.state[root].kind) && self.state[root].followers[player] > 0
                })
            })
        })
    }

    /// The followers per player on a feature as a majority weighs them: a big follower counts
    /// two (I-12). Every majority is found with this.
    pub(crate) fn weight_on(&self, feature: SegmentId) -> &ByPlayer<u8> {
        &self.state[self.root(feature) as usize].weight
    }

    /// Which segments of the tile `tile` lying at `cell` with `rotation` would join a feature
    /// that already holds a follower (Rule B-11), as a bit per local segment. The tile is not
    /// placed yet. One pass over the tile's edges answers for all its segments at once, so
    /// listing the follower options does not walk the neighbours once per segment.
    pub(crate) fn occupied_locals(&self, tile: TileId, cell: Cell, rotation: Rotation) -> u64 {
        let mut occupied = 0;
        // Nobody stands anywhere: nothing can be occupied.
        if self.followers.is_empty() {
            return occupied;
        }
        let def = tile.def();
        for side in Side::ALL {
            let Some(n) = self.tile_at(cell.step(side)) else {
                continue;
            };
            let opposite = side.opposite();
            for k in 0..3 {
                let Some(local) = def.feature_at_board_slot(rotation, side.index() * 3 + k) else {
                    continue;
                };
                if occupied & (1 << local) != 0 {
                    continue;
                }
                if let Some(seg) = n.segment_at_slot(opposite.index() * 3 + 2 - k) {
                    if self.state[self.root(seg) as usize].followers.total() > 0 {
                        occupied |= 1 << local;
                    }
                }
            }
        }
        occupied
    }

    /// Puts a figure on a feature: the abbot counts as one figure there, the big
    /// follower as one figure of weight two (I-12).
    pub(crate) fn add_figure(&mut self, player: PlayerId, cell: Cell, port: Port, feature: SegmentId, figure: Figure) {
        let root = self.root(feature);
        self.state[root as usize].followers[player] += 1;
        self.state[root as usize].weight[player] += figure.weight();
        self.followers.push(Follower { player, cell, port, figure, segment: feature });
    }

    /// Takes the `index`-th figure of [`Board::followers`] off the board alone, as a crop
    /// circle takes a follower back (CC-06): its feature keeps everyone else's.
    pub(crate) fn remove_figure(&mut self, index: usize) -> Follower {
        let f = self.followers.remove(index);
        if !f.figure.is_companion() {
            let root = self.root(f.segment) as usize;
            self.state[root].followers[f.player] -= 1;
            self.state[root].weight[f.player] -= f.figure.weight();
        }
        f
    }

    /// Puts a builder or pig beside the followers of a feature: it is listed with them and
    /// goes home with them, but counts in no majority and occupies nothing (T-11, T-17).
    pub(crate) fn add_companion(
        &mut self,
        player: PlayerId,
        cell: Cell,
        port: Port,
        feature: SegmentId,
        figure: Figure,
    ) {
        debug_assert!(figure.is_companion(), "only the builder and the pig stand beside followers");
        self.followers.push(Follower { player, cell, port, figure, segment: feature });
    }

    /// Whether `player`'s `figure` (a builder or a pig) stands on `feature`.
    pub(crate) fn has_companion(&self, feature: SegmentId, player: PlayerId, figure: Figure) -> bool {
        let root = self.root(feature);
        self.followers.iter().any(|f| f.player == player && f.figure == figure && self.root(f.segment) == root)
    }

    /// Whether `tile` lying at `cell` with `rotation` (not yet placed) would lengthen a road or
    /// city on which `player`'s `figure` stands: one of its road or city segments meets that
    /// feature across an edge (T-08).
    pub(crate) fn lengthens_companion(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        player: PlayerId,
        figure: Figure,
    ) -> bool {
        if !self.followers.iter().any(|f| f.player == player && f.figure == figure) {
            return false;
        }
        let def = tile.def();
        Side::ALL.into_iter().any(|side| {
            let Some(n) = self.tile_at(cell.step(side)) else {
                return false;
            };
            let slot = side.index() * 3 + 1;
            let ours = def.feature_at_board_slot(rotation, slot).map(|l| def.features[l as usize].kind);
            let theirs = n.segment_at_slot(side.opposite().index() * 3 + 1);
            matches!(ours, Some(FeatureKind::Road | FeatureKind::City))
                && theirs.is_some_and(|seg| self.has_companion(seg, player, figure))
        })
    }

    /// Whether a farm's grass takes in River II's herd of pigs.
    pub(crate) fn farm_has_herd(&self, farm: SegmentId) -> bool {
        self.members(farm).any(|s| {
            let t = &self.placed[self.segments[s as usize].tile.tile as usize];
            t.def().marks.herd.is_some_and(|herd| t.segment(herd) == s)
        })
    }

    /// Takes every follower off a feature, handing each to `taken` in the order they were
    /// placed. One pass over the followers, nothing allocated: a completed feature and every
    /// feature of the final count comes through here.
    pub(crate) fn take_followers(&mut self, feature: SegmentId, mut taken: impl FnMut(Follower)) {
        let root = self.root(feature);
        self.state[root as usize].weight = ByPlayer::default();
        let on = std::mem::take(&mut self.state[root as usize].followers);
        if on.total() == 0 {
            return;
        }
        let parent = &self.parent;
        self.followers.retain(|f| {
            let here = root_in(parent, f.segment) == root;
            if here {
                taken(*f);
            }
            !here
        });
    }

    /// Takes followers off the board when the caller has already told their owners: those
    /// for whom `gone(i)` holds, `i` counting the board's followers. The features they stood
    /// on are left with none: a score sends every follower on its feature home.
    pub(crate) fn release_followers(&mut self, gone: impl Fn(usize) -> bool) {
        let (parent, state) = (&self.parent, &mut self.state);
        let mut i = 0;
        self.followers.retain(|f| {
            i += 1;
            if !gone(i - 1) {
                return true;
            }
            let root = &mut state[root_in(parent, f.segment) as usize];
            root.followers = ByPlayer::default();
            root.weight = ByPlayer::default();
            false
        });
    }

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
    fn close_ends(&mut self, root: SegmentId, ends: u32) {
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
    fn in_completed_city(&self, s: SegmentId) -> bool {
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

    /// The building (cloister, shrine or garden) in the centre of the tile at `cell`, if any:
    /// its segment, read from the board's own list rather than the tile's definition.
    pub(crate) fn building_at(&self, cell: Cell) -> Option<SegmentId> {
        let b = self.building_of[self.index_at(cell)?];
        (b != NONE).then(|| self.buildings[b as usize].segment)
    }

    fn building_by_segment(&self, seg: SegmentId) -> Option<&Building> {
        let b = self.building_of[self.segments[seg as usize].tile.tile as usize];
        (b != NONE).then(|| &self.buildings[b as usize])
    }

    /// How many of a building's eight surrounding cells hold tiles.
    pub(crate) fn building_neighbours(&self, feature: SegmentId) -> u8 {
        self.building_by_segment(self.root(feature)).map_or(0, |b| b.neighbours)
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
    fn members(&self, feature: SegmentId) -> impl Iterator<Item = SegmentId> + '_ {
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
    fn walk_tiles(&self, feature: SegmentId, mut visit: impl FnMut(usize)) -> Drawn {
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
    fn walk_small_tiles(&self, root: SegmentId, mut visit: impl FnMut(usize)) -> Drawn {
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

    /// The goods symbols drawn in a city's segments, one token each (T-03).
    pub(crate) fn goods_in(&self, feature: SegmentId) -> crate::goods::Tokens {
        let mut tokens = crate::goods::Tokens::NONE;
        for s in self.members(feature) {
            let t = &self.placed[self.segments[s as usize].tile.tile as usize];
            if let Some((goods, city)) = t.def().marks.goods {
                if t.segment(city) == s {
                    tokens[goods] += 1;
                }
            }
        }
        tokens
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

    /// Calls `visit` once for every distinct completed city (its root) a farm touches, in the
    /// order first met. Open cities are passed over before the distinct ones are sorted out:
    /// only completed cities feed a farm (B-41, V-01).
    pub(crate) fn for_each_completed_city(&self, farm: SegmentId, mut visit: impl FnMut(SegmentId)) {
        let mut seen = RootSet::default();
        let mut link = self.state[self.root(farm) as usize].cities.0;
        while link != NONE {
            let (city, next) = self.city_links[link as usize];
            // A city is complete when none of its edges is open.
            debug_assert_eq!(self.in_completed_city(city), self.state[self.root(city) as usize].open == 0);
            if self.in_completed_city(city) {
                let root = self.root(city);
                if seen.insert(root) {
                    visit(root);
                }
            }
            link = next;
        }
    }

    /// Whether the City of Carcassonne lies on the board.
    pub(crate) fn has_carcassonne(&self) -> bool {
        self.placed.iter().any(|t| t.def().set == crate::tile::TileSet::Count)
    }

    /// Whether a farm borders the City of Carcassonne.
    pub(crate) fn farm_touches_carcassonne(&self, farm: SegmentId) -> bool {
        self.state[self.root(farm) as usize].touches_carcassonne
    }

    /// A place naming a feature: the first segment's anchor, in board orientation.
    pub(crate) fn anchor(&self, feature: SegmentId) -> (Cell, Port) {
        self.state[self.root(feature) as usize].anchor
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

    /// Empty cells around a building.
    pub(crate) fn empty_around(&self, cell: Cell) -> Vec<Cell> {
        cell.surrounding().into_iter().filter(|&c| self.index_at(c).is_none()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(name: &str) -> TileId {
        TileId::from_name(name).expect("known tile")
    }

    fn start() -> Board {
        let mut b = Board::new();
        b.place(id("D"), Cell::new(0, 0), Rotation::R0);
        b
    }

    #[test]
    fn a_tile_must_touch_the_layout_along_an_edge() {
        let b = start();
        assert_eq!(
            b.check_placement(id("E"), Cell::new(1, 1), Rotation::R0),
            Err(FitError::NotAdjacent),
            "corner contact only (B-04)"
        );
        assert_eq!(b.check_placement(id("D"), Cell::new(0, 0), Rotation::R0), Err(FitError::CellOccupied));
        // E turned so its city faces south meets D's city.
        assert_eq!(b.check_placement(id("E"), Cell::new(0, -1), Rotation::R180), Ok(()));
    }

    #[test]
    fn every_touching_edge_must_match() {
        let b = start();
        let err = b.check_placement(id("E"), Cell::new(0, -1), Rotation::R0).unwrap_err();
        assert_eq!(
            err,
            FitError::EdgeMismatch(vec![EdgeMismatch {
                side: Side::South,
                ours: EdgeKind::Field,
                theirs: EdgeKind::City
            }]),
            "field against D's city"
        );
    }

    #[test]
    fn legal_placements_agree_with_the_check() {
        let mut b = start();
        b.place(id("V"), Cell::new(1, 0), Rotation::R90);
        for t in TileSet::Base.tiles() {
            let mut listed = Vec::new();
            b.for_each_legal_placement(t, |c, r| listed.push((c, r)));
            let mut branchless = Vec::new();
            b.legal_placements_into(t, &mut branchless);
            assert_eq!(branchless, listed, "{t}: both listings agree, in order");
            for x in -3..=3 {
                for y in -3..=3 {
                    for r in Rotation::ALL {
                        let ok = b.check_placement(t, Cell::new(x, y), r).is_ok();
                        assert_eq!(ok, listed.contains(&(Cell::new(x, y), r)), "{t} at {x},{y} rot {r}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_lake_by_a_road_is_an_inn_only_when_inns_are_in_play() {
        // R2-07 alone: its road west–east, drawn with a lake beside it (X-11, QX-05).
        for inns in [false, true] {
            let mut b = Board::new();
            b.inns = inns;
            b.place(id("R2-07"), Cell::new(0, 0), Rotation::R0);
            let road = b.feature_at(Cell::new(0, 0), Port::E).expect("the bridge's road");
            assert_eq!(b.view(road).inn, inns, "inns in play: {inns}");
            assert!(!b.view(road).cathedral, "a road holds no cathedral");
            assert_eq!(b.measure(road).1.inn, inns);
        }
        let mut b = Board::new();
        b.inns = true;
        b.place(id("IC01"), Cell::new(0, 0), Rotation::R0);
        let city = b.feature_at(Cell::new(0, 0), Port::N).unwrap();
        assert!(b.view(city).cathedral && !b.view(city).inn, "a cathedral city, and no inn with inns in play");
    }

    #[test]
    fn a_city_closed_by_two_caps_is_complete_with_two_tiles() {
        let mut b = start();
        let i = b.place(id("E"), Cell::new(0, -1), Rotation::R180);
        let done = b.completed_by(i);
        assert_eq!(done.len(), 1, "the city closes");
        let v = b.view(done[0]);
        assert_eq!(v.kind, FeatureKind::City);
        assert_eq!(v.tiles, vec![Cell::new(0, 0), Cell::new(0, -1)]);
        assert!(v.complete);
    }

    #[test]
    fn a_road_separates_fields_and_edges_join_them() {
        let mut b = start();
        let north = b.feature_at(Cell::new(0, 0), Port::EL).unwrap();
        let south = b.feature_at(Cell::new(0, 0), Port::ER).unwrap();
        assert_ne!(north, south, "D's road separates its two fields (B-30)");
        b.place(id("U"), Cell::new(1, 0), Rotation::R0);
        let u_south = b.feature_at(Cell::new(1, 0), Port::S).unwrap();
        assert_eq!(b.root(u_south), b.root(south), "fields meeting across an edge join");
        let road = b.feature_at(Cell::new(1, 0), Port::W).unwrap();
        assert_eq!(b.open_cells(road), vec![Cell::new(2, 0), Cell::new(-1, 0)], "the road runs on both ways");
    }

    #[test]
    fn every_segment_points_straight_at_its_root_through_a_whole_game() {
        let mut game = crate::Game::new(crate::GameSetup::base(&["Anna", "Bram"])).unwrap();
        let mut picks = crate::playout::Picks::new(11);
        while let Some(mv) = crate::playout::playout_move(&game, &mut |n| picks.below(n)) {
            game.apply(&mv).unwrap();
        }
        let b = game.board();
        assert!(b.features().count() < b.parent.len() / 2, "the game joined many segments");
        for s in 0..b.parent.len() as SegmentId {
            let root = b.parent[s as usize];
            assert_eq!(b.parent[root as usize], root, "segment {s} points at a root");
            assert!(b.members(root).any(|m| m == s), "segment {s} is listed with its root's feature");
        }
    }

    use crate::tile::TileSet;
}
