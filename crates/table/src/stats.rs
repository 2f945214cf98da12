//! The statistics, players named: the statistics screen's data and, as JSON, the output of
//! `castellan ledger stats --json` (keys in snake_case, as that command has always printed).

use crate::TableError;
use castellan_ledger::{Ledger, PlayerId, PointsByKind, Record};
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
            game: u32::try_from(r.game.0).expect("ledger row ids fit in 32 bits"),
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
    })
}

/// The statistics as JSON (`castellan ledger stats --json`).
///
/// # Errors
/// The ledger fails.
pub fn stats_json(ledger: &Ledger) -> Result<Value, TableError> {
    Ok(serde_json::to_value(stats(ledger)?).expect("statistics are plain data"))
}
