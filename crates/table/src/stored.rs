//! A game stored in the ledger, read back: its rows made into a script by
//! [`castellan_script::StoredGame`], the one path from stored rows to a script, and replayed.
//! The live table takes a game up again from here, the history screen steps through one, and
//! the export writes its script.

use crate::TableError;
use castellan_engine::{History, QuarterMove};
use castellan_ledger::{GameId, GameStatus, Ledger, MoveRecord, Player, PlayerId};
use castellan_script::StoredGame;
use std::collections::HashMap;

/// A stored game rebuilt from its move log.
pub struct StoredHistory {
    /// The seated players in turn order.
    pub seated: Vec<PlayerId>,
    /// The moves, those taken back kept for redo, and the cursor over them.
    pub history: History,
    /// Followers moved out of the City before the final count of a finished game.
    pub final_moves: Vec<QuarterMove>,
    /// A final board's scores before the end count, by seat, when the table gave them.
    pub track: Option<Vec<u32>>,
}

/// A stored game's rows as the script crate reads them, `moves` being those to include.
/// `people` holds the ledger's players by id.
///
/// # Errors
/// A seated player the ledger does not know.
pub(crate) fn stored_game<'a>(
    game: &'a castellan_ledger::Game,
    people: &'a HashMap<PlayerId, Player>,
    moves: &'a [MoveRecord],
) -> Result<StoredGame<'a>, TableError> {
    let players = game
        .turn_order()
        .map(|seat| match people.get(&seat.player) {
            Some(p) => Ok((p.name.as_str(), seat.color)),
            None => Err(castellan_ledger::RowError::NotFound { what: castellan_ledger::Missing::Player(seat.player) }),
        })
        .collect::<Result<_, _>>()?;
    Ok(StoredGame {
        version: game.script_version,
        players,
        setup: &game.setup_json,
        moves: moves.iter().map(|m| (m.seq, m.move_json.as_str())).collect(),
        final_moves: game.final_moves_json.as_deref(),
        finished: game.status == GameStatus::Finished,
    })
}

/// The ledger's players by id.
///
/// # Errors
/// The ledger fails.
pub(crate) fn people(ledger: &Ledger) -> Result<HashMap<PlayerId, Player>, TableError> {
    Ok(ledger.players()?.into_iter().map(|p| (p.id, p)).collect())
}

/// A stored game rebuilt from its move log.
///
/// # Errors
/// The game is unknown, or its stored moves no longer replay.
pub fn stored_history(ledger: &Ledger, id: GameId) -> Result<StoredHistory, TableError> {
    let stored = ledger.game(id)?;
    let seated = stored.turn_order().map(|seat| seat.player).collect();
    let moves: Vec<MoveRecord> = ledger.moves(id)?.into_iter().chain(ledger.redo_tail(id)?).collect();
    let people = people(ledger)?;
    let script = stored_game(&stored, &people, &moves)?
        .to_script()
        .map_err(|e| TableError::Stored { game: id.0, detail: e.to_string() })?;
    let history = History::from_log(script.setup, script.moves, stored.cursor as usize)
        .map_err(|e| TableError::Stored { game: id.0, detail: e.to_string() })?;
    Ok(StoredHistory { seated, history, final_moves: script.final_moves, track: script.track })
}
