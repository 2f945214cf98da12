//! A game script that cannot be replayed, as the UI is sent it: where in the file, and what is
//! wrong there, as data. The rules' refusals are the engine's data, as for a move entered at
//! the table; what is wrong with the file's form keeps the reader's words, which name keys and
//! values of the file.

use castellan_engine::{MoveError, Rule, SetupError, TitleKind};
use castellan_script::shown::excerpt;
use castellan_script::{ScriptError, ScriptErrorKind};
use serde::Serialize;

/// Where and what, with the script's players by seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ScriptFault {
    /// Where in the file.
    pub at: ScriptPlace,
    /// What is wrong there.
    pub problem: ScriptProblem,
    /// The script's players by seat, when it was read that far: whom a refusal's seat
    /// numbers name.
    pub names: Vec<String>,
}

/// Where in a game script a problem is: [`castellan_script::ScriptPlace`] as data the UI
/// words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ScriptPlace {
    /// An entry of `moves`, counted from 0 as the file's list is.
    Move {
        /// Its index in `moves`.
        index: u32,
        /// The key inside the entry, as a path (`crop_circle.actions[1]`), when the problem
        /// is there: the file's own names.
        key: Option<String>,
    },
    /// An entry of a final board's `followers`, counted from 0.
    Follower {
        /// Its index in `followers`.
        index: u32,
        /// The key inside the entry, as a path, when the problem is there.
        key: Option<String>,
    },
    /// Where the text stops being JSON.
    Text {
        /// The line, from 1.
        line: u32,
        /// The column, from 1.
        column: u32,
    },
    /// A key of the file, as a path (`setup.rules.farms`, `players[1]`, `final_moves[2]`):
    /// the file's own names, the same in every language.
    Key {
        /// The path.
        path: String,
    },
}

impl ScriptPlace {
    /// The place the script reader names.
    fn of(at: &castellan_script::ScriptPlace) -> ScriptPlace {
        use castellan_script::ScriptPlace as At;
        let number = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        match at {
            At::Move { index, key } => ScriptPlace::Move { index: number(*index), key: key.clone() },
            At::Follower { index, key } => ScriptPlace::Follower { index: number(*index), key: key.clone() },
            At::Text { line, column } => ScriptPlace::Text { line: number(*line), column: number(*column) },
            At::Key { path } => ScriptPlace::Key { path: path.clone() },
        }
    }
}

/// What is wrong in a game script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ScriptProblem {
    /// The text is not JSON.
    NotJson {
        /// The JSON reader's words.
        detail: String,
    },
    /// JSON, but not in the game-script format there (a missing key, a wrong type, an
    /// unknown value).
    Format {
        /// The script reader's words, which name the keys and values concerned.
        detail: String,
    },
    /// The setup does not make a game.
    Setup {
        /// The engine's refusal.
        error: SetupError,
        /// The checklist rule it cites, if one does.
        rule: Option<Rule>,
    },
    /// The rules refuse a move of the script.
    Move {
        /// The engine's refusal.
        error: MoveError,
        /// The checklist rule it cites, if one does.
        rule: Option<Rule>,
    },
    /// A player without a name.
    NoName,
    /// Fewer than two players (Rule B-02).
    TooFewPlayers {
        /// How many are seated.
        seated: u32,
    },
    /// A final board names a King, but no city on the table is complete.
    KingWithoutCity {
        /// The name given as holder.
        holder: String,
    },
    /// A final board names a Robber, but no road on the table is complete.
    RobberWithoutRoad {
        /// The name given as holder.
        holder: String,
    },
}

impl ScriptFault {
    /// Where and what `error` is.
    pub fn of(error: &ScriptError) -> ScriptFault {
        ScriptFault {
            at: ScriptPlace::of(&error.at),
            problem: ScriptProblem::of(&error.kind),
            names: error.names().to_vec(),
        }
    }
}

impl ScriptProblem {
    fn of(kind: &ScriptErrorKind) -> ScriptProblem {
        match kind {
            ScriptErrorKind::Json(detail) => ScriptProblem::NotJson { detail: detail.clone() },
            ScriptErrorKind::Format(detail) => ScriptProblem::Format { detail: detail.clone() },
            ScriptErrorKind::Setup(error) => {
                let rule = error.rule();
                // The name is the file's, shown as errors show a value.
                let error = match error {
                    SetupError::DuplicateName(name) => SetupError::DuplicateName(excerpt(name).to_string()),
                    other => other.clone(),
                };
                ScriptProblem::Setup { error, rule }
            }
            ScriptErrorKind::Move(error) => ScriptProblem::Move { error: error.clone(), rule: error.rule() },
            ScriptErrorKind::NoName => ScriptProblem::NoName,
            ScriptErrorKind::TooFewPlayers { names } => {
                ScriptProblem::TooFewPlayers { seated: u32::try_from(names.len()).unwrap_or(u32::MAX) }
            }
            ScriptErrorKind::TitleWithoutFeature { title: TitleKind::King, holder } => {
                ScriptProblem::KingWithoutCity { holder: excerpt(holder).to_string() }
            }
            ScriptErrorKind::TitleWithoutFeature { title: TitleKind::Robber, holder } => {
                ScriptProblem::RobberWithoutRoad { holder: excerpt(holder).to_string() }
            }
        }
    }
}

#[allow(clippy::borrowed_box)] // serde hands the field as it is declared
pub(crate) fn serialize<S: serde::Serializer>(error: &Box<ScriptError>, s: S) -> Result<S::Ok, S::Error> {
    ScriptFault::of(error).serialize(s)
}
