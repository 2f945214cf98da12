//! Each finished game's biggest move: kept with the results, read by the record, taken away
//! by a reopen, and worked out afterwards for games finished before the ledger kept it.

use crate::{at, file_at_schema, tile_move, Table, SETUP};
use castellan_ledger::{
    BiggestMove, BiggestMoveRecord, Color, Finish, GameId, Ledger, NewGame, PlayerId, PlayerResult, PointsByKind,
    Record, Seat, StatusError,
};

fn result(player: PlayerId, score: u32) -> PlayerResult {
    PlayerResult { player, score, points: PointsByKind::default(), biggest_city_tiles: None, longest_road_tiles: None }
}

/// Finishes `game` of Anna and Bram, 5 to 3, with `biggest` as its biggest move.
fn finish(ledger: &mut Ledger, game: GameId, (anna, bram): (PlayerId, PlayerId), biggest: Option<BiggestMove>) {
    ledger.append_move(game, ledger.cursor(game).unwrap(), &tile_move(1), at(1)).unwrap();
    let results = vec![result(anna, 5), result(bram, 3)];
    ledger
        .finish_game(game, &Finish { final_moves_json: None, ended_at: at(50), results, biggest_move: biggest })
        .unwrap();
}

fn most(ledger: &Ledger) -> Option<(PlayerId, GameId, u32, u32)> {
    let best: Option<BiggestMoveRecord> = ledger.statistics().unwrap().records.most_points_in_move;
    best.map(|b| (b.record.player, b.record.game, b.record.value, b.seq))
}

#[test]
fn the_record_reads_the_kept_moves_and_the_first_game_keeps_an_equalled_one() {
    let mut table = Table::start();
    let players = (table.anna, table.bram);
    finish(&mut table.ledger, table.game, players, Some(BiggestMove { player: table.bram, points: 9, seq: 1 }));
    assert_eq!(most(&table.ledger), Some((table.bram, table.game, 9, 1)));
    assert!(table.ledger.games_without_biggest_move().unwrap().is_empty(), "kept with the results");

    let second = table
        .ledger
        .start_game(&NewGame {
            night: table.night,
            script_version: 1,
            setup_json: SETUP.to_owned(),
            seats: vec![
                Seat { player: table.anna, color: Color::Red },
                Seat { player: table.bram, color: Color::Blue },
            ],
            start_seat: 0,
            started_at: at(100),
            app_version: None,
        })
        .unwrap();
    finish(&mut table.ledger, second, players, Some(BiggestMove { player: table.anna, points: 9, seq: 1 }));
    assert_eq!(most(&table.ledger), Some((table.bram, table.game, 9, 1)), "equalled later: the first keeps it");

    table.ledger.void_game(table.game, at(60)).unwrap();
    assert_eq!(most(&table.ledger), Some((table.anna, second, 9, 1)), "a voided game's move no longer counts");

    let date = table.ledger.night(table.night).unwrap().date;
    let record = table.ledger.statistics().unwrap().records.most_points_in_move.unwrap().record;
    assert_eq!(record, Record { player: table.anna, game: second, date, value: 9 });
}

#[test]
fn a_game_without_points_in_a_move_holds_no_record_and_a_reopen_forgets_its_move() {
    let mut table = Table::start();
    finish(&mut table.ledger, table.game, (table.anna, table.bram), None);
    assert_eq!(most(&table.ledger), None, "no move gained a point");
    assert!(table.ledger.games_without_biggest_move().unwrap().is_empty(), "but it was worked out");

    table.ledger.reopen_game(table.game).unwrap();
    let results = vec![result(table.anna, 5), result(table.bram, 3)];
    let finish = Finish { final_moves_json: None, ended_at: at(70), results, biggest_move: None };
    table.ledger.finish_game(table.game, &Finish { biggest_move: None, ..finish.clone() }).unwrap();
    table.ledger.reopen_game(table.game).unwrap();
    let biggest = Some(BiggestMove { player: table.anna, points: 4, seq: 1 });
    table.ledger.finish_game(table.game, &Finish { biggest_move: biggest, ..finish }).unwrap();
    assert_eq!(most(&table.ledger), Some((table.anna, table.game, 4, 1)), "finished again: its new move");
}

#[test]
fn a_move_is_kept_afterwards_only_for_a_finished_game_and_a_seated_player() {
    let mut table = Table::start();
    let biggest = Some(BiggestMove { player: table.anna, points: 4, seq: 1 });
    let unfinished = table.ledger.keep_biggest_move(table.game, biggest).unwrap_err();
    assert!(matches!(unfinished, StatusError::NotFinished { .. }), "{unfinished:?}");
    let unknown = table.ledger.keep_biggest_move(GameId(99), biggest).unwrap_err();
    assert!(matches!(unknown, StatusError::NotFound { .. }), "{unknown:?}");

    finish(&mut table.ledger, table.game, (table.anna, table.bram), None);
    let cas = table.ledger.add_player("Cas", None).unwrap();
    let stranger = table.ledger.keep_biggest_move(table.game, Some(BiggestMove { player: cas, points: 7, seq: 1 }));
    assert!(stranger.is_err(), "Cas did not play: {stranger:?}");
    assert_eq!(most(&table.ledger), None, "nothing was written");
    table.ledger.keep_biggest_move(table.game, biggest).unwrap();
    assert_eq!(most(&table.ledger), Some((table.anna, table.game, 4, 1)), "replaced");
}

#[test]
fn games_finished_before_schema_7_are_listed_until_their_move_is_kept() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("old.sqlite3");
    file_at_schema(
        &path,
        6,
        "INSERT INTO players (id, name, name_key) VALUES (1, 'Anna', 'anna'), (2, 'Bram', 'bram');
         INSERT INTO nights (id, date) VALUES (1, '2024-05-01');
         INSERT INTO games (id, night_id, script_version, setup_json, start_seat, started_at, cursor,
                            ended_at, finished)
             VALUES (1, 1, 1, '{}', 0, '2024-05-01T20:00:00.000Z', 1, '2024-05-01T21:00:00.000Z', 1),
                    (2, 1, 1, '{}', 0, '2024-05-01T21:00:00.000Z', 0, NULL, 0);
         INSERT INTO game_seats VALUES (1, 0, 1, 'red'), (1, 1, 2, 'blue'), (2, 0, 1, 'red'), (2, 1, 2, 'blue');
         INSERT INTO moves (game_id, seq, move_json, entered_at)
             VALUES (1, 1, '{\"tile\": \"E\"}', '2024-05-01T20:01:00.000Z');
         INSERT INTO results (game_id, player_id, score, rank, roads_points, cities_points, cloisters_points,
                              farms_points, king_robber_points, count_points)
             VALUES (1, 1, 4, 1, 0, 4, 0, 0, 0, 0), (1, 2, 0, 2, 0, 0, 0, 0, 0, 0);",
    );
    let mut ledger = Ledger::open(&path).expect("a schema-6 file migrates");
    assert_eq!(ledger.games_without_biggest_move().unwrap(), [GameId(1)], "the finished game, not the one in play");
    assert_eq!(most(&ledger), None, "nothing to read yet");
    ledger.keep_biggest_move(GameId(1), Some(BiggestMove { player: PlayerId(1), points: 4, seq: 1 })).unwrap();
    assert!(ledger.games_without_biggest_move().unwrap().is_empty());
    assert_eq!(most(&ledger), Some((PlayerId(1), GameId(1), 4, 1)));
}
