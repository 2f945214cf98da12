//! What a builder or pig put at a place of the tile just laid would join (T-07, T-16): the
//! feature's kind, whether the tile completes it, and the mover's followers on it. Each of
//! the two figures judges that by its own rule (`builder.rs`, `pig.rs`).

use super::Game;
use crate::coord::{Cell, Port, Rotation, Side};
use crate::player::PlayerId;
use crate::tile::{FeatureKind, TileId};

/// What a figure put at a place of the tile just laid would join: the feature's kind, whether
/// the tile completes it, and the mover's followers on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Joined {
    pub(super) kind: FeatureKind,
    pub(super) complete: bool,
    pub(super) mine: u8,
}

impl Game {
    /// The features `tile` lying at `cell` with `rotation` (not yet placed) would give its
    /// segments, by the place naming each: whether it would be complete, and how many
    /// followers of `player` it would hold. Read off the feature graph ([`Board::preview`]),
    /// with the table's tree junctions (V-08) and closing border (V-10), as laying the tile
    /// would make them.
    pub(super) fn joined_features(
        &self,
        player: PlayerId,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
    ) -> Vec<(Port, Joined)> {
        let rules = &self.setup.rules;
        let closed = |side: Side| super::placement::closed_by_border(rules, cell, side);
        let previews = self.board.preview(tile, cell, rotation, rules.tree_junctions.contains(tile), closed);
        (tile.def().features.iter().zip(previews))
            .map(|(f, p)| {
                let joined = Joined { kind: p.kind, complete: p.complete, mine: p.followers[player] };
                (f.anchor.to_board(rotation), joined)
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

#[cfg(test)]
mod tests {
    use super::Joined;
    use crate::board::SegmentId;
    use crate::coord::{Cell, Port, Rotation};
    use crate::game::placement::{close_at_border, place_on_board};
    use crate::player::PlayerId;
    use crate::tile::TileId;
    use crate::{playout_move, Bounds, Game, GameSetup, Picks, Start, TileSet};

    /// What the tile would join, found by laying it on a copy of the board.
    fn joined_on_a_copy(
        game: &Game,
        player: PlayerId,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
    ) -> Vec<(Port, Joined)> {
        let mut board = game.board.clone();
        let index = place_on_board(&mut board, &game.setup.rules, tile, cell, rotation);
        close_at_border(&mut board, &game.setup.rules, index);
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

    #[test]
    fn the_features_read_off_the_graph_are_those_of_the_tile_laid() {
        let mut all = GameSetup::base(&["Anna", "Bram", "Cleo"]);
        all.sets.extend([TileSet::River2, TileSet::Count, TileSet::KingRobber, TileSet::Shrines]);
        all.sets.extend([TileSet::Abbot, TileSet::InnsCathedrals, TileSet::TradersBuilders]);
        all.start = Start::River2;
        all.rules.river_before_city = true;
        // A small closing table and tree junctions: the border and the junction join and close.
        let mut walled = GameSetup::base(&["Anna", "Bram"]);
        walled.sets.push(TileSet::TradersBuilders);
        walled.rules.bounds = Some(Bounds { min_x: -3, max_x: 3, min_y: -2, max_y: 3 });
        walled.rules.border_closes = true;
        for t in TileSet::Base.tiles().chain(TileSet::TradersBuilders.tiles()) {
            walled.rules.tree_junctions.insert(t);
        }
        let (mut complete, mut mine) = (0, 0);
        for (name, setup) in [("all", all), ("walled", walled)] {
            for seed in 0..6 {
                let mut game = Game::new(setup.clone()).unwrap();
                let mut picks = Picks::new(seed);
                while let Some(mv) = playout_move(&game, &mut |n| picks.below(n)) {
                    if let Some(tile) = mv.tile() {
                        for (cell, rotation) in game.legal_placements(tile) {
                            for p in 0..game.player_count() as u8 {
                                let expected = joined_on_a_copy(&game, PlayerId(p), tile, cell, rotation);
                                let read = game.joined_features(PlayerId(p), tile, cell, rotation);
                                assert_eq!(read, expected, "{name} {seed}: {tile} at {cell} rot {rotation}");
                                complete += expected.iter().filter(|(_, j)| j.complete).count();
                                mine += expected.iter().filter(|(_, j)| j.mine > 0).count();
                            }
                        }
                    }
                    game.apply(&mv).unwrap();
                }
            }
        }
        assert!(complete > 1000 && mine > 1000, "both seen often: {complete} complete, {mine} held");
    }
}
