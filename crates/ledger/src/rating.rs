//! Ratings: how strong each player is, learnt from the finishing order of every game that
//! counts in the statistics, with how sure that figure is.
//!
//! The method is Weng-Lin's Bayesian rating (the one OpenSkill uses), from the `skillratings`
//! crate. A Carcassonne game of two to six players ends in one finishing order, ties allowed;
//! Weng-Lin takes that order as one observation. Glicko-2 would have to split a six-player game
//! into fifteen pairwise matches counted as if independent, and grow too sure too fast; TrueSkill
//! rates orders too but needs a factor graph per game for the same result here.
//!
//! Nothing is stored: the ratings are replayed from the results, in the order the games were
//! played, each time they are asked for, so a voided game or a corrected result changes them
//! at once. The games left out are the statistics' own (voided ones, and final boards counted
//! from the end count alone).

use std::collections::HashMap;

use chrono::NaiveDate;
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

use crate::error::Result;
use crate::timestamp::Day;
use crate::{query, GameId, Ledger, PlayerId};

/// Below this many rated games a player's rating is provisional: the method starts everyone at
/// the same figure, and a handful of games cannot yet tell much about them.
pub const PROVISIONAL_GAMES: u32 = 5;

/// A rating and how far it may be off.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The best estimate of the player's strength; everyone starts at 25.
    pub mean: f64,
    /// One standard deviation of that estimate; everyone starts at 25/3 and it shrinks as they
    /// play. The strength is within twice this of `mean` with about 95% certainty.
    pub uncertainty: f64,
}

impl Rating {
    /// The rating before any game.
    pub fn initial() -> Rating {
        Rating::from(WengLinRating::new())
    }
}

impl From<WengLinRating> for Rating {
    fn from(rating: WengLinRating) -> Rating {
        Rating { mean: rating.rating, uncertainty: rating.uncertainty }
    }
}

impl From<Rating> for WengLinRating {
    fn from(rating: Rating) -> WengLinRating {
        WengLinRating { rating: rating.mean, uncertainty: rating.uncertainty }
    }
}

/// A player's rating just after one of their games.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingPoint {
    /// The game.
    pub game: GameId,
    /// The date of its night.
    pub date: NaiveDate,
    /// The rating after it.
    pub rating: Rating,
}

/// One player's rating and how it came to be.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRating {
    /// The player.
    pub player: PlayerId,
    /// The rating now.
    pub rating: Rating,
    /// Rated games played.
    pub games: u32,
    /// The rating after each of those games, oldest first.
    pub history: Vec<RatingPoint>,
}

impl PlayerRating {
    /// Whether too few games are behind the rating to lean on it ([`PROVISIONAL_GAMES`]).
    pub fn is_provisional(&self) -> bool {
        self.games < PROVISIONAL_GAMES
    }
}

/// Every player with a rated game, highest rating first (ties by player id).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Ratings {
    /// Per player.
    pub players: Vec<PlayerRating>,
}

/// One game's seats as the ratings read them.
struct RatedGame {
    game: GameId,
    date: NaiveDate,
    ranks: Vec<(PlayerId, u32)>,
}

impl Ledger {
    /// Replays every game that counts in the statistics, in the order they were played, and
    /// gives each player's rating and its history. A game of one player teaches nothing and is
    /// skipped.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if a query fails.
    pub fn ratings(&self) -> Result<Ratings> {
        // Results come in primary-key order and the games' order is sorted apart: a sort of
        // the ten thousand games is cheaper than one of every result row.
        const RESULTS: &str = concat!(
            "SELECT game_id, player_id, rank FROM results WHERE game_id NOT IN ",
            "(SELECT id FROM games WHERE voided_at IS NOT NULL UNION ALL SELECT id FROM games WHERE end_count_only) ",
            "ORDER BY game_id, player_id"
        );
        const ORDER: &str = concat!(
            "SELECT g.id, n.date FROM games g JOIN nights n ON n.id = g.night_id WHERE g.finished ",
            "ORDER BY n.date, g.started_at, g.id"
        );

        let tx = self.read()?;
        let mut games: HashMap<GameId, Vec<(PlayerId, u32)>> = HashMap::new();
        query::each(&tx, RESULTS, [], |row| {
            games.entry(GameId(row.get(0)?)).or_default().push((PlayerId(row.get(1)?), row.get(2)?));
            Ok(())
        })?;
        let mut played = Vec::with_capacity(games.len());
        query::each(&tx, ORDER, [], |row| {
            let game = GameId(row.get(0)?);
            if let Some(ranks) = games.remove(&game) {
                played.push(RatedGame { game, date: row.get::<_, Day>(1)?.0, ranks });
            }
            Ok(())
        })?;
        Ok(rate(&played))
    }
}

/// Rates `games`, oldest first.
fn rate(games: &[RatedGame]) -> Ratings {
    let config = WengLinConfig::new();
    let mut players: HashMap<PlayerId, PlayerRating> = HashMap::new();
    for game in games.iter().filter(|game| game.ranks.len() >= 2) {
        let before: Vec<[WengLinRating; 1]> = game
            .ranks
            .iter()
            .map(|&(player, _)| [players.get(&player).map_or(Rating::initial(), |rated| rated.rating).into()])
            .collect();
        let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = before
            .iter()
            .zip(&game.ranks)
            .map(|(team, &(_, rank))| (&team[..], MultiTeamOutcome::new(rank as usize)))
            .collect();
        let after = weng_lin_multi_team(&teams, &config);
        for (&(player, _), team) in game.ranks.iter().zip(after) {
            let rating = Rating::from(team[0]);
            let rated =
                players.entry(player).or_insert_with(|| PlayerRating { player, rating, games: 0, history: Vec::new() });
            rated.rating = rating;
            rated.games += 1;
            rated.history.push(RatingPoint { game: game.game, date: game.date, rating });
        }
    }
    let mut players: Vec<PlayerRating> = players.into_values().collect();
    players.sort_by(|a, b| b.rating.mean.total_cmp(&a.rating.mean).then(a.player.cmp(&b.player)));
    Ratings { players }
}
