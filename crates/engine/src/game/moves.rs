//! Moves and why they are refused: [`Move`] is what the table did in one turn, [`MoveError`]
//! why the rules forbid it, [`ReplayError`] which move of a log was refused.
//!
//! Also here, as the one rule about the move as a whole rather than one of its parts: house
//! rule V-12, a player buying the tile another drew ([`Purchase`]; who receives the price,
//! Q-12). The tile's placement, the follower, the draw order and the Count's decisions are
//! checked in their own modules.

use super::{Game, SetupError};
use crate::board::{PlacementError, Standing};
use crate::coord::{Cell, Port, Rotation};
use crate::count::{CountChoice, Quarter, QuarterMove};
use crate::event::Event;
use crate::player::PlayerId;
use crate::river::RiverError;
use crate::tile::{FeatureKind, TileId};
use std::fmt;

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
pub(super) fn off_table(cells: impl IntoIterator<Item = Cell>) -> Result<(), MoveError> {
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
    /// The points paid: to the drawer, or away (Q-12, [`RuleSet::purchase_pays_drawer`](crate::RuleSet::purchase_pays_drawer)).
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

impl Game {
    /// Whether the tile may be bought as `p` says (V-12).
    pub(super) fn purchase_error(&self, p: &Purchase) -> Result<(), MoveError> {
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
    pub(super) fn pay_for_tile(&mut self, p: Purchase, tile: TileId) {
        let drawer = self.current;
        self.scores[p.buyer] -= p.price;
        let to_drawer = self.setup.rules.purchase_pays_drawer;
        if to_drawer {
            self.scores[drawer] += p.price;
        }
        self.events.push(Event::TileBought { buyer: p.buyer, drawer, tile, price: p.price, to_drawer });
    }
}
