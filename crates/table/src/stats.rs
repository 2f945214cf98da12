//! The statistics, players named: the statistics screen's data and, as JSON, the output of
//! `castellan ledger stats --json` (keys in snake_case, as that command has always printed).

use crate::TableError;
use castellan_ledger::{GameId, Ledger, PlayerId, PlayerRating, PointsByKind, Record};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;

/// One player over all their games.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlayerStatsView {
    /// Their name.
    pub name: String,
    /// Finished games played.
    pub games: u32,
    /// Games won; a shared first place is a win for each.
    pub wins: u32,
    /// Average score.
    pub average: Option<f64>,
    /// Best score.
    pub best: Option<u32>,
    /// Points by kind, summed.
    pub points: PointsByKind,
    /// The part of all their points that came from farms.
    pub farm_share: Option<f64>,
}

/// Two players' games together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[allow(missing_docs)]
pub struct HeadToHeadView {
    pub a: String,
    pub b: String,
    /// Finished games both played.
    pub games: u32,
    /// Games `a` finished ahead of `b`.
    pub a_wins: u32,
    /// Games `b` finished ahead of `a`.
    pub b_wins: u32,
    /// Games they finished level.
    pub ties: u32,
}

/// An all-time record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RecordView {
    /// Who holds it.
    pub player: String,
    /// In which game.
    pub game: u32,
    /// On which date (YYYY-MM-DD).
    pub date: String,
    /// Tiles or points.
    pub value: u32,
}

/// The all-time records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[allow(missing_docs)]
pub struct RecordsView {
    pub biggest_city: Option<RecordView>,
    pub longest_road: Option<RecordView>,
    pub highest_score: Option<RecordView>,
    pub most_farm_points: Option<RecordView>,
}

/// A player's rating after one game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RatingPointView {
    /// The game.
    pub game: u32,
    /// Its night's date (YYYY-MM-DD).
    pub date: String,
    /// The rating after it.
    pub rating: f64,
    /// Its uncertainty (one standard deviation).
    pub uncertainty: f64,
}

/// One player's rating (Weng-Lin: everyone starts at 25 ± 8.3).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct RatingView {
    /// Their name.
    pub name: String,
    /// The best estimate of their strength.
    pub rating: f64,
    /// One standard deviation of it: the strength is within twice this with about 95%
    /// certainty.
    pub uncertainty: f64,
    /// Rated games.
    pub games: u32,
    /// Too few games to lean on it.
    pub provisional: bool,
    /// The rating after each of their games, oldest first.
    pub history: Vec<RatingPointView>,
}

/// Everything the statistics screen shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct StatsView {
    /// Per player, by name.
    pub players: Vec<PlayerStatsView>,
    /// Per pair of players who met.
    pub head_to_head: Vec<HeadToHeadView>,
    /// The records.
    pub records: RecordsView,
    /// Every rated player, highest rating first.
    pub ratings: Vec<RatingView>,
    /// Finished games left out of everything above because only their end count is known
    /// (a final board counted without the scores before the count).
    pub end_count_only_games: u32,
}

/// The statistics over every finished game.
///
/// # Errors
/// The ledger fails.
pub fn stats(ledger: &Ledger) -> Result<StatsView, TableError> {
    let names: HashMap<PlayerId, String> = ledger.players()?.into_iter().map(|p| (p.id, p.name)).collect();
    let name = |id: PlayerId| names.get(&id).cloned().unwrap_or_default();
    let stats = ledger.statistics()?;
    let record = |r: Option<Record>| {
        r.map(|r| RecordView {
            player: name(r.player),
            game: game_number(r.game),
            date: r.date.to_string(),
            value: r.value,
        })
    };
    Ok(StatsView {
        players: stats
            .players
            .iter()
            .map(|p| PlayerStatsView {
                name: name(p.player),
                games: p.games,
                wins: p.wins,
                average: p.average_score(),
                best: p.best_score,
                points: p.points,
                farm_share: p.farm_share(),
            })
            .collect(),
        head_to_head: stats
            .head_to_head
            .iter()
            .map(|h| HeadToHeadView {
                a: name(h.a),
                b: name(h.b),
                games: h.games,
                a_wins: h.a_wins,
                b_wins: h.b_wins,
                ties: h.ties(),
            })
            .collect(),
        records: RecordsView {
            biggest_city: record(stats.records.biggest_city),
            longest_road: record(stats.records.longest_road),
            highest_score: record(stats.records.highest_score),
            most_farm_points: record(stats.records.most_farm_points),
        },
        end_count_only_games: stats.end_count_only_games,
        ratings: ledger.ratings()?.players.iter().map(|p| rating_view(p, name(p.player))).collect(),
    })
}

fn rating_view(rated: &PlayerRating, name: String) -> RatingView {
    RatingView {
        name,
        rating: rated.rating.mean,
        uncertainty: rated.rating.uncertainty,
        games: rated.games,
        provisional: rated.is_provisional(),
        history: rated
            .history
            .iter()
            .map(|point| RatingPointView {
                game: game_number(point.game),
                date: point.date.to_string(),
                rating: point.rating.mean,
                uncertainty: point.rating.uncertainty,
            })
            .collect(),
    }
}

fn game_number(game: GameId) -> u32 {
    u32::try_from(game.0).expect("ledger row ids fit in 32 bits")
}

/// The statistics as JSON (`castellan ledger stats --json`).
///
/// # Errors
/// The ledger fails.
pub fn stats_json(ledger: &Ledger) -> Result<Value, TableError> {
    Ok(serde_json::to_value(stats(ledger)?).expect("statistics are plain data"))
}
