//! Game nights: a date, a place, and who came.
//!
//! Who came is kept complete without the caller's help: seating someone in a game of the
//! night also records them as having come (see [`Ledger::start_game`]).

use chrono::NaiveDate;

use crate::error::{Missing, Result, RowError, SqlContext};
use crate::player::require_player;
use crate::timestamp::Day;
use crate::{query, Ledger, PlayerId};

/// A game night's row id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NightId(pub i64);

impl std::fmt::Display for NightId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A game night as the ledger remembers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Night {
    /// The row id.
    pub id: NightId,
    /// The date the night began (a night that runs past midnight keeps its first date).
    pub date: NaiveDate,
    /// Where it was, if said.
    pub place: Option<String>,
    /// Who came, by id.
    pub attendees: Vec<PlayerId>,
}

impl Ledger {
    /// Records a game night.
    ///
    /// # Errors
    ///
    /// [`RowError::NotFound`] if an attendee is not a player; nothing is recorded then.
    pub fn add_night(
        &mut self,
        date: NaiveDate,
        place: Option<&str>,
        attendees: &[PlayerId],
    ) -> Result<NightId, RowError> {
        let tx = self.write()?;
        let night = insert_night(&tx, date, place)?;
        for &player in attendees {
            add_attendee(&tx, night, player)?;
        }
        tx.commit().sql("COMMIT")?;
        Ok(night)
    }

    /// The latest game night on `date`, if there is one.
    ///
    /// # Errors
    ///
    /// The database could not be read.
    pub fn night_on(&self, date: NaiveDate) -> Result<Option<NightId>> {
        let tx = self.read()?;
        night_on(&tx, date)
    }

    /// The game night on `date` at `place` (`None` matching only a night without a place):
    /// the earliest recorded if there are several.
    ///
    /// # Errors
    ///
    /// The database could not be read.
    pub fn night_at(&self, date: NaiveDate, place: Option<&str>) -> Result<Option<NightId>> {
        let tx = self.read()?;
        night_at(&tx, date, place)
    }

    /// Records that `player` came to `night`; nothing changes if already recorded.
    ///
    /// # Errors
    ///
    /// [`RowError::NotFound`] for an unknown night or player.
    pub fn add_attendee(&mut self, night: NightId, player: PlayerId) -> Result<(), RowError> {
        let tx = self.write()?;
        require_night(&tx, night)?;
        add_attendee(&tx, night, player)?;
        Ok(tx.commit().sql("COMMIT")?)
    }

    /// One game night.
    ///
    /// # Errors
    ///
    /// [`RowError::NotFound`] for an unknown night.
    pub fn night(&self, id: NightId) -> Result<Night, RowError> {
        const NIGHT: &str = "SELECT date, place FROM nights WHERE id = ?1";
        const ATTENDEES: &str = "SELECT player_id FROM night_players WHERE night_id = ?1 ORDER BY player_id";
        let tx = self.read()?;
        let (date, place) = query::optional(&tx, NIGHT, [id.0], |row| Ok((row.get::<_, Day>(0)?.0, row.get(1)?)))?
            .ok_or(RowError::NotFound { what: Missing::Night(id) })?;
        let attendees = query::all(&tx, ATTENDEES, [id.0], |row| Ok(PlayerId(row.get(0)?)))?;
        Ok(Night { id, date, place, attendees })
    }
}

/// The latest night on `date`.
pub(crate) fn night_on(conn: &rusqlite::Connection, date: NaiveDate) -> Result<Option<NightId>> {
    const SQL: &str = "SELECT id FROM nights WHERE date = ?1 ORDER BY id DESC LIMIT 1";
    query::optional(conn, SQL, [Day(date)], |row| Ok(NightId(row.get(0)?)))
}

/// The earliest night on `date` at `place`; `IS` so that no place matches no place.
pub(crate) fn night_at(conn: &rusqlite::Connection, date: NaiveDate, place: Option<&str>) -> Result<Option<NightId>> {
    const SQL: &str = "SELECT id FROM nights WHERE date = ?1 AND place IS ?2 ORDER BY id LIMIT 1";
    query::optional(conn, SQL, (Day(date), place), |row| Ok(NightId(row.get(0)?)))
}

/// Records a night without attendees inside a write transaction.
pub(crate) fn insert_night(conn: &rusqlite::Connection, date: NaiveDate, place: Option<&str>) -> Result<NightId> {
    const SQL: &str = "INSERT INTO nights (date, place) VALUES (?1, ?2)";
    query::execute(conn, SQL, (Day(date), place))?;
    Ok(NightId(conn.last_insert_rowid()))
}

/// Adds an attendee inside a write transaction.
pub(crate) fn add_attendee(conn: &rusqlite::Connection, night: NightId, player: PlayerId) -> Result<(), RowError> {
    const SQL: &str = "INSERT OR IGNORE INTO night_players (night_id, player_id) VALUES (?1, ?2)";
    require_player(conn, player)?;
    query::execute(conn, SQL, (night.0, player.0))?;
    Ok(())
}

pub(crate) fn require_night(conn: &rusqlite::Connection, night: NightId) -> Result<(), RowError> {
    const SQL: &str = "SELECT 1 FROM nights WHERE id = ?1";
    query::optional(conn, SQL, [night.0], |_| Ok(()))?.ok_or(RowError::NotFound { what: Missing::Night(night) })
}
