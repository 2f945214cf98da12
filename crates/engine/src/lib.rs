//! Castellan's rules engine: it mirrors a Carcassonne table tile by tile and scores it,
//! with the reason for every point.
//!
//! A [`Game`] is a fold over [`Move`]s, each one what the table did: the tile drawn, where it
//! went, and the follower put on it. [`Game::apply`] checks a move completely first and
//! changes nothing when it is refused. Every point comes from a [`Score`] event that says
//! what was scored, for whom, and which rule of the checklist applied. [`History`] adds the
//! cursor for undo, redo and correcting a past move. The crate does no I/O, reads no clock
//! and draws no random numbers.
//!
//! ```
//! use castellan_engine::{Cell, Game, GameSetup, Move, Port, Rotation, TileId};
//!
//! let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
//! let tile = |name| TileId::from_name(name).unwrap();
//!
//! // Anna puts a city cap on the start tile's city, facing it, with a knight: the two-tile
//! // city is complete and scores 4.
//! game.apply(&Move::place(tile("E"), Cell::new(0, -1), Rotation::R180, Some(Port::S))).unwrap();
//! // Bram extends the road east with a curve and a thief; Anna continues it west.
//! game.apply(&Move::place(tile("V"), Cell::new(1, 0), Rotation::R90, Some(Port::W))).unwrap();
//! game.apply(&Move::place(tile("U"), Cell::new(-1, 0), Rotation::R0, None)).unwrap();
//! assert_eq!(game.scores(), &[4, 0]);
//!
//! // The end count: Bram's unfinished road of three tiles scores 3.
//! game.finish().unwrap();
//! assert_eq!(game.scores(), &[4, 3]);
//! ```
//!
//! The board, as the example leaves it (`x` grows east, `y` south):
//!
//! ```text
//!          x=-1   x=0    x=1
//! y=-1            [E]     ‖
//! y=0     [U]====[D]====[V]
//! ```
//!
//! The road runs from the open west end through `U` and `D` into the curve `V`, which turns
//! it north; Anna's city is `E` over `D`'s city edge.

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod board;
mod catalog;
mod challenge;
mod coord;
mod count;
mod event;
mod figure;
mod game;
mod goods;
mod grid;
mod heading;
mod history;
mod player;
mod playout;
mod query;
mod river;
mod rule;
mod rules;
mod scoring;
mod tile;
mod title;

pub use board::{Board, EdgeMismatch, FeatureView, FitError, Follower, PlacedTile, Standing};
pub use challenge::Challenge;
pub use coord::{Cell, Port, Rotation, Side};
pub use count::{City, CountChoice, CountMovement, Entry, MoveOption, Quarter, QuarterMove};
pub use event::{Event, Score, ScoreLists, ScoreSource, Span, SCORE_RULES};
pub use figure::Figure;
pub use game::{
    flight_target, AbbotError, AllBoxes, BigFollowerError, BuilderError, CityError, CountError, CropAction, CropChoice,
    CropCircle, CropDeed, CropError, CropOptions, CropTurn, DrawError, FerryError, FerryMove, FinishError, Flight,
    FlightError, FollowerError, Game, GameSetup, GoldError, GoldTake, MagicAsked, MagicError, MagicFigure,
    MagicFigures, MagicMove, MagicOptions, Mode, Move, MoveError, NextGoldTake, PigError, PlacementError, PlayerSetup,
    Purchase, PurchaseError, ReplayError, SecondIngot, SetupError, StandError, Start, Told, ToldAnswers, TrackPosition,
    FLIGHT_ROLLS, FOLLOWERS_PER_PLAYER, INGOTS,
};
pub use goods::{Goods, Tokens};
pub use heading::Heading;
pub use history::History;
pub use player::{ByPlayer, Color, PlayerId, PlayerSet, MAX_PLAYERS};
pub use playout::{playout_move, Picks};
pub use query::{OpenFeature, PlayerSummary};
pub use river::{Branch, River, RiverError, Turn};
pub use rule::Rule;
pub use rules::{Bounds, FarmRule, RuleSet, TiedWinners, Unplaceable};
pub use tile::{
    CropSymbol, EdgeKind, FeatureDef, FeatureKind, LocalFeature, TileDef, TileId, TileMarks, TileSelection, TileSet,
};
pub use title::{Title, TitleKind, Titles};

/// The engine's version, as built.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
