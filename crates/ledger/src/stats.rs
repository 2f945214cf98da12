//! Statistics over every finished game: per player, head to head, and the all-time records.
//!
//! Everything here is computed from the `results` table at the moment it is asked for, in
//! SQL, so that it is never out of date and costs a few milliseconds even for ten thousand
//! games. Games in progress and abandoned games have no results and so do not count.

use chrono::NaiveDate;

use crate::error::Result;
use crate::timestamp::Day;
use crate::{query, GameId, Ledger, PlayerId, PointsByKind};

/// One player's figures over all their finished games.
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

/// Two players' record against each other, over the finished games they both played.
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
}

/// The query for one record: the highest non-null value of a `results` column, the earliest
/// game first among equals.
macro_rules! record_query {
    ($column:literal) => {
        concat!(
            "SELECT r.player_id, r.game_id, n.date, r.",
            $column,
            " FROM results r JOIN games g ON g.id = r.game_id ",
            "JOIN nights n ON n.id = g.night_id WHERE r.",
            $column,
            " IS NOT NULL ORDER BY r.",
            $column,
            " DESC, g.started_at, g.id, r.player_id LIMIT 1"
        )
    };
}

impl Ledger {
    /// Computes every statistic from the stored results, in one read transaction.
    ///
    /// # Errors
    ///
    /// [`crate::LedgerError::Sqlite`] if a query fails.
    pub fn statistics(&self) -> Result<Statistics> {
        const PLAYERS: &str = "SELECT p.id, count(r.game_id), \
             coalesce(sum(r.rank = 1), 0), coalesce(sum(r.score), 0), max(r.score), \
             coalesce(sum(r.roads_points), 0), coalesce(sum(r.cities_points), 0), \
             coalesce(sum(r.cloisters_points), 0), coalesce(sum(r.farms_points), 0), \
             coalesce(sum(r.king_robber_points), 0), coalesce(sum(r.count_points), 0) \
             FROM players p LEFT JOIN results r ON r.player_id = p.id \
             GROUP BY p.id ORDER BY p.name, p.id";
        const HEAD_TO_HEAD: &str = "SELECT a.player_id, b.player_id, count(*), \
             sum(a.score > b.score), sum(b.score > a.score) \
             FROM results a JOIN results b ON b.game_id = a.game_id AND b.player_id > a.player_id \
             GROUP BY a.player_id, b.player_id ORDER BY a.player_id, b.player_id";

        let tx = self.read()?;
        let players = query::all(&tx, PLAYERS, [], |row| {
            Ok(PlayerStats {
                player: PlayerId(row.get(0)?),
                games: row.get(1)?,
                wins: row.get(2)?,
                total_score: row.get(3)?,
                best_score: row.get(4)?,
                points: PointsByKind {
                    roads: row.get(5)?,
                    cities: row.get(6)?,
                    cloisters: row.get(7)?,
                    farms: row.get(8)?,
                    king_robber: row.get(9)?,
                    count: row.get(10)?,
                },
            })
        })?;
        let head_to_head = query::all(&tx, HEAD_TO_HEAD, [], |row| {
            Ok(HeadToHead {
                a: PlayerId(row.get(0)?),
                b: PlayerId(row.get(1)?),
                games: row.get(2)?,
                a_wins: row.get(3)?,
                b_wins: row.get(4)?,
            })
        })?;
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
        Ok(Statistics {
            players,
            head_to_head,
            records,
        })
    }
}
