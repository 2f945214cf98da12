//! The `nights` and `night_players` tables: date, place, who came.

use castellan_ledger::{Color, Ledger, Missing, NewGame, NightId, PlayerId, RowError, Seat};

use crate::{at, may, SETUP};

#[test]
fn a_night_remembers_date_place_and_attendees() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let id = ledger.add_night(may(3), Some("De Wit"), &[bram, anna]).unwrap();
    let night = ledger.night(id).unwrap();
    assert_eq!(night.date, may(3), "the date must round-trip");
    assert_eq!(night.place.as_deref(), Some("De Wit"), "the place must round-trip");
    assert_eq!(night.attendees, [anna, bram], "attendees are returned by id, each once");
}

#[test]
fn an_unknown_attendee_records_nothing() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let ghost = PlayerId(42);
    let error = ledger.add_night(may(3), None, &[ghost]).unwrap_err();
    assert!(
        matches!(error, RowError::NotFound { what: Missing::Player(p) } if p == ghost),
        "the missing player must be named, got {error:?}"
    );
    assert!(
        matches!(ledger.night(NightId(1)), Err(RowError::NotFound { .. })),
        "the night and its attendees are one transaction: nothing may remain"
    );
}

#[test]
fn a_seated_player_came_to_the_night() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    let night = ledger.add_night(may(1), None, &[anna]).unwrap();
    ledger
        .start_game(&NewGame {
            night,
            script_version: 1,
            setup_json: SETUP.to_owned(),
            seats: vec![Seat { player: bram, color: Color::Green }],
            start_seat: 0,
            started_at: at(0),
            app_version: None,
        })
        .unwrap();
    assert_eq!(
        ledger.night(night).unwrap().attendees,
        [anna, bram],
        "Bram played that night, so he came, even if nobody said so"
    );
    ledger.add_attendee(night, anna).unwrap();
    assert_eq!(ledger.night(night).unwrap().attendees.len(), 2, "adding an attendee twice keeps one entry");
}

#[test]
fn a_night_is_found_by_date_and_place() {
    let mut ledger = Ledger::open_in_memory().unwrap();
    let club = ledger.add_night(may(3), Some("Club"), &[]).unwrap();
    let home = ledger.add_night(may(3), None, &[]).unwrap();
    assert_eq!(ledger.night_at(may(3), Some("Club")).unwrap(), Some(club), "same date and place");
    assert_eq!(ledger.night_at(may(3), None).unwrap(), Some(home), "no place matches the night without one");
    assert_eq!(ledger.night_at(may(3), Some("Café")).unwrap(), None, "another place is another night");
    assert_eq!(ledger.night_at(may(4), Some("Club")).unwrap(), None, "another date is another night");

    let batch = ledger.batch().unwrap();
    assert_eq!(batch.find_or_add_night_at(may(3), Some("Club")).unwrap(), club, "reused, not added");
    let cafe = batch.find_or_add_night_at(may(3), Some("Café")).unwrap();
    assert_eq!(batch.find_or_add_night_on(may(3), Some("Elsewhere")).unwrap(), cafe, "today's night: the latest");
    let later = batch.find_or_add_night_on(may(9), Some("Elsewhere")).unwrap();
    batch.commit().unwrap();
    assert_eq!(ledger.night(later).unwrap().place.as_deref(), Some("Elsewhere"), "a new day gets a new night");
    assert_eq!(ledger.history().unwrap().len(), 4, "Club, home, Café and the new day");
}
