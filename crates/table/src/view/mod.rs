//! What the table screen shows of a game, as plain data for the UI.
//!
//! Everything here is read off the engine; the UI computes no rule. With the `specta`
//! feature the types also describe themselves, so the UI's TypeScript types are generated
//! from these. Each file holds the views of one part of the screen, re-exported here:
//!
//! - `game.rs`: the board, the bag and the notices: the game on the table;
//! - `ferries.rs`: the ferries on their lakes;
//! - `gold.rs`: the gold ingots on tiles and in hand (Gold Mines);
//! - `score.rs`: each player's score and the score feed;
//! - `result.rs`: a finished game's ranking and its end count step by step;
//! - `turn_log.rs`: a line per turn;
//! - `replay.rs`: a stored game or a script stepped through turn by turn.

mod ferries;
mod game;
mod gold;
mod replay;
mod result;
mod score;
mod turn_log;

#[cfg(test)]
mod tests;

pub use ferries::FerryView;
pub use game::{
    BagCount, ChallengeView, CityView, FollowerOnBoard, GameView, GoodsHeldView, OpenFeatureView, Progress,
    QuarterView, TileOnBoard, TitleView, TitlesView, TradersView,
};
pub use gold::{GoldView, IngotsOnTile};
pub use replay::{replay_view, script_replay_view, ReplayView};
pub use result::{
    other_farm_rule, CountStepView, CountView, FarmComparison, FarmStepView, FieldPiece, ResultView, StandingView,
    SuppliedCity,
};
pub use score::{BeforeCountView, FigureInHand, PlayerView, ScoreView, TrackView};
pub use turn_log::{turn_log, turn_log_of, TurnKind, TurnView};
