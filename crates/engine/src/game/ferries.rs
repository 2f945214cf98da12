//! Ferries (FE-02 to FE-08, X2-20, QB-12): the ferry put on a lake tile, and the ferries
//! moved along a road the tile lengthens.
//!
//! The players tell both: the pair of road ends the new ferry links (required on a lake tile,
//! whether a figure was put down or not, FE-03), and for each ferry moved, its lake and its new
//! pair (FE-05). The order within the turn is the ferry first, then the moves, then scoring
//! (FE-06). How the roads are joined and split again is the board's ([`crate::board`]).

use super::{Game, Mode, Told};
use crate::board::{lake_end_at, RoadRules, SegmentId};
use crate::coord::{Cell, Rotation, Side};
use crate::event::Event;
use crate::figure::Figure;
use crate::rule::Rule;
use crate::tile::{TileId, TileSet};
use std::fmt;

/// A ferry moved this turn, as the players tell it: the lake's tile and the two road ends the
/// ferry now links, in board orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct FerryMove {
    /// The lake tile's cell.
    pub at: Cell,
    /// The two sides whose road ends the ferry links.
    pub link: [Side; 2],
}

/// Why a move's ferries are refused. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum FerryError {
    /// The table plays without Ferries.
    NotInPlay,
    /// The tile has no ferry lake, so no ferry goes on it (X2-20).
    NoLake {
        /// The tile.
        tile: TileId,
    },
    /// A lake tile is laid and the move tells no ferry for it (FE-03).
    Missing {
        /// The tile.
        tile: TileId,
    },
    /// A ferry names a side where no road reaches the lake (FE-02).
    NoRoadEnd {
        /// The lake's cell.
        at: Cell,
        /// The side named.
        side: Side,
    },
    /// A ferry links a road end to itself (FE-04).
    SameEnd {
        /// The lake's cell.
        at: Cell,
        /// The side named twice.
        side: Side,
    },
    /// A move names a cell with no ferry on it.
    NoFerry {
        /// The cell.
        at: Cell,
    },
    /// The ferry is not the first one met along a road the tile lengthens (FE-05, QB-12).
    NotFirst {
        /// The ferry's lake.
        at: Cell,
    },
    /// The ferry was put on its lake this turn (QB-12).
    PlacedThisTurn {
        /// The lake.
        at: Cell,
    },
    /// A ferry moves at most once a turn (FE-05).
    MovedTwice {
        /// The lake.
        at: Cell,
    },
    /// A moved ferry goes to another pair of road ends (FE-05).
    SameLink {
        /// The lake.
        at: Cell,
    },
    /// A finished table shows where the ferries lie; nothing moves on it.
    MoveOnFinalBoard,
}

impl FerryError {
    /// The checklist rule the move breaks.
    pub fn rule(&self) -> Option<Rule> {
        Some(match self {
            FerryError::NotInPlay | FerryError::MoveOnFinalBoard => return None,
            FerryError::NoLake { .. } => Rule::X220,
            FerryError::Missing { .. } => Rule::FE03,
            FerryError::NoRoadEnd { .. } => Rule::FE02,
            FerryError::SameEnd { .. } => Rule::FE04,
            FerryError::NoFerry { .. }
            | FerryError::NotFirst { .. }
            | FerryError::MovedTwice { .. }
            | FerryError::SameLink { .. } => Rule::FE05,
            FerryError::PlacedThisTurn { .. } => Rule::QB12,
        })
    }
}

impl fmt::Display for FerryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FerryError::NotInPlay => write!(f, "this game is played without Ferries"),
            FerryError::NoLake { tile } => write!(f, "{tile} has no ferry lake"),
            FerryError::Missing { tile } => write!(f, "a ferry must go on the lake of {tile}"),
            FerryError::NoRoadEnd { at, side } => write!(f, "no road reaches the lake at {at} from the {side}"),
            FerryError::SameEnd { at, side } => {
                write!(f, "the ferry at {at} must link two road ends, not the {side} one with itself")
            }
            FerryError::NoFerry { at } => write!(f, "there is no ferry at {at}"),
            FerryError::NotFirst { at } => {
                write!(f, "the ferry at {at} is not the first one met along a road this tile lengthens")
            }
            FerryError::PlacedThisTurn { at } => write!(f, "the ferry at {at} was put on its lake this turn"),
            FerryError::MovedTwice { at } => write!(f, "the ferry at {at} moves only once a turn"),
            FerryError::SameLink { at } => write!(f, "the ferry at {at} already links those road ends"),
            FerryError::MoveOnFinalBoard => write!(f, "no ferry moves on a finished table"),
        }
    }
}

impl std::error::Error for FerryError {}

/// The road ends a ferry links on a lake tile lying so, as local segments; or why not.
fn lake_ends(tile: TileId, at: Cell, rotation: Rotation, link: [Side; 2]) -> Result<[u8; 2], FerryError> {
    let def = tile.def();
    let end = |side| lake_end_at(def, rotation, side).ok_or(FerryError::NoRoadEnd { at, side });
    let ends = [end(link[0])?, end(link[1])?];
    if ends[0] == ends[1] {
        return Err(FerryError::SameEnd { at, side: link[0] });
    }
    Ok(ends)
}

impl Game {
    /// The ferries on their lakes, in the order they were put: each lake's cell and the two
    /// sides whose road ends its ferry links now.
    pub fn ferries(&self) -> Vec<(Cell, [Side; 2])> {
        let b = &self.board;
        b.ferries().iter().map(|f| (b.tiles()[f.tile].cell, f.ends.map(|e| b.end_side(f.tile, e)))).collect()
    }

    /// The pairs of road ends a ferry may link on `tile` laid so: none without a lake (FE-03).
    pub fn ferry_links(&self, tile: TileId, rotation: Rotation) -> Vec<[Side; 2]> {
        let def = tile.def();
        if !def.marks.ferry {
            return Vec::new();
        }
        let sides: Vec<Side> = Side::ALL.into_iter().filter(|&s| lake_end_at(def, rotation, s).is_some()).collect();
        let mut pairs = Vec::new();
        for (i, &a) in sides.iter().enumerate() {
            for &b in &sides[i + 1..] {
                pairs.push([a, b]);
            }
        }
        pairs
    }

    /// The ferries the current player may move after laying `tile` at `cell` (FE-05, QB-12),
    /// each with the pairs it may move to: every pair of its lake but the one it links now.
    pub fn movable_ferries(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Vec<(Cell, Vec<[Side; 2]>)> {
        if !self.setup.has(TileSet::Ferries) || self.setup.mode != Mode::Turns {
            return Vec::new();
        }
        let first = self.board.first_ferries(tile, cell, rotation, |t| self.setup.rules.tree_junctions.contains(t));
        first
            .into_iter()
            .map(|ferry| {
                let link = self.board.ferries()[ferry];
                let lake = self.board.tiles()[link.tile];
                let now = link.ends.map(|e| self.board.end_side(link.tile, e));
                let others = self
                    .ferry_links(lake.tile, lake.rotation)
                    .into_iter()
                    .filter(|pair| *pair != now && *pair != [now[1], now[0]])
                    .collect();
                (lake.cell, others)
            })
            .collect()
    }

    /// Checks what a move tells of ferries before anything changes: a ferry exactly when the
    /// tile has a lake (FE-03, X2-20), linking two of its road ends (FE-02, FE-04); each ferry
    /// moved one met first along a road the tile lengthens, once, to another pair (FE-05).
    pub(super) fn ferry_error(&self, tile: TileId, cell: Cell, rotation: Rotation, told: &Told) -> Option<FerryError> {
        let lake = tile.def().marks.ferry;
        if !self.setup.has(TileSet::Ferries) {
            return (told.ferry.is_some() || !told.ferry_moves.is_empty()).then_some(FerryError::NotInPlay);
        }
        match (lake, told.ferry) {
            (true, None) => return Some(FerryError::Missing { tile }),
            (false, Some(_)) => return Some(FerryError::NoLake { tile }),
            (true, Some(link)) => {
                if let Err(e) = lake_ends(tile, cell, rotation, link) {
                    return Some(e);
                }
            }
            (false, None) => {}
        }
        if told.ferry_moves.is_empty() {
            return None;
        }
        if self.setup.mode == Mode::FinalBoard {
            return Some(FerryError::MoveOnFinalBoard);
        }
        let first = self.board.first_ferries(tile, cell, rotation, |t| self.setup.rules.tree_junctions.contains(t));
        for (i, m) in told.ferry_moves.iter().enumerate() {
            if m.at == cell && lake {
                return Some(FerryError::PlacedThisTurn { at: m.at });
            }
            if told.ferry_moves[..i].iter().any(|earlier| earlier.at == m.at) {
                return Some(FerryError::MovedTwice { at: m.at });
            }
            let Some((index, placed)) = self.board.tiles().iter().enumerate().find(|(_, t)| t.cell == m.at) else {
                return Some(FerryError::NoFerry { at: m.at });
            };
            let Some(ferry) = self.board.ferry_on(index) else {
                return Some(FerryError::NoFerry { at: m.at });
            };
            if !first.contains(&ferry) {
                return Some(FerryError::NotFirst { at: m.at });
            }
            let ends = match lake_ends(placed.tile, m.at, placed.rotation, m.link) {
                Ok(ends) => ends,
                Err(e) => return Some(e),
            };
            let now = self.board.ferries()[ferry].ends;
            if ends == now || ends == [now[1], now[0]] {
                return Some(FerryError::SameLink { at: m.at });
            }
        }
        None
    }

    /// Puts the new ferry on the lake of the tile just laid at `index`, then moves the ferries
    /// the players moved (FE-03, FE-05, FE-06). Returns the roads the moves touched, as they
    /// now stand: scoring looks at them beside the tile's own features. A builder left with no
    /// follower of its owner's on its road goes home (FE-08).
    pub(super) fn lay_ferries(&mut self, index: usize, told: &Told) -> Vec<SegmentId> {
        let player = self.current;
        let placed = self.board.tiles()[index];
        if let Some(link) = told.ferry {
            let ends = lake_ends(placed.tile, placed.cell, placed.rotation, link).expect("checked before placing");
            self.board.put_ferry(index, ends);
            self.events.push(Event::FerryPlaced { player, cell: placed.cell, link });
        }
        let mut touched = Vec::new();
        if told.ferry_moves.is_empty() {
            return touched;
        }
        let rules = &self.setup.rules;
        let bounds = rules.bounds.filter(|_| rules.border_closes);
        let tree = rules.tree_junctions;
        let road_rules = RoadRules {
            closed: move |cell: Cell, side: Side| bounds.is_some_and(|b| !b.contains(cell.step(side))),
            tree: move |t: TileId| tree.contains(t),
        };
        for m in &told.ferry_moves {
            let lake_index = self.board.tiles().iter().position(|t| t.cell == m.at).expect("checked before placing");
            let lake = self.board.tiles()[lake_index];
            let ferry = self.board.ferry_on(lake_index).expect("checked before placing");
            let from = self.board.ferries()[ferry].ends.map(|e| self.board.end_side(lake_index, e));
            let ends = lake_ends(lake.tile, lake.cell, lake.rotation, m.link).expect("checked before placing");
            touched.extend(self.board.relink_ferry(ferry, ends, &road_rules));
            self.events.push(Event::FerryMoved { player, cell: m.at, from, to: m.link });
        }
        let touched: Vec<SegmentId> = {
            let mut roots: Vec<SegmentId> = touched.iter().map(|&s| self.board.root(s)).collect();
            roots.sort_unstable();
            roots.dedup();
            roots
        };
        self.send_lonely_builders_home(&touched);
        touched
    }

    /// FE-08: a builder whose road, after a ferry moved, holds no follower of its owner goes
    /// home, as it would have no follower to stay beside (T-10).
    fn send_lonely_builders_home(&mut self, roads: &[SegmentId]) {
        let lonely: Vec<usize> = (0..self.board.followers().len())
            .filter(|&i| {
                let f = self.board.followers()[i];
                let road = self.board.root(f.segment);
                f.figure == Figure::Builder && roads.contains(&road) && self.board.followers_on(road)[f.player] == 0
            })
            .collect();
        if lonely.is_empty() {
            return;
        }
        for &i in &lonely {
            let f = self.board.followers()[i];
            self.companions.give_back(f.player, f.figure);
            self.events.push(Event::FollowerReturned { player: f.player, cell: f.cell, port: f.port });
        }
        self.board.remove_companions(|i| lonely.contains(&i));
    }
}
