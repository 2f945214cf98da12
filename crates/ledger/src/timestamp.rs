//! How times and dates are written to the file.
//!
//! Times are stored as fixed-width UTC text, `2024-05-01T20:15:03.123Z`: readable in any
//! SQLite shell, and ordered as text exactly as in time, so `ORDER BY started_at` is right.
//! Precision is the millisecond; finer parts of a time the caller passes are dropped.
//! Dates (of game nights) are `YYYY-MM-DD`. The ledger never reads a clock: every time
//! comes from the caller.

use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

/// A time as stored in a `*_at` column.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stamp(pub DateTime<Utc>);

impl ToSql for Stamp {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0.to_rfc3339_opts(SecondsFormat::Millis, true)))
    }
}

impl FromSql for Stamp {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        DateTime::parse_from_rfc3339(text)
            .map(|t| Stamp(t.with_timezone(&Utc)))
            .map_err(|e| FromSqlError::Other(Box::new(e)))
    }
}

/// A calendar date as stored in `nights.date`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Day(pub NaiveDate);

impl ToSql for Day {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.0.format("%Y-%m-%d").to_string()))
    }
}

impl FromSql for Day {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        NaiveDate::parse_from_str(text, "%Y-%m-%d").map(Day).map_err(|e| FromSqlError::Other(Box::new(e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn stored_times_sort_as_text_in_time_order() {
        let early = Utc.with_ymd_and_hms(2024, 5, 1, 20, 15, 3).unwrap();
        let later = early + chrono::Duration::milliseconds(5);
        let text = |t| match Stamp(t).to_sql().unwrap() {
            ToSqlOutput::Owned(rusqlite::types::Value::Text(s)) => s,
            other => panic!("a time must be stored as text, got {other:?}"),
        };
        assert_eq!(text(early), "2024-05-01T20:15:03.000Z", "the fixed width keeps text order equal to time order");
        assert!(text(early) < text(later), "5 ms later must sort later");
    }
}
