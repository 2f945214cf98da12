//! A game: the setup, then a fold over the moves entered at the table.
//!
//! [`Game::apply`] checks a move completely before it changes anything, so a refused move
//! leaves the game as it was. Points come only from [`Score`] events, so a player's total
//! is always the sum of the events naming them.

use crate::board::{road_ends, Board, PlacementError, SegmentId};
use crate::challenge::{breaks_neighbour_limit, challenged, Challenge};
use crate::coord::{Cell, Port, Rotation, Side};
use crate::count::{round_position, City, CountChoice, CountMovement, Entry, MoveOption, Quarter, QuarterMove};
use crate::event::{Event, Score};
use crate::player::{ByPlayer, Color, PlayerId};
use crate::river::{is_river_tile, River, RiverError};
use crate::rules::{FarmRule, RuleSet, Unplaceable};
use crate::scoring::{farm_points, feature_points, score_farms, score_feature};
use crate::tile::{EdgeKind, FeatureKind, TileId, TileSet};
use crate::title::{score_titles, TitleKind, Titles};
use std::fmt;

mod final_board;

pub use final_board::Standing;

/// Followers each player has (Rule B-01).
pub const FOLLOWERS_PER_PLAYER: u8 = 7;

/// A player as seated.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayerSetup {
    /// Unique name.
    pub name: String,
    /// Follower colour.
    pub color: Color,
}

/// How the game begins on the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Start {
    /// The start tile `D` at `[0, 0]`, city north.
    #[default]
    Base,
    /// The City of Carcassonne as a 4 × 3 block.
    Count,
    /// River II's spring at `[0, 0]`.
    River2,
}

/// Whether the game is entered turn by turn, or only its final board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Every tile drawn, every follower placed, in order; scored as it happens.
    #[default]
    Turns,
    /// The finished table laid in any order, followers where they stand; only the end count
    /// is scored.
    FinalBoard,
}

/// Everything fixed before the first move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameSetup {
    /// In turn order; the first moves first.
    pub players: Vec<PlayerSetup>,
    /// The tiles in the bag.
    pub sets: Vec<TileSet>,
    /// What lies on the table before the first move.
    pub start: Start,
    /// Rule options.
    pub rules: RuleSet,
    /// Turn by turn, or the final board only.
    pub mode: Mode,
    /// King and Robber as held when the entry starts: a final-board game names the holders
    /// (their records do not matter any more).
    pub titles: Titles,
    /// Where the Count stands when the entry starts: the castle in a new game (C-01); a
    /// final-board game says where he ended.
    pub count_at: Quarter,
}

impl GameSetup {
    /// A base game for the named players, colours in the spec's order.
    pub fn base(names: &[&str]) -> GameSetup {
        GameSetup {
            players: names
                .iter()
                .zip(Color::ALL)
                .map(|(n, color)| PlayerSetup { name: n.to_string(), color })
                .collect(),
            sets: vec![TileSet::Base],
            start: Start::Base,
            rules: RuleSet::default(),
            mode: Mode::Turns,
            titles: Titles::default(),
            count_at: Quarter::Castle,
        }
    }

    /// Whether a tile set is in the game.
    pub fn has(&self, set: TileSet) -> bool {
        self.sets.contains(&set)
    }
}

/// Why a setup cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// No players.
    NoPlayers,
    /// More players than the rules allow.
    TooManyPlayers {
        /// Seated.
        count: usize,
        /// Allowed.
        max: u8,
    },
    /// Two players share a name.
    DuplicateName(String),
    /// Two players share a colour.
    DuplicateColor(Color),
    /// River II's tiles are in the bag, but the game starts at the base start tile: it
    /// starts at the spring, or at the City of Carcassonne with the spring drawn first.
    RiverNeedsSpring,
    /// The Count's tiles and the Count's start go together.
    CountNeedsItsStart,
    /// Laying the City after the river (R-04) needs River II's start and the Count's tiles.
    RiverBeforeCityNeedsBoth,
    /// The base set is needed for the start tile.
    MissingStartSet(Start),
    /// A set is listed twice.
    DuplicateSet(TileSet),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NoPlayers => write!(f, "a game needs at least one player"),
            SetupError::TooManyPlayers { count, max } => {
                write!(f, "{count} players, but the rules allow at most {max}")
            }
            SetupError::DuplicateName(n) => write!(f, "two players are called {n}"),
            SetupError::DuplicateColor(c) => write!(f, "two players play {}", c.name()),
            SetupError::MissingStartSet(s) => {
                write!(f, "the {s:?} start needs its tile set in the game")
            }
            SetupError::DuplicateSet(s) => write!(f, "the set {s} is listed twice"),
            SetupError::RiverBeforeCityNeedsBoth => {
                write!(f, "laying the City after the river needs the spring as start and the Count's tiles")
            }
            SetupError::RiverNeedsSpring => write!(f, "with River II the game starts at the spring"),
            SetupError::CountNeedsItsStart => write!(f, "with the Count the game starts at the City of Carcassonne"),
        }
    }
}

impl std::error::Error for SetupError {}

/// What the table did: one tile drawn and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The tile was placed, perhaps with a follower from supply on one of its features.
    Place {
        /// The tile drawn.
        tile: TileId,
        /// Where it went.
        cell: Cell,
        /// How it was turned.
        rotation: Rotation,
        /// The place of the follower deployed on it, in board orientation.
        follower: Option<Port>,
        /// The Count of Carcassonne's decisions in this move, if any.
        count: CountChoice,
        /// House rule V-12: another player bought the drawn tile and placed it.
        purchase: Option<Purchase>,
    },
    /// The tile fitted nowhere and was put aside; the same player draws again.
    Discard {
        /// The tile drawn.
        tile: TileId,
    },
    /// House rule R-04: the City of Carcassonne laid as a block against the finished river.
    /// Nothing is drawn and the turn does not pass.
    City {
        /// The cell of its north-west corner tile (CO1); the block covers 4 × 3 cells from there.
        at: Cell,
    },
    /// Final board only: a follower entered where it stands on the finished table. Nothing is
    /// drawn and the turn does not pass.
    Stand {
        /// Whose follower.
        player: PlayerId,
        /// Where it stands.
        at: Standing,
    },
}

impl Move {
    /// A tile placed, with or without a follower, and no Count decision.
    pub fn place(tile: TileId, cell: Cell, rotation: Rotation, follower: Option<Port>) -> Move {
        Move::Place { tile, cell, rotation, follower, count: CountChoice::default(), purchase: None }
    }

    /// The tile drawn, if the move drew one.
    pub fn tile(&self) -> Option<TileId> {
        match self {
            Move::Place { tile, .. } | Move::Discard { tile } => Some(*tile),
            Move::City { .. } | Move::Stand { .. } => None,
        }
    }

    /// Every cell the move names: where the tile goes and where the Count's followers go;
    /// for the City of Carcassonne its north-west and south-east corners, which span the
    /// block. (An iterator, not a list: every move is checked with it, playouts included.)
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let (first, second, moved): (Option<Cell>, Option<Cell>, &[QuarterMove]) = match self {
            Move::Place { cell, count, .. } => (Some(*cell), None, &count.moves),
            Move::Discard { .. } | Move::Stand { at: Standing::City(_), .. } => (None, None, &[]),
            // Saturating: a corner near the end of `i32` stays off the table instead of
            // wrapping back onto it.
            Move::City { at } => (Some(*at), Some(Cell::new(at.x.saturating_add(3), at.y.saturating_add(2))), &[]),
            Move::Stand { at: Standing::Board(cell, _), .. } => (Some(*cell), None, &[]),
        };
        first.into_iter().chain(second).chain(moved.iter().map(|m| m.to.0))
    }
}

/// The first cell beyond [`Cell::LIMIT`] among `cells`, as the refusal every move and final
/// move gets before anything else looks at it.
fn off_table(cells: impl IntoIterator<Item = Cell>) -> Result<(), MoveError> {
    match cells.into_iter().find(|c| !c.is_on_table()) {
        Some(cell) => Err(MoveError::OffTable { cell, limit: Cell::LIMIT }),
        None => Ok(()),
    }
}

/// House rule V-12: a player buys the tile someone else drew, because it is the one that
/// can finish something, and places it as their own: their follower, their completion. The
/// drawer's turn is used up; the next player after the drawer moves next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Purchase {
    /// Who bought and placed the tile.
    pub buyer: PlayerId,
    /// The points paid: to the drawer, or away (Q-12, [`RuleSet::purchase_pays_drawer`]).
    pub price: u32,
}

/// Why a move is refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The final count has been made.
    GameOver,
    /// A player cannot buy the tile they drew themselves (V-12).
    PurchaseFromSelf {
        /// The drawer.
        player: PlayerId,
    },
    /// The buyer has fewer points than the price (V-12).
    CannotPay {
        /// The buyer.
        player: PlayerId,
        /// Their points.
        score: u32,
        /// The price.
        price: u32,
    },
    /// No such seat at this table.
    UnknownPlayer {
        /// The seat.
        player: PlayerId,
    },
    /// No copy of the tile is left in the bag.
    TileNotInBag {
        /// The tile.
        tile: TileId,
    },
    /// The tile may not lie there.
    Placement {
        /// The tile.
        tile: TileId,
        /// Where it was put.
        cell: Cell,
        /// How it was turned.
        rotation: Rotation,
        /// Why not.
        reason: PlacementError,
    },
    /// The cell is outside the agreed play area (Rule V-09).
    OutOfBounds {
        /// The cell.
        cell: Cell,
    },
    /// The cell is further from the start than any table reaches ([`Cell::LIMIT`]).
    OffTable {
        /// The cell.
        cell: Cell,
        /// How far a coordinate may go either way.
        limit: i32,
    },
    /// The tile fits somewhere, so it may not be discarded (Rule B-08).
    DiscardRefused {
        /// The tile.
        tile: TileId,
        /// A place where it fits.
        cell: Cell,
        /// With this rotation.
        rotation: Rotation,
    },
    /// The player has no follower in supply (Rule B-15).
    NoFollowerLeft {
        /// The player.
        player: PlayerId,
    },
    /// The named place is not on the tile.
    NoFeatureAt {
        /// The place.
        port: Port,
    },
    /// The feature there already has a follower somewhere along it (Rule B-11).
    FeatureOccupied {
        /// The place.
        port: Port,
        /// The feature.
        kind: FeatureKind,
    },
    /// The feature takes no follower (a river).
    NotClaimable {
        /// The place.
        port: Port,
    },
    /// The game is played without farmers (Rule V-07).
    FarmersOff,
    /// Followers are entered apart in a final-board game, not with the tiles.
    FollowerInFinalBoard,
    /// A standing follower in a turn-by-turn game: there a follower comes with its tile.
    StandInTurns,
    /// No tile lies at the named cell.
    NoTileAt {
        /// The cell.
        cell: Cell,
    },
    /// This only applies in the other mode (turns vs final board).
    WrongMode,
    /// There is no such move in the log to change.
    NoSuchMove,
    /// A shrine may border only one cloister, and a cloister only one shrine (Rule H-03).
    BuildingNeighbours {
        /// Where the tile was put.
        cell: Cell,
    },
    /// Under the relaxed placement house rule, a building that borders several of the other
    /// kind takes no follower (V-23).
    CrowdedBuilding {
        /// The place.
        port: Port,
    },
    /// The river tile may not go there.
    River {
        /// Where it was put.
        cell: Cell,
        /// Why not.
        reason: RiverError,
    },
    /// River tiles are drawn and placed before any land tile (R-07).
    RiverFirst {
        /// The land tile.
        tile: TileId,
    },
    /// The City of Carcassonne is laid before the next tile is drawn (R-04).
    CityFirst {
        /// The tile drawn instead.
        tile: TileId,
    },
    /// There is no City of Carcassonne waiting to be laid.
    NoCityToLay,
    /// The City is laid only once the river is finished (R-04).
    RiverUnfinished,
    /// The City would cover a tile already there.
    CityOverlaps {
        /// The covered cell.
        cell: Cell,
    },
    /// The City would touch no tile along an edge.
    CityNotAdjacent,
    /// With the City of Carcassonne at the start, the spring is the first tile drawn (R-03).
    SpringFirst {
        /// The tile drawn instead.
        tile: TileId,
    },
    /// The fork is the first river tile after the spring (R-06).
    ForkFirst {
        /// The tile drawn instead.
        tile: TileId,
    },
    /// The volcano lake is the last river tile (R-08).
    VolcanoLast,
    /// Count decisions in a game without the Count.
    NoCount,
    /// The player has no follower in that quarter.
    QuarterEmpty {
        /// The player.
        player: PlayerId,
        /// The quarter.
        quarter: Quarter,
    },
    /// Nobody may leave the quarter where the Count stands (C-11), nor (under V-20) enter it.
    CountBlocks {
        /// The quarter.
        quarter: Quarter,
    },
    /// Market followers move only at the end of the game (C-18).
    MarketAtTheEnd,
    /// That quarter's followers do not go onto that kind of feature (C-13).
    WrongQuarter {
        /// The quarter.
        quarter: Quarter,
        /// The feature's kind.
        kind: FeatureKind,
    },
    /// Followers move from the city only onto a feature being scored now (C-12), or at the
    /// end onto one that is still unfinished (C-19).
    NotBeingScored {
        /// Where.
        cell: Cell,
        /// The place.
        port: Port,
    },
    /// The move round goes clockwise from the placer's left, the placer last (C-12).
    MoveOutOfTurn {
        /// The player who moved out of turn.
        player: PlayerId,
    },
    /// The placer scored, or nobody did: no follower may enter the city (C-03, C-04).
    MayNotEnter,
    /// Under the official variants the Count moves by himself (V-18, V-19).
    CountMovesByItself,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl MoveError {
    /// The error as a sentence that calls the players by their names, seat by seat; a seat
    /// without a name is "player 1", "player 2", … as in the plain [`fmt::Display`].
    ///
    /// ```
    /// use castellan_engine::{MoveError, PlayerId};
    /// let e = MoveError::NoFollowerLeft { player: PlayerId(1) };
    /// let names = ["Anna".to_string(), "Bram".to_string()];
    /// assert_eq!(e.with_names(&names).to_string(), "Bram has no follower left");
    /// assert_eq!(e.to_string(), "player 2 has no follower left");
    /// ```
    pub fn with_names<'a>(&'a self, names: &'a [String]) -> impl fmt::Display + 'a {
        struct Named<'a>(&'a MoveError, &'a [String]);
        impl fmt::Display for Named<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.describe(f, self.1)
            }
        }
        Named(self, names)
    }

    fn describe(&self, f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
        let who = |p: &PlayerId| names.get(p.index()).cloned().unwrap_or_else(|| p.to_string());
        match self {
            MoveError::GameOver => write!(f, "the game is over"),
            MoveError::PurchaseFromSelf { player } => write!(f, "{} cannot buy the tile they drew", who(player)),
            MoveError::CannotPay { player, score, price } => {
                write!(f, "{} has {score} points and cannot pay {price}", who(player))
            }
            MoveError::UnknownPlayer { player } => write!(f, "there is no {player} at this table"),
            MoveError::TileNotInBag { tile } => write!(f, "no tile {tile} is left in the bag"),
            MoveError::Placement { tile, cell, rotation, reason } => {
                write!(f, "tile {tile} at {cell} rot {rotation} ")?;
                match reason {
                    PlacementError::CellOccupied => write!(f, "lands on a tile already there"),
                    PlacementError::NotAdjacent => write!(f, "touches no tile along an edge"),
                    PlacementError::EdgeMismatch(ms) => {
                        let sides: Vec<String> = ms
                            .iter()
                            .map(|m| format!("its {} neighbour ({} against {})", m.side, m.ours, m.theirs))
                            .collect();
                        write!(f, "does not match {}", sides.join(" and "))
                    }
                }
            }
            MoveError::OutOfBounds { cell } => write!(f, "{cell} is outside the play area"),
            MoveError::OffTable { cell, limit } => {
                write!(f, "{cell} is off the table: coordinates run from -{limit} to {limit}")
            }
            MoveError::DiscardRefused { tile, cell, rotation } => {
                write!(f, "tile {tile} fits at {cell} rot {rotation}, so it may not be discarded")
            }
            MoveError::NoFollowerLeft { player } => write!(f, "{} has no follower left", who(player)),
            MoveError::NoFeatureAt { port } => write!(f, "there is no feature at {port}"),
            MoveError::FeatureOccupied { port, kind } => {
                write!(f, "the {kind} at {port} is already occupied")
            }
            MoveError::NotClaimable { port } => {
                write!(f, "nobody may stand on the river at {port}")
            }
            MoveError::FarmersOff => write!(f, "this game is played without farmers"),
            MoveError::FollowerInFinalBoard => {
                write!(f, "in a final-board game followers are listed separately")
            }
            MoveError::StandInTurns => {
                write!(
                    f,
                    "only a final board takes followers where they stand; turn by turn a follower comes with its tile"
                )
            }
            MoveError::NoTileAt { cell } => write!(f, "no tile lies at {cell}"),
            MoveError::WrongMode => write!(f, "not possible in this game mode"),
            MoveError::NoSuchMove => write!(f, "there is no such move to change"),
            MoveError::River { cell, reason } => match reason {
                RiverError::NotContinued => write!(f, "a river tile at {cell} must continue the river at an open end"),
                RiverError::BranchesJoin => {
                    write!(f, "a river tile at {cell} would join the two branches of the river")
                }
                RiverError::UTurn => write!(f, "the river at {cell} would turn the same way twice in a row"),
            },
            MoveError::RiverFirst { tile } => write!(f, "tile {tile} is a land tile, but river tiles are placed first"),
            MoveError::CityFirst { tile } => {
                write!(f, "tile {tile} is drawn before the City of Carcassonne is laid against the river")
            }
            MoveError::NoCityToLay => write!(f, "there is no City of Carcassonne to lay"),
            MoveError::RiverUnfinished => write!(f, "the City of Carcassonne is laid once the river is finished"),
            MoveError::CityOverlaps { cell } => write!(f, "the City of Carcassonne would cover the tile at {cell}"),
            MoveError::CityNotAdjacent => write!(f, "the City of Carcassonne touches no tile along an edge"),
            MoveError::SpringFirst { tile } => {
                write!(f, "tile {tile} is drawn before the spring, which is attached to the city first")
            }
            MoveError::ForkFirst { tile } => write!(f, "tile {tile} is drawn before the fork, which is placed first"),
            MoveError::VolcanoLast => write!(f, "the volcano lake is the last river tile"),
            MoveError::NoCount => write!(f, "this game is played without the Count"),
            MoveError::QuarterEmpty { player, quarter } => {
                write!(f, "{} has no follower in the {quarter}", who(player))
            }
            MoveError::CountBlocks { quarter } => write!(f, "the Count stands in the {quarter}: nobody may move there"),
            MoveError::MarketAtTheEnd => write!(f, "market followers move only at the end of the game"),
            MoveError::WrongQuarter { quarter, kind } => {
                write!(f, "followers from the {quarter} do not go onto a {kind}")
            }
            MoveError::NotBeingScored { cell, port } => {
                write!(f, "the feature at {cell} {port} is not one a follower may move onto now")
            }
            MoveError::MoveOutOfTurn { player } => {
                write!(f, "{} moved out of turn: the round goes clockwise from the placer's left", who(player))
            }
            MoveError::MayNotEnter => {
                write!(f, "only a placer who made others score and scored nothing may enter Carcassonne")
            }
            MoveError::CountMovesByItself => write!(f, "under this variant the Count moves by himself"),
            MoveError::BuildingNeighbours { cell } => {
                write!(f, "a building at {cell} would make a shrine border two cloisters or a cloister two shrines")
            }
            MoveError::CrowdedBuilding { port } => {
                write!(f, "the building at {port} borders several of the other kind, so it takes no follower")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// Why the end-of-game count was refused ([`Game::finish_naming`]). The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishError {
    /// The refused final move's index (from 0); `None` when the count itself was refused.
    pub index: Option<usize>,
    /// Why.
    pub error: MoveError,
}

impl fmt::Display for FinishError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(i) => write!(f, "final move {i}: {}", self.error),
            None => write!(f, "{}", self.error),
        }
    }
}

impl std::error::Error for FinishError {}

/// Why a log could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The setup does not make a game.
    Setup(SetupError),
    /// A move was refused: its index (from 0) and why.
    Move {
        /// Index of the refused move.
        index: usize,
        /// Why it was refused.
        error: MoveError,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "setup: {e}"),
            ReplayError::Move { index, error } => write!(f, "move {index}: {error}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A player's place on the 50-space score track (Rule B-50).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrackPosition {
    /// Space on the track, 0..50.
    pub space: u32,
    /// Tokens to hold showing "100".
    pub hundreds: u32,
    /// Tokens to hold showing "50" (0 or 1).
    pub fifties: u32,
}

impl TrackPosition {
    /// Where a total stands on the track and which tokens go with it.
    pub fn of(total: u32) -> TrackPosition {
        let laps = total / 50;
        TrackPosition { space: total % 50, hundreds: laps / 2, fifties: laps % 2 }
    }
}

/// A game in progress, or finished.
#[derive(Clone, Debug)]
pub struct Game {
    setup: GameSetup,
    board: Board,
    bag: Vec<u8>,
    supply: ByPlayer<u8>,
    scores: ByPlayer<u32>,
    current: PlayerId,
    river: Option<River>,
    city: Option<City>,
    last_move_events: usize,
    titles: Titles,
    challenges: Vec<Challenge>,
    events: Vec<Event>,
    moves: usize,
    finished: bool,
}

impl Game {
    /// Sets the table: the start tile (or block) down, the other tiles in the bag, 7
    /// followers each.
    ///
    /// # Errors
    /// A [`SetupError`] when the players or sets do not make a game.
    pub fn new(setup: GameSetup) -> Result<Game, SetupError> {
        let n = setup.players.len();
        if n == 0 {
            return Err(SetupError::NoPlayers);
        }
        if n > setup.rules.max_players as usize || n > crate::MAX_PLAYERS {
            return Err(SetupError::TooManyPlayers { count: n, max: setup.rules.max_players });
        }
        for (i, p) in setup.players.iter().enumerate() {
            if setup.players[..i].iter().any(|q| q.name == p.name) {
                return Err(SetupError::DuplicateName(p.name.clone()));
            }
            if setup.players[..i].iter().any(|q| q.color == p.color) {
                return Err(SetupError::DuplicateColor(p.color));
            }
        }
        for (i, s) in setup.sets.iter().enumerate() {
            if setup.sets[..i].contains(s) {
                return Err(SetupError::DuplicateSet(*s));
            }
        }
        // The Count's tiles start the game, or (house rule R-04) follow the river.
        let city_after_river = setup.rules.river_before_city;
        if city_after_river && !(setup.start == Start::River2 && setup.has(TileSet::Count)) {
            return Err(SetupError::RiverBeforeCityNeedsBoth);
        }
        if setup.has(TileSet::Count) != (setup.start == Start::Count || city_after_river) {
            return Err(SetupError::CountNeedsItsStart);
        }
        let start_set = match setup.start {
            Start::Base => TileSet::Base,
            Start::River2 => TileSet::River2,
            Start::Count => TileSet::Count,
        };
        if !setup.has(start_set) || !setup.has(TileSet::Base) {
            return Err(SetupError::MissingStartSet(setup.start));
        }
        if setup.has(TileSet::River2) && setup.start == Start::Base {
            return Err(SetupError::RiverNeedsSpring);
        }

        let mut bag = vec![0u8; TileId::all().count()];
        for set in &setup.sets {
            for t in set.tiles() {
                bag[t.index()] += t.def().copies;
            }
        }
        let mut board = Board::new();
        let base_start = TileId::from_name("D").expect("the start tile is in the catalog");
        let mut river = None;
        let mut city = None;
        match setup.start {
            Start::Base => {
                board.place(base_start, Cell::new(0, 0), Rotation::R0);
                if !setup.rules.separate_start_tile {
                    bag[base_start.index()] -= 1;
                }
            }
            Start::River2 => {
                // The spring starts the game in place of the start tile (R-06), which leaves
                // the box unless the table shuffles it in.
                let spring = TileId::from_name("R2-01").expect("the spring is in the catalog");
                board.place(spring, Cell::new(0, 0), Rotation::R0);
                bag[spring.index()] -= 1;
                if !setup.rules.start_tile_in_bag && !setup.rules.separate_start_tile {
                    bag[base_start.index()] -= 1;
                }
                river = (setup.mode == Mode::Turns).then(|| River::from_spring(&board, 0));
                // The City waits beside the table until the river is laid (R-04).
                for t in TileSet::Count.tiles().filter(|_| setup.rules.river_before_city) {
                    bag[t.index()] -= 1;
                }
            }
            Start::Count => {
                // The twelve city tiles as one block, CO1 at the north-west corner (C-01).
                for (i, t) in TileSet::Count.tiles().enumerate() {
                    let cell = Cell::new(i as i32 % 4 - 2, i as i32 / 4 - 1);
                    board.place(t, cell, Rotation::R0);
                    bag[t.index()] -= 1;
                }
                if !setup.rules.start_tile_in_bag && !setup.rules.separate_start_tile {
                    bag[base_start.index()] -= 1;
                }
                city = Some(City::new(setup.count_at));
            }
        }
        // The start lies on the table too: its ends on the border are closed as well (V-10).
        for index in 0..board.tiles().len() {
            close_at_border(&mut board, &setup.rules, index);
        }
        let mut supply = ByPlayer::default();
        for i in 0..n {
            supply[PlayerId(i as u8)] = FOLLOWERS_PER_PLAYER;
        }
        Ok(Game {
            river,
            city,
            last_move_events: 0,
            titles: setup.titles,
            challenges: Vec::new(),
            setup,
            board,
            bag,
            supply,
            scores: ByPlayer::default(),
            current: PlayerId(0),
            events: Vec::with_capacity(256),
            moves: 0,
            finished: false,
        })
    }

    /// Plays a whole log from the setup.
    ///
    /// # Errors
    /// A bad setup, or the first refused move with its index.
    pub fn replay(setup: &GameSetup, moves: &[Move]) -> Result<Game, ReplayError> {
        let mut game = Game::new(setup.clone()).map_err(ReplayError::Setup)?;
        for (index, m) in moves.iter().enumerate() {
            game.apply(m).map_err(|error| ReplayError::Move { index, error })?;
        }
        Ok(game)
    }

    /// The setup.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The rules in force.
    pub fn rules(&self) -> &RuleSet {
        &self.setup.rules
    }

    /// The tiles on the table.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whose turn it is.
    pub fn current_player(&self) -> PlayerId {
        self.current
    }

    /// Number of players.
    pub fn player_count(&self) -> usize {
        self.setup.players.len()
    }

    /// Every player's score so far.
    pub fn scores(&self) -> &[u32] {
        self.scores.first(self.player_count())
    }

    /// Followers each player has in supply.
    pub fn supply(&self) -> &[u8] {
        self.supply.first(self.player_count())
    }

    /// Everything that happened, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Moves applied.
    pub fn move_count(&self) -> usize {
        self.moves
    }

    /// Whether the final count has been made.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Copies of a tile left in the bag.
    pub fn remaining(&self, tile: TileId) -> u8 {
        self.bag[tile.index()]
    }

    /// Tiles left in the bag, by type, in catalog order (types with none left omitted).
    pub fn bag(&self) -> Vec<(TileId, u8)> {
        TileId::all().map(|t| (t, self.bag[t.index()])).filter(|&(_, n)| n > 0).collect()
    }

    /// How many tiles are left in the bag.
    pub fn tiles_left(&self) -> u32 {
        self.bag.iter().map(|&n| n as u32).sum()
    }

    /// Every cell and rotation where `tile` may go now, in a fixed order.
    pub fn legal_placements(&self, tile: TileId) -> Vec<(Cell, Rotation)> {
        // At most four rotations per frontier cell: one allocation, never regrown.
        let mut out = Vec::with_capacity(4 * self.board.frontier_len());
        // Exactly the cases where `table_rule_error` can refuse a tile whose edges match.
        let special = self.setup.rules.bounds.is_some()
            || (self.river.is_some() && is_river_tile(tile))
            || (tile.def().centre.is_some()
                && self.setup.has(TileSet::Shrines)
                && !self.setup.rules.relaxed_shrine_placement);
        if special {
            self.board.for_each_legal_placement(tile, |c, r| {
                if self.table_rule_error(tile, c, r).is_none() {
                    out.push((c, r));
                }
            });
        } else {
            self.board.legal_placements_into(tile, &mut out);
        }
        out
    }

    /// Placement limits beyond matching edges: the play area (V-09), the shrine–cloister
    /// neighbourhood (H-03) and the river's course (R-07, R-09, R-10).
    fn table_rule_error(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Option<MoveError> {
        if let Some(river) = self.river.as_ref().filter(|_| is_river_tile(tile)) {
            if let Err(reason) = river.step(&self.board, tile, cell, rotation) {
                return Some(MoveError::River { cell, reason });
            }
        }
        if self.setup.rules.bounds.is_some_and(|b| !b.contains(cell)) {
            return Some(MoveError::OutOfBounds { cell });
        }
        if self.setup.has(TileSet::Shrines)
            && !self.setup.rules.relaxed_shrine_placement
            && breaks_neighbour_limit(&self.board, tile, cell)
        {
            return Some(MoveError::BuildingNeighbours { cell });
        }
        None
    }

    /// Checks whether `tile` may go at `cell` with `rotation`.
    ///
    /// # Errors
    /// Why not, as a [`MoveError`].
    pub fn check_placement(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Result<(), MoveError> {
        off_table([cell])?;
        if let Some(e) = self.table_rule_error(tile, cell, rotation) {
            return Err(e);
        }
        self.board.check_placement(tile, cell, rotation).map_err(|reason| MoveError::Placement {
            tile,
            cell,
            rotation,
            reason,
        })
    }

    /// The places where the current player may deploy a follower on `tile` lying at `cell`
    /// with `rotation` (one place per feature; not yet placed). Empty when the supply is.
    pub fn legal_followers(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Vec<(Port, FeatureKind)> {
        let mut out = Vec::new();
        self.for_each_legal_follower(tile, cell, rotation, |port, kind| out.push((port, kind)));
        out
    }

    /// Calls `found` for each place [`Game::legal_followers`] lists, in the same order,
    /// without building the list (playouts ask this every turn).
    pub(crate) fn for_each_legal_follower(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        mut found: impl FnMut(Port, FeatureKind),
    ) {
        let def = tile.def();
        if self.supply[self.current] == 0 || self.setup.mode == Mode::FinalBoard || !cell.is_on_table() {
            return;
        }
        // The neighbours are looked at once for all the tile's segments.
        let occupied = self.board.occupied_locals(tile, cell, rotation);
        for f in &def.features {
            let port = f.anchor.to_board(rotation);
            if self.follower_error_given(self.current, tile, cell, rotation, port, || occupied).is_none() {
                found(port, f.kind);
            }
        }
    }

    /// The seat after `p`, clockwise.
    fn next_seat(&self, p: PlayerId) -> PlayerId {
        PlayerId(((p.index() + 1) % self.player_count()) as u8)
    }

    /// Whether the tile may be bought as `p` says (V-12).
    fn purchase_error(&self, p: &Purchase) -> Result<(), MoveError> {
        if p.buyer.index() >= self.player_count() {
            return Err(MoveError::UnknownPlayer { player: p.buyer });
        }
        if p.buyer == self.current {
            return Err(MoveError::PurchaseFromSelf { player: p.buyer });
        }
        let score = self.scores[p.buyer];
        if score < p.price {
            return Err(MoveError::CannotPay { player: p.buyer, score, price: p.price });
        }
        Ok(())
    }

    /// The buyer pays; the drawer receives the price if the table plays it so (Q-12).
    fn pay_for_tile(&mut self, p: Purchase, tile: TileId) {
        let drawer = self.current;
        self.scores[p.buyer] -= p.price;
        let to_drawer = self.setup.rules.purchase_pays_drawer;
        if to_drawer {
            self.scores[drawer] += p.price;
        }
        self.events.push(Event::TileBought { buyer: p.buyer, drawer, tile, price: p.price, to_drawer });
    }

    fn follower_error(
        &self,
        placer: PlayerId,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        port: Port,
    ) -> Option<MoveError> {
        self.follower_error_given(placer, tile, cell, rotation, port, || {
            self.board.occupied_locals(tile, cell, rotation)
        })
    }

    /// [`Game::follower_error`] with the tile's occupied segments (see
    /// [`Board::occupied_locals`]) supplied by the caller, who may know them already.
    fn follower_error_given(
        &self,
        placer: PlayerId,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        port: Port,
        occupied_locals: impl FnOnce() -> u64,
    ) -> Option<MoveError> {
        if self.supply[placer] == 0 {
            return Some(MoveError::NoFollowerLeft { player: placer });
        }
        let def = tile.def();
        let Some(local) = def.feature_at(port.to_catalog(rotation)) else {
            return Some(MoveError::NoFeatureAt { port });
        };
        let kind = def.features[local as usize].kind;
        match kind {
            FeatureKind::River => return Some(MoveError::NotClaimable { port }),
            FeatureKind::Field if self.setup.rules.farms == crate::FarmRule::Off => return Some(MoveError::FarmersOff),
            _ => {}
        }
        // At a tree junction (V-08) every road end on the tile is part of the same road.
        let joined = kind == FeatureKind::Road
            && self.setup.rules.tree_junctions.contains(tile)
            && def.features[local as usize].edge_count() == 1;
        let mask = occupied_locals();
        let occupied = if joined { road_ends(def).any(|l| mask & (1 << l) != 0) } else { mask & (1 << local) != 0 };
        if occupied {
            return Some(MoveError::FeatureOccupied { port, kind });
        }
        if kind.is_building() && self.setup.has(TileSet::Shrines) && breaks_neighbour_limit(&self.board, tile, cell) {
            // Only reachable under the relaxed placement house rule (V-23).
            return Some(MoveError::CrowdedBuilding { port });
        }
        None
    }

    /// Applies a move after checking it completely.
    ///
    /// # Errors
    /// Why the move is refused; the game is then unchanged.
    pub fn apply(&mut self, mv: &Move) -> Result<&[Event], MoveError> {
        if self.city.is_some() {
            // A Count move has several phases whose checks depend on the ones before;
            // playing it on a copy keeps the game untouched when a later phase refuses.
            let first_event = self.events.len();
            let mut next = self.clone();
            next.apply_checked(mv)?;
            *self = next;
            return Ok(&self.events[first_event..]);
        }
        self.apply_checked(mv)?;
        Ok(&self.events[self.last_move_events..])
    }

    fn apply_checked(&mut self, mv: &Move) -> Result<(), MoveError> {
        if self.finished {
            return Err(MoveError::GameOver);
        }
        // Before anything looks at the board: no cell off the table gets near it.
        off_table(mv.cells())?;
        let first_event = self.events.len();
        if let &Move::Stand { player, at } = mv {
            self.stand(player, at)?;
            self.moves += 1;
            self.last_move_events = first_event;
            return Ok(());
        }
        let Some(tile) = mv.tile() else {
            let &Move::City { at } = mv else { unreachable!("only the City is laid without a tile") };
            self.board = self.board_with_city(at)?;
            let laid = self.board.tiles().len();
            for index in laid - TileSet::Count.tiles().count()..laid {
                close_at_border(&mut self.board, &self.setup.rules, index);
            }
            self.city = Some(City::new(self.setup.count_at));
            self.events.push(Event::CityLaid { player: self.current, at });
            self.moves += 1;
            self.last_move_events = first_event;
            return Ok(());
        };
        if self.bag[tile.index()] == 0 {
            return Err(MoveError::TileNotInBag { tile });
        }
        if let Some(e) = self.draw_error(tile) {
            return Err(e);
        }
        match mv {
            &Move::Discard { tile } => {
                if self.setup.mode == Mode::FinalBoard {
                    return Err(MoveError::WrongMode);
                }
                if let Some(&(cell, rotation)) = self.legal_placements(tile).first() {
                    return Err(MoveError::DiscardRefused { tile, cell, rotation });
                }
                // A river tile that fits nowhere goes back in the box whatever the table does
                // with land tiles (R-03).
                if self.setup.rules.unplaceable == Unplaceable::Removed || is_river_tile(tile) {
                    self.bag[tile.index()] -= 1;
                }
                self.events.push(Event::TileDiscarded { player: self.current, tile });
            }
            Move::Place { tile, cell, rotation, follower, count, purchase } => {
                let (tile, cell, rotation, follower) = (*tile, *cell, *rotation, *follower);
                if !count.is_empty() && self.city.is_none() {
                    return Err(MoveError::NoCount);
                }
                if let Some(p) = purchase {
                    self.purchase_error(p)?;
                }
                let drawer = self.current;
                let placer = purchase.map_or(drawer, |p| p.buyer);
                self.check_placement(tile, cell, rotation)?;
                if let Some(port) = follower {
                    if self.setup.mode == Mode::FinalBoard {
                        return Err(MoveError::FollowerInFinalBoard);
                    }
                    if let Some(e) = self.follower_error(placer, tile, cell, rotation, port) {
                        return Err(e);
                    }
                }
                if let Some(p) = *purchase {
                    self.pay_for_tile(p, tile);
                    self.current = p.buyer;
                }
                self.place(tile, cell, rotation, follower, count)?;
                if purchase.is_some() && self.current != placer {
                    // The turn passes on from the drawer, whose turn it was.
                    self.current = self.next_seat(drawer);
                }
            }
            Move::City { .. } | Move::Stand { .. } => unreachable!("handled above"),
        }
        self.moves += 1;
        self.last_move_events = first_event;
        Ok(())
    }

    /// Whether `tile` may be the next tile drawn (the bag aside).
    pub fn may_draw(&self, tile: TileId) -> bool {
        self.bag[tile.index()] > 0 && self.draw_error(tile).is_none()
    }

    /// Whether every tile left in the bag may be drawn now (no river or City rules apply),
    /// so that callers going through the whole bag need not ask tile by tile.
    pub(crate) fn draw_unrestricted(&self) -> bool {
        self.setup.mode == Mode::FinalBoard || (self.river.is_none() && self.city.is_none())
    }

    /// Whether `tile` may be drawn now: while river tiles are left, only they are, the spring
    /// first when the City of Carcassonne starts the game, then the fork, and the volcano
    /// lake last (Rules R-03, R-06 to R-08).
    ///
    /// A finished table is entered in any order, so none of this applies to a final board.
    fn draw_error(&self, tile: TileId) -> Option<MoveError> {
        if self.draw_unrestricted() {
            return None;
        }
        let river_left = self.river_tiles_left();
        if river_left == 0 {
            return self.city_pending().then_some(MoveError::CityFirst { tile });
        }
        if !is_river_tile(tile) {
            return Some(MoveError::RiverFirst { tile });
        }
        if self.river.is_none() {
            return (!tile.def().marks.spring).then_some(MoveError::SpringFirst { tile });
        }
        let fork_left = TileSet::River2.tiles().any(|t| t.def().marks.fork && self.bag[t.index()] > 0);
        if fork_left && !tile.def().marks.fork {
            return Some(MoveError::ForkFirst { tile });
        }
        if tile.def().marks.volcano && river_left > 1 {
            return Some(MoveError::VolcanoLast);
        }
        None
    }

    /// Whether the City must still wait for the river (R-04): only while a game is entered
    /// turn by turn; a finished table lays its tiles in any order.
    fn river_unfinished(&self) -> bool {
        self.setup.mode == Mode::Turns && self.river_tiles_left() > 0
    }

    fn river_tiles_left(&self) -> u32 {
        TileSet::River2.tiles().map(|t| self.bag[t.index()] as u32).sum()
    }

    /// Whether the City of Carcassonne still waits to be laid against the river (R-04).
    pub fn city_pending(&self) -> bool {
        self.city.is_none() && self.setup.rules.river_before_city
    }

    /// Where the City of Carcassonne may be laid now, as cells of its north-west corner:
    /// empty when it is not its time (R-04).
    pub fn legal_city_placements(&self) -> Vec<Cell> {
        if !self.city_pending() || self.river_unfinished() {
            return Vec::new();
        }
        let mut corners: Vec<Cell> = Vec::new();
        for f in self.board.frontier() {
            for i in 0..12 {
                let at = Cell::new(f.x - i % 4, f.y - i / 4);
                if !corners.contains(&at) && self.board_with_city(at).is_ok() {
                    corners.push(at);
                }
            }
        }
        corners
    }

    /// The board with the City of Carcassonne laid with its north-west corner at `at`: every
    /// cell free, the block touching the layout, every edge against the layout matching.
    fn board_with_city(&self, at: Cell) -> Result<Board, MoveError> {
        if !self.city_pending() {
            return Err(MoveError::NoCityToLay);
        }
        if self.river_unfinished() {
            return Err(MoveError::RiverUnfinished);
        }
        let mut left: Vec<(TileId, Cell)> = TileSet::Count
            .tiles()
            .enumerate()
            .map(|(i, t)| (t, Cell::new(at.x + i as i32 % 4, at.y + i as i32 / 4)))
            .collect();
        if let Some(&(_, cell)) = left.iter().find(|(_, c)| self.board.tile_at(*c).is_some()) {
            return Err(MoveError::CityOverlaps { cell });
        }
        let mut board = self.board.clone();
        // Each city tile is laid against what lies already, so every edge is checked once.
        while !left.is_empty() {
            let Some(i) = left.iter().position(|&(_, c)| board.is_frontier(c)) else {
                return Err(MoveError::CityNotAdjacent);
            };
            let (tile, cell) = left.remove(i);
            match board.check_placement(tile, cell, Rotation::R0) {
                Ok(()) => {}
                // The city's inner walls meet each other, as they do in the printed block.
                Err(PlacementError::EdgeMismatch(ms))
                    if ms.iter().all(|m| m.ours == EdgeKind::Inner && m.theirs == EdgeKind::Inner) => {}
                Err(reason) => return Err(MoveError::Placement { tile, cell, rotation: Rotation::R0, reason }),
            }
            board.place(tile, cell, Rotation::R0);
        }
        Ok(board)
    }

    /// The river's open ends, while River II's tiles are being laid.
    pub fn river(&self) -> Option<&River> {
        self.river.as_ref()
    }

    /// Places a checked tile, then: the Count's move round, scoring, entering the city.
    /// Errors can only come from the Count's decisions, and only in a Count game, which
    /// [`Game::apply`] plays on a copy.
    fn place(
        &mut self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        follower: Option<Port>,
        count: &CountChoice,
    ) -> Result<(), MoveError> {
        let player = self.current;
        self.bag[tile.index()] -= 1;
        let river_step = match &self.river {
            Some(r) if is_river_tile(tile) => {
                Some(r.step(&self.board, tile, cell, rotation).expect("checked before placing"))
            }
            _ => None,
        };
        let index = place_on_board(&mut self.board, &self.setup.rules, tile, cell, rotation);
        if let (Some(step), Some(river)) = (river_step, self.river.as_mut()) {
            river.advance(step);
        } else if tile.def().marks.spring && self.setup.mode == Mode::Turns {
            // The spring attached to the City of Carcassonne starts the river (R-03).
            self.river = Some(River::from_spring(&self.board, index));
        }
        self.events.push(Event::TilePlaced { player, tile, cell, rotation });
        close_at_border(&mut self.board, &self.setup.rules, index);
        if let Some(port) = follower {
            let placed = self.board.tiles()[index];
            let local = placed.local_at(port).expect("checked before placing");
            let feature = self.board.feature_of(index, local);
            self.board.add_follower(player, cell, port, feature);
            self.supply[player] -= 1;
            let kind = tile.def().features[local as usize].kind;
            self.events.push(Event::FollowerDeployed { player, cell, port, kind });
        }
        if self.setup.mode == Mode::Turns {
            let mut completed = self.board.completed_by(index);
            if !self.setup.rules.road_loops_complete {
                completed.retain(|&f| !self.board.is_road_loop(f));
            }
            if let Some(port) = follower {
                self.start_challenge(index, port, &completed);
            }
            self.move_round(&count.moves, &completed)?;
            self.award_titles(&completed, player);
            let first_score = self.events.len();
            for &feature in &completed {
                self.board.mark_completed(feature);
                match self.settle_challenge(feature, &completed) {
                    Some(loser) => self.score_challenge_win(feature, loser),
                    None => self.score_and_return(feature),
                }
            }
            if let Some(entry) = count.entry {
                self.enter_city(entry, first_score)?;
            }
        } else if !count.is_empty() {
            return Err(MoveError::WrongMode);
        }
        let hole = Side::ALL.iter().all(|&s| self.board.tile_at(cell.step(s)).is_some());
        if !(self.setup.rules.hole_extra_turn && hole) {
            self.current = self.next_seat(self.current);
        }
        Ok(())
    }

    /// The City of Carcassonne, in a game with the Count.
    pub fn city(&self) -> Option<&City> {
        self.city.as_ref()
    }

    /// Checks one follower moved out of the city onto the feature at `to`.
    fn check_quarter_move(&self, m: &QuarterMove, allowed: impl Fn(SegmentId) -> bool) -> Result<SegmentId, MoveError> {
        let city = self.city.as_ref().ok_or(MoveError::NoCount)?;
        if m.player.index() >= self.player_count() || city.followers(m.quarter)[m.player] == 0 {
            return Err(MoveError::QuarterEmpty { player: m.player, quarter: m.quarter });
        }
        if m.quarter == city.count_at {
            return Err(MoveError::CountBlocks { quarter: m.quarter });
        }
        let (cell, port) = m.to;
        let feature = self.board.feature_at(cell, port).ok_or(MoveError::NoFeatureAt { port })?;
        let kind = self.board.kind(feature);
        if !m.quarter.feeds(kind) {
            return Err(MoveError::WrongQuarter { quarter: m.quarter, kind });
        }
        // A market follower would become a farmer, which a game without farmers has none of.
        if kind == FeatureKind::Field && self.setup.rules.farms == crate::FarmRule::Off {
            return Err(MoveError::FarmersOff);
        }
        if !allowed(self.board.root(feature)) {
            return Err(MoveError::NotBeingScored { cell, port });
        }
        Ok(feature)
    }

    /// Moves a checked follower from its quarter onto a feature.
    fn move_out_of_city(&mut self, m: &QuarterMove, feature: SegmentId) {
        let city = self.city.as_mut().expect("checked");
        city.take(m.quarter, m.player);
        self.board.add_follower(m.player, m.to.0, m.to.1, feature);
        self.events.push(Event::FollowerMoved { player: m.player, quarter: m.quarter, cell: m.to.0, port: m.to.1 });
    }

    /// Before the features this tile completed are scored, one round of moves from the
    /// matching quarters: from the placer's left, clockwise, the placer last; one round for
    /// all the features at once (Q-06), or one per feature when the rules say so (C-12).
    /// Never from the market during play (C-18) nor from the Count's quarter (C-11).
    fn move_round(&mut self, moves: &[QuarterMove], completed: &[SegmentId]) -> Result<(), MoveError> {
        let placer = self.current;
        let n = self.player_count();
        let mut last = (0, 0);
        for m in moves {
            if m.quarter == Quarter::Market {
                return Err(MoveError::MarketAtTheEnd);
            }
            let feature = self.check_quarter_move(m, |root| completed.contains(&root))?;
            let round = if self.setup.rules.count_round_per_feature {
                completed.iter().position(|&f| f == self.board.root(feature)).unwrap_or(0)
            } else {
                0
            };
            let key = (round, round_position(m.player, placer, n));
            if key < last {
                return Err(MoveError::MoveOutOfTurn { player: m.player });
            }
            last = key;
            self.move_out_of_city(m, feature);
        }
        Ok(())
    }

    /// After the scoring: the placer may put a follower from supply into a quarter when this
    /// tile made someone score but not him (C-03 to C-09), at most one per tile (C-05), and
    /// then moves the Count as the rules say (C-10, V-18, V-19).
    fn enter_city(&mut self, entry: Entry, first_score: usize) -> Result<(), MoveError> {
        let placer = self.current;
        if !self.may_enter_after(first_score) {
            return Err(MoveError::MayNotEnter);
        }
        if self.supply[placer] == 0 {
            return Err(MoveError::NoFollowerLeft { player: placer });
        }
        if !self.entry_quarters().contains(&entry.quarter) {
            return Err(MoveError::CountBlocks { quarter: entry.quarter });
        }
        let rules = self.setup.rules;
        let city = self.city.as_mut().expect("only Count games enter");
        let to = match (rules.count_movement, entry.count_to) {
            (CountMovement::Free, to) => to,
            (CountMovement::Clockwise, None) => Some(city.count_at.clockwise()),
            (CountMovement::FollowsFollower, None) => Some(entry.quarter),
            (_, Some(_)) => return Err(MoveError::CountMovesByItself),
        };
        self.supply[placer] -= 1;
        city.add(entry.quarter, placer);
        self.events.push(Event::EnteredCity { player: placer, quarter: entry.quarter });
        if let Some(to) = to.filter(|&to| to != city.count_at) {
            let from = city.count_at;
            city.count_at = to;
            self.events.push(Event::CountMoved { from, to });
        }
        Ok(())
    }

    /// Whether the scores since event `first_score` let the placer enter the city: someone
    /// scored points, the placer none (C-03, C-04, C-06 to C-09).
    fn may_enter_after(&self, first_score: usize) -> bool {
        let placer = self.current;
        let mut others = false;
        for e in &self.events[first_score..] {
            if let Event::Scored(s) = e {
                if s.points > 0 && s.winners.contains(placer) {
                    return false;
                }
                others |= s.points > 0 && !s.winners.is_empty();
            }
        }
        others
    }

    /// Who may move which followers from which quarter onto the features the tile would
    /// complete, in the order of the move round; empty when nothing is pending. Used to ask
    /// the table exactly the right question before the move is entered.
    ///
    /// # Errors
    /// The placement itself is refused.
    pub fn count_move_options(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        follower: Option<Port>,
    ) -> Result<Vec<MoveOption>, MoveError> {
        let Some(city) = self.city else { return Ok(Vec::new()) };
        self.check_placement(tile, cell, rotation)?;
        let mut trial = self.clone();
        let index = place_on_board(&mut trial.board, &self.setup.rules, tile, cell, rotation);
        if let Some(port) = follower {
            if let Some(e) = self.follower_error(self.current, tile, cell, rotation, port) {
                return Err(e);
            }
            let local = trial.board.tiles()[index].local_at(port).expect("checked");
            let feature = trial.board.feature_of(index, local);
            trial.board.add_follower(self.current, cell, port, feature);
        }
        let completed = trial.board.completed_by(index);
        let n = self.player_count();
        let mut seats: Vec<PlayerId> = (0..n as u8).map(PlayerId).collect();
        seats.sort_by_key(|&p| round_position(p, self.current, n));
        let mut out = Vec::new();
        for p in seats {
            for q in [Quarter::Castle, Quarter::Blacksmith, Quarter::Cathedral] {
                let available = city.followers(q)[p];
                if available == 0 || q == city.count_at {
                    continue;
                }
                let features: Vec<(Cell, Port)> = completed
                    .iter()
                    .filter(|&&f| q.feeds(trial.board.kind(f)))
                    .map(|&f| trial.board.anchor(f))
                    .collect();
                if !features.is_empty() {
                    out.push(MoveOption { player: p, quarter: q, available, features });
                }
            }
        }
        Ok(out)
    }

    /// Whether the placer of `mv` may put a follower into the city after its scoring (the
    /// entry itself left out of `mv`).
    ///
    /// # Errors
    /// The move is refused.
    pub fn may_enter(&self, mv: &Move) -> Result<bool, MoveError> {
        if self.city.is_none() {
            return Ok(false);
        }
        let mut without_entry = mv.clone();
        if let Move::Place { count, .. } = &mut without_entry {
            count.entry = None;
        }
        let mut trial = self.clone();
        let placer = self.current;
        trial.apply_checked(&without_entry)?;
        trial.current = placer;
        Ok(trial.supply[placer] > 0 && trial.may_enter_after(trial.last_move_events))
    }

    /// A monk or heretic just placed next to an occupied building of the other kind starts a
    /// challenge (Rules H-05 to H-07). When that building is completed by this very tile the
    /// challenge still starts and is lost at once, unless the rules say otherwise (Q-04).
    fn start_challenge(&mut self, index: usize, port: Port, completed: &[SegmentId]) {
        if !self.setup.has(TileSet::Shrines) || port != Port::C {
            return;
        }
        let placed = self.board.tiles()[index];
        let Some(centre) = placed.def().centre else {
            return;
        };
        let kind = placed.def().features[centre as usize].kind;
        let Some((other_cell, other)) = challenged(&self.board, placed.cell, kind) else {
            return;
        };
        if completed.contains(&other) && !self.setup.rules.challenge_when_partner_completes {
            return;
        }
        let ours = placed.segment(centre);
        let challenge = if kind == FeatureKind::Cloister {
            Challenge { cloister: placed.cell, shrine: other_cell, cloister_feature: ours, shrine_feature: other }
        } else {
            Challenge { cloister: other_cell, shrine: placed.cell, cloister_feature: other, shrine_feature: ours }
        };
        self.challenges.push(challenge);
        self.events.push(Event::ChallengeStarted {
            challenger: self.current,
            cloister: challenge.cloister,
            shrine: challenge.shrine,
        });
    }

    /// A building of a running challenge was completed: the challenge ends. Returns the
    /// loser, unless the tile completed both and both score (H-10).
    fn settle_challenge(&mut self, feature: SegmentId, completed: &[SegmentId]) -> Option<SegmentId> {
        let i = self.challenges.iter().position(|c| c.opponent(feature).is_some())?;
        let opponent = self.challenges.remove(i).opponent(feature).expect("found above");
        (!completed.contains(&opponent)).then_some(opponent)
    }

    /// The first building of a challenge to be completed scores its 9 (plus, under the house
    /// rule, the loser's unfinished value, V-22); the other scores nothing; both followers
    /// return (H-09).
    fn score_challenge_win(&mut self, winner: SegmentId, loser: SegmentId) {
        if let Some(mut score) = score_feature(&self.board, winner, &self.setup.rules, false) {
            if self.setup.rules.challenge_winner_takes_both {
                score.points += 1 + self.board.building_neighbours(loser) as u32;
                score.rule = "V-22";
            } else {
                score.rule = "H-09";
            }
            self.record(score);
        }
        self.return_followers(winner);
        if let Some(mut lost) = score_feature(&self.board, loser, &self.setup.rules, false) {
            lost.outvoted = lost.winners;
            lost.winners = crate::PlayerSet::EMPTY;
            lost.points = 0;
            lost.rule = "H-09";
            self.events.push(Event::Scored(Box::new(lost)));
        }
        self.return_followers(loser);
    }

    /// Challenges still running.
    pub fn challenges(&self) -> &[Challenge] {
        &self.challenges
    }

    /// King & Robber: the features one tile completes, largest first, so that when it closes
    /// several cities (roads) at once the record is the largest of them, whatever order the
    /// board lists them in (K-03 to K-05; it matters when the record does not rise, Q-02).
    fn award_titles(&mut self, completed: &[SegmentId], placer: PlayerId) {
        // Without King & Robber nothing is awarded: spare the copy and the sizes.
        if !self.setup.has(TileSet::KingRobber) {
            return;
        }
        let mut by_size = completed.to_vec();
        by_size.sort_by_key(|&f| std::cmp::Reverse(self.board.tile_indices(f).len()));
        for feature in by_size {
            self.award_title(feature, placer);
        }
    }

    /// King & Robber: a completed city or road may move its title (Rules K-03 to K-06).
    fn award_title(&mut self, feature: SegmentId, placer: PlayerId) {
        if !self.setup.has(TileSet::KingRobber) {
            return;
        }
        let kind = match self.board.kind(feature) {
            FeatureKind::City => TitleKind::King,
            FeatureKind::Road => TitleKind::Robber,
            _ => return,
        };
        let size = self.board.tile_indices(feature).len() as u32;
        if let Some(e) = self.titles.completed(kind, placer, size, self.setup.rules.title_record_rises) {
            self.events.push(e);
        }
    }

    /// Who holds the King and the Robber, with their records.
    pub fn titles(&self) -> &Titles {
        &self.titles
    }

    fn score_and_return(&mut self, feature: SegmentId) {
        if let Some(score) = score_feature(&self.board, feature, &self.setup.rules, false) {
            self.record(score);
        }
        self.return_followers(feature);
    }

    fn return_followers(&mut self, feature: SegmentId) {
        for f in self.board.remove_followers(feature) {
            self.supply[f.player] += 1;
            self.events.push(Event::FollowerReturned { player: f.player, cell: f.cell, port: f.port });
        }
    }

    fn record(&mut self, score: Score) {
        for p in score.winners.iter() {
            self.scores[p] += score.points;
        }
        self.events.push(Event::Scored(Box::new(score)));
    }

    /// The end-of-game count as it would come out now, without changing the game: unfinished
    /// roads, then cities, then cloisters and shrines (each in the order first occupied), then
    /// the farms (Rules B-33, B-34). Beside the scores: for each, the feature whose followers
    /// it frees. A follower forgotten on a complete feature of a final board scores nothing
    /// and stays where it is.
    fn final_count_with_features(&self) -> (Vec<Score>, Vec<Option<SegmentId>>) {
        let board = &self.board;
        let mut open: Vec<(u8, SegmentId)> = Vec::with_capacity(board.followers().len());
        for f in board.followers() {
            let root = board.root(f.segment);
            if self.is_done(root) {
                continue;
            }
            let order = match board.kind(root) {
                FeatureKind::Road => 0,
                FeatureKind::City => 1,
                FeatureKind::Field | FeatureKind::River => continue,
                FeatureKind::Cloister | FeatureKind::Shrine => 2,
            };
            if !open.iter().any(|&(_, r)| r == root) {
                open.push((order, root));
            }
        }
        open.sort_by_key(|&(order, _)| order);
        let mut scores = Vec::with_capacity(open.len() + 4);
        let mut features = Vec::with_capacity(open.len());
        for (_, f) in open {
            let Some(mut s) = score_feature(board, f, &self.setup.rules, true) else {
                continue;
            };
            // An unresolved challenge: both buildings score as unfinished (H-11).
            if s.points > 0 && self.challenges.iter().any(|c| c.opponent(f).is_some()) {
                s.rule = "H-11";
            }
            scores.push(s);
            features.push(Some(f));
        }
        scores.extend(score_farms(board, &self.setup.rules));
        if self.setup.has(TileSet::KingRobber) {
            scores.extend(score_titles(board, &self.titles, self.setup.rules.road_loops_complete));
        }
        features.resize(scores.len(), None);
        (scores, features)
    }

    /// The end-of-game count as it would come out now; the game is unchanged. This is the
    /// live "if the game ended now" view.
    pub fn final_count(&self) -> Vec<Score> {
        self.final_count_with_features().0
    }

    /// The points each seat would get from the end-of-game count now: the totals of
    /// [`Game::final_count`] without the explanations, cheap enough to show after every turn.
    pub fn final_points(&self) -> ByPlayer<u32> {
        let board = &self.board;
        let rules = &self.setup.rules;
        let mut totals = ByPlayer::filled(0);
        let mut add = |(winners, points): (crate::player::PlayerSet, u32)| {
            for p in winners.iter() {
                totals[p] += points;
            }
        };
        let followers = board.followers();
        for (i, f) in followers.iter().enumerate() {
            let root = board.root(f.segment);
            if followers[..i].iter().any(|g| board.root(g.segment) == root) || self.is_done(root) {
                continue;
            }
            match board.kind(root) {
                FeatureKind::Field if rules.farms == FarmRule::Current => farm_points(board, root).map(&mut add),
                FeatureKind::Field | FeatureKind::River => None,
                _ => feature_points(board, root, rules).map(&mut add),
            };
        }
        // The rarer counts reuse the explained form.
        let mut rest = Vec::new();
        if rules.farms == FarmRule::FirstEdition {
            rest.extend(score_farms(board, rules));
        }
        if self.setup.has(TileSet::KingRobber) {
            rest.extend(score_titles(board, &self.titles, rules.road_loops_complete));
        }
        for s in rest {
            add((s.winners, s.points));
        }
        totals
    }

    /// Applies the end-of-game count (see [`Game::final_count`]); afterwards no move is
    /// accepted. Followers of unfinished features return to supply as each is scored.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] when already counted.
    pub fn finish(&mut self) -> Result<&[Event], MoveError> {
        self.finish_with(&[])
    }

    /// With the Count: the followers moved out of Carcassonne before the final count, in the
    /// order they were moved, then the count (C-19). Each goes onto an unfinished feature or a
    /// farm of its quarter's kind, occupied or not; players may pass and move again in a later
    /// round (Q-07), so any order is possible; the Count still blocks his quarter. Followers
    /// left in the city score nothing.
    ///
    /// # Errors
    /// A refused move, or the game was counted already; the game is then unchanged.
    pub fn finish_with(&mut self, final_moves: &[QuarterMove]) -> Result<&[Event], MoveError> {
        self.finish_naming(final_moves).map_err(|e| e.error)
    }

    /// [`Game::finish_with`], saying which of the final moves was refused.
    ///
    /// # Errors
    /// The refused final move's index and why, or no index when the count itself is refused
    /// (counted already, or final moves without the Count); the game is then unchanged.
    pub fn finish_naming(&mut self, final_moves: &[QuarterMove]) -> Result<&[Event], FinishError> {
        let whole = |error| FinishError { index: None, error };
        if self.finished {
            return Err(whole(MoveError::GameOver));
        }
        if !final_moves.is_empty() && self.city.is_none() {
            return Err(whole(MoveError::NoCount));
        }
        let first_event = self.events.len();
        let mut next = if final_moves.is_empty() { None } else { Some(self.clone()) };
        let game = next.as_mut().unwrap_or(self);
        for (index, m) in final_moves.iter().enumerate() {
            let feature = off_table([m.to.0])
                .and_then(|()| {
                    game.check_quarter_move(m, |root| {
                        game.board.kind(root) == FeatureKind::Field || !game.board.is_complete(root)
                    })
                })
                .map_err(|error| FinishError { index: Some(index), error })?;
            game.move_out_of_city(m, feature);
        }
        if let Some(next) = next {
            *self = next;
        }
        self.events.push(Event::FinalScoringStarted);
        let (scores, features) = self.final_count_with_features();
        for (score, feature) in scores.into_iter().zip(features) {
            self.record(score);
            if let Some(f) = feature {
                self.return_followers(f);
            }
        }
        self.finished = true;
        Ok(&self.events[first_event..])
    }

    /// The scores if the game ended now, farms included; the game itself is untouched.
    pub fn scores_if_ended_now(&self) -> Vec<u32> {
        let mut totals = self.scores().to_vec();
        if !self.finished {
            let extra = self.final_points();
            for (i, t) in totals.iter_mut().enumerate() {
                *t += extra[PlayerId(i as u8)];
            }
        }
        totals
    }

    /// Players ranked by score: `(player, score, rank)` with rank 1 for the best; tied
    /// players share a rank (Rule B-51).
    pub fn standings(&self) -> Vec<(PlayerId, u32, u32)> {
        let mut order: Vec<(PlayerId, u32)> =
            self.scores().iter().enumerate().map(|(i, &s)| (PlayerId(i as u8), s)).collect();
        order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut out = Vec::with_capacity(order.len());
        for (i, &(p, s)) in order.iter().enumerate() {
            let rank = if i > 0 && order[i - 1].1 == s { out.last().map_or(1, |&(_, _, r)| r) } else { i as u32 + 1 };
            out.push((p, s, rank));
        }
        out
    }

    /// The winners under the rules' tie rule (V-14): everybody on rank 1 when shared, nobody
    /// when a tie has no winner or must be replayed.
    pub fn winners(&self) -> Vec<PlayerId> {
        let top: Vec<PlayerId> = self.standings().into_iter().filter(|&(_, _, r)| r == 1).map(|(p, _, _)| p).collect();
        if top.len() > 1 && self.setup.rules.tied_winners != crate::TiedWinners::Shared {
            return Vec::new();
        }
        top
    }
}

/// Under the house rule V-10, closes the road and city ends the tile at `index` has on the
/// table's border.
fn close_at_border(board: &mut Board, rules: &RuleSet, index: usize) {
    let Some(b) = rules.bounds.filter(|_| rules.border_closes) else { return };
    let cell = board.tiles()[index].cell;
    for side in Side::ALL {
        if !b.contains(cell.step(side)) {
            board.close_edge(index, side);
        }
    }
}

/// Lays a tile on the board as the table's rules see it: a tree junction's road ends join
/// into one road (V-08).
fn place_on_board(board: &mut Board, rules: &RuleSet, tile: TileId, cell: Cell, rotation: Rotation) -> usize {
    let index = board.place(tile, cell, rotation);
    if rules.tree_junctions.contains(tile) {
        board.join_road_ends(index);
    }
    index
}
