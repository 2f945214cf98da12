//! What happened: the events a move or the final count produces, with the reason for every
//! point.
//!
//! A player's score is exactly the sum of the points of the [`Score`] events naming them;
//! nothing else changes a score.

use crate::coord::{Cell, Port, Rotation, Side};
use crate::figure::Figure;
use crate::game::MagicFigure;
use crate::goods::{Goods, Tokens};
use crate::player::{ByPlayer, PlayerId, PlayerSet};
use crate::rule::Rule;
use crate::tile::{FeatureKind, TileId};
use crate::title::TitleKind;

/// Every rule a [`Score`] can carry, sorted. The UI explains each of them in words; a test
/// reads the engine's own source (`tests/score_rules.rs`) so that a new id used in scoring
/// cannot be missing here.
pub const SCORE_RULES: &[Rule] = &[
    Rule::A07,
    Rule::A08,
    Rule::A13,
    Rule::B18,
    Rule::B21,
    Rule::B22,
    Rule::B35,
    Rule::B36,
    Rule::B37,
    Rule::B41,
    Rule::B44,
    Rule::GM07,
    Rule::H02,
    Rule::H09,
    Rule::H11,
    Rule::I05,
    Rule::I06,
    Rule::I07,
    Rule::I08,
    Rule::K07,
    Rule::K09,
    Rule::MW06,
    Rule::MW07,
    Rule::T05,
    Rule::T17,
    Rule::V01,
    Rule::V05,
    Rule::V06,
    Rule::V22,
    Rule::X12,
    Rule::X13,
];

/// Something that happened at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A tile was put down.
    TilePlaced {
        /// Who placed it.
        player: PlayerId,
        /// Which tile.
        tile: TileId,
        /// Where.
        cell: Cell,
        /// How it was turned.
        rotation: Rotation,
    },
    /// House rule R-04: the City of Carcassonne was laid against the finished river.
    CityLaid {
        /// Whose turn it was.
        player: PlayerId,
        /// The cell of its north-west corner.
        at: Cell,
    },
    /// House rule V-12: a player bought the tile another drew, paying points for it.
    TileBought {
        /// Who bought and placed it.
        buyer: PlayerId,
        /// Who drew it.
        drawer: PlayerId,
        /// Which tile.
        tile: TileId,
        /// The points the buyer paid.
        price: u32,
        /// Whether the drawer received them or they were paid away.
        to_drawer: bool,
    },
    /// A drawn tile fitted nowhere and was put aside (Rule B-08).
    TileDiscarded {
        /// Who drew it.
        player: PlayerId,
        /// Which tile.
        tile: TileId,
    },
    /// A follower went from a player's supply onto the board.
    FollowerDeployed {
        /// Whose.
        player: PlayerId,
        /// Where.
        cell: Cell,
        /// On which place.
        port: Port,
        /// The feature it stands on, which decides its role.
        kind: FeatureKind,
        /// A follower, the abbot or the big follower.
        figure: Figure,
    },
    /// A figure flew from the flying machine of the tile just laid (FM-03 to FM-09); where it
    /// landed, a [`Event::FollowerDeployed`] follows.
    Flew {
        /// Whose.
        player: PlayerId,
        /// A follower, the big follower or the abbot.
        figure: Figure,
        /// The flier tile's cell.
        from: Cell,
        /// The way the machine points on the board (FM-05).
        heading: crate::heading::Heading,
        /// The die's result (FM-06).
        roll: u8,
        /// The cell the flight reached.
        target: Cell,
        /// Where it landed there; `None` when it crashed and went back to hand (FM-08).
        landed: Option<Port>,
    },
    /// Final board: a follower entered where it stands on the finished table.
    FollowerStood {
        /// Whose.
        player: PlayerId,
        /// Where.
        at: crate::board::Standing,
        /// A follower, the abbot or the big follower.
        figure: Figure,
    },
    /// Final board: the mage or the witch entered where it stands on the finished table.
    MagicStood {
        /// The mage or the witch.
        figure: MagicFigure,
        /// The tile and the place on it.
        at: (Cell, Port),
    },
    /// Points were scored.
    Scored(Score),
    /// A follower went back to its owner's supply.
    FollowerReturned {
        /// Whose.
        player: PlayerId,
        /// From where.
        cell: Cell,
        /// From which place.
        port: Port,
    },
    /// The King or the Robber changed hands, or its record rose.
    Title {
        /// Which title.
        kind: TitleKind,
        /// Who holds it now.
        holder: PlayerId,
        /// The size to beat now.
        record: u32,
        /// Who held it before, if anyone.
        previous: Option<PlayerId>,
    },
    /// A monk and a heretic now challenge each other (Rules H-05 to H-07).
    ChallengeStarted {
        /// Who placed the challenging follower.
        challenger: crate::player::PlayerId,
        /// The cloister's tile.
        cloister: Cell,
        /// The shrine's tile.
        shrine: Cell,
    },
    /// A follower moved from a quarter of Carcassonne onto a feature.
    FollowerMoved {
        /// Whose.
        player: PlayerId,
        /// From which quarter.
        quarter: crate::count::Quarter,
        /// Onto the feature at this cell …
        cell: Cell,
        /// … and place.
        port: Port,
        /// The player's big follower rather than an ordinary one.
        big: bool,
    },
    /// A placer put a follower from supply into a quarter.
    EnteredCity {
        /// Who.
        player: PlayerId,
        /// Which quarter.
        quarter: crate::count::Quarter,
        /// The placer's big follower rather than an ordinary one.
        big: bool,
    },
    /// The Count moved.
    CountMoved {
        /// From.
        from: crate::count::Quarter,
        /// To.
        to: crate::count::Quarter,
    },
    /// The end-of-game count begins.
    FinalScoringStarted,
    /// Traders & Builders: the player who completed a city with goods took its tokens (T-03).
    /// Taking them is no scoring (T-06).
    GoodsTaken {
        /// Who laid the completing tile.
        player: PlayerId,
        /// A place naming the city.
        city: (Cell, Port),
        /// The tokens taken, one per symbol.
        tokens: Tokens,
    },
    /// Ferries: a ferry was put on the lake of the tile just laid, linking two road ends (FE-03).
    FerryPlaced {
        /// Who laid the tile.
        player: PlayerId,
        /// The lake's tile.
        cell: Cell,
        /// The sides whose road ends it links.
        link: [Side; 2],
    },
    /// Ferries: a ferry met along a road the tile lengthened was moved (FE-05).
    FerryMoved {
        /// Who moved it.
        player: PlayerId,
        /// The lake's tile.
        cell: Cell,
        /// The road ends it linked.
        from: [Side; 2],
        /// The road ends it links now.
        to: [Side; 2],
    },
    /// Traders & Builders: the tile just laid lengthened the player's builder's road or city,
    /// so their next move is a second tile (T-08). Not said when the move passed it up (T-15).
    SecondTileEarned {
        /// Whose double turn it is.
        player: PlayerId,
    },
    /// Mage & Witch: a magic figure went onto a road or city, from beside the board or from
    /// where it stood: for a magic tile (MW-02) or because a tile joined both figures' features
    /// (MW-05), as `rule` says.
    MagicMoved {
        /// Whose tile moved it.
        player: PlayerId,
        /// The mage or the witch.
        figure: MagicFigure,
        /// Where it stood, if on the board.
        from: Option<(Cell, Port)>,
        /// Where it stands now.
        to: (Cell, Port),
        /// MW-02 or MW-05.
        rule: Rule,
    },
    /// Mage & Witch: a magic figure left the board: taken off when it could go nowhere (MW-04),
    /// or after its feature was scored, during play or at the end (MW-08).
    MagicRemoved {
        /// The mage or the witch.
        figure: MagicFigure,
        /// Where it stood.
        from: (Cell, Port),
        /// MW-04 or MW-08.
        rule: Rule,
    },
    /// Gold Mines: a gold tile was laid, and an ingot put on it and one on a neighbour (GM-02).
    IngotsPlaced {
        /// Who laid the gold tile.
        player: PlayerId,
        /// The gold tile.
        cell: Cell,
        /// The neighbour receiving the second ingot; none when the tile had no neighbour.
        neighbour: Option<Cell>,
    },
    /// Gold Mines: a player took one ingot off a tile of a feature they won (GM-04, GM-05).
    /// Taking it is no scoring: the ingots are counted at the end (GM-07).
    IngotTaken {
        /// Who took it.
        player: PlayerId,
        /// The tile it lay on.
        from: Cell,
    },
    /// Crop Circles: the placer of a crop-circle tile chose what every player does with the
    /// followers of the symbol's kind (CC-03, CC-04).
    CropCircleChosen {
        /// Who placed the tile and chose.
        player: PlayerId,
        /// Add or remove.
        choice: crate::game::CropChoice,
        /// The kind of feature whose followers are moved.
        kind: FeatureKind,
    },
    /// Crop Circles: a player put a figure from hand beside a follower of theirs (CC-05).
    CropFollowerAdded {
        /// Whose.
        player: PlayerId,
        /// Where.
        cell: Cell,
        /// On which place.
        port: Port,
        /// The feature it stands on.
        kind: FeatureKind,
        /// A follower or the big follower (X2-18).
        figure: Figure,
    },
    /// Crop Circles: a player took a figure back to hand (CC-06). Nothing is scored (CC-08).
    CropFollowerRemoved {
        /// Whose.
        player: PlayerId,
        /// From where.
        cell: Cell,
        /// From which place.
        port: Port,
        /// A follower or the big follower (X2-18).
        figure: Figure,
    },
}

/// What a score is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum ScoreSource {
    /// A road, its tiles.
    Road,
    /// A city, its tiles and pennants.
    City,
    /// A cloister and its neighbours.
    Cloister,
    /// A shrine and its neighbours.
    Shrine,
    /// A farm and the completed cities it supplies (current rules).
    Farm,
    /// A completed city paid to the farmers around it (2000 edition).
    FarmCity,
    /// The King's bonus: completed cities.
    King,
    /// The Robber's bonus: completed roads.
    Robber,
    /// A garden and its neighbours, paid to its abbot.
    Garden,
    /// The most tokens of one kind of goods (T-05).
    Goods,
    /// The gold ingots a player holds at the end (GM-07).
    Gold,
}

impl ScoreSource {
    /// Every source.
    pub const ALL: [ScoreSource; 11] = [
        ScoreSource::Road,
        ScoreSource::City,
        ScoreSource::Cloister,
        ScoreSource::Shrine,
        ScoreSource::Farm,
        ScoreSource::FarmCity,
        ScoreSource::King,
        ScoreSource::Robber,
        ScoreSource::Garden,
        ScoreSource::Goods,
        ScoreSource::Gold,
    ];

    /// The name used in game-script reports and on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            ScoreSource::Road => "road",
            ScoreSource::City => "city",
            ScoreSource::Cloister => "cloister",
            ScoreSource::Shrine => "shrine",
            ScoreSource::Farm => "farm",
            ScoreSource::FarmCity => "farm-city",
            ScoreSource::King => "king",
            ScoreSource::Robber => "robber",
            ScoreSource::Garden => "garden",
            ScoreSource::Goods => "goods",
            ScoreSource::Gold => "gold",
        }
    }

    /// Parses a name such as `"farm-city"`.
    pub fn from_name(name: &str) -> Option<ScoreSource> {
        ScoreSource::ALL.into_iter().find(|x| x.name() == name)
    }
}

impl From<FeatureKind> for ScoreSource {
    fn from(k: FeatureKind) -> Self {
        match k {
            FeatureKind::Road | FeatureKind::River => ScoreSource::Road,
            FeatureKind::City => ScoreSource::City,
            FeatureKind::Cloister => ScoreSource::Cloister,
            FeatureKind::Shrine => ScoreSource::Shrine,
            FeatureKind::Field => ScoreSource::Farm,
            FeatureKind::Garden => ScoreSource::Garden,
        }
    }
}

/// One scoring of one feature: who scored how much, and why.
///
/// Its tiles and cities are [`Span`]s into the [`ScoreLists`] kept with the events (see
/// [`crate::Game::score_lists`]), so that a score holds no list of its own: scoring allocates
/// nothing per score, and a score is a plain value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// What was scored.
    pub source: ScoreSource,
    /// Players who score; each gets `points`. Several when tied (Rule B-23).
    pub winners: PlayerSet,
    /// Points to each winner.
    pub points: u32,
    /// Tiles counted (each once), in the order they were placed: [`ScoreLists::tiles`].
    pub tiles: Span,
    /// Pennants counted.
    pub pennants: u32,
    /// Surrounding tiles counted (cloisters, shrines).
    pub neighbours: u32,
    /// Farms: the completed cities counted; the King: the completed cities; the Robber: the
    /// completed roads. Each named by one of its places: [`ScoreLists::cities`].
    pub cities: Span,
    /// For farms: the City of Carcassonne counted as one more completed city (Rule C-21).
    pub carcassonne: bool,
    /// Followers on the feature, per player.
    pub followers: ByPlayer<u8>,
    /// The followers as the majority weighed them, per player: a big follower counts two
    /// (I-12). Equal to `followers` where no big follower stands.
    pub weight: ByPlayer<u8>,
    /// Players with followers there who score nothing: fewer than the winners.
    pub outvoted: PlayerSet,
    /// Whether the feature was complete.
    pub complete: bool,
    /// Scored in the end-of-game count.
    pub final_scoring: bool,
    /// A place naming the feature, to highlight it.
    pub anchor: (Cell, Port),
    /// The checklist rule this follows.
    pub rule: Rule,
    /// For the end count of goods: the kind (T-05).
    pub goods: Option<Goods>,
    /// For a farm: the winners whose pig, or River II's herd, raised their pay (T-17, X-12).
    pub pigs: PlayerSet,
}

impl Score {
    /// Whether this is an abbot taken back, its building paid as it stands: neither a
    /// feature completed nor the end count, so it is said apart and lets nobody into the City.
    pub fn is_recall(&self) -> bool {
        self.rule == Rule::A08
    }
}

/// Where one score's list lies in its [`ScoreLists`]: a stretch of the tiles or of the cities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    start: u32,
    len: u32,
}

impl Span {
    /// How many entries the list has.
    pub const fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty.
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    fn of<T>(list: &[T], span: Span) -> &[T] {
        &list[span.start as usize..][..span.len as usize]
    }
}

/// The tiles and the cities that scores name, one buffer each for all the scores of a game
/// (or of one [`crate::Game::final_count`]); each [`Score`] holds [`Span`]s into them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreLists {
    tiles: Vec<Cell>,
    cities: Vec<(Cell, Port)>,
}

impl ScoreLists {
    /// The tiles a score counted, each once, in the order they were placed.
    pub fn tiles(&self, score: &Score) -> &[Cell] {
        Span::of(&self.tiles, score.tiles)
    }

    /// The completed cities (or, for the Robber, roads) a score counted, each named by one of
    /// its places, in the order met.
    pub fn cities(&self, score: &Score) -> &[(Cell, Port)] {
        Span::of(&self.cities, score.cities)
    }

    /// Room for `tiles` and `cities` more without moving either buffer.
    pub(crate) fn reserve(&mut self, tiles: usize, cities: usize) {
        self.tiles.reserve(tiles);
        self.cities.reserve(cities);
    }

    /// A new list of tiles: what `fill` pushes.
    pub(crate) fn add_tiles<R>(&mut self, fill: impl FnOnce(&mut Vec<Cell>) -> R) -> (Span, R) {
        let start = self.tiles.len();
        let r = fill(&mut self.tiles);
        (Span { start: start as u32, len: (self.tiles.len() - start) as u32 }, r)
    }

    /// A new list of cities: what `fill` pushes.
    pub(crate) fn add_cities(&mut self, fill: impl FnOnce(&mut Vec<(Cell, Port)>)) -> Span {
        let start = self.cities.len();
        fill(&mut self.cities);
        Span { start: start as u32, len: (self.cities.len() - start) as u32 }
    }
    /// How long both lists are: what [`ScoreLists::truncate`] goes back to.
    pub(crate) fn lengths(&self) -> (usize, usize) {
        (self.tiles.len(), self.cities.len())
    }

    /// Drops what was added after `lengths` was taken.
    pub(crate) fn truncate(&mut self, (tiles, cities): (usize, usize)) {
        self.tiles.truncate(tiles);
        self.cities.truncate(cities);
    }
}
