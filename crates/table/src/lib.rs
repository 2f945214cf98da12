//! Castellan's commands: what the app and the `castellan` command do with a game, the rules
//! engine and the game-night ledger together. Nothing here knows about windows or IPC, so
//! every command runs in plain tests.
//!
//! - [`app`]: what the start screen shows;
//! - [`catalog`]: the tiles as the UI draws them;
//! - [`count`]: the Count of Carcassonne's decisions and the question asked before a move;
//! - [`live`]: the game being played, each move stored as it is entered;
//! - [`input`]: a new game's setup and the moves as the table screen sends them;
//! - [`view`]: what the table screen shows of a game;
//! - [`history`]: the game nights and their games for the history screen;
//! - [`import`]: finished game scripts into the ledger, each file all or nothing;
//! - [`export`]: the ledger, a night or a game out as game scripts, CSV of results, or BG
//!   Stats–shaped JSON;
//! - [`save`]: exported files written whole, replacing none unless the player agreed;
//! - [`script_file`]: a game script opened from a file, replayed, imported when asked;
//! - [`roster`]: the players the ledger knows, for the new-game screen;
//! - [`rules`]: the rule options the setup screen shows, and the published presets;
//! - [`stats`]: the statistics as JSON;
//! - [`target`]: the features a follower may move onto, described as the table sees them;
//! - [`record`]: what the ledger keeps of a finished game.

#![deny(missing_docs)]

pub mod app;
pub mod catalog;
pub mod count;
pub mod export;
pub mod history;
pub mod import;
pub mod input;
pub mod live;
pub mod record;
pub mod roster;
pub mod rules;
pub mod save;
pub mod script_file;
pub mod stats;
pub mod target;
pub mod view;

mod error;

pub use error::TableError;

/// The version of this build (every crate of the workspace shares it): what the app records
/// with each game it starts.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
