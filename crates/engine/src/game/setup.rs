//! Setting the table: who plays, which tiles are in the bag, where the game starts and
//! under which rules ([`GameSetup`]), and the checks that make a setup a game ([`Game::new`]).
//!
//! Every player starts with seven followers (Rule B-01). The Count's tiles and the Count's
//! start go together (C-01), River II starts at the spring (R-06), and laying the City after
//! the river (R-04) needs both. The River of the base box starts at its own spring (RI-02),
//! one printing at a time, not yet with the Count (X-02), and with River II makes one river
//! (X-01). What is *not* here: anything that happens after the first move.

use super::placement::close_at_border;
use super::{EventLog, Game, MagicFigures};
use crate::board::Board;
use crate::coord::{Cell, Rotation};
use crate::count::{City, Quarter};
use crate::event::ScoreLists;
use crate::goods::Tokens;
use crate::player::{ByPlayer, Color, PlayerId};
use crate::river::River;
use crate::rule::Rule;
use crate::rules::RuleSet;
use crate::tile::{TileId, TileSet};
use crate::title::Titles;
use std::fmt;

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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Start {
    /// The start tile `D` at `[0, 0]`, city north.
    #[default]
    Base,
    /// The City of Carcassonne as a 4 × 3 block.
    Count,
    /// River II's spring at `[0, 0]`.
    River2,
    /// The spring of the base box's River at `[0, 0]` (either printing).
    River,
}

impl Start {
    /// Every start, the default first.
    pub const ALL: [Start; 4] = [Start::Base, Start::Count, Start::River2, Start::River];

    /// The name used in game scripts and on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            Start::Base => "base",
            Start::Count => "count",
            Start::River2 => "river2",
            Start::River => "river",
        }
    }

    /// Parses a name such as `"river2"`.
    pub fn from_name(name: &str) -> Option<Start> {
        Start::ALL.into_iter().find(|x| x.name() == name)
    }
}

/// Whether the game is entered turn by turn, or only its final board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Mode {
    /// Every tile drawn, every follower placed, in order; scored as it happens.
    #[default]
    Turns,
    /// The finished table laid in any order, followers where they stand; only the end count
    /// is scored.
    FinalBoard,
}

impl Mode {
    /// Both modes, the default first.
    pub const ALL: [Mode; 2] = [Mode::Turns, Mode::FinalBoard];

    /// The name used in game scripts and on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Turns => "turns",
            Mode::FinalBoard => "final-board",
        }
    }

    /// Parses a name such as `"final-board"`.
    pub fn from_name(name: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|x| x.name() == name)
    }
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
    /// Traders & Builders: the goods tokens each seat holds when the entry starts, in seat
    /// order — none in a new game; a final-board game names those in hand at the end (X-18).
    pub goods: Vec<Tokens>,
    /// Mage & Witch: where the mage and the witch stand when the entry starts — beside the
    /// board in a new game; a final-board game says where they stand at the end, for the
    /// count (MW-08).
    pub magic: MagicFigures,
    /// Gold Mines: the ingots each seat holds when the entry starts, in seat order — none in
    /// a new game; a final-board game names those in hand at the end (GM-07).
    pub gold: Vec<u8>,
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
            goods: Vec::new(),
            magic: MagicFigures::default(),
            gold: Vec::new(),
        }
    }

    /// Whether a tile set is in the game.
    pub fn has(&self, set: TileSet) -> bool {
        self.sets.contains(&set)
    }

    /// Whether the base box's River is in the game, in either printing.
    pub fn has_river(&self) -> bool {
        self.has(TileSet::River) || self.has(TileSet::RiverC1)
    }

    /// With the garden printing on the table (QX-18): each garden copy takes the place of one
    /// copy of its plain tile, whose set must be in play (A-02), with the abbot's set or
    /// without it. The Winter Edition's tiles show no garden, so with Winter the plain tiles
    /// stay (X-22).
    fn swap_in_garden_copies(&self, bag: &mut [u8]) {
        for garden in TileSet::Abbot.tiles() {
            let plain =
                garden.def().name.strip_suffix('G').and_then(TileId::from_name).expect("a garden copy's plain tile");
            if self.has(plain.def().set) && !self.has(TileSet::Winter) {
                bag[plain.index()] -= 1;
                bag[garden.index()] = garden.def().copies;
            } else {
                bag[garden.index()] = 0;
            }
        }
        // River II's garden bend has no copy of its own: it takes R2-09's place, and as a
        // river tile it keeps River II's draw order.
        for garden in TileSet::River2.tiles().filter(|t| t.def().copies == 0 && t.def().marks.garden) {
            let plain =
                garden.def().name.strip_suffix('G').and_then(TileId::from_name).expect("a garden copy's plain tile");
            if self.has(TileSet::River2) && !self.has(TileSet::Winter) {
                bag[plain.index()] -= 1;
                bag[garden.index()] += 1;
            }
        }
    }

    /// Whether the tiles on this table show a garden on `tile`: the first-edition River's
    /// bend is plain where today's printing has one (Rule RI-12), and the gardens of Inns &
    /// Cathedrals and Traders & Builders are the current printing's, on the table only with the abbot (QX-18).
    pub fn shows_garden(&self, tile: TileId) -> bool {
        tile.def().marks.garden
            && match tile.def().set {
                TileSet::River => !self.has(TileSet::RiverC1),
                _ => self.has_gardens(),
            }
    }

    /// Whether the garden printing is on the table (QX-18): when the abbot is among the sets,
    /// unless the `gardens` option says otherwise.
    pub fn has_gardens(&self) -> bool {
        self.rules.gardens.unwrap_or(self.has(TileSet::Abbot))
    }
}

/// Why a setup cannot start a game.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", content = "detail", rename_all = "camelCase")
)]
pub enum SetupError {
    /// No players.
    NoPlayers,
    /// More players than the rules allow.
    TooManyPlayers {
        /// Seated.
        // A count of players or moves, far below 2^32: a plain number in TypeScript.
        #[cfg_attr(feature = "specta", specta(type = u32))]
        count: usize,
        /// Allowed.
        max: u8,
    },
    /// Two players share a name.
    DuplicateName(String),
    /// Two players share a colour.
    DuplicateColor(Color),
    /// A river's tiles are in the bag, but the game does not start at its spring: River II's
    /// starts at the spring, or at the City of Carcassonne with the spring drawn first; the
    /// River's, alone or with River II, at the River's spring (RI-02, X-01).
    RiverNeedsSpring,
    /// The Count's tiles and the Count's start go together.
    CountNeedsItsStart,
    /// Laying the City after the river (R-04) needs River II's start and the Count's tiles.
    RiverBeforeCityNeedsBoth,
    /// The base set is needed for the start tile.
    MissingStartSet(Start),
    /// A set is listed twice.
    DuplicateSet(TileSet),
    /// Both printings of the River are listed: a table has one of them (RI-01).
    BothRiverPrintings,
    /// The River and the Count are not combined (X-02).
    RiverWithCount,
    /// The start tile is either shuffled in or laid after the river, not both (RI-14).
    StartTileTwice,
    /// Laying the start tile after the river needs the River's start (RI-14).
    StartTileAfterRiverNeedsRiver,
    /// Goods tokens are given for more seats than the table has, or at a table without
    /// Traders & Builders (X-18).
    GoodsWithoutTheirSeat {
        /// Seats the tokens are given for.
        // A count of players, far below 2^32: a plain number in TypeScript.
        #[cfg_attr(feature = "specta", specta(type = u32))]
        seats: usize,
    },
    /// The mage and the witch are given a place on the table outside a final board with
    /// Mage & Witch: a game entered turn by turn places them by its magic tiles (MW-02).
    MagicOutOfPlace,
    /// Gold ingots are given for more seats than the table has, or at a table without Gold
    /// Mines (GM-07).
    GoldWithoutItsSeat {
        /// Seats the ingots are given for.
        #[cfg_attr(feature = "specta", specta(type = u32))]
        seats: usize,
    },
    /// More ingots are held than the box has (GM-01).
    TooMuchGold {
        /// Ingots held in all.
        ingots: u32,
    },
}

impl SetupError {
    /// The checklist rule the setup breaks, where one says so (`None` for a name or colour
    /// given twice, which only tells the players apart).
    ///
    /// ```
    /// use castellan_engine::{Rule, SetupError};
    /// assert_eq!(SetupError::TooManyPlayers { count: 9, max: 6 }.rule(), Some(Rule::B02));
    /// ```
    pub fn rule(&self) -> Option<Rule> {
        match self {
            SetupError::NoPlayers | SetupError::TooManyPlayers { .. } => Some(Rule::B02),
            SetupError::RiverNeedsSpring => Some(Rule::R06),
            SetupError::CountNeedsItsStart => Some(Rule::C01),
            SetupError::RiverBeforeCityNeedsBoth => Some(Rule::R04),
            SetupError::BothRiverPrintings => Some(Rule::RI01),
            SetupError::RiverWithCount => Some(Rule::X02),
            SetupError::StartTileTwice | SetupError::StartTileAfterRiverNeedsRiver => Some(Rule::RI14),
            SetupError::GoodsWithoutTheirSeat { .. } => Some(Rule::X18),
            SetupError::MagicOutOfPlace => Some(Rule::MW08),
            SetupError::GoldWithoutItsSeat { .. } => Some(Rule::GM07),
            SetupError::TooMuchGold { .. } => Some(Rule::GM01),
            SetupError::DuplicateName(_)
            | SetupError::DuplicateColor(_)
            | SetupError::MissingStartSet(_)
            | SetupError::DuplicateSet(_) => None,
        }
    }
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
            SetupError::RiverNeedsSpring => write!(f, "with a river the game starts at its spring"),
            SetupError::BothRiverPrintings => write!(f, "a table plays one printing of the River, not both"),
            SetupError::RiverWithCount => write!(f, "the River and the Count cannot be combined yet"),
            SetupError::CountNeedsItsStart => write!(f, "with the Count the game starts at the City of Carcassonne"),
            SetupError::StartTileTwice => {
                write!(f, "the start tile goes either into the bag or after the river, not both")
            }
            SetupError::StartTileAfterRiverNeedsRiver => {
                write!(f, "the start tile is laid after the river only when the River's spring starts the game")
            }
            SetupError::GoodsWithoutTheirSeat { seats } => {
                write!(f, "goods tokens are given for {seats} seats, without Traders & Builders or beyond the table")
            }
            SetupError::MagicOutOfPlace => {
                write!(f, "the mage and the witch are given a place only in a final board with Mage & Witch")
            }
            SetupError::GoldWithoutItsSeat { seats } => {
                write!(f, "gold ingots are given for {seats} seats, without Gold Mines or beyond the table")
            }
            SetupError::TooMuchGold { ingots } => {
                write!(f, "{ingots} gold ingots are held, but the box has only {}", super::INGOTS)
            }
        }
    }
}

impl std::error::Error for SetupError {}

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
        if setup.has(TileSet::River) && setup.has(TileSet::RiverC1) {
            return Err(SetupError::BothRiverPrintings);
        }
        if setup.has_river() && setup.has(TileSet::Count) {
            return Err(SetupError::RiverWithCount);
        }
        if setup.rules.start_tile_after_river {
            if setup.rules.start_tile_in_bag {
                return Err(SetupError::StartTileTwice);
            }
            if setup.start != Start::River {
                return Err(SetupError::StartTileAfterRiverNeedsRiver);
            }
        }
        let goods_seats = setup.goods.len();
        if goods_seats > n || (goods_seats > 0 && !setup.has(TileSet::TradersBuilders)) {
            return Err(SetupError::GoodsWithoutTheirSeat { seats: goods_seats });
        }
        let gold_seats = setup.gold.len();
        if gold_seats > n || (gold_seats > 0 && !setup.has(TileSet::Goldmines)) {
            return Err(SetupError::GoldWithoutItsSeat { seats: gold_seats });
        }
        let ingots: u32 = setup.gold.iter().map(|&g| u32::from(g)).sum();
        if ingots > super::INGOTS {
            return Err(SetupError::TooMuchGold { ingots });
        }
        let has_start_set = match setup.start {
            Start::Base => true,
            Start::River2 => setup.has(TileSet::River2),
            Start::Count => setup.has(TileSet::Count),
            Start::River => setup.has_river(),
        };
        if !has_start_set || !setup.has(TileSet::Base) {
            return Err(SetupError::MissingStartSet(setup.start));
        }
        if (setup.has(TileSet::River2) && setup.start == Start::Base)
            || (setup.has_river() != (setup.start == Start::River))
        {
            return Err(SetupError::RiverNeedsSpring);
        }

        let mut bag = vec![0u8; TileId::all().count()];
        for set in &setup.sets {
            for t in set.tiles() {
                bag[t.index()] += t.def().copies;
            }
        }
        if setup.has_gardens() {
            setup.swap_in_garden_copies(&mut bag);
        } else {
            // The first-edition printing: the abbot without its garden copies (QX-18).
            for garden in TileSet::Abbot.tiles() {
                bag[garden.index()] = 0;
            }
        }
        let mut board = Board::new();
        board.inns = setup.has(TileSet::InnsCathedrals);
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
            Start::River => {
                // The River's spring replaces the start tile as River II's does (RI-02, QX-01).
                let spring = TileId::from_name("R1-01").expect("the spring is in the catalog");
                board.place(spring, Cell::new(0, 0), Rotation::R0);
                bag[spring.index()] -= 1;
                // Kept for after the river (RI-14), it stays in the bag, and the draw rules
                // make it the first land tile.
                let kept = setup.rules.start_tile_in_bag || setup.rules.start_tile_after_river;
                if !kept && !setup.rules.separate_start_tile {
                    bag[base_start.index()] -= 1;
                }
                if setup.has(TileSet::River2) {
                    // One river has one spring and, beyond River II's volcano, no second end
                    // of its own: River II's spring and the River's lake stay in the box (X-01).
                    for name in ["R2-01", "R1-02"] {
                        bag[TileId::from_name(name).expect("in the catalog").index()] -= 1;
                    }
                }
                river = (setup.mode == Mode::Turns).then(|| River::from_spring(&board, 0));
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
        if !setup.magic.is_empty() && (setup.mode != Mode::FinalBoard || !setup.has(TileSet::MageWitch)) {
            return Err(SetupError::MagicOutOfPlace);
        }
        let abbots = super::abbot::abbots_at_start(n, setup.has(TileSet::Abbot));
        let bigs = super::big::bigs_at_start(n, setup.has(TileSet::InnsCathedrals));
        let goods = super::goods::goods_at_start(&setup.goods);
        let gold = super::gold::Gold::at_start(&setup.gold);
        let companions = super::pig::Companions::at_start(n, setup.has(TileSet::TradersBuilders));
        let mut supply = ByPlayer::default();
        for i in 0..n {
            supply[PlayerId(i as u8)] = FOLLOWERS_PER_PLAYER;
        }
        Ok(Game {
            in_play: super::InPlay::of(&setup),
            river,
            city,
            awaiting_city: Vec::new(),
            magic: setup.magic,
            last_move_events: 0,
            titles: setup.titles,
            challenges: Vec::new(),
            setup,
            board,
            bag,
            supply,
            abbots,
            bigs,
            goods,
            gold,
            companions,
            second_tile: false,
            extra_turns: 0,
            scores: ByPlayer::default(),
            current: PlayerId(0),
            events: EventLog { events: Vec::with_capacity(256), lists: ScoreLists::default() },
            moves: 0,
            finished: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::{Cell, Color, Game, GameSetup, Quarter, Rotation, SetupError, Start, TileId, TileSet};

    fn refused(setup: GameSetup) -> SetupError {
        Game::new(setup).expect_err("the setup makes no game")
    }

    #[test]
    fn with_the_abbot_garden_copies_take_the_place_of_plain_tiles() {
        let left = |sets: &[TileSet]| {
            let mut setup = GameSetup::base(&["Anna", "Bram"]);
            setup.sets.extend_from_slice(sets);
            let bag = Game::new(setup).unwrap().bag();
            let n = |name: &str| bag.iter().find(|(t, _)| t.name() == name).map_or(0, |&(_, n)| n);
            ["E", "EG", "V", "VG", "KR2", "KR2G"].map(n)
        };
        assert_eq!(left(&[]), [5, 0, 9, 0, 0, 0], "no gardens without the abbot (QX-18)");
        assert_eq!(left(&[TileSet::Abbot]), [4, 1, 8, 1, 0, 0], "one garden copy each (A-02)");
        assert_eq!(left(&[TileSet::Abbot, TileSet::KingRobber]), [4, 1, 8, 1, 0, 1], "KR2 shows its garden");
        assert_eq!(left(&[TileSet::Abbot, TileSet::Winter]), [5, 0, 9, 0, 0, 0], "Winter tiles show none (X-22)");
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Abbot);
        assert_eq!(Game::new(setup).unwrap().tiles_left(), 71, "still 72 tiles, the start tile laid");
    }

    #[test]
    fn setups_that_make_no_game_are_refused() {
        let base = || GameSetup::base(&["Anna", "Bram"]);
        let mut cases: Vec<(GameSetup, SetupError)> = Vec::new();
        cases.push((GameSetup::base(&[]), SetupError::NoPlayers));
        cases.push((GameSetup::base(&["Anna", "Anna"]), SetupError::DuplicateName("Anna".into())));
        let mut same_colour = base();
        same_colour.players[1].color = same_colour.players[0].color;
        cases.push((same_colour, SetupError::DuplicateColor(Color::ALL[0])));
        let mut three_at_two = GameSetup::base(&["Anna", "Bram", "Carl"]);
        three_at_two.rules.max_players = 2;
        cases.push((three_at_two, SetupError::TooManyPlayers { count: 3, max: 2 }));
        let mut twice = base();
        twice.sets.push(TileSet::Base);
        cases.push((twice, SetupError::DuplicateSet(TileSet::Base)));
        let mut river_at_base = base();
        river_at_base.sets.push(TileSet::River2);
        cases.push((river_at_base, SetupError::RiverNeedsSpring));
        let mut count_at_base = base();
        count_at_base.sets.push(TileSet::Count);
        cases.push((count_at_base, SetupError::CountNeedsItsStart));
        let mut spring_without_its_set = base();
        spring_without_its_set.start = Start::River2;
        cases.push((spring_without_its_set, SetupError::MissingStartSet(Start::River2)));
        let mut city_after_river_alone = base();
        city_after_river_alone.rules.river_before_city = true;
        cases.push((city_after_river_alone, SetupError::RiverBeforeCityNeedsBoth));
        let with = |sets: &[TileSet], start: Start| {
            let mut setup = base();
            setup.sets.extend_from_slice(sets);
            setup.start = start;
            setup
        };
        cases.push((with(&[TileSet::River], Start::Base), SetupError::RiverNeedsSpring));
        cases.push((with(&[TileSet::River, TileSet::River2], Start::River2), SetupError::RiverNeedsSpring));
        cases.push((with(&[TileSet::River2], Start::River), SetupError::MissingStartSet(Start::River)));
        cases.push((with(&[TileSet::River, TileSet::RiverC1], Start::River), SetupError::BothRiverPrintings));
        cases.push((with(&[TileSet::RiverC1, TileSet::Count], Start::Count), SetupError::RiverWithCount));
        for (setup, want) in cases {
            assert_eq!(refused(setup.clone()), want, "{:?}", setup.players);
        }
    }

    #[test]
    fn a_base_game_lays_the_start_tile_and_gives_seven_followers_each() {
        let game = Game::new(GameSetup::base(&["Anna", "Bram", "Carl"])).unwrap();
        let d = TileId::from_name("D").unwrap();
        let start = game.board().tile_at(Cell::new(0, 0)).expect("the start tile lies at the origin");
        assert_eq!((start.tile, start.rotation), (d, Rotation::R0), "D, city north");
        assert_eq!(game.board().tiles().len(), 1);
        assert_eq!(game.supply(), &[7, 7, 7], "Rule B-01");
        assert_eq!(game.tiles_left(), 71, "72 tiles, the start tile on the table");
        assert_eq!(game.remaining(d), 3, "four D, one of them at the origin");
    }

    #[test]
    fn a_separate_start_tile_leaves_the_bag_whole() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.rules.separate_start_tile = true;
        let game = Game::new(setup).unwrap();
        assert_eq!((game.tiles_left(), game.remaining(TileId::from_name("D").unwrap())), (72, 4), "V-16");
    }

    #[test]
    fn the_rivers_spring_replaces_the_start_tile() {
        let tile = |name| TileId::from_name(name).unwrap();
        for printing in [TileSet::River, TileSet::RiverC1] {
            let mut setup = GameSetup::base(&["Anna", "Bram"]);
            setup.sets.push(printing);
            setup.start = Start::River;
            let game = Game::new(setup).unwrap();
            let start = game.board().tile_at(Cell::new(0, 0)).expect("the spring at the origin (RI-02)");
            assert_eq!((start.tile, start.rotation), (tile("R1-01"), Rotation::R0));
            assert_eq!(game.tiles_left(), 82, "{printing}: 11 river tiles and 71 land tiles (RI-01, QX-01)");
            assert_eq!(game.remaining(tile("D")), 3, "the start tile leaves the game");
            let branches = game.river().expect("a river being laid").branches();
            assert_eq!(branches.len(), 1, "the River has one open end");
            assert_eq!(branches[0].next, Cell::new(1, 0), "the water leaves the spring eastward");
        }
    }

    #[test]
    fn both_rivers_make_one_river_from_the_rivers_spring() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.extend([TileSet::River, TileSet::River2]);
        setup.start = Start::River;
        let game = Game::new(setup).unwrap();
        let tile = |name| TileId::from_name(name).unwrap();
        assert_eq!(game.board().tile_at(Cell::new(0, 0)).map(|t| t.tile), Some(tile("R1-01")));
        assert_eq!((game.remaining(tile("R2-01")), game.remaining(tile("R1-02"))), (0, 0), "X-01");
        assert_eq!(game.tiles_left(), 21 + 71, "21 river draws, then the land tiles");
    }

    #[test]
    fn the_count_starts_at_the_city_of_carcassonne_with_the_count_on_the_castle() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Count);
        setup.start = Start::Count;
        let game = Game::new(setup).unwrap();
        assert_eq!(game.board().tiles().len(), 12, "the twelve city tiles as one block (C-01)");
        assert_eq!(game.city().map(|c| c.count_at), Some(Quarter::Castle));
        assert!(TileSet::Count.tiles().all(|t| game.remaining(t) == 0), "no city tile is drawn");
    }
}
