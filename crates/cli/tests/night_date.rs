//! `castellan ledger import` without `--date` dates the night where the players are: the
//! real binary run under a `TZ` of its own, against the date `date +%F` gives in that zone.

mod common;

use common::{castellan, stderr, write, GAME};
use std::process::{Command, Output};

/// The zones: two of the group's own, and the two farthest from UTC, so that at any moment
/// at least one of them is on another date than UTC.
const ZONES: [&str; 4] = ["America/Los_Angeles", "Europe/Amsterdam", "<+14>-14", "<-12>+12"];

fn in_zone(zone: &str, program: &str, args: &[&str]) -> Output {
    Command::new(program).args(args).env("TZ", zone).output().unwrap_or_else(|e| panic!("{program} runs: {e}"))
}

/// Today's date in `zone` (UTC for `"UTC0"`), as the system's `date` tells it.
fn today(zone: &str) -> String {
    let out = in_zone(zone, "date", &["+%F"]);
    assert!(out.status.success(), "date +%F: {}", stderr(&out));
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

/// The CSV's rows of the ledger at `db`, as a CSV reader reads them.
fn exported_rows(db: &str, folder: &std::path::Path) -> Vec<csv::StringRecord> {
    let out = castellan(&["ledger", "export", "--db", db, "--format", "csv", "--out", &folder.display().to_string()]);
    assert!(out.status.success(), "export: {}", stderr(&out));
    let mut reader = csv::Reader::from_path(folder.join("results.csv")).unwrap();
    reader.records().map(|r| r.unwrap()).collect()
}

#[test]
fn an_import_without_a_date_is_on_todays_date_where_the_players_are() {
    let (mut off_utc, mut day_changed) = (Vec::new(), false);
    for zone in ZONES {
        if zone.contains('/') {
            let offset = String::from_utf8(in_zone(zone, "date", &["+%z"]).stdout).unwrap();
            assert_ne!(offset.trim(), "+0000", "{zone} is known to the system (the tzdata package)");
        }
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("club.sqlite3").display().to_string();
        assert!(castellan(&["ledger", "init", "--db", &db]).status.success());
        let game = write(dir.path(), "g.json", GAME);

        let (before, utc_before) = (today(zone), today("UTC0"));
        let out = in_zone(zone, env!("CARGO_BIN_EXE_castellan"), &["ledger", "import", &game, "--db", &db]);
        assert!(out.status.success(), "{zone}: {}", stderr(&out));
        let after = today(zone);

        let rows = exported_rows(&db, &dir.path().join("out"));
        assert_eq!(rows.len(), 2, "{zone}: the game's two players");
        let date = &rows[0][1];
        assert!(date == before || date == after, "{zone}: the night is today there ({before}), not {date}");
        let started = &rows[0][3];
        assert!(started.ends_with("+00:00"), "{zone}: the time is kept in UTC, whatever the zone: {started}");
        if before == after && before != utc_before {
            off_utc.push(zone);
        }
        day_changed |= before != after;
    }
    // Else the UTC date would have passed too: true at any moment of -12 and +14 hours, unless
    // a day changed during the run.
    assert!(!off_utc.is_empty() || day_changed, "a zone on another date than UTC");
}
