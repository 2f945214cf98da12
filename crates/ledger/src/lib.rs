//! The game-night ledger of Castellan: players, game nights, games with every move entered,
//! and results, in one SQLite file that [`Ledger`] owns.
//!
//! The move log is the source of truth: a move is committed the moment it is entered, and
//! undo, redo and correction move a cursor over the log (see [`Ledger::append_move`]).
//! Setups and moves are game-script JSON (the project's interchange format), stored and
//! returned verbatim: this crate never interprets a rule, the engine does.
//!
//! # Examples
//!
//! A night, a game of two, three moves entered and the last one taken back, then the game
//! finished with the scores the engine computed:
//!
//! ```
//! use castellan_ledger::{BiggestMove, Color, Finish, Ledger, NewGame, PlayerResult, PointsByKind, Seat};
//! use chrono::{NaiveDate, TimeZone, Utc};
//!
//! let mut ledger = Ledger::open_in_memory()?;
//! let anna = ledger.add_player("Anna", Some(Color::Red))?;
//! let bram = ledger.add_player("Bram", None)?;
//! let may_day = NaiveDate::from_ymd_opt(2024, 5, 1).unwrap();
//! let night = ledger.add_night(may_day, Some("Utrecht"), &[anna, bram])?;
//! let eight_pm = Utc.with_ymd_and_hms(2024, 5, 1, 20, 0, 0).unwrap();
//! let game = ledger.start_game(&NewGame {
//!     night,
//!     script_version: 1,
//!     setup_json: r#"{"sets": ["base"], "start": "base"}"#.to_owned(),
//!     seats: vec![
//!         Seat { player: anna, color: Color::Red },
//!         Seat { player: bram, color: Color::Blue },
//!     ],
//!     start_seat: 0,
//!     started_at: eight_pm,
//!     app_version: Some("1.0.0".to_owned()),
//! })?;
//!
//! // Each change names where the log stood when the engine checked it.
//! let mut seen = ledger.cursor(game)?;
//! seen = ledger.append_move(game, seen, r#"{"tile": "E", "at": [0, -1], "rot": 180, "meeple": "S"}"#, eight_pm)?;
//! seen = ledger.append_move(game, seen, r#"{"tile": "V", "at": [1, 0], "rot": 90}"#, eight_pm)?;
//! seen = ledger.append_move(game, seen, r#"{"tile": "X", "discard": true}"#, eight_pm)?;
//! let state = ledger.undo(game, seen)?;
//! assert_eq!((state.cursor, state.stored), (2, 3), "the undone move waits in the redo tail");
//! assert_eq!(ledger.unfinished_game()?.map(|g| g.id), Some(game), "offered for resuming");
//!
//! let result = |player, cities| PlayerResult {
//!     player,
//!     score: cities,
//!     points: PointsByKind { cities, ..PointsByKind::default() },
//!     biggest_city_tiles: None,
//!     longest_road_tiles: None,
//! };
//! let ended_at = eight_pm + chrono::Duration::minutes(45);
//! let results = vec![result(anna, 4), result(bram, 0)];
//! let biggest_move = Some(BiggestMove { player: anna, points: 4, seq: 1 });
//! ledger.finish_game(game, &Finish { final_moves_json: None, ended_at, results, biggest_move })?;
//!
//! let stats = ledger.statistics()?;
//! let anna_stats = stats.players.iter().find(|s| s.player == anna).unwrap();
//! assert_eq!((anna_stats.games, anna_stats.wins, anna_stats.best_score), (1, 1, Some(4)));
//! assert_eq!(ledger.history()?[0].games[0].standings[0].rank, 1);
//! # Ok::<(), castellan_ledger::LedgerError>(())
//! ```

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod batch;
mod biggest_move;
mod error;
mod game;
mod highlight;
mod history;
mod holder;
mod json;
mod ledger;
mod location;
mod lock;
pub mod migration;
mod moves;
mod night;
mod player;
mod query;
mod rating;
mod reading;
mod result;
mod stats;
mod timestamp;

pub use batch::Batch;
pub use biggest_move::BiggestMove;
pub use error::{
    EndError, FileProblem, ImportError, JsonShape, LedgerError, Missing, MoveLogError, NewGameError, NotJson,
    OpenError, PlayerError, Result, RosterError, RowError, SchemaDifference, SeatError, StatusError, StoreError,
};
pub use game::{Game, GameId, GameStatus, NewGame, Seat};
pub use highlight::{BrokenRecord, RecordKind};
pub use history::{GameHistory, NightHistory};
pub use holder::Holder;
pub use ledger::Ledger;
pub use moves::{CursorState, MoveRecord};
pub use night::{Night, NightId};
pub use player::{check_roster, name_key, Color, ParseColorError, Player, PlayerId};
pub use rating::{PlayerRating, Rating, RatingPoint, Ratings, PROVISIONAL_GAMES};
pub use result::{Finish, GameImport, NewMove, PlayerResult, PointsByKind, Standing};
pub use stats::{
    BiggestMoveRecord, BoxPlayer, BoxStats, HeadToHead, Meetings, PlayerStats, Record, Records, Statistics,
};
