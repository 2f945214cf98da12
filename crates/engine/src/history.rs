//! The move log with a cursor: undo, redo, and correcting a past move.
//!
//! The log is the truth; the game at the cursor is rebuilt by replaying it, which is exact
//! and cheap (a game has about a hundred moves). Moves after the cursor are the redo tail;
//! a new move drops it, and so does a correction: correcting move `k` replays the moves after
//! it up to the cursor against the new move, and is refused, with nothing changed, if any of
//! them no longer fits. The redo tail is dropped rather than kept "if it still fits": moves
//! undone before a correction were undone from a table that no longer exists, and one rule
//! for every log keeps the ledger's stored moves and the game in step.

use crate::event::Event;
use crate::game::{Game, GameSetup, Move, MoveError, ReplayError, SetupError};

/// A game's moves, a cursor into them, and the game at the cursor.
#[derive(Clone, Debug)]
pub struct History {
    setup: GameSetup,
    moves: Vec<Move>,
    cursor: usize,
    game: Game,
}

impl History {
    /// A game with no moves yet.
    ///
    /// # Errors
    /// The setup does not make a game.
    pub fn new(setup: GameSetup) -> Result<History, SetupError> {
        let game = Game::new(setup.clone())?;
        Ok(History { setup, moves: Vec::new(), cursor: 0, game })
    }

    /// Rebuilds a history from a stored log and cursor.
    ///
    /// # Errors
    /// The log does not replay (up to its full length), or the cursor is past its end.
    pub fn from_log(setup: GameSetup, moves: Vec<Move>, cursor: usize) -> Result<History, ReplayError> {
        Game::replay(&setup, &moves)?;
        let cursor = cursor.min(moves.len());
        let game = Game::replay(&setup, &moves[..cursor])?;
        Ok(History { setup, moves, cursor, game })
    }

    /// The game as it stands at the cursor.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every move entered, the redo tail included.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many moves are in effect.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The setup.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// Enters a new move at the cursor, dropping the redo tail.
    ///
    /// # Errors
    /// The move is refused; nothing changes.
    pub fn apply(&mut self, mv: Move) -> Result<&[Event], MoveError> {
        let first = self.game.events().len();
        self.game.apply(&mv)?;
        self.moves.truncate(self.cursor);
        self.moves.push(mv);
        self.cursor += 1;
        Ok(&self.game.events()[first..])
    }

    /// Steps back one move. Returns `false` at the start.
    pub fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        self.game = Game::replay(&self.setup, &self.moves[..self.cursor]).expect("a prefix of a valid log replays");
        true
    }

    /// Steps forward one move of the redo tail. Returns `false` when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(mv) = self.moves.get(self.cursor) else {
            return false;
        };
        self.game.apply(mv).expect("the redo tail was valid after this prefix");
        self.cursor += 1;
        true
    }

    /// Replaces move `index` (before the cursor), replays the moves after it up to the
    /// cursor and drops the redo tail (see the module's note).
    ///
    /// # Errors
    /// The first move, from `index` on, that the rules now refuse; nothing changes.
    pub fn correct(&mut self, index: usize, mv: Move) -> Result<(), ReplayError> {
        if index >= self.cursor {
            return Err(ReplayError::Move { index, error: MoveError::NoSuchMove });
        }
        let mut moves = self.moves[..self.cursor].to_vec();
        moves[index] = mv;
        self.game = Game::replay(&self.setup, &moves)?;
        self.moves = moves;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cell, Port, Rotation, TileId};

    fn place(tile: &str, x: i32, y: i32, rot: Rotation, follower: Option<Port>) -> Move {
        Move::place(TileId::from_name(tile).unwrap(), Cell::new(x, y), rot, follower)
    }

    #[test]
    fn undo_redo_and_a_new_move_dropping_the_tail() {
        let mut h = History::new(GameSetup::base(&["Red", "Blue"])).unwrap();
        h.apply(place("E", 0, -1, Rotation::R180, Some(Port::S))).unwrap();
        assert_eq!(h.game().scores(), &[4, 0], "Red closes a two-tile city");
        assert!(h.undo());
        assert_eq!(h.game().scores(), &[0, 0], "undone");
        assert!(h.redo());
        assert_eq!(h.game().scores(), &[4, 0], "redone");
        h.undo();
        h.apply(place("U", 1, 0, Rotation::R0, None)).unwrap();
        assert_eq!(h.moves().len(), 1, "the new move replaced the redo tail");
        assert!(!h.redo());
    }

    #[test]
    fn a_correction_that_breaks_a_later_move_is_refused_and_changes_nothing() {
        let mut h = History::new(GameSetup::base(&["Red", "Blue"])).unwrap();
        h.apply(place("U", 1, 0, Rotation::R0, None)).unwrap();
        h.apply(place("V", 2, 0, Rotation::R90, None)).unwrap();
        let before = h.moves().to_vec();
        // With the first tile moved to [0,1], the curve at [2,0] touches nothing.
        let err = h.correct(0, place("B", 0, 1, Rotation::R0, None)).unwrap_err();
        assert!(matches!(err, ReplayError::Move { index: 1, .. }), "the later move is named: {err}");
        assert_eq!(h.moves(), &before[..], "nothing changed");
        // A correction that fits is taken, and the redo tail goes, fitting or not.
        assert!(h.undo());
        h.correct(0, place("U", 1, 0, Rotation::R180, None)).unwrap();
        assert_eq!(h.moves(), &[place("U", 1, 0, Rotation::R180, None)][..]);
        assert!(!h.redo(), "no redo tail after a correction");
    }
}
