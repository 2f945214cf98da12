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
