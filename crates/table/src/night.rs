//! Which game night a game belongs to: the date the players lived, in their own time zone.
//!
//! A game goes into the night of the calendar date at the table when it starts: 20:00 in
//! California is that evening's night, not the next day's (as the UTC date would have it),
//! and 00:30 in Amsterdam is the new day's, not the day before. The night is chosen once, when
//! the game starts, so a game that runs past midnight stays in the night it started.
//!
//! The zone comes with the instant, from the edge that read the clock (the app and the command
//! line use chrono's `Local`); nothing here reads a clock or the system's zone, so a test
//! gives any instant in any zone. The times themselves are stored in UTC (the ledger's
//! `*_at` columns, `…Z`), so they stay unambiguous whatever zone the players were in.

use chrono::{DateTime, NaiveDate, TimeZone};

/// The date of the game night for a game started at `now`: `now`'s calendar date in its own
/// zone, the zone of the players at the table.
///
/// # Examples
///
/// ```
/// use castellan_table::night::date_of;
/// use chrono::DateTime;
///
/// // 20:00 in California is 04:00 the next day in UTC; the night is that evening's.
/// let evening = DateTime::parse_from_rfc3339("2026-11-20T20:00:00-08:00").unwrap();
/// assert_eq!(date_of(&evening).to_string(), "2026-11-20");
/// ```
pub fn date_of<Tz: TimeZone>(now: &DateTime<Tz>) -> NaiveDate {
    now.date_naive()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{FixedOffset, Utc};

    fn at(text: &str) -> DateTime<FixedOffset> {
        DateTime::parse_from_rfc3339(text).unwrap()
    }

    /// Each instant in the players' zone, with the date of their night and the UTC date that
    /// differs from it.
    #[test]
    fn a_night_is_dated_where_it_is_played_not_in_utc() {
        let cases = [
            ("2026-11-20T20:00:00-08:00", "2026-11-20", "2026-11-21"), // California, winter
            ("2026-07-10T23:59:00-07:00", "2026-07-10", "2026-07-11"), // California, summer time
            ("2026-11-21T00:30:00+01:00", "2026-11-21", "2026-11-20"), // Amsterdam, winter
            ("2026-07-11T01:30:00+02:00", "2026-07-11", "2026-07-10"), // Amsterdam, summer time
        ];
        for (instant, night, utc) in cases {
            let now = at(instant);
            assert_eq!(date_of(&now).to_string(), night, "{instant}: the players' own date");
            assert_eq!(date_of(&now.with_timezone(&Utc)).to_string(), utc, "{instant}: the same instant in UTC");
        }
    }
}
