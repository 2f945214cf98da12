//! The statistics as JSON (`castellan ledger stats --json`), players named.

use crate::TableError;
use castellan_ledger::{Ledger, PlayerId, Record};
use serde_json::{json, Value};
use std::collections::HashMap;

/// Per player: games, wins (a shared first place counts for each), average and best score,
/// points by kind, farm share; head-to-head records; the all-time records.
///
/// # Errors
/// The ledger fails.
pub fn stats_json(ledger: &Ledger) -> Result<Value, TableError> {
    let names: HashMap<PlayerId, String> = ledger.players()?.into_iter().map(|p| (p.id, p.name)).collect();
    let stats = ledger.statistics()?;
    let record = |r: Option<Record>| {
        r.map(|r| json!({"player": names[&r.player], "game": r.game.0, "date": r.date.to_string(), "value": r.value}))
    };
    Ok(json!({
        "players": stats.players.iter().map(|p| json!({
            "name": names[&p.player],
            "games": p.games,
            "wins": p.wins,
            "average": p.average_score(),
            "best": p.best_score,
            "points": {
                "roads": p.points.roads,
                "cities": p.points.cities,
                "cloisters": p.points.cloisters,
                "farms": p.points.farms,
                "king_robber": p.points.king_robber,
                "count": p.points.count,
            },
            "farm_share": p.farm_share(),
        })).collect::<Vec<_>>(),
        "head_to_head": stats.head_to_head.iter().map(|h| json!({
            "a": names[&h.a], "b": names[&h.b], "games": h.games,
            "a_wins": h.a_wins, "b_wins": h.b_wins, "ties": h.ties(),
        })).collect::<Vec<_>>(),
        "records": {
            "biggest_city": record(stats.records.biggest_city),
            "longest_road": record(stats.records.longest_road),
            "highest_score": record(stats.records.highest_score),
            "most_farm_points": record(stats.records.most_farm_points),
        },
    }))
}
