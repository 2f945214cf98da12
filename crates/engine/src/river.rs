//! The river's course: the River of the base box and River II are laid first, from the
//! spring, River II's through the fork in two branches that end in lakes.
//!
//! The rules here come from the River II rules (Wikicarpedia's River page, recorded as the
//! R- items of `docs/rules.md`): the spring starts the game
//! and the fork is placed first; river tiles are drawn and placed before any land tile,
//! each continuing one open branch; the volcano lake comes last; a branch may
//! not turn the same way twice in a row; the branches never join; lakes end a
//! branch. The River of the base box follows the same course rules with a single
//! branch: continuing its open end (RI-03), no immediate U-turn (RI-04), its lake closing it
//! (RI-05); both rivers together are one river. Which tile is drawn when is
//! `game/draw.rs`'s.

use crate::board::Board;
use crate::coord::{Cell, Rotation, Side};
use crate::rule::Rule;
use crate::tile::{EdgeKind, TileId, TileSet};

/// Which way a river tile turns the water, seen in the direction of flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Straight on.
    Straight,
    /// A left turn.
    Left,
    /// A right turn.
    Right,
}

impl Turn {
    fn of(heading: Side, out: Side) -> Turn {
        if out == heading {
            Turn::Straight
        } else if out == Side::from_index(heading.index() + 1) {
            Turn::Right
        } else {
            Turn::Left
        }
    }
}

/// An open end of the river: the empty cell the water flows into next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The cell the next river tile must fill.
    pub next: Cell,
    /// The direction the water flows into that cell.
    pub heading: Side,
    /// The turn the last river tile of this branch made.
    pub last_turn: Turn,
}

/// Why a river tile may not go where it was put.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum RiverError {
    /// A river tile must continue the river at an open end.
    NotContinued,
    /// Its river would meet both branches.
    BranchesJoin,
    /// The branch would turn the same way twice in a row.
    UTurn,
}

impl RiverError {
    /// The River II rule the tile breaks.
    pub const fn rule(self) -> Rule {
        match self {
            RiverError::NotContinued => Rule::R07,
            RiverError::BranchesJoin => Rule::R10,
            RiverError::UTurn => Rule::R09,
        }
    }
}

/// The river's open ends while the river is being laid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct River {
    branches: Vec<Branch>,
}

impl River {
    /// The river as the spring starts it: one branch leaving the river edge of the spring,
    /// the tile at `index` on the board.
    pub(crate) fn from_spring(board: &Board, index: usize) -> River {
        let spring = &board.tiles()[index];
        let branches = Side::ALL
            .into_iter()
            .filter(|&s| spring.def().edge(spring.rotation, s) == EdgeKind::River)
            .map(|s| Branch { next: spring.cell.step(s), heading: s, last_turn: Turn::Straight })
            .collect();
        River { branches }
    }

    /// The open ends.
    pub fn branches(&self) -> &[Branch] {
        &self.branches
    }

    /// Checks a river tile at `cell` against the river as it stands (the tile not yet
    /// placed) and says how the river changes when it is.
    ///
    /// # Errors
    /// Why the tile may not go there.
    pub(crate) fn step(
        &self,
        board: &Board,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
    ) -> Result<RiverStep, RiverError> {
        let def = tile.def();
        // Asked for every place a river tile fits while placements are listed: the sides are
        // looked at in place, with nothing allocated.
        let river_sides = Side::ALL.into_iter().filter(|&s| def.edge(rotation, s) == EdgeKind::River);
        let mut touching = river_sides.clone().filter(|&s| board.tile_at(cell.step(s)).is_some());
        let inflow = touching.next().ok_or(RiverError::NotContinued)?;
        if touching.next().is_some() {
            return Err(RiverError::BranchesJoin);
        }
        let continued = self
            .branches
            .iter()
            .position(|b| b.next == cell && b.heading.opposite() == inflow)
            .ok_or(RiverError::NotContinued)?;
        let branch = self.branches[continued];
        let mut opened = [None; 3];
        for (slot, out) in opened.iter_mut().zip(river_sides.filter(|&s| s != inflow)) {
            let turn = Turn::of(branch.heading, out);
            if turn != Turn::Straight && turn == branch.last_turn {
                return Err(RiverError::UTurn);
            }
            *slot = Some(Branch { next: cell.step(out), heading: out, last_turn: turn });
        }
        Ok(RiverStep { continued, opened })
    }

    /// Applies a step once its tile is placed. A lake opens nothing: its branch ends.
    pub(crate) fn advance(&mut self, step: RiverStep) {
        self.branches.remove(step.continued);
        self.branches.extend(step.opened.into_iter().flatten());
    }
}

/// How one river tile changes the river: the branch it continues and the ends it opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RiverStep {
    continued: usize,
    /// The ends it opens, in the order of its sides: a tile has four sides, one of them the
    /// inflow.
    opened: [Option<Branch>; 3],
}

/// Whether a tile belongs to a river (every tile of the River and of River II has water on
/// it; the first-edition River's tiles are the River's).
pub(crate) fn is_river_tile(tile: TileId) -> bool {
    matches!(tile.def().set, TileSet::River2 | TileSet::River)
}

/// Whether `set` holds the river tiles of [`is_river_tile`]: River II, and the River in either
/// printing (the first-edition printing lists the River's own tiles).
pub(crate) fn is_river_set(set: TileSet) -> bool {
    matches!(set, TileSet::River2 | TileSet::River | TileSet::RiverC1)
}
