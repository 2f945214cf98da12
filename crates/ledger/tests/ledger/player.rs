//! The `players` table: unique names, preferred colours.

use castellan_ledger::{Color, InvalidInput, Ledger, LedgerError, Missing, PlayerId};

fn ledger() -> Ledger {
    Ledger::open_in_memory().unwrap()
}

#[test]
fn players_round_trip_and_list_by_name() {
    let mut ledger = ledger();
    let zoe = ledger.add_player("Zoë", None).unwrap();
    let anna = ledger.add_player("  Anna ", Some(Color::Purple)).unwrap();
    let players = ledger.players().unwrap();
    let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Anna", "Zoë"], "players are listed by name, with surrounding whitespace trimmed on entry");
    assert_eq!(players[0].id, anna, "ids must match what add_player returned");
    assert_eq!(players[0].preferred_color, Some(Color::Purple), "the preferred colour must round-trip");
    assert_eq!(ledger.player(zoe).unwrap().preferred_color, None, "no preferred colour stays none");
}

#[test]
fn names_are_unique_ignoring_case() {
    let mut ledger = ledger();
    ledger.add_player("Anna", None).unwrap();
    let error = ledger.add_player("ANNA", Some(Color::Red)).unwrap_err();
    assert!(
        matches!(&error, LedgerError::NameTaken { name } if name == "ANNA"),
        "a second Anna must be refused as a taken name, got {error:?}"
    );
    assert_eq!(
        ledger.player_by_name(" anna ").unwrap().map(|p| p.name),
        Some("Anna".to_owned()),
        "finding by name ignores case and surrounding spaces"
    );
    assert_eq!(ledger.players().unwrap().len(), 1, "the refused name must not be stored");
}

#[test]
fn an_empty_name_is_refused() {
    let mut ledger = ledger();
    let error = ledger.add_player("   ", None).unwrap_err();
    assert!(matches!(error, LedgerError::Invalid(InvalidInput::EmptyName)), "a blank name is no name, got {error:?}");
}

#[test]
fn update_renames_and_recolours() {
    let mut ledger = ledger();
    let anna = ledger.add_player("Anna", None).unwrap();
    let bram = ledger.add_player("Bram", None).unwrap();
    ledger.update_player(anna, "Annabel", Some(Color::Gray)).unwrap();
    let annabel = ledger.player(anna).unwrap();
    assert_eq!(
        (annabel.name.as_str(), annabel.preferred_color),
        ("Annabel", Some(Color::Gray)),
        "the update must be stored"
    );
    assert!(
        matches!(ledger.update_player(bram, "annabel", None), Err(LedgerError::NameTaken { .. })),
        "renaming onto another player's name must be refused"
    );
    let nobody = PlayerId(999);
    assert!(
        matches!(
            ledger.update_player(nobody, "X", None),
            Err(LedgerError::NotFound { what: Missing::Player(id) }) if id == nobody
        ),
        "updating an unknown player must say which one is missing"
    );
    assert!(
        matches!(ledger.player(nobody), Err(LedgerError::NotFound { .. })),
        "reading an unknown player is NotFound"
    );
}

#[test]
fn colours_use_the_game_script_spelling() {
    for color in Color::ALL {
        assert_eq!(color.as_str().parse::<Color>(), Ok(color), "every colour must parse back from its own name");
    }
    assert_eq!(Color::Gray.to_string(), "gray", "the script spells it gray");
    assert!("grey".parse::<Color>().is_err(), "only the script spelling is a colour");
}
