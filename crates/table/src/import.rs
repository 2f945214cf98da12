//! Finished game scripts into the ledger (`castellan ledger import`).
//!
//! Each file is checked completely first — valid script, finished, every move legal, every
//! player's name a name and no two of them one player — and only then written: its players,
//! its night and the game in one [`castellan_ledger::Batch`], so a refused file leaves the
//! ledger as it was. Games of one date and place share one night, however many commands
//! brought them in. A file whose game is in the ledger already is refused unless asked for
//! again.

use crate::limit::{player_names, PlaceName, PlayerName};
use crate::{record, TableError};
use castellan_ledger::{check_roster, Finish, GameId, GameImport, Ledger, LedgerError, NewGame, NewMove, Seat};
use castellan_script::{move_json, Script};
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use serde_json::Value;

/// When and where the imported games were played, and what is importing them.
#[derive(Clone, Debug)]
pub struct Occasion {
    /// The game night's date.
    pub date: NaiveDate,
    /// Where, if said.
    pub place: Option<String>,
    /// The time to stamp on games and moves, which scripts do not carry.
    pub now: DateTime<Utc>,
    /// The version of the program importing (kept with each game).
    pub app_version: String,
}

impl Occasion {
    /// Importing at `now`, the players' local time: the night is `now`'s date in its own zone
    /// ([`crate::night`]), and the games are stamped with the instant in UTC.
    pub fn at<Tz: TimeZone>(now: DateTime<Tz>, place: Option<String>, app_version: String) -> Occasion {
        Occasion { date: crate::night::date_of(&now), place, now: now.with_timezone(&Utc), app_version }
    }
}

/// What to do with a file whose game is in the ledger already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    /// Refuse it with [`TableError::AlreadyImported`]: importing a file twice is a slip.
    Refuse,
    /// Import it once more: the group really played the same game again.
    Allow,
}

/// A script checked and ready to write.
struct Checked {
    script: Script,
    /// The players' names, in seat order, within their limit.
    names: Vec<PlayerName>,
    raw: Value,
    game: castellan_engine::Game,
}

fn check(file: &str, text: &str) -> Result<Checked, TableError> {
    let script =
        Script::from_json(text).map_err(|error| TableError::Script { file: file.into(), error: Box::new(error) })?;
    if !script.final_scoring {
        return Err(TableError::Unfinished { file: file.into() });
    }
    let game = script.play().map_err(|error| TableError::Script { file: file.into(), error: Box::new(error) })?;
    let names = player_names(script.setup.players.iter().map(|p| p.name.as_str()))
        .map_err(|over| TableError::OverLimit { file: Some(file.into()), over })?;
    check_roster(names.iter().map(PlayerName::as_str))
        .map_err(|error| TableError::Refused { file: file.into(), error: Box::new(error.into()) })?;
    let raw: Value = serde_json::from_str(castellan_script::without_bom(text)).expect("parsed above");
    Ok(Checked { script, names, raw, game })
}

/// Imports one finished game script into the night of the occasion's date and place (found,
/// or created with the game).
///
/// # Errors
/// The script is invalid, unfinished or breaks a rule, two of its names are one player, its
/// game is in the ledger already (unless `repeat` allows it), or the ledger refuses; nothing
/// of this file is written then.
pub fn import_script(
    ledger: &mut Ledger,
    occasion: &Occasion,
    file: &str,
    text: &str,
    repeat: Repeat,
) -> Result<GameId, TableError> {
    let place = PlaceName::optional(occasion.place.as_deref())
        .map_err(|over| TableError::OverLimit { file: Some(file.into()), over })?;
    let Checked { script, names, raw, game } = check(file, text)?;
    let refused = |error: LedgerError| TableError::Refused { file: file.into(), error: Box::new(error) };
    let batch = ledger.batch().map_err(|e| refused(e.into()))?;
    let mut seats = Vec::new();
    for (p, name) in script.setup.players.iter().zip(&names) {
        let player = batch.find_or_add_player(name.as_str(), Some(p.color)).map_err(|e| refused(e.into()))?;
        seats.push(Seat { player, color: p.color });
    }
    let night = batch
        .find_or_add_night_at(occasion.date, place.as_ref().map(PlaceName::as_str))
        .map_err(|e| refused(e.into()))?;
    let seated: Vec<_> = seats.iter().map(|s| s.player).collect();
    // The moves as read, a final board's `followers` list included as stand moves, so that the
    // stored game replays to the board that was counted.
    let moves: Vec<Value> = script.all_moves().iter().map(|m| move_json(&script.setup, m)).collect();
    let import = GameImport {
        game: NewGame {
            night,
            script_version: castellan_script::version_for(&script.setup) as u32,
            setup_json: raw.get("setup").cloned().unwrap_or_else(|| serde_json::json!({})).to_string(),
            seats,
            start_seat: 0,
            started_at: occasion.now,
            app_version: Some(occasion.app_version.clone()),
        },
        moves: moves.iter().map(|m| NewMove { move_json: m.to_string(), entered_at: occasion.now }).collect(),
        finish: Some(Finish {
            // The script was replayed whole when it was checked: this replay cannot be refused.
            biggest_move: record::biggest_move(&script.setup, &script.all_moves(), &seated)
                .map_err(TableError::from)?,
            final_moves_json: raw
                .get("final_moves")
                .and_then(Value::as_array)
                .filter(|moves| !moves.is_empty())
                .map(|moves| Value::from(moves.clone()).to_string()),
            ended_at: occasion.now,
            results: record::results(&game, &seated, script.track.as_deref()),
        }),
    };
    if repeat == Repeat::Refuse {
        if let Some(existing) = batch.same_game(&import).map_err(|e| refused(e.into()))? {
            drop(batch);
            let night = ledger
                .night(ledger.game(existing).map_err(|e| refused(e.into()))?.night)
                .map_err(|e| refused(e.into()))?;
            return Err(TableError::AlreadyImported {
                file: file.into(),
                game: existing.0,
                date: night.date,
                place: night.place.map(|p| castellan_script::shown::excerpt(&p).to_string()),
            });
        }
    }
    let id = batch.import_game(&import).map_err(|e| refused(e.into()))?;
    batch.commit().map_err(|e| refused(e.into()))?;
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::fixture::TWO_TILE_GAME as GAME;

    fn occasion() -> Occasion {
        Occasion {
            date: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
            place: Some("Club".into()),
            now: DateTime::from_timestamp(1_795_000_000, 0).unwrap(),
            app_version: "0.9.0".into(),
        }
    }

    fn import(ledger: &mut Ledger, file: &str, text: &str) -> Result<GameId, TableError> {
        import_script(ledger, &occasion(), file, text, Repeat::Refuse)
    }

    /// The players and nights in the ledger: what a refused file must not leave behind.
    fn written(ledger: &Ledger) -> (usize, usize) {
        (ledger.players().unwrap().len(), ledger.history().unwrap().len())
    }

    #[test]
    fn a_name_or_place_past_its_limit_is_refused_and_nothing_written() {
        use crate::limit::{OverLimit, LIMITS};
        let max = LIMITS.player_name as usize;
        let mut ledger = Ledger::open_in_memory().unwrap();
        let long = GAME.replace("Bram", &"B".repeat(max + 1));
        let err = import(&mut ledger, "long.json", &long).unwrap_err();
        assert!(
            matches!(&err, TableError::OverLimit { file: Some(f), over: OverLimit::PlayerName { chars: 41, max: 40, .. } } if f == "long.json"),
            "{err:?}"
        );
        assert_eq!(written(&ledger), (0, 0), "no player, no night");
        let far = Occasion { place: Some("p".repeat(LIMITS.place as usize + 1)), ..occasion() };
        let err = import_script(&mut ledger, &far, "g.json", GAME, Repeat::Refuse).unwrap_err();
        assert!(matches!(&err, TableError::OverLimit { over: OverLimit::Place { chars: 61, max: 60 }, .. }), "{err:?}");
        assert_eq!(written(&ledger), (0, 0), "no player, no night");

        let at = GAME.replace("Bram", &"B".repeat(max));
        let near = Occasion { place: Some("p".repeat(LIMITS.place as usize)), ..occasion() };
        import_script(&mut ledger, &near, "at.json", &at, Repeat::Refuse).expect("at the limits");
        assert_eq!(written(&ledger), (2, 1));
    }

    #[test]
    fn a_finished_script_is_stored_with_its_results() {
        let mut ledger = Ledger::open_in_memory().unwrap();
        let id = import(&mut ledger, "g.json", GAME).unwrap();
        let results = ledger.results(id).unwrap();
        let anna = ledger.player_by_name("Anna").unwrap().unwrap().id;
        let first = results.iter().find(|s| s.result.player == anna).expect("Anna has a result");
        assert_eq!((first.result.score, first.rank), (4, 1), "Anna's two-tile city: 4, first");
        assert_eq!(first.result.points.cities, 4);
        assert_eq!(first.result.biggest_city_tiles, Some(2));
        assert_eq!(ledger.moves(id).unwrap().len(), 2, "every move is kept");
        assert_eq!(ledger.game(id).unwrap().app_version.as_deref(), Some("0.9.0"), "and what imported it");
    }

    /// Importing at 20:00 in California (04:00 the next day in UTC) and at 00:30 in Amsterdam
    /// (23:30 the day before in UTC): each game goes into the night of its own local date,
    /// stamped with the instant in UTC.
    #[test]
    fn an_import_goes_into_the_night_of_the_players_own_date() {
        let mut ledger = Ledger::open_in_memory().unwrap();
        let cases = [
            ("2026-11-20T20:00:00-08:00", "Oakland", "2026-11-20", "2026-11-21T04:00:00+00:00"),
            ("2026-11-21T00:30:00+01:00", "Amsterdam", "2026-11-21", "2026-11-20T23:30:00+00:00"),
        ];
        for (local, place, night, stamp) in cases {
            let now = DateTime::parse_from_rfc3339(local).unwrap();
            let occasion = Occasion::at(now, Some(place.into()), "0.9.0".into());
            let id = import_script(&mut ledger, &occasion, "g.json", GAME, Repeat::Allow).unwrap();
            let game = ledger.game(id).unwrap();
            assert_eq!(ledger.night(game.night).unwrap().date.to_string(), night, "{local}: the players' own date");
            assert_eq!(game.started_at.to_rfc3339(), stamp, "{local}: the instant, in UTC");
        }
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
        let id = import(&mut ledger, "f.json", board).unwrap();
        let moves = ledger.moves(id).unwrap();
        assert_eq!(moves.len(), 2, "the tile and the follower");
        assert_eq!(moves[1].move_json, r#"{"player":"Bram","stand":[1,0,"E"]}"#);
        let history = crate::stored::stored_history(&ledger, id).unwrap().history;
        assert_eq!(history.game().supply(), &[7, 6], "the stored game replays with Bram's thief");
    }

    #[test]
    fn a_refused_script_writes_nothing() {
        let mut ledger = Ledger::open_in_memory().unwrap();
        let illegal = GAME.replace("\"rot\": 90", "\"rot\": 270");
        let err = import(&mut ledger, "bad.json", &illegal).unwrap_err();
        assert!(err.to_string().starts_with("bad.json: move 1:"), "names the file and the move: {err}");
        assert_eq!(written(&ledger), (0, 0), "no night, no players written");
        let unfinished = GAME.replace("\"final_scoring\": true", "\"final_scoring\": false");
        assert!(matches!(import(&mut ledger, "u.json", &unfinished), Err(TableError::Unfinished { .. })));
        assert!(ledger.history().unwrap().is_empty(), "nothing stored");
    }

    #[test]
    fn two_names_of_one_player_are_refused_naming_the_file_and_both() {
        let mut ledger = Ledger::open_in_memory().unwrap();
        for (a, b) in [("Xena", "xena"), ("Yuri", " Yuri "), ("Ölaf", "ÖLAF")] {
            let text = GAME.replace("\"Anna\"", &format!("{a:?}")).replace("\"Bram\"", &format!("{b:?}"));
            let err = import(&mut ledger, "same.json", &text).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("same.json: two seats for the same player: {} and {}", a.trim(), b.trim()),
                "the file and both names as written"
            );
            assert_eq!(written(&ledger), (0, 0), "{a}/{b}: no player and no night left behind");
        }
        let blank = GAME.replace("\"Bram\"", "\"  \"");
        let err = import(&mut ledger, "blank.json", &blank).unwrap_err();
        assert!(err.to_string().starts_with("blank.json: "), "names the file: {err}");
        assert_eq!(written(&ledger), (0, 0), "a blank name leaves nothing behind either");
    }

    #[test]
    fn a_player_known_by_another_spelling_is_the_same_player() {
        let mut ledger = Ledger::open_in_memory().unwrap();
        import(&mut ledger, "a.json", GAME).unwrap();
        let shouted = GAME.replace("\"Anna\"", "\" ANNA \"").replace("\"rot\": 90, \"meeple\": \"W\"", "\"rot\": 90");
        import(&mut ledger, "b.json", &shouted).unwrap();
        let names: Vec<String> = ledger.players().unwrap().into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["Anna", "Bram"], "ANNA is Anna");
    }

    #[test]
    fn the_same_file_twice_is_refused_unless_asked_for() {
        let mut ledger = Ledger::open_in_memory().unwrap();
        let first = import(&mut ledger, "g.json", GAME).unwrap();
        let later = Occasion { date: NaiveDate::from_ymd_opt(2026, 11, 27).unwrap(), place: None, ..occasion() };
        let err = import_script(&mut ledger, &later, "g.json", GAME, Repeat::Refuse).unwrap_err();
        assert!(
            matches!(&err, TableError::AlreadyImported { game, .. } if *game == first.0),
            "names the stored game: {err:?}"
        );
        assert_eq!(
            err.to_string(),
            format!(
                "g.json: already in the ledger as game {first} of 2026-11-20 at Club (same players, setup and moves)"
            )
        );
        assert_eq!(ledger.history().unwrap().len(), 1, "no night added for the refused file");
        assert_eq!(ledger.history().unwrap()[0].games.len(), 1, "nor a game");

        let again = import_script(&mut ledger, &occasion(), "g.json", GAME, Repeat::Allow).unwrap();
        assert_ne!(again, first, "asked for, it is imported once more");
        let other = GAME.replace(", \"meeple\": \"W\"", "");
        assert!(import(&mut ledger, "h.json", &other).is_ok(), "another game of the same players is not a repeat");
    }

    #[test]
    fn imports_of_one_date_and_place_share_one_night() {
        let mut ledger = Ledger::open_in_memory().unwrap();
        import(&mut ledger, "a.json", GAME).unwrap();
        let other = GAME.replace(", \"meeple\": \"W\"", "");
        import(&mut ledger, "b.json", &other).unwrap();
        let nights = ledger.history().unwrap();
        assert_eq!(nights.len(), 1, "two commands on one date and place: one night");
        assert_eq!(nights[0].games.len(), 2);
        let elsewhere = Occasion { place: Some("Home".into()), ..occasion() };
        import_script(&mut ledger, &elsewhere, "a.json", GAME, Repeat::Allow).unwrap();
        assert_eq!(ledger.history().unwrap().len(), 2, "another place is another night");
    }
}
