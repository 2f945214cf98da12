//! The one error type of the commands, with the file or game it concerns, and the table's own
//! refusals, which cross to the UI as they are.

use crate::limit::OverLimit;
use castellan_engine::{MoveError, ReplayError, SetupError};
use castellan_ledger::LedgerError;
use castellan_script::ScriptError;

/// Why a command did not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The ledger refused or failed.
    #[error("{0}")]
    Ledger(#[from] LedgerError),
    /// A game script is not valid or breaks a rule.
    #[error("{file}: {error}")]
    Script {
        /// The file.
        file: String,
        /// Why.
        error: ScriptError,
    },
    /// The ledger refused what a file asked for (two names of one player, a blank name, a
    /// damaged ledger); nothing of the file was written.
    #[error("{file}: {error}")]
    Refused {
        /// The file.
        file: String,
        /// Why (boxed: a file's refusal is rare, and every other command's result stays small).
        error: Box<LedgerError>,
    },
    /// The same game (players, setup and moves) is in the ledger already; nothing of the
    /// file was written.
    #[error("{file}: already in the ledger as game {game} of {date}{} (same players, setup and moves)",
        place.as_deref().map(|p| format!(" at {}", castellan_script::shown::excerpt(p))).unwrap_or_default())]
    AlreadyImported {
        /// The file.
        file: String,
        /// The stored game.
        game: i64,
        /// The date of its night.
        date: chrono::NaiveDate,
        /// Its night's place, if said.
        place: Option<String>,
    },
    /// Only finished games go into the ledger from a script.
    #[error("{file}: the game is not finished (final_scoring is not true)")]
    Unfinished {
        /// The file.
        file: String,
    },
    /// A new game needs two players at least: Carcassonne has no game for one (B-02).
    #[error("a game needs at least two players; {seated} seated")]
    TooFewPlayers {
        /// How many were seated.
        seated: usize,
    },
    /// A name, a place, a file or a request is over its limit ([`crate::limit`]); nothing
    /// was written.
    #[error("{}{over}", file.as_deref().map(|f| format!("{f}: ")).unwrap_or_default())]
    OverLimit {
        /// The file it was read from, if one.
        file: Option<String>,
        /// What, and the limit.
        over: OverLimit,
    },
    /// A file could not be read or written.
    #[error("{path}: {error}")]
    Io {
        /// The path.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// The ledger file at a path could not be opened.
    #[error("{path}: {error}")]
    LedgerAt {
        /// The file.
        path: String,
        /// Why.
        error: LedgerError,
    },
    /// No ledger at that path: commands that read never create one.
    #[error("{path}: no ledger there")]
    NoLedger {
        /// The path.
        path: String,
    },
    /// A game asked for alone cannot be exported: it is voided, or not finished. Exports
    /// hold only games that count.
    #[error("game {game}: {}", if *voided { "voided games are not exported" } else { "only finished games are exported" })]
    NotExportable {
        /// The game's id.
        game: i64,
        /// Voided (else unfinished).
        voided: bool,
    },
    /// A night asked for has no finished game that counts.
    #[error("night {night}: no finished game to export")]
    NothingToExport {
        /// The night's id.
        night: i64,
    },
    /// A file is there already and nobody confirmed replacing it; nothing was written.
    #[error("{path}: exists already; nothing was written")]
    FileExists {
        /// The file.
        path: String,
    },
    /// A stored game does not replay any more.
    #[error("game {game}: {detail}")]
    Stored {
        /// The game's id.
        game: i64,
        /// What is wrong.
        detail: String,
    },
    /// The game on the table is not in a state for the request.
    #[error(transparent)]
    Table(#[from] TableRefusal),
    /// The players, sets or rules do not make a game.
    #[error("{0}")]
    Setup(SetupError),
    /// The move breaks a rule.
    #[error("{0}")]
    Move(MoveError),
    /// A corrected game no longer replays.
    #[error("{0}")]
    Replay(ReplayError),
}

/// Why the game on the table is not in a state for a request: sent to the UI as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum TableRefusal {
    /// No game is on the table.
    #[error("no game is being played")]
    NoGame,
    /// The game on the table has had its final count.
    #[error("the game is over")]
    GameFinished,
    /// The game on the table has had no final count, so there is none to undo.
    #[error("the game has had no final count")]
    NoFinalCount,
    /// Scores before the end count given for a game entered turn by turn, which scored
    /// every point itself.
    #[error("only a final board takes the scores before the end count")]
    TrackInTurns,
    /// Scores before the end count, but not one for each player.
    #[error("{given} scores before the end count for {seated} players")]
    TrackSeats {
        /// Players at the table.
        seated: u32,
        /// Scores given.
        given: u32,
    },
}
