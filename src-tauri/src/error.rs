//! The one error type that crosses the IPC boundary, as tagged data the UI switches on.
//!
//! The UI renders its own translated text from `kind` and the fields. The app's own few cases
//! are here; everything the table refuses or fails at crosses as the table's own error
//! ([`TableError`]), shaped once where it is made. Rust's `Display` strings are for logs.

use crate::settings::SettingKey;
use castellan_table::count::QuestionError;
use castellan_table::ledger_fault::{LedgerProblem, Unusable};
use castellan_table::request::RequestError;
use castellan_table::TableError;
use serde::Serialize;

/// Why a command failed, for the UI.
#[derive(Debug, Serialize, specta::Type, thiserror::Error)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum CommandError {
    /// The ledger the app keeps open could not be opened (damaged, written by a newer
    /// Castellan, in use, or its folder cannot be made); it is left untouched and nothing can
    /// be recorded until this is resolved.
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
    /// The table refused or failed, as it says.
    #[error(transparent)]
    Table {
        /// The table's error, as data.
        #[from]
        error: TableError,
    },
    /// The request names a seat that does not exist, or asks what its game cannot answer.
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
    /// Something the UI cannot help with; the detail goes to the log.
    #[error("internal error: {detail}")]
    Internal {
        /// For the log.
        detail: String,
    },
}

impl CommandError {
    /// The ledger at `path` cannot be used, for the reason `unusable` gives.
    pub fn unavailable(path: &std::path::Path, unusable: &Unusable) -> CommandError {
        CommandError::LedgerUnavailable {
            path: path.display().to_string(),
            problem: unusable.problem.clone(),
            detail: unusable.detail.clone(),
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
            QuestionError::Refused(e) => TableError::from(e).into(),
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
    use castellan_table::engine::{MoveError, ReplayError, Rule, SetupError, TitleKind};
    use castellan_table::ledger::{
        CursorState, FileProblem, GameId, LedgerError, Missing, MoveLogError, OpenError, PlayerError, RowError,
        StatusError, StoreError,
    };
    use castellan_table::ledger_fault::{LedgerFault, LedgerRefusal};
    use castellan_table::limit::OverLimit;
    use castellan_table::script::{ScriptError, ScriptErrorKind};
    use castellan_table::script_fault::{ScriptFault, ScriptPlace, ScriptProblem};
    use castellan_table::TableRefusal;

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
            AlreadyStanding { figure: MagicFigure::Mage, cell, port: Port::N },
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

    /// A ledger error the ledger gives for each refusal: the samples are sent through the
    /// same shaping as every real error. The match has no wildcard.
    fn ledger_error_for(refusal: &LedgerRefusal) -> LedgerError {
        let game = GameId(4);
        match refusal {
            LedgerRefusal::NameTaken { name } => PlayerError::NameTaken { name: name.clone() }.into(),
            LedgerRefusal::EmptyName => PlayerError::EmptyName.into(),
            LedgerRefusal::NotFound => RowError::NotFound { what: Missing::Game(game) }.into(),
            LedgerRefusal::GameEnded => MoveLogError::GameEnded { game }.into(),
            LedgerRefusal::ChangedMeanwhile => MoveLogError::MovedOn {
                game,
                expected: CursorState { cursor: 3, stored: 3 },
                found: CursorState { cursor: 4, stored: 4 },
            }
            .into(),
            LedgerRefusal::NotFinished => StatusError::NotFinished { game }.into(),
            LedgerRefusal::File { problem } => StoreError::File {
                problem: *problem,
                query: "INSERT INTO moves",
                source: rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_IOERR), None),
            }
            .into(),
            LedgerRefusal::Other => StoreError::Corrupt { detail: "database disk image is malformed".into() }.into(),
        }
    }

    /// The script reader's place for each place as sent. The match has no wildcard.
    fn script_at(place: &ScriptPlace) -> castellan_table::script::ScriptPlace {
        use castellan_table::script::ScriptPlace as At;
        match place {
            ScriptPlace::Move { index, key } => At::Move { index: *index as usize, key: key.clone() },
            ScriptPlace::Follower { index, key } => At::Follower { index: *index as usize, key: key.clone() },
            ScriptPlace::Text { line, column } => At::Text { line: *line as usize, column: *column as usize },
            ScriptPlace::Key { path } => At::key(path.as_str()),
        }
    }

    /// The script reader's error for each problem. The match has no wildcard.
    fn script_kind_for(problem: &ScriptProblem) -> ScriptErrorKind {
        match problem {
            ScriptProblem::NotJson { detail } => ScriptErrorKind::Json(detail.clone()),
            ScriptProblem::Format { detail } => ScriptErrorKind::Format(detail.clone()),
            ScriptProblem::Setup { error, .. } => ScriptErrorKind::Setup(error.clone()),
            ScriptProblem::Move { error, .. } => ScriptErrorKind::Move(error.clone()),
            ScriptProblem::NoName => ScriptErrorKind::NoName,
            ScriptProblem::TooFewPlayers { seated } => {
                ScriptErrorKind::TooFewPlayers { names: vec!["Anna".to_string(); *seated as usize] }
            }
            ScriptProblem::KingWithoutCity { holder } => {
                ScriptErrorKind::TitleWithoutFeature { title: TitleKind::King, holder: holder.clone() }
            }
            ScriptProblem::RobberWithoutRoad { holder } => {
                ScriptErrorKind::TitleWithoutFeature { title: TitleKind::Robber, holder: holder.clone() }
            }
        }
    }

    fn os_error() -> std::io::Error {
        std::io::Error::from_raw_os_error(2)
    }

    /// Every error as sent, each once.
    fn every_error() -> Vec<serde_json::Value> {
        let path = || "/home/anna/club.sqlite3".to_string();
        let detail = || "No such file or directory (os error 2)".to_string();
        let names = || vec!["Anna".to_string(), "Bram".to_string()];
        let own = every!(CommandError {
            LedgerUnavailable { path: path(), problem: LedgerProblem::Damaged, detail: detail() },
            SettingsNotSaved { path: path(), detail: detail() },
            SettingTooLarge { key: SettingKey::LastSeats, bytes: 52_428_800, max: 16_384 },
            Table { error: TableError::NothingToExport { night: 2 } },
            BadRequest { error: RequestError::FinalBoardOnly },
            NoFileGiven,
            NoSuchTurn { turn: 4 },
            NoScriptOpen,
            NotFromDialog { path: path() },
            Internal { detail: detail() },
        });
        let script = |at: ScriptPlace, problem: &ScriptProblem| {
            let error = ScriptError::at(script_at(&at), script_kind_for(problem)).naming(&names());
            let fault = ScriptFault::of(&error);
            assert_eq!((&fault.at, &fault.problem), (&at, problem), "each sample is sent as itself");
            TableError::Script { file: path(), error: Box::new(error) }
        };
        let table = every!(TableError {
            Ledger(StoreError::Corrupt { detail: "database disk image is malformed".into() }.into()),
            Script {
                file: path(),
                error: Box::new(
                    ScriptError::at(
                        castellan_table::script::ScriptPlace::of_move(3),
                        ScriptErrorKind::Move(MoveError::Placement(placements()[1].clone())),
                    )
                    .naming(&names()),
                ),
            },
            Refused { file: path(), error: Box::new(PlayerError::NameTaken { name: "Anna".into() }.into()) },
            AlreadyImported {
                file: path(),
                game: 12,
                date: chrono::NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
                place: Some("De Klok".into()),
            },
            Unfinished { file: path() },
            TooFewPlayers { seated: 1, rule: Rule::B02 },
            OverLimit { file: None, over: OverLimit::Place { chars: 61, max: 60 } },
            NotRead { path: path(), error: os_error() },
            NotWritten { path: path(), error: os_error() },
            LedgerAt { path: path(), error: OpenError::SchemaTooNew { found: 9, supported: 4 } },
            NoLedger { path: path() },
            NotExportable { game: 4, voided: true },
            NothingToExport { night: 2 },
            FileExists { path: path() },
            Stored { game: 7, detail: "move 4: expected value at line 1 column 1".into() },
            Table { refusal: TableRefusal::NoGame },
            Setup { error: SetupError::NoPlayers, rule: Some(Rule::B02) },
            Move { error: MoveError::GameOver, rule: None },
            LaterTurn { turn: 3, error: MoveError::Placement(placements()[2].clone()), rule: Some(Rule::B05) },
        });
        let more_table = vec![
            TableError::AlreadyImported {
                file: path(),
                game: 12,
                date: chrono::NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
                place: None,
            },
            TableError::NotExportable { game: 4, voided: false },
        ];
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
        let refusals = every!(TableRefusal {
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
        let ledger_refusals = every!(LedgerRefusal {
            NameTaken { name: "Anna".into() },
            EmptyName,
            NotFound,
            GameEnded,
            ChangedMeanwhile,
            NotFinished,
            File { problem: FileProblem::DiskFull },
            Other,
        });
        let ledger_errors: Vec<LedgerError> = ledger_refusals
            .iter()
            .chain(&file_problems().into_iter().map(|problem| LedgerRefusal::File { problem }).collect::<Vec<_>>())
            .map(|refusal| {
                let error = ledger_error_for(refusal);
                assert_eq!(&LedgerFault::of(&error).refusal, refusal, "each sample is sent as itself");
                error
            })
            .collect();
        let places = every!(ScriptPlace {
            Move { index: 3, key: None },
            Follower { index: 0, key: None },
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
        let scripts: Vec<TableError> = places
            .into_iter()
            .map(|at| script(at, &ScriptProblem::NoName))
            .chain(
                [
                    ScriptPlace::Move { index: 3, key: Some("crop_circle.actions[1]".into()) },
                    ScriptPlace::Follower { index: 0, key: Some("at".into()) },
                ]
                .into_iter()
                .map(|at| script(at, &ScriptProblem::NoName)),
            )
            .chain(script_problems.iter().map(|problem| script(ScriptPlace::Move { index: 3, key: None }, problem)))
            .collect();
        let table_errors = table
            .into_iter()
            .chain(more_table)
            .chain(refusals.into_iter().map(TableError::from))
            .chain(limits.into_iter().map(|over| {
                let file = matches!(over, OverLimit::ScriptFile { .. }).then(path);
                TableError::OverLimit { file, over }
            }))
            .chain(ledger_errors.into_iter().map(TableError::from))
            .chain(scripts)
            .chain(move_errors().into_iter().map(TableError::from))
            .chain(setup_errors().into_iter().map(TableError::from))
            .map(CommandError::from);
        let all = own
            .into_iter()
            .chain(problems.into_iter().map(|problem| CommandError::LedgerUnavailable {
                path: path(),
                problem,
                detail: detail(),
            }))
            .chain(table_errors)
            .chain(request_errors().into_iter().map(CommandError::from))
            .map(|error| serde_json::to_value(&error).expect("errors serialise"));
        let mut seen = std::collections::HashSet::new();
        all.filter(|sent| seen.insert(sent.to_string())).collect()
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

    /// The table's error crosses as itself, wrapped once: what the UI is sent under `error`
    /// is the table's own shape, for every variant.
    #[test]
    fn a_table_error_crosses_as_itself_wrapped_once() {
        let stored = TableError::Stored { game: 7, detail: "setup: EOF".into() };
        let alone = serde_json::to_value(&stored).unwrap();
        assert_eq!(alone, serde_json::json!({"kind": "stored", "game": 7, "detail": "setup: EOF"}));
        let sent = serde_json::to_value(CommandError::from(stored)).unwrap();
        assert_eq!(sent, serde_json::json!({"kind": "table", "error": alone}));

        let samples = every_error();
        let wrapped: Vec<_> = samples.iter().filter(|s| s["kind"] == "table").collect();
        assert!(wrapped.len() > 100, "the engine's refusals, the ledger's and the script's are the table's");
        for sent in wrapped {
            let kind = sent["error"]["kind"].as_str().unwrap_or_default();
            assert!(!kind.is_empty(), "the table's error names its own kind: {sent}");
        }
        let own: Vec<_> = samples.iter().map(|s| s["kind"].as_str().unwrap_or_default().to_string()).collect();
        for copied in ["notExportable", "fileExists", "alreadyInLedger", "storedGameBroken", "refused", "ledger"] {
            assert!(!own.iter().any(|k| k == copied), "{copied} is the table's, not the app's");
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
        let sent = serde_json::to_value(CommandError::from(TableError::from(error))).unwrap();
        assert_eq!(
            (&sent["kind"], &sent["error"]["kind"]),
            (&serde_json::json!("table"), &serde_json::json!("ledger"))
        );
        assert_eq!(sent["error"]["refusal"], serde_json::json!({"kind": "file", "problem": "locked"}));
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
            match ScriptFile::read(&path).map(|_| ()).unwrap_err() {
                TableError::Script { error, .. } => ScriptFault::of(&error),
                other => panic!("an invalid script: {other:?}"),
            }
        };
        let players = r#""players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}]"#;

        let apart = format!(
            r#"{{"format": "castellan-game-script", "version": 1, {players},
                "moves": [{{"tile": "E", "at": [0, -1], "rot": 180}}, {{"tile": "V", "at": [5, 5], "rot": 0}}]}}"#
        );
        let ScriptFault { at, problem, names } = open("apart.json", &apart);
        assert_eq!(at, ScriptPlace::Move { index: 1, key: None }, "the second entry of `moves`");
        assert!(
            matches!(&problem, ScriptProblem::Move { error: MoveError::Placement(_), rule: Some(rule) } if *rule == Rule::B04),
            "the engine's refusal as data, with its rule: {problem:?}"
        );
        assert_eq!(names, ["Anna", "Bram"], "whom its seat numbers name");

        let ScriptFault { at, problem, .. } = open("cut.json", "{\n  \"format\": ");
        assert!(matches!(at, ScriptPlace::Text { line: 2, .. }), "where the JSON breaks off: {at:?}");
        assert!(matches!(problem, ScriptProblem::NotJson { .. }), "{problem:?}");

        let farms = format!(
            r#"{{"format": "castellan-game-script", "version": 1, {players},
                "setup": {{"rules": {{"farms": "c4"}}}}, "moves": []}}"#
        );
        let ScriptFault { at, problem, .. } = open("farms.json", &farms);
        assert_eq!(at, ScriptPlace::Key { path: "setup.rules.farms".into() }, "the key, by its path");
        assert!(matches!(problem, ScriptProblem::Format { .. }), "{problem:?}");

        // A key inside a move is the move's, by its index, and the key's path inside it.
        let circle = format!(
            r#"{{"format": "castellan-game-script", "version": 3, {players},
                "moves": [{{"tile": "E", "at": [0, -1], "rot": 180, "crop_circle": "add"}}]}}"#
        );
        let ScriptFault { at, problem, .. } = open("circle.json", &circle);
        assert_eq!(at, ScriptPlace::Move { index: 0, key: Some("crop_circle".into()) }, "the move, then its key");
        assert!(matches!(problem, ScriptProblem::Format { .. }), "{problem:?}");

        let alone = r#"{"format": "castellan-game-script", "version": 1,
            "players": [{"name": "Anna", "color": "red"}], "moves": []}"#;
        assert_eq!(open("alone.json", alone).problem, ScriptProblem::TooFewPlayers { seated: 1 });
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
        let CommandError::Table {
            error: TableError::OverLimit { file: None, over: OverLimit::PlayerName { name, chars, max: 40 } },
        } = &error
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
        let sent = serde_json::to_value(CommandError::from(TableError::from(seats))).unwrap();
        assert_eq!(
            sent,
            serde_json::json!({"kind": "table", "error": {"kind": "table", "refusal": {"kind": "trackSeats", "seated": 3, "given": 2}}})
        );
        let taken = PlayerError::NameTaken { name: "Anna".into() };
        let sent = serde_json::to_value(CommandError::from(TableError::from(taken))).unwrap();
        assert_eq!(
            sent["error"]["refusal"],
            serde_json::json!({"kind": "nameTaken", "name": "Anna"}),
            "data the UI words"
        );
    }

    #[test]
    fn a_refusal_carries_the_engines_error_and_its_rule() {
        let error = MoveError::Follower(FollowerError::NoFollowerLeft { player: PlayerId(1) });
        let sent = serde_json::to_value(CommandError::from(TableError::from(error))).unwrap();
        assert_eq!(
            sent,
            serde_json::json!({
                "kind": "table",
                "error": {
                    "kind": "move",
                    "error": { "kind": "follower", "error": { "kind": "noFollowerLeft", "player": 1 } },
                    "rule": "B-15",
                },
            }),
            "the UI words it from the data"
        );
        let later = TableError::from(ReplayError::Move { index: 2, error: MoveError::GameOver });
        assert!(matches!(later, TableError::LaterTurn { turn: 3, rule: None, .. }), "{later:?}");
        let few = serde_json::to_value(TableError::too_few_players(1)).unwrap();
        assert_eq!(few, serde_json::json!({"kind": "tooFewPlayers", "seated": 1, "rule": "B-02"}));
    }
}
