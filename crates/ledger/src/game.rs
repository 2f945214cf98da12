//! Games: which night, the setup, who sat where in which colour, who began, and whether it
//! is still going.
//!
//! A game is in progress from [`Ledger::start_game`] until it is finished (with results) or
//! abandoned; only then does it stop being offered for resuming, and only while it is in
//! progress can its moves change. Its moves live in `moves.rs`.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::error::{EndError, Missing, NewGameError, Result, RowError, SeatError, SqlContext, StatusError};
use crate::night::{add_attendee, require_night};
use crate::timestamp::Stamp;
use crate::{json, query, Color, Ledger, NightId, PlayerId};

/// The `SELECT` that [`game_from_row`] reads, followed by a `WHERE`/`ORDER BY` clause.
macro_rules! game_select {
    ($tail:literal) => {
        concat!(
            "SELECT id, night_id, script_version, setup_json, start_seat, started_at, ",
            "ended_at, finished, cursor, final_moves_json, voided_at, app_version, end_count_only FROM games ",
            $tail
        )
    };
}
pub(crate) use game_select;

/// A game's row id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameId(pub i64);

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// One seat at the table: who sat there and which colour they played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seat {
    /// The player in this seat.
    pub player: PlayerId,
    /// Their follower colour in this game.
    pub color: Color,
}

/// What the ledger needs to start a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    /// The night it is played on.
    pub night: NightId,
    /// The game-script format version of `setup_json` and of the moves (1 today).
    pub script_version: u32,
    /// The script's `setup` object (sets, start, rules), stored verbatim.
    pub setup_json: String,
    /// The seats in clockwise order around the table.
    pub seats: Vec<Seat>,
    /// Index into `seats` of the player who moves first.
    pub start_seat: usize,
    /// When the game began.
    pub started_at: DateTime<Utc>,
    /// The version of the program recording the game (the app's or the command line's, as
    /// its caller knows it), kept so that a game can be traced to what wrote it.
    pub app_version: Option<String>,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum GameStatus {
    /// Being played (or interrupted): offered for resuming, moves can change.
    InProgress,
    /// Played to the end, with results.
    Finished,
    /// Given up without results; kept for the record.
    Abandoned,
}

/// A game as the ledger remembers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The row id.
    pub id: GameId,
    /// The night it was played on.
    pub night: NightId,
    /// The game-script format version of the setup and moves.
    pub script_version: u32,
    /// The script's `setup` object, verbatim.
    pub setup_json: String,
    /// The seats in clockwise order.
    pub seats: Vec<Seat>,
    /// Index into `seats` of the player who moved first.
    pub start_seat: usize,
    /// When it began (to the millisecond).
    pub started_at: DateTime<Utc>,
    /// When it was finished or abandoned.
    pub ended_at: Option<DateTime<Utc>>,
    /// Where it stands.
    pub status: GameStatus,
    /// How many moves are in effect: moves `1..=cursor` make the game. Whether there is a
    /// redo tail is [`Ledger::cursor`]'s to say.
    pub cursor: u32,
    /// Followers moved out of the City of Carcassonne before the final count, as the game
    /// script's `final_moves` array; `None` when nobody moved.
    pub final_moves_json: Option<String>,
    /// When the game was voided: it stays in the ledger but leaves the statistics. Only a
    /// finished game can be voided; see [`Ledger::void_game`].
    pub voided_at: Option<DateTime<Utc>>,
    /// The version of the program that recorded the game; `None` for games recorded before
    /// the ledger kept it.
    pub app_version: Option<String>,
    /// A final board counted (or to be counted) without the players' scores before the end
    /// count: its results are the end count's points alone, so they rank nobody and the
    /// game leaves the statistics. Derived from the setup (a final board with no `track`).
    pub end_count_only: bool,
}

impl Game {
    /// The seats in turn order, beginning with the first mover: the order of a game
    /// script's `players` array.
    pub fn turn_order(&self) -> impl Iterator<Item = &Seat> {
        let (before, from_start) = self.seats.split_at(self.start_seat);
        from_start.iter().chain(before)
    }
}

impl Ledger {
    /// Starts a game and records its seated players as having come to the night.
    ///
    /// # Errors
    ///
    /// - [`NewGameError::NotFound`] for an unknown night or player;
    /// - [`NewGameError::Seats`] or [`NewGameError::NotJson`] for no seats, a start seat out of range, a player seated
    ///   twice, a colour taken twice, or a setup that is not a JSON object.
    pub fn start_game(&mut self, game: &NewGame) -> Result<GameId, NewGameError> {
        check_new_game(game)?;
        let tx = self.write()?;
        let id = insert_game(&tx, game)?;
        tx.commit().sql("COMMIT")?;
        Ok(id)
    }

    /// One game.
    ///
    /// # Errors
    ///
    /// [`RowError::NotFound`] for an unknown game.
    pub fn game(&self, id: GameId) -> Result<Game, RowError> {
        const SQL: &str = game_select!("WHERE id = ?1");
        let tx = self.read()?;
        let mut game =
            query::optional(&tx, SQL, [id.0], game_from_row)?.ok_or(RowError::NotFound { what: Missing::Game(id) })?;
        game.seats = seats(&tx, id)?;
        Ok(game)
    }

    /// The games still in progress, the most recently started first. After a crash, the
    /// first of them is the game that was being played.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if a query fails.
    pub fn unfinished_games(&self) -> Result<Vec<Game>> {
        const SQL: &str = game_select!("WHERE ended_at IS NULL ORDER BY started_at DESC, id DESC");
        let tx = self.read()?;
        let mut games = query::all(&tx, SQL, [], game_from_row)?;
        for game in &mut games {
            game.seats = seats(&tx, game.id)?;
        }
        Ok(games)
    }

    /// The game to offer for resuming: the most recently started one in progress.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if a query fails.
    pub fn unfinished_game(&self) -> Result<Option<Game>> {
        Ok(self.unfinished_games()?.into_iter().next())
    }

    /// Ends a game without results, so that it is no longer offered for resuming. Its moves
    /// are kept.
    ///
    /// # Errors
    ///
    /// [`EndError::NotFound`] for an unknown game, [`EndError::GameEnded`] if it has
    /// already ended.
    pub fn abandon_game(&mut self, id: GameId, ended_at: DateTime<Utc>) -> Result<(), EndError> {
        const SQL: &str = "UPDATE games SET ended_at = ?2 WHERE id = ?1";
        let tx = self.write()?;
        require_in_progress(&tx, id)?;
        query::execute(&tx, SQL, (id.0, Stamp(ended_at)))?;
        Ok(tx.commit().sql("COMMIT")?)
    }

    /// Voids a finished game: it stays in the ledger, with its moves and results, but leaves
    /// the statistics, head-to-head and records until [`Ledger::unvoid_game`] takes it back.
    /// Voiding a voided game keeps the first time.
    ///
    /// # Errors
    ///
    /// [`StatusError::NotFound`] for an unknown game, [`StatusError::NotFinished`] for a game
    /// in progress or abandoned.
    pub fn void_game(&mut self, id: GameId, voided_at: DateTime<Utc>) -> Result<(), StatusError> {
        const SQL: &str = "UPDATE games SET voided_at = coalesce(voided_at, ?2) WHERE id = ?1";
        let tx = self.write()?;
        require_finished(&tx, id)?;
        query::execute(&tx, SQL, (id.0, Stamp(voided_at)))?;
        Ok(tx.commit().sql("COMMIT")?)
    }

    /// Takes a voided game back into the statistics; a game not voided is left as it is.
    ///
    /// # Errors
    ///
    /// [`RowError::NotFound`] for an unknown game.
    pub fn unvoid_game(&mut self, id: GameId) -> Result<(), RowError> {
        const SQL: &str = "UPDATE games SET voided_at = NULL WHERE id = ?1";
        let tx = self.write()?;
        if query::execute(&tx, SQL, [id.0])? == 0 {
            return Err(RowError::NotFound { what: Missing::Game(id) });
        }
        Ok(tx.commit().sql("COMMIT")?)
    }
}

/// Fails unless the game exists and is finished.
pub(crate) fn require_finished(conn: &Connection, id: GameId) -> Result<(), StatusError> {
    const SQL: &str = "SELECT finished FROM games WHERE id = ?1";
    match query::optional(conn, SQL, [id.0], |row| row.get::<_, bool>(0))? {
        None => Err(StatusError::NotFound { what: Missing::Game(id) }),
        Some(false) => Err(StatusError::NotFinished { game: id }),
        Some(true) => Ok(()),
    }
}

/// The checks on a new game that need no database.
pub(crate) fn check_new_game(game: &NewGame) -> Result<(), NewGameError> {
    if game.seats.is_empty() {
        return Err(SeatError::NoSeats.into());
    }
    if game.start_seat >= game.seats.len() {
        return Err(SeatError::StartSeatOutOfRange { start_seat: game.start_seat, seats: game.seats.len() }.into());
    }
    for (i, seat) in game.seats.iter().enumerate() {
        let earlier = &game.seats[..i];
        if earlier.iter().any(|s| s.player == seat.player) {
            return Err(SeatError::DuplicatePlayer(seat.player).into());
        }
        if earlier.iter().any(|s| s.color == seat.color) {
            return Err(SeatError::DuplicateColor(seat.color).into());
        }
    }
    Ok(json::require_object("setup", &game.setup_json)?)
}

/// Inserts a checked new game inside a write transaction.
pub(crate) fn insert_game(conn: &Connection, game: &NewGame) -> Result<GameId, RowError> {
    const GAME: &str = "INSERT INTO games (night_id, script_version, setup_json, start_seat, \
                        started_at, app_version) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
    const SEAT: &str = "INSERT INTO game_seats (game_id, seat, player_id, color) VALUES (?1, ?2, ?3, ?4)";
    require_night(conn, game.night)?;
    query::execute(
        conn,
        GAME,
        (
            game.night.0,
            game.script_version,
            &game.setup_json,
            game.start_seat as i64,
            Stamp(game.started_at),
            game.app_version.as_deref().filter(|v| !v.is_empty()),
        ),
    )?;
    let id = GameId(conn.last_insert_rowid());
    for (i, seat) in game.seats.iter().enumerate() {
        add_attendee(conn, game.night, seat.player)?;
        query::execute(conn, SEAT, (id.0, i as i64, seat.player.0, seat.color.name()))?;
    }
    Ok(id)
}

/// Fails unless the game exists and is in progress.
pub(crate) fn require_in_progress(conn: &Connection, id: GameId) -> Result<(), EndError> {
    const SQL: &str = "SELECT ended_at IS NULL FROM games WHERE id = ?1";
    match query::optional(conn, SQL, [id.0], |row| row.get::<_, bool>(0))? {
        None => Err(EndError::NotFound { what: Missing::Game(id) }),
        Some(false) => Err(EndError::GameEnded { game: id }),
        Some(true) => Ok(()),
    }
}

/// The seats of one game, in seat order.
pub(crate) fn seats(conn: &Connection, id: GameId) -> Result<Vec<Seat>> {
    const SQL: &str = "SELECT player_id, color FROM game_seats WHERE game_id = ?1 ORDER BY seat";
    query::all(conn, SQL, [id.0], |row| {
        Ok(Seat { player: PlayerId(row.get(0)?), color: crate::player::color_at(row, 1)? })
    })
}

/// Reads a game row without its seats (the caller fills them in).
pub(crate) fn game_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Game> {
    let ended_at = row.get::<_, Option<Stamp>>(6)?.map(|s| s.0);
    let finished: bool = row.get(7)?;
    Ok(Game {
        id: GameId(row.get(0)?),
        night: NightId(row.get(1)?),
        script_version: row.get(2)?,
        setup_json: row.get(3)?,
        seats: Vec::new(),
        start_seat: row.get::<_, u32>(4)? as usize,
        started_at: row.get::<_, Stamp>(5)?.0,
        ended_at,
        status: match (finished, ended_at) {
            (true, _) => GameStatus::Finished,
            (false, Some(_)) => GameStatus::Abandoned,
            (false, None) => GameStatus::InProgress,
        },
        cursor: row.get(8)?,
        final_moves_json: row.get(9)?,
        voided_at: row.get::<_, Option<Stamp>>(10)?.map(|s| s.0),
        app_version: row.get(11)?,
        end_count_only: row.get(12)?,
    })
}
