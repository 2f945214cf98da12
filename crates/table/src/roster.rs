//! The players the ledger knows, offered on the new-game screen with the colour they like.

use crate::TableError;
use castellan_engine::Color;
use castellan_ledger::Ledger;
use serde::Serialize;

/// A known player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct RosterPlayer {
    /// The name.
    pub name: String,
    /// The colour they like to play, if known.
    pub color: Option<Color>,
}

/// Every player in the ledger, by name.
///
/// # Errors
/// The ledger fails.
pub fn roster(ledger: &Ledger) -> Result<Vec<RosterPlayer>, TableError> {
    let mut players: Vec<RosterPlayer> =
        ledger.players()?.into_iter().map(|p| RosterPlayer { name: p.name, color: p.preferred_color }).collect();
    players.sort_by_key(|p| p.name.to_lowercase());
    Ok(players)
}

/// Pairs of players whose names the ledger now takes for one name (a ledger from before
/// names were compared in every alphabet could hold "Ölaf" and "ölaf"): the player found by
/// that name, then the other. Both are kept; renaming one resolves it.
///
/// # Errors
/// The ledger fails.
pub fn name_clashes(ledger: &Ledger) -> Result<Vec<(String, String)>, TableError> {
    let mut pairs = Vec::new();
    for later in ledger.name_clashes()? {
        let first = ledger.player_by_name(&later.name)?.map(|p| p.name).unwrap_or_default();
        pairs.push((first, later.name));
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::table_in_memory;

    #[test]
    fn known_players_come_by_name_with_their_colour() {
        let mut ledger = Ledger::open_in_memory().unwrap();
        ledger.add_player("bram", None).unwrap();
        ledger.add_player("Anna", Some(Color::Green)).unwrap();
        let players = roster(&ledger).unwrap();
        assert_eq!(players[0], RosterPlayer { name: "Anna".into(), color: Some(Color::Green) });
        assert_eq!(players[1], RosterPlayer { name: "bram".into(), color: None });
    }

    #[test]
    fn a_refused_new_game_adds_no_player_and_no_night() {
        use castellan_engine::GameSetup;
        let now = chrono::DateTime::from_timestamp(1_795_000_000, 0).unwrap();
        let mut table = table_in_memory();
        for (names, why) in [
            (["Xena", "xena"], "two seats for the same player: Xena and xena"),
            (["Yuri", " Yuri "], "two seats for the same player: Yuri and Yuri"),
            (["Anna", "  "], "a player name cannot be empty"),
        ] {
            let err = table.start(GameSetup::base(&names), Some("Club"), now).unwrap_err();
            assert_eq!(err.to_string(), why, "{names:?}");
            assert!(roster(table.ledger()).unwrap().is_empty(), "{names:?}: no player left behind");
            assert!(table.ledger().history().unwrap().is_empty(), "{names:?}: no empty night left behind");
        }
        let fifty_megabytes = "x".repeat(50 << 20);
        let refusals = [
            (
                GameSetup::base(&["Anna", &"é".repeat(41)]),
                None,
                "is 41 characters long; a player's name has at most 40",
            ),
            (GameSetup::base(&["Anna", &fifty_megabytes]), None, "… (52428800 characters) is 52428800 characters long"),
            (
                GameSetup::base(&["Anna", "Bram"]),
                Some("p".repeat(61)),
                "the place is 61 characters long; a place has at most 60",
            ),
        ];
        for (setup, place, why) in refusals {
            let err = table.start(setup, place.as_deref(), now).unwrap_err();
            assert!(matches!(err, TableError::OverLimit { file: None, .. }), "{err:?}");
            assert!(err.to_string().contains(why) && err.to_string().len() < 200, "{err}");
            assert!(roster(table.ledger()).unwrap().is_empty(), "{why}: no player left behind");
            assert!(table.ledger().history().unwrap().is_empty(), "{why}: no night left behind");
        }
        let at_limits = GameSetup::base(&[&"é".repeat(40), "Bram"]);
        table.start(at_limits, Some(&"p".repeat(60)), now).expect("a name and a place at their limits");
        table.start(GameSetup::base(&["Ölaf", "Bram"]), None, now).unwrap();
        table.start(GameSetup::base(&["ölaf ", "BRAM"]), None, now).unwrap();
        let names: Vec<String> = roster(table.ledger()).unwrap().into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["Bram", "é".repeat(40).as_str(), "Ölaf"], "a second game finds the same two players");
    }
}
