//! The schema, as an append-only list of migrations; its version lives in `user_version`.
//!
//! Migration *n* (1-based) is `migrations/NNNN_slug.sql`; a file at `user_version` *v* has
//! had the first *v* applied. The list only ever grows: an entry is never edited or removed
//! once it has shipped, because files in the wild were built by it. All pending migrations
//! run in one transaction, so a file is at its old version or the new one, never between.
//! A migration that needs what SQL cannot compute (schema 4's Unicode name keys) has a hook,
//! run in that same transaction right after its SQL.
//!
//! A file's `user_version` is only its claim: `check_shape` compares its tables and
//! columns with those the first `user_version` migrations build, so that a file that was
//! made or altered by something else is refused rather than written to.
//!
//! Not here: connection settings (`foreign_keys`, WAL, `synchronous`), which belong to each
//! connection and cannot change inside a transaction; see [`crate::Ledger`].

use std::collections::BTreeMap;
use std::sync::LazyLock;

use rusqlite::{Connection, Transaction};
use rusqlite_migration::{HookResult, Migrations, M};

use crate::error::{OpenError, Result, SchemaDifference, SqlContext};

/// The migrations' SQL in order, the first of each number `n` making schema `n`; append
/// only. Public so that a test can build a file as a release at an older schema left it.
pub const SQL: &[&str] = &[
    include_str!("migrations/0001_core.sql"),
    include_str!("migrations/0002_results.sql"),
    include_str!("migrations/0003_final_moves.sql"),
    include_str!("migrations/0004_names_voids_versions.sql"),
    include_str!("migrations/0005_end_count_only.sql"),
    include_str!("migrations/0006_goods_points.sql"),
    include_str!("migrations/0007_biggest_moves.sql"),
    include_str!("migrations/0008_gold_points.sql"),
];

/// The list the runner applies: each entry of [`SQL`], with its hook where it has one.
pub(crate) static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::new(
        SQL.iter()
            .enumerate()
            .map(|(i, sql)| match i + 1 {
                4 => M::up_with_hook(sql, fill_name_keys),
                _ => M::up(sql),
            })
            .collect(),
    )
});

/// The schema version this build writes: the number of migrations.
pub const SCHEMA_VERSION: u32 = SQL.len() as u32;

/// The `PRAGMA application_id` of a ledger file (`'CAST'`), set by the first migration.
pub const APPLICATION_ID: i32 = 0x4341_5354;

/// Schema 4's hook: gives each existing player their name key, the first (lowest id) of
/// several with the same key keeping it and the others none.
fn fill_name_keys(tx: &Transaction) -> HookResult {
    let players: Vec<(i64, String)> = tx
        .prepare("SELECT id, name FROM players ORDER BY id")?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut taken = std::collections::HashSet::new();
    for (id, name) in players {
        let key = crate::player::name_key(&name);
        if !key.is_empty() && taken.insert(key.clone()) {
            tx.execute("UPDATE players SET name_key = ?2 WHERE id = ?1", (id, key))?;
        }
    }
    Ok(())
}

/// Applies every migration to a fresh in-memory database, checking that the list is sound.
///
/// # Errors
///
/// [`OpenError::Migration`] naming the statement that failed.
pub fn validate() -> Result<(), rusqlite_migration::Error> {
    MIGRATIONS.validate()
}

/// One table, index, view or trigger: its kind, the table it belongs to, and its columns
/// (for a table: `name type`, with `not null` and `key`; for an index: the indexed names).
#[derive(Debug, PartialEq, Eq)]
struct Object {
    kind: String,
    table: String,
    columns: Vec<String>,
}

/// Every object of the database by name, SQLite's own (`sqlite_…`) left out: those come and
/// go with SQLite's internals, not with the schema.
fn shape(conn: &Connection) -> Result<BTreeMap<String, Object>> {
    const OBJECTS: &str = "SELECT type, name, tbl_name FROM sqlite_schema \
                           WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name";
    const TABLE: &str = "SELECT name || ' ' || lower(type) || iif(\"notnull\", ' not null', '') \
                         || iif(pk > 0, ' key', '') FROM pragma_table_info(?1) ORDER BY cid";
    const INDEX: &str = "SELECT coalesce(name, '(expression)') FROM pragma_index_info(?1) ORDER BY seqno";
    let rows: Vec<(String, String, String)> = conn
        .prepare(OBJECTS)
        .and_then(|mut statement| statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?.collect())
        .sql(OBJECTS)?;
    let mut objects = BTreeMap::new();
    for (kind, name, table) in rows {
        let query = match kind.as_str() {
            "table" => Some(TABLE),
            "index" => Some(INDEX),
            _ => None,
        };
        let columns = match query {
            Some(query) => conn
                .prepare(query)
                .and_then(|mut statement| statement.query_map([&name], |row| row.get(0))?.collect())
                .sql(query)?,
            None => Vec::new(),
        };
        objects.insert(name, Object { kind, table, columns });
    }
    Ok(objects)
}

/// Checks that the database on `conn`, which claims schema `version`, has exactly the
/// tables, columns, indexes, views and triggers that the first `version` migrations build.
///
/// Only names, column types, `NOT NULL` and keys are compared, not the SQL text: SQLite
/// rewrites that text on some `ALTER TABLE`s, differently across its versions, and a
/// ledger must not be refused for the SQLite it was migrated with.
///
/// # Errors
///
/// [`OpenError::UnexpectedSchema`] with the first difference; [`OpenError::Store`]
/// or [`OpenError::Migration`] if the schema cannot be read or built, which is not
/// expected.
pub(crate) fn check_shape(conn: &Connection, version: u32) -> Result<(), OpenError> {
    let mut reference = Connection::open_in_memory().sql("open")?;
    if version > 0 {
        MIGRATIONS.to_version(&mut reference, version as usize).map_err(|source| OpenError::Migration { source })?;
    }
    let expected = shape(&reference)?;
    let found = shape(conn)?;
    let difference = |difference| Err(OpenError::UnexpectedSchema { version, difference });
    for (name, object) in &expected {
        match found.get(name) {
            None => return difference(SchemaDifference::Missing { kind: object.kind.clone(), name: name.clone() }),
            Some(there) if there != object => {
                return difference(SchemaDifference::Shape {
                    name: name.clone(),
                    expected: described(object),
                    found: described(there),
                });
            }
            Some(_) => {}
        }
    }
    if let Some((name, object)) = found.iter().find(|(name, _)| !expected.contains_key(*name)) {
        return difference(SchemaDifference::Unexpected { kind: object.kind.clone(), name: name.clone() });
    }
    Ok(())
}

/// An object's columns, and what else may differ (kind, table) when the columns agree.
fn described(object: &Object) -> Vec<String> {
    let mut out = object.columns.clone();
    out.push(format!("{} on {}", object.kind, object.table));
    out
}
