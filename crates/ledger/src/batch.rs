//! [`Batch`]: several writes that stand or fall together, for the commands that record
//! players, a night and a game at once (a new game at the table, a game-script import).
//!
//! Invariant: nothing a batch writes is seen, by this connection after it or by any other,
//! unless [`Batch::commit`] returns `Ok`. A batch dropped without committing, or after any
//! of its writes failed, rolls back whole, so a refused import or new game leaves no player
//! or empty night behind.

use chrono::NaiveDate;
use rusqlite::Transaction;

use crate::error::{ImportError, NewGameError, PlayerError, Result, SqlContext};
use crate::game::{check_new_game, insert_game};
use crate::night::{insert_night, night_at, night_on};
use crate::player::{insert_player, player_by_name};
use crate::result::{import_game_in, same_game};
use crate::{Color, GameId, GameImport, Ledger, NewGame, NightId, PlayerId};

/// Writes committed together or not at all; see the module docs.
///
/// # Examples
///
/// ```
/// use castellan_ledger::{Color, Ledger};
/// use chrono::NaiveDate;
///
/// let mut ledger = Ledger::open_in_memory()?;
/// let date = NaiveDate::from_ymd_opt(2024, 5, 1).unwrap();
/// let batch = ledger.batch()?;
/// batch.find_or_add_player("Xena", Some(Color::Red))?;
/// batch.find_or_add_night_at(date, Some("Club"))?;
/// drop(batch); // not committed: nothing was written
/// assert!(ledger.players()?.is_empty() && ledger.history()?.is_empty());
/// # Ok::<(), castellan_ledger::LedgerError>(())
/// ```
#[derive(Debug)]
pub struct Batch<'a> {
    tx: Transaction<'a>,
}

impl Ledger {
    /// Begins a batch of writes, taking the write lock for its whole length.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if the transaction cannot begin (another connection
    /// holds the lock past the busy timeout).
    pub fn batch(&mut self) -> Result<Batch<'_>> {
        Ok(Batch { tx: self.write()? })
    }
}

impl Batch<'_> {
    /// The player of that name (as [`crate::name_key`] compares), added with
    /// `preferred_color` if there is none.
    ///
    /// # Errors
    ///
    /// As [`Ledger::add_player`].
    pub fn find_or_add_player(&self, name: &str, preferred_color: Option<Color>) -> Result<PlayerId, PlayerError> {
        match player_by_name(&self.tx, name)? {
            Some(known) => Ok(known.id),
            None => insert_player(&self.tx, name, preferred_color),
        }
    }

    /// Today's night at the table: the latest night on `date` wherever it was, or a new one
    /// at `place`.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if a statement fails.
    pub fn find_or_add_night_on(&self, date: NaiveDate, place: Option<&str>) -> Result<NightId> {
        match night_on(&self.tx, date)? {
            Some(night) => Ok(night),
            None => insert_night(&self.tx, date, place),
        }
    }

    /// The night on `date` at exactly `place` (no place matching no place), or a new one: so
    /// that games imported on one day at one place share one night.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if a statement fails.
    pub fn find_or_add_night_at(&self, date: NaiveDate, place: Option<&str>) -> Result<NightId> {
        match night_at(&self.tx, date, place)? {
            Some(night) => Ok(night),
            None => insert_night(&self.tx, date, place),
        }
    }

    /// Starts a game, as [`Ledger::start_game`].
    ///
    /// # Errors
    ///
    /// As [`Ledger::start_game`].
    pub fn start_game(&self, game: &NewGame) -> Result<GameId, NewGameError> {
        check_new_game(game)?;
        Ok(insert_game(&self.tx, game)?)
    }

    /// Records a whole game, as [`Ledger::import_game`].
    ///
    /// # Errors
    ///
    /// As [`Ledger::import_game`].
    pub fn import_game(&self, import: &GameImport) -> Result<GameId, ImportError> {
        import_game_in(&self.tx, import)
    }

    /// A stored game with the same players in the same seats, the same setup and the same
    /// moves in effect as `import`: the first recorded, if any. How it ended and when it was
    /// played do not count, so a file imported a second time is found whatever date it was
    /// given.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if a query fails.
    pub fn same_game(&self, import: &GameImport) -> Result<Option<GameId>> {
        same_game(&self.tx, import)
    }

    /// Makes every write of the batch permanent, at once.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if the commit fails; nothing was written then.
    pub fn commit(self) -> Result<()> {
        self.tx.commit().sql("COMMIT")
    }
}
