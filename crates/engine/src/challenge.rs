//! Heretics and shrines: where a shrine may go, and the challenge between a monk and a
//! heretic standing side by side.
//!
//! A shrine is scored like a cloister (Rule H-02). A shrine may border at most one cloister
//! and a cloister at most one shrine, in the 8-neighbourhood (H-03, Q-03). A challenge starts
//! when a heretic is placed next to an occupied cloister, or a monk next to an occupied
//! shrine, one's own included (H-05 to H-07); the building completed first wins.

use crate::board::{Board, SegmentId};
use crate::coord::Cell;
use crate::tile::{FeatureKind, TileId};

/// A running challenge: a cloister's monk against a shrine's heretic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// The cloister's tile.
    pub cloister: Cell,
    /// The shrine's tile.
    pub shrine: Cell,
    pub(crate) cloister_feature: SegmentId,
    pub(crate) shrine_feature: SegmentId,
}

impl Challenge {
    /// The other building of the pair, if `feature` is one of them.
    pub(crate) fn opponent(&self, feature: SegmentId) -> Option<SegmentId> {
        if feature == self.cloister_feature {
            Some(self.shrine_feature)
        } else if feature == self.shrine_feature {
            Some(self.cloister_feature)
        } else {
            None
        }
    }
}

fn other(kind: FeatureKind) -> FeatureKind {
    if kind == FeatureKind::Shrine {
        FeatureKind::Cloister
    } else {
        FeatureKind::Shrine
    }
}

/// The kind of building on the tile at `cell`, if any.
fn building_at(board: &Board, cell: Cell) -> Option<(FeatureKind, SegmentId)> {
    board.building_at(cell).map(|s| (board.kind(s), s))
}

/// Buildings of `kind` around `cell`.
fn around(board: &Board, cell: Cell, kind: FeatureKind) -> impl Iterator<Item = (Cell, SegmentId)> + '_ {
    cell.surrounding()
        .into_iter()
        .filter_map(move |c| building_at(board, c).filter(|&(k, _)| k == kind).map(|(_, s)| (c, s)))
}

/// Whether a cloister or shrine of `tile` at `cell` would break Rule H-03: it would border
/// two buildings of the other kind, or give a neighbour of the other kind a second one.
pub(crate) fn breaks_neighbour_limit(board: &Board, tile: TileId, cell: Cell) -> bool {
    let def = tile.def();
    let Some(centre) = def.centre else {
        return false;
    };
    let kind = def.features[centre as usize].kind;
    if !kind.is_monastic() {
        // A garden is no cloister: H-03 leaves it out.
        return false;
    }
    let mut others = around(board, cell, other(kind)).peekable();
    let first = others.next();
    if others.next().is_some() {
        return true;
    }
    first.is_some_and(|(c, _)| around(board, c, kind).next().is_some())
}

/// The occupied building of the other kind next to a building placed at `cell`: the one a
/// follower on the new building challenges (H-05, H-06).
pub(crate) fn challenged(board: &Board, cell: Cell, kind: FeatureKind) -> Option<(Cell, SegmentId)> {
    around(board, cell, other(kind)).find(|&(_, s)| board.followers_on(s).total() > 0)
}
