//! The history: nights newest first, their games newest first, with seats and results.

use castellan_ledger::{GameStatus, Ledger};

use crate::generate::generate;

#[test]
fn the_history_lists_every_night_and_game_newest_first() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let generated = generate(&mut ledger, 3, 6, 60, 2);
    let history = ledger.history().unwrap();

    let dates: Vec<_> = history.iter().map(|n| n.night.date).collect();
    let mut newest_first = dates.clone();
    newest_first.sort_by(|a, b| b.cmp(a));
    assert_eq!(dates, newest_first, "nights must be listed newest first");
    assert_eq!(history.len(), generated.games.len().div_ceil(4), "every night is listed once");

    let games: Vec<_> = history.iter().flat_map(|n| &n.games).collect();
    assert_eq!(games.len(), generated.games.len(), "every game appears under its night");
    for night in &history {
        let starts: Vec<_> = night.games.iter().map(|g| g.game.started_at).collect();
        assert!(starts.windows(2).all(|w| w[0] >= w[1]), "games within a night must be newest first: {starts:?}");
        for game in &night.games {
            assert_eq!(game.game.night, night.night.id, "a game sits under its own night");
            assert!(
                game.game.seats.iter().all(|seat| night.night.attendees.contains(&seat.player)),
                "everyone seated came to the night"
            );
        }
    }

    for made in &generated.games {
        let listed = games.iter().find(|g| g.game.id == made.id).expect("every generated game is listed");
        assert_eq!(listed.game, ledger.game(made.id).unwrap(), "the history's game must equal the game read alone");
        assert_eq!(
            listed.standings,
            ledger.results(made.id).unwrap(),
            "the history's results must equal the results read alone"
        );
        let expected_status = match made.results {
            Some(_) => GameStatus::Finished,
            None => GameStatus::InProgress,
        };
        assert_eq!(listed.game.status, expected_status, "status as generated");
    }
}

#[test]
fn two_nights_on_one_date_and_place_are_listed_apart() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    generate(&mut ledger, 1, 2, 4, 2);
    let first = ledger.add_night(crate::may(20), Some("Club"), &[]).unwrap();
    let second = ledger.add_night(crate::may(20), Some("Club"), &[]).unwrap();
    let ids: Vec<_> = ledger.history().unwrap().iter().map(|n| n.night.id).collect();
    assert!(ids.contains(&first) && ids.contains(&second), "each night is its own entry: {ids:?}");
}
