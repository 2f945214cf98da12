//! Final board: a finished table entered after the fact, its tiles in any order and then its
//! followers where they stand, one [`Move::Stand`](crate::Move::Stand) each. The mage and the
//! witch stand by a move of their own, [`Move::StandMagic`](crate::Move::StandMagic), checked
//! with the rest of Mage & Witch in `magic.rs`.
//!
//! A stand is checked like any move and changes nothing when refused, so a final board is a
//! fold over moves like a game entered turn by turn, with the same undo, redo and
//! corrections. What is *not* here: the end count itself ([`Game::finish_with`]), and the
//! order rules of River II, which apply only to games entered turn by turn.
//!
//! The figures on a finished table are a set: their order, and the tiles' order around them,
//! means nothing (X-18). So a stand is refused at once only for what no later tile or figure
//! can mend — no tile there, a feature of the wrong kind, no such figure left in hand — and
//! what depends on the rest of the table is asked of the whole table once, when it is counted
//! ([`Game::final_board_error`]): a builder beside a follower of its owner's, a pig beside a
//! farmer, the City of Carcassonne laid for the figures waiting in it. A stand of either kind
//! changes nothing the other checks, so any order of the same moves gives the same table.
//!
//! A follower on a road, city, cloister or shrine that is complete should have gone home when
//! it was completed; a table that forgot to take it back still gets its count. Such a
//! follower is accepted where it stands, counts towards its player's seven, scores nothing,
//! and is listed by [`Game::forgotten_followers`] so that a report can say so.

use super::abbot::abbot_refusal;
use super::{Game, Mode, MoveError};
use crate::board::{Follower, SegmentId, Standing};
use crate::coord::{Cell, Port};
use crate::count::Quarter;
use crate::event::Event;
use crate::figure::Figure;
use crate::player::PlayerId;
use crate::rule::Rule;
use crate::rules::FarmRule;
use crate::tile::FeatureKind;
use std::fmt;

/// Why a follower may not stand where a final board says. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum StandError {
    /// A standing follower in a turn-by-turn game: there a follower comes with its tile.
    InTurns {
        /// Whose follower was named.
        player: PlayerId,
    },
    /// No such seat at this table.
    UnknownPlayer {
        /// The seat.
        player: PlayerId,
    },
    /// The player has stood all seven followers already (Rule B-01).
    NoFollowerLeft {
        /// The player.
        player: PlayerId,
    },
    /// A follower in a quarter of the City, in a game without the Count.
    NoCount {
        /// The quarter named.
        quarter: Quarter,
    },
    /// No tile lies at the named cell.
    NoTileAt {
        /// The cell.
        cell: Cell,
    },
    /// The named place is not on the tile there.
    NoFeatureAt {
        /// The cell.
        cell: Cell,
        /// The place.
        port: Port,
    },
    /// The feature takes no follower (a river).
    NotClaimable {
        /// The cell.
        cell: Cell,
        /// The place.
        port: Port,
    },
    /// The game is played without farmers (house rule V-07).
    FarmersOff {
        /// The cell.
        cell: Cell,
        /// The place, on a field.
        port: Port,
    },
    /// A garden holds only the abbot, never a follower (A-05).
    Garden {
        /// The cell.
        cell: Cell,
        /// The place, the tile's centre.
        port: Port,
    },
    /// Only followers and big followers wait in the City; the abbot never goes there (QX-04).
    AbbotNotInCity {
        /// Whose abbot.
        player: PlayerId,
    },
    /// At the count: a builder on a road or city with no follower of its owner's, or a pig on
    /// a farm with no farmer of its owner's, on the whole finished table (T-07, T-16, X-18).
    Unaccompanied {
        /// Whose figure.
        player: PlayerId,
        /// The builder or the pig.
        figure: Figure,
        /// Where it stands.
        cell: Cell,
        /// The place.
        port: Port,
        /// The road, city or field it stands on.
        feature: FeatureKind,
    },
    /// At the count: a figure waits in a quarter of the City of Carcassonne, which the table
    /// never laid against the river (R-04).
    CityNotLaid {
        /// Whose figure.
        player: PlayerId,
        /// A follower or the big follower.
        figure: Figure,
        /// The quarter named.
        quarter: Quarter,
    },
}

impl StandError {
    /// The checklist rule the stand breaks, where one does.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            StandError::NoFollowerLeft { .. } => Some(Rule::B01),
            StandError::FarmersOff { .. } => Some(Rule::V07),
            StandError::Garden { .. } => Some(Rule::A05),
            StandError::AbbotNotInCity { .. } => Some(Rule::QX04),
            StandError::Unaccompanied { figure: Figure::Pig, .. } => Some(Rule::T16),
            StandError::Unaccompanied { .. } => Some(Rule::T07),
            _ => None,
        }
    }

    pub(super) fn describe(&self, f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
        match self {
            StandError::InTurns { .. } => write!(
                f,
                "only a final board takes followers where they stand; turn by turn a follower comes with its tile"
            ),
            StandError::UnknownPlayer { player } => write!(f, "there is no {player} at this table"),
            StandError::NoFollowerLeft { player } => write!(f, "{} has no follower left", player.name_in(names)),
            StandError::NoCount { .. } => write!(f, "this game is played without the Count"),
            StandError::NoTileAt { cell } => write!(f, "no tile lies at {cell}"),
            StandError::NoFeatureAt { port, .. } => write!(f, "there is no feature at {port}"),
            StandError::NotClaimable { port, .. } => write!(f, "nobody may stand on the river at {port}"),
            StandError::FarmersOff { .. } => write!(f, "this game is played without farmers"),
            StandError::Garden { .. } => write!(f, "a garden takes the abbot and no other figure"),
            StandError::AbbotNotInCity { .. } => write!(f, "the abbot never goes into the City"),
            StandError::Unaccompanied { player, figure, cell, port, feature } => {
                let who = player.name_in(names);
                let beside = if *figure == Figure::Pig { "farmer" } else { "follower" };
                write!(f, "{who}'s {figure} at {cell} {port} stands on a {feature} with no {beside} of {who}'s")
            }
            StandError::CityNotLaid { player, figure, quarter } => {
                let who = player.name_in(names);
                write!(f, "{who}'s {figure} waits in the {quarter}, but the City of Carcassonne was never laid")
            }
        }
    }
}

impl fmt::Display for StandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for StandError {}

/// A stand that passed its checks, with what placing it needs. A quarter of the City may be
/// named before the City is laid.
enum Checked {
    Board { cell: Cell, port: Port, feature: SegmentId },
    City(Quarter),
}

impl Game {
    /// The places on the tile at `cell` where `player` may stand `figure` on the finished
    /// table, with what is there: one place per feature of the tile that the figure's own
    /// rules accept (as [`Move::Stand`](crate::Move::Stand) checks them), whether or not
    /// others stand there already (a final board has several followers on one feature). So
    /// the abbot has its cloister, shrine or garden (A-04), the builder every road or city,
    /// the pig every field (X-18), each only while in hand: the follower or farmer a builder
    /// or pig stands beside may be entered later, and the count asks for it
    /// ([`Game::final_board_error`]). Empty when the game is not a final board, no tile lies
    /// there, or the player has no such figure left. A complete road, city, cloister or
    /// shrine is not offered: its figures went home, and one entered there would score
    /// nothing.
    pub fn standing_places(&self, player: PlayerId, cell: Cell, figure: Figure) -> Vec<(Port, FeatureKind)> {
        let places = self.board.tile_at(cell).into_iter().flat_map(|placed| placed.places());
        places
            .filter(|&(port, _)| match self.check_stand(player, Standing::Board(cell, port), figure) {
                Ok(Checked::Board { feature, .. }) => !self.is_done(feature),
                _ => false,
            })
            .collect()
    }

    /// Whether `player` may stand `figure` `at`: only on a final board, by a seat at the
    /// table, then by the figure's own rules. The builder and the pig stand beside a follower
    /// on the board, so none waits in the City.
    fn check_stand(&self, player: PlayerId, at: Standing, figure: Figure) -> Result<Checked, MoveError> {
        if figure.is_companion() && matches!(at, Standing::City(_)) {
            return Err(MoveError::WrongMode);
        }
        if self.setup.mode != Mode::FinalBoard {
            return Err(StandError::InTurns { player }.into());
        }
        if player.index() >= self.player_count() {
            return Err(StandError::UnknownPlayer { player }.into());
        }
        match (figure, at) {
            (Figure::Follower, _) => Ok(self.check_follower_stand(player, at, figure)?),
            (Figure::Big, _) => {
                let checked = self.check_follower_stand(player, at, figure)?;
                self.hand_error(player, figure).map_or(Ok(checked), Err)
            }
            (Figure::Abbot, Standing::Board(cell, port)) => self.check_abbot_stand(player, cell, port),
            (Figure::Abbot, Standing::City(_)) => {
                self.check_follower_stand(player, at, figure)?;
                Err(StandError::AbbotNotInCity { player }.into())
            }
            (Figure::Builder | Figure::Pig, Standing::Board(cell, port)) => {
                let feature = self.check_companion_stand(player, (cell, port), figure)?;
                Ok(Checked::Board { cell, port, feature })
            }
            (Figure::Builder | Figure::Pig, Standing::City(_)) => unreachable!("refused above"),
        }
    }

    /// Whether a follower (or the big follower, `figure`) may stand `at`: with a follower
    /// left, on a feature of a tile that lies there — not the river, not a farm when the game
    /// has no farmers — or in a quarter of the City in a game with the Count. A complete
    /// feature is accepted: the follower was forgotten there, and scores nothing. A big
    /// follower stands where a follower may, whatever is left of the seven; whether it is in
    /// hand is [`Game::hand_error`]'s. A quarter of the City is taken before the City is laid
    /// against the river (R-04): the figure waits for it.
    fn check_follower_stand(&self, player: PlayerId, at: Standing, figure: Figure) -> Result<Checked, StandError> {
        if figure == Figure::Follower && self.supply[player] == 0 {
            return Err(StandError::NoFollowerLeft { player });
        }
        let (cell, port) = match at {
            Standing::City(quarter) if self.city.is_some() || self.city_pending() => {
                return Ok(Checked::City(quarter));
            }
            Standing::City(quarter) => return Err(StandError::NoCount { quarter }),
            Standing::Board(cell, port) => (cell, port),
        };
        let placed = self.board.tile_at(cell).ok_or(StandError::NoTileAt { cell })?;
        let local = placed.local_at(port).ok_or(StandError::NoFeatureAt { cell, port })?;
        let kind = placed.def().features[local as usize].kind;
        match kind {
            FeatureKind::River => return Err(StandError::NotClaimable { cell, port }),
            FeatureKind::Field if self.setup.rules.farms == FarmRule::Off => {
                return Err(StandError::FarmersOff { cell, port })
            }
            // The first-edition printing draws no garden there (RI-12).
            FeatureKind::Garden if !self.setup.shows_garden(placed.tile) => {
                return Err(StandError::NoFeatureAt { cell, port })
            }
            FeatureKind::Garden => return Err(StandError::Garden { cell, port }),
            _ => {}
        }
        let feature = self.board.feature_at(cell, port).expect("the place is on the tile");
        Ok(Checked::Board { cell, port, feature })
    }

    /// Whether `player`'s abbot may stand on the cloister, shrine or garden at `(cell, port)`,
    /// while in hand (A-04, A-13, A-14).
    fn check_abbot_stand(&self, player: PlayerId, cell: Cell, port: Port) -> Result<Checked, MoveError> {
        let placed = self.board.tile_at(cell).ok_or(StandError::NoTileAt { cell })?;
        let local = placed.local_at(port).ok_or(StandError::NoFeatureAt { cell, port })?;
        let kind = placed.def().features[local as usize].kind;
        if kind == FeatureKind::Garden && !self.setup.shows_garden(placed.tile) {
            return Err(StandError::NoFeatureAt { cell, port }.into());
        }
        if let Some(e) = self.hand_error(player, Figure::Abbot) {
            return Err(e);
        }
        if let Some(e) = abbot_refusal(port, kind) {
            return Err(e.into());
        }
        let feature = self.board.feature_at(cell, port).expect("the place is on the tile");
        Ok(Checked::Board { cell, port, feature })
    }

    /// Whether `feature` is a road, city, cloister or shrine that is complete, so that a
    /// follower on it went home when it was completed and has nothing left to score. Fields
    /// never are; under the 2000 text a closed road loop never counts as complete, so its
    /// thieves stay.
    pub(super) fn is_done(&self, feature: SegmentId) -> bool {
        let board = &self.board;
        // An unfinished feature, the common case at the end, needs no walk for a loop.
        board.kind(feature) != FeatureKind::Field
            && board.is_complete(feature)
            && (self.setup.rules.road_loops_complete || !board.is_road_loop(feature))
    }

    /// Why the finished table cannot be counted as it stands, asked of the whole table at the
    /// count (X-18): the first figure, in the order entered, whose place depends on the rest
    /// of the table and is not given by it — a builder or pig with no follower (farmer) of
    /// its owner's on its feature (T-07, T-16), a figure waiting in the City of Carcassonne
    /// that was never laid. `None` when every figure stands where it may, and always when the
    /// game is entered turn by turn, where each figure was checked as it came.
    pub fn final_board_error(&self) -> Option<StandError> {
        if self.setup.mode != Mode::FinalBoard {
            return None;
        }
        let alone =
            self.board.followers().iter().find(|f| self.companion_alone(f)).map(|f| StandError::Unaccompanied {
                player: f.player,
                figure: f.figure,
                cell: f.cell,
                port: f.port,
                feature: self.board.kind(f.segment),
            });
        let waiting = self.awaiting_city.first().map(|&(player, quarter, figure)| StandError::CityNotLaid {
            player,
            figure,
            quarter,
        });
        alone.or(waiting)
    }

    /// Puts the figures that waited for the City of Carcassonne into its quarters, now that it
    /// is laid (R-04).
    pub(super) fn seat_awaiting_city(&mut self) {
        let city = self.city.as_mut().expect("the City is laid");
        for (player, quarter, figure) in self.awaiting_city.drain(..) {
            match figure {
                Figure::Big => city.add_big(quarter, player),
                _ => city.add(quarter, player),
            }
        }
    }

    /// The followers standing on a road, city, cloister or shrine that is complete: on a
    /// final board, the ones the table forgot to take back. They score nothing. Turn by turn
    /// there are none, since a completed feature sends its followers home.
    pub fn forgotten_followers(&self) -> Vec<Follower> {
        self.board.followers().iter().filter(|f| self.is_done(f.segment)).copied().collect()
    }

    /// Stands a figure after checking what the figure alone can tell ([`Game::standing_places`]
    /// offers the places this accepts; the rest is the count's, [`Game::final_board_error`]); a
    /// refused stand changes nothing. The entry names the figure's kind
    /// (X-18): a follower, the big follower (on the board or in a quarter of the City, X-07),
    /// the abbot, the builder or the pig.
    pub(super) fn stand(&mut self, player: PlayerId, at: Standing, figure: Figure) -> Result<(), MoveError> {
        match self.check_stand(player, at, figure)? {
            Checked::Board { cell, port, feature } if figure.is_companion() => {
                self.board.add_companion(player, cell, port, feature, figure)
            }
            Checked::Board { cell, port, feature } => self.board.add_figure(player, cell, port, feature, figure),
            Checked::City(quarter) => match self.city.as_mut() {
                Some(city) if figure == Figure::Big => city.add_big(quarter, player),
                Some(city) => city.add(quarter, player),
                None => self.awaiting_city.push((player, quarter, figure)),
            },
        }
        self.take_from_hand(player, figure);
        self.events.push(Event::FollowerStood { player, at, figure });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{
        Cell, DrawError, FeatureKind, Figure, Game, GameSetup, History, Mode, Move, MoveError, PlayerId, Port, Quarter,
        Rotation, Rule, StandError, Standing, Start, TileId, TileSet,
    };

    const ANNA: PlayerId = PlayerId(0);
    const BRAM: PlayerId = PlayerId(1);

    fn tile(name: &str) -> TileId {
        TileId::from_name(name).unwrap()
    }

    fn place(name: &str, x: i32, y: i32, rotation: Rotation) -> Move {
        Move::place(tile(name), Cell::new(x, y), rotation, None)
    }

    fn stand(player: PlayerId, x: i32, y: i32, port: Port) -> Move {
        Move::Stand { player, at: Standing::Board(Cell::new(x, y), port), figure: Figure::Follower }
    }

    fn final_board(sets: &[TileSet], start: Start) -> GameSetup {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.mode = Mode::FinalBoard;
        setup.sets = sets.to_vec();
        setup.start = start;
        setup
    }

    /// The start tile D with a straight road U east of it, both roads open:
    ///
    /// ```text
    ///  x=0  x=1
    ///  [D]==[U]==   (D's city open to the north)
    /// ```
    fn road_board() -> Game {
        let mut game = Game::new(final_board(&[TileSet::Base], Start::Base)).unwrap();
        game.apply(&place("U", 1, 0, Rotation::R0)).unwrap();
        game
    }

    #[test]
    fn several_followers_stand_on_one_feature_and_score_at_the_end() {
        let mut game = road_board();
        game.apply(&stand(ANNA, 1, 0, Port::E)).unwrap();
        game.apply(&stand(BRAM, 0, 0, Port::W)).unwrap();
        game.apply(&stand(BRAM, 1, 0, Port::W)).unwrap();
        assert_eq!(game.supply(), &[6, 5], "each stand comes from the player's seven");
        assert_eq!(game.move_count(), 4, "a stand is a move like a tile");
        game.finish().unwrap();
        assert_eq!(game.scores(), &[0, 2], "Bram's two thieves beat Anna's one on the two-tile road");
    }

    #[test]
    fn a_stand_in_a_turn_by_turn_game_is_refused() {
        let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        assert_eq!(game.apply(&stand(ANNA, 0, 0, Port::W)), Err(StandError::InTurns { player: ANNA }.into()));
        assert!(
            game.standing_places(ANNA, Cell::new(0, 0), Figure::Follower).is_empty(),
            "nothing to offer outside a final board"
        );
    }

    #[test]
    fn refused_stands_name_their_reason_and_change_nothing() {
        let mut game = road_board();
        let cases = [
            (stand(ANNA, 5, 5, Port::N), StandError::NoTileAt { cell: Cell::new(5, 5) }.into()),
            (stand(ANNA, 1, 0, Port::I), StandError::NoFeatureAt { cell: Cell::new(1, 0), port: Port::I }.into()),
            (stand(PlayerId(4), 1, 0, Port::E), StandError::UnknownPlayer { player: PlayerId(4) }.into()),
            (
                Move::Stand { player: ANNA, at: Standing::City(Quarter::Castle), figure: Figure::Follower },
                StandError::NoCount { quarter: Quarter::Castle }.into(), // no City of Carcassonne in a base game
            ),
        ];
        for (mv, want) in cases {
            assert_eq!(game.apply(&mv), Err(want), "{mv:?}");
        }
        assert_eq!((game.supply(), game.move_count()), (&[7, 7][..], 1), "the refusals changed nothing");
    }

    #[test]
    fn a_follower_forgotten_on_a_complete_feature_stands_and_scores_nothing() {
        let mut game = Game::new(final_board(&[TileSet::Base], Start::Base)).unwrap();
        // E over D's city closes it: its knights would have gone home.
        game.apply(&place("E", 0, -1, Rotation::R180)).unwrap();
        game.apply(&stand(ANNA, 0, -1, Port::S)).expect("a forgotten knight is accepted where it stands");
        game.apply(&stand(BRAM, 0, 0, Port::E)).unwrap();
        assert_eq!(game.supply(), &[6, 6], "the forgotten knight is one of Anna's seven");
        let forgotten = game.forgotten_followers();
        assert_eq!(forgotten.len(), 1, "only the knight: {forgotten:?}");
        assert_eq!((forgotten[0].player, forgotten[0].cell, forgotten[0].port), (ANNA, Cell::new(0, -1), Port::S));
        assert_eq!(game.final_points()[ANNA], 0, "the live count gives the complete city nothing");
        game.finish().unwrap();
        assert_eq!(game.scores(), &[0, 1], "Bram's thief on the open road scores 1; the complete city nothing");
        assert_eq!(game.forgotten_followers().len(), 1, "still there after the count");
    }

    #[test]
    fn farmers_need_farms() {
        let mut game = Game::new(final_board(&[TileSet::Base], Start::Base)).unwrap();
        game.apply(&place("E", 0, -1, Rotation::R180)).unwrap();
        game.apply(&stand(ANNA, 0, 0, Port::SL)).expect("a farmer stays on a field whatever is closed");
        assert!(game.forgotten_followers().is_empty(), "a farmer is never forgotten");
        let mut setup = final_board(&[TileSet::Base], Start::Base);
        setup.rules.farms = crate::FarmRule::Off;
        let mut no_farms = Game::new(setup).unwrap();
        assert_eq!(
            no_farms.apply(&stand(ANNA, 0, 0, Port::SL)),
            Err(StandError::FarmersOff { cell: Cell::new(0, 0), port: Port::SL }.into())
        );
    }

    #[test]
    fn seven_followers_at_most() {
        let mut game = road_board();
        for _ in 0..7 {
            game.apply(&stand(ANNA, 1, 0, Port::E)).unwrap();
        }
        assert_eq!(game.apply(&stand(ANNA, 0, 0, Port::W)), Err(StandError::NoFollowerLeft { player: ANNA }.into()));
        assert!(
            game.standing_places(ANNA, Cell::new(0, 0), Figure::Follower).is_empty(),
            "no follower left, no place offered"
        );
    }

    #[test]
    fn standing_places_list_each_open_feature_of_the_tile_once() {
        let mut game = Game::new(final_board(&[TileSet::Base], Start::Base)).unwrap();
        game.apply(&place("E", 0, -1, Rotation::R180)).unwrap();
        let places = game.standing_places(ANNA, Cell::new(0, 0), Figure::Follower);
        let kinds: Vec<FeatureKind> = places.iter().map(|&(_, k)| k).collect();
        assert!(!kinds.contains(&FeatureKind::City), "D's city is complete: {places:?}");
        assert_eq!(kinds.iter().filter(|&&k| k == FeatureKind::Road).count(), 1, "one road: {places:?}");
        assert_eq!(kinds.iter().filter(|&&k| k == FeatureKind::Field).count(), 2, "two fields: {places:?}");
        game.apply(&stand(BRAM, 0, 0, Port::E)).unwrap();
        assert!(
            game.standing_places(ANNA, Cell::new(0, 0), Figure::Follower).iter().any(|&(_, k)| k == FeatureKind::Road),
            "an occupied road is still offered: a final board has several followers per feature"
        );
        for (port, _) in places {
            assert!(game.clone().apply(&stand(ANNA, 0, 0, port)).is_ok(), "every place offered is accepted");
        }
    }

    /// Every place `standing_places` offers `figure` is accepted by a stand of it.
    fn each_offered_place_is_accepted(game: &Game, player: PlayerId, cell: Cell, figure: Figure) {
        for (port, _) in game.standing_places(player, cell, figure) {
            let mv = Move::Stand { player, at: Standing::Board(cell, port), figure };
            assert!(game.clone().apply(&mv).is_ok(), "{mv:?} was offered");
        }
    }

    #[test]
    fn the_big_follower_is_offered_where_a_follower_stands_while_in_hand() {
        let u = Cell::new(1, 0);
        let mut game = Game::new(final_board(&[TileSet::Base, TileSet::InnsCathedrals], Start::Base)).unwrap();
        game.apply(&place("U", 1, 0, Rotation::R0)).unwrap();
        let open = game.standing_places(ANNA, u, Figure::Follower);
        assert_eq!(open.len(), 3, "U's road and two fields: {open:?}");
        for _ in 0..7 {
            game.apply(&stand(ANNA, 1, 0, Port::E)).unwrap();
        }
        assert!(game.standing_places(ANNA, u, Figure::Follower).is_empty(), "the seven are out");
        assert_eq!(game.standing_places(ANNA, u, Figure::Big), open, "the big follower comes on top of them (I-02)");
        each_offered_place_is_accepted(&game, ANNA, u, Figure::Big);
        game.apply(&Move::Stand { player: ANNA, at: Standing::Board(u, Port::E), figure: Figure::Big }).unwrap();
        assert!(game.standing_places(ANNA, u, Figure::Big).is_empty(), "Anna's is out (I-13)");
        assert_eq!(game.standing_places(BRAM, u, Figure::Big), open, "Bram's is in hand");
        assert!(road_board().standing_places(ANNA, u, Figure::Big).is_empty(), "no box, no big follower");
    }

    #[test]
    fn the_builder_and_the_pig_are_offered_on_every_road_city_and_field_while_in_hand() {
        let u = Cell::new(1, 0);
        let kinds = |game: &Game, player, figure| -> Vec<FeatureKind> {
            game.standing_places(player, u, figure).into_iter().map(|(_, k)| k).collect()
        };
        let mut game = Game::new(final_board(&[TileSet::Base, TileSet::TradersBuilders], Start::Base)).unwrap();
        game.apply(&place("U", 1, 0, Rotation::R0)).unwrap();
        // Nobody stands on U yet: the thief and the farmer may come later (X-18).
        assert_eq!(kinds(&game, ANNA, Figure::Builder), [FeatureKind::Road], "U's road");
        assert_eq!(kinds(&game, ANNA, Figure::Pig), [FeatureKind::Field, FeatureKind::Field], "both fields");
        assert_eq!(kinds(&game, BRAM, Figure::Pig), kinds(&game, ANNA, Figure::Pig), "for every player alike");
        each_offered_place_is_accepted(&game, ANNA, u, Figure::Builder);
        each_offered_place_is_accepted(&game, ANNA, u, Figure::Pig);
        game.apply(&Move::Stand { player: ANNA, at: Standing::Board(u, Port::E), figure: Figure::Builder }).unwrap();
        assert_eq!(kinds(&game, ANNA, Figure::Builder), [], "Anna's builder stands (T-02)");
        assert_eq!(kinds(&game, BRAM, Figure::Builder), [FeatureKind::Road], "Bram's is in hand");
        assert_eq!(kinds(&game, ANNA, Figure::Pig).len(), 2, "her pig is still in hand");

        let mut plain = road_board();
        plain.apply(&stand(ANNA, 1, 0, Port::E)).unwrap();
        assert_eq!(plain.standing_places(ANNA, u, Figure::Builder), [], "no box, no builder");
        let mut setup = final_board(&[TileSet::Base, TileSet::TradersBuilders], Start::Base);
        setup.rules.farms = crate::FarmRule::Off;
        let mut no_farms = Game::new(setup).unwrap();
        no_farms.apply(&place("U", 1, 0, Rotation::R0)).unwrap();
        assert_eq!(kinds(&no_farms, ANNA, Figure::Pig), [], "no farmers, so no pig (V-07)");
    }

    fn traders_board() -> Game {
        Game::new(final_board(&[TileSet::Base, TileSet::TradersBuilders], Start::Base)).unwrap()
    }

    fn figure(player: PlayerId, x: i32, y: i32, port: Port, figure: Figure) -> Move {
        Move::Stand { player, at: Standing::Board(Cell::new(x, y), port), figure }
    }

    /// What a game shows of itself, to tell that a refusal changed nothing.
    fn state(game: &Game) -> String {
        let (moves, events) = (game.move_count(), game.events().len());
        let hands = (game.supply(), game.companions_in_hand(), game.bigs(), game.abbots());
        format!("{moves} {events} {:?} {hands:?} {:?} {}", game.scores(), game.city(), game.is_finished())
    }

    /// The same finished table entered with the builders and pigs before their followers and
    /// after them:
    ///
    /// ```text
    ///  x=0   x=1
    ///  [E]           the cap closes D's city
    ///  [D]===[U]==   Anna's thief on D's road, her builder on U's; Anna's and Bram's farmers
    ///                and pigs north of the road, beside the finished city
    /// ```
    #[test]
    fn builders_and_pigs_entered_before_their_thief_and_farmers_count_as_after() {
        let companions = [
            figure(ANNA, 1, 0, Port::N, Figure::Pig),
            figure(ANNA, 1, 0, Port::E, Figure::Builder),
            figure(BRAM, 0, 0, Port::EL, Figure::Pig),
        ];
        let followers = [stand(ANNA, 0, 0, Port::W), stand(ANNA, 1, 0, Port::N), stand(BRAM, 1, 0, Port::N)];
        let tiles = [place("E", 0, -1, Rotation::R180), place("U", 1, 0, Rotation::R0)];
        let count = |order: Vec<&Move>| {
            let mut game = traders_board();
            for mv in &order {
                game.apply(mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
            }
            game.finish().unwrap_or_else(|e| panic!("{order:?}: {e}"));
            game.scores().to_vec()
        };
        let after = count(tiles.iter().chain(&followers).chain(&companions).collect());
        assert_eq!(after, [6, 4], "Anna: the road 2 and the farm 4 with her pig; Bram the farm 4 with his");
        let before = count(tiles.iter().chain(&companions).chain(&followers).collect());
        assert_eq!(before, after, "the builder and the pigs first");
        let reversed = count(tiles.iter().chain(companions.iter().chain(&followers).rev()).collect());
        assert_eq!(reversed, after, "every figure in the other order");
    }

    /// The builder stands on a road that only the last tile joins to its owner's thief:
    ///
    /// ```text
    ///  x=0   x=1   x=2
    ///  [E]   [B]   [B]
    ///  [D]== (U) ==[U]==   Anna's thief on D's road, her builder on the east U; the middle U
    ///                      is laid last
    /// ```
    #[test]
    fn a_builder_is_counted_beside_a_thief_that_a_later_tile_joins_to_it() {
        let mut game = traders_board();
        for mv in [
            place("E", 0, -1, Rotation::R180),
            place("B", 1, -1, Rotation::R0),
            place("B", 2, -1, Rotation::R0),
            place("U", 2, 0, Rotation::R0),
            figure(ANNA, 2, 0, Port::E, Figure::Builder),
            stand(ANNA, 0, 0, Port::W),
        ] {
            game.apply(&mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        }
        let alone = StandError::Unaccompanied {
            player: ANNA,
            figure: Figure::Builder,
            cell: Cell::new(2, 0),
            port: Port::E,
            feature: FeatureKind::Road,
        };
        assert_eq!(game.final_board_error(), Some(alone.clone()), "two roads apart so far");
        let before = state(&game);
        let refused = game.clone().finish_naming(&[]).unwrap_err();
        assert_eq!((refused.index, refused.error), (None, alone.clone().into()), "refused at the count");
        let mut counted = game.clone();
        assert_eq!(counted.finish().unwrap_err().rule(), Some(Rule::T07));
        assert_eq!(state(&counted), before, "the refused count changed nothing");
        assert_eq!(
            alone.to_string(),
            "player 1's builder at [2,0] E stands on a road with no follower of player 1's",
            "names the figure and where it stands"
        );
        game.apply(&place("U", 1, 0, Rotation::R0)).unwrap();
        assert_eq!(game.final_board_error(), None, "one road now");
        game.finish().unwrap();
        assert_eq!(game.scores(), &[3, 0], "Anna's thief on the three-tile road; the builder adds nothing");
    }

    #[test]
    fn a_pig_whose_farm_has_no_farmer_of_its_owner_is_refused_at_the_count() {
        let mut game = traders_board();
        game.apply(&place("U", 1, 0, Rotation::R0)).unwrap();
        game.apply(&figure(ANNA, 1, 0, Port::N, Figure::Pig)).expect("her farmer may come later");
        game.apply(&stand(BRAM, 0, 0, Port::EL)).expect("Bram's farmer on the same farm");
        let alone = StandError::Unaccompanied {
            player: ANNA,
            figure: Figure::Pig,
            cell: Cell::new(1, 0),
            port: Port::N,
            feature: FeatureKind::Field,
        };
        let before = state(&game);
        let refused = game.finish().unwrap_err();
        assert_eq!((refused.rule(), refused), (Some(Rule::T16), alone.into()), "another's farmer is not hers");
        assert_eq!(state(&game), before, "the refused count changed nothing");
        game.apply(&stand(ANNA, 0, 0, Port::EL)).unwrap();
        game.finish().expect("Anna's farmer is on the farm now");
        assert!(game.is_finished());
    }

    #[test]
    fn a_figure_that_can_never_stand_there_is_refused_at_once() {
        let mut game = traders_board();
        game.apply(&place("U", 1, 0, Rotation::R0)).unwrap();
        game.apply(&figure(ANNA, 1, 0, Port::N, Figure::Pig)).unwrap();
        let cases: [(Move, MoveError); 5] = [
            (
                figure(BRAM, 1, 0, Port::E, Figure::Pig),
                crate::PigError::NotAField { port: Port::E, feature: FeatureKind::Road }.into(),
            ),
            (
                figure(BRAM, 1, 0, Port::S, Figure::Builder),
                crate::BuilderError::NotARoadOrCity { port: Port::S, feature: FeatureKind::Field }.into(),
            ),
            (figure(ANNA, 1, 0, Port::S, Figure::Pig), crate::PigError::PigOut { player: ANNA }.into()),
            (figure(BRAM, 3, 0, Port::S, Figure::Pig), StandError::NoTileAt { cell: Cell::new(3, 0) }.into()),
            (
                Move::Stand { player: BRAM, at: Standing::City(Quarter::Market), figure: Figure::Pig },
                MoveError::WrongMode,
            ),
        ];
        let before = state(&game);
        for (mv, want) in cases {
            assert_eq!(game.apply(&mv), Err(want), "{mv:?}");
        }
        assert_eq!(state(&game), before, "the refusals changed nothing");

        let mut setup = final_board(&[TileSet::Base, TileSet::TradersBuilders], Start::Base);
        setup.rules.farms = crate::FarmRule::Off;
        let mut no_farms = Game::new(setup).unwrap();
        assert_eq!(
            no_farms.apply(&figure(ANNA, 0, 0, Port::S, Figure::Pig)),
            Err(StandError::FarmersOff { cell: Cell::new(0, 0), port: Port::S }.into()),
            "no farmer will ever come (V-07)"
        );
    }

    /// House rule R-04 on a final board: a follower entered in a quarter of the City before
    /// the City is laid against the river waits for it.
    #[test]
    fn a_follower_named_in_the_city_before_it_is_laid_waits_for_it() {
        let mut setup = final_board(&[TileSet::Base, TileSet::River2, TileSet::Count], Start::River2);
        setup.rules.river_before_city = true;
        let mut game = Game::new(setup).unwrap();
        let market = Move::Stand { player: BRAM, at: Standing::City(Quarter::Market), figure: Figure::Follower };
        game.apply(&market).expect("the City is still to come");
        assert_eq!((game.city().is_some(), game.supply()), (false, &[7, 6][..]), "one of Bram's seven waits");
        let waiting = StandError::CityNotLaid { player: BRAM, figure: Figure::Follower, quarter: Quarter::Market };
        let before = state(&game);
        assert_eq!(game.finish(), Err(waiting.clone().into()), "counted without the City");
        assert_eq!(state(&game), before, "the refused count changed nothing");
        assert_eq!(
            waiting.to_string(),
            "player 2's follower waits in the market, but the City of Carcassonne was never laid"
        );
        let at = game.legal_city_placements()[0];
        game.apply(&Move::City { at }).unwrap();
        assert_eq!(game.city().unwrap().followers(Quarter::Market)[BRAM], 1, "in the market now");
        game.finish().expect("the City is on the table");
    }

    #[test]
    fn a_correction_that_takes_the_farmer_away_is_refused_at_the_count() {
        let mut history = History::new(final_board(&[TileSet::Base, TileSet::TradersBuilders], Start::Base)).unwrap();
        history.apply(place("U", 1, 0, Rotation::R0)).unwrap();
        history.apply(figure(ANNA, 1, 0, Port::N, Figure::Pig)).unwrap();
        history.apply(stand(ANNA, 1, 0, Port::N)).unwrap();
        assert_eq!(history.game().final_board_error(), None);
        // The farmer was south of the road after all: the pig is alone on its farm.
        history.correct(2, stand(ANNA, 1, 0, Port::S)).expect("each move stands by itself");
        let refused = history.game().clone().finish().unwrap_err();
        assert!(
            matches!(refused, MoveError::Stand(StandError::Unaccompanied { figure: Figure::Pig, .. })),
            "{refused}"
        );
        assert!(history.undo(), "the farmer taken back like any move");
        assert!(history.game().clone().finish().is_err(), "the pig still stands without its farmer");
        assert!(history.redo());
        history.correct(1, figure(ANNA, 1, 0, Port::S, Figure::Pig)).expect("the pig before its farmer");
        assert_eq!(history.game().final_board_error(), None, "pig and farmer both south");
        assert!(history.game().clone().finish().is_ok());
    }

    #[test]
    fn standing_places_answer_for_every_figure_only_on_a_final_board() {
        let turns = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        for figure in Figure::ALL {
            assert!(turns.standing_places(ANNA, Cell::new(0, 0), figure).is_empty(), "{figure}");
            assert!(road_board().standing_places(PlayerId(4), Cell::new(0, 0), figure).is_empty(), "{figure}");
        }
    }

    #[test]
    fn followers_stand_in_the_quarters_of_the_city() {
        let mut game = Game::new(final_board(&[TileSet::Base, TileSet::Count], Start::Count)).unwrap();
        game.apply(&Move::Stand { player: BRAM, at: Standing::City(Quarter::Market), figure: Figure::Follower })
            .unwrap();
        assert_eq!(game.city().unwrap().followers(Quarter::Market)[BRAM], 1);
        assert_eq!(game.supply(), &[7, 6]);
    }

    #[test]
    fn undo_redo_and_corrections_take_stands_like_any_move() {
        let mut history = History::new(final_board(&[TileSet::Base], Start::Base)).unwrap();
        history.apply(place("U", 1, 0, Rotation::R0)).unwrap();
        history.apply(stand(ANNA, 1, 0, Port::E)).unwrap();
        assert!(history.undo());
        assert_eq!(history.game().supply(), &[7, 7], "the stand taken back");
        assert!(history.redo());
        assert_eq!(history.game().supply(), &[6, 7], "and put back");
        // A stand is corrected like a tile…
        history.correct(1, stand(BRAM, 1, 0, Port::E)).unwrap();
        assert_eq!(history.game().supply(), &[7, 6], "the stand corrected to Bram's");
        // …but moving the tile away leaves the stand on nothing: refused, naming the stand.
        let err = history.correct(0, place("U", -1, 0, Rotation::R0)).unwrap_err();
        assert_eq!(
            err,
            crate::ReplayError::Move { index: 1, error: StandError::NoTileAt { cell: Cell::new(1, 0) }.into() },
            "the later stand is named"
        );
    }

    /// The River II layout of scenario R-01, laid from its far ends inward with land tiles
    /// between: turn by turn that breaks every order rule, on a final board it is the table.
    #[test]
    fn a_finished_river_table_is_entered_in_any_order() {
        let river = [
            ("B", -1, 0, Rotation::R0),
            ("R2-04", 1, 0, Rotation::R0),
            ("R2-06", 2, 0, Rotation::R0),
            ("R2-09", 3, 0, Rotation::R0),
            ("R2-12", 3, 1, Rotation::R180),
            ("R2-08", 4, 1, Rotation::R0),
            ("R2-10", 5, 1, Rotation::R90),
            ("R2-11", 5, 2, Rotation::R90),
            ("R2-03", 6, 2, Rotation::R0),
            ("R2-05", 1, -1, Rotation::R0),
            ("R2-07", 1, -2, Rotation::R0),
            ("R2-02", 1, -3, Rotation::R270),
        ];
        let mut game = Game::new(final_board(&[TileSet::Base, TileSet::River2], Start::River2)).unwrap();
        for (name, x, y, rotation) in river {
            game.apply(&place(name, x, y, rotation)).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let mut turns = Game::new(GameSetup { mode: Mode::Turns, ..game.setup().clone() }).unwrap();
        let (name, x, y, rotation) = river[0];
        assert_eq!(
            turns.apply(&place(name, x, y, rotation)),
            Err(DrawError::RiverFirst { tile: tile("B") }.into()),
            "turn by turn the river comes first"
        );
    }

    #[test]
    fn on_a_final_board_the_river_still_meets_only_river() {
        let mut game = Game::new(final_board(&[TileSet::Base, TileSet::River2], Start::River2)).unwrap();
        // The fork turned so that no river edge faces the spring's river.
        let refused = game.apply(&place("R2-04", 1, 0, Rotation::R90)).unwrap_err();
        assert!(matches!(refused, MoveError::Placement { .. }), "edges must match: {refused}");
        assert_eq!(game.move_count(), 0);
    }

    #[test]
    fn a_stand_names_its_figure_the_big_follower_on_the_board_or_in_the_city() {
        let big = |player, at| Move::Stand { player, at, figure: Figure::Big };
        let castle = Standing::City(Quarter::Castle);
        let mut game =
            Game::new(final_board(&[TileSet::Base, TileSet::Count, TileSet::InnsCathedrals], Start::Count)).unwrap();
        game.apply(&big(ANNA, castle)).expect("the big follower waits in the castle (X-07)");
        assert_eq!(
            (game.city().unwrap().big(ANNA), game.bigs(), game.supply()),
            (Some(Quarter::Castle), &[0, 1][..], &[7, 7][..])
        );
        assert_eq!(
            game.apply(&big(ANNA, castle)),
            Err(crate::BigFollowerError::BigOut { player: ANNA }.into()),
            "one big follower each (I-13)"
        );
        let abbot = Move::Stand { player: BRAM, at: castle, figure: Figure::Abbot };
        let refused = game.apply(&abbot).unwrap_err();
        assert_eq!((refused.rule(), refused), (Some(Rule::QX04), StandError::AbbotNotInCity { player: BRAM }.into()));

        let mut plain = road_board();
        let on_road = Standing::Board(Cell::new(1, 0), Port::E);
        assert_eq!(plain.apply(&big(ANNA, on_road)), Err(crate::BigFollowerError::NotInPlay.into()), "I-02");
        let mut setup = final_board(&[TileSet::Base, TileSet::InnsCathedrals], Start::Base);
        setup.players.truncate(2);
        let mut with_box = Game::new(setup).unwrap();
        with_box.apply(&place("U", 1, 0, Rotation::R0)).unwrap();
        for _ in 0..7 {
            with_box.apply(&stand(ANNA, 1, 0, Port::E)).unwrap();
        }
        with_box.apply(&big(ANNA, on_road)).expect("the big follower comes on top of the seven");
        with_box.apply(&stand(BRAM, 0, 0, Port::W)).unwrap();
        with_box.finish().unwrap();
        assert_eq!(with_box.scores(), &[2, 0], "nine figures' weight on the open two-tile road");
        assert_eq!(with_box.bigs(), &[1, 1], "home after the count");
    }
}
