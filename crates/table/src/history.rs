//! The ledger's history as the history screen shows it: game nights, newest first, each
//! with its games and who scored what; and voiding a finished game, and taking that back.
//!
//! Nights are told apart by their id: two nights may share a date and a place.

use crate::live::Table;
use crate::TableError;
use castellan_engine::TileSet;
use castellan_ledger::{Color, GameId, GameStatus, Ledger};
use chrono::{DateTime, Utc};
use serde::Serialize;
use std::collections::HashMap;

/// One player's line in a remembered game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct SeatResult {
    /// The player's name.
    pub name: String,
    /// Their colour in that game.
    pub color: Color,
    /// Final score and place, once finished (tied players share a place).
    pub score: Option<u32>,
    /// Place: 1 for the winner(s). `None` before the end, and for a game counted from the
    /// end count alone ([`GameSummary::end_count_only`]), which ranks nobody.
    pub rank: Option<u32>,
}

/// A remembered game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct GameSummary {
    /// The game's id in the ledger.
    pub game_id: u32,
    /// Where it stands.
    pub state: GameStatus,
    /// When it began (RFC 3339).
    pub started_at: String,
    /// The boxes played with besides the base game, in the order they were chosen: with the
    /// start time and the winner, what tells a night's games apart.
    pub boxes: Vec<TileSet>,
    /// When it ended, if it did.
    pub ended_at: Option<String>,
    /// The players: best first once finished, else in seat order.
    pub seats: Vec<SeatResult>,
    /// When it was voided (RFC 3339): it stays here but leaves the statistics.
    pub voided_at: Option<String>,
    /// The version of Castellan that recorded it, if known.
    pub app_version: Option<String>,
    /// A final board counted without the scores before the count: its scores are the end
    /// count's points alone, so nobody is ranked or named winner, and it leaves the
    /// statistics.
    pub end_count_only: bool,
}

/// A game night.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct NightSummary {
    /// The night's id in the ledger: what tells two nights of one date and place apart.
    pub night_id: u32,
    /// The date (YYYY-MM-DD).
    pub date: String,
    /// Where, if said.
    pub place: Option<String>,
    /// Its games, the latest first.
    pub games: Vec<GameSummary>,
}

/// Every game night, newest first.
///
/// # Errors
/// The ledger could not be read.
pub fn history(ledger: &Ledger) -> Result<Vec<NightSummary>, TableError> {
    let names: HashMap<_, _> = ledger.players()?.into_iter().map(|p| (p.id, p.name)).collect();
    let name = |id| names.get(&id).cloned().unwrap_or_default();
    ledger
        .history()?
        .into_iter()
        .map(|n| {
            Ok(NightSummary {
                night_id: u32::try_from(n.night.id.0).expect("ledger row ids fit in 32 bits"),
                date: n.night.date.to_string(),
                place: n.night.place,
                games: n
                    .games
                    .into_iter()
                    .map(|g| {
                        let boxes = boxes_of(&g.game)?;
                        let colors: HashMap<_, _> = g.game.seats.iter().map(|s| (s.player, s.color)).collect();
                        let ranked = !g.game.end_count_only;
                        let seats = if g.standings.is_empty() {
                            g.game
                                .turn_order()
                                .map(|s| SeatResult { name: name(s.player), color: s.color, score: None, rank: None })
                                .collect()
                        } else {
                            g.standings
                                .iter()
                                .map(|s| SeatResult {
                                    name: name(s.result.player),
                                    color: colors.get(&s.result.player).copied().unwrap_or(Color::Gray),
                                    score: Some(s.result.score),
                                    rank: ranked.then_some(s.rank),
                                })
                                .collect()
                        };
                        Ok(GameSummary {
                            game_id: u32::try_from(g.game.id.0).expect("ledger row ids fit in 32 bits"),
                            state: g.game.status,
                            started_at: g.game.started_at.to_rfc3339(),
                            boxes,
                            ended_at: g.game.ended_at.map(|t| t.to_rfc3339()),
                            seats,
                            voided_at: g.game.voided_at.map(|t| t.to_rfc3339()),
                            app_version: g.game.app_version,
                            end_count_only: g.game.end_count_only,
                        })
                    })
                    .collect::<Result<_, TableError>>()?,
            })
        })
        .collect()
}

/// The boxes a stored game was played with besides the base game, read from its setup.
///
/// # Errors
/// As [`sets_of`].
fn boxes_of(game: &castellan_ledger::Game) -> Result<Vec<TileSet>, TableError> {
    Ok(sets_of(game)?.into_iter().filter(|&s| s != TileSet::Base).collect())
}

/// Every box a stored game was played with, in the order its setup names them; a setup that
/// names none is the base game's.
///
/// # Errors
/// A setup that is not JSON, or names a box this version does not know.
pub(crate) fn sets_of(game: &castellan_ledger::Game) -> Result<Vec<TileSet>, TableError> {
    #[derive(serde::Deserialize)]
    struct Setup {
        #[serde(default)]
        sets: Vec<TileSet>,
    }
    let setup: Setup = serde_json::from_str(&game.setup_json)
        .map_err(|e| TableError::Stored { game: game.id.0, detail: format!("setup: {e}") })?;
    Ok(if setup.sets.is_empty() { vec![TileSet::Base] } else { setup.sets })
}

/// Voids a finished game: kept in the history, marked, and left out of the statistics.
/// Returns the history as it now stands.
///
/// # Errors
/// The game is unknown or not finished, or the ledger refuses.
pub fn void_game(table: &mut Table, game_id: u32, now: DateTime<Utc>) -> Result<Vec<NightSummary>, TableError> {
    table.ledger_mut().void_game(GameId(i64::from(game_id)), now)?;
    history(table.ledger())
}

/// Takes a voided game back into the statistics (the undo of [`void_game`]). Returns the
/// history as it now stands.
///
/// # Errors
/// The game is unknown, or the ledger refuses.
pub fn unvoid_game(table: &mut Table, game_id: u32) -> Result<Vec<NightSummary>, TableError> {
    table.ledger_mut().unvoid_game(GameId(i64::from(game_id)))?;
    history(table.ledger())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::table_in_memory;
    use crate::import::{import_script, Occasion, Repeat};
    use castellan_engine::{Cell, GameSetup, Move, Port, Rotation, TileId};
    use chrono::NaiveDate;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn finished_games_show_their_ranking_and_unfinished_ones_their_seats() {
        let mut table = table_in_memory();
        table.start(GameSetup::base(&["Anna", "Bram"]), Some("De Klok"), at("2026-11-20T19:00:00Z")).unwrap();
        let e = TileId::from_name("E").unwrap();
        table
            .play(Move::place(e, Cell::new(0, -1), Rotation::R180, Some(Port::S)), at("2026-11-20T19:01:00Z"))
            .unwrap();
        table.finish(Vec::new(), at("2026-11-20T20:00:00Z")).unwrap();
        table.start(GameSetup::base(&["Bram", "Anna"]), None, at("2026-11-20T20:10:00Z")).unwrap();

        let nights = history(table.ledger()).unwrap();
        assert_eq!(nights.len(), 1, "both games on one night");
        assert_eq!(nights[0].date, "2026-11-20");
        assert_eq!(nights[0].place.as_deref(), Some("De Klok"));
        let [second, first] = &nights[0].games[..] else { panic!("two games") };
        assert_eq!(first.state, GameStatus::Finished);
        assert_eq!(
            first.seats.iter().map(|s| (s.name.as_str(), s.score, s.rank)).collect::<Vec<_>>(),
            [("Anna", Some(4), Some(1)), ("Bram", Some(0), Some(2))]
        );
        assert_eq!(second.state, GameStatus::InProgress);
        assert_eq!(second.seats.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["Bram", "Anna"]);
    }

    #[test]
    fn each_game_names_the_boxes_it_was_played_with() {
        let mut table = table_in_memory();
        table.start(GameSetup::base(&["Anna", "Bram"]), None, at("2026-11-20T19:00:00Z")).unwrap();
        let mut boxed = GameSetup::base(&["Anna", "Bram"]);
        boxed.sets.extend([TileSet::TradersBuilders, TileSet::InnsCathedrals]);
        table.start(boxed, None, at("2026-11-20T20:00:00Z")).unwrap();

        let nights = history(table.ledger()).unwrap();
        let [later, earlier] = &nights[0].games[..] else { panic!("two games: {nights:?}") };
        assert_eq!(earlier.boxes, [], "the base game alone names no box");
        assert_eq!(later.boxes, [TileSet::TradersBuilders, TileSet::InnsCathedrals], "in the order chosen");
        let sent = serde_json::to_value(later).unwrap();
        assert_eq!(sent["boxes"], serde_json::json!(["traders-builders", "inns-cathedrals"]), "by their script names");
    }

    const GAME: &str = r#"{"format": "castellan-game-script", "version": 1,
        "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
        "moves": [{"tile": "E", "at": [0, -1], "rot": 180, "meeple": "S"}],
        "final_scoring": true}"#;

    #[test]
    fn two_nights_of_one_date_and_place_are_told_apart() {
        let mut ledger = Ledger::open_in_memory().unwrap();
        ledger.add_night(NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(), Some("Club"), &[]).unwrap();
        ledger.add_night(NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(), Some("Club"), &[]).unwrap();
        let nights = history(&ledger).unwrap();
        assert_eq!(nights.len(), 2);
        assert_ne!(nights[0].night_id, nights[1].night_id, "the screen keys nights by id, so ids must differ");
    }

    #[test]
    fn a_voided_game_stays_in_the_history_and_leaves_the_statistics() {
        let mut table = table_in_memory();
        let occasion = Occasion {
            date: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
            place: None,
            now: at("2026-11-20T21:00:00Z"),
            app_version: "0.9.0".into(),
        };
        let ledger = table.ledger_mut();
        let id = import_script(ledger, &occasion, "g.json", GAME, Repeat::Refuse).unwrap();
        let game_id = u32::try_from(id.0).unwrap();
        let wins =
            |table: &Table| crate::stats::stats(table.ledger()).unwrap().players.iter().map(|p| p.wins).sum::<u32>();
        assert_eq!(wins(&table), 1, "Anna's win counts");

        let nights = void_game(&mut table, game_id, at("2026-11-21T10:00:00Z")).unwrap();
        let game = &nights[0].games[0];
        assert_eq!(game.voided_at.as_deref(), Some("2026-11-21T10:00:00+00:00"), "shown as voided, with when");
        assert_eq!(game.state, GameStatus::Finished, "and still as the finished game it was");
        assert_eq!(game.app_version.as_deref(), Some("0.9.0"), "with the version that recorded it");
        assert_eq!(wins(&table), 0, "a voided game's win does not count");
        let exported = |table: &Table| {
            let scripts = crate::export::scripts(table.ledger()).unwrap().len();
            let csv = crate::export::csv(table.ledger()).unwrap();
            let rows = csv.iter().map(|(_, text)| text.lines().count().saturating_sub(1)).sum::<usize>();
            (scripts, rows)
        };
        assert_eq!(exported(&table), (0, 0), "nor is it exported");

        let nights = unvoid_game(&mut table, game_id).unwrap();
        assert_eq!(nights[0].games[0].voided_at, None, "undone");
        assert_eq!(wins(&table), 1, "and the win counts again");
        assert_eq!(exported(&table), (1, 2), "and it is exported again: one script, a row per player");
    }

    #[test]
    fn a_final_board_counted_without_the_scores_before_ranks_nobody_and_leaves_the_statistics() {
        use crate::export::{files, Format, Selection};
        let mut table = table_in_memory();
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.mode = castellan_engine::Mode::FinalBoard;
        let now = at("2026-11-20T19:00:00Z");
        let id = table.start(setup, None, now).unwrap().id();
        let u = TileId::from_name("U").unwrap();
        table.play(Move::place(u, Cell::new(1, 0), Rotation::R0, None), now).unwrap();
        let stand = |player, port| Move::Stand {
            player: castellan_engine::PlayerId(player),
            at: castellan_engine::Standing::Board(Cell::new(0, 0), port),
            figure: castellan_engine::Figure::Follower,
        };
        table.play(stand(0, Port::W), now).unwrap();
        table.play(stand(1, Port::N), now).unwrap();
        // "Count the end only": Anna 2, Bram 1 on the end count, whatever the track said.
        table.finish_with_track(Vec::new(), None, now).unwrap();

        let game = &history(table.ledger()).unwrap()[0].games[0];
        assert!(game.end_count_only, "the history says what the game is");
        assert_eq!(
            game.seats.iter().map(|s| (s.name.as_str(), s.score, s.rank)).collect::<Vec<_>>(),
            [("Anna", Some(2), None), ("Bram", Some(1), None)],
            "the end count's points, and nobody placed or named winner on them"
        );
        let stats = crate::stats::stats(table.ledger()).unwrap();
        assert_eq!(stats.end_count_only_games, 1, "the statistics say a game is left out");
        assert!(
            stats.players.iter().all(|p| p.games == 0 && p.wins == 0 && p.average.is_none()),
            "and count no game, win or average from it: {:?}",
            stats.players
        );
        assert!(stats.records.highest_score.is_none(), "nor a record");

        let script = &files(table.ledger(), Selection::Game(id), Format::Script).unwrap()[0].1;
        let script: serde_json::Value = serde_json::from_str(script).unwrap();
        assert_eq!(script["setup"].get("track"), None, "its script says it has no scores before the count");
        let csv = &files(table.ledger(), Selection::Game(id), Format::Csv).unwrap()[0].1;
        let (_header, body) = csv.split_once('\n').expect("a header and rows");
        let rows: Vec<Vec<&str>> = body.lines().map(|l| l.split(',').collect()).collect();
        assert!(
            rows.iter().all(|r| r[8].is_empty() && r[16] == "true"),
            "CSV rows: no rank, marked end count only: {csv}"
        );
        let bg = &files(table.ledger(), Selection::Game(id), Format::BgStats).unwrap()[0].1;
        let play = serde_json::from_str::<serde_json::Value>(bg).unwrap()["plays"][0].clone();
        assert_eq!((&play["ignored"], &play["endCountOnly"]), (&true.into(), &true.into()), "{play}");
        assert!(
            play["players"].as_array().unwrap().iter().all(|p| p["rank"].is_null() && p["winner"] == false),
            "no rank and no winner in BG Stats: {play}"
        );

        // Counted again with the scores before the count: a ranked game like any other.
        table.reopen().unwrap();
        table.finish_with_track(Vec::new(), Some(vec![34, 50]), now).unwrap();
        let game = &history(table.ledger()).unwrap()[0].games[0];
        assert!(!game.end_count_only);
        assert_eq!(
            game.seats.iter().map(|s| (s.name.as_str(), s.rank)).collect::<Vec<_>>(),
            [("Bram", Some(1)), ("Anna", Some(2))]
        );
        let stats = crate::stats::stats(table.ledger()).unwrap();
        assert_eq!(stats.end_count_only_games, 0);
        assert_eq!(stats.players.iter().map(|p| p.wins).sum::<u32>(), 1, "Bram's win on the totals counts");
        let csv = &files(table.ledger(), Selection::Game(id), Format::Csv).unwrap()[0].1;
        let (_header, body) = csv.split_once('\n').expect("a header and rows");
        assert!(body.lines().all(|l| l.split(',').nth(16) == Some("false")), "{csv}");
    }

    #[test]
    fn a_game_in_progress_cannot_be_voided() {
        let mut table = table_in_memory();
        let id = table.start(GameSetup::base(&["Anna", "Bram"]), None, at("2026-11-20T19:00:00Z")).unwrap().id();
        let e = TileId::from_name("E").unwrap();
        table
            .play(Move::place(e, Cell::new(0, -1), Rotation::R180, Some(Port::S)), at("2026-11-20T19:01:00Z"))
            .unwrap();
        let refused = void_game(&mut table, u32::try_from(id.0).unwrap(), at("2026-11-20T19:02:00Z")).unwrap_err();
        assert!(
            matches!(
                refused,
                TableError::Ledger(castellan_ledger::LedgerError::Status(
                    castellan_ledger::StatusError::NotFinished { .. }
                ))
            ),
            "only a finished game can be voided: {refused:?}"
        );
        let game = table.ledger().game(id).unwrap();
        assert_eq!(game.app_version.as_deref(), Some(crate::VERSION), "a new game carries this build's version");
    }
}
