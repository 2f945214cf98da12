//! Results: each seated player's score, rank and points by kind, written when a game is
//! finished, and taken away again when its final count is undone; and importing a whole
//! game at once.
//!
//! Results are a cache of what the engine derived from the moves at the end; the ledger
//! does not score. It does derive one thing, the rank, so that ties are shared the same way
//! everywhere: a player's rank is 1 + the number of players who scored more (scores 30, 25,
//! 25, 10 rank 1, 2, 2, 4). A shared first place is a win for each.

use std::ops::Add;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::biggest_move::{forget_biggest_move, write_biggest_move};
use crate::error::{EndError, FinishRefused, ImportError, Missing, Result, RowError, SqlContext, StatusError};
use crate::game::{check_new_game, insert_game, require_in_progress, seats};
use crate::moves::insert_move;
use crate::timestamp::Stamp;
use crate::{json, query, BiggestMove, GameId, Ledger, NewGame, PlayerId, Seat};

/// The columns [`standing_from_row`] reads, from `results` aliased as `r`.
macro_rules! standing_columns {
    () => {
        "r.player_id, r.score, r.rank, r.roads_points, r.cities_points, r.cloisters_points, \
         r.farms_points, r.king_robber_points, r.count_points, r.biggest_city_tiles, \
         r.longest_road_tiles, r.goods_points, r.gold_points"
    };
}
pub(crate) use standing_columns;

/// Points by the kind of thing that scored them.
///
/// They may add up to less than the score if the engine scores something none of these
/// kinds covers; the ledger stores what it is given. Serialised with the field names as they
/// are (`king_robber`), as the statistics have always been printed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PointsByKind {
    /// Roads.
    pub roads: u32,
    /// Cities.
    pub cities: u32,
    /// Cloisters and shrines.
    pub cloisters: u32,
    /// Farms (fields).
    pub farms: u32,
    /// The King and Robber tiles.
    pub king_robber: u32,
    /// What the Count of Carcassonne expansion brought.
    pub count: u32,
    /// Goods: the majorities of Traders & Builders' end count (T-05). Inns and cathedrals are
    /// paid as roads and cities, a garden as a cloister, and are counted with those.
    pub goods: u32,
    /// Gold: the ingots in hand at the end count (GM-07).
    pub gold: u32,
}

impl PointsByKind {
    /// The sum over all kinds.
    pub fn total(&self) -> u32 {
        self.roads + self.cities + self.cloisters + self.farms + self.king_robber + self.count + self.goods + self.gold
    }
}

impl Add for PointsByKind {
    type Output = PointsByKind;

    fn add(self, other: PointsByKind) -> PointsByKind {
        PointsByKind {
            roads: self.roads + other.roads,
            cities: self.cities + other.cities,
            cloisters: self.cloisters + other.cloisters,
            farms: self.farms + other.farms,
            king_robber: self.king_robber + other.king_robber,
            count: self.count + other.count,
            goods: self.goods + other.goods,
            gold: self.gold + other.gold,
        }
    }
}

/// One player's result in one game, as the caller computed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerResult {
    /// The player.
    pub player: PlayerId,
    /// The final score.
    pub score: u32,
    /// The score by kind.
    pub points: PointsByKind,
    /// Tiles in the biggest city this player scored in the game, if the caller recorded it.
    pub biggest_city_tiles: Option<u32>,
    /// Tiles in the longest road this player scored in the game, if the caller recorded it.
    pub longest_road_tiles: Option<u32>,
}

/// A result with its rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// 1 + the number of players in the game who scored more; ties share a rank. In a game
    /// whose results are the end count alone ([`crate::Game::end_count_only`]) it orders the
    /// players by those points but is no placing: readers show no rank or winner for it.
    pub rank: u32,
    /// The result.
    pub result: PlayerResult,
}

/// How a game ended: when, and each seated player's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finish {
    /// When the game ended.
    pub ended_at: DateTime<Utc>,
    /// One result per seated player, in any order.
    pub results: Vec<PlayerResult>,
    /// Followers moved out of the City of Carcassonne before the count: the game script's
    /// `final_moves` array, verbatim; `None` when nobody moved.
    pub final_moves_json: Option<String>,
    /// The most points one player gained from one move; `None` when no move gained a point,
    /// or the game was not played move by move.
    pub biggest_move: Option<BiggestMove>,
}

/// One move of a game being imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMove {
    /// One element of a game script's `moves` array, verbatim.
    pub move_json: String,
    /// When it was entered (for a script without times, the caller picks them).
    pub entered_at: DateTime<Utc>,
}

/// A whole game to record at once: from a game-script file, or a game not entered turn by
/// turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameImport {
    /// The game's setup and seats.
    pub game: NewGame,
    /// Its moves, in order; all of them are in effect.
    pub moves: Vec<NewMove>,
    /// How it ended, or `None` for a game still in progress.
    pub finish: Option<Finish>,
}

impl Ledger {
    /// Ends a game with its results, in one transaction. The game stops being offered for
    /// resuming and its moves can no longer change.
    ///
    /// # Errors
    ///
    /// [`EndError::NotFound`] for an unknown game, [`EndError::GameEnded`] if it has
    /// already ended, [`EndError::ResultsDoNotMatchSeats`] unless the results name each
    /// seated player exactly once.
    pub fn finish_game(&mut self, game: GameId, finish: &Finish) -> Result<(), EndError> {
        let tx = self.write()?;
        require_in_progress(&tx, game)?;
        let seated = seats(&tx, game)?;
        write_finish(&tx, game, &seated, finish)?;
        Ok(tx.commit().sql("COMMIT")?)
    }

    /// Ends a game as [`Ledger::finish_game`] does, and replaces its setup in the same
    /// transaction: a final board learns what the tiles cannot show, the players' scores
    /// before the end count, only when it is counted, and they belong to its setup.
    ///
    /// # Errors
    ///
    /// As [`Ledger::finish_game`], and [`EndError::NotJson`] when `setup_json` is
    /// not one JSON object; nothing is written then.
    pub fn finish_game_with_setup(&mut self, game: GameId, setup_json: &str, finish: &Finish) -> Result<(), EndError> {
        const SETUP: &str = "UPDATE games SET setup_json = ?2 WHERE id = ?1";
        json::require_object("setup", setup_json)?;
        let tx = self.write()?;
        require_in_progress(&tx, game)?;
        let seated = seats(&tx, game)?;
        query::execute(&tx, SETUP, rusqlite::params![game.0, setup_json])?;
        write_finish(&tx, game, &seated, finish)?;
        Ok(tx.commit().sql("COMMIT")?)
    }

    /// Undoes a game's final count, in one transaction: its results, its biggest move and its
    /// final moves are removed and its end is cleared, so it is in progress again, offered for resuming and
    /// left out of the history's results and the statistics. Its moves and cursor are kept
    /// exactly as they were. A voided game is no longer voided: only a finished game can be,
    /// and finishing it again makes a new result to count or void.
    ///
    /// Which finished game may still be reopened is the caller's to decide; the ledger only
    /// refuses what would not make sense for any caller.
    ///
    /// # Errors
    ///
    /// [`StatusError::NotFound`] for an unknown game, [`StatusError::NotFinished`] for a game
    /// in progress or abandoned; nothing is written then.
    pub fn reopen_game(&mut self, game: GameId) -> Result<(), StatusError> {
        const STATUS: &str = "SELECT finished FROM games WHERE id = ?1";
        const RESULTS: &str = "DELETE FROM results WHERE game_id = ?1";
        const REOPEN: &str =
            "UPDATE games SET ended_at = NULL, finished = 0, final_moves_json = NULL, voided_at = NULL WHERE id = ?1";
        let tx = self.write()?;
        match query::optional(&tx, STATUS, [game.0], |row| row.get::<_, bool>(0))? {
            None => return Err(StatusError::NotFound { what: Missing::Game(game) }),
            Some(false) => return Err(StatusError::NotFinished { game }),
            Some(true) => {}
        }
        query::execute(&tx, RESULTS, [game.0])?;
        forget_biggest_move(&tx, game)?;
        query::execute(&tx, REOPEN, [game.0])?;
        Ok(tx.commit().sql("COMMIT")?)
    }

    /// Records a whole game, its moves and (if given) its end, in one transaction.
    ///
    /// # Errors
    ///
    /// As [`Ledger::start_game`], [`Ledger::append_move`] and [`Ledger::finish_game`];
    /// nothing is recorded then.
    pub fn import_game(&mut self, import: &GameImport) -> Result<GameId, ImportError> {
        let tx = self.write()?;
        let game = import_game_in(&tx, import)?;
        tx.commit().sql("COMMIT")?;
        Ok(game)
    }

    /// A finished game's results, best first (ties in seat order).
    ///
    /// # Errors
    ///
    /// [`RowError::NotFound`] for an unknown game. A game not finished has no results,
    /// which gives an empty list.
    pub fn results(&self, game: GameId) -> Result<Vec<Standing>, RowError> {
        const GAME: &str = "SELECT 1 FROM games WHERE id = ?1";
        const SQL: &str = concat!(
            "SELECT ",
            standing_columns!(),
            " FROM results r JOIN game_seats s USING (game_id, player_id) ",
            "WHERE r.game_id = ?1 ORDER BY r.rank, s.seat"
        );
        let tx = self.read()?;
        query::optional(&tx, GAME, [game.0], |_| Ok(()))?.ok_or(RowError::NotFound { what: Missing::Game(game) })?;
        Ok(query::all(&tx, SQL, [game.0], |row| standing_from_row(row, 0))?)
    }
}

/// Records a whole game inside a write transaction: checked first, then written.
pub(crate) fn import_game_in(conn: &Connection, import: &GameImport) -> Result<GameId, ImportError> {
    const CURSOR: &str = "UPDATE games SET cursor = ?2 WHERE id = ?1";
    check_new_game(&import.game)?;
    for new_move in &import.moves {
        json::require_object("move", &new_move.move_json)?;
    }
    let game = insert_game(conn, &import.game)?;
    for (seq, new_move) in (1..).zip(&import.moves) {
        insert_move(conn, game, seq, &new_move.move_json, new_move.entered_at)?;
    }
    query::execute(conn, CURSOR, (game.0, import.moves.len() as i64))?;
    if let Some(finish) = &import.finish {
        write_finish(conn, game, &import.game.seats, finish)?;
    }
    Ok(game)
}

/// The first stored game with the same seated players, setup and moves in effect as
/// `import`. Candidates are narrowed by setup and move count in SQL; their seats and moves
/// are then compared as stored text, which is how both were written.
pub(crate) fn same_game(conn: &Connection, import: &GameImport) -> Result<Option<GameId>> {
    const CANDIDATES: &str = "SELECT id FROM games WHERE setup_json = ?1 AND cursor = ?2 ORDER BY id";
    const MOVES: &str = "SELECT move_json FROM moves WHERE game_id = ?1 AND seq <= ?2 ORDER BY seq";
    let candidates = query::all(conn, CANDIDATES, (&import.game.setup_json, import.moves.len() as i64), |row| {
        Ok(GameId(row.get(0)?))
    })?;
    for id in candidates {
        let same_seats = seats(conn, id)?.iter().map(|s| s.player).eq(import.game.seats.iter().map(|s| s.player));
        if !same_seats {
            continue;
        }
        let stored = query::all(conn, MOVES, (id.0, import.moves.len() as i64), |row| row.get::<_, String>(0))?;
        if stored.iter().map(String::as_str).eq(import.moves.iter().map(|m| m.move_json.as_str())) {
            return Ok(Some(id));
        }
    }
    Ok(None)
}

/// Writes results and marks the game finished, inside a write transaction.
fn write_finish(conn: &Connection, game: GameId, seated: &[Seat], finish: &Finish) -> Result<(), FinishRefused> {
    const RESULT: &str = "INSERT INTO results (game_id, player_id, score, rank, roads_points, \
         cities_points, cloisters_points, farms_points, king_robber_points, count_points, \
         biggest_city_tiles, longest_road_tiles, goods_points, gold_points) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)";
    const END: &str = "UPDATE games SET ended_at = ?2, finished = 1, final_moves_json = ?3 WHERE id = ?1";
    let results = &finish.results;
    let each_seat_once = results.len() == seated.len()
        && seated.iter().all(|seat| results.iter().filter(|r| r.player == seat.player).count() == 1);
    if !each_seat_once {
        return Err(FinishRefused::ResultsDoNotMatchSeats);
    }
    for result in results {
        let rank = 1 + results.iter().filter(|r| r.score > result.score).count() as u32;
        let p = &result.points;
        query::execute(
            conn,
            RESULT,
            rusqlite::params![
                game.0,
                result.player.0,
                result.score,
                rank,
                p.roads,
                p.cities,
                p.cloisters,
                p.farms,
                p.king_robber,
                p.count,
                result.biggest_city_tiles,
                result.longest_road_tiles,
                p.goods,
                p.gold,
            ],
        )?;
    }
    if let Some(text) = &finish.final_moves_json {
        json::require_array("final moves", text)?;
    }
    query::execute(conn, END, (game.0, Stamp(finish.ended_at), finish.final_moves_json.as_deref()))?;
    Ok(write_biggest_move(conn, game, finish.biggest_move)?)
}

/// Reads the [`standing_columns`] starting at column `first`.
pub(crate) fn standing_from_row(row: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<Standing> {
    let at = |i: usize| first + i;
    Ok(Standing {
        rank: row.get(at(2))?,
        result: PlayerResult {
            player: PlayerId(row.get(at(0))?),
            score: row.get(at(1))?,
            points: PointsByKind {
                roads: row.get(at(3))?,
                cities: row.get(at(4))?,
                cloisters: row.get(at(5))?,
                farms: row.get(at(6))?,
                king_robber: row.get(at(7))?,
                count: row.get(at(8))?,
                goods: row.get(at(11))?,
                gold: row.get(at(12))?,
            },
            biggest_city_tiles: row.get(at(9))?,
            longest_road_tiles: row.get(at(10))?,
        },
    })
}
