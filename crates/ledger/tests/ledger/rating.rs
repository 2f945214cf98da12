//! Ratings: Weng-Lin over the finishing orders, checked against figures worked out by hand
//! from the method's formulas for the smallest cases.

use castellan_ledger::{Color, Finish, GameId, Ledger, NewGame, PlayerId, Rating, Seat, PROVISIONAL_GAMES};
use chrono::NaiveDate;

use crate::result::result;
use crate::{at, may, SETUP};

/// A finished game on `date` between `scores`' players, started `minute` after 20:00.
fn game_on(ledger: &mut Ledger, date: NaiveDate, minute: i64, setup: &str, scores: &[(PlayerId, u32)]) -> GameId {
    let night = ledger.add_night(date, None, &[]).unwrap();
    let game = ledger
        .start_game(&NewGame {
            night,
            script_version: 1,
            setup_json: setup.to_owned(),
            seats: scores.iter().zip(Color::ALL).map(|(&(player, _), color)| Seat { player, color }).collect(),
            start_seat: 0,
            started_at: at(minute),
            app_version: None,
        })
        .unwrap();
    let finish = Finish {
        biggest_move: None,
        final_moves_json: None,
        ended_at: at(minute + 1),
        results: scores.iter().map(|&(p, s)| result(p, s)).collect(),
    };
    ledger.finish_game(game, &finish).unwrap();
    game
}

fn rating_of(ledger: &Ledger, player: PlayerId) -> Rating {
    ledger.ratings().unwrap().players.iter().find(|p| p.player == player).expect("the player is rated").rating
}

fn close(actual: f64, expected: f64) -> bool {
    (actual - expected).abs() < 0.001
}

#[test]
fn the_winner_of_a_first_game_rises_as_much_as_the_loser_falls() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    game_on(&mut ledger, may(1), 0, SETUP, &[(anna, 80), (bram, 60)]);

    // Both start at 25 ± 25/3 with beta 25/6: c = sqrt(2σ² + 2β²) = sqrt(173.61) = 13.176, the
    // winner's chance 1/2, so the mean moves by σ²/c · 1/2 = 2.635 each way; the uncertainty
    // shrinks by sqrt(1 - (σ/c)·(σ²/c²)·1/4) to 8.0655.
    let (winner, loser) = (rating_of(&ledger, anna), rating_of(&ledger, bram));
    assert!(close(winner.mean, 27.635), "the winner rises to 27.635, not {}", winner.mean);
    assert!(close(loser.mean, 22.365), "the loser falls to 22.365, not {}", loser.mean);
    assert!((winner.uncertainty - 8.0655).abs() < 0.001, "one game makes it surer: {}", winner.uncertainty);
    assert_eq!(winner.uncertainty, loser.uncertainty, "both learnt as much");
    assert_eq!(ledger.ratings().unwrap().players[0].player, anna, "the highest rating comes first");
}

#[test]
fn a_shared_first_place_moves_nobody_between_equals() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let cleo = ledger.add_player("Cleo", None).unwrap();
    game_on(&mut ledger, may(1), 0, SETUP, &[(anna, 70), (bram, 70), (cleo, 40)]);

    let (a, b, c) = (rating_of(&ledger, anna), rating_of(&ledger, bram), rating_of(&ledger, cleo));
    assert_eq!(a, b, "a tie for first gives both the same rating");
    assert!(a.mean > 25.0 && c.mean < 25.0, "the two ahead rise, the last falls: {a:?} {c:?}");
}

#[test]
fn few_games_make_a_provisional_rating() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let cleo = ledger.add_player("Cleo", None).unwrap();
    for n in 0..PROVISIONAL_GAMES {
        game_on(&mut ledger, may(1), i64::from(n) * 10, SETUP, &[(anna, 50), (bram, 40)]);
    }
    game_on(&mut ledger, may(2), 0, SETUP, &[(anna, 50), (cleo, 40)]);

    let ratings = ledger.ratings().unwrap();
    let of = |player| ratings.players.iter().find(|p| p.player == player).unwrap();
    assert_eq!((of(bram).games, of(bram).is_provisional()), (PROVISIONAL_GAMES, false), "enough games");
    assert_eq!((of(cleo).games, of(cleo).is_provisional()), (1, true), "a newcomer is provisional");
    assert!(of(cleo).rating.uncertainty > of(bram).rating.uncertainty, "and less certain");
    assert_eq!(of(anna).history.len(), 6, "one point of history per game");
    assert!(
        of(anna).history.windows(2).all(|w| w[1].rating.mean > w[0].rating.mean),
        "winning every game, Anna's rating rises each time: {:?}",
        of(anna).history
    );
    assert!(!ratings.players.iter().any(|p| p.player != anna && p.player != bram && p.player != cleo));
}

#[test]
fn voided_and_end_count_only_games_are_not_rated() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    game_on(&mut ledger, may(1), 0, SETUP, &[(anna, 80), (bram, 60)]);
    let before = ledger.ratings().unwrap();

    let voided = game_on(&mut ledger, may(2), 0, SETUP, &[(anna, 10), (bram, 90)]);
    ledger.void_game(voided, at(100)).unwrap();
    let end_count_only = r#"{"sets": ["base"], "mode": "final-board"}"#;
    game_on(&mut ledger, may(3), 0, end_count_only, &[(anna, 10), (bram, 90)]);

    assert_eq!(ledger.ratings().unwrap(), before, "neither game changes a rating");
    ledger.unvoid_game(voided).unwrap();
    assert!(rating_of(&ledger, bram).mean > rating_of(&ledger, anna).mean, "unvoided, Bram's win counts");
}

#[test]
fn games_are_rated_in_the_order_they_were_played() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    // Entered later, played earlier: it is rated first.
    let later = game_on(&mut ledger, may(9), 0, SETUP, &[(anna, 80), (bram, 60)]);
    let earlier = game_on(&mut ledger, may(2), 0, SETUP, &[(anna, 30), (bram, 60)]);

    let ratings = ledger.ratings().unwrap();
    let anna_history = &ratings.players.iter().find(|p| p.player == anna).unwrap().history;
    let games: Vec<(GameId, NaiveDate)> = anna_history.iter().map(|point| (point.game, point.date)).collect();
    assert_eq!(games, [(earlier, may(2)), (later, may(9))], "by the night's date");
    assert!(anna_history[0].rating.mean < 25.0, "she lost the first game played");
}
