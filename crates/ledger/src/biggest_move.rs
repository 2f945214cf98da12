//! Each finished game's biggest move: who gained the most points from one move, and which
//! move it was, for the record "most points in one move".
//!
//! Only the engine can tell what a move gained, by replaying the game; the caller works it
//! out when the game is finished and hands it over with the results ([`crate::Finish`]), and
//! works it out once for games finished before the ledger kept it
//! ([`Ledger::games_without_biggest_move`], [`Ledger::keep_biggest_move`]). Like the
//! results, it is a cache of what the moves say, removed when a game is reopened.

use rusqlite::Connection;

use crate::error::{Missing, Result, SqlContext, StatusError};
use crate::{query, GameId, Ledger, PlayerId};

/// The most points one player gained from one move of a game: the first such move, and the
/// first seat of players who gained as many in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BiggestMove {
    /// Who gained them.
    pub player: PlayerId,
    /// How many.
    pub points: u32,
    /// Which move (1 is the first).
    pub seq: u32,
}

impl Ledger {
    /// Finished games whose biggest move has not been worked out: those finished before the
    /// ledger kept it, oldest first.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if the query fails.
    pub fn games_without_biggest_move(&self) -> Result<Vec<GameId>> {
        const SQL: &str = "SELECT id FROM games WHERE finished \
                           AND id NOT IN (SELECT game_id FROM biggest_moves) ORDER BY id";
        let tx = self.read()?;
        query::all(&tx, SQL, [], |row| Ok(GameId(row.get(0)?)))
    }

    /// Keeps a finished game's biggest move, worked out afterwards; `None` when no move gained
    /// a point, or the game was not played move by move. Replaces what was kept before.
    ///
    /// # Errors
    ///
    /// [`StatusError::NotFound`] for an unknown game, [`StatusError::NotFinished`] for one
    /// not finished, [`crate::StoreError`] when the player is not seated in the game;
    /// nothing is written then.
    pub fn keep_biggest_move(&mut self, game: GameId, biggest: Option<BiggestMove>) -> Result<(), StatusError> {
        const STATUS: &str = "SELECT finished FROM games WHERE id = ?1";
        let tx = self.write()?;
        match query::optional(&tx, STATUS, [game.0], |row| row.get::<_, bool>(0))? {
            None => return Err(StatusError::NotFound { what: Missing::Game(game) }),
            Some(false) => return Err(StatusError::NotFinished { game }),
            Some(true) => {}
        }
        write_biggest_move(&tx, game, biggest)?;
        Ok(tx.commit().sql("COMMIT")?)
    }
}

/// Writes (or replaces) a game's biggest move, inside a write transaction.
pub(crate) fn write_biggest_move(conn: &Connection, game: GameId, biggest: Option<BiggestMove>) -> Result<()> {
    const SQL: &str = "INSERT OR REPLACE INTO biggest_moves (game_id, player_id, points, seq) VALUES (?1, ?2, ?3, ?4)";
    let (player, points, seq) = match biggest {
        Some(b) => (Some(b.player.0), b.points, Some(b.seq)),
        None => (None, 0, None),
    };
    query::execute(conn, SQL, rusqlite::params![game.0, player, points, seq])?;
    Ok(())
}

/// Removes a game's biggest move (its final count was undone), inside a write transaction.
pub(crate) fn forget_biggest_move(conn: &Connection, game: GameId) -> Result<()> {
    query::execute(conn, "DELETE FROM biggest_moves WHERE game_id = ?1", [game.0])?;
    Ok(())
}
