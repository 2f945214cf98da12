//! Statistics over every finished game: per player, head to head, and the all-time records.
//!
//! Everything here is computed from the `results` table at the moment it is asked for, so
//! that it is never out of date: one pass over the results for the per-player and
//! head-to-head figures, and one indexed lookup per record. Games in progress and abandoned
//! games have no results and so do not count; voided games keep theirs but are left out
//! (through a partial index that holds only the voided few, so leaving them out costs one
//! small list, not a lookup per result). A final board counted without the scores before
//! the count ([`crate::Game::end_count_only`]) is left out the same way: its points are the
//! end count's alone, so a win, an average or a record taken from them would say what did not
//! happen. How many such games are left out is reported, so that the screen can say so.

use std::collections::HashMap;

use chrono::NaiveDate;

use crate::error::Result;
use crate::timestamp::Day;
use crate::{query, GameId, Ledger, PlayerId, PointsByKind};

/// One player's figures over all their finished games that are not voided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerStats {
    /// The player.
    pub player: PlayerId,
    /// Finished games played.
    pub games: u32,
    /// Games won: ranked first, alone or tied (a shared first place is a win for each).
    pub wins: u32,
    /// All their scores added up.
    pub total_score: u32,
    /// Their best score, if they have played.
    pub best_score: Option<u32>,
    /// Their points by kind, added up over all games.
    pub points: PointsByKind,
}

impl PlayerStats {
    /// The mean score per game, if they have played.
    pub fn average_score(&self) -> Option<f64> {
        (self.games > 0).then(|| f64::from(self.total_score) / f64::from(self.games))
    }

    /// The share of their points that came from farms, from 0 to 1, if they have scored.
    pub fn farm_share(&self) -> Option<f64> {
        (self.total_score > 0).then(|| f64::from(self.points.farms) / f64::from(self.total_score))
    }
}

/// Two players' record against each other, over the finished games they both played that
/// are not voided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeadToHead {
    /// One player (the lower id).
    pub a: PlayerId,
    /// The other player.
    pub b: PlayerId,
    /// Finished games they both played.
    pub games: u32,
    /// Games in which `a` scored more than `b`.
    pub a_wins: u32,
    /// Games in which `b` scored more than `a`.
    pub b_wins: u32,
}

impl HeadToHead {
    /// Games in which they scored the same.
    pub fn ties(&self) -> u32 {
        self.games - self.a_wins - self.b_wins
    }
}

/// One all-time record: who set it, in which game, and the figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    /// Who holds it.
    pub player: PlayerId,
    /// The game it was set in.
    pub game: GameId,
    /// The date of that game's night.
    pub date: NaiveDate,
    /// The figure: tiles or points.
    pub value: u32,
}

/// The all-time records. When a record is equalled, the first to set it keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Records {
    /// The biggest city ever scored, in tiles (of those the caller recorded).
    pub biggest_city: Option<Record>,
    /// The longest road ever scored, in tiles (of those the caller recorded).
    pub longest_road: Option<Record>,
    /// The highest score in one game.
    pub highest_score: Option<Record>,
    /// The most farm points in one game.
    pub most_farm_points: Option<Record>,
}

/// Everything the statistics screen shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Statistics {
    /// Every player, by name, including those without a finished game.
    pub players: Vec<PlayerStats>,
    /// Every pair of players who finished a game together, ordered by ids.
    pub head_to_head: Vec<HeadToHead>,
    /// The all-time records.
    pub records: Records,
    /// Finished games not voided that are left out because only their end count is known
    /// ([`crate::Game::end_count_only`]).
    pub end_count_only_games: u32,
}

/// The games left out of every statistic: voided ones, and those whose results are the end
/// count alone. Each half reads its own partial index.
macro_rules! not_voided {
    ($game_id:literal) => {
        concat!(
            $game_id,
            " NOT IN (SELECT id FROM games WHERE voided_at IS NOT NULL ",
            "UNION ALL SELECT id FROM games WHERE end_count_only)"
        )
    };
}

/// The query for one record: the rows holding the largest value of a `results` column
/// outside voided games (found by walking its index down from the top), the earliest game
/// first, then the lowest player id.
macro_rules! record_query {
    ($column:literal) => {
        concat!(
            "SELECT r.player_id, r.game_id, n.date, r.",
            $column,
            " FROM results r JOIN games g ON g.id = r.game_id ",
            "JOIN nights n ON n.id = g.night_id WHERE g.voided_at IS NULL AND NOT g.end_count_only AND r.",
            $column,
            " = (SELECT m.",
            $column,
            " FROM results m WHERE m.",
            $column,
            " IS NOT NULL AND ",
            not_voided!("m.game_id"),
            " ORDER BY m.",
            $column,
            " DESC LIMIT 1) ORDER BY g.started_at, g.id, r.player_id LIMIT 1"
        )
    };
}

impl Ledger {
    /// Computes every statistic from the stored results of games not voided and not counted
    /// from the end count alone, in one read transaction.
    ///
    /// # Errors
    ///
    /// [`crate::LedgerError::Sqlite`] if a query fails.
    pub fn statistics(&self) -> Result<Statistics> {
        const PLAYERS: &str = "SELECT id FROM players ORDER BY name, id";
        const END_COUNT_ONLY: &str =
            "SELECT count(*) FROM games WHERE end_count_only AND finished AND voided_at IS NULL";
        // One pass in primary-key order, so a game's results arrive together. Summing in
        // SQL instead costs an index lookup per result, and the head-to-head self-join a
        // sort of every pair: several times slower at ten thousand games.
        const RESULTS: &str = concat!(
            "SELECT game_id, player_id, score, rank, roads_points, cities_points, ",
            "cloisters_points, farms_points, king_robber_points, count_points, goods_points FROM results WHERE ",
            not_voided!("game_id"),
            " ORDER BY game_id, player_id"
        );

        let tx = self.read()?;
        let order = query::all(&tx, PLAYERS, [], |row| Ok(PlayerId(row.get(0)?)))?;
        let mut players: HashMap<PlayerId, PlayerStats> =
            order.iter().map(|&player| (player, PlayerStats::empty(player))).collect();
        let mut pairs: HashMap<(PlayerId, PlayerId), HeadToHead> = HashMap::new();
        // The (player, score) of the game being read; results within a game come by
        // ascending player id, so `a < b` for every pair taken from it.
        let mut game: (i64, Vec<(PlayerId, u32)>) = (0, Vec::new());

        query::each(&tx, RESULTS, [], |row| {
            let game_id: i64 = row.get(0)?;
            let player = PlayerId(row.get(1)?);
            let score: u32 = row.get(2)?;
            let rank: u32 = row.get(3)?;
            let points = PointsByKind {
                roads: row.get(4)?,
                cities: row.get(5)?,
                cloisters: row.get(6)?,
                farms: row.get(7)?,
                king_robber: row.get(8)?,
                count: row.get(9)?,
                goods: row.get(10)?,
            };
            let stats = players.entry(player).or_insert_with(|| PlayerStats::empty(player));
            stats.games += 1;
            stats.wins += u32::from(rank == 1);
            stats.total_score += score;
            stats.best_score = stats.best_score.max(Some(score));
            stats.points = stats.points + points;

            if game.0 != game_id {
                game = (game_id, Vec::new());
            }
            for &(other, other_score) in &game.1 {
                let pair = pairs.entry((other, player)).or_insert_with(|| HeadToHead::empty(other, player));
                pair.games += 1;
                pair.a_wins += u32::from(other_score > score);
                pair.b_wins += u32::from(score > other_score);
            }
            game.1.push((player, score));
            Ok(())
        })?;

        let mut head_to_head: Vec<HeadToHead> = pairs.into_values().collect();
        head_to_head.sort_by_key(|pair| (pair.a, pair.b));
        let record = |sql: &'static str| {
            query::optional(&tx, sql, [], |row| {
                Ok(Record {
                    player: PlayerId(row.get(0)?),
                    game: GameId(row.get(1)?),
                    date: row.get::<_, Day>(2)?.0,
                    value: row.get(3)?,
                })
            })
        };
        let records = Records {
            biggest_city: record(record_query!("biggest_city_tiles"))?,
            longest_road: record(record_query!("longest_road_tiles"))?,
            highest_score: record(record_query!("score"))?,
            most_farm_points: record(record_query!("farms_points"))?,
        };
        let end_count_only_games = query::optional(&tx, END_COUNT_ONLY, [], |row| row.get(0))?.unwrap_or(0);
        Ok(Statistics {
            end_count_only_games,
            players: order.iter().filter_map(|player| players.get(player).copied()).collect(),
            head_to_head,
            records,
        })
    }
}

impl PlayerStats {
    fn empty(player: PlayerId) -> PlayerStats {
        PlayerStats { player, games: 0, wins: 0, total_score: 0, best_score: None, points: PointsByKind::default() }
    }
}

impl HeadToHead {
    fn empty(a: PlayerId, b: PlayerId) -> HeadToHead {
        HeadToHead { a, b, games: 0, a_wins: 0, b_wins: 0 }
    }
}
