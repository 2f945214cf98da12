//! Everything the table screen sends: a new game's setup, the moves entered and the Count's
//! decisions that come with them, as plain data checked here before the engine sees them.
//! What the screen is shown back lives in [`crate::view`]; the questions asked before a move
//! in [`crate::count`] and [`crate::placement`].

use crate::degrees::Degrees;
use crate::limit::{quarter_moves, OverLimit};
use crate::options::RulePreset;
use castellan_engine::{
    Cell, Color, CountChoice, Entry, Figure, GameSetup, MagicFigure, Mode, Move, PlayerId, PlayerSetup, Port, Quarter,
    QuarterMove, RuleSet, Standing, Start, TileId, TileSet, Title, Titles, Tokens, Told,
};
use serde::{Deserialize, Serialize};

/// One seat at a new game.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct SeatRequest {
    /// The player's name.
    pub name: String,
    /// Their colour.
    pub color: Color,
}

/// A new game as the setup screen describes it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct NewGameRequest {
    /// The players in turn order, the start player first.
    pub seats: Vec<SeatRequest>,
    /// The boxes in play; the base game is always included.
    pub boxes: Vec<TileSet>,
    /// The rules' preset.
    pub rules: RulePreset,
    /// Every option as the table set it; when given, it decides over the preset. Options
    /// left out keep the engine's defaults.
    #[serde(default)]
    pub options: Option<RuleSet>,
    /// Where the game night is, if said.
    pub place: Option<String>,
    /// Enter a finished table (tiles in any order, then followers where they stand) instead
    /// of a game turn by turn.
    #[serde(default)]
    pub final_board: bool,
    /// Final board with King & Robber: the seat holding the King at the end, if anyone.
    #[serde(default)]
    pub king: Option<u32>,
    /// Final board with King & Robber: the seat holding the Robber at the end, if anyone.
    #[serde(default)]
    pub robber: Option<u32>,
    /// Final board with the Count: the quarter where he stands at the end (the castle if not
    /// said).
    #[serde(default)]
    pub count_at: Option<Quarter>,
    /// Final board with Traders & Builders: the goods tokens in each seat's hand at the end, in
    /// seat order; seats left out hold none (X-18).
    #[serde(default)]
    pub goods: Vec<GoodsInHand>,
    /// Final board with Gold Mines: the gold ingots in each seat's hand at the end, in seat
    /// order; seats left out hold none.
    #[serde(default)]
    pub gold: Vec<u8>,
}

/// The goods tokens a player holds at the end of a game entered as a final board (X-18).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct GoodsInHand {
    /// Wine tokens.
    pub wine: u8,
    /// Grain tokens.
    pub grain: u8,
    /// Cloth tokens.
    pub cloth: u8,
}

impl NewGameRequest {
    /// The engine's setup: the start follows from the boxes (the City with the Count, the
    /// River's spring with the River, alone or with River II, the spring of River II alone,
    /// otherwise the start tile).
    ///
    /// # Errors
    /// A title holder who is not at the table, or a title holder or the Count's quarter
    /// given for a game entered turn by turn, where the moves decide them.
    pub fn setup(&self) -> Result<GameSetup, RequestError> {
        let mut sets = vec![TileSet::Base];
        for &set in &self.boxes {
            if !sets.contains(&set) {
                sets.push(set);
            }
        }
        let start = if sets.contains(&TileSet::Count) {
            Start::Count
        } else if sets.contains(&TileSet::River) || sets.contains(&TileSet::RiverC1) {
            Start::River
        } else if sets.contains(&TileSet::River2) {
            Start::River2
        } else {
            Start::Base
        };
        let mut setup = GameSetup::base(&[]);
        setup.players =
            self.seats.iter().map(|s| PlayerSetup { name: s.name.trim().to_string(), color: s.color }).collect();
        setup.sets = sets;
        setup.start = start;
        setup.rules = match (self.options, self.rules) {
            (Some(options), _) => options,
            (None, RulePreset::Current) => RuleSet::default(),
            (None, RulePreset::FirstEdition) => RuleSet::first_edition(),
        };
        if !self.final_board {
            let titles = self.king.is_some() || self.robber.is_some() || self.count_at.is_some();
            if titles || !self.goods.is_empty() || !self.gold.is_empty() {
                return Err(RequestError::FinalBoardOnly);
            }
            return Ok(setup);
        }
        setup.mode = Mode::FinalBoard;
        let holder = |seat: Option<u32>| -> Result<Option<Title>, RequestError> {
            seat.map(|seat| match u8::try_from(seat) {
                Ok(s) if usize::from(s) < self.seats.len() => Ok(Title { holder: PlayerId(s), record: 0 }),
                _ => Err(RequestError::UnknownSeat(seat)),
            })
            .transpose()
        };
        setup.titles = Titles { king: holder(self.king)?, robber: holder(self.robber)? };
        if let Some(q) = self.count_at {
            setup.count_at = q;
        }
        // The engine refuses goods for a seat beyond the table or without the box.
        setup.goods = self.goods.iter().map(|g| Tokens([g.wine, g.grain, g.cloth])).collect();
        // The engine refuses gold likewise, and more ingots than the box holds (GM-01).
        setup.gold.clone_from(&self.gold);
        Ok(setup)
    }
}

/// A move as the table screen enters it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum MoveRequest {
    /// The drawn tile placed, with or without a follower.
    Place {
        /// The catalog id.
        tile: TileId,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// Turned clockwise.
        rotation: Degrees,
        /// The figure's place on the tile, in board orientation, if one was put there.
        follower: Option<Port>,
        /// Which kind of figure goes there: a follower unless said.
        #[serde(default)]
        figure: Figure,
        /// The mover takes their abbot back instead of placing a figure (A-08).
        #[serde(default, rename = "recallAbbot")]
        recall_abbot: bool,
        /// The Count's decisions in this move, in a game with the Count.
        #[serde(default)]
        count: Option<CountRequest>,
        /// The tile earns a second tile with the builder and the player passes it up (T-15).
        #[serde(default, rename = "passSecondTile")]
        pass_second_tile: bool,
        /// What the players tell of the Big Box boxes in this move (a die, a landing, an
        /// ingot's neighbour, where a ferry goes…), as the tell questions asked for it; empty
        /// when nothing was asked.
        #[serde(default)]
        #[cfg_attr(feature = "specta", specta(type = castellan_engine::ToldAnswers))]
        told: Told,
    },
    /// The drawn tile fits nowhere.
    Discard {
        /// The catalog id.
        tile: TileId,
    },
    /// Final board: a figure standing on a tile already placed.
    Stand {
        /// Whose figure.
        seat: u32,
        /// Which kind of figure: a follower unless said.
        #[serde(default)]
        figure: Figure,
        /// The tile's column.
        x: i32,
        /// The tile's row.
        y: i32,
        /// The place on the tile, in board orientation.
        place: Port,
    },
    /// Final board with the Count: a follower or the big follower waiting in a quarter of
    /// the City (X-07).
    StandInCity {
        /// Whose follower.
        seat: u32,
        /// Which kind: a follower unless said, or the big follower; the engine refuses the
        /// others.
        #[serde(default)]
        figure: Figure,
        /// The quarter.
        quarter: Quarter,
    },
    /// Final board with Mage & Witch: the mage or the witch standing on a tile already placed
    /// (MW-02).
    StandMagic {
        /// The mage or the witch.
        figure: MagicFigure,
        /// The tile's column.
        x: i32,
        /// The tile's row.
        y: i32,
        /// The place on the tile, in board orientation.
        place: Port,
    },
}

/// Why a request could not even be read as a move. It crosses to the UI as data, which words
/// it; adjacently tagged, as the variants carry bare values. Tiles, places and rotations are
/// typed on the wire, so a request naming one that does not exist is not read at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", content = "detail", rename_all = "camelCase")]
pub enum RequestError {
    /// No such seat at the table.
    #[error("there is no seat {0}")]
    UnknownSeat(u32),
    /// Title holders, the Count's quarter and goods in hand are given only for a final board:
    /// turn by turn the moves decide them.
    #[error("title holders, the Count's quarter, goods and gold in hand are given only when entering a final board")]
    FinalBoardOnly,
    /// More in one request than a table ever sends ([`crate::limit`]).
    #[error("{0}")]
    OverLimit(OverLimit),
}

pub(crate) fn seat_of(seat: u32) -> Result<PlayerId, RequestError> {
    u8::try_from(seat).map(PlayerId).map_err(|_| RequestError::UnknownSeat(seat))
}

/// The followers moved out of the City before the final count, as the engine takes them.
///
/// # Errors
/// More of them than [`crate::limit::QUARTER_MOVES`], or an unknown seat.
pub fn final_moves(requests: &[QuarterMoveRequest]) -> Result<Vec<QuarterMove>, RequestError> {
    quarter_moves(requests.len()).map_err(RequestError::OverLimit)?;
    requests.iter().map(QuarterMoveRequest::to_engine).collect()
}

impl MoveRequest {
    /// The engine's move.
    ///
    /// # Errors
    /// An unknown seat, or more Count decisions than a table ever sends.
    pub fn to_move(&self) -> Result<Move, RequestError> {
        match *self {
            MoveRequest::Discard { tile } => Ok(Move::Discard { tile }),
            MoveRequest::Place {
                tile,
                x,
                y,
                rotation,
                follower,
                figure,
                recall_abbot,
                ref count,
                pass_second_tile,
                ref told,
            } => {
                let mut mv = Move::place(tile, Cell::new(x, y), rotation.into(), follower);
                if pass_second_tile {
                    mv = mv.passing_second_tile();
                }
                if let Move::Place { count: choice, figure: kind, recall_abbot: recall, told: answers, .. } = &mut mv {
                    *kind = figure;
                    *recall = recall_abbot;
                    answers.clone_from(told);
                    if let Some(request) = count {
                        *choice = request.to_engine()?;
                    }
                }
                Ok(mv)
            }
            MoveRequest::Stand { seat, figure, x, y, place } => {
                Ok(Move::Stand { player: seat_of(seat)?, at: Standing::Board(Cell::new(x, y), place), figure })
            }
            MoveRequest::StandInCity { seat, figure, quarter } => {
                Ok(Move::Stand { player: seat_of(seat)?, at: Standing::City(quarter), figure })
            }
            MoveRequest::StandMagic { figure, x, y, place } => {
                Ok(Move::StandMagic { figure, cell: Cell::new(x, y), port: place })
            }
        }
    }
}

/// A place on the board naming a feature: the tile's cell and a place on it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct Spot {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// The place on the tile, board orientation.
    pub place: Port,
}

impl From<(Cell, Port)> for Spot {
    fn from((cell, place): (Cell, Port)) -> Spot {
        Spot { x: cell.x, y: cell.y, place }
    }
}

impl Spot {
    pub(crate) fn to_engine(&self) -> (Cell, Port) {
        (Cell::new(self.x, self.y), self.place)
    }
}

/// One follower moved from a quarter onto a feature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct QuarterMoveRequest {
    /// Whose follower, by seat.
    pub seat: u32,
    /// From which quarter.
    pub quarter: Quarter,
    /// Onto the feature at this spot.
    pub to: Spot,
    /// The player's big follower comes out rather than an ordinary one (X-07).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub big: bool,
}

impl QuarterMoveRequest {
    /// The engine's quarter move.
    ///
    /// # Errors
    /// An unknown seat.
    pub fn to_engine(&self) -> Result<QuarterMove, RequestError> {
        let seat = u8::try_from(self.seat).map_err(|_| RequestError::UnknownSeat(self.seat))?;
        Ok(QuarterMove { player: PlayerId(seat), quarter: self.quarter, to: self.to.to_engine(), big: self.big })
    }
}

/// The placer putting a follower into the city after the scoring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct EntryRequest {
    /// The quarter the follower enters.
    pub quarter: Quarter,
    /// Where the placer moves the Count; `null` leaves him (or lets him move by himself under
    /// the variants where he does).
    #[serde(default)]
    pub count_to: Option<Quarter>,
    /// The placer's big follower goes in rather than an ordinary one (X-07).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub big: bool,
}

/// The Count decisions entered with a move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CountRequest {
    /// Followers moved out of the quarters onto what the tile completed, in the order moved.
    #[serde(default)]
    pub moves: Vec<QuarterMoveRequest>,
    /// The placer's entry into the city, if he entered.
    #[serde(default)]
    pub enter: Option<EntryRequest>,
}

impl CountRequest {
    pub(crate) fn to_engine(&self) -> Result<CountChoice, RequestError> {
        quarter_moves(self.moves.len()).map_err(RequestError::OverLimit)?;
        Ok(CountChoice {
            moves: self.moves.iter().map(QuarterMoveRequest::to_engine).collect::<Result<_, _>>()?,
            entry: self.enter.as_ref().map(|e| Entry { quarter: e.quarter, count_to: e.count_to, big: e.big }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::{Game, Rotation};

    #[test]
    fn a_new_game_request_becomes_the_engine_setup() {
        let request = NewGameRequest {
            seats: vec![
                SeatRequest { name: " Anna ".into(), color: Color::Green },
                SeatRequest { name: "Bram".into(), color: Color::Red },
            ],
            boxes: vec![TileSet::KingRobber, TileSet::Count],
            rules: RulePreset::FirstEdition,
            options: None,
            place: None,
            final_board: false,
            king: None,
            robber: None,
            count_at: None,
            goods: Vec::new(),
            gold: Vec::new(),
        };
        let setup = request.setup().unwrap();
        assert_eq!(setup.players[0].name, "Anna", "names are trimmed");
        assert_eq!(setup.players[1].color, Color::Red);
        assert_eq!(setup.sets, vec![TileSet::Base, TileSet::KingRobber, TileSet::Count]);
        assert_eq!(setup.start, Start::Count, "the Count's city starts the game");
        assert_eq!(setup.rules, RuleSet::first_edition());
        assert_eq!(setup.mode, Mode::Turns);
        assert!(Game::new(setup).is_ok());
        let mut options = crate::options::rule_presets().current;
        options.score_incomplete = false;
        let house = NewGameRequest { options: Some(options), ..request };
        assert!(!house.setup().unwrap().rules.score_incomplete, "the options decide over the preset");
        assert_eq!(house.setup().unwrap().rules.farms, castellan_engine::FarmRule::Current);
    }

    #[test]
    fn the_rivers_box_starts_at_its_spring() {
        let request = |boxes: Vec<TileSet>| NewGameRequest {
            seats: vec![
                SeatRequest { name: "Anna".into(), color: Color::Green },
                SeatRequest { name: "Bram".into(), color: Color::Red },
            ],
            boxes,
            rules: RulePreset::Current,
            options: None,
            place: None,
            final_board: false,
            king: None,
            robber: None,
            count_at: None,
            goods: Vec::new(),
            gold: Vec::new(),
        };
        for (boxes, sets) in [
            (vec![TileSet::River], vec![TileSet::Base, TileSet::River]),
            (vec![TileSet::RiverC1], vec![TileSet::Base, TileSet::RiverC1]),
            (vec![TileSet::River2, TileSet::River], vec![TileSet::Base, TileSet::River2, TileSet::River]),
        ] {
            let setup = request(boxes).setup().unwrap();
            assert_eq!((&setup.sets, setup.start), (&sets, Start::River), "the River's spring starts (RI-02, X-01)");
            assert!(Game::new(setup).is_ok());
        }
        assert_eq!(serde_json::to_value(TileSet::RiverC1).unwrap(), "river-c1", "the script's set name");
        let with_count = request(vec![TileSet::River, TileSet::Count]).setup().unwrap();
        assert_eq!(Game::new(with_count).unwrap_err(), castellan_engine::SetupError::RiverWithCount, "X-02");
    }

    #[test]
    fn a_final_board_request_names_title_holders_and_the_counts_quarter() {
        let json = r#"{"seats": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
            "boxes": ["king-robber", "count"], "rules": "current", "place": null,
            "finalBoard": true, "king": 1, "countAt": "market"}"#;
        let request: NewGameRequest = serde_json::from_str(json).unwrap();
        let setup = request.setup().unwrap();
        assert_eq!(setup.mode, Mode::FinalBoard);
        assert_eq!(setup.titles.king.map(|t| t.holder), Some(PlayerId(1)));
        assert_eq!(setup.titles.robber, None, "a title nobody won");
        assert_eq!(setup.count_at, castellan_engine::Quarter::Market);
        let old: NewGameRequest = serde_json::from_str(
            r#"{"seats": [{"name": "Anna", "color": "red"}], "boxes": [], "rules": "current", "place": null}"#,
        )
        .unwrap();
        assert_eq!(old.setup().unwrap().mode, Mode::Turns, "without the new keys: turn by turn, as before");
        let stranger = NewGameRequest { robber: Some(2), ..request.clone() };
        assert_eq!(stranger.setup(), Err(RequestError::UnknownSeat(2)), "only a seated player holds a title");
        let turns = NewGameRequest { final_board: false, ..request };
        assert_eq!(turns.setup(), Err(RequestError::FinalBoardOnly), "turn by turn the moves decide the titles");
    }

    #[test]
    fn a_final_board_request_gives_the_goods_in_each_hand() {
        let json = r#"{"seats": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
            "boxes": ["traders-builders"], "rules": "current", "place": null, "finalBoard": true,
            "goods": [{"wine": 2, "grain": 0, "cloth": 1}, {"wine": 0, "grain": 3, "cloth": 0}]}"#;
        let request: NewGameRequest = serde_json::from_str(json).unwrap();
        let setup = request.setup().unwrap();
        assert_eq!(setup.goods, [Tokens([2, 0, 1]), Tokens([0, 3, 0])], "wine, grain, cloth by seat (X-18)");
        let game = Game::new(setup).unwrap();
        assert_eq!(game.goods(), [Tokens([2, 0, 1]), Tokens([0, 3, 0])]);
        let turns = NewGameRequest { final_board: false, ..request.clone() };
        assert_eq!(turns.setup(), Err(RequestError::FinalBoardOnly), "turn by turn the completions hand them out");
        let without = NewGameRequest { boxes: Vec::new(), ..request };
        assert!(Game::new(without.setup().unwrap()).is_err(), "no goods without the box");
    }

    #[test]
    fn a_final_board_request_gives_the_gold_in_each_hand() {
        let json = r#"{"seats": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
            "boxes": ["goldmines"], "rules": "current", "place": null, "finalBoard": true, "gold": [5, 2]}"#;
        let request: NewGameRequest = serde_json::from_str(json).unwrap();
        let game = Game::new(request.setup().unwrap()).unwrap();
        assert_eq!(game.gold(), [5, 2], "ingots by seat");
        let turns = NewGameRequest { final_board: false, ..request.clone() };
        assert_eq!(turns.setup(), Err(RequestError::FinalBoardOnly), "turn by turn the completions hand them out");
        let too_much = NewGameRequest { gold: vec![10, 10], ..request };
        assert!(Game::new(too_much.setup().unwrap()).is_err(), "the box holds 16 ingots (GM-01)");
    }

    #[test]
    fn stand_requests_become_stand_moves() {
        let json = r#"{"kind": "stand", "seat": 1, "x": 2, "y": -1, "place": "NL"}"#;
        let request: MoveRequest = serde_json::from_str(json).unwrap();
        let at = Standing::Board(Cell::new(2, -1), Port::NL);
        assert_eq!(request.to_move(), Ok(Move::Stand { player: PlayerId(1), at, figure: Figure::Follower }));
        let json = r#"{"kind": "standInCity", "seat": 0, "quarter": "cathedral"}"#;
        let request: MoveRequest = serde_json::from_str(json).unwrap();
        let at = Standing::City(castellan_engine::Quarter::Cathedral);
        assert_eq!(request.to_move(), Ok(Move::Stand { player: PlayerId(0), at, figure: Figure::Follower }));
        let json = r#"{"kind": "standInCity", "seat": 0, "figure": "big", "quarter": "cathedral"}"#;
        let request: MoveRequest = serde_json::from_str(json).unwrap();
        assert_eq!(request.to_move(), Ok(Move::Stand { player: PlayerId(0), at, figure: Figure::Big }), "X-07");
        let far = MoveRequest::StandInCity { seat: 300, figure: Figure::Follower, quarter: Quarter::Castle };
        assert_eq!(far.to_move(), Err(RequestError::UnknownSeat(300)));
    }

    #[test]
    fn moves_are_read_and_bad_ones_named() {
        let place = MoveRequest::Place {
            tile: crate::fixture::tile_named("E"),
            x: 0,
            y: -1,
            rotation: crate::fixture::degrees(180),
            follower: Some(Port::S),
            figure: Figure::Follower,
            recall_abbot: false,
            count: None,
            pass_second_tile: false,
            told: Told::default(),
        };
        let mv = place.to_move().unwrap();
        assert_eq!(mv, Move::place(TileId::from_name("E").unwrap(), Cell::new(0, -1), Rotation::R180, Some(Port::S)));
        let json: MoveRequest = serde_json::from_str(r#"{"kind": "discard", "tile": "E"}"#).unwrap();
        assert_eq!(json, MoveRequest::Discard { tile: crate::fixture::tile_named("E") });
    }

    #[test]
    fn a_finished_table_is_entered_with_every_box() {
        let seats = vec![
            SeatRequest { name: "Anna".into(), color: castellan_engine::Color::Red },
            SeatRequest { name: "Bram".into(), color: castellan_engine::Color::Blue },
        ];
        let request = |boxes: Vec<TileSet>, final_board: bool| NewGameRequest {
            seats: seats.clone(),
            boxes,
            rules: RulePreset::Current,
            options: None,
            place: None,
            final_board,
            king: None,
            robber: None,
            count_at: None,
            goods: Vec::new(),
            gold: Vec::new(),
        };
        let magic = vec![TileSet::Goldmines, TileSet::MageWitch];
        let setup = request(magic.clone(), true).setup().expect("the mage and the witch stand by moves");
        assert_eq!((setup.mode, setup.has(TileSet::MageWitch)), (Mode::FinalBoard, true));
        assert!(request(magic, false).setup().is_ok(), "turn by turn the window asks where they go");
        let every = crate::catalog::offered_boxes();
        assert!(request(every, true).setup().is_ok(), "every box offered describes a finished table");
    }

    #[test]
    fn a_magic_stand_request_becomes_the_engine_move() {
        let json = r#"{"kind": "standMagic", "figure": "witch", "x": 1, "y": -2, "place": "E"}"#;
        let request: MoveRequest = serde_json::from_str(json).unwrap();
        assert_eq!(
            request.to_move(),
            Ok(Move::StandMagic { figure: MagicFigure::Witch, cell: Cell::new(1, -2), port: Port::E })
        );
        let unnamed = r#"{"kind": "standMagic", "x": 1, "y": -2, "place": "E"}"#;
        assert!(serde_json::from_str::<MoveRequest>(unnamed).is_err(), "the mage or the witch is named");
    }

    #[test]
    fn what_the_table_tells_reaches_the_engine_move() {
        let json = r#"{"kind": "place", "tile": "FM01", "x": 1, "y": 0, "rotation": 90, "follower": null,
            "told": {"flight": {"figure": "follower", "roll": 2, "to": "N"},
                     "gold": {"dx": -1, "dy": 1},
                     "magic": {"kind": "to", "figure": "witch", "cell": {"x": 0, "y": 0}, "port": "S"},
                     "cropCircle": {"choice": "add", "actions": [
                        {"player": 1, "deed": {"kind": "pass"}},
                        {"player": 0, "deed": {"kind": "at", "cell": {"x": 0, "y": 0}, "port": "N", "figure": "big"}}]},
                     "ferryMoves": [{"at": {"x": 2, "y": 0}, "link": ["North", "South"]}]}}"#;
        let request: MoveRequest = serde_json::from_str(json).unwrap();
        let Move::Place { told, .. } = request.to_move().unwrap() else { panic!("a placement") };
        let flight = told.flight.expect("the flight");
        assert_eq!((flight.figure, flight.roll, flight.to), (Figure::Follower, 2, Some(Port::N)));
        assert_eq!(told.gold.map(|g| (g.dx, g.dy)), Some((-1, 1)));
        assert!(matches!(told.magic, Some(castellan_engine::MagicMove::To { port: Port::S, .. })));
        let crop = told.crop_circle.clone().expect("the crop circle");
        assert_eq!(crop.actions.len(), 2);
        assert_eq!(told.ferry_moves.len(), 1);
        let bare: MoveRequest = serde_json::from_str(
            r#"{"kind": "place", "tile": "E", "x": 0, "y": -1, "rotation": 180, "follower": "S"}"#,
        )
        .unwrap();
        let Move::Place { told, .. } = bare.to_move().unwrap() else { panic!("a placement") };
        assert!(told.is_empty(), "a move that tells nothing carries nothing");
    }

    #[test]
    fn a_request_past_its_limits_is_refused_before_it_is_read() {
        let spot = Spot { x: 0, y: 0, place: Port::N };
        let out = QuarterMoveRequest { seat: 0, quarter: Quarter::Castle, to: spot, big: false };
        let at = vec![out.clone(); crate::limit::QUARTER_MOVES as usize];
        assert_eq!(final_moves(&at).map(|m| m.len()), Ok(64), "at the limit");
        let past = vec![out; crate::limit::QUARTER_MOVES as usize + 1];
        let over = RequestError::OverLimit(OverLimit::QuarterMoves { given: 65, max: 64 });
        assert_eq!(final_moves(&past), Err(over.clone()));
        let count = CountRequest { moves: past, enter: None };
        let place = MoveRequest::Place {
            tile: crate::fixture::tile_named("E"),
            x: 0,
            y: -1,
            rotation: crate::fixture::degrees(180),
            follower: None,
            figure: Figure::Follower,
            recall_abbot: false,
            count: Some(count),
            pass_second_tile: false,
            told: Told::default(),
        };
        assert_eq!(place.to_move(), Err(over), "with a move, as at the end");
    }

    #[test]
    fn the_figure_and_the_recall_reach_the_engine_a_follower_unless_said() {
        let read = |json: &str| serde_json::from_str::<MoveRequest>(json).unwrap().to_move().unwrap();
        let b = TileId::from_name("B").unwrap();
        let place = r#"{"kind": "place", "tile": "B", "x": 0, "y": 1, "rotation": 0, "follower": "C""#;
        assert_eq!(read(&format!("{place}}}")), Move::place(b, Cell::new(0, 1), Rotation::R0, Some(Port::C)));
        assert_eq!(
            read(&format!(r#"{place}, "figure": "abbot"}}"#)),
            Move::place_abbot(b, Cell::new(0, 1), Rotation::R0, Port::C)
        );
        let recall =
            r#"{"kind": "place", "tile": "B", "x": 0, "y": 1, "rotation": 0, "follower": null, "recallAbbot": true}"#;
        assert_eq!(read(recall), Move::place_and_recall(b, Cell::new(0, 1), Rotation::R0));
        let stand = r#"{"kind": "stand", "seat": 1, "x": 0, "y": 1, "place": "C""#;
        assert_eq!(
            read(&format!(r#"{stand}, "figure": "abbot"}}"#)),
            Move::Stand { player: PlayerId(1), at: Standing::Board(Cell::new(0, 1), Port::C), figure: Figure::Abbot }
        );
        assert_eq!(
            read(&format!("{stand}}}")),
            Move::Stand {
                player: PlayerId(1),
                at: Standing::Board(Cell::new(0, 1), Port::C),
                figure: Figure::Follower
            }
        );
        assert_eq!(
            read(&format!(r#"{place}, "figure": "big"}}"#)),
            Move::place_big(b, Cell::new(0, 1), Rotation::R0, Port::C),
            "the big follower is placed as the engine's big follower (I-13)"
        );
        assert_eq!(
            read(&format!(r#"{stand}, "figure": "big"}}"#)),
            Move::Stand { player: PlayerId(1), at: Standing::Board(Cell::new(0, 1), Port::C), figure: Figure::Big }
        );
        assert_eq!(
            read(&format!(r#"{place}, "figure": "pig"}}"#)),
            Move::place_companion(b, Cell::new(0, 1), Rotation::R0, Port::C, Figure::Pig),
            "the builder and the pig are placed as the engine's (T-07, T-16)"
        );
        assert_eq!(
            read(&format!(r#"{place}, "passSecondTile": true}}"#)),
            Move::place(b, Cell::new(0, 1), Rotation::R0, Some(Port::C)).passing_second_tile(),
            "the second tile passed up (T-15)"
        );
        assert_eq!(
            read(&format!(r#"{stand}, "figure": "builder"}}"#)),
            Move::Stand { player: PlayerId(1), at: Standing::Board(Cell::new(0, 1), Port::C), figure: Figure::Builder }
        );
    }

    #[test]
    fn count_requests_become_engine_choices() {
        let request = CountRequest {
            moves: vec![QuarterMoveRequest {
                seat: 1,
                quarter: Quarter::Castle,
                to: Spot { x: 2, y: -1, place: Port::N },
                big: false,
            }],
            enter: Some(EntryRequest { quarter: Quarter::Market, count_to: Some(Quarter::Cathedral), big: false }),
        };
        let choice = request.to_engine().unwrap();
        assert_eq!(choice.moves[0].player, PlayerId(1));
        assert_eq!(choice.moves[0].to, (Cell::new(2, -1), Port::N));
        assert_eq!(
            choice.entry,
            Some(Entry { quarter: Quarter::Market, count_to: Some(Quarter::Cathedral), big: false })
        );
        let json: CountRequest = serde_json::from_str(r#"{"enter": {"quarter": "castle"}}"#).unwrap();
        assert!(json.moves.is_empty() && json.enter.unwrap().count_to.is_none());
        let big: CountRequest = serde_json::from_str(
            r#"{"moves": [{"seat": 0, "quarter": "castle", "to": {"x": 1, "y": 0, "place": "E"}, "big": true}],
                "enter": {"quarter": "market", "big": true}}"#,
        )
        .unwrap();
        let choice = big.to_engine().unwrap();
        assert!(choice.moves[0].big, "the big follower comes out (X-07)");
        assert_eq!(choice.entry.map(|e| e.big), Some(true), "the big follower goes in (X-07)");
    }

    #[test]
    fn a_tile_place_or_rotation_that_does_not_exist_is_not_read_at_all() {
        let read = |json: &str| serde_json::from_str::<MoveRequest>(json);
        let place = |tile: &str, rotation: &str, follower: &str| {
            format!(
                r#"{{"kind": "place", "tile": {tile}, "x": 0, "y": -1, "rotation": {rotation}, "follower": {follower}}}"#
            )
        };
        let good = read(&place(r#""E""#, "180", r#""S""#)).expect("the names and numbers the UI sends");
        let e = TileId::from_name("E").unwrap();
        assert_eq!(good.to_move(), Ok(Move::place(e, Cell::new(0, -1), Rotation::R180, Some(Port::S))));
        for (what, json) in [
            ("a tile not in the catalog", place(r#""ZZ""#, "180", "null")),
            ("a tile by its index", place("3", "180", "null")),
            ("a rotation that is no quarter turn", place(r#""E""#, "45", "null")),
            ("a rotation as the engine names it", place(r#""E""#, r#""R180""#, "null")),
            ("a place no tile has", place(r#""E""#, "180", r#""Q""#)),
            ("a place in lower case", place(r#""E""#, "180", r#""s""#)),
        ] {
            assert!(read(&json).is_err(), "{what}: {json}");
        }
        let stand = r#"{"kind": "stand", "seat": 0, "x": 0, "y": 0, "place": "Q"}"#;
        assert!(read(stand).is_err(), "a stand on a place no tile has");
        let huge = format!(r#"{{"kind": "discard", "tile": "{}"}}"#, "Z".repeat(1 << 20));
        let error = read(&huge).unwrap_err().to_string();
        assert!(error.len() < 100, "a name of any size is not repeated: {error}");
        let spot = serde_json::from_str::<Spot>(r#"{"x": 1, "y": 0, "place": "II"}"#).unwrap();
        assert_eq!(spot.to_engine(), (Cell::new(1, 0), Port::II));
        assert_eq!(serde_json::to_string(&spot).unwrap(), r#"{"x":1,"y":0,"place":"II"}"#, "written as read");
    }
}
