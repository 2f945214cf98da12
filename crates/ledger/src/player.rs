//! Players: the people who come to game nights, with a unique name and a preferred colour.
//!
//! A [`PlayerId`] names a person across every night and game. It is not a seat: which seat a
//! player took in one game, and in which colour, is part of that game (see
//! [`crate::Seat`]).
//!
//! Names are compared the way people at the table read them, by [`name_key`]: surrounding
//! whitespace and doubled spaces do not count, and neither does case, in any alphabet ("Xena"
//! and "xena", "Ölaf" and "ölaf" are one player). The key is stored beside the name with a
//! unique index, so the file itself keeps two players from sharing one.

use std::fmt;

use rusqlite::types::Type;
use rusqlite::Row;

use crate::error::{Missing, PlayerError, Result, RosterError, RowError, SqlContext, StoreError};
use crate::{query, Ledger};

/// A player's row id in the ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(pub i64);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A follower colour: the engine's own, stored as the game-script format spells it
/// ([`Color::name`]: `"red"`, `"gray"`, …).
pub use castellan_engine::Color;

/// A colour column held text that is not one of the eight colour names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a colour")]
pub struct ParseColorError(pub String);

/// The colour stored in column `index`.
pub(crate) fn color_at(row: &Row<'_>, index: usize) -> rusqlite::Result<Color> {
    color_named(index, row.get(index)?)
}

/// The colour stored in column `index`, which may be empty.
pub(crate) fn optional_color_at(row: &Row<'_>, index: usize) -> rusqlite::Result<Option<Color>> {
    row.get::<_, Option<String>>(index)?.map(|name| color_named(index, name)).transpose()
}

fn color_named(index: usize, name: String) -> rusqlite::Result<Color> {
    Color::from_name(&name)
        .ok_or_else(|| rusqlite::Error::FromSqlConversionFailure(index, Type::Text, Box::new(ParseColorError(name))))
}

/// A player as the ledger remembers them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The row id.
    pub id: PlayerId,
    /// The name as first written (trimmed), unique among players as [`name_key`] compares.
    pub name: String,
    /// The colour they like to play, if they said.
    pub preferred_color: Option<Color>,
}

/// A name as the ledger compares names: trimmed, each run of whitespace made one space, and
/// lowercased by Unicode's rules. Two names with the same key are the same player.
///
/// # Examples
///
/// ```
/// use castellan_ledger::name_key;
///
/// assert_eq!(name_key(" Yuri "), name_key("Yuri"));
/// assert_eq!(name_key("ÖLAF  de  Vries"), name_key("ölaf de vries"));
/// assert_ne!(name_key("Anna"), name_key("Anne"));
/// ```
pub fn name_key(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// Checks the names of one game's players before anything is written: none blank, and no two
/// the same player as [`name_key`] compares.
///
/// # Errors
///
/// [`RosterError::EmptyName`] for a blank name, [`RosterError::SamePlayer`] naming the first
/// two names that are one player, as written.
pub fn check_roster<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<(), RosterError> {
    let mut seen: Vec<(String, &str)> = Vec::new();
    for name in names {
        let key = name_key(name);
        if key.is_empty() {
            return Err(RosterError::EmptyName);
        }
        if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
            return Err(RosterError::SamePlayer { first: first.trim().to_owned(), second: name.trim().to_owned() });
        }
        seen.push((key, name));
    }
    Ok(())
}

impl Ledger {
    /// Adds a player. Surrounding whitespace is trimmed from the name.
    ///
    /// # Errors
    ///
    /// [`PlayerError::NameTaken`] if a player of that name (as [`name_key`] compares) exists;
    /// [`PlayerError::EmptyName`] for an empty name.
    pub fn add_player(&mut self, name: &str, preferred_color: Option<Color>) -> Result<PlayerId, PlayerError> {
        let tx = self.write()?;
        let id = insert_player(&tx, name, preferred_color)?;
        tx.commit().sql("COMMIT")?;
        Ok(id)
    }

    /// Changes a player's name and preferred colour.
    ///
    /// # Errors
    ///
    /// [`PlayerError::NotFound`] for an unknown player, otherwise as [`Ledger::add_player`].
    pub fn update_player(
        &mut self,
        id: PlayerId,
        name: &str,
        preferred_color: Option<Color>,
    ) -> Result<(), PlayerError> {
        const SQL: &str = "UPDATE players SET name = ?2, name_key = ?3, preferred_color = ?4 WHERE id = ?1";
        let name = checked_name(name)?;
        let changed = query::execute(self.conn(), SQL, (id.0, name, name_key(name), preferred_color.map(Color::name)))
            .map_err(|e| name_taken(e, name))?;
        if changed == 0 {
            return Err(PlayerError::NotFound { what: Missing::Player(id) });
        }
        Ok(())
    }

    /// One player.
    ///
    /// # Errors
    ///
    /// [`RowError::NotFound`] for an unknown player.
    pub fn player(&self, id: PlayerId) -> Result<Player, RowError> {
        const SQL: &str = "SELECT id, name, preferred_color FROM players WHERE id = ?1";
        query::optional(self.conn(), SQL, [id.0], player_from_row)?
            .ok_or(RowError::NotFound { what: Missing::Player(id) })
    }

    /// The player of that name (as [`name_key`] compares), if any.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if the query fails.
    pub fn player_by_name(&self, name: &str) -> Result<Option<Player>> {
        player_by_name(self.conn(), name)
    }

    /// Every player, by name.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if the query fails.
    pub fn players(&self) -> Result<Vec<Player>> {
        const SQL: &str = "SELECT id, name, preferred_color FROM players ORDER BY name, id";
        query::all(self.conn(), SQL, [], player_from_row)
    }

    /// The players whose name another player already has, as [`name_key`] compares: a ledger
    /// from before schema 4 could hold both "Ölaf" and "ölaf". Both were kept when the
    /// comparison changed; the later one is listed here until renamed, and is never found by
    /// name meanwhile.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if the query fails.
    pub fn name_clashes(&self) -> Result<Vec<Player>> {
        const SQL: &str = "SELECT id, name, preferred_color FROM players WHERE name_key IS NULL ORDER BY id";
        query::all(self.conn(), SQL, [], player_from_row)
    }
}

/// Finds a player by [`name_key`], inside or outside a transaction.
pub(crate) fn player_by_name(conn: &rusqlite::Connection, name: &str) -> Result<Option<Player>> {
    const SQL: &str = "SELECT id, name, preferred_color FROM players WHERE name_key = ?1";
    query::optional(conn, SQL, [name_key(name)], player_from_row)
}

/// Adds a player inside a write transaction.
pub(crate) fn insert_player(
    conn: &rusqlite::Connection,
    name: &str,
    preferred_color: Option<Color>,
) -> Result<PlayerId, PlayerError> {
    const SQL: &str = "INSERT INTO players (name, name_key, preferred_color) VALUES (?1, ?2, ?3)";
    let name = checked_name(name)?;
    query::execute(conn, SQL, (name, name_key(name), preferred_color.map(Color::name)))
        .map_err(|e| name_taken(e, name))?;
    Ok(PlayerId(conn.last_insert_rowid()))
}

pub(crate) fn require_player(conn: &rusqlite::Connection, player: PlayerId) -> Result<(), RowError> {
    const SQL: &str = "SELECT 1 FROM players WHERE id = ?1";
    query::optional(conn, SQL, [player.0], |_| Ok(()))?.ok_or(RowError::NotFound { what: Missing::Player(player) })
}

fn checked_name(name: &str) -> Result<&str, PlayerError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(PlayerError::EmptyName);
    }
    Ok(name)
}

/// A UNIQUE violation on insert or update can only be the name (its text or its key).
fn name_taken(error: StoreError, name: &str) -> PlayerError {
    match error {
        StoreError::Sqlite { source: rusqlite::Error::SqliteFailure(e, _), .. }
            if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE =>
        {
            PlayerError::NameTaken { name: name.to_owned() }
        }
        other => PlayerError::Store(other),
    }
}

fn player_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Player> {
    Ok(Player { id: PlayerId(row.get(0)?), name: row.get(1)?, preferred_color: optional_color_at(row, 2)? })
}
