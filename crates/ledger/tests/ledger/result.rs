//! The `results` table: finishing a game, shared ranks, importing a whole game.

use castellan_ledger::{
    Color, CursorState, EndError, Finish, GameImport, GameStatus, JsonShape, Ledger, MoveLogError, NewGame, NewMove,
    NotJson, PlayerId, PlayerResult, PointsByKind, Seat, StatusError,
};

use crate::{at, may, tile_move, Table, SETUP};

pub fn result(player: PlayerId, score: u32) -> PlayerResult {
    PlayerResult {
        player,
        score,
        points: PointsByKind { cities: score, ..PointsByKind::default() },
        biggest_city_tiles: None,
        longest_road_tiles: None,
    }
}

#[test]
fn finishing_with_a_new_setup_stores_both_or_neither() {
    let mut table = Table::start();
    let restated = r#"{"sets":["base"],"mode":"final-board","track":{"Anna":84,"Bram":112}}"#;
    let finish = |results| Finish { biggest_move: None, final_moves_json: None, ended_at: at(50), results };
    // A result for a player who is not seated: refused, and the setup is not replaced either.
    let stranger = result(PlayerId(999), 1);
    let refused =
        table.ledger.finish_game_with_setup(table.game, restated, &finish(vec![result(table.anna, 3), stranger]));
    assert!(matches!(refused, Err(EndError::ResultsDoNotMatchSeats)), "{refused:?}");
    assert_eq!(table.ledger.game(table.game).unwrap().setup_json, SETUP, "the old setup kept");
    let not_json = table.ledger.finish_game_with_setup(table.game, "[1]", &finish(vec![]));
    assert!(
        matches!(not_json, Err(EndError::NotJson(NotJson { what: "setup", shape: JsonShape::Object, .. }))),
        "{not_json:?}"
    );

    let results = vec![result(table.anna, 103), result(table.bram, 115)];
    table.ledger.finish_game_with_setup(table.game, restated, &finish(results)).unwrap();
    let game = table.ledger.game(table.game).unwrap();
    assert_eq!((game.setup_json.as_str(), game.status), (restated, GameStatus::Finished));
    let ranks: Vec<(u32, PlayerId)> =
        table.ledger.results(table.game).unwrap().iter().map(|s| (s.rank, s.result.player)).collect();
    assert_eq!(ranks, [(1, table.bram), (2, table.anna)]);
}

#[test]
fn finishing_stores_results_and_ends_the_game() {
    let mut table = Table::start();
    table.ledger.append_move(table.game, CursorState { cursor: 0, stored: 0 }, &tile_move(1), at(1)).unwrap();
    let anna = PlayerResult {
        points: PointsByKind {
            roads: 3,
            cities: 10,
            cloisters: 9,
            farms: 6,
            king_robber: 2,
            count: 1,
            goods: 5,
            gold: 5,
        },
        biggest_city_tiles: Some(7),
        longest_road_tiles: Some(5),
        ..result(table.anna, 41)
    };
    table
        .ledger
        .finish_game(
            table.game,
            &Finish {
                biggest_move: None,
                final_moves_json: None,
                ended_at: at(50),
                results: vec![result(table.bram, 12), anna],
            },
        )
        .unwrap();
    let standings = table.ledger.results(table.game).unwrap();
    assert_eq!(
        standings.iter().map(|s| (s.rank, s.result.player)).collect::<Vec<_>>(),
        [(1, table.anna), (2, table.bram)],
        "results come back best first with their ranks"
    );
    assert_eq!(standings[0].result, anna, "every field of a result must round-trip");
    let game = table.ledger.game(table.game).unwrap();
    assert_eq!(
        (game.status, game.ended_at),
        (GameStatus::Finished, Some(at(50))),
        "a finished game says so and keeps its end time"
    );
    assert!(table.ledger.unfinished_game().unwrap().is_none(), "a finished game is not offered for resuming");
    assert!(
        matches!(
            table.ledger.append_move(table.game, CursorState { cursor: 1, stored: 1 }, &tile_move(2), at(51)),
            Err(MoveLogError::GameEnded { .. })
        ),
        "no move can be added after the end"
    );
}

#[test]
fn tied_players_share_a_rank_and_the_next_rank_is_skipped() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let ids: Vec<PlayerId> = ["A", "B", "C", "D"].iter().map(|name| ledger.add_player(name, None).unwrap()).collect();
    let night = ledger.add_night(may(1), None, &[]).unwrap();
    let game = ledger
        .start_game(&NewGame {
            night,
            script_version: 1,
            setup_json: SETUP.to_owned(),
            seats: ids.iter().zip(Color::ALL).map(|(&player, color)| Seat { player, color }).collect(),
            start_seat: 0,
            started_at: at(0),
            app_version: None,
        })
        .unwrap();
    let scores = [25, 30, 25, 10];
    ledger
        .finish_game(
            game,
            &Finish {
                biggest_move: None,
                final_moves_json: None,
                ended_at: at(60),
                results: ids.iter().zip(scores).map(|(&p, s)| result(p, s)).collect(),
            },
        )
        .unwrap();
    let ranks: Vec<(PlayerId, u32)> = ledger.results(game).unwrap().iter().map(|s| (s.result.player, s.rank)).collect();
    assert_eq!(
        ranks,
        [(ids[1], 1), (ids[0], 2), (ids[2], 2), (ids[3], 4)],
        "30, 25, 25, 10 rank 1, 2, 2, 4; equal ranks are listed in seat order"
    );
}

#[test]
fn results_must_name_each_seated_player_once() {
    let mut table = Table::start();
    let outsider = table.ledger.add_player("Cas", None).unwrap();
    let (anna, bram) = (table.anna, table.bram);
    let cases = [
        ("a seated player missing", vec![result(anna, 3)]),
        ("a player twice", vec![result(anna, 3), result(anna, 4)]),
        ("someone who did not play", vec![result(anna, 3), result(outsider, 4)]),
        ("an extra player", vec![result(anna, 3), result(bram, 4), result(outsider, 1)]),
    ];
    for (why, results) in cases {
        let error = table
            .ledger
            .finish_game(table.game, &Finish { biggest_move: None, final_moves_json: None, ended_at: at(9), results })
            .unwrap_err();
        assert!(matches!(error, EndError::ResultsDoNotMatchSeats), "{why}: must be refused, got {error:?}");
        assert_eq!(
            table.ledger.game(table.game).unwrap().status,
            GameStatus::InProgress,
            "{why}: a refused finish leaves the game in progress"
        );
        assert!(table.ledger.results(table.game).unwrap().is_empty(), "{why}: a refused finish stores no result");
    }
}

#[test]
fn an_imported_game_has_its_moves_in_effect_and_its_results() {
    let mut table = Table::start();
    let import = GameImport {
        game: NewGame {
            night: table.night,
            script_version: 1,
            setup_json: SETUP.to_owned(),
            seats: vec![
                Seat { player: table.bram, color: Color::Pink },
                Seat { player: table.anna, color: Color::Gray },
            ],
            start_seat: 1,
            started_at: at(100),
            app_version: None,
        },
        moves: (1..=5).map(|n| NewMove { move_json: tile_move(n), entered_at: at(100 + i64::from(n)) }).collect(),
        finish: Some(Finish {
            biggest_move: None,
            final_moves_json: None,
            ended_at: at(140),
            results: vec![result(table.anna, 20), result(table.bram, 20)],
        }),
    };
    let id = table.ledger.import_game(&import).unwrap();
    let game = table.ledger.game(id).unwrap();
    assert_eq!(
        (game.cursor, table.ledger.cursor(id).unwrap().stored, game.status),
        (5, 5, GameStatus::Finished),
        "every imported move is in effect and the game is finished"
    );
    assert_eq!(table.ledger.moves(id).unwrap()[4].move_json, tile_move(5), "imported moves keep their order");
    assert!(table.ledger.results(id).unwrap().iter().all(|s| s.rank == 1), "a 20–20 game has two winners");
}

#[test]
fn a_bad_import_records_nothing() {
    let mut table = Table::start();
    let import = GameImport {
        game: NewGame {
            night: table.night,
            script_version: 1,
            setup_json: SETUP.to_owned(),
            seats: vec![Seat { player: table.anna, color: Color::Red }],
            start_seat: 0,
            started_at: at(100),
            app_version: None,
        },
        moves: vec![NewMove { move_json: tile_move(1), entered_at: at(101) }],
        finish: Some(Finish {
            biggest_move: None,
            final_moves_json: None,
            ended_at: at(140),
            // Bram did not sit at this game.
            results: vec![result(table.bram, 20)],
        }),
    };
    assert!(table.ledger.import_game(&import).is_err(), "results for a player not seated must be refused");
    assert_eq!(
        table.ledger.history().unwrap()[0].games.len(),
        1,
        "the import is one transaction: only the table's own game remains"
    );
}

#[test]
fn the_final_moves_out_of_the_city_are_kept_with_the_end() {
    let mut table = Table::start();
    let moves = r#"[{"player":"Anna","quarter":"market","to":[1,0,"NL"]}]"#;
    let not_a_list = Finish {
        biggest_move: None,
        final_moves_json: Some(r#"{"player":"Anna"}"#.into()),
        ended_at: at(50),
        results: vec![result(table.anna, 3), result(table.bram, 0)],
    };
    let error = table.ledger.finish_game(table.game, &not_a_list).unwrap_err();
    assert!(matches!(error, EndError::NotJson(NotJson { shape: JsonShape::Array, .. })), "{error}");
    assert_eq!(table.ledger.game(table.game).unwrap().status, GameStatus::InProgress, "nothing written");
    let finish = Finish { biggest_move: None, final_moves_json: Some(moves.into()), ..not_a_list };
    table.ledger.finish_game(table.game, &finish).unwrap();
    assert_eq!(table.ledger.game(table.game).unwrap().final_moves_json.as_deref(), Some(moves), "kept verbatim");
}

/// The night, Anna and Bram of a [`Table`].
type Ids = (castellan_ledger::NightId, PlayerId, PlayerId);

/// A finished game of Anna (red) and Bram (blue) with `moves`, to import into their night.
fn import_of((night, anna, bram): Ids, moves: &[u32]) -> GameImport {
    GameImport {
        game: NewGame {
            night,
            script_version: 1,
            setup_json: SETUP.to_owned(),
            seats: vec![Seat { player: anna, color: Color::Red }, Seat { player: bram, color: Color::Blue }],
            start_seat: 0,
            started_at: at(100),
            app_version: Some("0.4.1".to_owned()),
        },
        moves: moves.iter().map(|&n| NewMove { move_json: tile_move(n), entered_at: at(101) }).collect(),
        finish: Some(Finish {
            biggest_move: None,
            final_moves_json: None,
            ended_at: at(140),
            results: vec![result(anna, 8), result(bram, 2)],
        }),
    }
}

#[test]
fn the_same_game_is_found_by_players_setup_and_moves() {
    let mut table = Table::start();
    let ids = (table.night, table.anna, table.bram);
    let first = table.ledger.import_game(&import_of(ids, &[1, 2, 3])).unwrap();
    let batch = table.ledger.batch().unwrap();
    assert_eq!(batch.same_game(&import_of(ids, &[1, 2, 3])).unwrap(), Some(first), "the same game again");
    let mut later = import_of(ids, &[1, 2, 3]);
    later.game.started_at = at(500);
    later.finish = None;
    assert_eq!(batch.same_game(&later).unwrap(), Some(first), "when and how it ended do not make it another game");
    assert_eq!(batch.same_game(&import_of(ids, &[1, 2])).unwrap(), None, "fewer moves: another game");
    assert_eq!(batch.same_game(&import_of(ids, &[1, 2, 4])).unwrap(), None, "another move: another game");
    let mut swapped = import_of(ids, &[1, 2, 3]);
    swapped.game.seats.reverse();
    assert_eq!(batch.same_game(&swapped).unwrap(), None, "other seats: another game");
    let mut other_setup = import_of(ids, &[1, 2, 3]);
    other_setup.game.setup_json = r#"{"sets": ["base"], "start": "base"}"#.to_owned();
    assert_eq!(batch.same_game(&other_setup).unwrap(), None, "another setup: another game");
    drop(batch);
    assert_eq!(table.ledger.game(first).unwrap().app_version.as_deref(), Some("0.4.1"), "import keeps the version");
}

#[test]
fn an_import_into_a_ledger_with_a_damaged_results_table_leaves_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    let mut ledger = Ledger::open(&path).unwrap();
    // A results table that no longer takes a row. Opening refuses a file whose schema is not
    // Castellan's, so the damage is done behind the open ledger's back, by another connection.
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch("CREATE TRIGGER broken BEFORE INSERT ON results BEGIN SELECT RAISE(ABORT, 'broken'); END;")
        .unwrap();
    let batch = ledger.batch().unwrap();
    let xena = batch.find_or_add_player("Xena", Some(Color::Red)).unwrap();
    let yuri = batch.find_or_add_player("Yuri", Some(Color::Blue)).unwrap();
    let night = batch.find_or_add_night_at(may(2), Some("Club")).unwrap();
    let import = GameImport {
        game: NewGame {
            night,
            script_version: 1,
            setup_json: SETUP.to_owned(),
            seats: vec![Seat { player: xena, color: Color::Red }, Seat { player: yuri, color: Color::Blue }],
            start_seat: 0,
            started_at: at(0),
            app_version: None,
        },
        moves: vec![NewMove { move_json: tile_move(1), entered_at: at(1) }],
        finish: Some(Finish {
            biggest_move: None,
            final_moves_json: None,
            ended_at: at(9),
            results: vec![result(xena, 4), result(yuri, 0)],
        }),
    };
    assert!(batch.import_game(&import).is_err(), "the results cannot be written");
    drop(batch);
    drop(ledger);
    // The file is still damaged (opening it is refused), so it is read as plain SQLite.
    let raw = rusqlite::Connection::open(&path).unwrap();
    let count =
        |table: &str| raw.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get::<_, i64>(0)).unwrap();
    assert_eq!(count("players"), 0, "no player is left behind");
    assert_eq!(count("nights"), 0, "no night is left behind");
    assert_eq!(count("games"), 0, "no game is left behind");
}

/// A ledger file with Anna and Bram's game of three moves (the third taken back), finished
/// with a follower moved out of the City and a result each.
fn finished_game_in_a_file(path: &std::path::Path) -> (Ledger, castellan_ledger::GameId, PlayerId, PlayerId) {
    let mut ledger = Ledger::open(path).unwrap();
    let (anna, bram, _, game) = crate::seat_two(&mut ledger);
    for n in 1..=3 {
        let here = ledger.cursor(game).unwrap();
        ledger.append_move(game, here, &tile_move(n), at(n.into())).unwrap();
    }
    let here = ledger.cursor(game).unwrap();
    ledger.undo(game, here).unwrap();
    let finish = Finish {
        biggest_move: None,
        final_moves_json: Some(r#"[{"player":"Anna","quarter":"market","to":[1,0,"NL"]}]"#.into()),
        ended_at: at(50),
        results: vec![result(anna, 21), result(bram, 8)],
    };
    ledger.finish_game(game, &finish).unwrap();
    (ledger, game, anna, bram)
}

#[test]
fn reopening_takes_away_the_end_and_keeps_every_move() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    let (mut ledger, game, anna, bram) = finished_game_in_a_file(&path);
    let moves_before = ledger.moves(game).unwrap();
    let tail_before = ledger.redo_tail(game).unwrap();
    let anna_games =
        |ledger: &Ledger| ledger.statistics().unwrap().players.iter().find(|s| s.player == anna).unwrap().games;
    assert_eq!(anna_games(&ledger), 1, "the finished game counts before it is reopened");

    ledger.reopen_game(game).unwrap();
    drop(ledger);

    let mut ledger = Ledger::open(&path).unwrap();
    let reopened = ledger.game(game).unwrap();
    assert_eq!(
        (reopened.status, reopened.ended_at, reopened.final_moves_json.as_deref()),
        (GameStatus::InProgress, None, None),
        "the game is in progress again, without its end or its moves out of the City"
    );
    assert_eq!(reopened.cursor, 2, "the cursor stays where the game ended");
    assert_eq!(ledger.moves(game).unwrap(), moves_before, "the moves in effect are untouched");
    assert_eq!(ledger.redo_tail(game).unwrap(), tail_before, "the move taken back still waits for redo");
    assert!(ledger.results(game).unwrap().is_empty(), "its results are gone");
    assert_eq!(ledger.unfinished_game().unwrap().map(|g| g.id), Some(game), "it is offered for resuming");
    let stats = ledger.statistics().unwrap();
    assert_eq!(anna_games(&ledger), 0, "statistics no longer count it");
    assert_eq!(stats.records.highest_score, None, "nor its score among the records");
    let history = ledger.history().unwrap();
    let in_history = &history[0].games[0];
    assert_eq!(
        (in_history.game.status, in_history.standings.len()),
        (GameStatus::InProgress, 0),
        "the history shows it in progress, without results"
    );

    let here = ledger.cursor(game).unwrap();
    ledger.append_move(game, here, &tile_move(9), at(60)).unwrap();
    ledger
        .finish_game(
            game,
            &Finish {
                biggest_move: None,
                final_moves_json: None,
                ended_at: at(70),
                results: vec![result(anna, 5), result(bram, 30)],
            },
        )
        .unwrap();
    let standings = ledger.results(game).unwrap();
    assert_eq!(
        standings.iter().map(|s| (s.result.player, s.result.score)).collect::<Vec<_>>(),
        [(bram, 30), (anna, 5)],
        "finished again, it has only its new results"
    );
}

#[test]
fn a_refused_reopen_writes_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    let (mut ledger, finished, anna, bram) = finished_game_in_a_file(&path);
    let night = ledger.game(finished).unwrap().night;
    let new_game = |minutes| NewGame {
        night,
        script_version: 1,
        setup_json: SETUP.to_owned(),
        seats: vec![Seat { player: anna, color: Color::Red }, Seat { player: bram, color: Color::Blue }],
        start_seat: 0,
        started_at: at(minutes),
        app_version: None,
    };
    let playing = ledger.start_game(&new_game(80)).unwrap();
    let here = ledger.cursor(playing).unwrap();
    ledger.append_move(playing, here, &tile_move(1), at(81)).unwrap();
    let abandoned = ledger.start_game(&new_game(90)).unwrap();
    ledger.abandon_game(abandoned, at(95)).unwrap();
    let unknown = castellan_ledger::GameId(999);

    let files = || {
        let mut bytes = Vec::new();
        for suffix in ["", "-wal"] {
            let file = folder.path().join(format!("{}{suffix}", Ledger::FILE_NAME));
            bytes.push(std::fs::read(&file).unwrap_or_default());
        }
        bytes
    };
    let history_before = ledger.history().unwrap();
    let files_before = files();
    assert!(
        matches!(ledger.reopen_game(playing), Err(StatusError::NotFinished { game }) if game == playing),
        "a game in progress has no final count to undo"
    );
    assert!(
        matches!(ledger.reopen_game(abandoned), Err(StatusError::NotFinished { game }) if game == abandoned),
        "an abandoned game has no final count to undo"
    );
    assert!(
        matches!(ledger.reopen_game(unknown), Err(StatusError::NotFound { .. })),
        "an unknown game is named as missing"
    );
    assert_eq!(ledger.history().unwrap(), history_before, "every game and result is as it was");
    assert!(files() == files_before, "a refused reopen leaves the file and its journal byte for byte as they were");
}

#[test]
fn a_voided_game_reopened_is_no_longer_voided() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    let (mut ledger, game, _, _) = finished_game_in_a_file(&path);
    ledger.void_game(game, at(55)).unwrap();
    ledger.reopen_game(game).expect("a voided game's final count can be undone too");
    let reopened = ledger.game(game).unwrap();
    assert_eq!((reopened.status, reopened.voided_at), (GameStatus::InProgress, None));
}
