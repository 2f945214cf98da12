//! A stored game or an opened script stepped through turn by turn.

use super::game::{GameView, Progress};
use super::result::add_other_rule;
use crate::stored::stored_history;
use crate::TableError;
use castellan_engine::{Game, Move, QuarterMove};
use castellan_ledger::{GameId, GameStatus, Ledger};
use serde::Serialize;

/// A stored game at one of its turns, for the history's step-through.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ReplayView {
    /// The game after `turn` moves (after the final count at the last step of a finished
    /// game).
    pub view: GameView,
    /// Which step is shown: 0 is the start, `steps` the end.
    pub turn: u32,
    /// How many steps there are: the moves, and the final count if it was made.
    pub steps: u32,
}

/// A stored game after `turn` moves; the step after the last move of a finished game is its
/// final count.
///
/// # Errors
/// The game is unknown or no longer replays.
pub fn replay_view(ledger: &Ledger, id: GameId, turn: u32) -> Result<ReplayView, TableError> {
    let stored = stored_history(ledger, id)?;
    let history = stored.history;
    let finished = ledger.game(id)?.status == GameStatus::Finished;
    let moves = &history.moves()[..history.cursor()];
    replay_at(id, history.setup(), moves, &stored.final_moves, finished, turn, stored.track.as_deref())
}

/// A game script opened from a file, after `turn` moves, as [`replay_view`] shows a stored
/// game. It is in no ledger, so its `gameId` is 0, which no ledger row has.
///
/// # Errors
/// The script breaks a rule ([`Script::play`](castellan_script::Script::play) says where).
pub fn script_replay_view(script: &castellan_script::Script, turn: u32) -> Result<ReplayView, TableError> {
    let moves = script.all_moves();
    replay_at(
        GameId(0),
        &script.setup,
        &moves,
        &script.final_moves,
        script.final_scoring,
        turn,
        script.track.as_deref(),
    )
}

fn replay_at(
    id: GameId,
    setup: &castellan_engine::GameSetup,
    moves: &[Move],
    final_moves: &[QuarterMove],
    finished: bool,
    turn: u32,
    track: Option<&[u32]>,
) -> Result<ReplayView, TableError> {
    let steps = moves.len() as u32 + u32::from(finished);
    let turn = turn.min(steps);
    let shown = (turn as usize).min(moves.len());
    let mut game =
        Game::replay(setup, &moves[..shown]).map_err(|e| TableError::Stored { game: id.0, detail: e.to_string() })?;
    let counted = finished && turn == steps;
    if counted {
        game.finish_with(final_moves).map_err(TableError::from)?;
    }
    let progress = Progress {
        cursor: shown as u32,
        moves: moves.len() as u32,
        can_undo: false,
        can_redo: false,
        finished: counted,
    };
    let mut view = GameView::build(id, &game, progress);
    if let Some(result) = view.result.as_mut() {
        add_other_rule(result, &game, moves, final_moves);
    }
    // The scores before the end count are the table's at its end: shown with the count.
    if counted {
        view.add_track(&game, track);
    }
    Ok(ReplayView { view, turn, steps })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{now, table_in_memory};
    use crate::view::result::StandingView;
    use castellan_engine::FarmRule;
    use castellan_engine::{Cell, GameSetup, Move, Port, Rotation, TileId};

    #[test]
    fn a_stored_game_steps_from_the_start_to_its_final_count() {
        let mut table = table_in_memory();
        let id = table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap().id();
        let tile = |n| TileId::from_name(n).unwrap();
        table.play(Move::place(tile("E"), Cell::new(0, -1), Rotation::R180, Some(Port::S)), now()).unwrap();
        table.play(Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, Some(Port::E)), now()).unwrap();
        table.finish(Vec::new(), now()).unwrap();

        let start = replay_view(table.ledger(), id, 0).unwrap();
        assert_eq!((start.turn, start.steps), (0, 3), "two moves and the final count");
        assert_eq!(start.view.tiles.len(), 1, "the start tile alone");
        let first = replay_view(table.ledger(), id, 1).unwrap();
        assert_eq!(first.view.players[0].score, 4);
        assert!(first.view.feed.iter().all(|s| !s.final_scoring));
        let end = replay_view(table.ledger(), id, 99).unwrap();
        assert_eq!(end.turn, 3, "clamped to the last step");
        assert!(end.view.finished);
        assert_eq!(end.view.players[1].score, 2, "Bram's unfinished road in the final count");
        let result = end.view.result.expect("counted");
        assert_eq!(result.standings[0], StandingView { seat: 0, score: 4, rank: 1 });
        assert_eq!(result.winners, vec![0]);
        let other = result.other_farm_rule.expect("a game with farms");
        assert_eq!(other.rule, FarmRule::FirstEdition);
        assert_eq!(other.scores, vec![4, 2], "no farmers on the table: the same under either rule");
        assert!(first.view.result.is_none(), "not counted yet");
    }
}
