//! The Count of Carcassonne's rules during a move and before the final count.
//!
//! When a tile completes features, followers in the matching quarters may move onto them
//! before they are scored, one round from the placer's left (C-12, C-13, Q-06), never from
//! the market (C-18) nor from the Count's quarter (C-11). After the scoring a placer who made
//! others score and scored nothing may put a follower into a quarter (C-03 to C-09) and moves
//! the Count (C-10, V-18, V-19). Before the final count followers may leave for unfinished
//! features or farms (C-19, Q-07). The City's state itself (quarters, the Count's place) is
//! the crate's `count.rs`; the order these steps take in a move is [`Game::apply`]'s.

use super::placement::{close_at_border, place_on_board};
use super::{Game, InPlay, Move, MoveError, Told};
use crate::board::SegmentId;
use crate::coord::{Cell, Port, Rotation, Side};
use crate::count::{round_position, City, CountMovement, Entry, MoveOption, Quarter, QuarterMove};
use crate::event::Event;
use crate::figure::Figure;
use crate::player::PlayerId;
use crate::rule::Rule;
use crate::rules::FarmRule;
use crate::tile::{FeatureKind, TileId};
use std::fmt;

/// Why a decision about the Count of Carcassonne is refused. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum CountError {
    /// Count decisions in a game without the Count.
    NoCount,
    /// The player has no follower in that quarter.
    QuarterEmpty {
        /// The player.
        player: PlayerId,
        /// The quarter.
        quarter: Quarter,
    },
    /// Nobody may leave the quarter where the Count stands (C-11).
    CountBlocks {
        /// The quarter.
        quarter: Quarter,
    },
    /// Under V-20 nobody may enter the quarter where the Count stands either.
    EntryLocked {
        /// The quarter.
        quarter: Quarter,
    },
    /// Market followers move only at the end of the game (C-18).
    MarketAtTheEnd {
        /// Whose follower was moved.
        player: PlayerId,
    },
    /// No feature lies at the place a follower is moved to.
    NoFeatureAt {
        /// The cell.
        cell: Cell,
        /// The place.
        port: Port,
    },
    /// That quarter's followers do not go onto that kind of feature (C-13).
    WrongQuarter {
        /// The quarter.
        quarter: Quarter,
        /// The feature's kind.
        feature: FeatureKind,
    },
    /// A market follower would become a farmer in a game without farmers (V-07).
    FarmersOff {
        /// The cell.
        cell: Cell,
        /// The place, on a field.
        port: Port,
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
    MayNotEnter {
        /// The placer.
        player: PlayerId,
    },
    /// The placer has no follower in supply to put into the city.
    NoFollowerLeft {
        /// The placer.
        player: PlayerId,
    },
    /// Under the official variants the Count moves by himself (V-18, V-19).
    CountMovesByItself {
        /// How he moves under this game's rules.
        movement: CountMovement,
    },
    /// The player's big follower does not wait in that quarter.
    NoBigInQuarter {
        /// The player.
        player: PlayerId,
        /// The quarter.
        quarter: Quarter,
    },
    /// The placer has no big follower in hand to put into the city (X-07, I-02).
    NoBigFollower {
        /// The placer.
        player: PlayerId,
    },
}

impl CountError {
    /// The checklist rule the decision breaks, where one does.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            CountError::NoCount | CountError::QuarterEmpty { .. } | CountError::NoFeatureAt { .. } => None,
            CountError::NoFollowerLeft { .. } => Some(Rule::C03),
            CountError::CountBlocks { .. } => Some(Rule::C11),
            CountError::EntryLocked { .. } => Some(Rule::V20),
            CountError::MarketAtTheEnd { .. } => Some(Rule::C18),
            CountError::WrongQuarter { .. } => Some(Rule::C13),
            CountError::FarmersOff { .. } => Some(Rule::V07),
            CountError::NotBeingScored { .. } | CountError::MoveOutOfTurn { .. } => Some(Rule::C12),
            CountError::MayNotEnter { .. } => Some(Rule::C03),
            CountError::CountMovesByItself { movement: CountMovement::FollowsFollower } => Some(Rule::V19),
            CountError::CountMovesByItself { .. } => Some(Rule::V18),
            CountError::NoBigInQuarter { .. } | CountError::NoBigFollower { .. } => Some(Rule::X07),
        }
    }

    pub(super) fn describe(&self, f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
        match self {
            CountError::NoCount => write!(f, "this game is played without the Count"),
            CountError::QuarterEmpty { player, quarter } => {
                write!(f, "{} has no follower in the {quarter}", player.name_in(names))
            }
            CountError::CountBlocks { quarter } | CountError::EntryLocked { quarter } => {
                write!(f, "the Count stands in the {quarter}: nobody may move there")
            }
            CountError::MarketAtTheEnd { .. } => write!(f, "market followers move only at the end of the game"),
            CountError::NoFeatureAt { port, .. } => write!(f, "there is no feature at {port}"),
            CountError::WrongQuarter { quarter, feature } => {
                write!(f, "followers from the {quarter} do not go onto a {feature}")
            }
            CountError::FarmersOff { .. } => write!(f, "this game is played without farmers"),
            CountError::NotBeingScored { cell, port } => {
                write!(f, "the feature at {cell} {port} is not one a follower may move onto now")
            }
            CountError::MoveOutOfTurn { player } => {
                write!(
                    f,
                    "{} moved out of turn: the round goes clockwise from the placer's left",
                    player.name_in(names)
                )
            }
            CountError::MayNotEnter { .. } => {
                write!(f, "only a placer who made others score and scored nothing may enter Carcassonne")
            }
            CountError::NoFollowerLeft { player } => write!(f, "{} has no follower left", player.name_in(names)),
            CountError::CountMovesByItself { .. } => write!(f, "under this variant the Count moves by himself"),
            CountError::NoBigInQuarter { player, quarter } => {
                write!(f, "{}'s big follower is not in the {quarter}", player.name_in(names))
            }
            CountError::NoBigFollower { player } => {
                write!(f, "{} has no big follower in hand", player.name_in(names))
            }
        }
    }
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for CountError {}

impl Game {
    /// The City of Carcassonne, in a game with the Count.
    pub fn city(&self) -> Option<&City> {
        self.city.as_ref()
    }

    /// Checks one follower moved out of the city onto the feature at `to`.
    pub(super) fn check_quarter_move(
        &self,
        m: &QuarterMove,
        allowed: impl Fn(SegmentId) -> bool,
    ) -> Result<SegmentId, CountError> {
        let city = self.city.as_ref().ok_or(CountError::NoCount)?;
        if m.player.index() >= self.player_count() {
            return Err(CountError::QuarterEmpty { player: m.player, quarter: m.quarter });
        }
        if m.big && city.big(m.player) != Some(m.quarter) {
            return Err(CountError::NoBigInQuarter { player: m.player, quarter: m.quarter });
        }
        if !m.big && city.followers(m.quarter)[m.player] == 0 {
            return Err(CountError::QuarterEmpty { player: m.player, quarter: m.quarter });
        }
        if m.quarter == city.count_at {
            return Err(CountError::CountBlocks { quarter: m.quarter });
        }
        let (cell, port) = m.to;
        let feature = self.board.feature_at(cell, port).ok_or(CountError::NoFeatureAt { cell, port })?;
        let kind = self.board.kind(feature);
        if !m.quarter.feeds(kind) {
            return Err(CountError::WrongQuarter { quarter: m.quarter, feature: kind });
        }
        // A market follower would become a farmer, which a game without farmers has none of.
        if kind == FeatureKind::Field && self.setup.rules.farms == FarmRule::Off {
            return Err(CountError::FarmersOff { cell, port });
        }
        if !allowed(self.board.root(feature)) {
            return Err(CountError::NotBeingScored { cell, port });
        }
        Ok(feature)
    }

    /// Moves a checked follower from its quarter onto a feature; a big follower weighs two
    /// there.
    pub(super) fn move_out_of_city(&mut self, m: &QuarterMove, feature: SegmentId) {
        let city = self.city.as_mut().expect("checked");
        let figure = if m.big {
            city.take_big(m.player);
            Figure::Big
        } else {
            city.take(m.quarter, m.player);
            Figure::Follower
        };
        self.board.add_figure(m.player, m.to.0, m.to.1, feature, figure);
        self.events.push(Event::FollowerMoved {
            player: m.player,
            quarter: m.quarter,
            cell: m.to.0,
            port: m.to.1,
            big: m.big,
        });
    }

    /// Before the features this tile completed are scored, one round of moves from the
    /// matching quarters: from the placer's left, clockwise, the placer last; one round for
    /// all the features at once, or one per feature when the rules say so (C-12).
    /// Never from the market during play (C-18) nor from the Count's quarter (C-11).
    pub(super) fn move_round(&mut self, moves: &[QuarterMove], completed: &[SegmentId]) -> Result<(), CountError> {
        let placer = self.current;
        let n = self.player_count();
        let mut last = (0, 0);
        for m in moves {
            if m.quarter == Quarter::Market {
                return Err(CountError::MarketAtTheEnd { player: m.player });
            }
            let feature = self.check_quarter_move(m, |root| completed.contains(&root))?;
            let round = if self.setup.rules.count_round_per_feature {
                completed.iter().position(|&f| f == self.board.root(feature)).unwrap_or(0)
            } else {
                0
            };
            let key = (round, round_position(m.player, placer, n));
            if key < last {
                return Err(CountError::MoveOutOfTurn { player: m.player });
            }
            last = key;
            self.move_out_of_city(m, feature);
        }
        Ok(())
    }

    /// After the scoring: the placer may put a follower from supply into a quarter when this
    /// tile made someone score but not him (C-03 to C-09), at most one per tile (C-05), and
    /// then moves the Count as the rules say (C-10, V-18, V-19).
    pub(super) fn enter_city(&mut self, entry: Entry, first_score: usize) -> Result<(), CountError> {
        let placer = self.current;
        if !self.may_enter_after(first_score) {
            return Err(CountError::MayNotEnter { player: placer });
        }
        if entry.big && self.bigs[placer] == 0 {
            return Err(CountError::NoBigFollower { player: placer });
        }
        if !entry.big && self.supply[placer] == 0 {
            return Err(CountError::NoFollowerLeft { player: placer });
        }
        if !self.entry_quarters().contains(&entry.quarter) {
            return Err(CountError::EntryLocked { quarter: entry.quarter });
        }
        let rules = self.setup.rules;
        let city = self.city.as_mut().expect("only Count games enter");
        let to = match (rules.count_movement, entry.count_to) {
            (CountMovement::Free, to) => to,
            (CountMovement::Clockwise, None) => Some(city.count_at.clockwise()),
            (CountMovement::FollowsFollower, None) => Some(entry.quarter),
            (movement, Some(_)) => return Err(CountError::CountMovesByItself { movement }),
        };
        // The big follower may be the single follower a tile lets in.
        if entry.big {
            self.bigs[placer] -= 1;
            city.add_big(entry.quarter, placer);
        } else {
            self.supply[placer] -= 1;
            city.add(entry.quarter, placer);
        }
        self.events.push(Event::EnteredCity { player: placer, quarter: entry.quarter, big: entry.big });
        if let Some(to) = to.filter(|&to| to != city.count_at) {
            let from = city.count_at;
            city.count_at = to;
            self.events.push(Event::CountMoved { from, to });
        }
        Ok(())
    }

    /// Whether the scores since event `first_score` let the placer enter the city: someone
    /// scored points, the placer none (C-03, C-04, C-06 to C-09).
    pub(super) fn may_enter_after(&self, first_score: usize) -> bool {
        let placer = self.current;
        let mut others = false;
        for e in &self.events[first_score..] {
            if let Event::Scored(s) = e {
                if s.is_recall() {
                    // The placer's own recall is not a scoring the tile caused (QX-14).
                    continue;
                }
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
    /// the table exactly the right question before the move is entered. The ferries `told`
    /// are laid and moved first: a moved ferry may close a road far from the tile (FE-06).
    ///
    /// # Errors
    /// The placement itself, or the ferries told, are refused.
    pub fn count_move_options(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        follower: Option<Port>,
        told: &Told,
    ) -> Result<Vec<MoveOption>, MoveError> {
        let Some(city) = self.city else { return Ok(Vec::new()) };
        self.check_placement(tile, cell, rotation)?;
        if let Some(port) = follower {
            if let Some(e) = self.figure_error(self.current, tile, cell, rotation, port, Figure::Follower) {
                return Err(e);
            }
        }
        let n = self.player_count();
        let waiting = |q: Quarter| {
            q != city.count_at && (0..n as u8).map(PlayerId).any(|p| city.followers(q)[p] > 0 || city.big(p) == Some(q))
        };
        if ![Quarter::Castle, Quarter::Blacksmith, Quarter::Cathedral].into_iter().any(waiting) {
            // Nobody waits in a quarter the Count leaves free: no question, and no copy of the
            // board to find the features the tile completes.
            return Ok(Vec::new());
        }
        // What the tile completes does not depend on the figure put on it.
        let (board, completed) = if told.ferry.is_none() && told.ferry_moves.is_empty() {
            let mut board = self.board.clone();
            let index = place_on_board(&mut board, &self.setup.rules, tile, cell, rotation);
            let completed = board.completed_by(index);
            (board, completed)
        } else {
            if let Some(e) = self.ferry_error(tile, cell, rotation, told) {
                return Err(e.into());
            }
            let mut trial = self.trial();
            let index = place_on_board(&mut trial.board, &self.setup.rules, tile, cell, rotation);
            close_at_border(&mut trial.board, &self.setup.rules, index);
            let ferried = trial.lay_ferries(index, told);
            let completed = trial.completed_this_turn(index, ferried);
            (trial.board, completed)
        };
        let mut seats: Vec<PlayerId> = (0..n as u8).map(PlayerId).collect();
        seats.sort_by_key(|&p| round_position(p, self.current, n));
        let mut out = Vec::new();
        for p in seats {
            for q in [Quarter::Castle, Quarter::Blacksmith, Quarter::Cathedral] {
                let available = city.followers(q)[p];
                let big = city.big(p) == Some(q);
                if (available == 0 && !big) || q == city.count_at {
                    continue;
                }
                let features: Vec<(Cell, Port)> =
                    completed.iter().filter(|&&f| q.feeds(board.kind(f))).map(|&f| board.anchor(f)).collect();
                if !features.is_empty() {
                    out.push(MoveOption { player: p, quarter: q, available, big, features });
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
        Ok(!self.entry_figures(mv)?.is_empty())
    }

    /// Whether the tile of `mv` might complete a feature, seen without playing the move: only
    /// then can anybody score with it, and so the placer enter the City (C-03). A placement
    /// that completes nothing needs no copy of the game to be asked about the City.
    pub fn might_score(&self, mv: &Move) -> bool {
        let Move::Place { tile, cell, rotation, ref told, .. } = *mv else { return true };
        // A moved ferry may close a road far from the tile (FE-06): only playing it tells.
        if !told.ferry_moves.is_empty() {
            return true;
        }
        let rules = &self.setup.rules;
        let closed = |side: Side| super::placement::closed_by_border(rules, cell, side);
        let might = self.board.might_complete(tile, cell, rotation, closed);
        debug_assert!(
            might || self.is_legal_without_completion(mv),
            "{mv:?} was said to complete nothing, but completes something"
        );
        might
    }

    /// Whether the placer of `mv` might be let into the City after it, seen without playing
    /// the move: someone else has to score (C-03), and with the boxes that score only the
    /// figures standing on features, that takes another player's figure on a feature the
    /// tile joins or a building it borders. `false` means they may not enter, or the move is
    /// refused; a move whose other figures come from elsewhere (the Count's quarters, a
    /// buyer's follower, a moved ferry, the Big Box's boxes) is always `true`.
    pub(crate) fn might_let_enter(&self, mv: &Move) -> bool {
        let Move::Place { cell, ref count, ref purchase, ref told, .. } = *mv else { return true };
        let InPlay { flier, ferries, gold, magic, crop } = self.in_play;
        if !count.moves.is_empty() || purchase.is_some() || !told.ferry_moves.is_empty() {
            return true;
        }
        if flier || ferries || gold || magic || crop {
            return true;
        }
        let might = self.board.borders_figure_of_another(self.current, cell);
        debug_assert!(
            might || !self.may_enter(mv).unwrap_or(false),
            "{mv:?} was said to let nobody else score, but lets the placer enter"
        );
        might
    }

    /// Debug check of [`Game::might_score`]: the move, if legal, completes nothing.
    fn is_legal_without_completion(&self, mv: &Move) -> bool {
        let Move::Place { tile, cell, rotation, .. } = *mv else { return true };
        if self.check_placement(tile, cell, rotation).is_err() {
            return true;
        }
        let mut board = self.board.clone();
        let index = place_on_board(&mut board, &self.setup.rules, tile, cell, rotation);
        super::placement::close_at_border(&mut board, &self.setup.rules, index);
        board.completed_by(index).is_empty()
    }

    /// The figures the placer of `mv` may enter the City with after its scoring (the entry
    /// itself left out of `mv`): an ordinary follower, their big follower, or both,
    /// as they hold them once the scoring has sent its followers home; empty when they may
    /// not enter at all (C-03 to C-09).
    ///
    /// # Errors
    /// The move is refused.
    pub fn entry_figures(&self, mv: &Move) -> Result<Vec<Figure>, MoveError> {
        if self.city.is_none() {
            return Ok(Vec::new());
        }
        let mut without_entry = mv.clone();
        if let Move::Place { count, .. } = &mut without_entry {
            count.entry = None;
        }
        let mut trial = self.trial();
        let placer = self.current;
        trial.apply_checked(&without_entry)?;
        trial.current = placer;
        if !trial.may_enter_after(trial.last_move_events) {
            return Ok(Vec::new());
        }
        let held = [(Figure::Follower, trial.supply[placer]), (Figure::Big, trial.bigs[placer])];
        Ok(held.into_iter().filter(|&(_, n)| n > 0).map(|(figure, _)| figure).collect())
    }

    /// The quarters a follower entering the City may go to: any (C-05), but with the V-20
    /// option not the one where the Count stands. Empty without the Count.
    pub fn entry_quarters(&self) -> Vec<Quarter> {
        let Some(city) = self.city() else { return Vec::new() };
        let locked = self.rules().count_lock_entry.then_some(city.count_at);
        Quarter::ALL.into_iter().filter(|&q| Some(q) != locked).collect()
    }

    /// Who may take which followers out of the City before the final count, and where to
    /// (Rule C-19): each player's followers in each quarter but the Count's, with the features
    /// open to them, in seat order (any order of moves is possible, Q-07). Empty without the
    /// Count or once counted.
    pub fn final_move_options(&self) -> Vec<MoveOption> {
        let Some(city) = self.city() else { return Vec::new() };
        let mut out = Vec::new();
        for p in (0..self.player_count() as u8).map(PlayerId) {
            for q in Quarter::ALL {
                let available = city.followers(q)[p];
                let big = city.big(p) == Some(q);
                if (available == 0 && !big) || !self.may_leave_before_count(q) {
                    continue;
                }
                out.push(MoveOption { player: p, quarter: q, available, big, features: self.final_move_targets(q) });
            }
        }
        out
    }

    /// Whether followers may still leave `quarter` before the final count (Rule C-19): in a
    /// Count game not yet counted, from any quarter but the Count's.
    fn may_leave_before_count(&self, quarter: Quarter) -> bool {
        self.city().is_some_and(|city| quarter != city.count_at) && !self.is_finished()
    }

    /// Where a follower leaving `quarter` before the final count may go (Rule C-19): every
    /// unfinished feature its quarter feeds, occupied or not, or any farm for the market;
    /// each named by one place. Empty without the Count, from the Count's own quarter, or once
    /// the game is counted.
    pub fn final_move_targets(&self, quarter: Quarter) -> Vec<(Cell, Port)> {
        if !self.may_leave_before_count(quarter) {
            return Vec::new();
        }
        let board = self.board();
        let farms = self.rules().farms != FarmRule::Off;
        board
            .features()
            .filter(|&f| {
                let kind = board.kind(f);
                quarter.feeds(kind) && if kind == FeatureKind::Field { farms } else { !board.is_complete(f) }
            })
            .map(|f| board.anchor(f))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::Rule;
    use crate::{
        AllBoxes, Cell, CountChoice, CountError, FeatureKind, Figure, Game, GameSetup, Move, MoveError, PlayerId, Port,
        Quarter, QuarterMove, Start, TileId, TileSet,
    };

    /// Every move of random games with the City and the other boxes that score only by the
    /// figures on features: the moves said to let nobody else score are those whose placer
    /// may not enter the City once they are played.
    #[test]
    fn a_move_said_to_let_nobody_else_score_never_lets_its_placer_enter() {
        let setup = GameSetup::all_boxes(&["Red", "Blue"], AllBoxes::BeforeBigBox);
        let (mut passed_over, mut entered) = (0, 0);
        for seed in 0..12 {
            let mut game = Game::new(setup.clone()).unwrap();
            let mut picks = crate::Picks::new(seed);
            while let Some(mv) = crate::playout_move(&game, &mut |n| picks.below(n)) {
                if game.city().is_some() {
                    let may_enter = game.may_enter(&mv).unwrap_or(false);
                    if game.might_let_enter(&mv) {
                        entered += u32::from(may_enter);
                    } else {
                        assert!(!may_enter, "seed {seed}: {mv:?}");
                        passed_over += 1;
                    }
                }
                game.apply(&mv).unwrap();
            }
        }
        assert!(passed_over > 0 && entered > 0, "passed over {passed_over}, entered {entered}");
    }

    fn count_game() -> Game {
        let mut setup = GameSetup::base(&["Red", "Blue"]);
        setup.sets.push(TileSet::Count);
        setup.start = Start::Count;
        Game::new(setup).unwrap()
    }

    /// The first legal placement of a straight road, with the Count decisions given.
    fn road_with(game: &Game, count: CountChoice) -> Move {
        let u = TileId::from_name("U").unwrap();
        let (cell, rotation) = game.legal_placements(u)[0];
        Move::Place {
            tile: u,
            cell,
            rotation,
            follower: None,
            figure: Figure::Follower,
            recall_abbot: false,
            count,
            purchase: None,
            pass_second_tile: false,
            told: crate::game::Told::default(),
        }
    }

    #[test]
    fn count_decisions_need_the_count() {
        let mut game = Game::new(GameSetup::base(&["Red", "Blue"])).unwrap();
        let mv =
            QuarterMove { player: PlayerId(0), quarter: Quarter::Castle, to: (Cell::new(0, 0), Port::N), big: false };
        let choice = CountChoice { moves: vec![mv], entry: None };
        let refused = game.apply(&road_with(&game, choice)).unwrap_err();
        assert_eq!(refused, MoveError::Count(CountError::NoCount));
        assert_eq!(game.move_count(), 0);
    }

    #[test]
    fn during_play_nobody_leaves_the_market_nor_an_empty_quarter() {
        let mut game = count_game();
        let to = (Cell::new(0, 0), Port::N);
        let from = |quarter| CountChoice {
            moves: vec![QuarterMove { player: PlayerId(1), quarter, to, big: false }],
            entry: None,
        };
        let market = game.apply(&road_with(&game, from(Quarter::Market))).unwrap_err();
        assert_eq!(
            (market.rule(), market),
            (Some(Rule::C18), CountError::MarketAtTheEnd { player: PlayerId(1) }.into())
        );
        let empty = game.apply(&road_with(&game, from(Quarter::Blacksmith))).unwrap_err();
        assert_eq!(empty, CountError::QuarterEmpty { player: PlayerId(1), quarter: Quarter::Blacksmith }.into());
        assert_eq!(empty.to_string(), "player 2 has no follower in the blacksmith");
        assert_eq!(game.move_count(), 0, "the refused moves changed nothing");
    }

    #[test]
    fn nobody_enters_the_city_after_a_tile_that_scored_nothing() {
        let mut game = count_game();
        let entry = crate::Entry { quarter: Quarter::Cathedral, count_to: None, big: false };
        let mv = road_with(&game, CountChoice { moves: Vec::new(), entry: Some(entry) });
        let refused = game.apply(&mv).unwrap_err();
        assert_eq!(
            (refused.rule(), refused),
            (Some(Rule::C03), CountError::MayNotEnter { player: PlayerId(0) }.into())
        );
        let Move::Place { tile, cell, rotation, .. } = mv else { unreachable!() };
        assert_eq!(game.may_enter(&Move::place(tile, cell, rotation, None)), Ok(false));
    }

    #[test]
    fn followers_leave_the_city_at_the_end_for_what_their_quarter_feeds() {
        let mut setup = GameSetup::base(&["Red", "Blue"]);
        setup.sets.push(TileSet::Count);
        setup.start = Start::Count;
        let mut g = Game::new(setup).unwrap();
        assert!(g.final_move_targets(Quarter::Castle).is_empty(), "the Count stands in the castle");
        assert!(g.final_move_targets(Quarter::Cathedral).is_empty(), "no cloister on the table");
        assert_eq!(g.final_move_targets(Quarter::Blacksmith).len(), 3, "the roads out of the three gates");
        let farms = g.final_move_targets(Quarter::Market);
        assert!(!farms.is_empty());
        let (cell, port) = farms[0];
        assert_eq!(g.feature_at(cell, port).map(|f| f.kind), Some(FeatureKind::Field));
        assert!(g.final_move_options().is_empty(), "nobody in the City");
        assert_eq!(g.entry_quarters(), Quarter::ALL.to_vec(), "any quarter by default, the Count's too");
        g.finish().unwrap();
        assert!(g.final_move_targets(Quarter::Market).is_empty(), "counted already");
    }

    #[test]
    fn the_big_follower_enters_the_city_as_the_tiles_one_follower() {
        let mut setup = GameSetup::base(&["Red", "Blue"]);
        setup.sets.extend([TileSet::Count, TileSet::InnsCathedrals]);
        setup.start = Start::Count;
        let mut game = Game::new(setup).unwrap();
        let tile = |n| TileId::from_name(n).unwrap();
        // Red's thief on the south gate's road, which Blue's cloister road closes (C-03).
        game.apply(&Move::place(tile("U"), Cell::new(0, 2), crate::Rotation::R90, Some(Port::N))).unwrap();
        let close = |big| Move::Place {
            tile: tile("A"),
            cell: Cell::new(0, 3),
            rotation: crate::Rotation::R180,
            follower: None,
            figure: Figure::Follower,
            recall_abbot: false,
            count: CountChoice {
                moves: Vec::new(),
                entry: Some(crate::Entry { quarter: Quarter::Castle, count_to: Some(Quarter::Market), big }),
            },
            purchase: None,
            pass_second_tile: false,
            told: crate::game::Told::default(),
        };
        let events = game.apply(&close(true)).unwrap().to_vec();
        assert!(events.contains(&crate::Event::EnteredCity {
            player: PlayerId(1),
            quarter: Quarter::Castle,
            big: true
        }));
        let city = game.city().unwrap();
        assert_eq!(
            (city.big(PlayerId(1)), city.total(PlayerId(1)), game.bigs()),
            (Some(Quarter::Castle), 0, &[1, 0][..])
        );
        assert_eq!(game.supply(), &[7, 7], "the big follower went in, not one of the seven");
        // Without a big follower in hand, a big entry is refused with its rule.
        let mut again = Game::new(game.setup().clone()).unwrap();
        again.apply(&Move::place(tile("U"), Cell::new(0, 2), crate::Rotation::R90, Some(Port::N))).unwrap();
        let mut with_big_out = close(true);
        if let Move::Place { follower, figure, .. } = &mut with_big_out {
            // Blue's big follower goes onto the cloister of the very tile, so none is left to enter.
            *follower = Some(Port::C);
            *figure = Figure::Big;
        }
        let refused = again.apply(&with_big_out).unwrap_err();
        assert_eq!(
            (refused.rule(), refused),
            (Some(Rule::X07), CountError::NoBigFollower { player: PlayerId(1) }.into())
        );
    }

    /// FE-06 with C-12: Red's road out of the west gate runs on through Blue's lake until Red
    /// lays a tile against the lake and moves its ferry, which closes the road far from the
    /// tile. Blue's blacksmith follower may go onto it, and the helper that asks the table
    /// sees it only with the ferry move told.
    #[test]
    fn a_road_closed_by_a_moved_ferry_is_offered_to_the_blacksmith() {
        use crate::{FerryMove, Rotation, Side, Told, ToldAnswers};
        let mut setup = count_game().setup().clone();
        setup.sets.push(TileSet::Ferries);
        let mut game = Game::new(setup).unwrap();
        let tile = |n: &str| TileId::from_name(n).unwrap();
        let with = |mut mv: Move, answers: Told, choice: CountChoice| {
            if let Move::Place { told, count, .. } = &mut mv {
                (*told, *count) = (answers, choice);
            }
            mv
        };
        game.apply(&Move::place(tile("U"), Cell::new(0, 2), Rotation::R90, Some(Port::N))).unwrap();
        let enter = CountChoice {
            entry: Some(crate::Entry { quarter: Quarter::Blacksmith, count_to: None, big: false }),
            ..CountChoice::default()
        };
        let closing = Move::place(tile("A"), Cell::new(0, 3), Rotation::R180, None);
        game.apply(&with(closing, Told::default(), enter)).unwrap();
        game.apply(&Move::place(tile("U"), Cell::new(-3, -1), Rotation::R0, Some(Port::W))).unwrap();
        let lake = Told::from(ToldAnswers { ferry: Some([Side::East, Side::South]), ..ToldAnswers::default() });
        let lake_tile = Move::place(tile("FE04"), Cell::new(-4, -1), Rotation::R0, None);
        game.apply(&with(lake_tile, lake, CountChoice::default())).unwrap();

        let (v, at, rot) = (tile("V"), Cell::new(-4, 0), Rotation::R180);
        let relink = FerryMove { at: Cell::new(-4, -1), link: [Side::South, Side::West] };
        let moved = Told::from(ToldAnswers { ferry_moves: vec![relink], ..ToldAnswers::default() });
        assert!(game.count_move_options(v, at, rot, None, &Told::default()).unwrap().is_empty());
        let options = game.count_move_options(v, at, rot, None, &moved).unwrap();
        let [blacksmith] = options.as_slice() else { panic!("Blue's blacksmith follower: {options:?}") };
        assert_eq!((blacksmith.player, blacksmith.quarter), (PlayerId(1), Quarter::Blacksmith));
        let to = blacksmith.features[0];
        let road = game.feature_at(Cell::new(-3, -1), Port::W).unwrap().anchor;
        assert_eq!(game.feature_at(to.0, to.1).unwrap().anchor, road, "Red's road from the west gate");

        let out = QuarterMove { player: PlayerId(1), quarter: Quarter::Blacksmith, to, big: false };
        let round = CountChoice { moves: vec![out], ..CountChoice::default() };
        let mv = with(Move::place(v, at, rot, None), moved, round);
        game.apply(&mv).unwrap();
        assert_eq!(game.scores(), &[6, 3], "Red and Blue tie on the 3-tile road");
    }
}
