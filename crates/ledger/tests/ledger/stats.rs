//! Statistics: per player, head to head and records, checked by hand on a small case and
//! against an independent reckoning on a generated ledger.

use std::collections::BTreeMap;

use castellan_engine::{FarmRule, TileSet};
use castellan_ledger::{
    BoxPlayer, Color, Finish, GameId, HeadToHead, Ledger, Meetings, NewGame, PlayerId, PlayerResult, PlayerStats,
    PointsByKind, Record, Seat,
};

use crate::generate::generate;
use crate::result::result;
use crate::{at, may, SETUP};

/// Plays a finished game between `scores`' players and returns its id.
fn finished(ledger: &mut Ledger, minute: i64, scores: &[(PlayerId, u32)]) -> GameId {
    let night = ledger.add_night(may(1), None, &[]).unwrap();
    let game = ledger
        .start_game(&NewGame {
            night,
            script_version: 1,
            setup_json: SETUP.to_owned(),
            seats: scores.iter().zip(Color::ALL).map(|(&(player, _), color)| Seat { player, color }).collect(),
            start_seat: 0,
            started_at: at(minute),
            app_version: None,
        })
        .unwrap();
    ledger
        .finish_game(
            game,
            &Finish {
                biggest_move: None,
                final_moves_json: None,
                ended_at: at(minute + 1),
                results: scores.iter().map(|&(p, s)| result(p, s)).collect(),
            },
        )
        .unwrap();
    game
}

#[test]
fn a_shared_first_place_is_a_win_for_each() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let cas = ledger.add_player("Cas", None).unwrap();
    finished(&mut ledger, 0, &[(anna, 40), (bram, 40), (cas, 12)]);
    finished(&mut ledger, 10, &[(anna, 20), (bram, 31)]);
    let stats = ledger.statistics().unwrap();
    let of = |player| *stats.players.iter().find(|s| s.player == player).unwrap();
    assert_eq!(
        (of(anna).games, of(anna).wins, of(bram).wins, of(cas).wins),
        (2, 1, 2, 0),
        "Anna and Bram tied first in game 1: each gets a win; Bram won game 2 alone"
    );
    assert_eq!(
        (of(anna).average_score(), of(anna).best_score),
        (Some(30.0), Some(40)),
        "Anna's mean of 40 and 20 is 30, her best 40"
    );
    assert_eq!(
        stats
            .head_to_head
            .iter()
            .map(|h| (h.a, h.b, h.together.games, h.together.a_wins, h.together.b_wins))
            .collect::<Vec<_>>(),
        [(anna, bram, 2, 0, 1), (anna, cas, 1, 1, 0), (bram, cas, 1, 1, 0)],
        "each pair that played together, with wins by score; the 40–40 game is a tie"
    );
    assert_eq!(stats.head_to_head[0].ties(), 1, "Anna and Bram tied once");
}

#[test]
fn a_player_without_games_has_empty_figures() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let newcomer = ledger.add_player("Dirk", None).unwrap();
    let stats = ledger.statistics().unwrap();
    assert_eq!(
        stats.players,
        [PlayerStats {
            player: newcomer,
            games: 0,
            wins: 0,
            total_score: 0,
            best_score: None,
            points: PointsByKind::default(),
        }],
        "a new player is listed with nothing yet"
    );
    let only = stats.players[0];
    assert_eq!(
        (only.average_score(), only.farm_share()),
        (None, None),
        "no games means no average and no farm share, not NaN"
    );
    assert_eq!(stats.records, Default::default(), "no games, no records");
}

#[test]
fn records_go_to_the_first_to_set_them() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let game_with = |ledger: &mut Ledger, minute, anna_city, bram_city| {
        let night = ledger.add_night(may(2), None, &[]).unwrap();
        let seats = vec![Seat { player: anna, color: Color::Red }, Seat { player: bram, color: Color::Blue }];
        let game = ledger
            .start_game(&NewGame {
                night,
                script_version: 1,
                setup_json: SETUP.to_owned(),
                seats,
                start_seat: 0,
                started_at: at(minute),
                app_version: None,
            })
            .unwrap();
        let with_city = |player, tiles| PlayerResult { biggest_city_tiles: tiles, ..result(player, 10) };
        ledger
            .finish_game(
                game,
                &Finish {
                    biggest_move: None,
                    final_moves_json: None,
                    ended_at: at(minute + 1),
                    results: vec![with_city(anna, anna_city), with_city(bram, bram_city)],
                },
            )
            .unwrap();
        game
    };
    game_with(&mut ledger, 0, Some(5), None);
    let record_game = game_with(&mut ledger, 10, Some(4), Some(9));
    game_with(&mut ledger, 20, Some(9), Some(2));
    let records = ledger.statistics().unwrap().records;
    assert_eq!(
        records.biggest_city,
        Some(Record { player: bram, game: record_game, date: may(2), value: 9 }),
        "Bram's 9-tile city came first; Anna only equalled it later"
    );
    assert_eq!(records.longest_road, None, "no road length was recorded, so there is no road record");
}

#[test]
fn statistics_of_a_generated_ledger_match_an_independent_count() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let generated = generate(&mut ledger, 7, 9, 400, 3);
    let finished: Vec<(GameId, &Vec<PlayerResult>)> =
        generated.games.iter().filter_map(|g| g.results.as_ref().map(|r| (g.id, r))).collect();
    assert!(
        finished.len() < generated.games.len(),
        "some generated games are left in progress, to show they do not count"
    );

    // Reckon the expected figures straight from what was generated.
    let mut expected: BTreeMap<PlayerId, PlayerStats> = generated
        .players
        .iter()
        .map(|&player| {
            (
                player,
                PlayerStats {
                    player,
                    games: 0,
                    wins: 0,
                    total_score: 0,
                    best_score: None,
                    points: PointsByKind::default(),
                },
            )
        })
        .collect();
    let mut pairs: BTreeMap<(PlayerId, PlayerId), (PlayerId, PlayerId, Meetings)> = BTreeMap::new();
    let mut shared_wins = 0;
    for (_, results) in &finished {
        let top = results.iter().map(|r| r.score).max().unwrap();
        shared_wins += usize::from(results.iter().filter(|r| r.score == top).count() > 1);
        for r in results.iter() {
            let s = expected.get_mut(&r.player).unwrap();
            s.games += 1;
            s.wins += u32::from(r.score == top);
            s.total_score += r.score;
            s.best_score = s.best_score.max(Some(r.score));
            s.points = s.points + r.points;
            for o in results.iter().filter(|o| o.player > r.player) {
                let pair = pairs.entry((r.player, o.player)).or_insert((r.player, o.player, Meetings::default()));
                pair.2.games += 1;
                pair.2.a_wins += u32::from(r.score > o.score);
                pair.2.b_wins += u32::from(o.score > r.score);
                pair.2.a_points += r.score;
                pair.2.b_points += o.score;
            }
        }
    }
    assert!(
        shared_wins > 10,
        "the generator must produce shared first places for this test to check them, \
         got {shared_wins}"
    );

    let stats = ledger.statistics().unwrap();
    let mut got = stats.players.clone();
    got.sort_by_key(|s| s.player);
    assert_eq!(
        got,
        expected.into_values().collect::<Vec<_>>(),
        "per-player games, wins (shared first places included), totals, bests and points \
         must match the independent count"
    );
    // Every generated game is the base box with King & Robber, under the default farm rule.
    let expected_pairs: Vec<HeadToHead> = pairs
        .into_values()
        .map(|(a, b, together)| HeadToHead {
            a,
            b,
            together,
            by_box: vec![(TileSet::Base, together), (TileSet::KingRobber, together)],
            by_farm_rule: vec![(FarmRule::Current, together)],
        })
        .collect();
    assert_eq!(stats.head_to_head, expected_pairs, "head-to-head records must match the independent count");

    let best_city = finished
        .iter()
        .flat_map(|(game, results)| {
            results.iter().filter_map(move |r| r.biggest_city_tiles.map(|t| (t, *game, r.player)))
        })
        // Highest first; among equals the earliest game (generated in time order), then
        // the lowest player id.
        .min_by_key(|&(tiles, game, player)| (std::cmp::Reverse(tiles), game, player))
        .unwrap();
    let record = stats.records.biggest_city.unwrap();
    assert_eq!(
        (record.value, record.game, record.player),
        best_city,
        "the biggest-city record must be the first time the largest city was recorded"
    );
    let farm_record = stats.records.most_farm_points.unwrap();
    let most_farms = finished.iter().flat_map(|(_, results)| results.iter().map(|r| r.points.farms)).max().unwrap();
    assert_eq!(farm_record.value, most_farms, "the farm record is the most farm points");
    let anyone = stats.players[0];
    assert_eq!(
        anyone.farm_share(),
        Some(f64::from(anyone.points.farms) / f64::from(anyone.total_score)),
        "farm share is farm points over all points"
    );
}

#[test]
fn a_voided_game_leaves_every_statistic_until_taken_back() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let kept = finished(&mut ledger, 0, &[(anna, 20), (bram, 10)]);
    let voided = finished(&mut ledger, 10, &[(anna, 5), (bram, 90)]);
    let before = ledger.statistics().unwrap();

    ledger.void_game(voided, at(30)).unwrap();
    let stats = ledger.statistics().unwrap();
    let of = |player| *stats.players.iter().find(|s| s.player == player).unwrap();
    assert_eq!((of(bram).games, of(bram).wins, of(bram).best_score), (1, 0, Some(10)), "Bram's 90 is gone");
    assert_eq!((of(anna).games, of(anna).wins, of(anna).total_score), (1, 1, 20), "Anna has one game, won");
    assert_eq!(
        stats
            .head_to_head
            .iter()
            .map(|h| (h.a, h.b, h.together.games, h.together.a_wins, h.together.b_wins))
            .collect::<Vec<_>>(),
        [(anna, bram, 1, 1, 0)],
        "head to head counts only the game that stands"
    );
    assert_eq!(
        stats.records.highest_score.map(|r| (r.player, r.game, r.value)),
        Some((anna, kept, 20)),
        "the highest score comes from a game that stands"
    );

    ledger.unvoid_game(voided).unwrap();
    assert_eq!(ledger.statistics().unwrap(), before, "taking the void back restores every figure");
}

/// A finished game on the `day`th of May with `setup`, in a ledger kept in a real file.
fn played(ledger: &mut Ledger, day: u32, setup: &str, scores: &[(PlayerId, u32)]) -> GameId {
    let night = ledger.add_night(may(day), None, &[]).unwrap();
    let game = ledger
        .start_game(&NewGame {
            night,
            script_version: 2,
            setup_json: setup.to_owned(),
            seats: scores.iter().zip(Color::ALL).map(|(&(player, _), color)| Seat { player, color }).collect(),
            start_seat: 0,
            started_at: at(i64::from(day) * 24 * 60),
            app_version: None,
        })
        .unwrap();
    let results = scores.iter().map(|&(p, s)| result(p, s)).collect();
    ledger
        .finish_game(
            game,
            &Finish {
                biggest_move: None,
                final_moves_json: None,
                ended_at: at(i64::from(day) * 24 * 60 + 50),
                results,
            },
        )
        .unwrap();
    game
}

const INNS_FIRST_EDITION: &str = r#"{"sets": ["base", "inns-cathedrals"], "rules": {"farms": "c1"}}"#;

#[test]
fn head_to_head_splits_by_box_and_farm_rule_with_the_average_margin() {
    let folder = tempfile::tempdir().unwrap();
    let mut ledger = Ledger::open(folder.path().join("club.sqlite3")).unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let cleo = ledger.add_player("Cleo", None).unwrap();
    played(&mut ledger, 1, SETUP, &[(anna, 80), (bram, 60)]);
    played(&mut ledger, 2, INNS_FIRST_EDITION, &[(anna, 50), (bram, 70), (cleo, 10)]);
    played(&mut ledger, 3, INNS_FIRST_EDITION, &[(anna, 40), (bram, 40)]);
    let voided = played(&mut ledger, 4, SETUP, &[(anna, 0), (bram, 200)]);
    ledger.void_game(voided, at(9999)).unwrap();

    let stats = ledger.statistics().unwrap();
    let pair = stats.head_to_head.iter().find(|h| (h.a, h.b) == (anna, bram)).unwrap();
    let meetings = |games, a_wins, b_wins, a_points, b_points| Meetings { games, a_wins, b_wins, a_points, b_points };
    assert_eq!(pair.together, meetings(3, 1, 1, 170, 170), "one win each and a tie; the voided game is out");
    assert_eq!(pair.together.average_margin(), Some(0.0));
    assert_eq!(
        pair.by_box,
        [(TileSet::Base, meetings(3, 1, 1, 170, 170)), (TileSet::InnsCathedrals, meetings(2, 0, 1, 90, 110))],
        "the base box is in every game; Inns & Cathedrals in two"
    );
    assert_eq!(
        pair.by_farm_rule,
        [(FarmRule::Current, meetings(1, 1, 0, 80, 60)), (FarmRule::FirstEdition, meetings(2, 0, 1, 90, 110))],
        "a setup without a farm rule plays the current one"
    );
    assert_eq!(pair.by_box[1].1.average_margin(), Some(-10.0), "Anna trails by 10 a game with the inns");
    let anna_cleo = stats.head_to_head.iter().find(|h| (h.a, h.b) == (anna, cleo)).unwrap();
    assert_eq!(anna_cleo.by_farm_rule, [(FarmRule::FirstEdition, meetings(1, 1, 0, 50, 10))]);
}

#[test]
fn each_box_has_its_games_win_rates_and_average_score() {
    let folder = tempfile::tempdir().unwrap();
    let mut ledger = Ledger::open(folder.path().join("club.sqlite3")).unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    played(&mut ledger, 1, SETUP, &[(anna, 80), (bram, 60)]);
    played(&mut ledger, 2, INNS_FIRST_EDITION, &[(anna, 50), (bram, 70)]);
    played(&mut ledger, 3, INNS_FIRST_EDITION, &[(anna, 40), (bram, 40)]);

    let boxes = ledger.statistics().unwrap().boxes;
    let summary: Vec<(TileSet, u32, Option<f64>)> =
        boxes.iter().map(|b| (b.tile_set, b.games, b.average_score())).collect();
    assert_eq!(
        summary,
        [(TileSet::Base, 3, Some(340.0 / 6.0)), (TileSet::InnsCathedrals, 2, Some(50.0))],
        "only the boxes played, each with its games and mean score"
    );
    assert_eq!(
        boxes[1].players,
        [
            BoxPlayer { player: anna, games: 2, wins: 1, total_score: 90 },
            BoxPlayer { player: bram, games: 2, wins: 2, total_score: 110 }
        ],
        "the 40–40 game is a win for both"
    );
}

#[test]
fn the_closest_finish_is_the_smallest_lead_first_set() {
    let folder = tempfile::tempdir().unwrap();
    let mut ledger = Ledger::open(folder.path().join("club.sqlite3")).unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let cleo = ledger.add_player("Cleo", None).unwrap();
    assert_eq!(ledger.statistics().unwrap().records.closest_finish, None, "no games, no record");
    played(&mut ledger, 1, SETUP, &[(anna, 80), (bram, 60)]);
    // Entered first but played after: equalling the 2-point finish does not take it.
    let equal = played(&mut ledger, 5, SETUP, &[(anna, 42), (cleo, 40)]);
    let close = played(&mut ledger, 3, SETUP, &[(anna, 50), (bram, 70), (cleo, 68)]);
    let voided = played(&mut ledger, 2, SETUP, &[(anna, 30), (bram, 30)]);
    ledger.void_game(voided, at(99_999)).unwrap();

    let record = ledger.statistics().unwrap().records.closest_finish;
    assert_eq!(
        record,
        Some(Record { player: bram, game: close, date: may(3), value: 2 }),
        "Bram's 70 to Cleo's 68; the voided tie does not count, and {equal:?} only equalled it"
    );
}
