//! Castellan's rules engine: it mirrors a Carcassonne table and scores it.

mod board;
mod catalog;
mod coord;
mod grid;
mod player;
mod tile;

pub use board::{Board, EdgeMismatch, FeatureView, Follower, PlacedTile, PlacementError};
pub use coord::{Cell, Port, Rotation, Side};
pub use player::{ByPlayer, Color, PlayerId, MAX_PLAYERS};
pub use tile::{
    EdgeKind, FeatureDef, FeatureKind, LocalFeature, TileDef, TileId, TileMarks, TileSet,
};

/// The engine's version, as built.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
