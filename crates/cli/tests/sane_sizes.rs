//! Values from a script as the real binary's errors show them (quoted, cut, escaped), and
//! script files held to their size, through `score`, `check` and `ledger import`.

mod common;

use castellan_table::limit::SCRIPT_BYTES;
use common::{castellan, no_panic, score, stderr, write, GAME};

/// A line a terminal shows as it is: short, and without a control character to act on.
fn assert_readable(line: &str) {
    assert!(line.chars().count() < 200, "a readable line, not {} characters", line.chars().count());
    assert!(
        !line.trim_end_matches('\n').chars().any(char::is_control),
        "no control character reaches the terminal: {line:?}"
    );
}

#[test]
fn a_huge_tile_id_with_terminal_codes_is_shown_cut_and_escaped() {
    let tile = format!("\u{1b}]0;owned\u{7}\u{1b}[31m{}", "Q".repeat(1 << 20));
    let o = score(&GAME.replacen("\"tile\": \"E\"", &format!("\"tile\": {}", serde_json::json!(tile)), 1));
    no_panic(&o, "score");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert_readable(&err);
    let shown = "move 0: unknown tile `\\u{1b}]0;owned\\u{7}\\u{1b}[31mQQQ";
    assert!(err.starts_with(shown), "{err}");
    assert!(err.trim_end().ends_with(&format!("…` ({} characters)", tile.chars().count())), "{err}");
}

#[test]
fn a_player_name_with_terminal_codes_is_escaped_in_a_refusal() {
    let name = format!("\u{1b}[2J{}", "A".repeat(5000));
    let players = format!(r#""players": [{{"name": {}, "color": "red"}}]"#, serde_json::json!(name));
    let one =
        GAME.replace(r#""players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}]"#, &players);
    let o = score(&one);
    no_panic(&o, "score");
    let err = stderr(&o);
    assert_readable(&err);
    assert!(err.contains("but only \\u{1b}[2JAAA") && err.contains("(5004 characters) is seated"), "{err}");
}

#[test]
fn a_script_file_is_read_up_to_its_limit_in_every_command() {
    let dir = tempfile::tempdir().unwrap();
    // The game padded with blanks to exactly the limit, and one byte past it.
    let padded = |bytes: u64| format!("{GAME}{}", " ".repeat(bytes as usize - GAME.len()));
    let at = write(dir.path(), "at.json", &padded(SCRIPT_BYTES));
    let past = write(dir.path(), "past.json", &padded(SCRIPT_BYTES + 1));

    let o = castellan(&["score", &at]);
    assert!(o.status.success(), "at the limit: {}", stderr(&o));
    let o = castellan(&["score", &past]);
    no_panic(&o, "score");
    assert_eq!(o.status.code(), Some(1));
    let why = format!("the file has {} bytes; a game script has at most {SCRIPT_BYTES}", SCRIPT_BYTES + 1);
    assert_eq!(stderr(&o).trim_end(), format!("{past}: {why}"));

    let o = castellan(&["check", &past]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains(&format!("FAILED {past}: {why}")), "check");

    let db = dir.path().join("club.sqlite3").display().to_string();
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    let o = castellan(&["ledger", "import", &past, "--db", &db]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o).trim_end(), format!("{past}: {why}"));
    let stats = castellan(&["ledger", "stats", "--db", &db, "--json"]);
    let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).unwrap();
    assert_eq!(stats["players"], serde_json::json!([]), "nothing imported: {stats}");
    let o = castellan(&["ledger", "import", &at, "--db", &db]);
    assert!(o.status.success(), "at the limit: {}", stderr(&o));
}

#[test]
fn a_name_or_place_past_its_limit_is_not_imported() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite3").display().to_string();
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    let long = write(dir.path(), "long.json", &GAME.replace("Bram", &"B".repeat(41)));
    let o = castellan(&["ledger", "import", &long, "--db", &db]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("is 41 characters long; a player's name has at most 40"), "{err}");
    let game = write(dir.path(), "game.json", GAME);
    let place = "\u{1b}".repeat(61);
    let o = castellan(&["ledger", "import", &game, "--db", &db, "--place", &place]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("the place is 61 characters long; a place has at most 60"), "{}", stderr(&o));
    let o = castellan(&["ledger", "import", &game, "--db", &db, "--date", &"\u{7}".repeat(1000)]);
    assert_eq!(o.status.code(), Some(2));
    assert_readable(stderr(&o).lines().next().unwrap());
    let stats = castellan(&["ledger", "stats", "--db", &db, "--json"]);
    let stats: serde_json::Value = serde_json::from_slice(&stats.stdout).unwrap();
    assert_eq!(stats["players"], serde_json::json!([]), "nothing imported: {stats}");
}

#[test]
fn the_ledgers_own_refusal_of_a_name_reaches_the_terminal_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.sqlite3").display().to_string();
    assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
    // Two spellings of one player, each with a code that would clear the screen.
    let game = GAME.replace("\"Anna\"", "\"\\u001b[2JAnna\"").replace("\"Bram\"", "\"\\u001b[2Janna\"");
    let file = write(dir.path(), "twice.json", &game);
    let o = castellan(&["ledger", "import", &file, "--db", &db]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert_readable(&err);
    assert!(err.contains("two seats for the same player: \\u{1b}[2JAnna and \\u{1b}[2Janna"), "{err}");
}
