//! The one error type that crosses the IPC boundary, as tagged data the UI switches on.
//!
//! The UI renders its own translated text from `kind` and the fields. A refusal carries the
//! engine's own error value and the rule it cites, so that the UI can name the tile, place,
//! side and player in the player's language; `detail` carries the ledger's or the OS's words
//! for the log and for what has no translation, which the UI shows quoted after a sentence of
//! its own.

use crate::settings::SettingKey;
use castellan_table::count::QuestionError;
use castellan_table::engine::{MoveError, ReplayError, Rule, SetupError, TitleKind};
use castellan_table::ledger::{FileProblem, LedgerError};
use castellan_table::limit::OverLimit;
use castellan_table::request::RequestError;
use castellan_table::script::shown::excerpt;
use castellan_table::script::{ScriptError, ScriptErrorKind};
use castellan_table::{TableError, TableRefusal};
use serde::Serialize;

/// Why a command failed, for the UI.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type, thiserror::Error)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum CommandError {
    /// The ledger file could not be opened (damaged, written by a newer Castellan, in use, or
    /// its folder cannot be made); it is left untouched and nothing can be recorded until
    /// this is resolved.
    #[error("the ledger at {path} cannot be used: {detail}")]
    LedgerUnavailable {
        /// The file, or the data folder when that cannot be made.
        path: String,
        /// Why, for the UI to word and to say what to do.
        problem: LedgerProblem,
        /// The ledger's or the OS's own words, for the log.
        detail: String,
    },
    /// A setting could not be saved; the settings file is as it was.
    #[error("the settings could not be saved to {path}: {detail}")]
    SettingsNotSaved {
        /// The settings file.
        path: String,
        /// What the OS said.
        detail: String,
    },
    /// A setting's value is larger than any setting needs; the settings file is as it was.
    #[error("the setting {} was not saved: {bytes} bytes, at most {max}", key.name())]
    SettingTooLarge {
        /// The setting.
        key: SettingKey,
        /// The value's size as compact JSON.
        bytes: u32,
        /// The limit.
        max: u32,
    },
    /// A name, a place or a game script file is over its limit; nothing was written.
    #[error("{}{over}", path.as_deref().map(|p| format!("{p}: ")).unwrap_or_default())]
    OverLimit {
        /// The file, when a file was read.
        path: Option<String>,
        /// What, and the limit.
        over: OverLimit,
    },
    /// Writing to the ledger failed; nothing of the request was recorded.
    #[error("the ledger refused: {detail}")]
    Ledger {
        /// Why, for the UI to word.
        refusal: LedgerRefusal,
        /// The ledger's own words, for the log, and for the UI to quote when the refusal is
        /// [`LedgerRefusal::Other`].
        detail: String,
    },
    /// The ledger file could not be read or written (a full disk, a read-only file, a lock,
    /// a failing disk): this change was not saved, and nothing saved before it was lost.
    #[error("{problem}: this change was not saved ({detail})")]
    LedgerFile {
        /// What kept the file from being written, for the UI to word.
        problem: FileProblem,
        /// The ledger's and SQLite's own words, for the log.
        detail: String,
    },
    /// The game on the table is not in a state for the request (no game, the game is over,
    /// no final count to undo, scores before the count that do not fit).
    #[error("{refusal}")]
    Table {
        /// Which, for the UI to word.
        refusal: TableRefusal,
    },
    /// A game stored in the ledger no longer replays (its setup or a move cannot be read, or
    /// the rules refuse it now): it cannot be shown or exported; the ledger is unchanged.
    #[error("game {game} no longer replays: {detail}")]
    StoredGameBroken {
        /// The game.
        game: u32,
        /// What is wrong, in the reader's or the engine's words, for the log and to quote.
        detail: String,
    },
    /// The players, boxes or rules do not make a game.
    #[error("{error}")]
    BadSetup {
        /// The engine's refusal.
        error: SetupError,
        /// The checklist rule it cites, if one does.
        rule: Option<Rule>,
    },
    /// A new game needs two players at least (Rule B-02).
    #[error("a game needs at least two players; {seated} seated")]
    TooFewPlayers {
        /// How many were seated.
        seated: u32,
        /// The rule: B-02.
        rule: Option<Rule>,
    },
    /// The move breaks a rule; nothing changed.
    #[error("{error}")]
    Refused {
        /// The engine's refusal, naming the tile, place, side or player.
        error: MoveError,
        /// The checklist rule it cites, if one does.
        rule: Option<Rule>,
    },
    /// Correcting a past turn would make a later turn impossible; nothing changed.
    #[error("turn {turn} would no longer fit: {error}")]
    LaterTurnRefused {
        /// The later turn, counted from 1 as the turn log shows it.
        turn: u32,
        /// Why the engine refuses it.
        error: MoveError,
        /// The checklist rule it cites, if one does.
        rule: Option<Rule>,
    },
    /// The request names a tile, place, rotation or seat that does not exist.
    #[error("{error}")]
    BadRequest {
        /// What is wrong.
        error: RequestError,
    },
    /// A ledger was asked for without a file.
    #[error("no file given")]
    NoFileGiven,
    /// A turn to correct that the game does not have.
    #[error("there is no move {turn} to correct")]
    NoSuchTurn {
        /// The turn, counted from 1 as the turn log shows it.
        turn: u32,
    },
    /// The opened script was asked for while none is open.
    #[error("no game script is open")]
    NoScriptOpen,
    /// The page named a file that no dialog chose: only a dialog chooses where files go.
    #[error("{path}: only a dialog chooses where files go")]
    NotFromDialog {
        /// The path the page gave.
        path: String,
    },
    /// A game asked to be exported alone is voided or not finished: exports hold only games
    /// that count.
    #[error("game {game} cannot be exported ({})", if *voided { "voided" } else { "not finished" })]
    NotExportable {
        /// The game.
        game: u32,
        /// Voided (else not finished).
        voided: bool,
    },
    /// The night has no finished game that counts.
    #[error("the night has no finished game to export")]
    NothingToExport,
    /// A file is there already, and no dialog asked whether to replace it; nothing was written.
    #[error("{path} exists already")]
    FileExists {
        /// The file.
        path: String,
    },
    /// An export could not be written; nothing of it is left behind.
    #[error("{path} could not be written: {detail}")]
    FileNotWritten {
        /// The file.
        path: String,
        /// What the OS said.
        detail: String,
    },
    /// A file could not be read (or is not text).
    #[error("{path} could not be read: {detail}")]
    FileNotRead {
        /// The file.
        path: String,
        /// What the OS said.
        detail: String,
    },
    /// A file is not a game script Castellan can replay.
    #[error("{path}: {at:?}: {problem:?}")]
    ScriptInvalid {
        /// The file.
        path: String,
        /// Where in it.
        at: ScriptPlace,
        /// What is wrong there (boxed: a damaged script is rare, and every other command's
        /// result stays small).
        problem: Box<ScriptProblem>,
        /// The script's players by seat, when it was read that far: whom a refusal's seat
        /// numbers name.
        names: Vec<String>,
    },
    /// The script has no final count, so it is no finished game for the ledger.
    #[error("{path}: the game is not finished")]
    ScriptUnfinished {
        /// The file.
        path: String,
    },
    /// The same game (players, setup and moves) is in the ledger already; nothing was added.
    #[error("already in the ledger as game {game} of {date}")]
    AlreadyInLedger {
        /// The stored game.
        game: u32,
        /// Its night's date (YYYY-MM-DD).
        date: String,
        /// Its night's place, if said.
        place: Option<String>,
    },
    /// Something the UI cannot help with; the detail goes to the log.
    #[error("internal error: {detail}")]
    Internal {
        /// For the log.
        detail: String,
    },
}

/// Where in a game script a problem is, as the script reader names it (`move 3`, `follower
/// 0`, `line 2 column 7`, `setup.rules.farms`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ScriptPlace {
    /// An entry of `moves`, counted from 0 as the file's list is.
    Move {
        /// Its index in `moves`.
        index: u32,
    },
    /// An entry of a final board's `followers`, counted from 0.
    Follower {
        /// Its index in `followers`.
        index: u32,
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
    /// The place the script reader names `at`: the reader writes moves, followers and JSON
    /// positions as `move N`, `follower N` and `line L column C`, and any other place as the
    /// path of its key.
    fn of(at: &str) -> ScriptPlace {
        let index = |prefix: &str| at.strip_prefix(prefix).and_then(|n| n.parse::<u32>().ok());
        if let Some(index) = index("move ") {
            return ScriptPlace::Move { index };
        }
        if let Some(index) = index("follower ") {
            return ScriptPlace::Follower { index };
        }
        let text = at.strip_prefix("line ").and_then(|rest| rest.split_once(" column ")).and_then(|(line, column)| {
            Some(ScriptPlace::Text { line: line.parse().ok()?, column: column.parse().ok()? })
        });
        text.unwrap_or_else(|| ScriptPlace::Key { path: at.to_string() })
    }
}

/// What is wrong in a game script. The rules' refusals are the engine's data, as for a move
/// entered at the table; what is wrong with the file's form keeps the reader's words, which
/// name keys and values of the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
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

impl ScriptProblem {
    fn of(kind: ScriptErrorKind) -> ScriptProblem {
        match kind {
            ScriptErrorKind::Json(detail) => ScriptProblem::NotJson { detail },
            ScriptErrorKind::Format(detail) => ScriptProblem::Format { detail },
            ScriptErrorKind::Setup(error) => {
                let rule = error.rule();
                // The name is the file's, shown as errors show a value.
                let error = match error {
                    SetupError::DuplicateName(name) => SetupError::DuplicateName(excerpt(&name).to_string()),
                    other => other,
                };
                ScriptProblem::Setup { error, rule }
            }
            ScriptErrorKind::Move(error) => {
                let rule = error.rule();
                ScriptProblem::Move { error, rule }
            }
            ScriptErrorKind::NoName => ScriptProblem::NoName,
            ScriptErrorKind::TooFewPlayers { names } => {
                ScriptProblem::TooFewPlayers { seated: u32::try_from(names.len()).unwrap_or(u32::MAX) }
            }
            ScriptErrorKind::TitleWithoutFeature { title: TitleKind::King, holder } => {
                ScriptProblem::KingWithoutCity { holder: excerpt(&holder).to_string() }
            }
            ScriptErrorKind::TitleWithoutFeature { title: TitleKind::Robber, holder } => {
                ScriptProblem::RobberWithoutRoad { holder: excerpt(&holder).to_string() }
            }
        }
    }
}

/// Why the ledger refused a write, for the UI to word; each asks something else of the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LedgerRefusal {
    /// Another player already has this name.
    NameTaken {
        /// The name asked for.
        name: String,
    },
    /// A player's name is empty.
    EmptyName,
    /// The game, player or night is no longer in the ledger.
    NotFound,
    /// The game has ended, so its moves can no longer change.
    GameEnded,
    /// Another window or program changed the game meanwhile; nothing was written.
    ChangedMeanwhile,
    /// The game is not finished, so it cannot be voided or reopened.
    NotFinished,
    /// Anything else: a failure of the ledger itself, whose words the detail holds.
    Other,
}

impl LedgerRefusal {
    /// Every variant is named, none caught by a wildcard: a new ledger error is a compile
    /// error here until it is given its refusal (or `Other` on purpose).
    fn of(error: &LedgerError) -> LedgerRefusal {
        use castellan_table::ledger::InvalidInput;
        match error {
            LedgerError::NameTaken { name } => LedgerRefusal::NameTaken { name: name.clone() },
            LedgerError::Invalid(InvalidInput::EmptyName) => LedgerRefusal::EmptyName,
            LedgerError::NotFound { .. } => LedgerRefusal::NotFound,
            LedgerError::GameEnded { .. } => LedgerRefusal::GameEnded,
            LedgerError::MovedOn { .. } => LedgerRefusal::ChangedMeanwhile,
            LedgerError::NotFinished { .. } => LedgerRefusal::NotFinished,
            // Mistakes of the calling code, not of the players: logged in the ledger's words.
            LedgerError::Invalid(
                InvalidInput::NoSeats
                | InvalidInput::StartSeatOutOfRange { .. }
                | InvalidInput::SamePlayer { .. }
                | InvalidInput::DuplicatePlayer(_)
                | InvalidInput::DuplicateColor(_)
                | InvalidInput::ResultsDoNotMatchSeats
                | InvalidInput::NotJsonObject { .. }
                | InvalidInput::NotJsonArray { .. },
            ) => LedgerRefusal::Other,
            // What keeps a file from being opened or written reaches the UI as a
            // `LedgerUnavailable` or `LedgerFile` problem; met while writing, it has no words
            // of its own beyond the ledger's.
            LedgerError::File { .. }
            | LedgerError::InUse { .. }
            | LedgerError::Sqlite { .. }
            | LedgerError::Migration { .. }
            | LedgerError::SchemaTooNew { .. }
            | LedgerError::Corrupt { .. }
            | LedgerError::UnexpectedSchema { .. }
            | LedgerError::NeedsMigration { .. }
            | LedgerError::NoLedger { .. }
            | LedgerError::ForeignDatabase { .. }
            | LedgerError::HardLinked { .. }
            | LedgerError::NotWritable { .. }
            | LedgerError::Io { .. } => LedgerRefusal::Other,
        }
    }
}

/// Why a ledger file cannot be used: each asks the player for something else.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LedgerProblem {
    /// The app's data folder, where the ledger lives by default, cannot be created: the path
    /// is that folder.
    DataFolder,
    /// The file is damaged or not a database.
    Damaged,
    /// The file was written by a newer Castellan.
    TooNew {
        /// The file's schema version.
        found: u32,
        /// The newest this build knows.
        supported: u32,
    },
    /// The file is another program's database.
    Foreign,
    /// Another Castellan has the file open.
    InUse {
        /// What holds it, as the lock says.
        holder: String,
    },
    /// The file or its folder cannot be read or written (permissions, a disk gone).
    Access,
    /// The file, its folder or its disk is read-only, so nothing could be recorded; the
    /// detail holds the OS's reason.
    ReadOnly,
    /// The file has more than one name (hard links), which SQLite would keep as separate
    /// ledgers.
    HardLinked {
        /// How many names it has.
        links: u32,
    },
    /// There is no ledger at the path, and reading never creates one.
    Missing,
    /// Anything else; the detail says what.
    Other,
}

impl LedgerProblem {
    /// The problem that `error` from opening a ledger is, and its detail for the log: the
    /// error with its causes, which for a file's failure name the OS's reason.
    pub fn of(error: &castellan_table::ledger::LedgerError) -> (LedgerProblem, String) {
        use castellan_table::ledger::{FileProblem, LedgerError as E};
        let problem = match error {
            E::Corrupt { .. } => LedgerProblem::Damaged,
            E::SchemaTooNew { found, supported } => LedgerProblem::TooNew { found: *found, supported: *supported },
            E::ForeignDatabase { .. } => LedgerProblem::Foreign,
            E::UnexpectedSchema { .. } => LedgerProblem::Damaged,
            E::InUse { holder, .. } => LedgerProblem::InUse { holder: holder.to_string() },
            E::NotWritable { .. } => LedgerProblem::ReadOnly,
            E::HardLinked { links, .. } => {
                LedgerProblem::HardLinked { links: u32::try_from(*links).unwrap_or(u32::MAX) }
            }
            E::Io { .. } => LedgerProblem::Access,
            E::NoLedger { .. } => LedgerProblem::Missing,
            E::File { problem: FileProblem::ReadOnly | FileProblem::CannotOpen, .. } => LedgerProblem::Access,
            // Every other variant named, none by a wildcard: a new way for opening to fail is a
            // compile error here until it is given its problem.
            E::File { .. }
            | E::Sqlite { .. }
            | E::Migration { .. }
            | E::NeedsMigration { .. }
            | E::NotFound { .. }
            | E::NameTaken { .. }
            | E::GameEnded { .. }
            | E::MovedOn { .. }
            | E::NotFinished { .. }
            | E::Invalid(_) => LedgerProblem::Other,
        };
        (problem, with_causes(error))
    }
}

/// An error's text followed by each of its causes.
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

impl From<TableError> for CommandError {
    fn from(e: TableError) -> CommandError {
        let id = |game: i64| u32::try_from(game).expect("ledger row ids fit in 32 bits");
        match e {
            TableError::Table(refusal) => CommandError::Table { refusal },
            TableError::Setup(e) | TableError::Replay(ReplayError::Setup(e)) => CommandError::bad_setup(e),
            TableError::TooFewPlayers { seated } => {
                CommandError::TooFewPlayers { seated: u32::try_from(seated).unwrap_or(u32::MAX), rule: Some(Rule::B02) }
            }
            TableError::Move(e) => CommandError::refused(e),
            TableError::Replay(ReplayError::Move { index, error }) => {
                let rule = error.rule();
                CommandError::LaterTurnRefused { turn: index as u32 + 1, error, rule }
            }
            TableError::Ledger(e) => CommandError::ledger(e),
            TableError::Refused { error, .. } => CommandError::ledger(*error),
            TableError::LedgerAt { path, error } => {
                let (problem, detail) = LedgerProblem::of(&error);
                CommandError::LedgerUnavailable { path, problem, detail }
            }
            TableError::NoLedger { path } => CommandError::LedgerUnavailable {
                detail: format!("{path}: no ledger there"),
                path,
                problem: LedgerProblem::Missing,
            },
            TableError::Stored { game, detail } => CommandError::StoredGameBroken { game: id(game), detail },
            TableError::NotExportable { game, voided } => CommandError::NotExportable { game: id(game), voided },
            TableError::NothingToExport { .. } => CommandError::NothingToExport,
            TableError::FileExists { path } => CommandError::FileExists { path },
            // Files are read through these commands; a writer names its own failure
            // (`files::write`).
            TableError::Io { path, error } => CommandError::FileNotRead { path, detail: error.to_string() },
            TableError::Script { file, error } => CommandError::script_invalid(file, error),
            TableError::Unfinished { file } => CommandError::ScriptUnfinished { path: file },
            TableError::AlreadyImported { game, date, place, .. } => CommandError::AlreadyInLedger {
                game: id(game),
                date: date.to_string(),
                place: place.map(|p| excerpt(&p).to_string()),
            },
            TableError::OverLimit { file, over } => CommandError::OverLimit { path: file, over },
        }
    }
}

impl CommandError {
    /// The engine's refusal of a move, with the rule it cites.
    pub fn refused(error: MoveError) -> CommandError {
        let rule = error.rule();
        CommandError::Refused { error, rule }
    }

    /// The engine's refusal of a setup, with the rule it cites.
    pub fn bad_setup(error: SetupError) -> CommandError {
        let rule = error.rule();
        CommandError::BadSetup { error, rule }
    }

    /// A ledger's failure: a file's problem or a refusal as data, with the ledger's words.
    pub fn ledger(error: LedgerError) -> CommandError {
        match &error {
            LedgerError::File { problem, .. } => {
                CommandError::LedgerFile { problem: *problem, detail: with_causes(&error) }
            }
            _ => CommandError::Ledger { refusal: LedgerRefusal::of(&error), detail: with_causes(&error) },
        }
    }

    /// A game script that cannot be replayed: where, and what is wrong there, as data.
    pub fn script_invalid(path: String, error: ScriptError) -> CommandError {
        let names = error.names().to_vec();
        CommandError::ScriptInvalid {
            path,
            at: ScriptPlace::of(&error.at),
            problem: Box::new(ScriptProblem::of(error.kind)),
            names,
        }
    }
}

impl From<RequestError> for CommandError {
    fn from(error: RequestError) -> CommandError {
        CommandError::BadRequest { error }
    }
}

impl From<QuestionError> for CommandError {
    fn from(e: QuestionError) -> CommandError {
        match e {
            QuestionError::Request(e) => e.into(),
            QuestionError::Refused(e) => CommandError::refused(e),
        }
    }
}

#[cfg(test)]
mod tests {
    //! Every error the UI can be sent, one value of each variant, written to
    //! `ui/src/errors.samples.json` for the UI's test that words each in every language.

    use super::*;
    use castellan_table::engine::{
        AbbotError, BigFollowerError, BuilderError, Cell, CityError, Color, CountError, CountMovement, CropChoice,
        CropError, DrawError, EdgeKind, EdgeMismatch, FeatureKind, FerryError, Figure, FlightError, FollowerError,
        GoldError, MagicError, MagicFigure, PigError, PlacementError, PlayerId, Port, PurchaseError, Quarter,
        RiverError, Rotation, Side, StandError, Start, TileId, TileSet,
    };

    /// One value of each variant of `$ty`, each listed once. The match has no wildcard, so a
    /// variant added to `$ty` does not compile until it has its sample here.
    macro_rules! every {
        ($ty:ident { $($variant:ident $({ $($field:tt)* })? $(( $($arg:tt)* ))?),* $(,)? }) => {{
            let all: Vec<$ty> = vec![$($ty::$variant $({ $($field)* })? $(( $($arg)* ))?),*];
            for sample in &all {
                match sample {
                    $($ty::$variant { .. } => {})*
                }
            }
            all
        }};
    }

    fn tile(name: &str) -> TileId {
        TileId::from_name(name).expect("a catalog tile")
    }

    fn placements() -> Vec<PlacementError> {
        let (tile, cell, rotation) = (tile("E"), Cell::new(0, -1), Rotation::R90);
        let mismatches = vec![
            EdgeMismatch { side: Side::North, ours: EdgeKind::City, theirs: EdgeKind::Field },
            EdgeMismatch { side: Side::West, ours: EdgeKind::Road, theirs: EdgeKind::City },
        ];
        let mut all = every!(PlacementError {
            CellOccupied { tile, cell, rotation },
            NotAdjacent { tile, cell, rotation },
            EdgeMismatch { tile, cell, rotation, mismatches },
            OutOfBounds { cell: Cell::new(9, 0) },
            BuildingNeighbours { cell },
            River { cell, reason: RiverError::NotContinued },
        });
        // One mismatch alone is worded apart from several.
        let one = vec![EdgeMismatch { side: Side::East, ours: EdgeKind::Field, theirs: EdgeKind::Road }];
        all.push(PlacementError::EdgeMismatch { tile, cell, rotation, mismatches: one });
        let rivers = every!(RiverError { NotContinued, BranchesJoin, UTurn });
        all.extend(rivers.into_iter().map(|reason| PlacementError::River { cell, reason }));
        all
    }

    fn move_errors() -> Vec<MoveError> {
        let (cell, port, player) = (Cell::new(2, 1), Port::NL, PlayerId(1));
        let draws = every!(DrawError {
            TileNotInBag { tile: tile("A") },
            RiverFirst { tile: tile("D") },
            CityFirst { tile: tile("D") },
            SpringFirst { tile: tile("R2-04") },
            ForkFirst { tile: tile("R2-04") },
            VolcanoLast { tile: tile("R2-12") },
            LakeLast { tile: tile("R1-02") },
            StartTileFirst { tile: tile("E") },
            DiscardRefused { tile: tile("V"), cell, rotation: Rotation::R270 },
        });
        let followers = every!(FollowerError {
            NoFollowerLeft { player },
            NoFeatureAt { port },
            FeatureOccupied { port, feature: FeatureKind::City },
            NotClaimable { port },
            FarmersOff { port },
            CrowdedBuilding { port: Port::C },
            Garden { port: Port::C },
            OnTheRiver { port },
            InFinalBoard { port },
        });
        let abbots = every!(AbbotError {
            NotInPlay,
            AbbotOut { player },
            NotABuilding { port, feature: FeatureKind::Road },
            AbbotInHand { player },
            RecallWithFigure { port },
            BuildingComplete { cell, feature: FeatureKind::Garden },
        });
        let bigs = every!(BigFollowerError { NotInPlay, BigOut { player } });
        let purchases = every!(PurchaseError {
            UnknownPlayer { player: PlayerId(5) },
            FromSelf { player },
            CannotPay { player, score: 3, price: 5 },
        });
        let cities = every!(CityError { NoCityToLay, RiverUnfinished, Overlaps { cell }, NotAdjacent { at: cell } });
        let mut counts = every!(CountError {
            NoCount,
            QuarterEmpty { player, quarter: Quarter::Castle },
            CountBlocks { quarter: Quarter::Blacksmith },
            EntryLocked { quarter: Quarter::Cathedral },
            MarketAtTheEnd { player },
            NoFeatureAt { cell, port },
            WrongQuarter { quarter: Quarter::Market, feature: FeatureKind::Road },
            FarmersOff { cell, port },
            NotBeingScored { cell, port },
            MoveOutOfTurn { player },
            MayNotEnter { player },
            NoFollowerLeft { player },
            CountMovesByItself { movement: CountMovement::Clockwise },
            NoBigInQuarter { player, quarter: Quarter::Castle },
            NoBigFollower { player },
        });
        counts.push(CountError::CountMovesByItself { movement: CountMovement::FollowsFollower });
        let stands = every!(StandError {
            InTurns { player },
            UnknownPlayer { player: PlayerId(5) },
            NoFollowerLeft { player },
            NoCount { quarter: Quarter::Castle },
            NoTileAt { cell },
            NoFeatureAt { cell, port },
            NotClaimable { cell, port },
            FarmersOff { cell, port },
            Garden { cell, port: Port::C },
            AbbotNotInCity { player },
            Unaccompanied { player, figure: Figure::Pig, cell, port, feature: FeatureKind::Field },
            CityNotLaid { player, figure: Figure::Follower, quarter: Quarter::Market },
        });
        // The builder and the big follower are worded apart from the pig and the follower.
        let mut stands = stands;
        stands.push(StandError::Unaccompanied {
            player,
            figure: Figure::Builder,
            cell,
            port: Port::E,
            feature: FeatureKind::Road,
        });
        stands.push(StandError::CityNotLaid { player, figure: Figure::Big, quarter: Quarter::Castle });
        let builders = every!(BuilderError {
            NotInPlay,
            BuilderOut { player },
            NotARoadOrCity { port, feature: FeatureKind::Field },
            NoFollower { player, port, feature: FeatureKind::Road },
            FeatureFinished { port, feature: FeatureKind::City },
            NoSecondTile,
        });
        let pigs = every!(PigError {
            NotInPlay,
            PigOut { player },
            NotAField { port, feature: FeatureKind::Road },
            NoFarmer { player, port },
        });
        let ferries = every!(FerryError {
            NotInPlay,
            NoLake { tile: tile("U") },
            Missing { tile: tile("FE04") },
            NoRoadEnd { at: cell, side: Side::North },
            SameEnd { at: cell, side: Side::West },
            NoFerry { at: cell },
            NotFirst { at: cell },
            PlacedThisTurn { at: cell },
            MovedTwice { at: cell },
            SameLink { at: cell },
            MoveOnFinalBoard,
        });
        let magic = every!(MagicError {
            NotInPlay,
            NoSymbol { tile: tile("U") },
            Missing { tile: tile("MW02") },
            NotARoadOrCity { cell, port: Port::S },
            Finished { cell, port: Port::N },
            Occupied { figure: MagicFigure::Witch, cell, port: Port::N },
            RoomLeft { cell, port: Port::E },
            NotOnBoard { figure: Some(MagicFigure::Mage) },
            WhichFigure,
            FixMissing { cell, port: Port::N },
            FixNotNeeded,
        });
        // No figure named is worded apart from a named one.
        let mut magic = magic;
        magic.push(MagicError::NotOnBoard { figure: None });
        let flights = every!(FlightError {
            NoMachine { tile: tile("U") },
            SecondDeployment,
            CannotFly { figure: Figure::Builder },
            NotADieFace { roll: 7 },
            NoTileThere { cell },
            InCarcassonne { cell: Cell::new(1, -1) },
            NoPlace { cell, port: Port::C },
            NotALandingPlace { cell, port, feature: FeatureKind::Field },
            WrongBuilding { figure: Figure::Abbot, port: Port::E, feature: FeatureKind::Road },
            Complete { cell, port: Port::E, feature: FeatureKind::Road },
            MustLand { cell, port: Port::N },
        });
        // A garden refusing a follower is worded apart from the abbot refusing a road.
        let mut flights = flights;
        flights.push(FlightError::WrongBuilding {
            figure: Figure::Follower,
            port: Port::C,
            feature: FeatureKind::Garden,
        });
        let golds = every!(GoldError {
            NotAGoldTile { tile: tile("U") },
            NeighbourMissing { tile: tile("GM06") },
            NotANeighbour { dx: 2, dy: 3 },
            NoTileThere { cell: Cell::new(0, 1) },
            NothingToShare,
            SharingForced { player },
            OutOfTurn { take: 0, expected: PlayerId(0), told: player },
            NotTheirs { take: 1, player, from: Cell::new(2, -1) },
            TakesLeft { ingots: 2 },
            TooManyTakes { take: 3 },
        });
        let mut crops = every!(CropError {
            NoCropCircle { tile: tile("U") },
            ChoiceMissing { tile: tile("CC05") },
            UnknownPlayer { player: PlayerId(3) },
            OutOfOrder { player, after: PlayerId(2) },
            Twice { player },
            Missing { player, choice: CropChoice::Add },
            PassUnderRemove { player },
            WrongKind { player, cell, port, wanted: FeatureKind::Road, found: Some(FeatureKind::Field) },
            NotAFollower { player, figure: Figure::Abbot },
            NothingToJoin { player, cell, port, anywhere: false },
            NoneInHand { player, figure: Figure::Follower },
            NoFigureThere { player, cell, port, figure: Figure::Follower },
        });
        // Each of these is worded apart from its sibling above.
        crops.extend([
            CropError::Missing { player, choice: CropChoice::Remove },
            CropError::WrongKind { player, cell, port, wanted: FeatureKind::City, found: None },
            CropError::NothingToJoin { player, cell, port, anywhere: true },
            CropError::NoneInHand { player, figure: Figure::Big },
            CropError::NoFigureThere { player, cell, port, figure: Figure::Big },
        ]);
        let own = every!(MoveError {
            GameOver,
            OffTable { cell: Cell::new(1001, 0), limit: Cell::LIMIT },
            WrongMode,
            NoSuchMove,
            Draw(draws[0].clone()),
            Placement(placements()[0].clone()),
            Follower(followers[0].clone()),
            Abbot(abbots[0].clone()),
            Big(bigs[0].clone()),
            Purchase(purchases[0].clone()),
            City(cities[0].clone()),
            Count(counts[0].clone()),
            Stand(stands[0].clone()),
            Builder(builders[0].clone()),
            Pig(pigs[0].clone()),
            Ferry(ferries[0].clone()),
            Magic(magic[0].clone()),
            Flight(flights[0].clone()),
            Gold(golds[0].clone()),
            Crop(crops[0].clone()),
        });
        // The wrapped parts are added whole below.
        let whole_move = |e: &MoveError| {
            matches!(e, MoveError::GameOver | MoveError::OffTable { .. } | MoveError::WrongMode | MoveError::NoSuchMove)
        };
        own.into_iter()
            .filter(whole_move)
            .chain(draws.into_iter().map(MoveError::Draw))
            .chain(placements().into_iter().map(MoveError::Placement))
            .chain(followers.into_iter().map(MoveError::Follower))
            .chain(abbots.into_iter().map(MoveError::Abbot))
            .chain(bigs.into_iter().map(MoveError::Big))
            .chain(purchases.into_iter().map(MoveError::Purchase))
            .chain(cities.into_iter().map(MoveError::City))
            .chain(counts.into_iter().map(MoveError::Count))
            .chain(stands.into_iter().map(MoveError::Stand))
            .chain(builders.into_iter().map(MoveError::Builder))
            .chain(pigs.into_iter().map(MoveError::Pig))
            .chain(ferries.into_iter().map(MoveError::Ferry))
            .chain(magic.into_iter().map(MoveError::Magic))
            .chain(flights.into_iter().map(MoveError::Flight))
            .chain(golds.into_iter().map(MoveError::Gold))
            .chain(crops.into_iter().map(MoveError::Crop))
            .collect()
    }

    fn setup_errors() -> Vec<SetupError> {
        every!(SetupError {
            NoPlayers,
            TooManyPlayers { count: 7, max: 6 },
            DuplicateName("Anna".to_string()),
            DuplicateColor(Color::Blue),
            RiverNeedsSpring,
            CountNeedsItsStart,
            RiverBeforeCityNeedsBoth,
            MissingStartSet(Start::River2),
            DuplicateSet(TileSet::Shrines),
            BothRiverPrintings,
            RiverWithCount,
            StartTileTwice,
            StartTileAfterRiverNeedsRiver,
            GoodsWithoutTheirSeat { seats: 3 },
            MagicOutOfPlace,
            GoldWithoutItsSeat { seats: 3 },
            TooMuchGold { ingots: 17 },
        })
    }

    fn request_errors() -> Vec<RequestError> {
        every!(RequestError {
            UnknownSeat(7),
            FinalBoardOnly,
            OverLimit(OverLimit::QuarterMoves { given: 65, max: 64 }),
        })
    }

    /// Every problem of a ledger file. `FileProblem` is `non_exhaustive`, so no match here can
    /// catch a new one: the UI's exhaustive switch over the generated type does.
    fn file_problems() -> Vec<FileProblem> {
        vec![
            FileProblem::DiskFull,
            FileProblem::ReadOnly,
            FileProblem::Locked,
            FileProblem::Io,
            FileProblem::CannotOpen,
        ]
    }

    fn every_error() -> Vec<CommandError> {
        let path = || "/home/anna/club.sqlite3".to_string();
        let detail = || "No such file or directory (os error 2)".to_string();
        let own = every!(CommandError {
            LedgerUnavailable { path: path(), problem: LedgerProblem::Damaged, detail: detail() },
            SettingsNotSaved { path: path(), detail: detail() },
            SettingTooLarge { key: SettingKey::LastSeats, bytes: 52_428_800, max: 16_384 },
            OverLimit { path: None, over: OverLimit::Place { chars: 61, max: 60 } },
            Ledger { refusal: LedgerRefusal::Other, detail: detail() },
            LedgerFile { problem: FileProblem::DiskFull, detail: detail() },
            Table { refusal: TableRefusal::NoGame },
            StoredGameBroken { game: 7, detail: "move 4: expected value at line 1 column 1".into() },
            BadSetup { error: SetupError::NoPlayers, rule: Some(Rule::B02) },
            TooFewPlayers { seated: 1, rule: Some(Rule::B02) },
            Refused { error: MoveError::GameOver, rule: None },
            LaterTurnRefused {
                turn: 3,
                error: MoveError::Placement(placements()[2].clone()),
                rule: Some(Rule::B05),
            },
            BadRequest { error: RequestError::FinalBoardOnly },
            NoFileGiven,
            NoSuchTurn { turn: 4 },
            NoScriptOpen,
            NotFromDialog { path: path() },
            NotExportable { game: 4, voided: true },
            NothingToExport,
            FileExists { path: path() },
            FileNotWritten { path: path(), detail: detail() },
            FileNotRead { path: path(), detail: detail() },
            ScriptInvalid {
                path: path(),
                at: ScriptPlace::Move { index: 3 },
                problem: Box::new(ScriptProblem::Move {
                    error: MoveError::Placement(placements()[1].clone()),
                    rule: Some(Rule::B04),
                }),
                names: vec!["Anna".into(), "Bram".into()],
            },
            ScriptUnfinished { path: path() },
            AlreadyInLedger { game: 12, date: "2026-11-20".into(), place: Some("De Klok".into()) },
            Internal { detail: detail() },
        });
        let problems = every!(LedgerProblem {
            DataFolder,
            Damaged,
            TooNew { found: 9, supported: 4 },
            Foreign,
            InUse { holder: "process 4242".into() },
            Access,
            ReadOnly,
            HardLinked { links: 2 },
            Missing,
            Other,
        });
        let table = every!(TableRefusal {
            NoGame,
            GameFinished,
            NoFinalCount,
            TrackInTurns,
            TrackSeats { seated: 3, given: 2 },
        });
        let limits = every!(OverLimit {
            PlayerName { name: "Annabel Lee of the Kingdom by the Sea and Elsewhere…".into(), chars: 52, max: 40 },
            Place { chars: 61, max: 60 },
            ScriptFile { bytes: 5_000_000, max: 4_194_304 },
            Path { bytes: 5000, max: 4096 },
            QuarterMoves { given: 65, max: 64 },
        });
        let refusals = every!(LedgerRefusal {
            NameTaken { name: "Anna".into() },
            EmptyName,
            NotFound,
            GameEnded,
            ChangedMeanwhile,
            NotFinished,
            Other,
        });
        let places = every!(ScriptPlace {
            Move { index: 3 },
            Follower { index: 0 },
            Text { line: 2, column: 7 },
            Key { path: "setup.rules.farms".into() },
        });
        let script_problems = every!(ScriptProblem {
            NotJson { detail: "trailing comma at line 2 column 7".into() },
            Format { detail: "unknown farm rule `c4`".into() },
            Setup { error: SetupError::DuplicateName("Anna".into()), rule: None },
            Move { error: MoveError::Placement(placements()[1].clone()), rule: Some(Rule::B04) },
            NoName,
            TooFewPlayers { seated: 1 },
            KingWithoutCity { holder: "Anna".into() },
            RobberWithoutRoad { holder: "Bram".into() },
        });
        let script = |at, problem| CommandError::ScriptInvalid {
            path: path(),
            at,
            problem: Box::new(problem),
            names: vec!["Anna".into(), "Bram".into()],
        };
        let scripts: Vec<CommandError> = places
            .into_iter()
            .map(|at| script(at, ScriptProblem::NoName))
            .chain(script_problems.into_iter().map(|problem| script(ScriptPlace::Move { index: 3 }, problem)))
            .collect();
        own.into_iter()
            .chain(problems.into_iter().map(|problem| CommandError::LedgerUnavailable {
                path: path(),
                problem,
                detail: detail(),
            }))
            .chain(file_problems().into_iter().map(|problem| CommandError::LedgerFile { problem, detail: detail() }))
            .chain(refusals.into_iter().map(|refusal| CommandError::Ledger { refusal, detail: detail() }))
            .chain(limits.into_iter().map(|over| {
                let path = matches!(over, OverLimit::ScriptFile { .. }).then(path);
                CommandError::OverLimit { path, over }
            }))
            // `own` holds the first, for its exhaustive match over the command's errors.
            .chain(
                table.into_iter().filter(|r| *r != TableRefusal::NoGame).map(|refusal| CommandError::Table { refusal }),
            )
            .chain(scripts)
            .chain(move_errors().into_iter().map(CommandError::refused))
            .chain(setup_errors().into_iter().map(CommandError::bad_setup))
            .chain(request_errors().into_iter().map(CommandError::from))
            .collect()
    }

    /// The samples file is what the errors are now; a stale one is rewritten and the test
    /// fails, so that the new file is committed with the change that made it.
    #[test]
    fn the_ui_samples_hold_every_error_as_sent() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/src/errors.samples.json");
        let fresh = serde_json::to_string_pretty(&every_error()).expect("errors serialise") + "\n";
        let stored = std::fs::read_to_string(path).unwrap_or_default();
        if stored != fresh {
            std::fs::write(path, &fresh).expect("samples written");
            panic!("{path} was stale and has been rewritten: commit it");
        }
    }

    /// A real file whose SQLite lock another program holds: the write fails, and the UI is
    /// sent the problem to word, not the ledger's English.
    #[test]
    fn a_write_the_ledger_file_refuses_is_sent_as_its_problem() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("club.sqlite3");
        let mut ledger = castellan_table::ledger::Ledger::open(&path).unwrap();
        let other = rusqlite::Connection::open(&path).unwrap();
        other.execute_batch("BEGIN IMMEDIATE").unwrap();
        let error = ledger.add_player("Cleo", None).expect_err("the write lock is taken");
        let sent = serde_json::to_value(CommandError::from(TableError::Ledger(error))).unwrap();
        assert_eq!((&sent["kind"], &sent["problem"]), (&serde_json::json!("ledgerFile"), &serde_json::json!("locked")));
        other.execute_batch("ROLLBACK").unwrap();
    }

    /// Damaged game scripts written to real files and opened as the app opens them: each is
    /// sent as where and what, with the engine's refusal as data, never the reader's sentence.
    #[test]
    fn a_damaged_script_is_sent_as_where_and_what() {
        use castellan_table::script_file::ScriptFile;
        let folder = tempfile::tempdir().unwrap();
        let open = |name: &str, text: &str| {
            let path = folder.path().join(name);
            std::fs::write(&path, text).unwrap();
            CommandError::from(ScriptFile::read(&path).map(|_| ()).unwrap_err())
        };
        let players = r#""players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}]"#;

        let apart = format!(
            r#"{{"format": "castellan-game-script", "version": 1, {players},
                "moves": [{{"tile": "E", "at": [0, -1], "rot": 180}}, {{"tile": "V", "at": [5, 5], "rot": 0}}]}}"#
        );
        let CommandError::ScriptInvalid { at, problem, names, .. } = open("apart.json", &apart) else {
            panic!("a script whose move breaks a rule is an invalid script")
        };
        assert_eq!(at, ScriptPlace::Move { index: 1 }, "the second entry of `moves`");
        assert!(
            matches!(&*problem, ScriptProblem::Move { error: MoveError::Placement(_), rule: Some(rule) } if *rule == Rule::B04),
            "the engine's refusal as data, with its rule: {problem:?}"
        );
        assert_eq!(names, ["Anna", "Bram"], "whom its seat numbers name");

        let CommandError::ScriptInvalid { at, problem, .. } = open("cut.json", "{\n  \"format\": ") else {
            panic!("text that is not JSON")
        };
        assert!(matches!(at, ScriptPlace::Text { line: 2, .. }), "where the JSON breaks off: {at:?}");
        assert!(matches!(*problem, ScriptProblem::NotJson { .. }), "{problem:?}");

        let farms = format!(
            r#"{{"format": "castellan-game-script", "version": 1, {players},
                "setup": {{"rules": {{"farms": "c4"}}}}, "moves": []}}"#
        );
        let CommandError::ScriptInvalid { at, problem, .. } = open("farms.json", &farms) else { panic!("a bad key") };
        assert_eq!(at, ScriptPlace::Key { path: "setup.rules.farms".into() }, "the key, by its path");
        assert!(matches!(*problem, ScriptProblem::Format { .. }), "{problem:?}");

        let alone = r#"{"format": "castellan-game-script", "version": 1,
            "players": [{"name": "Anna", "color": "red"}], "moves": []}"#;
        let CommandError::ScriptInvalid { problem, .. } = open("alone.json", alone) else { panic!("one player") };
        assert_eq!(*problem, ScriptProblem::TooFewPlayers { seated: 1 });
    }

    /// A new game with a fifty-megabyte name, as `start_game` receives it, is refused as
    /// data the UI words, with the name cut and escaped, and nothing is written.
    #[test]
    fn a_request_past_its_limits_is_sent_as_what_and_the_limit() {
        use castellan_table::request::NewGameRequest;
        let name = format!("\u{1b}[31m{}", "x".repeat(50 << 20));
        let request = serde_json::json!({
            "seats": [{"name": "Anna", "color": "red"}, {"name": name, "color": "blue"}],
            "boxes": [], "rules": "current", "place": null,
        });
        let request: NewGameRequest = serde_json::from_value(request).unwrap();
        let mut table = castellan_table::Table::new(castellan_table::ledger::Ledger::open_in_memory().unwrap());
        let now = chrono::DateTime::from_timestamp(1_795_000_000, 0).unwrap();
        let error = CommandError::from(table.start(request.setup().unwrap(), None, now).map(|_| ()).unwrap_err());
        let CommandError::OverLimit { path: None, over: OverLimit::PlayerName { name, chars, max: 40 } } = &error
        else {
            panic!("{error:?}")
        };
        assert_eq!(*chars as usize, (50 << 20) + 5);
        assert!(name.starts_with("\\u{1b}[31mxx") && name.len() < 100, "{name}");
        assert!(serde_json::to_string(&error).unwrap().len() < 300, "a small message crosses to the UI");
        assert!(table.ledger().players().unwrap().is_empty() && table.ledger().history().unwrap().is_empty());

        let far = "x".repeat(5000);
        let error = castellan_table::limit::path(&far).unwrap_err();
        assert_eq!(error, OverLimit::Path { bytes: 5000, max: 4096 });
    }

    #[test]
    fn every_refusal_of_the_table_is_sent_as_its_own_kind() {
        let seats = TableRefusal::TrackSeats { seated: 3, given: 2 };
        assert_eq!(CommandError::from(TableError::Table(seats)), CommandError::Table { refusal: seats });
        let wire = serde_json::to_value(CommandError::Table { refusal: TableRefusal::NoFinalCount }).unwrap();
        assert_eq!(wire, serde_json::json!({"kind": "table", "refusal": {"kind": "noFinalCount"}}));
        let taken = castellan_table::ledger::LedgerError::NameTaken { name: "Anna".into() };
        assert!(
            matches!(CommandError::from(TableError::Ledger(taken)), CommandError::Ledger { refusal: LedgerRefusal::NameTaken { name }, .. } if name == "Anna"),
            "a name taken is data the UI words"
        );
        let stored = CommandError::from(TableError::Stored { game: 7, detail: "setup: EOF".into() });
        assert_eq!(stored, CommandError::StoredGameBroken { game: 7, detail: "setup: EOF".into() });
    }

    #[test]
    fn a_refusal_carries_the_engines_error_and_its_rule() {
        let error = MoveError::Follower(FollowerError::NoFollowerLeft { player: PlayerId(1) });
        let sent = serde_json::to_value(CommandError::from(TableError::Move(error))).unwrap();
        assert_eq!(
            sent,
            serde_json::json!({
                "kind": "refused",
                "error": { "kind": "follower", "error": { "kind": "noFollowerLeft", "player": 1 } },
                "rule": "B-15",
            }),
            "the UI words it from the data"
        );
        let later = CommandError::from(TableError::Replay(ReplayError::Move { index: 2, error: MoveError::GameOver }));
        assert!(matches!(later, CommandError::LaterTurnRefused { turn: 3, rule: None, .. }), "{later:?}");
        let few = CommandError::from(TableError::TooFewPlayers { seated: 1 });
        assert_eq!(few, CommandError::TooFewPlayers { seated: 1, rule: Some(Rule::B02) });
    }
}
