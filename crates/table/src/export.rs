//! The ledger out (`castellan ledger export`): finished games as game scripts (an exact
//! replay), results as CSV, or BG Stats–shaped JSON for play-logging apps.
//!
//! The whole ledger goes out from the command line; the window exports one game or one
//! night ([`Selection`]) in the same three formats, through the same functions, so that a
//! file is the same whichever way it was made.
//!
//! Names and places are whatever the players typed, so the files must hold any text:
//! - the CSV is written by the csv crate, which quotes a field holding a comma, a quote, a
//!   carriage return or a line feed, so each name stays one cell of one row; and a typed cell
//!   that a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, tab,
//!   carriage return or NUL) is written with a leading `'` ([`text_cell`]), which spreadsheets
//!   read as "text" and people read past. Numbers are Castellan's own and stay numbers.
//! - the BG Stats file and the game scripts keep every name exactly: they are JSON, read by
//!   programs that import plays and match players by name, not opened as a sheet, and a
//!   quote added there would make another player of the same person.
//!
//! Voided games are left out of all three: the group said they do not count, and an export
//! feeds other tools' statistics. They stay in the ledger file itself. A single game that
//! is voided or unfinished is refused by name ([`TableError::NotExportable`]) rather than
//! written as an empty file.
//!
//! A final board counted without the scores before the count
//! ([`castellan_ledger::Game::end_count_only`]) is exported, marked, since its board and its
//! end count are real, but its scores are the end count's points alone and rank nobody:
//! - its game script has no `setup.track`, which is how the format says so;
//! - in the CSV its rows have an empty `rank` and `end_count_only` set to `true` (the last
//!   column; `false` for every other game), so that a tool reading ranks finds no winner;
//! - in the BG Stats file the play has `"ignored": true` (the field play-logging apps read
//!   as "keep this play out of the statistics") and `"endCountOnly": true`, and its players
//!   have `"rank": null` and `"winner": false`; their `score` is the end count.

use crate::stored::{people, stored_game};
use crate::TableError;
use castellan_engine::TileSet;
use castellan_ledger::{GameHistory, GameId, GameStatus, Ledger, NightHistory, NightId};
use serde::Deserialize;
use serde_json::{json, Value};
use std::borrow::Cow;

/// A file to write: its name and contents.
pub type File = (String, String);

/// The three formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
// Named for the UI's types, where a bare `Format` would say nothing.
#[serde(rename = "ExportFormat", rename_all = "camelCase")]
pub enum Format {
    /// Game scripts: one file per game, an exact replay (`castellan score` reads it).
    Script,
    /// `results.csv`: a row per player of each game.
    Csv,
    /// BG Stats–shaped JSON: a list of plays.
    BgStats,
}

/// Which games to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Every finished game that counts, the newest night first (the command line's export).
    All,
    /// The finished games of one night that count, in the order they were played.
    Night(NightId),
    /// One finished game that counts.
    Game(GameId),
}

fn counts(g: &GameHistory) -> bool {
    g.game.status == GameStatus::Finished && g.game.voided_at.is_none()
}

/// The game's boxes by their game-script names, in the order its setup names them.
///
/// # Errors
/// As [`crate::history::sets_of`].
fn box_names(game: &castellan_ledger::Game) -> Result<Vec<&'static str>, TableError> {
    Ok(crate::history::sets_of(game)?.into_iter().map(TileSet::name).collect())
}

/// The games of `selection`, each with its night.
///
/// # Errors
/// A single game that is unknown, unfinished or voided; a night without a game to export.
fn selected(history: &[NightHistory], selection: Selection) -> Result<Vec<(&NightHistory, &GameHistory)>, TableError> {
    let all = history.iter().flat_map(|n| n.games.iter().map(move |g| (n, g)));
    match selection {
        Selection::All => Ok(all.filter(|(_, g)| counts(g)).collect()),
        Selection::Night(id) => {
            // The ledger lists a night's games the latest first; a night's file reads as it
            // was played.
            let games: Vec<_> = all.filter(|(n, g)| n.night.id == id && counts(g)).rev().collect();
            if games.is_empty() {
                return Err(TableError::NothingToExport { night: id.0 });
            }
            Ok(games)
        }
        Selection::Game(id) => {
            let found = all.filter(|(_, g)| g.game.id == id).collect::<Vec<_>>();
            let Some(&(night, game)) = found.first() else {
                return Err(castellan_ledger::RowError::NotFound { what: castellan_ledger::Missing::Game(id) }.into());
            };
            if !counts(game) {
                return Err(TableError::NotExportable { game: id.0, voided: game.game.voided_at.is_some() });
            }
            Ok(vec![(night, game)])
        }
    }
}

/// The files of `selection` in `format`: a game script per game, or one CSV or BG Stats file
/// holding every game.
///
/// # Errors
/// As [`scripts_of`], [`csv_of`] and [`bgstats_of`].
pub fn files(ledger: &Ledger, selection: Selection, format: Format) -> Result<Vec<File>, TableError> {
    match format {
        Format::Script => scripts_of(ledger, selection),
        Format::Csv => csv_of(ledger, selection),
        Format::BgStats => bgstats_of(ledger, selection),
    }
}

/// One game script per finished game, `game-<id>.json`, replaying it exactly.
///
/// # Errors
/// The ledger fails, or a stored setup or move is not valid JSON.
pub fn scripts(ledger: &Ledger) -> Result<Vec<File>, TableError> {
    scripts_of(ledger, Selection::All)
}

/// [`scripts`] of the games of `selection`.
///
/// # Errors
/// As [`scripts`]; and a chosen game that is unknown, unfinished or voided, or a night with
/// no game to export.
pub fn scripts_of(ledger: &Ledger, selection: Selection) -> Result<Vec<File>, TableError> {
    let people = people(ledger)?;
    let mut files = Vec::new();
    for (_, g) in selected(&ledger.history()?, selection)? {
        let game = &g.game;
        let moves = ledger.moves(game.id)?;
        let script = stored_game(game, &people, &moves)?
            .to_json()
            .map_err(|e| TableError::Stored { game: game.id.0, detail: e.to_string() })?;
        files.push((format!("game-{}.json", game.id.0), serde_json::to_string_pretty(&script).expect("JSON")));
    }
    Ok(files)
}

/// The CSV's header: its columns, in order.
const COLUMNS: [&str; 20] = [
    "game",
    "date",
    "place",
    "started_at",
    "ended_at",
    "player",
    "color",
    "seat",
    "rank",
    "score",
    "roads",
    "cities",
    "cloisters",
    "farms",
    "king_robber",
    "count",
    "end_count_only",
    // Last, so that the columns before them keep their places for older readers.
    "goods",
    "gold",
    // The game's boxes by their game-script names, the base game's included, space-separated.
    "boxes",
];

/// Writing to memory fails only if memory does.
fn written(error: impl Into<std::io::Error>) -> TableError {
    TableError::NotWritten { path: "results.csv".into(), error: error.into() }
}

/// A cell of text someone typed (a player's name, a place), made safe to open in a
/// spreadsheet: one that starts with a character a spreadsheet reads as the start of a formula
/// gets a leading `'`, which spreadsheets take as "this is text" and which leaves the name
/// readable. The characters are OWASP's for CSV injection (`=`, `+`, `-`, `@`, tab, carriage
/// return) and NUL, which ASVS adds. Only typed text goes through here: numbers (game ids,
/// scores, points, seats, ranks), dates, times and colour names are written by Castellan
/// itself, and a score must stay a number a spreadsheet can add up.
fn text_cell(text: &str) -> Cow<'_, str> {
    const FORMULA_STARTS: [char; 7] = ['=', '+', '-', '@', '\t', '\r', '\0'];
    if text.starts_with(FORMULA_STARTS) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// `results.csv`: one row per player of each finished game.
///
/// # Errors
/// The ledger fails.
pub fn csv(ledger: &Ledger) -> Result<Vec<File>, TableError> {
    csv_of(ledger, Selection::All)
}

/// [`csv`] of the games of `selection`.
///
/// # Errors
/// As [`scripts_of`].
pub fn csv_of(ledger: &Ledger, selection: Selection) -> Result<Vec<File>, TableError> {
    let people = people(ledger)?;
    // The csv crate quotes every field that holds a comma, a quote, a carriage return or a
    // line feed (RFC 4180), so a name can hold any of them and stay one cell of one row.
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(COLUMNS).map_err(written)?;
    for (night, g) in selected(&ledger.history()?, selection)? {
        let game = &g.game;
        let boxes = box_names(game)?.join(" ");
        for (seat, s) in game.turn_order().enumerate() {
            let Some(st) = g.standings.iter().find(|st| st.result.player == s.player) else { continue };
            let r = &st.result;
            let p = &r.points;
            let row = [
                game.id.0.to_string(),
                night.night.date.to_string(),
                text_cell(night.night.place.as_deref().unwrap_or("")).into_owned(),
                game.started_at.to_rfc3339(),
                game.ended_at.map(|t| t.to_rfc3339()).unwrap_or_default(),
                text_cell(&people[&s.player].name).into_owned(),
                s.color.name().to_string(),
                (seat + 1).to_string(),
                if game.end_count_only { String::new() } else { st.rank.to_string() },
                r.score.to_string(),
                p.roads.to_string(),
                p.cities.to_string(),
                p.cloisters.to_string(),
                p.farms.to_string(),
                p.king_robber.to_string(),
                p.count.to_string(),
                game.end_count_only.to_string(),
                p.goods.to_string(),
                p.gold.to_string(),
                boxes.clone(),
            ];
            out.write_record(&row).map_err(written)?;
        }
    }
    let bytes = out.into_inner().map_err(|e| written(e.into_error()))?;
    Ok(vec![("results.csv".into(), String::from_utf8(bytes).expect("every cell written was a string"))])
}

/// `bgstats.json`: plays shaped like a play-logging app's import — game, date, duration,
/// location, expansions, and per player the score, rank, winner flag and start player.
///
/// # Errors
/// The ledger fails, or a stored setup is not valid JSON.
pub fn bgstats(ledger: &Ledger) -> Result<Vec<File>, TableError> {
    bgstats_of(ledger, Selection::All)
}

/// [`bgstats`] of the games of `selection`.
///
/// # Errors
/// As [`scripts_of`].
pub fn bgstats_of(ledger: &Ledger, selection: Selection) -> Result<Vec<File>, TableError> {
    let people = people(ledger)?;
    let mut plays = Vec::new();
    for (night, g) in selected(&ledger.history()?, selection)? {
        let game = &g.game;
        let expansions: Vec<&str> = box_names(game)?.into_iter().filter(|&b| b != TileSet::Base.name()).collect();
        let duration = game.ended_at.map(|end| (end - game.started_at).num_minutes());
        let players: Vec<Value> = game
            .turn_order()
            .enumerate()
            .filter_map(|(seat, s)| {
                let st = g.standings.iter().find(|st| st.result.player == s.player)?;
                Some(json!({
                    "name": people[&s.player].name,
                    "color": s.color.name(),
                    "score": st.result.score,
                    "rank": (!game.end_count_only).then_some(st.rank),
                    "winner": !game.end_count_only && st.rank == 1,
                    "startPlayer": seat == 0,
                    "seatOrder": seat + 1,
                }))
            })
            .collect();
        plays.push(json!({
            "game": "Carcassonne",
            "playDate": game.started_at.to_rfc3339(),
            "nightDate": night.night.date.to_string(),
            "durationMin": duration,
            "location": night.night.place,
            "expansions": expansions,
            "players": players,
            "ignored": game.end_count_only,
            "endCountOnly": game.end_count_only,
        }));
    }
    Ok(vec![("bgstats.json".into(), serde_json::to_string_pretty(&json!({ "plays": plays })).expect("JSON"))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::{import_script, Occasion, Repeat};
    use castellan_script::Script;
    use chrono::{DateTime, NaiveDate, Utc};

    use crate::fixture::{table_at, table_in_memory, TWO_TILE_GAME as GAME};

    /// The same two players without Bram's follower: another game.
    fn other() -> String {
        GAME.replace(", \"meeple\": \"W\"", "")
    }

    fn on(day: u32, place: &str, hour: i64) -> Occasion {
        Occasion {
            date: NaiveDate::from_ymd_opt(2026, 11, day).unwrap(),
            place: Some(place.into()),
            now: DateTime::<Utc>::from_timestamp(1_795_000_000 + hour * 3600, 0).unwrap(),
            app_version: "0.9.0".into(),
        }
    }

    /// Night 20 at Club: games a (first) and b; night 27 at Home: game c.
    fn ledger() -> (Ledger, [GameId; 3]) {
        let mut ledger = Ledger::open_in_memory().unwrap();
        let a = import_script(&mut ledger, &on(20, "Club", 0), "a.json", GAME, Repeat::Refuse).unwrap();
        let b = import_script(&mut ledger, &on(20, "Club", 1), "b.json", &other(), Repeat::Refuse).unwrap();
        let c = import_script(&mut ledger, &on(27, "Home", 2), "c.json", GAME, Repeat::Allow).unwrap();
        (ledger, [a, b, c])
    }

    fn night_of(ledger: &Ledger, game: GameId) -> NightId {
        ledger.game(game).unwrap().night
    }

    #[test]
    fn a_game_alone_is_a_script_that_replays_to_its_stored_scores() {
        let (ledger, [a, b, _]) = ledger();
        for id in [a, b] {
            let files = files(&ledger, Selection::Game(id), Format::Script).unwrap();
            let [(name, text)] = &files[..] else { panic!("one script for one game: {files:?}") };
            assert_eq!(name, &format!("game-{}.json", id.0));
            let script = Script::from_json(text).expect("the script reads back");
            let game = script.play().expect("and replays");
            // As `castellan score` reports it: a final board's scores before its count included.
            let replayed = script.report(&game)["scores"].clone();
            let stored: serde_json::Map<String, Value> = ledger
                .results(id)
                .unwrap()
                .iter()
                .map(|s| (ledger.player(s.result.player).unwrap().name, Value::from(s.result.score)))
                .collect();
            assert_eq!(replayed, Value::Object(stored), "game {id:?}: the replay scores what the ledger stored");
        }
    }

    #[test]
    fn a_nights_csv_holds_its_games_in_the_order_played_and_no_other() {
        let (ledger, [a, b, c]) = ledger();
        let [(name, text)] = &csv_of(&ledger, Selection::Night(night_of(&ledger, a))).unwrap()[..] else {
            panic!("one CSV file")
        };
        assert_eq!(name, "results.csv");
        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some("game,date,place,started_at,ended_at,player,color,seat,rank,score,roads,cities,cloisters,farms,king_robber,count,end_count_only,goods,gold,boxes"),
            "the command line's columns"
        );
        let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
        let games: Vec<String> = rows.iter().map(|r| r[0].to_string()).collect();
        let (a, b) = (a.0.to_string(), b.0.to_string());
        assert_eq!(
            games,
            [a.clone(), a.clone(), b.clone(), b],
            "a row per player, the first game first; not game {c:?}"
        );
        assert!(rows.iter().all(|r| r[1] == "2026-11-20" && r[2] == "Club"), "{rows:?}");
        let anna = &rows[0];
        assert_eq!((anna[5], anna[6], anna[7], anna[8], anna[9], anna[11]), ("Anna", "red", "1", "1", "4", "4"));
        let one = csv_of(&ledger, Selection::Game(c)).unwrap();
        assert_eq!(one[0].1.lines().count(), 3, "one game: the header and its two players");
    }

    /// Bram completes a city with wine and holds the only token: the end count pays him 10
    /// for it, which the CSV gives as goods and the BG Stats file as part of his score.
    #[test]
    fn a_traders_games_goods_are_exported_as_a_kind_of_their_own() {
        use castellan_engine::{Cell, GameSetup, Move, Port, Rotation, TileId};
        let mut table = table_in_memory();
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::TradersBuilders);
        let now = DateTime::<Utc>::from_timestamp(1_795_200_000, 0).unwrap();
        let id = table.start(setup, None, now).unwrap().id();
        let tile = |n| TileId::from_name(n).unwrap();
        table.play(Move::place(tile("TB15"), Cell::new(0, -1), Rotation::R90, Some(Port::N)), now).unwrap();
        table.play(Move::place(tile("E"), Cell::new(0, -2), Rotation::R180, None), now).unwrap();
        table.finish(Vec::new(), now).unwrap();
        let [(_, text)] = &csv_of(table.ledger(), Selection::Game(id)).unwrap()[..] else { panic!("one CSV file") };
        let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
        let column = |name: &str| rows[0].iter().position(|&c| c == name).unwrap();
        let (score, goods, cities) = (column("score"), column("goods"), column("cities"));
        let bram = rows.iter().find(|r| r[5] == "Bram").expect("Bram's row");
        assert_eq!((bram[score], bram[cities], bram[goods]), ("10", "0", "10"), "the wine's 10 as goods: {text}");
        let anna = rows.iter().find(|r| r[5] == "Anna").expect("Anna's row");
        assert_eq!(anna[goods], "0", "Anna holds no goods");
        let doc: Value = serde_json::from_str(&bgstats_of(table.ledger(), Selection::Game(id)).unwrap()[0].1).unwrap();
        let play = &doc["plays"][0];
        assert_eq!(play["expansions"], serde_json::json!(["traders-builders"]));
        assert_eq!((&play["players"][1]["name"], &play["players"][1]["score"]), (&"Bram".into(), &10.into()));
        let stats = crate::stats::stats(table.ledger()).unwrap();
        let bram = stats.players.iter().find(|p| p.name == "Bram").unwrap();
        assert_eq!((bram.points.goods, bram.points.total()), (10, 10), "the statistics count them by kind");
    }

    /// Anna and Bram play a seeded random game with each box of the Big Box beside the base
    /// game, at a table keeping a ledger file. Read back from the file, every row's kinds add
    /// up to its score, the Gold Mines game's ingots as gold; the CSV names each game's boxes
    /// and the BG Stats file its expansions; the statistics list every box.
    #[test]
    fn a_game_with_each_big_box_box_is_exported_with_its_box_and_its_gold() {
        use castellan_engine::{playout_move, GameSetup, Picks};
        let boxes = [
            TileSet::Flier,
            TileSet::Ferries,
            TileSet::Goldmines,
            TileSet::MageWitch,
            TileSet::CropCircles,
            TileSet::CropCircles1,
        ];
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("club.sqlite3");
        let now = DateTime::<Utc>::from_timestamp(1_795_200_000, 0).unwrap();
        let mut gold_by_game = Vec::new();
        let mut table = table_at(&path);
        for set in boxes {
            let mut setup = GameSetup::base(&["Anna", "Bram"]);
            setup.sets.push(set);
            let id = table.start(setup, None, now).unwrap().id();
            // Random games seldom complete a feature on an ingot: this seed's Gold Mines game
            // does, and pays gold at the end.
            let mut picks = Picks::new(6);
            while let Some(mv) = playout_move(table.live().unwrap().game(), &mut |n| picks.below(n)) {
                table.play(mv, now).unwrap_or_else(|e| panic!("{set:?}: a playout move is refused: {e}"));
            }
            let finished = table.finish(Vec::new(), now).unwrap();
            let gold: Vec<u32> = finished.game().summaries().iter().map(|s| s.gold).collect();
            gold_by_game.push((id, set, gold));
        }
        drop(table);
        let ledger = Ledger::open(&path).unwrap();

        let [(_, text)] = &csv_of(&ledger, Selection::All).unwrap()[..] else { panic!("one CSV file") };
        let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(',').collect()).collect();
        let column = |name: &str| rows[0].iter().position(|&c| c == name).unwrap_or_else(|| panic!("no {name}"));
        let number = |row: &[&str], name: &str| row[column(name)].parse::<u32>().unwrap();
        let kinds = ["roads", "cities", "cloisters", "farms", "king_robber", "count", "goods", "gold"];
        for (id, set, gold) in &gold_by_game {
            let game_rows: Vec<&Vec<&str>> = rows[1..].iter().filter(|r| r[0] == id.0.to_string()).collect();
            assert_eq!(game_rows.len(), 2, "{set:?}: a row per player");
            for (row, &ingots) in game_rows.iter().zip(gold) {
                assert_eq!(row[column("boxes")], format!("base {}", set.name()), "{set:?}: the game's boxes");
                let by_kind: u32 = kinds.iter().map(|k| number(row, k)).sum();
                assert_eq!(by_kind, number(row, "score"), "{set:?}: the kinds add up to the score: {row:?}");
                assert_eq!(number(row, "gold"), ingots, "{set:?}: the gold the end count paid");
            }
        }
        let mined: u32 = gold_by_game.iter().filter(|(_, set, _)| *set == TileSet::Goldmines).flat_map(|g| &g.2).sum();
        assert!(mined > 0, "the Gold Mines game pays gold, so the column is tested: {gold_by_game:?}");

        let doc: Value = serde_json::from_str(&bgstats_of(&ledger, Selection::All).unwrap()[0].1).unwrap();
        let mut expansions: Vec<String> =
            doc["plays"].as_array().unwrap().iter().map(|p| p["expansions"][0].as_str().unwrap().to_owned()).collect();
        expansions.sort();
        let mut names: Vec<String> = boxes.iter().map(|b| b.name().to_owned()).collect();
        names.sort();
        assert_eq!(expansions, names, "each play names its box");

        let stats = crate::stats::stats(&ledger).unwrap();
        let listed: Vec<&str> = stats.boxes.iter().map(|b| b.tile_set.as_str()).collect();
        for set in boxes {
            assert!(listed.contains(&set.name()), "the statistics list {set:?}: {listed:?}");
        }
        let gold_in_stats: u32 = stats.players.iter().map(|p| p.points.gold).sum();
        assert_eq!(gold_in_stats, mined, "the statistics add up the gold");
    }

    #[test]
    fn a_nights_bgstats_file_lists_each_play_with_its_players() {
        let (ledger, [a, ..]) = ledger();
        let files = bgstats_of(&ledger, Selection::Night(night_of(&ledger, a))).unwrap();
        let doc: Value = serde_json::from_str(&files[0].1).unwrap();
        let plays = doc["plays"].as_array().expect("a list of plays");
        assert_eq!(plays.len(), 2, "the night's two games");
        let first = &plays[0];
        assert_eq!(first["game"], "Carcassonne");
        assert_eq!(first["nightDate"], "2026-11-20");
        assert_eq!(first["location"], "Club");
        assert_eq!(first["expansions"], serde_json::json!([]));
        let anna = &first["players"][0];
        assert_eq!(
            (&anna["name"], &anna["score"], &anna["rank"], &anna["winner"], &anna["startPlayer"], &anna["seatOrder"]),
            (&"Anna".into(), &4.into(), &1.into(), &true.into(), &true.into(), &1.into())
        );
        assert_eq!(first["players"][1]["winner"], false);
    }

    /// Names a spreadsheet would run as formulas, or that break a hand-made CSV row, each
    /// with the cell a spreadsheet should get: the name as text, a leading `'` where it would
    /// otherwise start a formula.
    const HOSTILE: [(&str, &str); 8] = [
        ("=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"),
        ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
        ("+1", "'+1"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("Cas\rper\n\"the\", Bold\0\u{202E}kcab", "Cas\rper\n\"the\", Bold\0\u{202E}kcab"),
        // A carriage return alone ends a row for most readers unless the field is quoted.
        ("Dirk\rJan", "Dirk\rJan"),
        ("Eva", "Eva"),
    ];

    /// A night at a place whose name is a formula too.
    const HOSTILE_PLACE: (&str, &str) = ("-Club, \"upstairs\"\r\n", "'-Club, \"upstairs\"\r\n");

    /// The games of the hostile names, two players each, in one night.
    fn hostile_ledger() -> (Ledger, Vec<GameId>) {
        let mut ledger = Ledger::open_in_memory().unwrap();
        let occasion = Occasion { place: Some(HOSTILE_PLACE.0.into()), ..on(20, "", 0) };
        let games = HOSTILE
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| {
                let mut script: Value = serde_json::from_str(GAME).unwrap();
                for (player, (name, _)) in pair.iter().enumerate() {
                    script["players"][player]["name"] = (*name).into();
                }
                let file = format!("{i}.json");
                import_script(&mut ledger, &occasion, &file, &script.to_string(), Repeat::Allow).unwrap()
            })
            .collect();
        (ledger, games)
    }

    /// The CSV read back by a CSV reader: its header and its rows of cells.
    fn read_csv(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
        let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(text.as_bytes());
        let header = reader.headers().unwrap().iter().map(String::from).collect();
        let rows = reader.records().map(|r| r.unwrap().iter().map(String::from).collect()).collect();
        (header, rows)
    }

    #[test]
    fn a_name_a_spreadsheet_would_run_is_exported_as_text_in_its_own_cell() {
        let (ledger, games) = hostile_ledger();
        let night = night_of(&ledger, games[0]);
        let selections = [
            (Selection::All, &games[..]),
            (Selection::Night(night), &games[..]),
            (Selection::Game(games[2]), &games[2..3]),
        ];
        for (selection, chosen) in selections {
            let [(_, text)] = &files(&ledger, selection, Format::Csv).unwrap()[..] else { panic!("one CSV file") };
            let (header, rows) = read_csv(text);
            assert_eq!(header, COLUMNS, "{selection:?}: the header as written");
            assert_eq!(rows.len(), chosen.len() * 2, "{selection:?}: a row per player, no row split: {text:?}");
            assert!(rows.iter().all(|r| r.len() == COLUMNS.len()), "{selection:?}: every row whole: {rows:?}");
            let cell = |row: &[String], column: &str| row[COLUMNS.iter().position(|&c| c == column).unwrap()].clone();
            for row in &rows {
                let game = GameId(cell(row, "game").parse().expect("the game id stays a number"));
                assert!(chosen.contains(&game), "{selection:?}: game {game:?}");
                // Game i seats the names 2i and 2i + 1, in that order.
                let seat: usize = cell(row, "seat").parse().expect("a seat stays a number");
                let (name, expected) = HOSTILE[games.iter().position(|&g| g == game).unwrap() * 2 + seat - 1];
                assert_eq!(cell(row, "player"), expected, "{selection:?}: {name:?} as text");
                assert_eq!(cell(row, "place"), HOSTILE_PLACE.1, "{selection:?}: the place as text");
                assert_eq!(cell(row, "date"), "2026-11-20");
                let stored = ledger.results(game).unwrap();
                let player = stored.iter().find(|s| ledger.player(s.result.player).unwrap().name == name).expect(name);
                let score: u32 = cell(row, "score").parse().expect("a score stays a number, unquoted");
                assert_eq!(score, player.result.score, "{selection:?}: {name:?}'s score");
                assert_eq!(cell(row, "rank").parse::<u32>().unwrap(), player.rank, "{selection:?}: {name:?}'s rank");
            }
        }
    }

    #[test]
    fn a_name_a_spreadsheet_would_run_is_kept_exactly_in_the_bgstats_file() {
        let (ledger, games) = hostile_ledger();
        let night = night_of(&ledger, games[0]);
        let selections = [(Selection::All, 4), (Selection::Night(night), 4), (Selection::Game(games[1]), 1)];
        for (selection, plays) in selections {
            let [(_, text)] = &files(&ledger, selection, Format::BgStats).unwrap()[..] else { panic!("one file") };
            let doc: Value = serde_json::from_str(text).expect("valid JSON");
            let plays_written = doc["plays"].as_array().unwrap();
            assert_eq!(plays_written.len(), plays, "{selection:?}");
            let mut names: Vec<&str> = plays_written
                .iter()
                .flat_map(|p| p["players"].as_array().unwrap().iter().map(|pl| pl["name"].as_str().unwrap()))
                .collect();
            let mut expected: Vec<&str> = match selection {
                Selection::Game(_) => HOSTILE[2..4].iter().map(|(n, _)| *n).collect(),
                _ => HOSTILE.iter().map(|(n, _)| *n).collect(),
            };
            names.sort_unstable();
            expected.sort_unstable();
            assert_eq!(names, expected, "{selection:?}: every name exactly as entered, no quote added");
            assert!(plays_written.iter().all(|p| p["location"] == HOSTILE_PLACE.0), "{selection:?}: the place exactly");
        }
    }

    #[test]
    fn a_voided_or_unfinished_game_or_an_empty_night_is_refused_by_name() {
        let (mut ledger, [a, b, c]) = ledger();
        ledger.void_game(b, DateTime::<Utc>::from_timestamp(1_795_100_000, 0).unwrap()).unwrap();
        let refused = files(&ledger, Selection::Game(b), Format::Csv).unwrap_err();
        assert!(matches!(refused, TableError::NotExportable { game, voided: true } if game == b.0), "{refused:?}");
        let night = scripts_of(&ledger, Selection::Night(night_of(&ledger, a))).unwrap();
        assert_eq!(night.len(), 1, "the voided game is left out of its night: {night:?}");

        ledger.void_game(a, DateTime::<Utc>::from_timestamp(1_795_100_000, 0).unwrap()).unwrap();
        let refused = files(&ledger, Selection::Night(night_of(&ledger, a)), Format::BgStats).unwrap_err();
        assert!(matches!(refused, TableError::NothingToExport { .. }), "{refused:?}");
        assert_eq!(scripts(&ledger).unwrap().len(), 1, "the whole ledger: game c alone");

        let unknown = files(&ledger, Selection::Game(GameId(c.0 + 100)), Format::Script).unwrap_err();
        assert!(
            matches!(
                unknown,
                TableError::Ledger(castellan_ledger::LedgerError::Row(castellan_ledger::RowError::NotFound { .. }))
            ),
            "{unknown:?}"
        );

        let mut table = crate::live::Table::new(ledger);
        let now = DateTime::<Utc>::from_timestamp(1_795_200_000, 0).unwrap();
        let playing = table.start(castellan_engine::GameSetup::base(&["Anna", "Bram"]), None, now).unwrap().id();
        let refused = files(table.ledger(), Selection::Game(playing), Format::Script).unwrap_err();
        assert!(matches!(refused, TableError::NotExportable { voided: false, .. }), "unfinished: {refused:?}");
    }
}
