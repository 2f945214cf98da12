//! The move log of a game, and the cursor over it that gives undo, redo and correction.
//!
//! The moves are the source of truth of a game: the engine rebuilds the position by
//! replaying them, and scores are derived from them. Moves are numbered `seq` = 1, 2, 3, …
//! without gaps. The game's `cursor` says how many are in effect; the stored moves after
//! it are the *redo tail*:
//!
//! ```text
//!   seq:     1   2   3   4   5
//!          [ m1  m2  m3 | m4  m5 ]      cursor = 3: the game is m1..m3,
//!                       ^                m4 and m5 can be redone
//! ```
//!
//! - entering a move deletes the redo tail and appends after the cursor;
//! - undo and redo move the cursor one step and delete nothing;
//! - correcting move *k* (k ≤ cursor) replaces it where it stands and, like any new edit,
//!   deletes the redo tail, since the caller validated only the moves in effect.
//!
//! Each of these is one transaction, committed before the method returns, so a move
//! entered is a move kept (see "Durability" on [`Ledger`]). Nothing here interprets a move:
//! the caller has checked it with the engine first.
//!
//! Every change names the [`CursorState`] the caller checked it against, and is refused
//! with [`MoveLogError::MovedOn`], writing nothing, if the log no longer stands there. A
//! move is legal only after the moves it was checked after, so a log that moved on
//! meanwhile (another window, a second program on the file) would otherwise be given a
//! move twice, or lose one the other side still shows.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::error::{Missing, MoveLogError, Result, RowError, SqlContext};
use crate::timestamp::Stamp;
use crate::{json, query, GameId, Ledger};

/// One stored move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRecord {
    /// Its number in the game, from 1.
    pub seq: u32,
    /// One element of a game script's `moves` array, verbatim.
    pub move_json: String,
    /// When it was first entered (to the millisecond).
    pub entered_at: DateTime<Utc>,
    /// When it was last corrected, if ever.
    pub corrected_at: Option<DateTime<Utc>>,
}

/// Where a game's cursor stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CursorState {
    /// How many moves are in effect.
    pub cursor: u32,
    /// How many moves are stored, the redo tail included.
    pub stored: u32,
}

impl CursorState {
    /// Whether there is a move to undo.
    pub fn can_undo(self) -> bool {
        self.cursor > 0
    }

    /// Whether there is a move to redo.
    pub fn can_redo(self) -> bool {
        self.cursor < self.stored
    }
}

impl Ledger {
    /// Enters the next move of a game: drops the redo tail, stores the move as number
    /// `cursor + 1` and moves the cursor onto it, in one transaction. `expected` is where
    /// the log stood when the caller checked the move.
    ///
    /// # Errors
    ///
    /// [`MoveLogError::NotFound`] for an unknown game, [`MoveLogError::GameEnded`] once it
    /// has ended, [`MoveLogError::MovedOn`] if the log is no longer at `expected`,
    /// [`MoveLogError::NotJson`] if `move_json` is not a JSON object.
    pub fn append_move(
        &mut self,
        game: GameId,
        expected: CursorState,
        move_json: &str,
        entered_at: DateTime<Utc>,
    ) -> Result<CursorState, MoveLogError> {
        const UPDATE: &str = "UPDATE games SET cursor = ?2 WHERE id = ?1";
        json::require_object("move", move_json)?;
        let tx = self.write_move()?;
        let state = writable_state(&tx, game, expected)?;
        drop_redo_tail(&tx, game, state)?;
        let seq = state.cursor + 1;
        insert_move(&tx, game, seq, move_json, entered_at)?;
        query::execute(&tx, UPDATE, (game.0, seq))?;
        tx.commit().sql("COMMIT")?;
        Ok(CursorState { cursor: seq, stored: seq })
    }

    /// Takes back the last move in effect; it stays stored as the first of the redo tail.
    /// At the start of the game this changes nothing. `expected` is where the log stood
    /// when the caller decided to take the move back.
    ///
    /// # Errors
    ///
    /// [`MoveLogError::NotFound`] for an unknown game, [`MoveLogError::GameEnded`] once it
    /// has ended, [`MoveLogError::MovedOn`] if the log is no longer at `expected`.
    pub fn undo(&mut self, game: GameId, expected: CursorState) -> Result<CursorState, MoveLogError> {
        self.step_cursor(game, expected, |state| state.cursor.checked_sub(1))
    }

    /// Puts back the first move of the redo tail. With no tail this changes nothing.
    ///
    /// # Errors
    ///
    /// As [`Ledger::undo`].
    pub fn redo(&mut self, game: GameId, expected: CursorState) -> Result<CursorState, MoveLogError> {
        self.step_cursor(game, expected, |state| state.can_redo().then_some(state.cursor + 1))
    }

    /// Corrects move `seq` (one of the moves in effect) to `move_json`, keeps its place and
    /// first entry time, and drops the redo tail, in one transaction. The caller has
    /// replayed the corrected game, as the log stood at `expected`, and found every later
    /// move still legal.
    ///
    /// # Errors
    ///
    /// [`MoveLogError::NotFound`] for an unknown game or a `seq` outside `1..=cursor`,
    /// [`MoveLogError::GameEnded`] once the game has ended, [`MoveLogError::MovedOn`] if the
    /// log is no longer at `expected`, [`MoveLogError::NotJson`] if `move_json` is not a
    /// JSON object.
    pub fn replace_move(
        &mut self,
        game: GameId,
        expected: CursorState,
        seq: u32,
        move_json: &str,
        corrected_at: DateTime<Utc>,
    ) -> Result<CursorState, MoveLogError> {
        const SQL: &str = "UPDATE moves SET move_json = ?3, corrected_at = ?4 \
                           WHERE game_id = ?1 AND seq = ?2";
        json::require_object("move", move_json)?;
        let tx = self.write_move()?;
        let state = writable_state(&tx, game, expected)?;
        if seq == 0 || seq > state.cursor {
            return Err(MoveLogError::NotFound { what: Missing::Move { game, seq } });
        }
        query::execute(&tx, SQL, (game.0, seq, move_json, Stamp(corrected_at)))?;
        drop_redo_tail(&tx, game, state)?;
        tx.commit().sql("COMMIT")?;
        Ok(CursorState { cursor: state.cursor, stored: state.cursor })
    }

    /// Where a game's cursor stands.
    ///
    /// # Errors
    ///
    /// [`RowError::NotFound`] for an unknown game.
    pub fn cursor(&self, game: GameId) -> Result<CursorState, RowError> {
        Ok(state(self.conn(), game)?.1)
    }

    /// The moves in effect (`1..=cursor`), in order: what to replay to rebuild the game.
    ///
    /// # Errors
    ///
    /// [`RowError::NotFound`] for an unknown game.
    pub fn moves(&self, game: GameId) -> Result<Vec<MoveRecord>, RowError> {
        let tx = self.read()?;
        let (_, state) = state(&tx, game)?;
        Ok(moves_between(&tx, game, 1, state.cursor)?)
    }

    /// The redo tail (moves after the cursor), in order.
    ///
    /// # Errors
    ///
    /// [`RowError::NotFound`] for an unknown game.
    pub fn redo_tail(&self, game: GameId) -> Result<Vec<MoveRecord>, RowError> {
        let tx = self.read()?;
        let (_, state) = state(&tx, game)?;
        Ok(moves_between(&tx, game, state.cursor + 1, state.stored)?)
    }

    fn step_cursor(
        &mut self,
        game: GameId,
        expected: CursorState,
        step: impl FnOnce(CursorState) -> Option<u32>,
    ) -> Result<CursorState, MoveLogError> {
        const SQL: &str = "UPDATE games SET cursor = ?2 WHERE id = ?1";
        let tx = self.write_move()?;
        let state = writable_state(&tx, game, expected)?;
        let Some(cursor) = step(state) else {
            return Ok(state);
        };
        query::execute(&tx, SQL, (game.0, cursor))?;
        tx.commit().sql("COMMIT")?;
        Ok(CursorState { cursor, ..state })
    }
}

/// Whether the game is in progress, and its cursor.
fn state(conn: &Connection, game: GameId) -> Result<(bool, CursorState), RowError> {
    const SQL: &str = "SELECT ended_at IS NULL, cursor, \
                       (SELECT coalesce(max(seq), 0) FROM moves WHERE game_id = ?1) \
                       FROM games WHERE id = ?1";
    query::optional(conn, SQL, [game.0], |row| {
        Ok((row.get(0)?, CursorState { cursor: row.get(1)?, stored: row.get(2)? }))
    })?
    .ok_or(RowError::NotFound { what: Missing::Game(game) })
}

/// The cursor of a game whose moves may change, provided it is where the caller saw it.
///
/// Read inside the write transaction, so nothing can move the log between this check and
/// the commit.
fn writable_state(conn: &Connection, game: GameId, expected: CursorState) -> Result<CursorState, MoveLogError> {
    match state(conn, game)? {
        (true, found) if found == expected => Ok(found),
        (true, found) => Err(MoveLogError::MovedOn { game, expected, found }),
        (false, _) => Err(MoveLogError::GameEnded { game }),
    }
}

fn drop_redo_tail(conn: &Connection, game: GameId, state: CursorState) -> Result<()> {
    const SQL: &str = "DELETE FROM moves WHERE game_id = ?1 AND seq > ?2";
    if state.can_redo() {
        query::execute(conn, SQL, (game.0, state.cursor))?;
    }
    Ok(())
}

/// Stores one move inside a write transaction.
pub(crate) fn insert_move(
    conn: &Connection,
    game: GameId,
    seq: u32,
    move_json: &str,
    entered_at: DateTime<Utc>,
) -> Result<()> {
    const SQL: &str = "INSERT INTO moves (game_id, seq, move_json, entered_at) VALUES (?1, ?2, ?3, ?4)";
    query::execute(conn, SQL, (game.0, seq, move_json, Stamp(entered_at)))?;
    Ok(())
}

fn moves_between(conn: &Connection, game: GameId, first: u32, last: u32) -> Result<Vec<MoveRecord>> {
    const SQL: &str = "SELECT seq, move_json, entered_at, corrected_at FROM moves \
                       WHERE game_id = ?1 AND seq BETWEEN ?2 AND ?3 ORDER BY seq";
    query::all(conn, SQL, (game.0, first, last), |row| {
        Ok(MoveRecord {
            seq: row.get(0)?,
            move_json: row.get(1)?,
            entered_at: row.get::<_, Stamp>(2)?.0,
            corrected_at: row.get::<_, Option<Stamp>>(3)?.map(|s| s.0),
        })
    })
}
