//! Moves and why they are refused: [`Move`] is what the table did in one turn, [`MoveError`]
//! why the rules forbid it, [`ReplayError`] which move of a log was refused.
//!
//! Also here, as the one rule about the move as a whole rather than one of its parts: house
//! rule V-12, a player buying the tile another drew ([`Purchase`]; who receives the price,
//! Q-12). The tile's placement, the follower, the draw order and the Count's decisions are
//! checked in their own modules.

use super::Told;
use super::{
    AbbotError, BigFollowerError, BuilderError, CityError, CountError, CropError, DrawError, FerryError, FlightError,
    FollowerError, Game, GoldError, MagicError, MagicFigure, PigError, PlacementError, SetupError, StandError,
};
use crate::board::Standing;
use crate::coord::{Cell, Port, Rotation};
use crate::count::{CountChoice, QuarterMove};
use crate::event::Event;
use crate::figure::Figure;
use crate::player::PlayerId;
use crate::rule::Rule;
use crate::tile::TileId;
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
        /// The place of the figure deployed on it, in board orientation.
        follower: Option<Port>,
        /// Which figure goes there: a follower, or the abbot (A-04).
        figure: Figure,
        /// The mover takes their abbot back instead of deploying a figure (A-08).
        recall_abbot: bool,
        /// The Count of Carcassonne's decisions in this move, if any.
        count: CountChoice,
        /// House rule V-12: another player bought the drawn tile and placed it.
        purchase: Option<Purchase>,
        /// The tile earned a second tile with the builder, and the player passes it up (T-15).
        pass_second_tile: bool,
        /// What the players told about the tile's box: a die, a choice, a piece taken.
        told: Told,
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
    /// Final board only: a figure entered where it stands on the finished table, named by its
    /// kind (X-18). Nothing is drawn and the turn does not pass. What each kind may stand on
    /// is checked with that figure's rules: a follower or the big follower on any open feature
    /// or in a quarter of the City (X-07), the abbot on a cloister, shrine or garden (A-04,
    /// A-13), the builder or the pig beside a follower of theirs already entered on that road
    /// or city, or a farmer on that farm.
    Stand {
        /// Whose figure.
        player: PlayerId,
        /// Where it stands.
        at: Standing,
        /// A follower, the big follower, the abbot, the builder or the pig.
        figure: Figure,
    },
    /// Final board only: the mage or the witch entered where it stands on the finished table,
    /// on a road or city (MW-02, MW-03). Nothing is drawn and the turn does not pass. Either
    /// may be left out: it stood beside the board.
    StandMagic {
        /// The mage or the witch.
        figure: MagicFigure,
        /// The tile …
        cell: Cell,
        /// … and the place on it, in board orientation.
        port: Port,
    },
}

impl Move {
    /// A tile placed, with or without a follower, and no Count decision.
    pub fn place(tile: TileId, cell: Cell, rotation: Rotation, follower: Option<Port>) -> Move {
        Move::Place {
            tile,
            cell,
            rotation,
            follower,
            figure: Figure::Follower,
            recall_abbot: false,
            count: CountChoice::default(),
            purchase: None,
            pass_second_tile: false,
            told: Told::default(),
        }
    }

    /// A tile placed with the abbot on its cloister, shrine or garden at `port` (A-04).
    pub fn place_abbot(tile: TileId, cell: Cell, rotation: Rotation, port: Port) -> Move {
        let mut mv = Move::place(tile, cell, rotation, Some(port));
        if let Move::Place { figure, .. } = &mut mv {
            *figure = Figure::Abbot;
        }
        mv
    }

    /// A tile placed with the mover's big follower on the feature at `port` (I-13).
    pub fn place_big(tile: TileId, cell: Cell, rotation: Rotation, port: Port) -> Move {
        let mut mv = Move::place(tile, cell, rotation, Some(port));
        if let Move::Place { figure, .. } = &mut mv {
            *figure = Figure::Big;
        }
        mv
    }

    /// A tile placed with the builder or the pig at `port` (T-07, T-16).
    pub fn place_companion(tile: TileId, cell: Cell, rotation: Rotation, port: Port, companion: Figure) -> Move {
        let mut mv = Move::place(tile, cell, rotation, Some(port));
        if let Move::Place { figure, .. } = &mut mv {
            *figure = companion;
        }
        mv
    }

    /// The same tile move, passing up the second tile it earns with the builder (T-15).
    pub fn passing_second_tile(mut self) -> Move {
        if let Move::Place { pass_second_tile, .. } = &mut self {
            *pass_second_tile = true;
        }
        self
    }

    /// A tile placed, then the mover's abbot taken back and scored (A-08).
    pub fn place_and_recall(tile: TileId, cell: Cell, rotation: Rotation) -> Move {
        let mut mv = Move::place(tile, cell, rotation, None);
        if let Move::Place { recall_abbot, .. } = &mut mv {
            *recall_abbot = true;
        }
        mv
    }

    /// The tile drawn, if the move drew one.
    pub fn tile(&self) -> Option<TileId> {
        match self {
            Move::Place { tile, .. } | Move::Discard { tile } => Some(*tile),
            Move::City { .. } | Move::Stand { .. } | Move::StandMagic { .. } => None,
        }
    }

    /// Every cell the move names: where the tile goes, where the Count's followers go and
    /// where a magic figure goes; for the City of Carcassonne its north-west and south-east
    /// corners, which span the block. (An iterator, not a list: every move is checked with it,
    /// playouts included.)
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let (first, second, moved, told): (Option<Cell>, Option<Cell>, &[QuarterMove], Option<&Told>) = match self {
            Move::Place { cell, count, told, .. } => (Some(*cell), None, &count.moves, Some(told)),
            Move::Discard { .. } | Move::Stand { at: Standing::City(_), .. } => (None, None, &[], None),
            // Saturating: a corner near the end of `i32` stays off the table instead of
            // wrapping back onto it.
            Move::City { at } => {
                (Some(*at), Some(Cell::new(at.x.saturating_add(3), at.y.saturating_add(2))), &[], None)
            }
            Move::Stand { at: Standing::Board(cell, _), .. } | Move::StandMagic { cell, .. } => {
                (Some(*cell), None, &[], None)
            }
        };
        let magic = told.into_iter().flat_map(|t| [t.magic, t.magic_fix]).flatten().filter_map(|m| m.cell());
        first.into_iter().chain(second).chain(moved.iter().map(|m| m.to.0)).chain(magic)
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
///
/// The refusals of one part of a move are that part's own error, wrapped here; the variants
/// of their own are about the move as a whole.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", content = "error", rename_all = "camelCase")
)]
pub enum MoveError {
    /// The final count has been made.
    GameOver,
    /// A cell the move names is further from the start than any table reaches
    /// ([`Cell::LIMIT`]).
    OffTable {
        /// The cell.
        cell: Cell,
        /// How far a coordinate may go either way.
        limit: i32,
    },
    /// This only applies in the other mode (turns vs final board).
    WrongMode,
    /// There is no such move in the log to change.
    NoSuchMove,
    /// The tile drawn may not be drawn now, or not be put aside.
    Draw(DrawError),
    /// The tile may not lie there.
    Placement(PlacementError),
    /// The follower may not go there.
    Follower(FollowerError),
    /// The abbot may not be placed or taken back so (A-01 to A-14).
    Abbot(AbbotError),
    /// The big follower may not be placed so (I-02, I-13).
    Big(BigFollowerError),
    /// The tile may not be bought so (V-12).
    Purchase(PurchaseError),
    /// The City of Carcassonne may not be laid there, or not now (R-04).
    City(CityError),
    /// A decision about the Count of Carcassonne is refused.
    Count(CountError),
    /// A follower may not stand there on the final board.
    Stand(StandError),
    /// The builder may not go there, or there is no second tile to pass up (T-07, T-15).
    Builder(BuilderError),
    /// The pig may not go there (T-16).
    Pig(PigError),
    /// A ferry may not be put or moved so (FE-03 to FE-05).
    Ferry(FerryError),
    /// The mage or the witch may not go or come off so (MW-01 to MW-05).
    Magic(MagicError),
    /// The flight may not be as told (FM-03 to FM-09).
    Flight(FlightError),
    /// What the move tells about gold ingots is refused (GM-02 to GM-05).
    Gold(GoldError),
    /// The crop circle's action may not be carried out so (CC-03 to CC-07, X2-18).
    Crop(CropError),
}

impl MoveError {
    /// The checklist rule the move breaks, as `docs/rules.md` lists it, where one rule says
    /// so (`None` for refusals such as a cell off the table, which no rule of the game needs).
    ///
    /// ```
    /// use castellan_engine::{FollowerError, MoveError, PlayerId, Rule};
    /// let e = MoveError::Follower(FollowerError::NoFollowerLeft { player: PlayerId(0) });
    /// assert_eq!(e.rule(), Some(Rule::B15));
    /// ```
    pub fn rule(&self) -> Option<Rule> {
        match self {
            MoveError::GameOver | MoveError::OffTable { .. } | MoveError::WrongMode | MoveError::NoSuchMove => None,
            MoveError::Draw(e) => e.rule(),
            MoveError::Placement(e) => e.rule(),
            MoveError::Follower(e) => e.rule(),
            MoveError::Abbot(e) => e.rule(),
            MoveError::Big(e) => e.rule(),
            MoveError::Purchase(e) => e.rule(),
            MoveError::City(e) => e.rule(),
            MoveError::Count(e) => e.rule(),
            MoveError::Stand(e) => e.rule(),
            MoveError::Builder(e) => e.rule(),
            MoveError::Pig(e) => e.rule(),
            MoveError::Ferry(e) => e.rule(),
            MoveError::Magic(e) => e.rule(),
            MoveError::Flight(e) => e.rule(),
            MoveError::Gold(e) => e.rule(),
            MoveError::Crop(e) => e.rule(),
        }
    }

    /// Whether the move is refused only because the table has not yet told an answer it owes
    /// for this tile (a magic figure's place, a crop circle's choice or a player's part, the
    /// new lake's ferry, a gold tile's neighbour, where a flier that can land lands): the move
    /// as it stands is unfinished rather than wrong, and what hangs on playing it through
    /// waits for that answer.
    ///
    /// ```
    /// use castellan_engine::{CropError, FollowerError, MoveError, PlayerId, TileId};
    /// let tile = TileId::from_name("CC05").unwrap();
    /// assert!(MoveError::Crop(CropError::ChoiceMissing { tile }).awaits_answer());
    /// let refused = MoveError::Follower(FollowerError::NoFollowerLeft { player: PlayerId(0) });
    /// assert!(!refused.awaits_answer());
    /// ```
    pub fn awaits_answer(&self) -> bool {
        matches!(
            self,
            MoveError::Magic(MagicError::Missing { .. } | MagicError::WhichFigure | MagicError::FixMissing { .. })
                | MoveError::Crop(CropError::ChoiceMissing { .. } | CropError::Missing { .. })
                | MoveError::Ferry(FerryError::Missing { .. })
                | MoveError::Flight(FlightError::MustLand { .. })
                | MoveError::Gold(GoldError::NeighbourMissing { .. } | GoldError::TakesLeft { .. })
        )
    }

    /// The error as a sentence that calls the players by their names, seat by seat; a seat
    /// without a name is "player 1", "player 2", … as in the plain [`fmt::Display`].
    ///
    /// ```
    /// use castellan_engine::{FollowerError, MoveError, PlayerId, Rule};
    /// let e = MoveError::Follower(FollowerError::NoFollowerLeft { player: PlayerId(1) });
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
        match self {
            MoveError::GameOver => write!(f, "the game is over"),
            MoveError::OffTable { cell, limit } => {
                write!(f, "{cell} is off the table: coordinates run from -{limit} to {limit}")
            }
            MoveError::WrongMode => write!(f, "not possible in this game mode"),
            MoveError::NoSuchMove => write!(f, "there is no such move to change"),
            MoveError::Draw(e) => fmt::Display::fmt(e, f),
            MoveError::Placement(e) => fmt::Display::fmt(e, f),
            MoveError::Follower(e) => e.describe(f, names),
            MoveError::Abbot(e) => e.describe(f, names),
            MoveError::Big(e) => e.describe(f, names),
            MoveError::Purchase(e) => e.describe(f, names),
            MoveError::City(e) => fmt::Display::fmt(e, f),
            MoveError::Count(e) => e.describe(f, names),
            MoveError::Stand(e) => e.describe(f, names),
            MoveError::Builder(e) => e.describe(f, names),
            MoveError::Pig(e) => e.describe(f, names),
            MoveError::Ferry(e) => fmt::Display::fmt(e, f),
            MoveError::Magic(e) => fmt::Display::fmt(e, f),
            MoveError::Flight(e) => e.describe(f, names),
            MoveError::Gold(e) => e.describe(f, names),
            MoveError::Crop(e) => e.describe(f, names),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for MoveError {}

macro_rules! wrapped {
    ($($error:ident => $variant:ident),* $(,)?) => {$(
        impl From<$error> for MoveError {
            fn from(e: $error) -> MoveError {
                MoveError::$variant(e)
            }
        }
    )*};
}

wrapped! {
    DrawError => Draw,
    PlacementError => Placement,
    FollowerError => Follower,
    AbbotError => Abbot,
    BigFollowerError => Big,
    PurchaseError => Purchase,
    CityError => City,
    CountError => Count,
    StandError => Stand,
    BuilderError => Builder,
    PigError => Pig,
    FerryError => Ferry,
    MagicError => Magic,
    FlightError => Flight,
    GoldError => Gold,
    CropError => Crop,
}

/// Why a tile may not be bought as the move says (house rule V-12).
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum PurchaseError {
    /// No such seat at this table.
    UnknownPlayer {
        /// The seat.
        player: PlayerId,
    },
    /// A player cannot buy the tile they drew themselves.
    FromSelf {
        /// The drawer.
        player: PlayerId,
    },
    /// The buyer has fewer points than the price.
    CannotPay {
        /// The buyer.
        player: PlayerId,
        /// Their points.
        score: u32,
        /// The price.
        price: u32,
    },
}

impl PurchaseError {
    /// The rule: buying a tile is house rule V-12 throughout.
    pub fn rule(&self) -> Option<Rule> {
        Some(Rule::V12)
    }

    fn describe(&self, f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
        match self {
            PurchaseError::UnknownPlayer { player } => write!(f, "there is no {player} at this table"),
            PurchaseError::FromSelf { player } => write!(f, "{} cannot buy the tile they drew", player.name_in(names)),
            PurchaseError::CannotPay { player, score, price } => {
                write!(f, "{} has {score} points and cannot pay {price}", player.name_in(names))
            }
        }
    }
}

impl fmt::Display for PurchaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for PurchaseError {}

/// Why a log could not be replayed.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
// Adjacently tagged, as `MoveError` is: the setup error inside has a `kind` of its own.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", content = "detail", rename_all = "camelCase")
)]
pub enum ReplayError {
    /// The setup does not make a game.
    Setup(SetupError),
    /// A move was refused: its index (from 0) and why.
    Move {
        /// Index of the refused move.
        // A count of players or moves, far below 2^32: a plain number in TypeScript.
        #[cfg_attr(feature = "specta", specta(type = u32))]
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
    pub(super) fn purchase_error(&self, p: &Purchase) -> Result<(), PurchaseError> {
        if p.buyer.index() >= self.player_count() {
            return Err(PurchaseError::UnknownPlayer { player: p.buyer });
        }
        if p.buyer == self.current {
            return Err(PurchaseError::FromSelf { player: p.buyer });
        }
        let score = self.scores[p.buyer];
        if score < p.price {
            return Err(PurchaseError::CannotPay { player: p.buyer, score, price: p.price });
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

#[cfg(test)]
mod tests {
    use super::super::fixture::{bought, tile};
    use crate::rule::Rule;
    use crate::{Cell, Event, Game, GameSetup, Move, MoveError, PlayerId, PurchaseError, Rotation, Standing};

    /// A straight road east of the start tile, continuing its road.
    fn road_east() -> Move {
        Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, None)
    }

    #[test]
    fn a_move_names_the_cells_it_touches() {
        let city = Move::City { at: Cell::new(2, 1) };
        assert_eq!(city.cells().collect::<Vec<_>>(), [Cell::new(2, 1), Cell::new(5, 3)], "the 4 × 3 block's corners");
        assert_eq!(city.tile(), None, "the City is not drawn");
        let stand = Move::Stand {
            player: PlayerId(0),
            at: Standing::Board(Cell::new(-3, 4), crate::Port::N),
            figure: crate::Figure::Follower,
        };
        assert_eq!((stand.cells().collect::<Vec<_>>(), stand.tile()), (vec![Cell::new(-3, 4)], None));
        assert_eq!(road_east().tile(), Some(tile("U")));
    }

    #[test]
    fn a_purchase_is_refused_from_oneself_beyond_the_table_and_beyond_the_buyers_points() {
        let mut game = Game::new(GameSetup::base(&["Anna", "Bram", "Carl"])).unwrap();
        let cases = [
            (bought(road_east(), 0, 0), PurchaseError::FromSelf { player: PlayerId(0) }),
            (bought(road_east(), 3, 0), PurchaseError::UnknownPlayer { player: PlayerId(3) }),
            (bought(road_east(), 2, 3), PurchaseError::CannotPay { player: PlayerId(2), score: 0, price: 3 }),
        ];
        for (mv, want) in cases {
            let refused = game.apply(&mv).expect_err("refused");
            assert_eq!((refused.rule(), refused), (Some(Rule::V12), MoveError::Purchase(want)));
        }
        assert_eq!(game.move_count(), 0, "nothing was applied");
    }

    #[test]
    fn a_bought_tile_is_the_buyers_and_the_turn_passes_on_from_the_drawer() {
        let mut game = Game::new(GameSetup::base(&["Anna", "Bram", "Carl"])).unwrap();
        // Anna draws the road; Carl buys it for nothing and places it.
        let events = game.apply(&bought(road_east(), 2, 0)).unwrap().to_vec();
        assert!(
            events.iter().any(|e| matches!(e, Event::TilePlaced { player: PlayerId(2), .. })),
            "Carl placed it: {events:?}"
        );
        assert_eq!(game.current_player(), PlayerId(1), "Bram, after the drawer Anna, moves next");
    }
}
