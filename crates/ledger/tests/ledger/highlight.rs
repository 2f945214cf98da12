//! The records a night's or a game's games broke, against the games played before them.

use castellan_ledger::{
    BiggestMove, BrokenRecord, Color, Finish, GameId, Ledger, NewGame, NightId, PlayerId, PlayerResult, RecordKind,
    Seat,
};

use crate::result::result;
use crate::{at, may, SETUP};

/// One seat's result: its score (all from cities), the farm points and the biggest city.
fn seat(player: PlayerId, score: u32, farms: u32, city: Option<u32>) -> PlayerResult {
    let mut r = result(player, score);
    r.points.farms = farms;
    r.points.cities = score - farms;
    r.biggest_city_tiles = city;
    r
}

/// A finished game of `night` started `minute` minutes after 20:00, with its biggest move.
fn finished(
    ledger: &mut Ledger,
    night: NightId,
    minute: i64,
    seats: Vec<PlayerResult>,
    best: Option<BiggestMove>,
) -> GameId {
    let game = ledger
        .start_game(&NewGame {
            night,
            script_version: 1,
            setup_json: SETUP.to_owned(),
            seats: seats.iter().zip(Color::ALL).map(|(r, color)| Seat { player: r.player, color }).collect(),
            start_seat: 0,
            started_at: at(minute),
            app_version: None,
        })
        .unwrap();
    let finish = Finish { biggest_move: best, final_moves_json: None, ended_at: at(minute + 1), results: seats };
    ledger.finish_game(game, &finish).unwrap();
    game
}

#[test]
fn a_night_breaks_the_records_its_games_beat_and_only_those() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let first = ledger.add_night(may(1), None, &[]).unwrap();
    let one = finished(
        &mut ledger,
        first,
        0,
        vec![seat(anna, 90, 20, Some(8)), seat(bram, 80, 10, Some(5))],
        Some(BiggestMove { player: anna, points: 18, seq: 40 }),
    );
    assert_eq!(ledger.records_broken(&[one]).unwrap(), [], "the first game sets records and breaks none");

    let second = ledger.add_night(may(8), None, &[]).unwrap();
    // Bram beats the highest score (95 > 90) and the closest finish (95–93: 2 < 10); Anna's
    // farms equal the record (20) and her city falls short: neither is broken.
    let two = finished(
        &mut ledger,
        second,
        0,
        vec![seat(anna, 93, 20, Some(7)), seat(bram, 95, 5, Some(4))],
        Some(BiggestMove { player: bram, points: 12, seq: 9 }),
    );
    // Later that night Anna beats Bram's new score (101 > 95): the night's record is hers,
    // measured against the best before the night.
    let three = finished(
        &mut ledger,
        second,
        60,
        vec![seat(anna, 101, 0, Some(11)), seat(bram, 60, 0, None)],
        Some(BiggestMove { player: anna, points: 25, seq: 3 }),
    );
    let broken = ledger.records_broken(&[three, two]).unwrap();
    let record = |kind, player, game, value, previous| BrokenRecord { kind, player, game, value, previous };
    assert_eq!(
        broken,
        [
            record(RecordKind::HighestScore, anna, three, 101, 90),
            record(RecordKind::MostPointsInMove, anna, three, 25, 18),
            record(RecordKind::BiggestCity, anna, three, 11, 8),
            record(RecordKind::ClosestFinish, bram, two, 2, 10),
        ]
    );
    assert_eq!(
        ledger.records_broken(&[two]).unwrap(),
        [record(RecordKind::HighestScore, bram, two, 95, 90), record(RecordKind::ClosestFinish, bram, two, 2, 10)],
        "one game alone, against every game before it"
    );
    assert_eq!(
        ledger.records_broken(&[three]).unwrap()[0],
        record(RecordKind::HighestScore, anna, three, 101, 95),
        "the third game against the second's new record"
    );

    ledger.void_game(three, at(200)).unwrap();
    assert_eq!(ledger.records_broken(&[three]).unwrap(), [], "a voided game counts for nothing, so it breaks nothing");
}
