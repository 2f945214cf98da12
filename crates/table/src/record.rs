//! What the ledger keeps of a finished game: each player's score, points by kind and the
//! largest features they scored, and its biggest move.

use crate::stored::stored_history;
use crate::TableError;
use castellan_engine::{Game, GameSetup, Mode, Move, ReplayError};
use castellan_ledger::{BiggestMove, Ledger, PlayerId, PlayerResult, PointsByKind};

/// The ledger results of a finished game, for the players seated in turn order. A final
/// board's scores before the end count (`track`, by seat) are part of each total; they are
/// points of no kind the tiles can show, so the points by kind are the end count's alone.
pub fn results(game: &Game, seated: &[PlayerId], track: Option<&[u32]>) -> Vec<PlayerResult> {
    game.summaries()
        .into_iter()
        .zip(castellan_script::with_track(game.scores(), track))
        .zip(seated)
        .map(|((s, score), &player)| PlayerResult {
            player,
            score,
            points: PointsByKind {
                roads: s.roads,
                cities: s.cities,
                cloisters: s.cloisters,
                farms: s.farms,
                king_robber: s.king_robber,
                // Count followers score through the features they move onto; nothing is
                // scored for the Count himself.
                count: 0,
                goods: s.goods,
                gold: s.gold,
            },
            biggest_city_tiles: s.biggest_city,
            longest_road_tiles: s.longest_road,
        })
        .collect()
}

/// The most points one player gained from one of `moves` (those in effect, in order), replayed
/// from `setup` with the players `seated` in turn order: the first such move, and of players
/// who gained as many in it, the first seat. `None` when no move gained a point, and for a
/// final board, whose tiles were entered in no order of play; the final count is no move.
///
/// # Errors
/// The moves no longer replay from the setup.
pub fn biggest_move(
    setup: &GameSetup,
    moves: &[Move],
    seated: &[PlayerId],
) -> Result<Option<BiggestMove>, ReplayError> {
    if setup.mode == Mode::FinalBoard {
        return Ok(None);
    }
    let mut game = Game::new(setup.clone()).map_err(ReplayError::Setup)?;
    let mut before = game.scores().to_vec();
    let mut best: Option<BiggestMove> = None;
    for (index, mv) in moves.iter().enumerate() {
        game.apply(mv).map_err(|error| ReplayError::Move { index, error })?;
        for ((&now, &was), &player) in game.scores().iter().zip(&before).zip(seated) {
            let points = now.saturating_sub(was);
            if points > best.map_or(0, |b| b.points) {
                best = Some(BiggestMove { player, points, seq: index as u32 + 1 });
            }
        }
        before.clone_from_slice(game.scores());
    }
    Ok(best)
}

/// Works out and keeps the biggest move of every finished game the ledger has none for (those
/// finished before it kept them), once. A game whose moves no longer replay is left as it is.
/// Returns how many were kept.
///
/// # Errors
/// The ledger cannot be read or written.
pub fn keep_biggest_moves(ledger: &mut Ledger) -> Result<u32, TableError> {
    let mut kept = 0;
    for game in ledger.games_without_biggest_move()? {
        let Ok(stored) = stored_history(ledger, game) else { continue };
        let moves = &stored.history.moves()[..stored.history.cursor()];
        let Ok(biggest) = biggest_move(stored.history.setup(), moves, &stored.seated) else { continue };
        ledger.keep_biggest_move(game, biggest)?;
        kept += 1;
    }
    Ok(kept)
}
