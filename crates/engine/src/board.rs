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

use crate::coord::Cell;
use crate::grid::Grid;

mod building;
mod companion;
mod completion;
mod farm;
mod feature;
mod ferry;
mod follower;
mod frontier;
mod marks;
mod placement;
mod preview;
mod view;

use building::Building;
pub(crate) use feature::road_ends;
use feature::{root_in, FeatureState, Member, SegmentTile};
pub(crate) use ferry::{lake_end_at, FerryLink, RoadRules};
pub use follower::{Follower, Standing};
pub(crate) use frontier::rotations_in;
use frontier::FrontierCell;
pub(crate) use placement::Fit;
pub use placement::{EdgeMismatch, FitError, PlacedTile};
pub(crate) use view::Drawn;
pub use view::FeatureView;

/// A global segment number: one per feature segment of each placed tile.
pub(crate) type SegmentId = u32;

const NONE: u32 = u32::MAX;

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

    /// Whether the City of Carcassonne lies on the board.
    pub(crate) fn has_carcassonne(&self) -> bool {
        self.placed.iter().any(|t| t.def().set == crate::tile::TileSet::Count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::{Port, Rotation, Side};
    use crate::figure::Figure;
    use crate::player::PlayerId;
    use crate::tile::{EdgeKind, FeatureKind, TileId};

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
    fn placements_counted_and_picked_without_a_list_are_those_listed() {
        let mut b = start();
        b.place(id("V"), Cell::new(1, 0), Rotation::R90);
        b.place(id("E"), Cell::new(0, -1), Rotation::R180);
        for t in TileSet::Base.tiles() {
            let mut listed = Vec::new();
            b.legal_placements_into(t, &mut listed);
            assert_eq!(b.legal_placement_count(t), listed.len(), "{t}: counted as listed");
            for (n, &placement) in listed.iter().enumerate() {
                assert_eq!(b.nth_legal_placement(t, n), Some(placement), "{t}: placement {n}");
            }
            assert_eq!(b.nth_legal_placement(t, listed.len()), None, "{t}: none past the last");
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

    // D's road runs west–east with a field on each side; a cloister lies south of it:
    //
    //          x=0    x=1
    // y=0     [D]    (?)
    // y=1     [B]
    // y=2            (?)
    #[test]
    fn only_another_players_figure_on_a_road_city_or_building_beside_a_cell_counts() {
        let (anna, bram) = (PlayerId(0), PlayerId(1));
        let mut b = start();
        b.place(id("B"), Cell::new(0, 1), Rotation::R0);
        let field = b.feature_at(Cell::new(0, 0), Port::EL).unwrap();
        b.add_figure(bram, Cell::new(0, 0), Port::EL, field, Figure::Follower);
        assert!(!b.borders_figure_of_another(anna, Cell::new(1, 0)), "a farmer scores nothing while tiles are laid");
        let road = b.feature_at(Cell::new(0, 0), Port::W).unwrap();
        b.add_figure(bram, Cell::new(0, 0), Port::W, road, Figure::Follower);
        assert!(b.borders_figure_of_another(anna, Cell::new(1, 0)), "Bram's thief on the road a tile there joins");
        assert!(!b.borders_figure_of_another(bram, Cell::new(1, 0)), "his own figures are no one else's");
        assert!(!b.borders_figure_of_another(anna, Cell::new(1, 2)), "the empty cloister diagonally beside it");
        let cloister = b.building_at(Cell::new(0, 1)).unwrap();
        b.add_figure(bram, Cell::new(0, 1), Port::C, cloister, Figure::Follower);
        assert!(b.borders_figure_of_another(anna, Cell::new(1, 2)), "Bram's monk diagonally beside it");
        assert!(!b.borders_figure_of_another(anna, Cell::new(-2, 0)), "nothing of Bram's beside it");
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
