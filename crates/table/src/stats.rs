//! The statistics, players named: the statistics screen's data and, as JSON, the output of
//! `castellan ledger stats --json` (keys in snake_case, as that command has always printed).

use crate::record;
use crate::stored::stored_history;
use crate::TableError;
use castellan_engine::{Event, Game, PlayerId as EnginePlayer, ScoreSource};
use castellan_ledger::{
    BiggestMoveRecord, GameId, GameStatus, Ledger, Meetings, PlayerId, PlayerRating, PointsByKind, Record,
};
use chrono::{DateTime, NaiveDate, Utc};
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
#[derive(Clone, Debug, PartialEq, Serialize)]
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
    /// Points `a` finished ahead of `b` on average (negative: behind).
    pub average_margin: Option<f64>,
    /// The same per box (`key`: the box's game-script name, e.g. `inns-cathedrals`); a game
    /// with several boxes counts for each.
    pub by_box: Vec<MeetingsView>,
    /// The same per farm rule (`key`: `c3`, `c1` or `off`).
    pub by_farm_rule: Vec<MeetingsView>,
}

/// Two players' games of one kind.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[allow(missing_docs)]
pub struct MeetingsView {
    /// The box or the farm rule.
    pub key: String,
    pub games: u32,
    pub a_wins: u32,
    pub b_wins: u32,
    pub ties: u32,
    pub average_margin: Option<f64>,
}

/// One player's games with a box.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BoxPlayerView {
    /// Their name.
    pub name: String,
    /// Games with the box.
    pub games: u32,
    /// Of those, won.
    pub wins: u32,
    /// Their average score with it.
    pub average: Option<f64>,
}

/// The games played with one box.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct BoxView {
    /// The box's game-script name (`base`, `river`, `inns-cathedrals`, …).
    pub tile_set: String,
    /// Games played with it.
    pub games: u32,
    /// A player's average score in those games.
    pub average: Option<f64>,
    /// Each player who played it, by name.
    pub players: Vec<BoxPlayerView>,
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
    /// The step of the game's replay that shows it: the move that scored the feature, or
    /// the final count for a game's totals.
    pub turn: u32,
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
    /// The smallest lead of a winner over the next player (`player`: the winner).
    pub closest_finish: Option<RecordView>,
    /// The most points one player gained from one move, in a game played turn by turn.
    pub most_points_in_turn: Option<RecordView>,
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
    /// Every box played, the base box first.
    pub boxes: Vec<BoxView>,
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
    let record = |r: Option<Record>, feature: Option<ScoreSource>| -> Result<Option<RecordView>, TableError> {
        r.map(|r| {
            Ok(RecordView {
                player: name(r.player),
                game: game_number(r.game),
                date: r.date.to_string(),
                value: r.value,
                turn: record_turn(ledger, &r, feature)?,
            })
        })
        .transpose()
    };
    let records = &stats.records;
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
                games: h.together.games,
                a_wins: h.together.a_wins,
                b_wins: h.together.b_wins,
                ties: h.ties(),
                average_margin: h.together.average_margin(),
                by_box: h.by_box.iter().map(|(set, m)| meetings_view(set.name(), m)).collect(),
                by_farm_rule: h.by_farm_rule.iter().map(|(rule, m)| meetings_view(rule.name(), m)).collect(),
            })
            .collect(),
        records: RecordsView {
            biggest_city: record(records.biggest_city, Some(ScoreSource::City))?,
            longest_road: record(records.longest_road, Some(ScoreSource::Road))?,
            highest_score: record(records.highest_score, None)?,
            most_farm_points: record(records.most_farm_points, None)?,
            closest_finish: record(records.closest_finish, None)?,
            most_points_in_turn: most_points_in_turn(ledger, records.most_points_in_move)?.map(|(record, turn)| {
                RecordView {
                    player: name(record.player),
                    game: game_number(record.game),
                    date: record.date.to_string(),
                    value: record.value,
                    turn,
                }
            }),
        },
        end_count_only_games: stats.end_count_only_games,
        ratings: ledger.ratings()?.players.iter().map(|p| rating_view(p, name(p.player))).collect(),
        boxes: stats
            .boxes
            .iter()
            .map(|b| BoxView {
                tile_set: b.tile_set.name().to_owned(),
                games: b.games,
                average: b.average_score(),
                players: {
                    let mut players: Vec<BoxPlayerView> = b
                        .players
                        .iter()
                        .map(|p| BoxPlayerView {
                            name: name(p.player),
                            games: p.games,
                            wins: p.wins,
                            average: (p.games > 0).then(|| f64::from(p.total_score) / f64::from(p.games)),
                        })
                        .collect();
                    players.sort_by(|x, y| x.name.cmp(&y.name));
                    players
                },
            })
            .collect(),
    })
}

/// The most points one player gained from one move, with the move's replay step: the first
/// to gain that many keeps it. Read from each game's biggest move, which the ledger keeps; only
/// while a finished game has none yet (one finished before the ledger kept them, in a ledger
/// this build could not write) is every game replayed instead, as the ledger's could not say.
fn most_points_in_turn(
    ledger: &Ledger,
    stored: Option<BiggestMoveRecord>,
) -> Result<Option<(Record, u32)>, TableError> {
    if ledger.games_without_biggest_move()?.is_empty() {
        Ok(stored.map(|best| (best.record, best.seq)))
    } else {
        replayed_most_points_in_turn(ledger)
    }
}

/// When a game was played: its night's date, its start, its id.
type PlayedAt = (NaiveDate, DateTime<Utc>, i64);

/// [`most_points_in_turn`] worked out by replaying every game that counts in the statistics;
/// final boards are left out, their tiles having been entered in no order of play.
fn replayed_most_points_in_turn(ledger: &Ledger) -> Result<Option<(Record, u32)>, TableError> {
    let mut best: Option<(Record, u32, PlayedAt)> = None;
    for night in ledger.history()? {
        for entry in &night.games {
            let stored_game = &entry.game;
            if stored_game.status != GameStatus::Finished
                || stored_game.voided_at.is_some()
                || stored_game.end_count_only
            {
                continue;
            }
            let stored = replayed(ledger, stored_game.id)?;
            let moves = &stored.history.moves()[..stored.history.cursor()];
            let biggest = record::biggest_move(stored.history.setup(), moves, &stored.seated)
                .map_err(|e| TableError::Stored { game: stored_game.id.0, detail: e.to_string() })?;
            let Some(biggest) = biggest else { continue };
            let played = (night.night.date, stored_game.started_at, stored_game.id.0);
            let better = best.as_ref().is_none_or(|(record, _, when)| {
                biggest.points > record.value || (biggest.points == record.value && played < *when)
            });
            if better {
                let record = Record {
                    player: biggest.player,
                    game: stored_game.id,
                    date: night.night.date,
                    value: biggest.points,
                };
                best = Some((record, biggest.seq, played));
            }
        }
    }
    Ok(best.map(|(record, turn, _)| (record, turn)))
}

#[cfg(test)]
thread_local! {
    /// Stored games the statistics replayed on this thread, for the tests that count them.
    static REPLAYS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// A stored game read back to be replayed for the statistics.
fn replayed(ledger: &Ledger, game: GameId) -> Result<crate::stored::StoredHistory, TableError> {
    #[cfg(test)]
    REPLAYS.with(|count| count.set(count.get() + 1));
    stored_history(ledger, game)
}

fn meetings_view(key: &str, m: &Meetings) -> MeetingsView {
    MeetingsView {
        key: key.to_owned(),
        games: m.games,
        a_wins: m.a_wins,
        b_wins: m.b_wins,
        ties: m.ties(),
        average_margin: m.average_margin(),
    }
}

/// The replay step that shows `record`: for a feature (a completed city or road of the
/// record's size that its holder scored), the move that scored it; otherwise, or when it was
/// scored in the final count, the final count's step.
fn record_turn(ledger: &Ledger, record: &Record, feature: Option<ScoreSource>) -> Result<u32, TableError> {
    // The final count is the step after the last move in effect: known without a replay.
    let final_count = ledger.game(record.game)?.cursor + 1;
    let Some(source) = feature else { return Ok(final_count) };
    let stored = replayed(ledger, record.game)?;
    let moves = &stored.history.moves()[..stored.history.cursor()];
    let Some(seat) = stored.seated.iter().position(|&p| p == record.player) else { return Ok(final_count) };
    let holder = EnginePlayer(seat as u8);
    let broken = |detail: String| TableError::Stored { game: record.game.0, detail };
    let mut game = Game::new(stored.history.setup().clone()).map_err(|e| broken(e.to_string()))?;
    for (index, mv) in moves.iter().enumerate() {
        let events = game.apply(mv).map_err(|e| broken(e.to_string()))?;
        let scored = events.iter().any(|event| {
            matches!(event, Event::Scored(s) if s.source == source && s.complete
                && s.tiles.len() as u32 == record.value && s.winners.contains(holder))
        });
        if scored {
            return Ok(index as u32 + 1);
        }
    }
    Ok(final_count)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{now, place, table_at};
    use crate::live::Table;
    use castellan_engine::{GameSetup, Port, Rotation};

    /// A ledger file with one game played at the table: Anna closes a two-tile city on the
    /// first move (4), Bram's road stays open (2 at the end); then a second game where Bram
    /// closes the city on the second move (4) and Anna's road has no follower (0).
    fn two_games(dir: &std::path::Path) -> Table {
        let mut table = table_at(&dir.join("club.sqlite3"));
        table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap();
        table.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), now()).unwrap();
        table.play(place("V", 1, 0, Rotation::R90, Some(Port::W)), now()).unwrap();
        table.finish(Vec::new(), now()).unwrap();
        table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap();
        table.play(place("V", 1, 0, Rotation::R90, None), now()).unwrap();
        table.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), now()).unwrap();
        table.finish(Vec::new(), now()).unwrap();
        table
    }

    #[test]
    fn records_name_the_game_and_the_replay_step_that_shows_them() {
        let dir = tempfile::tempdir().unwrap();
        let table = two_games(dir.path());
        let stats = stats(table.ledger()).unwrap();
        let city = stats.records.biggest_city.expect("a city was completed");
        assert_eq!(
            (city.player.as_str(), city.game, city.value, city.turn),
            ("Anna", 1, 2, 1),
            "Anna's two-tile city, first set in game 1, closed by its first move"
        );
        let score = stats.records.highest_score.expect("games were finished");
        assert_eq!((score.player.as_str(), score.game, score.value, score.turn), ("Anna", 1, 4, 3), "after the count");
        let closest = stats.records.closest_finish.expect("games were finished");
        assert_eq!((closest.value, closest.game, closest.turn), (2, 1, 3), "4 to 2 beats 4 to 0");
        let turn = stats.records.most_points_in_turn.expect("points were scored in a move");
        assert_eq!(
            (turn.player.as_str(), turn.game, turn.value, turn.turn),
            ("Anna", 1, 4, 1),
            "Anna's city, 4 in the first move; Bram's 4 in game 2 only equals it"
        );
    }

    /// How records were found before each game's biggest move was kept: every game that counts
    /// replayed, move by move. Kept word for word, as the reference the kept moves must equal.
    fn old_most_points_in_turn(ledger: &Ledger) -> Result<Option<(Record, u32)>, TableError> {
        let mut best: Option<(Record, u32, PlayedAt)> = None;
        for night in ledger.history()? {
            for entry in &night.games {
                let stored_game = &entry.game;
                if stored_game.status != GameStatus::Finished
                    || stored_game.voided_at.is_some()
                    || stored_game.end_count_only
                {
                    continue;
                }
                let stored = stored_history(ledger, stored_game.id)?;
                if stored.history.setup().mode == castellan_engine::Mode::FinalBoard {
                    continue;
                }
                let broken = |detail: String| TableError::Stored { game: stored_game.id.0, detail };
                let mut game = Game::new(stored.history.setup().clone()).map_err(|e| broken(e.to_string()))?;
                let mut before = game.scores().to_vec();
                let played = (night.night.date, stored_game.started_at, stored_game.id.0);
                for (index, mv) in stored.history.moves()[..stored.history.cursor()].iter().enumerate() {
                    game.apply(mv).map_err(|e| broken(e.to_string()))?;
                    for (seat, (&now, &was)) in game.scores().iter().zip(&before).enumerate() {
                        let gained = now.saturating_sub(was);
                        let better = best.as_ref().is_none_or(|(record, _, when)| {
                            gained > record.value || (gained == record.value && played < *when)
                        });
                        if gained > 0 && better {
                            let Some(&player) = stored.seated.get(seat) else { continue };
                            let record = Record { player, game: stored_game.id, date: night.night.date, value: gained };
                            best = Some((record, index as u32 + 1, played));
                        }
                    }
                    before.clone_from_slice(game.scores());
                }
            }
        }
        Ok(best.map(|(record, turn, _)| (record, turn)))
    }

    fn replays() -> u32 {
        REPLAYS.with(std::cell::Cell::get)
    }

    /// A ledger file of every finished scenario game that imports, spread over nights in an
    /// order other than the files', some on one night.
    fn scenario_ledger(dir: &std::path::Path) -> (Ledger, usize) {
        use crate::import::{import_script, Occasion, Repeat};
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios");
        let mut files: Vec<_> = std::fs::read_dir(root).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        let mut ledger = Ledger::open(dir.join("scenarios.sqlite3")).unwrap();
        let mut imported = 0;
        for (i, file) in files.iter().enumerate() {
            let day = chrono::Days::new((i as u64 * 7) % 23);
            let start = now().checked_add_days(day).unwrap() + chrono::Duration::minutes(i as i64);
            let occasion = Occasion::at(start, None, "test".into());
            let text = std::fs::read_to_string(file).unwrap();
            let name = file.display().to_string();
            if import_script(&mut ledger, &occasion, &name, &text, Repeat::Allow).is_ok() {
                imported += 1;
            }
        }
        (ledger, imported)
    }

    #[test]
    fn most_points_in_a_move_reads_the_kept_moves_and_equals_replaying_every_game() {
        let dir = tempfile::tempdir().unwrap();
        let (ledger, imported) = scenario_ledger(dir.path());
        assert!(imported > 100, "most scenarios are finished games: {imported}");
        let old = old_most_points_in_turn(&ledger).unwrap();
        assert!(old.is_some_and(|(record, _)| record.value > 4), "some move scored well: {old:?}");

        let before = replays();
        let shown = stats(&ledger).unwrap().records.most_points_in_turn.unwrap();
        let replayed = replays() - before;
        let (record, turn) = old.unwrap();
        let names: HashMap<PlayerId, String> = ledger.players().unwrap().into_iter().map(|p| (p.id, p.name)).collect();
        assert_eq!(
            (shown.player.as_str(), shown.game, shown.date.as_str(), shown.value, shown.turn),
            (
                names[&record.player].as_str(),
                game_number(record.game),
                record.date.to_string().as_str(),
                record.value,
                turn
            ),
        );
        assert!(replayed <= 2, "only the city's and the road's record games are replayed, of {imported}: {replayed}");
    }

    #[test]
    fn games_finished_before_the_moves_were_kept_are_replayed_until_a_table_keeps_them() {
        let dir = tempfile::tempdir().unwrap();
        let (ledger, imported) = scenario_ledger(dir.path());
        let old = old_most_points_in_turn(&ledger).unwrap();
        drop(ledger);
        let path = dir.path().join("scenarios.sqlite3");
        rusqlite::Connection::open(&path).unwrap().execute("DELETE FROM biggest_moves", []).unwrap();

        let ledger = Ledger::open(&path).unwrap();
        assert_eq!(ledger.games_without_biggest_move().unwrap().len(), imported, "as a schema-6 file has them");
        let before = replays();
        let shown = stats(&ledger).unwrap().records.most_points_in_turn;
        let counted =
            ledger.history().unwrap().iter().flat_map(|n| &n.games).filter(|g| !g.game.end_count_only).count();
        assert!(
            replays() - before >= counted as u32,
            "nothing kept: each of the {counted} games that count is replayed"
        );
        assert_eq!(
            shown.as_ref().map(|r| (r.game, r.value, r.turn)),
            old.map(|(r, turn)| (game_number(r.game), r.value, turn))
        );

        let table = Table::new(ledger);
        assert!(table.ledger().games_without_biggest_move().unwrap().is_empty(), "the table kept them, once");
        let before = replays();
        let kept = stats(table.ledger()).unwrap().records.most_points_in_turn;
        assert!(replays() - before <= 2, "read, not replayed");
        assert_eq!(kept, shown);
    }

    #[test]
    fn head_to_head_boxes_and_ratings_reach_the_view_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let table = two_games(dir.path());
        let stats = stats(table.ledger()).unwrap();
        let pair = &stats.head_to_head[0];
        assert_eq!((pair.a.as_str(), pair.b.as_str(), pair.a_wins, pair.b_wins), ("Anna", "Bram", 1, 1));
        assert_eq!(pair.average_margin, Some(-1.0), "2 ahead (4 to 2), then 4 behind (0 to 4)");
        let keys = |list: &[MeetingsView]| list.iter().map(|m| (m.key.clone(), m.games)).collect::<Vec<_>>();
        assert_eq!(keys(&pair.by_box), [("base".to_owned(), 2)]);
        assert_eq!(keys(&pair.by_farm_rule), [("c3".to_owned(), 2)]);
        let base = &stats.boxes[0];
        assert_eq!((base.tile_set.as_str(), base.games, base.average), ("base", 2, Some(2.5)), "(4 + 2 + 0 + 4) / 4");
        let ratings: Vec<(&str, u32, bool)> =
            stats.ratings.iter().map(|r| (r.name.as_str(), r.games, r.provisional)).collect();
        assert_eq!(ratings.len(), 2);
        assert!(ratings.iter().all(|&(_, games, provisional)| games == 2 && provisional), "{ratings:?}");
        let json = stats_json(table.ledger()).unwrap();
        assert_eq!(json["records"]["biggest_city"]["turn"], 1, "the JSON carries the turn");
        assert_eq!(json["boxes"][0]["tile_set"], "base");
    }
}
