//! Ferries on the board (FE-02 to FE-06).
//!
//! Each road end at a ferry lake is a segment of its own that ends on its tile; a ferry is an
//! explicit join of two of them, kept in the board's list of ferries. Laying a ferry is a plain
//! join. Moving one may split a road, which the flat union–find cannot undo, so the roads the
//! move touches are taken apart into their segments and joined again from what the table
//! shows: the edges their tiles share, the tree junctions (V-08) and every ferry. Followers
//! are counted again on the part they stand on; a road's open ends again from the empty cells
//! its ends face. Only those roads are touched: every other feature, and every game without
//! ferries, keeps its union–find as it was.

use super::{Board, FeatureState, SegmentId, NONE};
use crate::coord::{Cell, Port, Rotation, Side};
use crate::player::ByPlayer;
use crate::tile::{EdgeKind, FeatureKind, LocalFeature, TileDef, TileId};

/// A ferry lying on a lake: the placed tile and the two road ends it links.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FerryLink {
    /// The placed tile's index.
    pub(crate) tile: usize,
    /// The two linked road ends, as local segments of the tile.
    pub(crate) ends: [LocalFeature; 2],
}

/// What the table's rules add to the edges when roads are joined again: whether a side of a
/// cell is closed by the table's border (V-10), and whether a tile's road ends meet at a tree
/// rather than end at a junction (V-08).
pub(crate) struct RoadRules<C: Fn(Cell, Side) -> bool, T: Fn(TileId) -> bool> {
    pub(crate) closed: C,
    pub(crate) tree: T,
}

/// The road end of a lake tile at a side, in board orientation.
pub(crate) fn lake_end_at(def: &TileDef, rotation: Rotation, side: Side) -> Option<LocalFeature> {
    let local = def.feature_at(Port::from_slot(side.index() * 3 + 1).to_catalog(rotation))?;
    (def.features[local as usize].kind == FeatureKind::Road).then_some(local)
}

impl Board {
    /// The ferries on the board, in the order they were laid.
    pub(crate) fn ferries(&self) -> &[FerryLink] {
        &self.ferries
    }

    /// The board side a lake tile's road end `local` reaches.
    pub(crate) fn end_side(&self, tile: usize, local: LocalFeature) -> Side {
        let t = &self.placed[tile];
        let sides = t.def().features[local as usize].edge_sides;
        let catalog = Side::from_index(sides.trailing_zeros() as usize);
        Side::ALL.into_iter().find(|&s| t.rotation.to_catalog(s) == catalog).expect("a side turns to each side")
    }

    /// Puts a ferry on the lake of the tile at `tile`, joining two of its road ends (FE-04).
    pub(crate) fn put_ferry(&mut self, tile: usize, ends: [LocalFeature; 2]) {
        let t = self.placed[tile];
        self.union(t.segment(ends[0]), t.segment(ends[1]));
        self.ferries.push(FerryLink { tile, ends });
    }

    /// The ferry on the lake of the tile at `tile`, as its place in [`Board::ferries`].
    pub(crate) fn ferry_on(&self, tile: usize) -> Option<usize> {
        self.ferries.iter().position(|f| f.tile == tile)
    }

    /// The ferries met first along the roads that `tile` laid at `cell` would lengthen
    /// (FE-05, QB-12): walking from the road ends its neighbours turn towards it, across edges
    /// and tree junctions, never across a ferry, each ferry one of whose linked ends is
    /// reached. Asked before the tile is laid, so the ferry its own lake will get is never
    /// among them. In the order of [`Board::ferries`].
    pub(crate) fn first_ferries(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        tree: impl Fn(TileId) -> bool,
    ) -> Vec<usize> {
        if self.ferries.is_empty() {
            return Vec::new();
        }
        let def = tile.def();
        let mut stack: Vec<SegmentId> = Side::ALL
            .into_iter()
            .filter(|&side| def.edge(rotation, side) == EdgeKind::Road)
            .filter_map(|side| self.tile_at(cell.step(side))?.segment_at_slot(side.opposite().index() * 3 + 1))
            .collect();
        let mut seen: Vec<SegmentId> = Vec::new();
        while let Some(s) = stack.pop() {
            if seen.contains(&s) {
                continue;
            }
            seen.push(s);
            self.road_neighbours(s, &tree, |n| stack.push(n));
        }
        (0..self.ferries.len())
            .filter(|&i| {
                let f = self.ferries[i];
                let lake = self.placed[f.tile];
                f.ends.iter().any(|&e| seen.contains(&lake.segment(e)))
            })
            .collect()
    }

    /// Calls `found` with each road segment `s` meets across its tile's edges, and with the
    /// other road ends of its tile when that tile's ends meet at a tree.
    fn road_neighbours(&self, s: SegmentId, tree: &impl Fn(TileId) -> bool, mut found: impl FnMut(SegmentId)) {
        let t = self.placed[self.segments[s as usize].tile.tile as usize];
        let local = (s - t.first_segment) as LocalFeature;
        let def = t.def();
        for side in Side::ALL {
            if def.features[local as usize].edge_sides & (1 << t.rotation.to_catalog(side).index()) == 0 {
                continue;
            }
            if let Some(n) = self.tile_at(t.cell.step(side)) {
                if let Some(theirs) = n.segment_at_slot(side.opposite().index() * 3 + 1) {
                    found(theirs);
                }
            }
        }
        if tree(t.tile) && def.features[local as usize].edge_count() == 1 {
            for other in super::road_ends(def) {
                found(t.segment(other));
            }
        }
    }

    /// Moves a ferry to link two other road ends of its lake (FE-05) and joins the roads it
    /// touches again. Returns the roads as they now stand that the move touched: the parts of
    /// the road it left and the road it makes, each once.
    pub(crate) fn relink_ferry<C, T>(
        &mut self,
        ferry: usize,
        ends: [LocalFeature; 2],
        rules: &RoadRules<C, T>,
    ) -> Vec<SegmentId>
    where
        C: Fn(Cell, Side) -> bool,
        T: Fn(TileId) -> bool,
    {
        let link = self.ferries[ferry];
        let lake = self.placed[link.tile];
        let touched: Vec<SegmentId> = link.ends.iter().chain(&ends).map(|&e| self.root(lake.segment(e))).collect();
        let mut members: Vec<SegmentId> = Vec::new();
        for &root in &touched {
            if !members.contains(&root) {
                members.extend(self.members(root));
            }
        }
        members.sort_unstable();
        members.dedup();
        // What each segment belonged to before, to tell a road that stays whole and completed
        // (scored already) from one this move closes.
        let before: Vec<(SegmentId, bool, u32)> = members
            .iter()
            .map(|&s| {
                let root = self.root(s);
                (root, self.state[root as usize].completed, self.size[root as usize])
            })
            .collect();
        self.ferries[ferry].ends = ends;
        for &s in &members {
            self.reset_road_segment(s, rules);
        }
        for &s in &members {
            let mut joined: Vec<SegmentId> = Vec::new();
            self.road_neighbours(s, &rules.tree, |n| joined.push(n));
            for n in joined {
                debug_assert!(members.binary_search(&n).is_ok(), "a road's neighbours are in the road");
                self.union(s, n);
            }
        }
        for i in 0..self.ferries.len() {
            let f = self.ferries[i];
            let (a, b) = (self.placed[f.tile].segment(f.ends[0]), self.placed[f.tile].segment(f.ends[1]));
            if members.binary_search(&a).is_ok() {
                self.union(a, b);
            }
        }
        for i in 0..self.followers.len() {
            let f = self.followers[i];
            if members.binary_search(&f.segment).is_err() {
                continue;
            }
            let t = &self.placed[self.index_at(f.cell).expect("a follower stands on a tile")];
            let own = t.segment(t.local_at(f.port).expect("a follower stands on a segment"));
            self.followers[i].segment = own;
            if !f.figure.is_companion() {
                let root = self.root(own) as usize;
                self.state[root].followers[f.player] += 1;
                self.state[root].weight[f.player] += f.figure.weight();
            }
        }
        let mut parts: Vec<SegmentId> = Vec::new();
        for (i, &s) in members.iter().enumerate() {
            let root = self.root(s);
            if !parts.contains(&root) {
                parts.push(root);
                // A road left exactly as it was keeps its completion; any other is new.
                let (old, completed, size) = before[i];
                let whole = self.size[root as usize] == size
                    && self.members(root).all(|m| before[members.binary_search(&m).expect("listed")].0 == old);
                self.state[root as usize].completed = completed && whole;
            }
        }
        parts
    }

    /// Whether a feature has been scored as completed already.
    pub(crate) fn is_completed(&self, feature: SegmentId) -> bool {
        self.state[self.root(feature) as usize].completed
    }

    /// Takes builders off the board without touching any count: they weigh in no majority
    /// (T-11). `gone(i)` says which, `i` counting the board's figures.
    pub(crate) fn remove_companions(&mut self, gone: impl Fn(usize) -> bool) {
        let mut i = 0;
        self.followers.retain(|f| {
            i += 1;
            debug_assert!(!gone(i - 1) || f.figure.is_companion(), "only companions go so");
            !gone(i - 1)
        });
    }

    /// Makes a road segment a road of its own again, open at each end whose cell is empty and
    /// not closed by the border.
    fn reset_road_segment<C: Fn(Cell, Side) -> bool, T: Fn(TileId) -> bool>(
        &mut self,
        s: SegmentId,
        rules: &RoadRules<C, T>,
    ) {
        let t = self.placed[self.segments[s as usize].tile.tile as usize];
        let f = &t.def().features[(s - t.first_segment) as usize];
        debug_assert_eq!(f.kind, FeatureKind::Road, "ferries touch only roads");
        let open = Side::ALL
            .into_iter()
            .filter(|&side| {
                f.edge_sides & (1 << t.rotation.to_catalog(side).index()) != 0
                    && self.index_at(t.cell.step(side)).is_none()
                    && !(rules.closed)(t.cell, side)
            })
            .count() as u32;
        self.parent[s as usize] = s;
        self.size[s as usize] = 1;
        self.segments[s as usize].next = s;
        self.state[s as usize] = FeatureState {
            kind: f.kind,
            open,
            followers: ByPlayer::default(),
            weight: ByPlayer::default(),
            cities: (NONE, NONE),
            touches_carcassonne: f.touches_carcassonne,
            completed: false,
            first: s,
            anchor: (t.cell, f.anchor.to_board(t.rotation)),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::Figure;
    use crate::player::PlayerId;

    fn id(name: &str) -> TileId {
        TileId::from_name(name).expect("known tile")
    }

    fn open_table() -> RoadRules<impl Fn(Cell, Side) -> bool, impl Fn(TileId) -> bool> {
        RoadRules { closed: |_, _| false, tree: |_| false }
    }

    /// The lake end of the tile at `cell` on `side`.
    fn end(b: &Board, cell: Cell, side: Side) -> LocalFeature {
        let t = b.tile_at(cell).unwrap();
        lake_end_at(t.def(), t.rotation, side).expect("a road end there")
    }

    fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
        cells.sort_by_key(|c| (c.x, c.y));
        cells
    }

    fn lake_index(b: &Board, cell: Cell) -> usize {
        b.tiles().iter().position(|t| t.cell == cell).unwrap()
    }

    fn road(b: &Board, x: i32, y: i32, port: Port) -> SegmentId {
        b.feature_at(Cell::new(x, y), port).expect("a road there")
    }

    /// D at the origin (road W–E), a lake FE04 east of it (ends W, S, E), a curve V below the
    /// lake turning west, and a curve V below D turning north into nothing: the lake's S road
    /// runs from the lake round to [0,1].
    ///
    /// ```text
    ///        x=0    x=1
    /// y=0   [D]    [FE04]
    /// y=1          [V]
    /// ```
    fn lake_board() -> (Board, Cell) {
        let mut b = Board::new();
        b.place(id("D"), Cell::new(0, 0), Rotation::R0);
        let lake = Cell::new(1, 0);
        b.place(id("FE04"), lake, Rotation::R0);
        b.place(id("V"), Cell::new(1, 1), Rotation::R90);
        (b, lake)
    }

    #[test]
    fn each_road_end_at_the_lake_is_a_road_of_its_own_until_a_ferry_links_two() {
        let (mut b, lake) = lake_board();
        let west = road(&b, 1, 0, Port::W);
        let south = road(&b, 1, 0, Port::S);
        let east = road(&b, 1, 0, Port::E);
        assert_eq!(b.root(west), b.root(road(&b, 0, 0, Port::W)), "the W end continues D's road");
        assert!(b.root(west) != b.root(south) && b.root(south) != b.root(east), "three roads end at the lake (FE-02)");
        let i = lake_index(&b, lake);
        b.put_ferry(i, [end(&b, lake, Side::West), end(&b, lake, Side::South)]);
        let joined = road(&b, 1, 0, Port::W);
        assert_eq!(b.root(joined), b.root(road(&b, 1, 1, Port::N)), "the ferry joins W and S (FE-04)");
        assert_ne!(b.root(joined), b.root(road(&b, 1, 0, Port::E)), "E still ends at the lake");
        let (tiles, _) = b.measure(joined);
        assert_eq!(tiles, 3, "D, the lake once, V (B-21)");
        assert_eq!(sorted(b.open_cells(joined)), [Cell::new(-1, 0), Cell::new(0, 1)]);
    }

    #[test]
    fn the_first_ferry_met_is_found_along_the_road_but_not_past_it() {
        let (mut b, lake) = lake_board();
        let i = lake_index(&b, lake);
        b.put_ferry(i, [end(&b, lake, Side::West), end(&b, lake, Side::South)]);
        // A second lake east of the first would meet only its unlinked E end.
        let far = Cell::new(2, 0);
        assert_eq!(b.first_ferries(id("FE08"), far, Rotation::R0, |_| false), Vec::<usize>::new(), "E is not linked");
        let j = b.place(id("FE08"), far, Rotation::R0);
        b.put_ferry(j, [end(&b, far, Side::West), end(&b, far, Side::North)]);
        // A curve at [0,1] would meet V's west end: along that road the first ferry is the
        // first lake's, and the second lies past it.
        assert_eq!(b.first_ferries(id("V"), Cell::new(0, 1), Rotation::R270, |_| false), vec![0]);
        // A curve north of the second lake meets its N end, linked to W: the first ferry
        // that way is the second lake's, and the first lake's lies past it.
        assert_eq!(b.first_ferries(id("V"), Cell::new(2, -1), Rotation::R270, |_| false), vec![1]);
    }

    #[test]
    fn moving_a_ferry_splits_a_road_and_each_follower_stays_on_its_part() {
        let (mut b, lake) = lake_board();
        let i = lake_index(&b, lake);
        b.put_ferry(i, [end(&b, lake, Side::West), end(&b, lake, Side::South)]);
        let (red, blue) = (PlayerId(0), PlayerId(1));
        let d_road = road(&b, 0, 0, Port::E);
        b.add_figure(red, Cell::new(0, 0), Port::E, d_road, Figure::Follower);
        let v_road = road(&b, 1, 1, Port::W);
        b.add_figure(blue, Cell::new(1, 1), Port::W, v_road, Figure::Follower);
        assert_eq!(b.followers_on(d_road).total(), 2, "one road, two thieves");
        let parts = b.relink_ferry(0, [end(&b, lake, Side::West), end(&b, lake, Side::East)], &open_table());
        let red_road = road(&b, 0, 0, Port::E);
        let blue_road = road(&b, 1, 1, Port::W);
        assert_ne!(b.root(red_road), b.root(blue_road), "the move splits the road (FE-06)");
        assert_eq!((b.followers_on(red_road)[red], b.followers_on(red_road)[blue]), (1, 0));
        assert_eq!((b.followers_on(blue_road)[red], b.followers_on(blue_road)[blue]), (0, 1));
        assert_eq!(b.root(red_road), b.root(road(&b, 1, 0, Port::E)), "W and E now one road");
        assert_eq!(parts.len(), 2, "the road W–E and the S road: {parts:?}");
        assert!(parts.contains(&b.root(red_road)) && parts.contains(&b.root(blue_road)));
        assert_eq!(sorted(b.open_cells(red_road)), [Cell::new(-1, 0), Cell::new(2, 0)]);
        assert_eq!(b.open_cells(blue_road), vec![Cell::new(0, 1)]);
        assert_eq!(b.measure(red_road).0, 2);
        assert_eq!(b.measure(blue_road).0, 2, "the lake and V");
        for f in b.followers() {
            assert_eq!(b.root(f.segment), b.feature_at(f.cell, f.port).unwrap(), "each follower on its own part");
        }
    }

    #[test]
    fn a_road_closed_by_moving_a_ferry_is_complete_and_not_yet_completed() {
        let (mut b, lake) = lake_board();
        let i = lake_index(&b, lake);
        b.put_ferry(i, [end(&b, lake, Side::West), end(&b, lake, Side::East)]);
        // A cloister A west of V closes V's west end: the S road is closed and scored.
        let k = b.place(id("A"), Cell::new(0, 1), Rotation::R270);
        let s_road = road(&b, 1, 1, Port::W);
        assert!(b.completed_by(k).contains(&b.root(s_road)));
        b.mark_completed(s_road);
        // A curve east of the lake takes its E road south, towards an empty cell.
        b.place(id("V"), Cell::new(2, 0), Rotation::R0);
        let parts = b.relink_ferry(0, [end(&b, lake, Side::South), end(&b, lake, Side::East)], &open_table());
        let joined = road(&b, 1, 1, Port::W);
        assert_eq!(b.root(joined), b.root(road(&b, 2, 0, Port::W)), "the S road joins the E road");
        assert!(!b.is_complete(joined), "open towards [2,1]");
        let west = road(&b, 0, 0, Port::E);
        assert!(parts.contains(&b.root(west)) && parts.contains(&b.root(joined)));
        // A cloister at [2,1], its road pointing north, closes that road's far end.
        let m = b.place(id("A"), Cell::new(2, 1), Rotation::R180);
        assert!(b.completed_by(m).contains(&b.root(joined)), "the joined road closes: a new road, not scored");
        assert_eq!(b.measure(joined).0, 5, "A, V, the lake once, V, A");
    }

    #[test]
    fn a_road_left_whole_by_a_move_keeps_its_completion() {
        let (mut b, lake) = lake_board();
        let i = lake_index(&b, lake);
        b.put_ferry(i, [end(&b, lake, Side::South), end(&b, lake, Side::East)]);
        b.place(id("A"), Cell::new(0, 1), Rotation::R270);
        b.place(id("A"), Cell::new(2, 0), Rotation::R90);
        let closed = road(&b, 1, 1, Port::W);
        assert!(b.is_complete(closed));
        b.mark_completed(closed);
        // The same link told again leaves that road as it was.
        let parts = b.relink_ferry(0, [end(&b, lake, Side::East), end(&b, lake, Side::South)], &open_table());
        assert!(parts.iter().all(|&p| b.root(p) == p));
        let closed = road(&b, 1, 1, Port::W);
        assert!(b.is_complete(closed) && b.state[b.root(closed) as usize].completed, "still scored");
    }

    #[test]
    fn a_border_closed_end_stays_closed_after_a_move() {
        let (mut b, lake) = lake_board();
        let i = lake_index(&b, lake);
        b.put_ferry(i, [end(&b, lake, Side::West), end(&b, lake, Side::South)]);
        let border = RoadRules { closed: |c: Cell, s: Side| c == Cell::new(1, 1) && s == Side::West, tree: |_| false };
        b.relink_ferry(0, [end(&b, lake, Side::East), end(&b, lake, Side::South)], &border);
        let s_road = road(&b, 1, 1, Port::W);
        assert_eq!(b.open_cells(s_road).len(), 2, "empty cells it faces, border or not");
        assert_eq!(b.state[b.root(s_road) as usize].open, 1, "the W end at the border is closed; E open");
    }
}
