//! The builder and the pig: figures that stand beside a player's followers on a feature but
//! count in no majority and occupy nothing (Traders & Builders, T-08, T-11, T-17).

use super::{Board, Follower, SegmentId};
use crate::coord::{Cell, Port, Rotation, Side};
use crate::figure::Figure;
use crate::player::PlayerId;
use crate::tile::{FeatureKind, TileId};

impl Board {
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
        // The roads and cities the tile would meet across its edges, one root per side, and
        // then one look through the figures for the companion on any of them.
        let def = tile.def();
        let met = Side::ALL.map(|side| {
            let n = self.tile_at(cell.step(side))?;
            let slot = side.index() * 3 + 1;
            let ours = def.feature_at_board_slot(rotation, slot).map(|l| def.features[l as usize].kind);
            let theirs = n.segment_at_slot(side.opposite().index() * 3 + 1)?;
            matches!(ours, Some(FeatureKind::Road | FeatureKind::City)).then(|| self.root(theirs))
        });
        met.iter().any(Option::is_some)
            && self
                .followers
                .iter()
                .any(|f| f.player == player && f.figure == figure && met.contains(&Some(self.root(f.segment))))
    }
}
