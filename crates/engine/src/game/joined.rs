//! What a builder or pig put at a place of the tile just laid would join (T-07, T-16): the
//! feature's kind, whether the tile completes it, and the mover's followers on it. Each of
//! the two figures judges that by its own rule (`builder.rs`, `pig.rs`).

use super::Game;
use crate::board::SegmentId;
use crate::coord::{Cell, Port, Rotation};
use crate::player::PlayerId;
use crate::tile::{FeatureKind, TileId};

/// What a figure put at a place of the tile just laid would join: the feature's kind, whether
/// the tile completes it, and the mover's followers on it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Joined {
    pub(super) kind: FeatureKind,
    pub(super) complete: bool,
    pub(super) mine: u8,
}

impl Game {
    /// The features `tile` lying at `cell` with `rotation` (not yet placed) would give its
    /// segments, on a copy of the board with the tile laid, by the place naming each: whether
    /// it would be complete, and how many followers of `player` it would hold. A builder or pig
    /// is put down rarely, so the copy costs little.
    pub(super) fn joined_features(
        &self,
        player: PlayerId,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
    ) -> Vec<(Port, Joined)> {
        let mut board = self.board.clone();
        let index = super::placement::place_on_board(&mut board, &self.setup.rules, tile, cell, rotation);
        super::placement::close_at_border(&mut board, &self.setup.rules, index);
        (0..tile.def().features.len())
            .map(|local| {
                let feature: SegmentId = board.feature_of(index, local as u8);
                let port = tile.def().features[local].anchor.to_board(rotation);
                let joined = Joined {
                    kind: board.kind(feature),
                    complete: board.is_complete(feature),
                    mine: board.followers_on(feature)[player],
                };
                (port, joined)
            })
            .collect()
    }

    /// [`Game::joined_features`] for the segment at `port` alone.
    pub(super) fn joined_feature(
        &self,
        player: PlayerId,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        port: Port,
    ) -> Option<Joined> {
        let local = tile.def().feature_at(port.to_catalog(rotation))?;
        let anchor = tile.def().features[local as usize].anchor.to_board(rotation);
        self.joined_features(player, tile, cell, rotation).into_iter().find(|&(p, _)| p == anchor).map(|(_, j)| j)
    }
}
