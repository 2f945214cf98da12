//! The ledger out (`castellan ledger export`): finished games as game scripts (an exact
//! replay), results as CSV, or BG Stats–shaped JSON for play-logging apps.
//!
//! Voided games are left out of all three: the group said they do not count, and an export
//! feeds other tools' statistics. They stay in the ledger file itself.

use crate::TableError;
use castellan_ledger::{GameHistory, GameStatus, Ledger, NightHistory, Player, PlayerId};
use serde_json::{json, Value};
use std::collections::HashMap;

/// A file to write: its name and contents.
pub type File = (String, String);

fn names(ledger: &Ledger) -> Result<HashMap<PlayerId, Player>, TableError> {
    Ok(ledger.players()?.into_iter().map(|p| (p.id, p)).collect())
}

fn finished(history: &[NightHistory]) -> impl Iterator<Item = (&NightHistory, &GameHistory)> {
    history
        .iter()
        .flat_map(|n| n.games.iter().map(move |g| (n, g)))
        .filter(|(_, g)| g.game.status == GameStatus::Finished && g.game.voided_at.is_none())
}

/// One game script per finished game, `game-<id>.json`, replaying it exactly.
///
/// # Errors
/// The ledger fails, or a stored setup or move is not valid JSON.
pub fn scripts(ledger: &Ledger) -> Result<Vec<File>, TableError> {
    let people = names(ledger)?;
    let mut files = Vec::new();
    for (_, g) in finished(&ledger.history()?) {
        let game = &g.game;
        let bad = |detail: String| TableError::Stored { game: game.id.0, detail };
        let setup: Value = serde_json::from_str(&game.setup_json).map_err(|e| bad(format!("setup: {e}")))?;
        let players: Vec<Value> =
            game.turn_order().map(|s| json!({"name": people[&s.player].name, "color": s.color.as_str()})).collect();
        let moves = ledger
            .moves(game.id)?
            .into_iter()
            .map(|m| serde_json::from_str::<Value>(&m.move_json).map_err(|e| bad(format!("move {}: {e}", m.seq))))
            .collect::<Result<Vec<_>, _>>()?;
        let mut script = json!({
            "format": castellan_script::FORMAT,
            "version": castellan_script::VERSION,
            "players": players,
            "setup": setup,
            "moves": moves,
            "final_scoring": true,
        });
        if let Some(text) = &game.final_moves_json {
            script["final_moves"] = serde_json::from_str(text).map_err(|e| bad(format!("final moves: {e}")))?;
        }
        files.push((format!("game-{}.json", game.id.0), serde_json::to_string_pretty(&script).expect("JSON")));
    }
    Ok(files)
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// `results.csv`: one row per player of each finished game.
///
/// # Errors
/// The ledger fails.
pub fn csv(ledger: &Ledger) -> Result<Vec<File>, TableError> {
    let people = names(ledger)?;
    let mut out = String::from(
        "game,date,place,started_at,ended_at,player,color,seat,rank,score,roads,cities,cloisters,farms,king_robber,count\n",
    );
    for (night, g) in finished(&ledger.history()?) {
        let game = &g.game;
        for (seat, s) in game.turn_order().enumerate() {
            let Some(st) = g.standings.iter().find(|st| st.result.player == s.player) else { continue };
            let r = &st.result;
            let p = &r.points;
            let row = [
                game.id.0.to_string(),
                night.night.date.to_string(),
                csv_field(night.night.place.as_deref().unwrap_or("")),
                game.started_at.to_rfc3339(),
                game.ended_at.map(|t| t.to_rfc3339()).unwrap_or_default(),
                csv_field(&people[&s.player].name),
                s.color.as_str().to_string(),
                (seat + 1).to_string(),
                st.rank.to_string(),
                r.score.to_string(),
                p.roads.to_string(),
                p.cities.to_string(),
                p.cloisters.to_string(),
                p.farms.to_string(),
                p.king_robber.to_string(),
                p.count.to_string(),
            ];
            out.push_str(&row.join(","));
            out.push('\n');
        }
    }
    Ok(vec![("results.csv".into(), out)])
}

/// `bgstats.json`: plays shaped like a play-logging app's import — game, date, duration,
/// location, expansions, and per player the score, rank, winner flag and start player.
///
/// # Errors
/// The ledger fails, or a stored setup is not valid JSON.
pub fn bgstats(ledger: &Ledger) -> Result<Vec<File>, TableError> {
    let people = names(ledger)?;
    let mut plays = Vec::new();
    for (night, g) in finished(&ledger.history()?) {
        let game = &g.game;
        let setup: Value = serde_json::from_str(&game.setup_json)
            .map_err(|e| TableError::Stored { game: game.id.0, detail: format!("setup: {e}") })?;
        let expansions: Vec<Value> = setup["sets"]
            .as_array()
            .map(|sets| sets.iter().filter(|s| s.as_str() != Some("base")).cloned().collect())
            .unwrap_or_default();
        let duration = game.ended_at.map(|end| (end - game.started_at).num_minutes());
        let players: Vec<Value> = game
            .turn_order()
            .enumerate()
            .filter_map(|(seat, s)| {
                let st = g.standings.iter().find(|st| st.result.player == s.player)?;
                Some(json!({
                    "name": people[&s.player].name,
                    "color": s.color.as_str(),
                    "score": st.result.score,
                    "rank": st.rank,
                    "winner": st.rank == 1,
                    "startPlayer": seat == 0,
                    "seatOrder": seat + 1,
                }))
            })
            .collect();
        plays.push(json!({
            "game": "Carcassonne",
            "playDate": game.started_at.to_rfc3339(),
            "nightDate": night.night.date.to_string(),
            "durationMin": duration,
            "location": night.night.place,
            "expansions": expansions,
            "players": players,
        }));
    }
    Ok(vec![("bgstats.json".into(), serde_json::to_string_pretty(&json!({ "plays": plays })).expect("JSON"))])
}
