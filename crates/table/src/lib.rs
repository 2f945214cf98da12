//! Castellan's commands: what the app and the `castellan` command do with a game, the rules
//! engine and the game-night ledger together. Nothing here knows about windows or IPC, so
//! every command runs in plain tests.
//!
//! - [`app`]: what the start screen shows;
//! - [`catalog`]: the tiles as the UI draws them;
//! - [`request`]: everything the table screen sends: a new game's setup, the moves and the
//!   Count's decisions;
//! - [`options`]: the rule options the setup screen shows, and the published presets;
//! - [`degrees`]: a tile's rotation as the UI sends and is shown it;
//! - [`placement`]: where a drawn tile fits and where a follower may go on it;
//! - [`count`]: the question asked before a move in a game with the Count;
//! - [`live`]: the game being played, each move stored as it is entered;
//! - [`night`]: which game night a game belongs to: the players' own date;
//! - [`night_picture`]: a game night as one PNG picture to share;
//! - [`view`]: what the table screen shows of a game;
//! - [`history`]: the game nights and their games for the history screen;
//! - [`import`]: finished game scripts into the ledger, each file all or nothing;
//! - [`export`]: the ledger, a night or a game out as game scripts, CSV of results, or BG
//!   Stats–shaped JSON;
//! - [`save`]: exported files written whole, replacing none unless the player agreed;
//! - [`script_file`]: a game script opened from a file, replayed, imported when asked;
//! - [`limit`]: the sizes of names, places, script files and requests, checked where they
//!   enter;
//! - [`roster`]: the players the ledger knows, for the new-game screen;
//! - [`stats`]: the statistics as JSON;
//! - [`stored`]: a game stored in the ledger, read back as a script and replayed;
//! - [`target`]: the features a follower may move onto, described as the table sees them;
//! - [`record`]: what the ledger keeps of a finished game.

#![deny(missing_docs)]

pub mod app;
pub mod atomic_file;
pub mod box_names;
pub mod catalog;
pub mod count;
pub mod degrees;
pub mod export;
pub mod highlight;
pub mod history;
pub mod import;
pub mod ledger_fault;
pub mod limit;
pub mod live;
pub mod night;
pub mod night_picture;
pub mod options;
pub mod place_point;
pub mod placement;
pub mod record;
pub mod request;
pub mod roster;
pub mod save;
pub mod script_fault;
pub mod script_file;
pub mod stats;
pub mod stored;
pub mod target;
pub mod tell;
pub mod view;

mod error;
#[cfg(test)]
mod fixture;
#[cfg(test)]
mod magic_final_board;

pub use error::{with_causes, TableError, TableRefusal};
pub use live::{LiveGame, Table};

/// The rules engine the table plays by. A caller (the app) names the engine's types through
/// here — a move's error, the colours and boxes the UI lists — so that the table is its one
/// door and the two can never come from different builds.
pub use castellan_engine as engine;
/// The ledger the table keeps its games in, re-exported for the same reason as [`engine`]:
/// the app opens the file and words its errors.
pub use castellan_ledger as ledger;
/// The game-script format, re-exported for the same reason: the app words a script's errors.
pub use castellan_script as script;

/// The version of this build (every crate of the workspace shares it): what the app records
/// with each game it starts.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
