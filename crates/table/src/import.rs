//! Finished game scripts into the ledger (`castellan ledger import`).
//!
//! Each file is checked completely first — valid script, finished, every move legal — and
//! only then written, in one transaction: a refused file leaves the ledger as it was.

use crate::{record, TableError};
use castellan_ledger::{Color, Finish, GameId, GameImport, Ledger, NewGame, NewMove, NightId, PlayerId, Seat};
use castellan_script::{move_json, Script};
use chrono::{DateTime, NaiveDate, Utc};
use serde_json::Value;

/// When and where the imported games were played.
#[derive(Clone, Debug)]
pub struct Occasion {
    /// The game night's date.
    pub date: NaiveDate,
    /// Where, if said.
    pub place: Option<String>,
    /// The time to stamp on games and moves, which scripts do not carry.
    pub now: DateTime<Utc>,
}

/// A script checked and ready to write.
struct Checked {
    script: Script,
    raw: Value,
    game: castellan_engine::Game,
}

fn check(file: &str, text: &str) -> Result<Checked, TableError> {
    let script = Script::from_json(text).map_err(|error| TableError::Script { file: file.into(), error })?;
    if !script.final_scoring {
        return Err(TableError::Unfinished { file: file.into() });
    }
    let game = script.play().map_err(|error| TableError::Script { file: file.into(), error })?;
    let raw: Value = serde_json::from_str(castellan_script::without_bom(text)).expect("parsed above");
    Ok(Checked { script, raw, game })
}

/// Imports one finished game script into a game night (created on first use, so a command
/// whose files are all refused leaves no empty night behind).
///
/// # Errors
/// The script is invalid, unfinished or breaks a rule, or the ledger refuses; nothing of
/// this file is written then.
pub fn import_script(
    ledger: &mut Ledger,
    night: &mut Option<NightId>,
    occasion: &Occasion,
    file: &str,
    text: &str,
) -> Result<GameId, TableError> {
    let Checked { script, raw, game } = check(file, text)?;
    let mut seats = Vec::new();
    for p in &script.setup.players {
        let color: Color = p.color.name().parse().expect("the engine's colours are the ledger's");
        let player = match ledger.player_by_name(&p.name)? {
            Some(known) => known.id,
            None => ledger.add_player(&p.name, Some(color))?,
        };
        seats.push(Seat { player, color });
    }
    let night = match *night {
        Some(n) => n,
        None => *night.insert(ledger.add_night(occasion.date, occasion.place.as_deref(), &[])?),
    };
    let seated: Vec<PlayerId> = seats.iter().map(|s| s.player).collect();
    // The moves as read, a final board's `followers` list included as stand moves, so that the
    // stored game replays to the board that was counted.
    let moves: Vec<Value> = script.all_moves().iter().map(|m| move_json(&script.setup, m)).collect();
    let import = GameImport {
        game: NewGame {
            night,
            script_version: castellan_script::VERSION as u32,
            setup_json: raw.get("setup").cloned().unwrap_or_else(|| serde_json::json!({})).to_string(),
            seats,
            start_seat: 0,
            started_at: occasion.now,
        },
        moves: moves.iter().map(|m| NewMove { move_json: m.to_string(), entered_at: occasion.now }).collect(),
        finish: Some(Finish {
            final_moves_json: raw
                .get("final_moves")
                .and_then(Value::as_array)
                .filter(|moves| !moves.is_empty())
                .map(|moves| Value::from(moves.clone()).to_string()),
            ended_at: occasion.now,
            results: record::results(&game, &seated),
        }),
    };
    Ok(ledger.import_game(&import)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = r#"{"format": "castellan-game-script", "version": 1,
        "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
        "moves": [{"tile": "E", "at": [0, -1], "rot": 180, "meeple": "S"},
                  {"tile": "V", "at": [1, 0], "rot": 90, "meeple": "W"}],
        "final_scoring": true}"#;

    fn occasion() -> Occasion {
        Occasion {
            date: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
            place: Some("Club".into()),
            now: DateTime::from_timestamp(1_795_000_000, 0).unwrap(),
        }
    }

    #[test]
    fn a_finished_script_is_stored_with_its_results() {
        let mut ledger = Ledger::open_in_memory().unwrap();
        let mut night = None;
        let id = import_script(&mut ledger, &mut night, &occasion(), "g.json", GAME).unwrap();
        let results = ledger.results(id).unwrap();
        let anna = ledger.player_by_name("Anna").unwrap().unwrap().id;
        let first = results.iter().find(|s| s.result.player == anna).expect("Anna has a result");
        assert_eq!((first.result.score, first.rank), (4, 1), "Anna's two-tile city: 4, first");
        assert_eq!(first.result.points.cities, 4);
        assert_eq!(first.result.biggest_city_tiles, Some(2));
        assert_eq!(ledger.moves(id).unwrap().len(), 2, "every move is kept");
    }

    #[test]
    fn a_final_boards_followers_list_is_stored_as_stand_moves() {
        let board = r#"{"format": "castellan-game-script", "version": 1,
            "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
            "setup": {"mode": "final-board"},
            "moves": [{"tile": "U", "at": [1, 0], "rot": 0}],
            "followers": [{"player": "Bram", "at": [1, 0, "E"]}],
            "final_scoring": true}"#;
        let mut ledger = Ledger::open_in_memory().unwrap();
        let id = import_script(&mut ledger, &mut None, &occasion(), "f.json", board).unwrap();
        let moves = ledger.moves(id).unwrap();
        assert_eq!(moves.len(), 2, "the tile and the follower");
        assert_eq!(moves[1].move_json, r#"{"player":"Bram","stand":[1,0,"E"]}"#);
        let history = crate::live::stored_history(&ledger, id).unwrap().history;
        assert_eq!(history.game().supply(), &[7, 6], "the stored game replays with Bram's thief");
    }

    #[test]
    fn a_refused_script_writes_nothing() {
        let mut ledger = Ledger::open_in_memory().unwrap();
        let mut night = None;
        let illegal = GAME.replace("\"rot\": 90", "\"rot\": 270");
        let err = import_script(&mut ledger, &mut night, &occasion(), "bad.json", &illegal).unwrap_err();
        assert!(err.to_string().starts_with("bad.json: move 1:"), "names the file and the move: {err}");
        assert!(night.is_none() && ledger.players().unwrap().is_empty(), "no night, no players written");
        let unfinished = GAME.replace("\"final_scoring\": true", "\"final_scoring\": false");
        assert!(matches!(
            import_script(&mut ledger, &mut night, &occasion(), "u.json", &unfinished),
            Err(TableError::Unfinished { .. })
        ));
        assert!(ledger.history().unwrap().is_empty(), "nothing stored");
    }
}
