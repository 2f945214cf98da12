//! The `games` and `game_seats` tables: setup, seats, start player, status, resuming.

use castellan_ledger::{
    Color, EndError, GameStatus, JsonShape, Ledger, Missing, NewGame, NewGameError, NightId, NotJson, PlayerId,
    RowError, Seat, SeatError, StatusError,
};

use crate::{at, may, Table, SETUP};

/// Why a game is bad, the game, and what the error must look like.
type Case = (&'static str, NewGame, fn(&NewGameError) -> bool);

fn new_game(night: NightId, seats: &[(PlayerId, Color)]) -> NewGame {
    NewGame {
        night,
        script_version: 1,
        setup_json: SETUP.to_owned(),
        seats: seats.iter().map(|&(player, color)| Seat { player, color }).collect(),
        start_seat: 0,
        started_at: at(0),
        app_version: None,
    }
}

#[test]
fn a_started_game_round_trips() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let cas = ledger.add_player("Cas", None).unwrap();
    let night = ledger.add_night(may(1), None, &[]).unwrap();
    let setup = "{ \"sets\" : [\"base\", \"river2\"],\n  \"start\": \"river2\" }";
    let id = ledger
        .start_game(&NewGame {
            setup_json: setup.to_owned(),
            start_seat: 2,
            started_at: at(5),
            app_version: Some("0.4.1".to_owned()),
            ..new_game(night, &[(anna, Color::Red), (bram, Color::Blue), (cas, Color::Black)])
        })
        .unwrap();
    let game = ledger.game(id).unwrap();
    assert_eq!(game.night, night, "the night must round-trip");
    assert_eq!(game.setup_json, setup, "the setup is stored verbatim, whitespace included");
    assert_eq!(game.started_at, at(5), "the start time must round-trip");
    assert_eq!(game.app_version.as_deref(), Some("0.4.1"), "the version that wrote the game is kept");
    assert_eq!(game.voided_at, None, "a new game is not voided");
    assert_eq!(
        (game.status, game.ended_at, game.cursor),
        (GameStatus::InProgress, None, 0),
        "a new game is in progress with no moves"
    );
    let order: Vec<PlayerId> = game.turn_order().map(|s| s.player).collect();
    assert_eq!(order, [cas, anna, bram], "turn order starts at the start seat and goes round the table");
    assert_eq!(game.seats[2].color, Color::Black, "seats keep their colours in seat order");
}

#[test]
fn a_bad_new_game_is_refused_and_nothing_stored() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let night = ledger.add_night(may(1), None, &[]).unwrap();
    let base = new_game(night, &[(anna, Color::Red), (bram, Color::Blue)]);
    let cases: Vec<Case> = vec![
        ("no seats", NewGame { seats: vec![], ..base.clone() }, |e| {
            matches!(e, NewGameError::Seats(SeatError::NoSeats))
        }),
        ("start seat past the last seat", NewGame { start_seat: 2, ..base.clone() }, |e| {
            matches!(e, NewGameError::Seats(SeatError::StartSeatOutOfRange { start_seat: 2, seats: 2 }))
        }),
        ("a player seated twice", new_game(night, &[(anna, Color::Red), (anna, Color::Blue)]), |e| {
            matches!(e, NewGameError::Seats(SeatError::DuplicatePlayer(_)))
        }),
        ("a colour taken twice", new_game(night, &[(anna, Color::Red), (bram, Color::Red)]), |e| {
            matches!(e, NewGameError::Seats(SeatError::DuplicateColor(Color::Red)))
        }),
        ("a setup that is not JSON", NewGame { setup_json: "sets: base".to_owned(), ..base.clone() }, |e| {
            matches!(e, NewGameError::NotJson(NotJson { what: "setup", shape: JsonShape::Object, .. }))
        }),
        (
            "a setup that is JSON but not an object",
            NewGame { setup_json: "[\"base\"]".to_owned(), ..base.clone() },
            |e| matches!(e, NewGameError::NotJson(NotJson { what: "setup", shape: JsonShape::Object, .. })),
        ),
        ("an unknown night", NewGame { night: NightId(99), ..base.clone() }, |e| {
            matches!(e, NewGameError::NotFound { what: Missing::Night(NightId(99)) })
        }),
        (
            "an unknown player in the last seat",
            new_game(night, &[(anna, Color::Red), (PlayerId(99), Color::Blue)]),
            |e| matches!(e, NewGameError::NotFound { what: Missing::Player(PlayerId(99)) }),
        ),
    ];
    for (why, game, expected) in cases {
        let error = ledger.start_game(&game).unwrap_err();
        assert!(expected(&error), "{why}: wrong error {error:?}");
        assert!(ledger.unfinished_games().unwrap().is_empty(), "{why}: a refused game must leave no trace");
        assert!(
            ledger.night(night).unwrap().attendees.is_empty(),
            "{why}: a refused game must not mark anyone as having come"
        );
    }
}

#[test]
fn the_game_to_resume_is_the_latest_in_progress() {
    let mut table = Table::start();
    let ledger = &mut table.ledger;
    let later = ledger
        .start_game(&NewGame { started_at: at(90), ..new_game(table.night, &[(table.anna, Color::Yellow)]) })
        .unwrap();
    assert_eq!(
        ledger.unfinished_game().unwrap().map(|g| g.id),
        Some(later),
        "the most recently started game is the one being played"
    );
    assert_eq!(ledger.unfinished_games().unwrap().len(), 2, "both games are still in progress");
    ledger.abandon_game(later, at(95)).unwrap();
    let resumed = ledger.unfinished_game().unwrap().expect("one game is left");
    assert_eq!(resumed.id, table.game, "an abandoned game is no longer offered, so the older one is");
    let abandoned = ledger.game(later).unwrap();
    assert_eq!(
        (abandoned.status, abandoned.ended_at),
        (GameStatus::Abandoned, Some(at(95))),
        "an abandoned game keeps its end time and says it was abandoned"
    );
    assert!(
        matches!(ledger.abandon_game(later, at(96)), Err(EndError::GameEnded { game }) if game == later),
        "a game cannot end twice"
    );
}

#[test]
fn an_unknown_game_is_not_found() {
    let ledger = Ledger::open_in_memory().unwrap();
    let error = ledger.game(castellan_ledger::GameId(7)).unwrap_err();
    assert!(
        matches!(error, RowError::NotFound { what: Missing::Game(g) } if g.0 == 7),
        "the missing game must be named, got {error:?}"
    );
}

#[test]
fn a_finished_game_can_be_voided_and_taken_back() {
    let mut table = Table::start();
    let refused = table.ledger.void_game(table.game, at(10)).unwrap_err();
    assert!(
        matches!(refused, StatusError::NotFinished { game } if game == table.game),
        "a game in progress has no results to leave out, got {refused:?}"
    );
    let unknown = castellan_ledger::GameId(99);
    assert!(matches!(table.ledger.void_game(unknown, at(10)), Err(StatusError::NotFound { .. })));
    assert!(matches!(table.ledger.unvoid_game(unknown), Err(RowError::NotFound { .. })));

    let finish = castellan_ledger::Finish {
        biggest_move: None,
        final_moves_json: None,
        ended_at: at(50),
        results: vec![crate::result::result(table.anna, 10), crate::result::result(table.bram, 3)],
    };
    table.ledger.finish_game(table.game, &finish).unwrap();
    table.ledger.void_game(table.game, at(60)).unwrap();
    table.ledger.void_game(table.game, at(70)).unwrap();
    let game = table.ledger.game(table.game).unwrap();
    assert_eq!(game.voided_at, Some(at(60)), "voided, at the first time asked");
    assert_eq!(game.status, GameStatus::Finished, "a voided game is still a finished game");
    assert_eq!(table.ledger.results(table.game).unwrap().len(), 2, "its results are kept");

    table.ledger.unvoid_game(table.game).unwrap();
    assert_eq!(table.ledger.game(table.game).unwrap().voided_at, None, "undone");
    table.ledger.unvoid_game(table.game).unwrap();
    assert_eq!(table.ledger.game(table.game).unwrap().voided_at, None, "taking back twice changes nothing");
}
