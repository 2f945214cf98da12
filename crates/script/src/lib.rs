//! The game-script format, version 1: a JSON record of a game as entered at the table.
//!
//! The format is a contract shared with other tools (documented in `docs/game-script.md` at
//! the repository root). This crate reads it into engine types ([`Script`]), replays it
//! ([`Script::play`]), and writes it back ([`Script::to_json`]). Keys the format does not
//! define are ignored; a defined key with a wrong type or value is an error naming where it
//! is.

mod read;
mod report;
mod scenario;
mod write;

pub use read::{ScriptError, ScriptErrorKind};
pub use report::report;
pub use scenario::check_scenario;

use castellan_engine::{Cell, Game, GameSetup, Move, PlayerId, Port, ReplayError};
use std::collections::BTreeMap;

/// The `format` value every script carries.
pub const FORMAT: &str = "castellan-game-script";
/// The format version this crate reads and writes.
pub const VERSION: u64 = 1;

/// A follower standing on the finished board (final-board scripts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingFollower {
    /// Whose.
    pub player: PlayerId,
    /// Where.
    pub cell: Cell,
    /// On which place.
    pub port: Port,
}

/// A parsed game script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    /// Players, sets, start, rules and mode.
    pub setup: GameSetup,
    /// One entry per tile drawn (or per tile on the finished board).
    pub moves: Vec<Move>,
    /// Final-board followers.
    pub followers: Vec<StandingFollower>,
    /// Apply the end-of-game count after the last move.
    pub final_scoring: bool,
    /// Expected totals by player name, when the script states them.
    pub expect: Option<BTreeMap<String, u32>>,
}

/// A script that replayed but did not give the totals it expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectMismatch {
    /// `(name, expected, actual)` for every player whose total differs.
    pub differences: Vec<(String, u32, u32)>,
}

impl std::fmt::Display for ExpectMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self
            .differences
            .iter()
            .map(|(n, e, a)| format!("{n} expected {e}, got {a}"))
            .collect();
        write!(f, "scores differ from expect: {}", parts.join("; "))
    }
}

impl Script {
    /// Replays the script: setup, moves, followers, and the final count if asked for.
    ///
    /// # Errors
    /// The setup or the first refused move, with its index.
    pub fn play(&self) -> Result<Game, ScriptError> {
        let mut game = Game::replay(&self.setup, &self.moves).map_err(|e| match e {
            ReplayError::Setup(e) => ScriptError::at("setup", ScriptErrorKind::Setup(e)),
            ReplayError::Move { index, error } => {
                ScriptError::at(format!("move {index}"), ScriptErrorKind::Move(error))
            }
        })?;
        for (i, f) in self.followers.iter().enumerate() {
            game.place_standing_follower(f.player, f.cell, f.port)
                .map_err(|e| ScriptError::at(format!("follower {i}"), ScriptErrorKind::Move(e)))?;
        }
        if self.final_scoring {
            game.finish()
                .map_err(|e| ScriptError::at("final scoring", ScriptErrorKind::Move(e)))?;
        }
        Ok(game)
    }

    /// Compares a replayed game's totals with `expect`.
    ///
    /// # Errors
    /// Every player whose total differs.
    pub fn check_expect(&self, game: &Game) -> Result<(), ExpectMismatch> {
        let Some(expect) = &self.expect else {
            return Ok(());
        };
        let mut differences = Vec::new();
        for (i, p) in self.setup.players.iter().enumerate() {
            if let Some(&want) = expect.get(&p.name) {
                let got = game.scores()[i];
                if got != want {
                    differences.push((p.name.clone(), want, got));
                }
            }
        }
        if differences.is_empty() {
            Ok(())
        } else {
            Err(ExpectMismatch { differences })
        }
    }
}
