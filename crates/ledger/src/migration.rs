//! The schema, as an append-only list of migrations; its version lives in `user_version`.
//!
//! Migration *n* (1-based) is `migrations/NNNN_slug.sql`; a file at `user_version` *v* has
//! had the first *v* applied. The list only ever grows: an entry is never edited or removed
//! once it has shipped, because files in the wild were built by it. All pending migrations
//! run in one transaction, so a file is at its old version or the new one, never between.
//!
//! Not here: connection settings (`foreign_keys`, WAL, `synchronous`), which belong to each
//! connection and cannot change inside a transaction; see [`crate::Ledger`].

use rusqlite_migration::{Migrations, M};

use crate::error::{LedgerError, Result};

/// The migrations in order. Append only.
const LIST: &[M<'static>] = &[
    M::up(include_str!("migrations/0001_core.sql")),
    M::up(include_str!("migrations/0002_results.sql")),
    M::up(include_str!("migrations/0003_final_moves.sql")),
];

pub(crate) const MIGRATIONS: Migrations<'static> = Migrations::from_slice(LIST);

/// The schema version this build writes: the number of migrations.
pub const SCHEMA_VERSION: u32 = LIST.len() as u32;

/// The `PRAGMA application_id` of a ledger file (`'CAST'`), set by the first migration.
pub const APPLICATION_ID: i32 = 0x4341_5354;

/// Applies every migration to a fresh in-memory database, checking that the list is sound.
///
/// # Errors
///
/// [`LedgerError::Migration`] naming the statement that failed.
pub fn validate() -> Result<()> {
    MIGRATIONS.validate().map_err(|source| LedgerError::Migration { source })
}
