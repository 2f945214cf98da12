//! The `players` table: unique names, preferred colours.

use castellan_ledger::{check_roster, Color, Ledger, Missing, PlayerError, PlayerId, RosterError, RowError};

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
        matches!(&error, PlayerError::NameTaken { name } if name == "ANNA"),
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
    assert!(matches!(error, PlayerError::EmptyName), "a blank name is no name, got {error:?}");
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
        matches!(ledger.update_player(bram, "annabel", None), Err(PlayerError::NameTaken { .. })),
        "renaming onto another player's name must be refused"
    );
    let nobody = PlayerId(999);
    assert!(
        matches!(
            ledger.update_player(nobody, "X", None),
            Err(PlayerError::NotFound { what: Missing::Player(id) }) if id == nobody
        ),
        "updating an unknown player must say which one is missing"
    );
    assert!(matches!(ledger.player(nobody), Err(RowError::NotFound { .. })), "reading an unknown player is NotFound");
}

#[test]
fn colours_use_the_game_script_spelling() {
    for color in Color::ALL {
        assert_eq!(Color::from_name(color.name()), Some(color), "every colour must parse back from its own name");
    }
    assert_eq!(Color::Gray.name(), "gray", "the script spells it gray");
    assert!(Color::from_name("grey").is_none(), "only the script spelling is a colour");
}

#[test]
fn case_in_any_alphabet_and_spacing_do_not_make_another_player() {
    let mut ledger = ledger();
    let olaf = ledger.add_player("Ölaf", None).unwrap();
    ledger.add_player("Yuri", None).unwrap();
    ledger.add_player("Anna Bakker", None).unwrap();
    for (name, same_as) in [("ölaf", "Ölaf"), ("ÖLAF", "Ölaf"), (" Yuri ", "Yuri"), ("anna   BAKKER", "Anna Bakker")]
    {
        let error = ledger.add_player(name, None).unwrap_err();
        assert!(
            matches!(&error, PlayerError::NameTaken { name: taken } if taken == name.trim()),
            "{name:?} is {same_as}, so it must be refused as taken, got {error:?}"
        );
        assert_eq!(
            ledger.player_by_name(name).unwrap().map(|p| p.name),
            Some(same_as.to_owned()),
            "{name:?} must find {same_as}"
        );
    }
    assert_eq!(ledger.players().unwrap().len(), 3, "no refused name was stored");
    let error = ledger.update_player(olaf, "yuri", None).unwrap_err();
    assert!(matches!(error, PlayerError::NameTaken { .. }), "a rename is compared the same way, got {error:?}");
}

#[test]
fn a_roster_is_checked_as_the_ledger_compares_names() {
    let same = check_roster(["Anna", "Xena", "xena"]).unwrap_err();
    assert!(
        matches!(&same, RosterError::SamePlayer { first, second } if first == "Xena" && second == "xena"),
        "the two names of one player are named as written, got {same:?}"
    );
    assert_eq!(same.to_string(), "two seats for the same player: Xena and xena");
    assert!(
        matches!(check_roster(["Yuri", " Yuri "]), Err(RosterError::SamePlayer { .. })),
        "surrounding spaces do not make another player"
    );
    assert!(matches!(check_roster(["Anna", "  "]), Err(RosterError::EmptyName)), "a blank name is refused");
    assert!(check_roster(["Anna", "Anne", "Ölaf", "Olaf"]).is_ok(), "different names pass, accents count");
}

/// A schema-3 ledger file (before names were compared in every alphabet) holding `names`.
fn schema_3_file(path: &std::path::Path, names: &[&str]) {
    let rows: Vec<String> = names.iter().map(|n| format!("INSERT INTO players (name) VALUES ('{n}');")).collect();
    super::file_at_schema(path, 3, &rows.join("\n"));
}

#[test]
fn players_an_old_ledger_held_apart_are_both_kept_and_reported() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    schema_3_file(&path, &["Ölaf", "Bram", "ölaf"]);
    let mut ledger = Ledger::open(&path).expect("a schema-3 file with clashing names must still open");
    let names: Vec<String> = ledger.players().unwrap().into_iter().map(|p| p.name).collect();
    assert_eq!(names, ["Bram", "Ölaf", "ölaf"], "no player is lost to the new comparison");
    let clashes: Vec<String> = ledger.name_clashes().unwrap().into_iter().map(|p| p.name).collect();
    assert_eq!(clashes, ["ölaf"], "the later of the two is reported");
    assert_eq!(
        ledger.player_by_name("ÖLAF").unwrap().map(|p| p.name).as_deref(),
        Some("Ölaf"),
        "the name finds the first of them"
    );
    assert!(ledger.player_by_name("bram").unwrap().is_some(), "keys were filled in for every other player");
    assert!(
        matches!(ledger.add_player("ölaf", None), Err(PlayerError::NameTaken { .. })),
        "no third Ölaf can be added"
    );
    let later = ledger.name_clashes().unwrap().remove(0);
    ledger.update_player(later.id, "Ölaf Jr.", None).unwrap();
    assert!(ledger.name_clashes().unwrap().is_empty(), "renaming the later one resolves the clash");
    assert_eq!(ledger.player_by_name("ölaf jr.").unwrap().map(|p| p.id), Some(later.id), "and it is found by name");
}

#[test]
fn a_batch_not_committed_writes_nothing() {
    let mut ledger = ledger();
    let batch = ledger.batch().unwrap();
    let xena = batch.find_or_add_player("Xena", Some(Color::Red)).unwrap();
    assert_eq!(batch.find_or_add_player(" XENA ", None).unwrap(), xena, "within the batch, Xena is found again");
    batch.find_or_add_night_at(crate::may(3), Some("Club")).unwrap();
    drop(batch);
    assert!(ledger.players().unwrap().is_empty(), "a dropped batch leaves no player");
    assert!(ledger.history().unwrap().is_empty(), "nor a night");

    let batch = ledger.batch().unwrap();
    batch.find_or_add_player("Xena", Some(Color::Red)).unwrap();
    batch.commit().unwrap();
    assert_eq!(ledger.players().unwrap().len(), 1, "a committed batch keeps its writes");
}
