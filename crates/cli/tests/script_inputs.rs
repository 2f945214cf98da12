//! Game scripts as people really write them, through the real binary: a byte-order mark
//! before the text.

mod common;

use common::{castellan, no_panic, score, stderr, write, GAME};

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
