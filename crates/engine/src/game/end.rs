//! The end of the game: the final count of unfinished features, farms and titles (Rules
//! B-33, B-34, K-07 to K-10, the goods of T-05, the gold of GM-07, and the mage and the witch of MW-08), with the Count's last moves out of the City (C-19), the
//! unresolved challenges (H-11), and the result: standings with shared ranks (B-51), the
//! winners under the tie rule (V-14) and the place on the score track (B-50).
//!
//! The count can be asked for at any time without changing the game ([`Game::final_count`]),
//! which is the live "if the game ended now" view.

use super::{off_table, CountError, Game, MoveError};
use crate::board::SegmentId;
use crate::count::QuarterMove;
use crate::event::{Event, Score, ScoreLists};
use crate::figure::Figure;
use crate::player::{ByPlayer, PlayerId};
use crate::rule::Rule;
use crate::rules::FarmRule;
use crate::scoring::{
    farm_points, farms_with_farmers, feature_points, score_farms, score_feature, score_gold, score_goods, score_titles,
    Counted, Pigs, ScoreSink,
};
use crate::tile::{FeatureKind, TileSet};
use std::fmt;

/// Why the end-of-game count was refused ([`Game::finish_naming`]). The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FinishError {
    /// The refused final move's index (from 0); `None` when the count itself was refused.
    // A count of players or moves, far below 2^32: a plain number in TypeScript.
    #[cfg_attr(feature = "specta", specta(type = Option<u32>))]
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
    /// Spaces round the track: the marker comes round to 0 at 50.
    pub const SPACES: u32 = 50;

    /// Where a total stands on the track and which tokens go with it.
    pub fn of(total: u32) -> TrackPosition {
        let laps = total / Self::SPACES;
        TrackPosition { space: total % Self::SPACES, hundreds: laps / 2, fifties: laps % 2 }
    }

    /// The total a marker and tokens read off a table make, the inverse of [`TrackPosition::of`]
    /// (a table may hold two 50s for a 100); `None` for a space not on the track or a total
    /// past any count.
    pub fn total(self) -> Option<u32> {
        if self.space >= Self::SPACES {
            return None;
        }
        let fifties = self.fifties.checked_mul(Self::SPACES)?;
        let hundreds = self.hundreds.checked_mul(2 * Self::SPACES)?;
        self.space.checked_add(fifties)?.checked_add(hundreds)
    }
}

/// No follower: the end of a list of followers in [`Game::count_into`].
const NO_FOLLOWER: u32 = u32::MAX;

/// Followers the end count keeps on the stack: all of a table of up to four players with
/// the base game's seven each, and of most larger ones; more are kept on the heap.
const FOLLOWERS_ON_STACK: usize = 32;

/// The parts of the end count, each a list of features, in the order counted (B-33, B-34).
#[derive(Clone, Copy)]
enum Part {
    Road,
    City,
    /// Cloisters, shrines and gardens.
    Building,
    Farm,
}

/// A follower as the end count meets it, in the order of the board's followers.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct CountedFollower {
    /// The feature it stands on (its root).
    feature: SegmentId,
    /// The next follower on the same feature, by index, or [`NO_FOLLOWER`].
    next: u32,
    /// On a feature's first follower: the first follower of the next feature in the same
    /// part of the count, or [`NO_FOLLOWER`]. Each part then comes out in the order first
    /// occupied with nothing to sort.
    next_in_part: u32,
    /// Whether the count sent it home: marked as it goes, rather than looked up among the
    /// freed features afterwards.
    gone: bool,
}

/// `n` values in `stack` when they fit, else in `heap`: the end count of a usual table
/// allocates nothing. What they hold is left to the caller to set.
fn room<'a, T: Copy + Default>(stack: &'a mut [T], heap: &'a mut Vec<T>, n: usize) -> &'a mut [T] {
    if n <= stack.len() {
        &mut stack[..n]
    } else {
        heap.resize(n, T::default());
        heap
    }
}

impl Game {
    /// The end-of-game count as it would come out now, without changing the game, onto
    /// `out`: unfinished roads, then cities, then cloisters and shrines (each in the order
    /// first occupied), each score followed by its followers going home, then the farms
    /// (Rules B-33, B-34). Fills `counted`, one entry per follower of the board, those the
    /// first scores (the roads, cities, cloisters and shrines) free marked gone; the farms'
    /// and titles' scores free nobody. A follower forgotten on a complete feature of a final
    /// board scores nothing and stays where it is.
    pub(super) fn count_into(&self, out: &mut impl ScoreSink, counted: &mut [CountedFollower]) {
        let board = &self.board;
        let followers = board.followers();
        // Each follower's feature, found with one walk to its root and used for everything
        // below, and the next follower on the same feature: sending a feature's followers
        // home then walks only them.
        for (c, f) in counted.iter_mut().zip(followers) {
            *c = CountedFollower {
                feature: board.root(f.segment),
                next: NO_FOLLOWER,
                next_in_part: NO_FOLLOWER,
                gone: false,
            };
        }
        // Each part's first and last feature, by their first followers.
        let (mut heads, mut tails) = ([NO_FOLLOWER; 4], [NO_FOLLOWER; 4]);
        // A bit per segment for the features met so far: a follower on a feature not met
        // before, nearly every follower, is told so without a search.
        let (mut stack, mut heap) = ([0u64; 16], Vec::new());
        let met = room(&mut stack, &mut heap, board.segment_count().div_ceil(64));
        met.fill(0);
        for i in 0..counted.len() {
            let root = counted[i].feature;
            let (word, bit) = (root as usize / 64, 1 << (root % 64));
            // A feature met before is listed already; its follower joins the last one on it.
            if met[word] & bit != 0 {
                let last = counted[..i].iter().rposition(|c| c.feature == root).expect("a follower on it before");
                counted[last].next = i as u32;
                continue;
            }
            met[word] |= bit;
            let part = match board.kind(root) {
                FeatureKind::Field => Part::Farm,
                FeatureKind::River => continue,
                _ if self.is_done(root) => continue,
                FeatureKind::Road => Part::Road,
                FeatureKind::City => Part::City,
                FeatureKind::Cloister | FeatureKind::Shrine | FeatureKind::Garden => Part::Building,
            } as usize;
            match tails[part] {
                NO_FOLLOWER => heads[part] = i as u32,
                tail => counted[tail as usize].next_in_part = i as u32,
            }
            tails[part] = i as u32;
        }
        for &head in &heads[..Part::Farm as usize] {
            let mut first = head;
            while first != NO_FOLLOWER {
                let f = counted[first as usize].feature;
                let next_feature = counted[first as usize].next_in_part;
                if let Some(mut s) = score_feature(board, f, &self.setup.rules, true, out.lists()) {
                    // The mage or the witch changes an unfinished feature's count too (MW-08).
                    if self.in_play.magic {
                        self.bewitch(&mut s, f);
                    }
                    // An unresolved challenge: both buildings score as unfinished (H-11).
                    if s.points > 0 && self.challenges.iter().any(|c| c.opponent(f).is_some()) {
                        s.rule = Rule::H11;
                    }
                    out.add(s);
                    let mut i = first;
                    while i != NO_FOLLOWER {
                        out.home(&followers[i as usize]);
                        counted[i as usize].gone = true;
                        i = counted[i as usize].next;
                    }
                }
                first = next_feature;
            }
        }
        let counted = &*counted;
        let listed = |i: u32| (i != NO_FOLLOWER).then_some(i);
        let farms =
            std::iter::successors(listed(heads[Part::Farm as usize]), |&i| listed(counted[i as usize].next_in_part))
                .map(|i| counted[i as usize].feature);
        score_farms(board, &self.setup.rules, farms, self.pigs_count(), out);
        if self.setup.has(TileSet::KingRobber) {
            score_titles(board, &self.titles, self.setup.rules.road_loops_complete, out);
        }
        if self.setup.has(TileSet::TradersBuilders) {
            score_goods(self.goods(), board.tiles()[0].cell_anchor(), out);
        }
        // Ingots still on tiles are lost (GM-06): only those in hand are counted.
        if self.in_play.gold {
            score_gold(self.gold(), board.tiles()[0].cell_anchor(), out);
        }
    }

    /// How pigs count at this table (T-17, X-12, QX-07).
    fn pigs_count(&self) -> Pigs {
        Pigs { in_play: self.setup.has(TileSet::TradersBuilders), stack: self.setup.rules.herd_and_pig_stack }
    }

    /// The end-of-game count as it would come out now, with the tiles and cities its scores
    /// name; the game is unchanged. This is the live "if the game ended now" view.
    pub fn final_count(&self) -> (Vec<Score>, ScoreLists) {
        let mut count = Counted::default();
        let (mut stack, mut heap) = ([CountedFollower::default(); FOLLOWERS_ON_STACK], Vec::new());
        self.count_into(&mut count, room(&mut stack, &mut heap, self.board.followers().len()));
        (count.scores, count.lists)
    }

    /// The points each seat would get from the end-of-game count now: the totals of
    /// [`Game::final_count`] without the explanations, cheap enough to show after every turn.
    pub fn final_points(&self) -> ByPlayer<u32> {
        let board = &self.board;
        let rules = &self.setup.rules;
        let pigs = self.pigs_count();
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
                // With pigs a farm's owners may be paid differently: the explained count below.
                FeatureKind::Field if rules.farms == FarmRule::Current && !pigs.in_play => {
                    farm_points(board, root).map(&mut add)
                }
                FeatureKind::Field | FeatureKind::River => None,
                _ => feature_points(board, root, rules, self.magic_on(root)).map(&mut add),
            };
        }
        // The rarer counts reuse the explained form.
        let mut rest = Counted::default();
        if rules.farms == FarmRule::FirstEdition || pigs.in_play {
            score_farms(board, rules, farms_with_farmers(board), pigs, &mut rest);
        }
        if self.setup.has(TileSet::KingRobber) {
            score_titles(board, &self.titles, rules.road_loops_complete, &mut rest);
        }
        if self.setup.has(TileSet::TradersBuilders) {
            score_goods(self.goods(), board.tiles()[0].cell_anchor(), &mut rest);
        }
        if self.in_play.gold {
            score_gold(self.gold(), board.tiles()[0].cell_anchor(), &mut rest);
        }
        for s in rest.scores {
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
    /// round, so any order is possible; the Count still blocks his quarter. Followers
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
    /// (counted already, final moves without the Count, or a final board whose figures the
    /// whole table does not support, [`Game::final_board_error`]); the game is then unchanged.
    pub fn finish_naming(&mut self, final_moves: &[QuarterMove]) -> Result<&[Event], FinishError> {
        let whole = |error| FinishError { index: None, error };
        if self.finished {
            return Err(whole(MoveError::GameOver));
        }
        if !final_moves.is_empty() && self.city.is_none() {
            return Err(whole(CountError::NoCount.into()));
        }
        // A finished table's figures came in any order: each is checked against the whole
        // table now, before anything moves.
        if let Some(e) = self.final_board_error() {
            return Err(whole(e.into()));
        }
        if let Some(e) = self.magic_stand_error() {
            return Err(whole(e.into()));
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
                    .map_err(MoveError::from)
                })
                .map_err(|error| FinishError { index: Some(index), error })?;
            game.move_out_of_city(m, feature);
        }
        if let Some(next) = next {
            *self = next;
        }
        self.events.push(Event::FinalScoringStarted);
        let first_score = self.events.len();
        // The count writes its events straight into the log, taken out meanwhile; the totals
        // and the supplies follow from those events.
        let mut log = std::mem::take(&mut self.events);
        let (mut stack, mut heap) = ([CountedFollower::default(); FOLLOWERS_ON_STACK], Vec::new());
        let counted = room(&mut stack, &mut heap, self.board.followers().len());
        self.count_into(&mut log, counted);
        self.events = log;
        for e in &self.events[first_score..] {
            if let Event::Scored(s) = e {
                for p in s.winners.iter() {
                    self.scores[p] += s.points;
                }
            }
        }
        for (f, _) in self.board.followers().iter().zip(&*counted).filter(|(_, c)| c.gone) {
            match f.figure {
                Figure::Follower => self.supply[f.player] += 1,
                Figure::Abbot => self.abbots[f.player] += 1,
                Figure::Big => self.bigs[f.player] += 1,
                Figure::Builder | Figure::Pig => self.companions.give_back(f.player, f.figure),
            }
        }
        self.board.release_followers(|i| counted[i].gone);
        // The mage and the witch leave after the count they changed (MW-08).
        self.clear_magic();
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
        self.standings_of(self.scores())
    }

    /// [`Game::standings`] on other totals, one per seat: a final board's end count added
    /// to the scores the players had on the track before it, which the engine never saw.
    pub fn standings_of(&self, totals: &[u32]) -> Vec<(PlayerId, u32, u32)> {
        let mut order: Vec<(PlayerId, u32)> = totals.iter().enumerate().map(|(i, &s)| (PlayerId(i as u8), s)).collect();
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
        self.winners_of(self.scores())
    }

    /// [`Game::winners`] on other totals, one per seat, as [`Game::standings_of`].
    pub fn winners_of(&self, totals: &[u32]) -> Vec<PlayerId> {
        let top: Vec<PlayerId> =
            self.standings_of(totals).into_iter().filter(|&(_, _, r)| r == 1).map(|(p, _, _)| p).collect();
        if top.len() > 1 && self.setup.rules.tied_winners != crate::TiedWinners::Shared {
            return Vec::new();
        }
        top
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::Rule;
    use crate::{Cell, Game, GameSetup, Move, MoveError, PlayerId, Port, Rotation, TiedWinners, TileId, TrackPosition};

    fn tile(name: &str) -> TileId {
        TileId::from_name(name).unwrap()
    }

    /// Anna's thief on the start tile's road, extended east: an unfinished road of two tiles.
    fn anna_on_an_open_road() -> Game {
        let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        game.apply(&Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, Some(Port::E))).unwrap();
        game
    }

    #[test]
    fn the_count_can_be_asked_for_without_ending_the_game() {
        let game = anna_on_an_open_road();
        let (count, _) = game.final_count();
        let road: Vec<(u32, Rule)> = count.iter().filter(|s| s.points > 0).map(|s| (s.points, s.rule)).collect();
        assert_eq!(road, [(2, Rule::B35)], "the open road, 1 a tile");
        assert_eq!(game.scores_if_ended_now(), [2, 0]);
        assert_eq!(game.final_points()[PlayerId(0)], 2, "the cheap totals agree with the explained count");
        assert_eq!((game.scores(), game.supply(), game.is_finished()), (&[0, 0][..], &[6, 7][..], false), "unchanged");
    }

    #[test]
    fn the_final_count_scores_returns_the_followers_and_closes_the_game() {
        let mut game = anna_on_an_open_road();
        game.finish().unwrap();
        assert_eq!((game.scores(), game.supply()), (&[2, 0][..], &[7, 7][..]), "B-34: scored, thief home");
        assert_eq!(game.finish().unwrap_err(), MoveError::GameOver);
        assert_eq!(game.apply(&Move::Discard { tile: tile("U") }).unwrap_err(), MoveError::GameOver);
    }

    #[test]
    fn tied_players_share_a_rank_and_the_tie_rule_decides_the_winners() {
        let mut tie = Game::new(GameSetup::base(&["Anna", "Bram", "Carl"])).unwrap();
        tie.finish().unwrap();
        let ranks: Vec<u32> = tie.standings().iter().map(|&(_, _, r)| r).collect();
        assert_eq!(ranks, [1, 1, 1], "B-51: nobody scored");
        assert_eq!(tie.winners().len(), 3, "shared by default (V-14)");
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.rules.tied_winners = TiedWinners::NoWinner;
        let mut no_winner = Game::new(setup).unwrap();
        no_winner.finish().unwrap();
        assert!(no_winner.winners().is_empty());
        let mut ahead = anna_on_an_open_road();
        ahead.finish().unwrap();
        assert_eq!(ahead.standings(), [(PlayerId(0), 2, 1), (PlayerId(1), 0, 2)]);
        assert_eq!(ahead.winners(), [PlayerId(0)]);
    }

    #[test]
    fn other_totals_are_ranked_under_the_same_tie_rule() {
        let mut ahead = anna_on_an_open_road();
        ahead.finish().unwrap();
        // Bram was far ahead on the track before Anna's 2 of the end count.
        assert_eq!(ahead.standings_of(&[52, 60]), [(PlayerId(1), 60, 1), (PlayerId(0), 52, 2)]);
        assert_eq!(ahead.winners_of(&[52, 60]), [PlayerId(1)]);
        assert_eq!(ahead.winners_of(&[60, 60]), [PlayerId(0), PlayerId(1)], "a tie shared by default (V-14)");
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.rules.tied_winners = TiedWinners::NoWinner;
        let no_winner = Game::new(setup).unwrap();
        assert!(no_winner.winners_of(&[60, 60]).is_empty(), "no winner of a tie under V-14's option");
    }

    #[test]
    fn a_total_past_fifty_goes_round_the_track_with_tokens() {
        let at = |total| {
            let t = TrackPosition::of(total);
            (t.space, t.fifties, t.hundreds)
        };
        assert_eq!(at(0), (0, 0, 0));
        assert_eq!(at(49), (49, 0, 0));
        assert_eq!(at(50), (0, 1, 0), "B-50: the 50 token");
        assert_eq!(at(123), (23, 0, 1), "the 100 token alone");
        assert_eq!(at(175), (25, 1, 1));
    }

    #[test]
    fn a_marker_and_tokens_read_off_the_table_make_a_total() {
        for total in [0, 49, 50, 84, 123, 175, 262] {
            assert_eq!(TrackPosition::of(total).total(), Some(total), "{total} read back");
        }
        let held = |space, fifties, hundreds| TrackPosition { space, fifties, hundreds }.total();
        assert_eq!(held(12, 2, 0), Some(112), "two 50s held for a 100");
        assert_eq!(held(50, 0, 0), None, "space 50 is space 0 with a 50 token: no space of its own");
        assert_eq!(held(0, 0, u32::MAX), None, "past any count");
    }
}
