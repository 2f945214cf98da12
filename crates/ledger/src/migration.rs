//! The schema, as an append-only list of migrations; its version lives in `user_version`.
//!
//! Migration *n* (1-based) is `migrations/NNNN_slug.sql`; a file at `user_version` *v* has
//! had the first *v* applied. The list only ever grows: an entry is never edited or removed
//! once it has shipped, because files in the wild were built by it. All pending migrations
//! run in one transaction, so a file is at its old version or the new one, never between.
//! A migration that needs what SQL cannot compute (schema 4's Unicode name keys) has a hook,
//! run in that same transaction right after its SQL.
//!
//! Not here: connection settings (`foreign_keys`, WAL, `synchronous`), which belong to each
//! connection and cannot change inside a transaction; see [`crate::Ledger`].

use std::sync::LazyLock;

use rusqlite::Transaction;
use rusqlite_migration::{HookResult, Migrations, M};

use crate::error::{LedgerError, Result};

/// The migrations' SQL in order. Append only.
const SQL: &[&str] = &[
    include_str!("migrations/0001_core.sql"),
    include_str!("migrations/0002_results.sql"),
    include_str!("migrations/0003_final_moves.sql"),
    include_str!("migrations/0004_names_voids_versions.sql"),
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
/// [`LedgerError::Migration`] naming the statement that failed.
pub fn validate() -> Result<()> {
    MIGRATIONS.validate().map_err(|source| LedgerError::Migration { source })
}
