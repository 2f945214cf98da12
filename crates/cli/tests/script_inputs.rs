//! Game scripts as people really write them, through the real binary: a byte-order mark
//! before the text, a nameless player, a table of one; and refusals that name players by name
//! and entries by index.

mod common;

use common::{castellan, no_panic, score, stderr, write, GAME};
use std::path::Path;

#[test]
fn a_script_after_a_byte_order_mark_is_read_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let bom = |s: &str| format!("\u{feff}{s}");
    let game = write(dir.path(), "game.json", &bom(GAME));
    let o = castellan(&["score", &game]);
    assert!(o.status.success(), "score: {}", stderr(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["scores"], serde_json::json!({"Anna": 4, "Bram": 2}));

    let with_expect = GAME.replace(
        "\"final_scoring\": true",
        "\"final_scoring\": true, \"expect\": {\"scores\": {\"Anna\": 4, \"Bram\": 2}}",
    );
    let scenario = write(dir.path(), "scenario.json", &bom(&with_expect));
    let o = castellan(&["check", &scenario]);
    assert!(o.status.success(), "check: {}{}", String::from_utf8_lossy(&o.stdout), stderr(&o));

    let db = dir.path().join("club.sqlite3").display().to_string();
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    let o = castellan(&["ledger", "import", &game, "--db", &db]);
    no_panic(&o, "import");
    assert!(o.status.success(), "import: {}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("imported as game 1"));

    // Only at the very start: a mark anywhere else is not JSON.
    let o = score(&format!("{GAME}\u{feff}"));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("not valid JSON"), "{}", stderr(&o));
}

#[test]
fn nameless_players_and_tables_of_one_are_refused_with_the_reason() {
    let cases = [
        (r#"[{"name": "Anna"}, {"name": ""}]"#, "players[1]: a player needs a name"),
        (r#"[{"name": "  "}, {"name": "Bram"}]"#, "players[0]: a player needs a name"),
        (r#"[{"name": "Anna"}]"#, "players: a game needs at least two players, but only Anna is seated"),
        (r#"[]"#, "players: a game needs at least two players, and none is seated"),
        (r#"[{"name": "Anna"}, {"name": "Bram"}, {"name": "Anna"}]"#, "players[2]: two players are called Anna"),
    ];
    for (players, reason) in cases {
        let script = format!(
            r#"{{"format": "castellan-game-script", "version": 1, "players": {players},
                "moves": [{{"tile": "E", "at": [0, -1], "rot": 180}}], "final_scoring": true}}"#
        );
        let o = score(&script);
        no_panic(&o, players);
        assert_eq!((o.status.code(), stderr(&o).trim_end()), (Some(1), reason), "{players}");
    }
}

/// A rule scenario of `tests/scenarios` without its `expect`, as a plain game script.
fn scenario_without_expect(name: &str) -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios").join(name);
    let mut script: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    script.as_object_mut().unwrap().remove("expect");
    script
}

#[test]
fn errors_name_players_by_name_and_final_moves_by_index() {
    // Red has seven followers; the eighth is refused, naming her.
    let o = score(&scenario_without_expect("B-01_seven_followers_then_none.json").to_string());
    assert_eq!(stderr(&o).trim_end(), "move 14: Red has no follower left");

    // Red brings two followers out of the castle, then a third she does not have.
    let mut script = scenario_without_expect("C-19_final_board_with_followers_in_the_city_5.json");
    let third = serde_json::json!({"player": "Red", "quarter": "castle", "to": [3, 1, "E"]});
    script["final_moves"].as_array_mut().unwrap().push(third);
    let o = score(&script.to_string());
    assert_eq!(stderr(&o).trim_end(), "final_moves[3]: Red has no follower in the castle");
}

#[test]
fn river_scripts_are_scored_turn_by_turn_and_as_a_final_board() {
    // The River's rule scenarios, played as plain scripts by the binary: each report is the
    // game's own count, not the scenario's expectation read back.
    for (name, red, blue) in [
        ("RI-08_the_water_splits_the_grass.json", 3, 3),
        ("RI-03_a_finished_table_takes_the_river_in_any_order_3.json", 3, 4),
    ] {
        let o = score(&scenario_without_expect(name).to_string());
        no_panic(&o, name);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(report["scores"], serde_json::json!({"Red": red, "Blue": blue}), "{name}");
    }
    let mut with_count = scenario_without_expect("RI-02_the_spring_replaces_the_start_tile.json");
    with_count["setup"] = serde_json::json!({"sets": ["base", "river", "count"], "start": "count"});
    let o = score(&with_count.to_string());
    assert_eq!(
        (o.status.code(), stderr(&o).trim_end()),
        (Some(1), "setup: the River and the Count cannot be combined yet")
    );
}
