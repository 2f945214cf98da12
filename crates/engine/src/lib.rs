//! Castellan's rules engine: it mirrors a Carcassonne table and scores it.

mod catalog;
mod coord;
mod tile;

pub use coord::{Cell, Port, Rotation, Side};
pub use tile::{
    EdgeKind, FeatureDef, FeatureKind, LocalFeature, TileDef, TileId, TileMarks, TileSet,
};

/// The engine's version, as built.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
