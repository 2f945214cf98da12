//! Where a figure may go on the tile just placed, one check for every kind
//! ([`Game::figure_error`]): the figure in hand (`hand.rs`), the feature there as the
//! figure's own rule wants it (the abbot's, builder's and pig's, in their modules), then what
//! every figure shares, the follower's rules: a feature of that tile that nobody occupies
//! anywhere along it (Rule B-11; the builder and the pig join their owner's follower instead),
//! by a player with a follower left (B-15); never on the river, nor on a garden, which takes
//! only the abbot (RI-12), nor on a farm when the game has no farmers (V-07), nor, under the
//! relaxed placement house rule, on a building crowded by the other kind (V-23), nor on any
//! river tile under house rule RI-15.
//!
//! At a tree junction (V-08) every road end of the tile is one road. What is *not* here:
//! figures entered where they stand on a final board (`final_board.rs`), and followers
//! moved out of the City of Carcassonne (`count.rs`).

use super::abbot::abbot_refusal;
use super::builder::builder_refusal;
use super::pig::pig_refusal;
use super::{Game, Mode, MoveError};
use crate::board::road_ends;
use crate::challenge::breaks_neighbour_limit;
use crate::coord::{Cell, Port, Rotation};
use crate::figure::Figure;
use crate::player::PlayerId;
use crate::river::is_river_tile;
use crate::rule::Rule;
use crate::tile::{FeatureKind, TileId, TileSet};
use std::fmt;

/// Why a follower from supply may not go where the move puts it. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum FollowerError {
    /// The player has no follower in supply (Rule B-15).
    NoFollowerLeft {
        /// The player.
        player: PlayerId,
    },
    /// The named place is not on the tile.
    NoFeatureAt {
        /// The place.
        port: Port,
    },
    /// The feature there already has a follower somewhere along it (Rule B-11).
    FeatureOccupied {
        /// The place.
        port: Port,
        /// The feature.
        feature: FeatureKind,
    },
    /// The feature takes no follower (a river).
    NotClaimable {
        /// The place.
        port: Port,
    },
    /// The game is played without farmers (house rule V-07).
    FarmersOff {
        /// The place, on a field.
        port: Port,
    },
    /// Under the relaxed placement house rule, a building that borders several of the other
    /// kind takes no follower (V-23).
    CrowdedBuilding {
        /// The place.
        port: Port,
    },
    /// A garden takes the abbot and no other figure (A-05; the garden of RI-12).
    Garden {
        /// The place, the tile's centre.
        port: Port,
    },
    /// House rule RI-15: no figure goes on a river tile.
    OnTheRiver {
        /// The place.
        port: Port,
    },
    /// Followers are entered apart in a final-board game, not with the tiles.
    InFinalBoard {
        /// The place named with the tile.
        port: Port,
    },
}

impl FollowerError {
    /// The checklist rule the follower breaks, where one does.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            FollowerError::NoFollowerLeft { .. } => Some(Rule::B15),
            FollowerError::FeatureOccupied { .. } => Some(Rule::B11),
            FollowerError::FarmersOff { .. } => Some(Rule::V07),
            FollowerError::CrowdedBuilding { .. } => Some(Rule::V23),
            FollowerError::Garden { .. } => Some(Rule::A05),
            FollowerError::OnTheRiver { .. } => Some(Rule::RI15),
            FollowerError::NoFeatureAt { .. }
            | FollowerError::NotClaimable { .. }
            | FollowerError::InFinalBoard { .. } => None,
        }
    }

    pub(super) fn describe(&self, f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
        match self {
            FollowerError::NoFollowerLeft { player } => write!(f, "{} has no follower left", player.name_in(names)),
            FollowerError::NoFeatureAt { port } => write!(f, "there is no feature at {port}"),
            FollowerError::FeatureOccupied { port, feature } => {
                write!(f, "the {feature} at {port} is already occupied")
            }
            FollowerError::NotClaimable { port } => write!(f, "nobody may stand on the river at {port}"),
            FollowerError::FarmersOff { .. } => write!(f, "this game is played without farmers"),
            FollowerError::CrowdedBuilding { port } => {
                write!(f, "the building at {port} borders several of the other kind, so it takes no follower")
            }
            FollowerError::Garden { .. } => write!(f, "a garden takes the abbot and no other figure"),
            FollowerError::OnTheRiver { .. } => write!(f, "in this game no figure goes on a river tile"),
            FollowerError::InFinalBoard { .. } => write!(f, "in a final-board game followers are listed separately"),
        }
    }
}

impl fmt::Display for FollowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for FollowerError {}

impl Game {
    /// The places where the current player may deploy a follower on `tile` lying at `cell`
    /// with `rotation` (one place per feature; not yet placed). Empty when the supply is.
    pub fn legal_followers(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Vec<(Port, FeatureKind)> {
        let mut out = Vec::new();
        self.for_each_legal_follower(tile, cell, rotation, |port, kind| out.push((port, kind)));
        out
    }

    /// Calls `found` for each place [`Game::legal_followers`] lists, in the same order,
    /// without building the list (playouts ask this every turn).
    pub(crate) fn for_each_legal_follower(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        mut found: impl FnMut(Port, FeatureKind),
    ) {
        let def = tile.def();
        if self.supply[self.current] == 0 || self.setup.mode == Mode::FinalBoard || !cell.is_on_table() {
            return;
        }
        // The neighbours are looked at once for all the tile's segments.
        let occupied = self.board.occupied_locals(tile, cell, rotation);
        for f in &def.features {
            let port = f.anchor.to_board(rotation);
            if self.follower_error_given(tile, cell, rotation, (port, Figure::Follower), || occupied).is_none() {
                found(port, f.kind);
            }
        }
    }

    /// Whether `placer` may put `figure` at `port` of `tile` lying at `cell` with `rotation`
    /// (not yet placed), each refusal the figure's own error. One check for every kind, in
    /// three steps: the figure in hand ([`Game::hand_error`]); the feature there as the
    /// figure's own rule wants it (the abbot's building, A-04; the builder's road or city,
    /// T-07; the pig's farm, T-16); then the rules every figure shares
    /// ([`Game::follower_error`]).
    pub(super) fn figure_error(
        &self,
        placer: PlayerId,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        port: Port,
        figure: Figure,
    ) -> Option<MoveError> {
        self.hand_error(placer, figure)
            .or_else(|| self.own_feature_error(placer, tile, cell, rotation, port, figure))
            .or_else(|| self.follower_error(tile, cell, rotation, port, figure).map(MoveError::from))
    }

    /// The refusal of the feature at `port` by `figure`'s own rule, if it has one; a place the
    /// tile lacks is left to [`Game::follower_error`].
    fn own_feature_error(
        &self,
        placer: PlayerId,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        port: Port,
        figure: Figure,
    ) -> Option<MoveError> {
        match figure {
            Figure::Follower | Figure::Big => None,
            Figure::Abbot => {
                let def = tile.def();
                let local = def.feature_at(port.to_catalog(rotation))?;
                abbot_refusal(port, def.features[local as usize].kind).map(MoveError::from)
            }
            Figure::Builder => builder_refusal(placer, port, self.joined_feature(placer, tile, cell, rotation, port)?)
                .map(MoveError::from),
            Figure::Pig => {
                pig_refusal(placer, port, self.joined_feature(placer, tile, cell, rotation, port)?).map(MoveError::from)
            }
        }
    }

    /// Whether the feature at `port` takes `figure` by the rules every figure shares, the
    /// follower's; whether the figure is in hand is [`Game::hand_error`]'s.
    pub(super) fn follower_error(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        port: Port,
        figure: Figure,
    ) -> Option<FollowerError> {
        self.follower_error_given(tile, cell, rotation, (port, figure), || {
            self.board.occupied_locals(tile, cell, rotation)
        })
    }

    /// [`Game::follower_error`] with the tile's occupied segments (see
    /// [`Board::occupied_locals`]) supplied by the caller, who may know them already.
    pub(super) fn follower_error_given(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        (port, figure): (Port, Figure),
        occupied_locals: impl FnOnce() -> u64,
    ) -> Option<FollowerError> {
        let def = tile.def();
        let Some(local) = def.feature_at(port.to_catalog(rotation)) else {
            return Some(FollowerError::NoFeatureAt { port });
        };
        let kind = def.features[local as usize].kind;
        if self.setup.rules.no_followers_on_river && is_river_tile(tile) {
            // House rule RI-15, for every figure and every feature of the tile.
            return Some(FollowerError::OnTheRiver { port });
        }
        match kind {
            // The first-edition printing draws no garden there (RI-12).
            FeatureKind::Garden if !self.setup.shows_garden(tile) => return Some(FollowerError::NoFeatureAt { port }),
            FeatureKind::Garden if figure != Figure::Abbot => return Some(FollowerError::Garden { port }),
            FeatureKind::River => return Some(FollowerError::NotClaimable { port }),
            FeatureKind::Field if self.setup.rules.farms == crate::FarmRule::Off => {
                return Some(FollowerError::FarmersOff { port })
            }
            _ => {}
        }
        // At a tree junction (V-08) every road end on the tile is part of the same road.
        let joined = kind == FeatureKind::Road
            && self.setup.rules.tree_junctions.contains(tile)
            && def.features[local as usize].edge_count() == 1;
        let mask = occupied_locals();
        let occupied = if joined { road_ends(def).any(|l| mask & (1 << l) != 0) } else { mask & (1 << local) != 0 };
        // The builder and the pig join their owner's follower and claim nothing (T-07, T-16).
        if occupied && !figure.is_companion() {
            return Some(FollowerError::FeatureOccupied { port, feature: kind });
        }
        if kind.is_monastic() && self.setup.has(TileSet::Shrines) && breaks_neighbour_limit(&self.board, tile, cell) {
            // Only reachable under the relaxed placement house rule (V-23).
            return Some(FollowerError::CrowdedBuilding { port });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::Rule;
    use crate::{Cell, FarmRule, FeatureKind, FollowerError, Game, GameSetup, Move, MoveError, Port, Rotation, TileId};

    fn tile(name: &str) -> TileId {
        TileId::from_name(name).unwrap()
    }

    /// Anna's thief on the start tile's road, which a straight road extends east.
    fn with_anna_on_the_road(setup: GameSetup) -> Game {
        let mut game = Game::new(setup).unwrap();
        game.apply(&Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, Some(Port::E))).unwrap();
        game
    }

    #[test]
    fn an_occupied_road_takes_no_second_follower_but_its_fields_do() {
        let game = with_anna_on_the_road(GameSetup::base(&["Anna", "Bram"]));
        let (u, west) = (tile("U"), Cell::new(-1, 0));
        let offered = game.legal_followers(u, west, Rotation::R0);
        let kinds: Vec<FeatureKind> = offered.iter().map(|&(_, k)| k).collect();
        assert_eq!(kinds, [FeatureKind::Field, FeatureKind::Field], "the road is Anna's (B-11); two fields are free");
        let mut game = game;
        let refused = game.apply(&Move::place(u, west, Rotation::R0, Some(Port::W))).unwrap_err();
        assert_eq!(
            refused,
            MoveError::Follower(FollowerError::FeatureOccupied { port: Port::W, feature: FeatureKind::Road })
        );
        assert_eq!(refused.rule(), Some(Rule::B11));
    }

    #[test]
    fn without_farmers_no_field_is_offered_or_accepted() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.rules.farms = FarmRule::Off;
        let mut game = with_anna_on_the_road(setup);
        let (u, west) = (tile("U"), Cell::new(-1, 0));
        assert!(game.legal_followers(u, west, Rotation::R0).is_empty(), "road taken, fields off (V-07)");
        let field = game.legal_followers(u, Cell::new(2, 0), Rotation::R0);
        assert!(field.iter().all(|&(_, k)| k != FeatureKind::Field));
        let refused = game.apply(&Move::place(u, west, Rotation::R0, Some(Port::NL))).unwrap_err();
        assert_eq!(refused, MoveError::Follower(FollowerError::FarmersOff { port: Port::NL }));
    }

    #[test]
    fn a_place_the_tile_does_not_have_is_refused() {
        let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        // The cloister tile has no inner field place.
        let refused = game.apply(&Move::place(tile("B"), Cell::new(0, 1), Rotation::R0, Some(Port::I))).unwrap_err();
        assert_eq!(
            (refused.rule(), refused),
            (None, MoveError::Follower(FollowerError::NoFeatureAt { port: Port::I }))
        );
    }
}
