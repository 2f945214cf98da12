//! The migration list: it applies cleanly, and the schema it builds is the one reviewed.

use castellan_ledger::migration::{self, APPLICATION_ID, SCHEMA_VERSION};
use castellan_ledger::Ledger;
use rusqlite::Connection;

/// The schema of the database at `path`, as SQL, in a stable order.
pub fn schema_of(conn: &Connection) -> String {
    let mut statement =
        conn.prepare("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY type DESC, name").unwrap();
    let rows: Vec<String> = statement.query_map([], |row| row.get(0)).unwrap().collect::<Result<_, _>>().unwrap();
    rows.join(";\n\n") + ";\n"
}

/// The file at `path`, migrated, has exactly the schema a new ledger file is built with.
fn assert_built_as_new(path: &std::path::Path) {
    let migrated = schema_of(&Connection::open(path).unwrap());
    let fresh_folder = tempfile::tempdir().unwrap();
    let fresh = fresh_folder.path().join(Ledger::FILE_NAME);
    drop(Ledger::open(&fresh).unwrap());
    assert_eq!(migrated, schema_of(&Connection::open(&fresh).unwrap()), "migrated as a new file is built");
}

#[test]
fn the_list_validates_on_an_empty_database() {
    migration::validate().expect("every migration must apply, in order, to an empty database");
}

#[test]
fn a_new_file_gets_every_migration_and_the_ledger_settings() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    let ledger = Ledger::open(&path).unwrap();
    assert_eq!(ledger.schema_version().unwrap(), SCHEMA_VERSION, "a new file must be migrated to the newest schema");
    assert!(ledger.backup_path().is_none(), "a new file has nothing worth a backup");
    drop(ledger);

    let conn = Connection::open(&path).unwrap();
    let pragma = |name: &str| -> String {
        conn.query_row(&format!("PRAGMA {name}"), [], |row| row.get::<_, rusqlite::types::Value>(0))
            .map(|v| match v {
                rusqlite::types::Value::Integer(i) => i.to_string(),
                rusqlite::types::Value::Text(t) => t,
                other => format!("{other:?}"),
            })
            .unwrap()
    };
    assert_eq!(
        pragma("user_version"),
        SCHEMA_VERSION.to_string(),
        "user_version must equal the length of the migration list"
    );
    assert_eq!(
        pragma("application_id"),
        APPLICATION_ID.to_string(),
        "the file must say it is a Castellan ledger, or it would be refused next time"
    );
    assert_eq!(pragma("journal_mode"), "wal", "WAL is what makes a committed move survive a killed process cheaply");
}

#[test]
fn the_schema_is_the_reviewed_one() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    drop(Ledger::open(&path).unwrap());
    let conn = Connection::open(&path).unwrap();
    insta::assert_snapshot!("schema", schema_of(&conn));
}

/// A schema-4 ledger file, as the release before end-count-only games were told apart left
/// it: Anna and Bram, one night, and three finished games between them: a final board
/// counted without the scores before the count (Bram ahead on the end count alone), the
/// same counted with them (Anna 84 + 10 against Bram 40 + 12), and a game played turn by
/// turn (Anna 30, Bram 20).
fn schema_4_file(path: &std::path::Path) {
    super::file_at_schema(
        path,
        4,
        r#"INSERT INTO players (id, name, name_key) VALUES (1, 'Anna', 'anna'), (2, 'Bram', 'bram');
         INSERT INTO nights (id, date) VALUES (1, '2026-11-20');
         INSERT INTO games (id, night_id, script_version, setup_json, start_seat, started_at,
                            ended_at, finished, cursor) VALUES
             (1, 1, 1, '{"mode": "final-board", "sets": ["base"]}', 0,
              '2026-11-20T19:00:00.000Z', '2026-11-20T19:10:00.000Z', 1, 0),
             (2, 1, 1, '{"mode": "final-board", "sets": ["base"], "track": {"Anna": 84, "Bram": 40}}', 0,
              '2026-11-20T19:20:00.000Z', '2026-11-20T19:30:00.000Z', 1, 0),
             (3, 1, 1, '{"sets": ["base"]}', 0,
              '2026-11-20T20:00:00.000Z', '2026-11-20T21:00:00.000Z', 1, 0);
         INSERT INTO game_seats VALUES (1, 0, 1, 'red'), (1, 1, 2, 'blue'),
                                       (2, 0, 1, 'red'), (2, 1, 2, 'blue'),
                                       (3, 0, 1, 'red'), (3, 1, 2, 'blue');
         INSERT INTO results (game_id, player_id, score, rank, roads_points, cities_points,
                              cloisters_points, farms_points, king_robber_points, count_points)
             VALUES (1, 1, 10, 2, 0, 10, 0, 0, 0, 0), (1, 2, 12, 1, 0, 0, 0, 12, 0, 0),
                    (2, 1, 94, 1, 0, 10, 0, 0, 0, 0), (2, 2, 52, 2, 0, 0, 0, 12, 0, 0),
                    (3, 1, 30, 1, 30, 0, 0, 0, 0, 0), (3, 2, 20, 2, 20, 0, 0, 0, 0, 0);"#,
    );
}

#[test]
fn a_schema_4_ledger_opens_and_its_end_count_only_game_leaves_the_statistics() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    schema_4_file(&path);
    let ledger = Ledger::open(&path).expect("a schema-4 ledger must open and migrate");
    assert_eq!(ledger.schema_version().unwrap(), SCHEMA_VERSION);
    assert!(ledger.backup_path().is_some(), "an existing file is backed up before it is migrated");

    let games = &ledger.history().unwrap()[0].games;
    let marks: Vec<(i64, bool)> = games.iter().map(|g| (g.game.id.0, g.game.end_count_only)).collect();
    assert_eq!(
        marks,
        [(3, false), (2, false), (1, true)],
        "only the final board without scores before the count is marked; one with them, and a game played \
         turn by turn, are not"
    );
    assert_eq!(games[2].standings.len(), 2, "its results are kept: the end count is what the table counted");

    let stats = ledger.statistics().unwrap();
    assert_eq!(stats.end_count_only_games, 1, "the game left out is counted, so the screen can say so");
    let anna = stats.players.iter().find(|p| p.player.0 == 1).unwrap();
    let bram = stats.players.iter().find(|p| p.player.0 == 2).unwrap();
    assert_eq!(
        (anna.games, anna.wins, anna.total_score, bram.games, bram.wins, bram.total_score),
        (2, 2, 124, 2, 0, 72),
        "Bram's end-count 'win' (12 to 10) counts neither as a game, a win nor points"
    );
    assert_eq!(stats.head_to_head[0].together.games, 2, "nor does it meet anyone head to head");
    drop(ledger);

    assert_built_as_new(&path);
}

/// A schema-5 ledger file, as the release before goods had a kind of their own left it: Anna
/// and Bram, one night, and three finished games: a Traders & Builders game played turn by
/// turn (Anna 42 of which 10 are the wine's, Bram 31 of which 20 are grain and cloth), a
/// Traders & Builders final board counted with the scores before it (Anna 50 + 10, which
/// cannot be told from goods), and a base game (Anna 30, Bram 20).
fn schema_5_file(path: &std::path::Path) {
    super::file_at_schema(
        path,
        5,
        r#"INSERT INTO players (id, name, name_key) VALUES (1, 'Anna', 'anna'), (2, 'Bram', 'bram');
         INSERT INTO nights (id, date) VALUES (1, '2026-11-20');
         INSERT INTO games (id, night_id, script_version, setup_json, start_seat, started_at,
                            ended_at, finished, cursor) VALUES
             (1, 1, 2, '{"sets": ["base", "traders-builders"]}', 0,
              '2026-11-20T19:00:00.000Z', '2026-11-20T20:00:00.000Z', 1, 0),
             (2, 1, 2, '{"mode": "final-board", "sets": ["base", "traders-builders"], "track": {"Anna": 50, "Bram": 40}}', 0,
              '2026-11-20T20:10:00.000Z', '2026-11-20T20:30:00.000Z', 1, 0),
             (3, 1, 1, '{"sets": ["base"]}', 0,
              '2026-11-20T21:00:00.000Z', '2026-11-20T22:00:00.000Z', 1, 0);
         INSERT INTO game_seats VALUES (1, 0, 1, 'red'), (1, 1, 2, 'blue'),
                                       (2, 0, 1, 'red'), (2, 1, 2, 'blue'),
                                       (3, 0, 1, 'red'), (3, 1, 2, 'blue');
         INSERT INTO results (game_id, player_id, score, rank, roads_points, cities_points,
                              cloisters_points, farms_points, king_robber_points, count_points)
             VALUES (1, 1, 42, 1, 8, 20, 4, 0, 0, 0), (1, 2, 31, 2, 2, 9, 0, 0, 0, 0),
                    (2, 1, 60, 1, 0, 10, 0, 0, 0, 0), (2, 2, 40, 2, 0, 0, 0, 0, 0, 0),
                    (3, 1, 30, 1, 30, 0, 0, 0, 0, 0), (3, 2, 20, 2, 12, 0, 0, 0, 0, 0);"#,
    );
}

#[test]
fn a_schema_5_ledger_opens_with_the_goods_of_its_traders_games_as_a_kind_of_their_own() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    schema_5_file(&path);
    let ledger = Ledger::open(&path).expect("a schema-5 ledger must open and migrate");
    assert_eq!(ledger.schema_version().unwrap(), SCHEMA_VERSION);
    assert!(ledger.backup_path().is_some(), "an existing file is backed up before it is migrated");
    let goods = |game: i64| -> Vec<(i64, u32, u32)> {
        let standings = ledger.results(castellan_ledger::GameId(game)).unwrap();
        standings.iter().map(|s| (s.result.player.0, s.result.points.goods, s.result.points.total())).collect()
    };
    assert_eq!(goods(1), [(1, 10, 42), (2, 20, 31)], "what the other kinds leave of a Traders game is its goods");
    assert_eq!(goods(2), [(1, 0, 10), (2, 0, 0)], "a final board's scores before the count are no goods");
    assert_eq!(goods(3), [(1, 0, 30), (2, 0, 12)], "a game without the box has none, whatever its kinds leave");
    let stats = ledger.statistics().unwrap();
    let anna = stats.players.iter().find(|p| p.player.0 == 1).unwrap();
    assert_eq!(anna.points.goods, 10, "the statistics add them up");
    drop(ledger);

    assert_built_as_new(&path);
}

/// A schema-7 ledger file, as the release before gold had a kind of its own left it: Anna and
/// Bram, one night, and four finished games: a Gold Mines game played turn by turn (Anna 40 of
/// which 12 are her ingots, Bram 25 of which 4), a Gold Mines game with Traders & Builders
/// whose goods are stored apart since schema 6 (Anna 50: 10 of goods, 10 of gold), a Gold Mines
/// final board counted with the scores before it (Anna 50 + 10, which cannot be told from
/// gold), and a base game (Anna 30, Bram 20).
fn schema_7_file(path: &std::path::Path) {
    super::file_at_schema(
        path,
        7,
        r#"INSERT INTO players (id, name, name_key) VALUES (1, 'Anna', 'anna'), (2, 'Bram', 'bram');
         INSERT INTO nights (id, date) VALUES (1, '2026-12-04');
         INSERT INTO games (id, night_id, script_version, setup_json, start_seat, started_at,
                            ended_at, finished, cursor) VALUES
             (1, 1, 3, '{"sets": ["base", "goldmines"]}', 0,
              '2026-12-04T19:00:00.000Z', '2026-12-04T20:00:00.000Z', 1, 0),
             (2, 1, 3, '{"sets": ["base", "traders-builders", "goldmines"]}', 0,
              '2026-12-04T20:10:00.000Z', '2026-12-04T21:00:00.000Z', 1, 0),
             (3, 1, 3, '{"mode": "final-board", "sets": ["base", "goldmines"], "track": {"Anna": 50, "Bram": 40}}', 0,
              '2026-12-04T21:10:00.000Z', '2026-12-04T21:30:00.000Z', 1, 0),
             (4, 1, 1, '{"sets": ["base"]}', 0,
              '2026-12-04T22:00:00.000Z', '2026-12-04T23:00:00.000Z', 1, 0);
         INSERT INTO game_seats VALUES (1, 0, 1, 'red'), (1, 1, 2, 'blue'),
                                       (2, 0, 1, 'red'), (2, 1, 2, 'blue'),
                                       (3, 0, 1, 'red'), (3, 1, 2, 'blue'),
                                       (4, 0, 1, 'red'), (4, 1, 2, 'blue');
         INSERT INTO results (game_id, player_id, score, rank, roads_points, cities_points,
                              cloisters_points, farms_points, king_robber_points, count_points,
                              goods_points)
             VALUES (1, 1, 40, 1, 8, 16, 4, 0, 0, 0, 0), (1, 2, 25, 2, 6, 15, 0, 0, 0, 0, 0),
                    (2, 1, 50, 1, 10, 20, 0, 0, 0, 0, 10), (2, 2, 22, 2, 4, 18, 0, 0, 0, 0, 0),
                    (3, 1, 60, 1, 0, 10, 0, 0, 0, 0, 0), (3, 2, 40, 2, 0, 0, 0, 0, 0, 0, 0),
                    (4, 1, 30, 1, 30, 0, 0, 0, 0, 0, 0), (4, 2, 20, 2, 12, 0, 0, 0, 0, 0, 0);"#,
    );
}

#[test]
fn a_schema_7_ledger_opens_with_the_gold_of_its_gold_mines_games_as_a_kind_of_its_own() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join(Ledger::FILE_NAME);
    schema_7_file(&path);
    let ledger = Ledger::open(&path).expect("a schema-7 ledger must open and migrate");
    assert_eq!(ledger.schema_version().unwrap(), SCHEMA_VERSION);
    assert!(ledger.backup_path().is_some(), "an existing file is backed up before it is migrated");
    let gold = |game: i64| -> Vec<(i64, u32, u32)> {
        let standings = ledger.results(castellan_ledger::GameId(game)).unwrap();
        standings.iter().map(|s| (s.result.player.0, s.result.points.gold, s.result.points.total())).collect()
    };
    assert_eq!(gold(1), [(1, 12, 40), (2, 4, 25)], "what the other kinds leave of a Gold Mines game is its gold");
    assert_eq!(gold(2), [(1, 10, 50), (2, 0, 22)], "goods stored apart are not gold");
    assert_eq!(gold(3), [(1, 0, 10), (2, 0, 0)], "a final board's scores before the count are no gold");
    assert_eq!(gold(4), [(1, 0, 30), (2, 0, 12)], "a game without the box has none, whatever its kinds leave");
    let stats = ledger.statistics().unwrap();
    let bram = stats.players.iter().find(|p| p.player.0 == 2).unwrap();
    assert_eq!(bram.points.gold, 4, "the statistics add them up");
    drop(ledger);

    assert_built_as_new(&path);
}
