//! The few ways the ledger runs a statement, each naming the SQL in its error.
//!
//! Statements go through SQLite's prepared-statement cache: the same handful of statements
//! run on every move, and re-parsing them would be most of an append's CPU time.

use rusqlite::{Connection, OptionalExtension, Params, Row};

use crate::error::{Result, SqlContext};

/// Runs a statement that returns no rows; gives the number of rows changed.
pub(crate) fn execute(conn: &Connection, sql: &'static str, params: impl Params) -> Result<usize> {
    conn.prepare_cached(sql).and_then(|mut statement| statement.execute(params)).sql(sql)
}

/// Runs a query that returns at most one row.
pub(crate) fn optional<T>(
    conn: &Connection,
    sql: &'static str,
    params: impl Params,
    map: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
) -> Result<Option<T>> {
    conn.prepare_cached(sql).and_then(|mut statement| statement.query_row(params, map).optional()).sql(sql)
}

/// Runs a query and collects every row.
pub(crate) fn all<T>(
    conn: &Connection,
    sql: &'static str,
    params: impl Params,
    map: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
) -> Result<Vec<T>> {
    conn.prepare_cached(sql).and_then(|mut statement| statement.query_map(params, map)?.collect()).sql(sql)
}

/// Runs a query and hands each row to `visit`, collecting nothing.
pub(crate) fn each(
    conn: &Connection,
    sql: &'static str,
    params: impl Params,
    mut visit: impl FnMut(&Row<'_>) -> rusqlite::Result<()>,
) -> Result<()> {
    conn.prepare_cached(sql)
        .and_then(|mut statement| {
            let mut rows = statement.query(params)?;
            while let Some(row) = rows.next()? {
                visit(row)?;
            }
            Ok(())
        })
        .sql(sql)
}
