//! The one error type of the commands, with the file or game it concerns, and the table's own
//! refusals. Both cross to the UI as they are: each variant is tagged data the UI words in the
//! player's language, and what it wraps from the ledger, the script reader or the OS is sent
//! in the shape [`crate::ledger_fault`] and [`crate::script_fault`] give it. `Display` is for
//! logs and the command line.
//!
//! A new variant does not compile in the app until it has its sample there, and the UI's
//! exhaustive switch over the generated type does not type-check until it is worded.

use crate::limit::OverLimit;
use castellan_engine::{MoveError, ReplayError, Rule, SetupError};
use castellan_ledger::{
    EndError, ImportError, LedgerError, MoveLogError, NewGameError, OpenError, PlayerError, RosterError, RowError,
    StatusError, StoreError,
};
use castellan_script::ScriptError;
use serde::Serialize;

/// Why a command did not do what was asked.
#[derive(Debug, thiserror::Error, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum TableError {
    /// The ledger refused or failed; nothing of the request was recorded.
    #[error("{0}")]
    Ledger(
        #[serde(serialize_with = "crate::ledger_fault::serialize")]
        #[cfg_attr(feature = "specta", specta(type = crate::ledger_fault::LedgerFault))]
        LedgerError,
    ),
    /// A game script is not valid or breaks a rule.
    #[error("{file}: {error}")]
    Script {
        /// The file.
        file: String,
        /// Why, and where in the file (boxed: a damaged script is rare, and every other
        /// command's result stays small).
        #[serde(serialize_with = "crate::script_fault::serialize")]
        #[cfg_attr(feature = "specta", specta(type = crate::script_fault::ScriptFault))]
        error: Box<ScriptError>,
    },
    /// The ledger refused what a file asked for (two names of one player, a blank name, a
    /// damaged ledger); nothing of the file was written.
    #[error("{file}: {error}")]
    Refused {
        /// The file.
        file: String,
        /// Why (boxed: a file's refusal is rare, and every other command's result stays small).
        #[serde(serialize_with = "crate::ledger_fault::serialize_boxed")]
        #[cfg_attr(feature = "specta", specta(type = crate::ledger_fault::LedgerFault))]
        error: Box<LedgerError>,
    },
    /// The same game (players, setup and moves) is in the ledger already; nothing of the
    /// file was written.
    #[error("{file}: already in the ledger as game {game} of {date}{} (same players, setup and moves)",
        place.as_deref().map(|p| format!(" at {p}")).unwrap_or_default())]
    AlreadyImported {
        /// The file.
        file: String,
        /// The stored game.
        #[cfg_attr(feature = "specta", specta(type = u32))]
        game: i64,
        /// The date of its night (YYYY-MM-DD).
        #[serde(serialize_with = "iso_date")]
        #[cfg_attr(feature = "specta", specta(type = String))]
        date: chrono::NaiveDate,
        /// Its night's place, if said, as errors show a value.
        place: Option<String>,
    },
    /// Only finished games go into the ledger from a script.
    #[error("{file}: the game is not finished (final_scoring is not true)")]
    Unfinished {
        /// The file.
        file: String,
    },
    /// A new game needs two players at least: Carcassonne has no game for one.
    #[error("a game needs at least two players; {seated} seated")]
    TooFewPlayers {
        /// How many were seated.
        seated: u32,
        /// The rule: B-02.
        rule: Rule,
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
    /// A file could not be read (or is not text).
    #[error("{path}: {error}")]
    NotRead {
        /// The path.
        path: String,
        /// What the OS said.
        #[serde(serialize_with = "to_text")]
        #[cfg_attr(feature = "specta", specta(type = String))]
        error: std::io::Error,
    },
    /// A file could not be written; nothing of it is left behind.
    #[error("{path}: {error}")]
    NotWritten {
        /// The path.
        path: String,
        /// What the OS said.
        #[serde(serialize_with = "to_text")]
        #[cfg_attr(feature = "specta", specta(type = String))]
        error: std::io::Error,
    },
    /// The ledger file at a path could not be opened; it is left untouched.
    #[error("{path}: {error}")]
    LedgerAt {
        /// The file.
        path: String,
        /// Why, for the UI to word and to say what to do.
        #[serde(serialize_with = "crate::ledger_fault::serialize_unusable")]
        #[cfg_attr(feature = "specta", specta(type = crate::ledger_fault::Unusable))]
        error: OpenError,
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
        #[cfg_attr(feature = "specta", specta(type = u32))]
        game: i64,
        /// Voided (else unfinished).
        voided: bool,
    },
    /// A night asked for has no finished game that counts.
    #[error("night {night}: no finished game to export")]
    NothingToExport {
        /// The night's id.
        #[cfg_attr(feature = "specta", specta(type = u32))]
        night: i64,
    },
    /// A file is there already and nobody confirmed replacing it; nothing was written.
    #[error("{path}: exists already; nothing was written")]
    FileExists {
        /// The file.
        path: String,
    },
    /// A game stored in the ledger no longer replays (its setup or a move cannot be read, or
    /// the rules refuse it now): it cannot be shown or exported; the ledger is unchanged.
    #[error("game {game}: {detail}")]
    Stored {
        /// The game's id.
        #[cfg_attr(feature = "specta", specta(type = u32))]
        game: i64,
        /// What is wrong, in the reader's or the engine's words, for the log and to quote.
        detail: String,
    },
    /// The game on the table is not in a state for the request.
    #[error("{refusal}")]
    Table {
        /// Which.
        #[from]
        refusal: TableRefusal,
    },
    /// The players, sets or rules do not make a game.
    #[error("{error}")]
    Setup {
        /// The engine's refusal.
        error: SetupError,
        /// The checklist rule it cites, if one does.
        rule: Option<Rule>,
    },
    /// The move breaks a rule; nothing changed.
    #[error("{error}")]
    Move {
        /// The engine's refusal, naming the tile, place, side or player.
        error: MoveError,
        /// The checklist rule it cites, if one does.
        rule: Option<Rule>,
    },
    /// A corrected game no longer replays: a later turn would be refused; nothing changed.
    #[error("turn {turn} would no longer fit: {error}")]
    LaterTurn {
        /// The later turn, counted from 1 as the turn log shows it.
        turn: u32,
        /// Why the engine refuses it.
        error: MoveError,
        /// The checklist rule it cites, if one does.
        rule: Option<Rule>,
    },
}

impl TableError {
    /// Fewer than two players seated (Rule B-02).
    pub fn too_few_players(seated: usize) -> TableError {
        TableError::TooFewPlayers { seated: u32::try_from(seated).unwrap_or(u32::MAX), rule: Rule::B02 }
    }
}

/// Each ledger operation's error is the ledger's failure, whichever operation of a command
/// it was.
macro_rules! from_ledger_operations {
    ($($operation:ty),* $(,)?) => {$(
        impl From<$operation> for TableError {
            fn from(e: $operation) -> TableError {
                TableError::Ledger(e.into())
            }
        }
    )*};
}

from_ledger_operations!(
    LedgerError,
    OpenError,
    StoreError,
    RowError,
    PlayerError,
    NewGameError,
    MoveLogError,
    EndError,
    StatusError,
    ImportError,
    RosterError,
);

impl From<MoveError> for TableError {
    fn from(error: MoveError) -> TableError {
        let rule = error.rule();
        TableError::Move { error, rule }
    }
}

impl From<SetupError> for TableError {
    fn from(error: SetupError) -> TableError {
        let rule = error.rule();
        TableError::Setup { error, rule }
    }
}

impl From<ReplayError> for TableError {
    fn from(error: ReplayError) -> TableError {
        match error {
            ReplayError::Setup(error) => error.into(),
            ReplayError::Move { index, error } => {
                let rule = error.rule();
                TableError::LaterTurn { turn: u32::try_from(index + 1).unwrap_or(u32::MAX), error, rule }
            }
        }
    }
}

fn iso_date<S: serde::Serializer>(date: &chrono::NaiveDate, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&date.format("%Y-%m-%d"))
}

fn to_text<S: serde::Serializer>(error: &std::io::Error, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(error)
}

/// An error's text followed by each of its causes: the words a log and a quoted detail show.
pub fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(e) = cause {
        let more = e.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        cause = e.source();
    }
    text
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
