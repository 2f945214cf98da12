//! Castellan's rules engine: it mirrors a Carcassonne table and scores it.

mod board;
mod catalog;
mod coord;
mod event;
mod game;
mod grid;
mod history;
mod player;
mod playout;
mod query;
mod rules;
mod scoring;
mod tile;

pub use board::{Board, EdgeMismatch, FeatureView, Follower, PlacedTile, PlacementError};
pub use coord::{Cell, Port, Rotation, Side};
pub use event::{Event, RuleRef, Score, ScoreSource};
pub use game::{
    Game, GameSetup, Mode, Move, MoveError, PlayerSetup, ReplayError, SetupError, Start,
    TrackPosition, FOLLOWERS_PER_PLAYER,
};
pub use history::History;
pub use player::{ByPlayer, Color, PlayerId, PlayerSet, MAX_PLAYERS};
pub use playout::playout_move;
pub use query::OpenFeature;
pub use rules::{Bounds, FarmRule, RuleSet, TiedWinners, Unplaceable};
pub use tile::{
    EdgeKind, FeatureDef, FeatureKind, LocalFeature, TileDef, TileId, TileMarks, TileSet,
};

/// The engine's version, as built.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
