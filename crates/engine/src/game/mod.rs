//! A game: the setup, then a fold over the moves entered at the table.
//!
//! [`Game::apply`] checks a move completely before it changes anything, so a refused move
//! leaves the game as it was. Points come only from [`Score`] events, so a player's total
//! is always the sum of the events naming them.
//!
//! This module holds the [`Game`] itself and the order of a move: check, place, the Count's
//! move round, titles, scoring, entering the City, the next player (a tile that fills a hole
//! gives another turn under house rule V-11). The rules each step applies live in the
//! submodules, one family each:
//!
//! - `setup`: the setup and its checks ([`GameSetup`], [`SetupError`]);
//! - `moves`: [`Move`], [`MoveError`] wrapping the errors below, [`ReplayError`], buying a
//!   tile (V-12, [`PurchaseError`]);
//! - `placement`: where a tile may go beyond matching edges (V-09, V-10, H-03, R-07 to R-10;
//!   [`PlacementError`]);
//! - `abbot`: the abbot's placement and recall (A-04 to A-14; [`AbbotError`]);
//! - `big`: the big follower of Inns & Cathedrals in hand and its refusals (I-02, I-13;
//!   [`BigFollowerError`]);
//! - `builder`: the builder and the double turn (T-07 to T-15; [`BuilderError`]);
//! - `pig`: the pig, and the builder and pig in hand (T-16, T-18; [`PigError`]);
//! - `joined`: what a builder or pig put down would join, which each judges by its rule;
//! - `hand`: the figures each player holds, and the opening check of every figure put down
//!   (its box in play, one in hand);
//! - `follower`: where a figure may go on the tile just placed, one check for every kind
//!   (B-11, B-15, V-07, V-23, RI-12; [`FollowerError`]);
//! - `draw`: the draw order and the City laid after the river (R-03, R-04, R-06 to R-08,
//!   RI-03, RI-05; [`DrawError`], [`CityError`]);
//! - `count`: the Count of Carcassonne's moves and entries (C-03 to C-19; [`CountError`]);
//! - `crop`: the crop circle's action after a turn (CC-03 to CC-08; [`CropError`]);
//! - `challenge`: heretics against monks (H-05 to H-10);
//! - `title`: King and Robber changing hands (K-03 to K-06);
//! - `magic`: the mage and the witch of Mage & Witch (MW-02 to MW-05, MW-08; [`MagicError`]);
//! - `flier`: the Flying Machines' flight, step 2 of a turn (FM-03 to FM-09; [`FlightError`]);
//! - `goods`: the tokens of a completed city with goods (T-03, T-04, X-14, X-23);
//! - `ferries`: the ferry on a new lake and the ferries moved along a road (FE-03 to FE-08;
//!   [`FerryError`]);
//! - `gold`: the ingots of Gold Mines, put down and shared (GM-02 to GM-06; [`GoldError`]);
//! - `end`: the final count and the result (B-33, B-34, B-50, B-51);
//! - `final_board`: a finished table entered after the fact ([`StandError`]).

mod abbot;
mod all_boxes;
mod big;
mod builder;
mod challenge;
mod count;
mod crop;
mod draw;
mod end;
mod ferries;
mod final_board;
#[cfg(test)]
mod fixture;
mod flier;
mod follower;
mod gold;
mod goods;
mod hand;
mod in_play;
mod joined;
mod magic;
mod moves;
mod pig;
mod placement;
mod setup;
mod title;
mod told;

pub use abbot::AbbotError;
pub use all_boxes::AllBoxes;
pub use big::BigFollowerError;
pub use builder::BuilderError;
pub use count::CountError;
pub(crate) use crop::CropCandidates;
pub use crop::{CropAction, CropChoice, CropCircle, CropDeed, CropError};
pub use crop::{CropOptions, CropTurn};
pub(crate) use draw::DrawRule;
pub use draw::{CityError, DrawError};
pub use end::{FinishError, TrackPosition};
pub use ferries::{FerryError, FerryMove};
pub use final_board::StandError;
pub use flier::{flight_target, Flight, FlightError, FLIGHT_ROLLS};
pub use follower::FollowerError;
pub use gold::{GoldError, GoldTake, NextGoldTake, SecondIngot, INGOTS};
pub use magic::{MagicAsked, MagicError, MagicFigure, MagicFigures, MagicMove, MagicOptions};
pub use moves::{Move, MoveError, Purchase, PurchaseError, ReplayError};
pub use pig::PigError;
pub use placement::PlacementError;
pub use setup::{GameSetup, Mode, PlayerSetup, SetupError, Start, FOLLOWERS_PER_PLAYER};
pub use told::{Told, ToldAnswers};

use crate::board::{Board, Follower, SegmentId};
use crate::challenge::Challenge;
use crate::coord::{Cell, Port, Rotation, Side};
use crate::count::{City, CountChoice, Quarter};
use crate::event::{Event, Score, ScoreLists};
use crate::figure::Figure;
use crate::goods::Tokens;
use crate::player::{ByPlayer, PlayerId};
use crate::river::{is_river_tile, River};
use crate::rules::{RuleSet, Unplaceable};
use crate::scoring::{score_feature, ScoreSink};
use crate::tile::{TileId, TileSet};
use crate::title::Titles;
use crop::CropStep;
pub(crate) use in_play::InPlay;
use moves::off_table;
use pig::Companions;
use placement::{close_at_border, place_on_board};

/// A game in progress, or finished.
#[derive(Clone, Debug)]
pub struct Game {
    setup: GameSetup,
    /// The Big Box's boxes in play, read from `setup` once: their steps ask it first.
    in_play: InPlay,
    board: Board,
    bag: Vec<u8>,
    supply: ByPlayer<u8>,
    abbots: ByPlayer<u8>,
    /// Each player's big follower in hand: 1 or 0 (I-02).
    bigs: ByPlayer<u8>,
    goods: ByPlayer<Tokens>,
    /// Gold Mines: the ingots on tiles and in hand (GM-02 to GM-05).
    gold: gold::Gold,
    companions: Companions,
    second_tile: bool,
    extra_turns: u8,
    scores: ByPlayer<u32>,
    current: PlayerId,
    river: Option<River>,
    city: Option<City>,
    /// A final board's figures entered in a quarter of the City of Carcassonne before the City
    /// was laid against the river: they go in when it is.
    awaiting_city: Vec<(PlayerId, Quarter, Figure)>,
    /// Mage & Witch: where the mage and the witch stand.
    magic: MagicFigures,
    last_move_events: usize,
    titles: Titles,
    challenges: Vec<Challenge>,
    events: EventLog,
    moves: usize,
    finished: bool,
}

/// Room a copied game keeps for its next events: a finish's scores and followers going
/// home, or a few turns; and for the tiles and cities those scores name.
const EVENT_ROOM: usize = 64;
const TILE_ROOM: usize = 128;
const CITY_ROOM: usize = 64;

/// The events of a game, in order, with the lists their scores name. A game is copied to go
/// on from the copy (the final count on a copy, a correction replayed); a plain copy would
/// have no room left, and its first new event would move the whole log, so a copy keeps
/// [`EVENT_ROOM`] spare.
#[derive(Debug, Default)]
struct EventLog {
    events: Vec<Event>,
    lists: ScoreLists,
}

impl Clone for EventLog {
    fn clone(&self) -> Self {
        let mut events = Vec::with_capacity(self.events.len() + EVENT_ROOM);
        events.extend_from_slice(&self.events);
        let mut lists = self.lists.clone();
        lists.reserve(TILE_ROOM, CITY_ROOM);
        EventLog { events, lists }
    }
}

/// Where a log stood, to go back to when a move played on it is refused.
#[derive(Clone, Copy)]
struct LogMark {
    events: usize,
    lists: (usize, usize),
}

impl EventLog {
    fn mark(&self) -> LogMark {
        LogMark { events: self.events.len(), lists: self.lists.lengths() }
    }

    fn roll_back(&mut self, mark: LogMark) {
        self.events.truncate(mark.events);
        self.lists.truncate(mark.lists);
    }
}

/// The end count writes into the log: each score, and each follower going home after it.
impl ScoreSink for EventLog {
    fn lists(&mut self) -> &mut ScoreLists {
        &mut self.lists
    }

    fn add(&mut self, score: Score) {
        self.events.push(Event::Scored(score));
    }

    fn home(&mut self, f: &Follower) {
        self.events.push(Event::FollowerReturned { player: f.player, cell: f.cell, port: f.port });
    }
}

impl std::ops::Deref for EventLog {
    type Target = Vec<Event>;

    fn deref(&self) -> &Vec<Event> {
        &self.events
    }
}

impl std::ops::DerefMut for EventLog {
    fn deref_mut(&mut self) -> &mut Vec<Event> {
        &mut self.events
    }
}

impl Game {
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

    /// The Big Box's boxes in play.
    pub(crate) fn in_play(&self) -> InPlay {
        self.in_play
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

    /// The tiles and cities the scores of [`Game::events`] name.
    pub fn score_lists(&self) -> &ScoreLists {
        &self.events.lists
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

    /// The seat after `p`, clockwise.
    pub(super) fn next_seat(&self, p: PlayerId) -> PlayerId {
        PlayerId(((p.index() + 1) % self.player_count()) as u8)
    }

    /// Applies a move after checking it completely.
    ///
    /// # Errors
    /// Why the move is refused; the game is then unchanged.
    pub fn apply(&mut self, mv: &Move) -> Result<&[Event], MoveError> {
        let on_copy = match mv {
            Move::Place { count, tile, cell, told, .. } => {
                (self.city.is_some() && !count.is_empty()) || told.needs_trial(self, *tile, *cell)
            }
            _ => false,
        };
        if on_copy {
            // A Count move has several phases whose checks depend on the ones before, and
            // some boxes' answers are checked partway through the move
            // ([`Told::needs_trial`]). Playing such a move on a copy keeps the game untouched
            // when a later phase refuses. Any other move is checked whole before it changes
            // anything ([`Game::place`]). The log is not copied but lent to the copy, and cut
            // back to where it stood if the move is refused.
            let mark = self.events.mark();
            let mut next = self.trial();
            next.events = std::mem::take(&mut self.events);
            if let Err(e) = next.apply_checked(mv) {
                next.events.roll_back(mark);
                self.events = next.events;
                return Err(e);
            }
            *self = next;
            return Ok(&self.events[mark.events..]);
        }
        self.apply_checked(mv)?;
        Ok(&self.events[self.last_move_events..])
    }

    /// Whether `mv` would be accepted: [`Game::apply`] on a copy, without copying the log.
    pub fn is_legal(&self, mv: &Move) -> bool {
        self.trial().apply_checked(mv).is_ok()
    }

    /// A copy of the game to try a move on, with an empty log: a move reads only the events
    /// it makes itself, and the log grows with the game, so a copy of it would make every
    /// trial cost more the longer the game runs.
    pub(super) fn trial(&self) -> Game {
        Game {
            setup: self.setup.clone(),
            in_play: self.in_play,
            board: self.board.clone(),
            bag: self.bag.clone(),
            supply: self.supply,
            abbots: self.abbots,
            bigs: self.bigs,
            goods: self.goods,
            gold: self.gold.clone(),
            companions: self.companions,
            second_tile: self.second_tile,
            extra_turns: self.extra_turns,
            scores: self.scores,
            current: self.current,
            river: self.river.clone(),
            city: self.city,
            last_move_events: 0,
            titles: self.titles,
            challenges: self.challenges.clone(),
            awaiting_city: self.awaiting_city.clone(),
            magic: self.magic,
            events: EventLog::default(),
            moves: self.moves,
            finished: self.finished,
        }
    }

    pub(super) fn apply_checked(&mut self, mv: &Move) -> Result<(), MoveError> {
        self.apply_move(mv, CropStep::Told)
    }

    /// Applies a checked move; with [`CropStep::Skipped`] a crop-circle tile's action is left
    /// out, to see what it could move ([`Game::crop_candidates_after`]).
    fn apply_move(&mut self, mv: &Move, crop_step: CropStep) -> Result<(), MoveError> {
        if self.finished {
            return Err(MoveError::GameOver);
        }
        // Before anything looks at the board: no cell off the table gets near it.
        off_table(mv.cells())?;
        let first_event = self.events.len();
        if let &Move::Stand { player, at, figure } = mv {
            self.stand(player, at, figure)?;
            self.moves += 1;
            self.last_move_events = first_event;
            return Ok(());
        }
        if let &Move::StandMagic { figure, cell, port } = mv {
            self.stand_magic(figure, cell, port)?;
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
            self.seat_awaiting_city();
            self.events.push(Event::CityLaid { player: self.current, at });
            self.moves += 1;
            self.last_move_events = first_event;
            return Ok(());
        };
        if self.bag[tile.index()] == 0 {
            return Err(DrawError::TileNotInBag { tile }.into());
        }
        if let Some(e) = self.draw_error(tile) {
            return Err(e.into());
        }
        match mv {
            &Move::Discard { tile } => {
                if self.setup.mode == Mode::FinalBoard {
                    return Err(MoveError::WrongMode);
                }
                if let Some(&(cell, rotation)) = self.legal_placements(tile).first() {
                    return Err(DrawError::DiscardRefused { tile, cell, rotation }.into());
                }
                // A river tile that fits nowhere goes back in the box whatever the table does
                // with land tiles (R-03, R-11, RI-11).
                if self.setup.rules.unplaceable == Unplaceable::Removed || is_river_tile(tile) {
                    self.bag[tile.index()] -= 1;
                }
                self.events.push(Event::TileDiscarded { player: self.current, tile });
            }
            Move::Place {
                tile,
                cell,
                rotation,
                follower,
                figure,
                recall_abbot,
                count,
                purchase,
                pass_second_tile,
                told,
            } => {
                let (tile, cell, rotation, follower, figure) = (*tile, *cell, *rotation, *follower, *figure);
                if !count.is_empty() && self.city.is_none() {
                    return Err(CountError::NoCount.into());
                }
                // The Big Box's steps: a move of a game without them, telling nothing of them,
                // skips every one.
                let asks = self.in_play.any() || !told.is_empty();
                if asks {
                    if let Some(e) = self.magic_refusal_before_placing(tile, told) {
                        return Err(e);
                    }
                }
                if let Some(p) = purchase {
                    self.purchase_error(p)?;
                }
                let drawer = self.current;
                let placer = purchase.map_or(drawer, |p| p.buyer);
                self.check_placement(tile, cell, rotation)?;
                if let Some(flight) = &told.flight {
                    if let Some(e) = self.flight_error(placer, tile, flight, follower.is_some() || *recall_abbot) {
                        return Err(e);
                    }
                }
                if let Some(port) = follower {
                    if self.setup.mode == Mode::FinalBoard {
                        return Err(FollowerError::InFinalBoard { port }.into());
                    }
                    // A recall names no figure: its own check refuses one.
                    if !*recall_abbot {
                        if let Some(e) = self.figure_error(placer, tile, cell, rotation, port, figure) {
                            return Err(e);
                        }
                    }
                }
                if asks {
                    self.gold_error(tile, cell, told)?;
                }
                if *recall_abbot {
                    if self.setup.mode == Mode::FinalBoard {
                        return Err(MoveError::WrongMode);
                    }
                    if let Some(e) = self.recall_error(placer, cell, follower) {
                        return Err(e.into());
                    }
                }
                if asks {
                    if let Some(e) = self.ferry_error(tile, cell, rotation, told) {
                        return Err(e.into());
                    }
                }
                let crop = if asks { self.crop_circle_told(tile, told, crop_step)? } else { None };
                let earns_second = self.earns_second_tile(tile, cell, rotation, purchase.is_some());
                if *pass_second_tile && !earns_second {
                    return Err(BuilderError::NoSecondTile.into());
                }
                if let Some(p) = *purchase {
                    self.pay_for_tile(p, tile);
                    self.current = p.buyer;
                }
                // The move being played is the second tile, if it was owed: it earns no third.
                self.second_tile = false;
                let figure = follower.map(|p| (p, figure));
                let hole = self.place(tile, cell, rotation, figure, *recall_abbot, (count, told))?;
                if let Some((symbol, crop_circle)) = crop {
                    // Step 4, after the turn's scoring and before a second tile (CC-08).
                    self.crop_circle(placer, symbol, crop_circle)?;
                }
                self.next_turn(drawer, placer, hole, earns_second && !*pass_second_tile);
            }
            Move::City { .. } | Move::Stand { .. } | Move::StandMagic { .. } => {
                unreachable!("handled above")
            }
        }
        self.moves += 1;
        self.last_move_events = first_event;
        Ok(())
    }

    /// Places a checked tile, then: the flight, the ferries, the Count's move round, scoring,
    /// entering the city; says whether the tile filled a hole (V-11). Who moves next is
    /// [`Game::next_turn`]'s. Errors can only come from the Count's decisions, a flight's landing
    /// (FM-07 to FM-09), the magic figures (MW-02 to MW-05) and gold takes told (GM-05), and
    /// only in a move [`Game::apply`] plays on a copy (as it plays a crop circle's action).
    fn place(
        &mut self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        follower: Option<(Port, Figure)>,
        recall_abbot: bool,
        (count, told): (&CountChoice, &Told),
    ) -> Result<bool, MoveError> {
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
            // The spring attached to the City of Carcassonne starts the river.
            self.river = Some(River::from_spring(&self.board, index));
        }
        self.events.push(Event::TilePlaced { player, tile, cell, rotation });
        close_at_border(&mut self.board, &self.setup.rules, index);
        if self.in_play.magic && self.setup.mode == Mode::Turns && !self.gold.probing() {
            // Step 1½: after the tile, before the follower (MW-02, MW-05).
            self.magic_step(tile, told)?;
        }
        if self.in_play.gold {
            self.put_ingots(tile, cell, told);
        }
        if let Some((port, figure)) = follower {
            let placed = self.board.tiles()[index];
            let local = placed.local_at(port).expect("checked before placing");
            let feature = self.board.feature_of(index, local);
            if figure.is_companion() {
                self.board.add_companion(player, cell, port, feature, figure);
            } else {
                self.board.add_figure(player, cell, port, feature, figure);
            }
            self.take_from_hand(player, figure);
            let kind = tile.def().features[local as usize].kind;
            self.events.push(Event::FollowerDeployed { player, cell, port, kind, figure });
        }
        if let Some(flight) = told.flight {
            // Step 2, instead of a figure on the tile (FM-03), before any scoring (FM-12).
            self.fly(index, flight)?;
        }
        let follower = follower.map(|(port, _)| port);
        if recall_abbot {
            // Step 2 of the turn, before anything the tile completes is scored.
            self.recall_abbot(player);
        }
        // Step 2½: the new ferry, then the ferries moved (FE-06).
        let ferried = if self.in_play.ferries { self.lay_ferries(index, told) } else { Vec::new() };
        if self.setup.mode == Mode::Turns {
            let completed = self.completed_this_turn(index, ferried);
            if let Some(port) = follower {
                self.start_challenge(index, port, &completed);
            }
            self.move_round(&count.moves, &completed)?;
            self.award_titles(&completed, player);
            let first_score = self.events.len();
            let mut claims = Vec::new();
            for &feature in &completed {
                self.board.mark_completed(feature);
                let scored_from = self.events.len();
                match self.settle_challenge(feature, &completed) {
                    Some(loser) => self.score_challenge_win(feature, loser),
                    None => self.score_and_return(feature),
                }
                if self.in_play.magic {
                    self.set_magic_aside(feature);
                }
                if self.in_play.gold {
                    claims.push(self.claim(feature, scored_from));
                }
                self.take_goods(feature, player);
            }
            if self.in_play.gold {
                self.share_gold(&claims, player, &told.gold_taken)?;
            }
            if let Some(entry) = count.entry {
                self.enter_city(entry, first_score)?;
            }
        } else if !count.is_empty() {
            return Err(MoveError::WrongMode);
        }
        Ok(Side::ALL.iter().all(|&s| self.board.tile_at(cell.step(s)).is_some()))
    }

    /// The features the turn of the tile at `index` completes, its ferries laid and moved:
    /// the tile's own and the roads a moved ferry closed (FE-06); a road loop only where the
    /// rules say it completes.
    pub(super) fn completed_this_turn(&self, index: usize, ferried: Vec<SegmentId>) -> Vec<SegmentId> {
        let mut completed = self.board.completed_by(index);
        for road in ferried {
            if !completed.contains(&road) && self.board.is_complete(road) && !self.board.is_completed(road) {
                completed.push(road);
            }
        }
        if !self.setup.rules.road_loops_complete {
            completed.retain(|&f| !self.board.is_road_loop(f));
        }
        completed
    }

    pub(super) fn score_and_return(&mut self, feature: SegmentId) {
        if let Some(mut score) = score_feature(&self.board, feature, &self.setup.rules, false, &mut self.events.lists) {
            if self.in_play.magic {
                self.bewitch(&mut score, feature);
            }
            self.record(score);
        }
        self.return_followers(feature);
    }

    pub(super) fn return_followers(&mut self, feature: SegmentId) {
        let (supply, abbots, bigs, events) = (&mut self.supply, &mut self.abbots, &mut self.bigs, &mut self.events);
        let companions = &mut self.companions;
        self.board.take_followers(feature, |f| {
            match f.figure {
                Figure::Follower => supply[f.player] += 1,
                Figure::Abbot => abbots[f.player] += 1,
                Figure::Big => bigs[f.player] += 1,
                Figure::Builder | Figure::Pig => companions.give_back(f.player, f.figure),
            }
            events.push(Event::FollowerReturned { player: f.player, cell: f.cell, port: f.port });
        });
    }

    pub(super) fn record(&mut self, score: Score) {
        for p in score.winners.iter() {
            self.scores[p] += score.points;
        }
        self.events.push(Event::Scored(score));
    }
}

#[cfg(test)]
mod tests {
    use crate::{Cell, Event, Game, GameSetup, Move, Port, Rotation, TileId};

    fn tile(name: &str) -> TileId {
        TileId::from_name(name).unwrap()
    }

    #[test]
    fn a_refused_move_leaves_the_game_as_it_was() {
        let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        game.apply(&Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, Some(Port::E))).unwrap();
        let before =
            (game.events().len(), game.move_count(), game.current_player(), game.bag(), game.supply().to_vec());
        // Bram's road joins Anna's, but the thief he names is on her road: the whole move is refused.
        assert!(game.apply(&Move::place(tile("U"), Cell::new(-1, 0), Rotation::R0, Some(Port::W))).is_err());
        let after = (game.events().len(), game.move_count(), game.current_player(), game.bag(), game.supply().to_vec());
        assert_eq!(before, after);
        assert_eq!(game.board().tiles().len(), 2, "the tile was not laid");
    }

    #[test]
    fn a_completed_city_scores_its_knight_and_sends_it_home_within_the_move() {
        let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        // B-28: lay the cap, put a knight on the city it completes, score, take the knight back.
        let events = game.apply(&Move::place(tile("E"), Cell::new(0, -1), Rotation::R180, Some(Port::S))).unwrap();
        let kinds: Vec<&str> = events
            .iter()
            .map(|e| match e {
                Event::TilePlaced { .. } => "placed",
                Event::FollowerDeployed { .. } => "deployed",
                Event::Scored(_) => "scored",
                Event::FollowerReturned { .. } => "returned",
                _ => "other",
            })
            .collect();
        assert_eq!(kinds, ["placed", "deployed", "scored", "returned"]);
        assert_eq!((game.scores(), game.supply()), (&[4, 0][..], &[7, 7][..]));
        assert_eq!(game.current_player(), crate::PlayerId(1), "the turn passes clockwise (B-02)");
    }

    #[test]
    fn filling_a_hole_gives_another_turn_under_the_house_rule() {
        // Six tiles round an empty cell south-east of the start tile, then a cloister fills it:
        //
        //          x=0    x=1    x=2
        // y=0     [D]    [U]    [U]
        // y=1     [B]    (B)    [B]
        // y=2     [A]    [A]
        let ring = [("U", 1, 0), ("U", 2, 0), ("B", 2, 1), ("B", 0, 1), ("A", 0, 2), ("A", 1, 2), ("B", 1, 1)];
        for hole_extra_turn in [false, true] {
            let mut setup = GameSetup::base(&["Anna", "Bram"]);
            setup.rules.hole_extra_turn = hole_extra_turn;
            let mut game = Game::new(setup).unwrap();
            let mut passed = Vec::new();
            for (name, x, y) in ring {
                let cell = Cell::new(x, y);
                let fits = game.legal_placements(tile(name)).into_iter().find(|&(c, _)| c == cell);
                let (_, rotation) = fits.unwrap_or_else(|| panic!("{name} fits at {cell}"));
                let placer = game.current_player();
                game.apply(&Move::place(tile(name), cell, rotation, None)).unwrap();
                passed.push(game.current_player() != placer);
            }
            let mut want = [true; 7];
            want[6] = !hole_extra_turn;
            assert_eq!(passed, want, "only the tile filling the hole keeps the turn, and only under V-11");
        }
    }
}
