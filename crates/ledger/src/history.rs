//! The history: every game night, newest first, with its games and their results. Voided
//! games are listed too (marked by [`crate::Game::voided_at`]): the history is the record of
//! what was played, the statistics are what counts.
//!
//! Read with one query per table rather than one per night or game, so that opening the
//! history costs the same handful of queries for ten nights or ten thousand games.

use std::collections::HashMap;

use crate::error::Result;
use crate::game::{game_from_row, game_select};
use crate::result::{standing_columns, standing_from_row};
use crate::timestamp::Day;
use crate::{query, Game, GameId, Ledger, Night, NightId, PlayerId, Seat, Standing};

/// One night of the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NightHistory {
    /// The night.
    pub night: Night,
    /// Its games, the most recently started first.
    pub games: Vec<GameHistory>,
}

/// One game of the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameHistory {
    /// The game, with its seats.
    pub game: Game,
    /// Its results, best first; empty unless it was finished.
    pub standings: Vec<Standing>,
}

impl Ledger {
    /// Every game night, the newest first, each with its games and their results.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if a query fails.
    pub fn history(&self) -> Result<Vec<NightHistory>> {
        const NIGHTS: &str = "SELECT id, date, place FROM nights ORDER BY date DESC, id DESC";
        const ATTENDEES: &str = "SELECT night_id, player_id FROM night_players ORDER BY night_id, player_id";
        const GAMES: &str = game_select!("ORDER BY started_at DESC, id DESC");
        const SEATS: &str = "SELECT game_id, player_id, color FROM game_seats ORDER BY game_id, seat";
        // In primary-key order, which costs no sort; standings are ordered below.
        const RESULTS: &str =
            concat!("SELECT r.game_id, ", standing_columns!(), " FROM results r ORDER BY r.game_id, r.player_id");

        let tx = self.read()?;
        let mut nights = query::all(&tx, NIGHTS, [], |row| {
            Ok(NightHistory {
                night: Night {
                    id: NightId(row.get(0)?),
                    date: row.get::<_, Day>(1)?.0,
                    place: row.get(2)?,
                    attendees: Vec::new(),
                },
                games: Vec::new(),
            })
        })?;
        let night_index: HashMap<NightId, usize> = nights.iter().enumerate().map(|(i, n)| (n.night.id, i)).collect();

        for (night, player) in query::all(&tx, ATTENDEES, [], |row| Ok((NightId(row.get(0)?), PlayerId(row.get(1)?))))?
        {
            if let Some(&i) = night_index.get(&night) {
                nights[i].night.attendees.push(player);
            }
        }

        let mut games: Vec<GameHistory> =
            query::all(&tx, GAMES, [], |row| Ok(GameHistory { game: game_from_row(row)?, standings: Vec::new() }))?;
        let game_index: HashMap<GameId, usize> = games.iter().enumerate().map(|(i, g)| (g.game.id, i)).collect();
        for (game, seat) in query::all(&tx, SEATS, [], |row| {
            Ok((GameId(row.get(0)?), Seat { player: PlayerId(row.get(1)?), color: crate::player::color_at(row, 2)? }))
        })? {
            if let Some(&i) = game_index.get(&game) {
                games[i].game.seats.push(seat);
            }
        }
        for (game, standing) in
            query::all(&tx, RESULTS, [], |row| Ok((GameId(row.get(0)?), standing_from_row(row, 1)?)))?
        {
            if let Some(&i) = game_index.get(&game) {
                games[i].standings.push(standing);
            }
        }

        for game in &mut games {
            let seats = &game.game.seats;
            let seat_of = |player| seats.iter().position(|s| s.player == player);
            game.standings.sort_by_key(|s| (s.rank, seat_of(s.result.player)));
        }

        // Games arrive newest first, so each night's list is newest first too.
        for game in games {
            if let Some(&i) = night_index.get(&game.game.night) {
                nights[i].games.push(game);
            }
        }
        Ok(nights)
    }
}
