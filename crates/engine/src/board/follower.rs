//! The figures standing on features: who holds a feature and with what weight (Rules B-11,
//! I-12), putting them down and sending them home.

use super::{root_in, Board, SegmentId};
use crate::coord::{Cell, Port, Rotation, Side};
use crate::count::Quarter;
use crate::figure::Figure;
use crate::player::{ByPlayer, PlayerId};
use crate::tile::{FeatureKind, TileId};

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

impl Board {
    /// Followers standing on the board.
    pub fn followers(&self) -> &[Follower] {
        &self.followers
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

    /// Whether a figure of anyone but `player` stands on a road, city or building that a tile
    /// laid at `cell` would join across its edges or stand beside: only such a figure lets
    /// someone else score with the tile. Fields are left out, as nothing scores them while
    /// the tiles are laid.
    pub(crate) fn borders_figure_of_another(&self, player: PlayerId, cell: Cell) -> bool {
        let others_on = |seg: SegmentId| {
            let state = &self.state[self.root(seg) as usize];
            state.kind != FeatureKind::Field && state.followers.total() > state.followers[player] as u32
        };
        let across_edges = Side::ALL.into_iter().any(|side| {
            let Some(n) = self.index_at(cell.step(side)) else { return false };
            let facing = side.opposite().index() * 3;
            (0..3).any(|k| self.placed[n].segment_at_slot(facing + k).is_some_and(others_on))
        });
        across_edges || cell.surrounding().into_iter().any(|c| self.building_at(c).is_some_and(others_on))
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
}
