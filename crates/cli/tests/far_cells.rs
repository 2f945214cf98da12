//! Coordinates far off the table through the real binary: refused with the cell and the limit
//! wherever a script names one, never a panic (the tests run the debug build, which checks
//! every overflow).

mod common;

use common::{castellan, no_panic, score, stderr, write, GAME};

#[test]
fn far_coordinates_are_refused_with_the_cell_and_the_limit() {
    let cases = [
        ("2147483647, 0", "[2147483647,0] is off the table: coordinates run from -1000 to 1000"),
        ("-2147483648, 0", "[-2147483648,0] is off the table"),
        ("0, 2147483647", "[0,2147483647] is off the table"),
        ("2147483648, 0", "[2147483648,0] is off the table: coordinates run from -1000 to 1000"),
        ("1001, 0", "[1001,0] is off the table"),
        ("0, -1001", "[0,-1001] is off the table"),
    ];
    for (at, reason) in cases {
        let o = score(&GAME.replace("[1, 0]", &format!("[{at}]")));
        no_panic(&o, at);
        assert!(stderr(&o).starts_with(&format!("move 1: {reason}")), "{at}: {}", stderr(&o));
        assert_eq!(o.status.code(), Some(1), "{at}");
    }
    // The limit itself is on the table: refused only because the tile touches nothing.
    let o = score(&GAME.replace("[1, 0]", "[1000, 0]"));
    no_panic(&o, "1000");
    assert_eq!(stderr(&o).trim_end(), "move 1: tile V at [1000,0] rot 90 touches no tile along an edge");
}

#[test]
fn a_far_standing_follower_and_a_far_final_move_are_refused() {
    let board = r#"{"format": "castellan-game-script", "version": 1,
        "players": [{"name": "Anna"}, {"name": "Bram"}],
        "setup": {"mode": "final-board", "sets": ["base", "count"], "start": "count"},
        "moves": [{"player": "Anna", "stand": [X, 0, "N"]}],
        "final_scoring": true}"#;
    let o = score(&board.replace("X", "2147483647"));
    no_panic(&o, "stand");
    assert_eq!(stderr(&o).trim_end(), "move 0: [2147483647,0] is off the table: coordinates run from -1000 to 1000");
    let listed = board
        .replace(r#"{"player": "Anna", "stand": [X, 0, "N"]}"#, r#"{"player": "Anna", "stand": "castle"}"#)
        .replace(r#""start": "count"}"#, r#""start": "count", "count_at": "market"}"#)
        .replace(
            r#""final_scoring": true"#,
            r#""final_scoring": true, "final_moves": [{"player": "Anna", "quarter": "castle", "to": [-2147483648, 0, "N"]}]"#,
        );
    let o = score(&listed);
    no_panic(&o, "final move");
    assert_eq!(
        stderr(&o).trim_end(),
        "final_moves[0]: [-2147483648,0] is off the table: coordinates run from -1000 to 1000"
    );
}

#[test]
fn a_far_coordinate_is_refused_on_import_and_the_ledger_keeps_nothing_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite3").display().to_string();
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    let far = write(dir.path(), "far.json", &GAME.replace("[1, 0]", "[2147483647, 0]"));
    let o = castellan(&["ledger", "import", &far, "--db", &db]);
    no_panic(&o, "import");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("far.json: move 1: [2147483647,0] is off the table"), "{}", stderr(&o));
    let stats = castellan(&["ledger", "stats", "--db", &db, "--json"]);
    let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).expect("stats are JSON");
    assert_eq!(stats["players"], serde_json::json!([]), "nobody was added: {stats}");
}
