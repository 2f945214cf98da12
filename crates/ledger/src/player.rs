//! Players: the people who come to game nights, with a unique name and a preferred colour.
//!
//! A [`PlayerId`] names a person across every night and game. It is not a seat: which seat a
//! player took in one game, and in which colour, is part of that game (see
//! [`crate::Seat`]).

use std::fmt;
use std::str::FromStr;

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::error::{InvalidInput, LedgerError, Missing, Result};
use crate::{query, Ledger};

/// A player's row id in the ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(pub i64);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A follower colour, spelled as in the game-script format (`"red"`, `"gray"`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// `red`
    Red,
    /// `blue`
    Blue,
    /// `green`
    Green,
    /// `yellow`
    Yellow,
    /// `black`
    Black,
    /// `gray`
    Gray,
    /// `pink`
    Pink,
    /// `purple`
    Purple,
}

impl Color {
    /// Every colour, in the order the game-script format lists them.
    pub const ALL: [Color; 8] =
        [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray, Color::Pink, Color::Purple];

    /// The game-script spelling, which is also what the ledger stores.
    pub fn as_str(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Green => "green",
            Color::Yellow => "yellow",
            Color::Black => "black",
            Color::Gray => "gray",
            Color::Pink => "pink",
            Color::Purple => "purple",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text was not one of the eight colour names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a colour")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Color::ALL.into_iter().find(|color| color.as_str() == s).ok_or_else(|| ParseColorError(s.to_owned()))
    }
}

impl ToSql for Color {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.as_str()))
    }
}

impl FromSql for Color {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        value.as_str()?.parse().map_err(|e| FromSqlError::Other(Box::new(e)))
    }
}

/// A player as the ledger remembers them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The row id.
    pub id: PlayerId,
    /// The name, unique among players ignoring ASCII case.
    pub name: String,
    /// The colour they like to play, if they said.
    pub preferred_color: Option<Color>,
}

impl Ledger {
    /// Adds a player. Surrounding whitespace is trimmed from the name.
    ///
    /// # Errors
    ///
    /// [`LedgerError::NameTaken`] if a player of that name (ignoring ASCII case) exists;
    /// [`InvalidInput::EmptyName`] for an empty name.
    pub fn add_player(&mut self, name: &str, preferred_color: Option<Color>) -> Result<PlayerId> {
        const SQL: &str = "INSERT INTO players (name, preferred_color) VALUES (?1, ?2)";
        let name = checked_name(name)?;
        query::execute(self.conn(), SQL, (name, preferred_color)).map_err(|e| name_taken(e, name))?;
        Ok(PlayerId(self.conn().last_insert_rowid()))
    }

    /// Changes a player's name and preferred colour.
    ///
    /// # Errors
    ///
    /// [`LedgerError::NotFound`] for an unknown player, otherwise as [`Ledger::add_player`].
    pub fn update_player(&mut self, id: PlayerId, name: &str, preferred_color: Option<Color>) -> Result<()> {
        const SQL: &str = "UPDATE players SET name = ?2, preferred_color = ?3 WHERE id = ?1";
        let name = checked_name(name)?;
        let changed =
            query::execute(self.conn(), SQL, (id.0, name, preferred_color)).map_err(|e| name_taken(e, name))?;
        if changed == 0 {
            return Err(LedgerError::NotFound { what: Missing::Player(id) });
        }
        Ok(())
    }

    /// One player.
    ///
    /// # Errors
    ///
    /// [`LedgerError::NotFound`] for an unknown player.
    pub fn player(&self, id: PlayerId) -> Result<Player> {
        const SQL: &str = "SELECT id, name, preferred_color FROM players WHERE id = ?1";
        query::optional(self.conn(), SQL, [id.0], player_from_row)?
            .ok_or(LedgerError::NotFound { what: Missing::Player(id) })
    }

    /// The player of that name (ignoring ASCII case and surrounding whitespace), if any.
    ///
    /// # Errors
    ///
    /// [`LedgerError::Sqlite`] if the query fails.
    pub fn player_by_name(&self, name: &str) -> Result<Option<Player>> {
        const SQL: &str = "SELECT id, name, preferred_color FROM players WHERE name = ?1";
        query::optional(self.conn(), SQL, [name.trim()], player_from_row)
    }

    /// Every player, by name.
    ///
    /// # Errors
    ///
    /// [`LedgerError::Sqlite`] if the query fails.
    pub fn players(&self) -> Result<Vec<Player>> {
        const SQL: &str = "SELECT id, name, preferred_color FROM players ORDER BY name, id";
        query::all(self.conn(), SQL, [], player_from_row)
    }
}

pub(crate) fn require_player(conn: &rusqlite::Connection, player: PlayerId) -> Result<()> {
    const SQL: &str = "SELECT 1 FROM players WHERE id = ?1";
    query::optional(conn, SQL, [player.0], |_| Ok(()))?.ok_or(LedgerError::NotFound { what: Missing::Player(player) })
}

fn checked_name(name: &str) -> Result<&str> {
    let name = name.trim();
    if name.is_empty() {
        return Err(InvalidInput::EmptyName.into());
    }
    Ok(name)
}

/// A UNIQUE violation on insert or update can only be the name.
fn name_taken(error: LedgerError, name: &str) -> LedgerError {
    match error {
        LedgerError::Sqlite { source: rusqlite::Error::SqliteFailure(e, _), .. }
            if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE =>
        {
            LedgerError::NameTaken { name: name.to_owned() }
        }
        other => other,
    }
}

fn player_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Player> {
    Ok(Player { id: PlayerId(row.get(0)?), name: row.get(1)?, preferred_color: row.get(2)? })
}
