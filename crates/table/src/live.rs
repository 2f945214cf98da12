//! The game being played at the table, kept in step with the ledger.
//!
//! Every move is checked by the engine first and then written to the ledger in its own
//! transaction before the command returns, so a crash loses nothing that was confirmed. The
//! move log in the ledger is the source of truth: [`Table::resume`] rebuilds the game from it.
//! Each write names the cursor the engine checked the change against, so the ledger refuses
//! it, rather than storing a move twice or undoing one unseen, if the file moved on.

use crate::limit::{player_names, PlaceName, PlayerName};
use crate::stored::stored_history;
use crate::{record, TableError, TableRefusal};
use castellan_engine::{Game, GameSetup, History, Mode, Move, QuarterMove};
use castellan_ledger::{check_roster, CursorState, Finish, GameId, Ledger, LedgerError, NewGame, PlayerId, Seat};
use castellan_script::{final_moves_json, move_json, setup_json, track_json, Script};
use chrono::{DateTime, TimeZone, Utc};
use serde_json::Value;

/// A game in progress (or just finished) and its place in the ledger.
#[derive(Clone, Debug)]
pub struct LiveGame {
    id: GameId,
    /// The ledger's players, in turn order.
    seated: Vec<PlayerId>,
    history: History,
    /// The game after the final count, once it has been made.
    finished: Option<Game>,
    /// Followers moved out of the City of Carcassonne just before the final count.
    final_moves: Vec<QuarterMove>,
    /// A final board's scores before the end count, by seat, once the table gave them.
    track: Option<Vec<u32>>,
}

impl LiveGame {
    /// The game's id in the ledger.
    pub fn id(&self) -> GameId {
        self.id
    }

    /// The moves entered and the cursor over them.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The game as it stands: after the final count once that is made.
    pub fn game(&self) -> &Game {
        self.finished.as_ref().unwrap_or_else(|| self.history.game())
    }

    /// Followers moved out of the City before the final count.
    pub fn final_moves(&self) -> &[QuarterMove] {
        &self.final_moves
    }

    /// A final board's scores before the end count, by seat: what the players had on the
    /// track, given at the count; `None` when the table did not give them (only the end count
    /// is known then) or the game was entered turn by turn.
    pub fn track(&self) -> Option<&[u32]> {
        self.track.as_deref()
    }

    /// Each seat's total: the score before the end count, if given, plus the game's.
    pub fn totals(&self) -> Vec<u32> {
        castellan_script::with_track(self.game().scores(), self.track())
    }

    /// Whether the final count has been made.
    pub fn is_finished(&self) -> bool {
        self.finished.is_some()
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        !self.is_finished() && self.history.cursor() > 0
    }

    /// Whether there is a taken-back move to put back.
    pub fn can_redo(&self) -> bool {
        !self.is_finished() && self.history.cursor() < self.history.moves().len()
    }

    /// The game as it stood before move `index` (from 0), for correcting that move: `None`
    /// when there is no such move in effect.
    pub fn game_before(&self, index: usize) -> Option<Game> {
        let moves = &self.history.moves()[..self.history.cursor()];
        if index >= moves.len() {
            return None;
        }
        Some(Game::replay(self.history.setup(), &moves[..index]).expect("a prefix of moves that replayed replays"))
    }

    /// Where this game's log stands as the table knows it: what every change written to the
    /// ledger was checked against, so that the ledger can refuse it if the file moved on.
    fn seen(&self) -> CursorState {
        let count = |n: usize| u32::try_from(n).expect("a game has far fewer than 2^32 moves");
        CursorState { cursor: count(self.history.cursor()), stored: count(self.history.moves().len()) }
    }

    fn move_text(&self, mv: &Move) -> String {
        move_json(self.history.setup(), mv).to_string()
    }
}

/// The ledger and the game on the table.
#[derive(Debug)]
pub struct Table {
    ledger: Ledger,
    live: Option<LiveGame>,
}

impl Table {
    /// A table over an open ledger, with no game on it yet.
    ///
    /// Games finished before the ledger kept each game's biggest move have it worked out here,
    /// once. A ledger that cannot be written, or a game that no longer replays, is left as it
    /// is: the statistics then work those out each time they are shown, as they always did.
    pub fn new(mut ledger: Ledger) -> Table {
        let _ = record::keep_biggest_moves(&mut ledger);
        Table { ledger, live: None }
    }

    /// The ledger.
    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    /// The ledger, for the commands that change what it remembers (voiding a game).
    pub(crate) fn ledger_mut(&mut self) -> &mut Ledger {
        &mut self.ledger
    }

    /// The game on the table, if any.
    pub fn live(&self) -> Option<&LiveGame> {
        self.live.as_ref()
    }

    fn live_mut(&mut self) -> Result<&mut LiveGame, TableError> {
        match self.live.as_mut() {
            Some(live) if !live.is_finished() => Ok(live),
            Some(_) => Err(TableError::Table { refusal: TableRefusal::GameFinished }),
            None => Err(TableError::Table { refusal: TableRefusal::NoGame }),
        }
    }

    /// Starts a game: the players are found in the ledger by name (or added with their
    /// colour), the game goes into today's game night at `place` (created if needed; without
    /// a place, into today's night wherever it is), all in one transaction, stamped with this
    /// build's version. Today is `now`'s date in its own zone ([`crate::night`]): give the
    /// players' local time (chrono's `Local`); the game is stamped with the instant in UTC.
    ///
    /// # Errors
    /// Fewer than two players, a name or the place over its limit ([`crate::limit`]), the
    /// setup does not make a game, a name is blank or two names are one player as the ledger
    /// compares names, or the ledger refuses; nothing is written then.
    pub fn start<Tz: TimeZone>(
        &mut self,
        setup: GameSetup,
        place: Option<&str>,
        now: DateTime<Tz>,
    ) -> Result<&LiveGame, TableError> {
        let date = crate::night::date_of(&now);
        let now = now.with_timezone(&Utc);
        // Only new games are held to this: a game of one already in a ledger still resumes.
        if setup.players.len() < 2 {
            return Err(TableError::too_few_players(setup.players.len()));
        }
        // Checked before anything else reads them: a name or place past its limit is a
        // mistake to refuse at once, not text to copy into a game.
        let over = |over| TableError::OverLimit { file: None, over };
        let names = player_names(setup.players.iter().map(|p| p.name.as_str())).map_err(over)?;
        let place = PlaceName::optional(place).map_err(over)?;
        let history = History::new(setup.clone()).map_err(TableError::from)?;
        check_roster(names.iter().map(PlayerName::as_str)).map_err(LedgerError::from)?;
        let batch = self.ledger.batch()?;
        let mut seats = Vec::with_capacity(setup.players.len());
        for (p, name) in setup.players.iter().zip(&names) {
            seats.push(Seat { player: batch.find_or_add_player(name.as_str(), Some(p.color))?, color: p.color });
        }
        // An afternoon at the club and an evening at home are two nights; a game whose place
        // nobody typed belongs to the night already under way.
        let night = match &place {
            Some(place) => batch.find_or_add_night_at(date, Some(place.as_str()))?,
            None => batch.find_or_add_night_on(date, None)?,
        };
        let id = batch.start_game(&NewGame {
            night,
            script_version: castellan_script::version_for(&setup) as u32,
            setup_json: setup_json(&setup).to_string(),
            seats: seats.clone(),
            start_seat: 0,
            started_at: now,
            app_version: Some(crate::VERSION.to_owned()),
        })?;
        batch.commit()?;
        let seated = seats.iter().map(|s| s.player).collect();
        Ok(self.live.insert(LiveGame { id, seated, history, finished: None, final_moves: Vec::new(), track: None }))
    }

    /// Takes up a game from the ledger exactly where its move log stands, the moves taken
    /// back included, so redo works as before.
    ///
    /// # Errors
    /// The game is unknown, or its stored moves no longer replay.
    pub fn resume(&mut self, id: GameId) -> Result<&LiveGame, TableError> {
        let stored = stored_history(&self.ledger, id)?;
        Ok(self.live.insert(LiveGame {
            id,
            seated: stored.seated,
            history: stored.history,
            finished: None,
            final_moves: Vec::new(),
            track: stored.track,
        }))
    }

    /// Takes up the game left unfinished (after a crash, or the app closed mid-game), if
    /// there is one.
    ///
    /// # Errors
    /// As [`Table::resume`].
    pub fn resume_unfinished(&mut self) -> Result<Option<&LiveGame>, TableError> {
        match self.ledger.unfinished_game()? {
            Some(game) => self.resume(game.id).map(Some),
            None => Ok(None),
        }
    }

    /// Enters the next move: checked by the engine, then stored. A refused move changes
    /// nothing, in the game or the ledger.
    ///
    /// # Errors
    /// No game, the move breaks a rule (with the reason), or the ledger refuses.
    pub fn play(&mut self, mv: Move, now: DateTime<Utc>) -> Result<&LiveGame, TableError> {
        let live = self.live_mut()?;
        let mut next = live.history.clone();
        next.apply(mv.clone()).map_err(TableError::from)?;
        let text = live.move_text(&mv);
        let (id, seen) = (live.id, live.seen());
        self.ledger.append_move(id, seen, &text, now)?;
        let live = self.live.as_mut().expect("checked above");
        live.history = next;
        Ok(live)
    }

    /// Takes back the last move.
    ///
    /// # Errors
    /// No game, or the ledger refuses.
    pub fn undo(&mut self) -> Result<&LiveGame, TableError> {
        let live = self.live_mut()?;
        let (id, seen) = (live.id, live.seen());
        self.ledger.undo(id, seen)?;
        let live = self.live.as_mut().expect("checked above");
        live.history.undo();
        Ok(live)
    }

    /// Puts back the move last taken back.
    ///
    /// # Errors
    /// No game, or the ledger refuses.
    pub fn redo(&mut self) -> Result<&LiveGame, TableError> {
        let live = self.live_mut()?;
        let (id, seen) = (live.id, live.seen());
        self.ledger.redo(id, seen)?;
        let live = self.live.as_mut().expect("checked above");
        live.history.redo();
        Ok(live)
    }

    /// Corrects move `index` (from 0) and replays the rest. If a later move no longer fits,
    /// it is named with its reason and nothing changes. Moves taken back are dropped.
    ///
    /// # Errors
    /// No game, no such move, a move that no longer fits, or the ledger refuses.
    pub fn correct(&mut self, index: usize, mv: Move, now: DateTime<Utc>) -> Result<&LiveGame, TableError> {
        let live = self.live_mut()?;
        let mut next = live.history.clone();
        // Like the ledger's replaced move, the engine's correction drops the redo tail.
        next.correct(index, mv.clone()).map_err(TableError::from)?;
        let text = live.move_text(&mv);
        let (id, seen) = (live.id, live.seen());
        self.ledger.replace_move(id, seen, index as u32 + 1, &text, now)?;
        let live = self.live.as_mut().expect("checked above");
        live.history = next;
        Ok(live)
    }

    /// Makes the final count, after the followers moved out of the City of Carcassonne (in
    /// the order moved), and records the results; the game is then closed.
    ///
    /// # Errors
    /// No game, a refused final move, or the ledger refuses; the game is unchanged then.
    pub fn finish(&mut self, final_moves: Vec<QuarterMove>, now: DateTime<Utc>) -> Result<&LiveGame, TableError> {
        let track = self.live.as_ref().and_then(|live| live.track.clone());
        self.finish_with_track(final_moves, track, now)
    }

    /// [`Table::finish`] with a final board's scores before the end count, by seat, as the
    /// players read them off the track: the results, the ranking and the history are then
    /// on the totals, and the scores are stored in the game's setup, in the same transaction
    /// as the results. `None`: the table did not give them, and only the end count is known.
    ///
    /// # Errors
    /// As [`Table::finish`]; scores for a game entered turn by turn, or not one per player.
    pub fn finish_with_track(
        &mut self,
        final_moves: Vec<QuarterMove>,
        track: Option<Vec<u32>>,
        now: DateTime<Utc>,
    ) -> Result<&LiveGame, TableError> {
        let live = self.live_mut()?;
        let setup = live.history.setup();
        let final_board = setup.mode == Mode::FinalBoard;
        match &track {
            Some(_) if !final_board => return Err(TableError::Table { refusal: TableRefusal::TrackInTurns }),
            Some(t) if t.len() != setup.players.len() => {
                return Err(TableError::Table {
                    refusal: TableRefusal::TrackSeats { seated: setup.players.len() as u32, given: t.len() as u32 },
                })
            }
            _ => {}
        }
        let mut game = live.history.game().clone();
        game.finish_with(&final_moves).map_err(TableError::from)?;
        let results = record::results(&game, &live.seated, track.as_deref());
        let id = live.id;
        let final_moves_json = (!final_moves.is_empty()).then(|| final_moves_json(setup, &final_moves).to_string());
        let moves = &live.history.moves()[..live.history.cursor()];
        let biggest_move = record::biggest_move(setup, moves, &live.seated).map_err(TableError::from)?;
        let finish = Finish { biggest_move, final_moves_json, ended_at: now, results };
        if final_board {
            // The setup is written again, with the scores or without them: a count undone and
            // made again without them must not keep the earlier ones.
            let mut stored = setup_json(setup);
            if let Some(t) = &track {
                stored["track"] = track_json(setup, t);
            }
            self.ledger.finish_game_with_setup(id, &stored.to_string(), &finish)?;
        } else {
            self.ledger.finish_game(id, &finish)?;
        }
        let live = self.live.as_mut().expect("checked above");
        live.finished = Some(game);
        live.final_moves = final_moves;
        live.track = track;
        Ok(live)
    }

    /// Undoes the final count of the game just finished: its results and its followers moved
    /// out of the City are taken back, in the ledger in one transaction, and the game is in
    /// progress again exactly where its moves left it.
    ///
    /// A final count can be undone for as long as its game is the one on the table: starting
    /// another game or taking one up ([`Table::start`], [`Table::resume`]) makes it stand for
    /// good, and so does closing the app, since a finished game is never taken up again.
    ///
    /// # Errors
    /// [`TableRefusal::NoGame`] with no game on the table, [`TableRefusal::NoFinalCount`] when the
    /// game on the table has not been counted, or the ledger refuses; nothing changes then.
    pub fn reopen(&mut self) -> Result<&LiveGame, TableError> {
        let id = match &self.live {
            Some(live) if live.is_finished() => live.id,
            Some(_) => return Err(TableError::Table { refusal: TableRefusal::NoFinalCount }),
            None => return Err(TableError::Table { refusal: TableRefusal::NoGame }),
        };
        self.ledger.reopen_game(id)?;
        let live = self.live.as_mut().expect("checked above");
        live.finished = None;
        live.final_moves.clear();
        Ok(live)
    }

    /// The whole game as a script, for export or a bug report.
    ///
    /// # Errors
    /// No game on the table.
    pub fn script(&self) -> Result<Value, TableError> {
        let live = self.live.as_ref().ok_or(TableError::Table { refusal: TableRefusal::NoGame })?;
        let setup = live.history.setup();
        let script = Script {
            setup: setup.clone(),
            moves: live.history.moves()[..live.history.cursor()].to_vec(),
            followers: Vec::new(),
            final_moves: live.final_moves.clone(),
            // A final board exists to be counted, so its script always asks for the count.
            final_scoring: live.is_finished() || setup.mode == Mode::FinalBoard,
            track: live.track.clone(),
            expect: None,
        };
        Ok(script.to_json())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{now, place, place_request, table_at, table_in_memory};
    use castellan_engine::{Cell, Figure, MoveError, Port, Rotation, TileId};
    use castellan_ledger::GameStatus;
    use serde_json::json;

    #[test]
    fn a_game_at_another_place_the_same_day_is_another_night() {
        let dir = tempfile::tempdir().unwrap();
        let mut table = table_at(&dir.path().join("l.sqlite3"));
        let players = || GameSetup::base(&["Anna", "Bram"]);
        table.start(players(), None, now()).unwrap();
        table.start(players(), Some("Club"), now()).unwrap();
        table.start(players(), Some("Club"), now()).unwrap();
        table.start(players(), None, now()).unwrap();
        let history = table.ledger().history().unwrap();
        let mut nights: Vec<(Option<&str>, usize)> =
            history.iter().map(|n| (n.night.place.as_deref(), n.games.len())).collect();
        nights.sort();
        assert_eq!(
            nights,
            [(None, 1), (Some("Club"), 3)],
            "Club's two games share a night; the last, with no place, joins one"
        );
    }

    #[test]
    fn a_game_of_one_is_refused_and_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let mut table = table_at(&dir.path().join("l.sqlite3"));
        let refused = table.start(GameSetup::base(&["Anna"]), None, now()).map(|_| ());
        assert!(matches!(refused, Err(TableError::TooFewPlayers { seated: 1, .. })), "{refused:?}");
        assert!(table.ledger().players().unwrap().is_empty(), "no player is added");
        assert!(table.ledger().history().unwrap().is_empty(), "no night is added");
        assert!(table.live().is_none());
    }

    #[test]
    fn moves_survive_closing_the_app_and_the_game_resumes_where_it_stood() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        let mut table = table_at(&path);
        table.start(GameSetup::base(&["Anna", "Bram"]), Some("Utrecht"), now()).unwrap();
        table.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), now()).unwrap();
        table.play(place("U", 1, 0, Rotation::R0, None), now()).unwrap();
        table.play(place("V", 2, 0, Rotation::R90, Some(Port::N)), now()).unwrap();
        table.undo().unwrap();
        let before = table.live().unwrap().clone();
        assert_eq!(before.game().scores(), &[4, 0], "Anna's two-tile city");
        drop(table);

        let mut table = table_at(&path);
        let resumed = table.resume_unfinished().unwrap().expect("the unfinished game is offered");
        assert_eq!(resumed.id(), before.id());
        assert_eq!(resumed.history().moves(), before.history().moves(), "the taken-back move is kept for redo");
        assert_eq!(resumed.history().cursor(), 2);
        assert_eq!(resumed.game().scores(), before.game().scores());
        assert_eq!(resumed.game().events(), before.game().events(), "the same game, event for event");
        let redone = table.redo().unwrap();
        assert_eq!(redone.history().cursor(), 3, "redo after the restart");
    }

    #[test]
    fn a_game_with_the_abbot_or_the_big_follower_is_stored_as_version_2_and_resumes_exactly() {
        use castellan_engine::TileSet;
        let tile = |name| TileId::from_name(name).unwrap();
        let (b, u, inn, cell) = (tile("B"), tile("U"), tile("IC15"), Cell::new);
        let cases = [
            (
                TileSet::Abbot,
                vec![
                    Move::place_abbot(b, cell(0, 1), Rotation::R0, Port::C),
                    Move::place(u, cell(1, 0), Rotation::R0, None),
                    Move::place_and_recall(u, cell(-1, 0), Rotation::R0),
                ],
                // Anna's abbot taken back beside three tiles: 1 + 3; home again.
                ([4, 0], [1, 1], [0, 0]),
            ),
            (
                TileSet::InnsCathedrals,
                vec![
                    Move::place_big(inn, cell(1, 0), Rotation::R0, Port::E),
                    Move::place(u, cell(-1, 0), Rotation::R0, None),
                ],
                // Anna's big thief is on the inn road.
                ([0, 0], [0, 0], [0, 1]),
            ),
        ];
        let mut resumed_games = Vec::new();
        for (set, moves, (scores, abbots, bigs)) in cases {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("ledger.sqlite3");
            let mut table = table_at(&path);
            let mut setup = GameSetup::base(&["Anna", "Bram"]);
            setup.sets.push(set);
            table.start(setup, None, now()).unwrap();
            for mv in moves {
                table.play(mv, now()).unwrap();
            }
            let before = table.live().unwrap().clone();
            assert_eq!(table.script().unwrap()["version"], 2, "{set:?} is version 2's");
            drop(table);

            let mut table = table_at(&path);
            let resumed = table.resume_unfinished().unwrap().expect("the unfinished game is offered");
            assert_eq!(resumed.history().moves(), before.history().moves(), "{set:?}: every figure stored");
            assert_eq!(resumed.game().events(), before.game().events(), "{set:?}: the same game, event for event");
            let game = resumed.game();
            assert_eq!((game.scores(), game.abbots(), game.bigs()), (&scores[..], &abbots[..], &bigs[..]), "{set:?}");
            resumed_games.push(game.clone());
        }
        let mut ended = resumed_games.pop().unwrap();
        ended.finish().unwrap();
        assert_eq!(ended.scores(), &[0, 0], "an open inn road pays nothing at the end (I-06)");
    }

    #[test]
    fn a_turn_before_a_recall_is_corrected_and_the_recall_scores_again_or_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut table = table_at(&dir.path().join("ledger.sqlite3"));
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(castellan_engine::TileSet::Abbot);
        table.start(setup, None, now()).unwrap();
        let (b, u, cell) = (TileId::from_name("B").unwrap(), TileId::from_name("U").unwrap(), Cell::new);
        table.play(Move::place_abbot(b, cell(0, 1), Rotation::R0, Port::C), now()).unwrap();
        table.play(Move::place(u, cell(1, 0), Rotation::R0, None), now()).unwrap();
        table.play(Move::place_and_recall(u, cell(-1, 0), Rotation::R0), now()).unwrap();
        assert_eq!(table.live().unwrap().game().scores(), &[4, 0], "1 + three tiles around the cloister");

        // Bram's tile goes above the start tile instead: one neighbour fewer when Anna takes
        // her abbot back.
        let e = TileId::from_name("E").unwrap();
        let corrected = table.correct(1, Move::place(e, cell(0, -1), Rotation::R180, None), now()).unwrap();
        assert_eq!(corrected.game().scores(), &[3, 0], "the recall scored again on the corrected board");
        assert_eq!(corrected.game().abbots(), &[1, 1]);

        // A monk instead of the abbot: nothing to take back two turns later, so refused.
        let before = table.live().unwrap().history().moves().to_vec();
        let refused = table.correct(0, Move::place(b, cell(0, 1), Rotation::R0, Some(Port::C)), now()).unwrap_err();
        let TableError::LaterTurn { turn, error, .. } = refused else { panic!("a replay refusal: {refused:?}") };
        assert_eq!(turn, 3, "the recall is the move refused");
        assert_eq!(error.rule(), Some(castellan_engine::Rule::A08));
        assert_eq!(table.live().unwrap().history().moves(), &before[..], "nothing changed");
        drop(table);
        let mut reopened = table_at(&dir.path().join("ledger.sqlite3"));
        let resumed = reopened.resume_unfinished().unwrap().expect("the game is still on the table");
        assert_eq!(resumed.history().moves(), &before[..], "nor in the ledger");
    }

    #[test]
    fn an_abbot_in_a_garden_is_shown_on_the_board() {
        let dir = tempfile::tempdir().unwrap();
        let mut table = table_at(&dir.path().join("ledger.sqlite3"));
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.extend([castellan_engine::TileSet::River, castellan_engine::TileSet::Abbot]);
        setup.start = castellan_engine::Start::River;
        table.start(setup, None, now()).unwrap();
        let bend = TileId::from_name("R1-11").unwrap();
        let live = table.play(Move::place_abbot(bend, Cell::new(1, 0), Rotation::R90, Port::C), now()).unwrap();
        let view = crate::view::GameView::of(live);
        let shown = serde_json::to_value(&view).unwrap();
        assert!(shown.to_string().contains("\"monk\""), "the abbot stands in the garden, drawn as a monk: {shown}");
        assert_eq!(view.followers[0].figure, Figure::Abbot, "the board tells the abbot from a follower");
        let hand = |seat: usize| view.players[seat].figures.iter().map(|f| (f.figure, f.count)).collect::<Vec<_>>();
        assert_eq!(hand(0), [(Figure::Follower, 7), (Figure::Abbot, 0)], "Anna's abbot is out, her followers home");
        assert_eq!(hand(1), [(Figure::Follower, 7), (Figure::Abbot, 1)]);
        let plain = crate::view::GameView::build(
            castellan_ledger::GameId(1),
            &Game::new(GameSetup::base(&["Anna"])).unwrap(),
            crate::view::Progress { cursor: 0, moves: 0, can_undo: false, can_redo: false, finished: false },
        );
        assert_eq!(plain.players[0].figures.len(), 1, "without the abbot, followers alone");
        // The end count pays the garden (A-13) and the view of the finished game is built too.
        let done = table.finish(Vec::new(), now()).unwrap();
        assert_eq!(done.game().scores(), &[2, 0], "the garden beside the spring: 1 + 1");
        let _ = crate::view::GameView::of(done);
    }

    #[test]
    fn a_final_board_entered_tile_by_tile_and_follower_by_follower_resumes_exactly() {
        use crate::request::{MoveRequest, NewGameRequest};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        let request: NewGameRequest = serde_json::from_str(
            r#"{"seats": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
                "boxes": ["count", "king-robber"], "rules": "current", "place": null,
                "finalBoard": true, "king": 1, "countAt": "cathedral"}"#,
        )
        .unwrap();
        let mut table = table_at(&path);
        let id = table.start(request.setup().unwrap(), None, now()).unwrap().id();
        let requests = [
            place_request("F", 2, 1, 0, None),
            MoveRequest::StandInCity { seat: 0, figure: Figure::Follower, quarter: castellan_engine::Quarter::Market },
            place_request("G", 3, 1, 0, None),
            MoveRequest::Stand { seat: 1, figure: Figure::Follower, x: 3, y: 1, place: Port::E },
            MoveRequest::Stand { seat: 0, figure: Figure::Follower, x: 2, y: 1, place: Port::W },
        ];
        for r in &requests {
            table.play(r.to_move().unwrap(), now()).unwrap_or_else(|e| panic!("{r:?}: {e}"));
        }
        let refused = table.play(
            MoveRequest::Stand { seat: 0, figure: Figure::Follower, x: 9, y: 9, place: Port::N }.to_move().unwrap(),
            now(),
        );
        assert!(matches!(refused, Err(TableError::Move { .. })), "a stand on no tile is refused");
        table.undo().unwrap();
        let before = table.live().unwrap().clone();
        assert_eq!(before.game().supply(), &[6, 6], "Anna's knight taken back; her market follower stays");
        drop(table);

        let mut table = table_at(&path);
        let resumed = table.resume_unfinished().unwrap().expect("the unfinished final board is offered");
        assert_eq!(resumed.id(), id);
        assert_eq!(resumed.history().setup(), before.history().setup(), "mode, King and the Count's quarter kept");
        assert_eq!(resumed.history().moves(), before.history().moves(), "stands stored, the taken-back one for redo");
        assert_eq!(resumed.history().cursor(), 4);
        assert_eq!(resumed.game().events(), before.game().events(), "the same game, event for event");
        table.redo().unwrap();
        // Anna's farmer leaves the market for the field east of the City, as at the end of any
        // Count game (the Count stands in the cathedral).
        let market = QuarterMove {
            player: castellan_engine::PlayerId(0),
            quarter: castellan_engine::Quarter::Market,
            to: (castellan_engine::Cell::new(1, 0), Port::E),
            big: false,
        };
        let done = table.finish(vec![market], now()).unwrap();
        // The open city F–G (3 tiles, a pennant): one knight each, 4 each. Anna's farm touches
        // only the City of Carcassonne: 3. The King: the City counts as Bram's one completed city.
        assert_eq!(done.game().scores(), &[7, 5]);
        let script = table.script().unwrap();
        assert_eq!(script["moves"][1], json!({"player": "Anna", "stand": "market"}));
        assert_eq!(script["setup"]["mode"], "final-board");
    }

    #[test]
    fn every_figure_stands_on_a_final_board_through_the_tables_requests_and_resumes_exactly() {
        use crate::placement::{standing_options, FollowerRole};
        use crate::request::{MoveRequest, NewGameRequest};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        let request: NewGameRequest = serde_json::from_str(
            r#"{"seats": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
                "boxes": ["count", "abbot", "inns-cathedrals", "traders-builders"], "rules": "current",
                "place": null, "finalBoard": true}"#,
        )
        .unwrap();
        let mut table = table_at(&path);
        table.start(request.setup().unwrap(), None, now()).unwrap();
        let mut laid = Vec::new();
        for name in ["B", "U"] {
            let game = table.live().unwrap().game();
            let (cell, rotation) = game.legal_placements(TileId::from_name(name).unwrap())[0];
            let request = place_request(name, cell.x, cell.y, u32::from(rotation.degrees()), None);
            table.play(request.to_move().unwrap(), now()).unwrap();
            laid.push((cell.x, cell.y));
        }
        // Anna, figure by figure where the table offers it: the abbot on B's cloister, then on
        // U a thief and her builder beside it, a farmer and her pig beside it.
        let mut stood = Vec::new();
        for (figure, (x, y), role) in [
            (Figure::Abbot, laid[0], FollowerRole::Monk),
            (Figure::Follower, laid[1], FollowerRole::Thief),
            (Figure::Builder, laid[1], FollowerRole::Thief),
            (Figure::Follower, laid[1], FollowerRole::Farmer),
            (Figure::Pig, laid[1], FollowerRole::Farmer),
        ] {
            let options = standing_options(table.live().unwrap().game(), 0, x, y).unwrap();
            let offered = options.iter().find(|o| o.figure == figure && o.role == role);
            let place = offered.unwrap_or_else(|| panic!("{figure} as {role:?} at [{x},{y}]: {options:?}")).place;
            let request = MoveRequest::Stand { seat: 0, figure, x, y, place };
            table.play(request.to_move().unwrap(), now()).unwrap_or_else(|e| panic!("{request:?}: {e}"));
            stood.push(figure);
        }
        let big = MoveRequest::StandInCity { seat: 1, figure: Figure::Big, quarter: castellan_engine::Quarter::Castle };
        table.play(big.to_move().unwrap(), now()).expect("Bram's big follower waits in the castle (X-07)");
        let before = table.live().unwrap().clone();
        let game = before.game();
        assert_eq!((game.abbots(), game.bigs(), game.supply()), (&[0, 1][..], &[1, 0][..], &[5, 7][..]));
        assert_eq!(game.companions_in_hand(), [(0, 0), (1, 1)], "Anna's builder and pig stand");
        let figures: Vec<_> = game.board().followers().iter().map(|f| f.figure).collect();
        assert_eq!(figures, stood, "on the board as entered");
        let script = table.script().unwrap();
        let written: Vec<_> =
            script["moves"].as_array().unwrap()[2..].iter().map(|m| m.get("figure").cloned()).collect();
        let named = |n: &str| Some(json!(n));
        assert_eq!(written, [named("abbot"), None, named("builder"), None, named("pig"), named("big")]);
        drop(table);

        let mut table = table_at(&path);
        let resumed = table.resume_unfinished().unwrap().expect("the unfinished final board is offered");
        assert_eq!(resumed.history().moves(), before.history().moves(), "every stand stored with its figure");
        assert_eq!(resumed.game().events(), before.game().events(), "the same game, event for event");
    }

    #[test]
    fn a_final_board_takes_the_pig_before_its_farmer_and_refuses_a_count_without_one() {
        use crate::request::{MoveRequest, NewGameRequest};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        let request: NewGameRequest = serde_json::from_str(
            r#"{"seats": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
                "boxes": ["traders-builders"], "rules": "current", "place": null, "finalBoard": true}"#,
        )
        .unwrap();
        let mut table = table_at(&path);
        let id = table.start(request.setup().unwrap(), None, now()).unwrap().id();
        let stand = |figure, place: &str| MoveRequest::Stand {
            seat: 0,
            figure,
            x: 1,
            y: 0,
            place: crate::fixture::port_named(place),
        };
        for r in [place_request("U", 1, 0, 0, None), stand(Figure::Pig, "N")] {
            table.play(r.to_move().unwrap(), now()).unwrap_or_else(|e| panic!("{r:?}: {e}"));
        }
        let before = table.live().unwrap().clone();
        let refused = table.finish_with_track(Vec::new(), Some(vec![20, 30]), now()).map(|_| ()).unwrap_err();
        assert!(
            matches!(
                refused,
                TableError::Move {
                    error: MoveError::Stand(castellan_engine::StandError::Unaccompanied { figure: Figure::Pig, .. }),
                    ..
                }
            ),
            "{refused}"
        );
        let after = table.live().unwrap();
        assert_eq!((after.is_finished(), after.game().events()), (false, before.game().events()), "unchanged");
        assert_eq!(table.ledger().moves(id).unwrap().len(), 2, "nothing more stored");
        drop(table);

        let mut table = table_at(&path);
        table.resume_unfinished().unwrap().expect("still on the table, uncounted");
        table.play(stand(Figure::Follower, "N").to_move().unwrap(), now()).unwrap();
        let done = table.finish_with_track(Vec::new(), Some(vec![20, 30]), now()).unwrap();
        assert!(done.is_finished(), "Anna's farmer beside her pig now");
    }

    /// A finished table: U east of the start tile, Anna's thief on the open road (2 at the
    /// end count) and Bram's knight on the start tile's open city (1).

    #[test]
    fn a_refused_move_changes_nothing_in_the_game_or_the_ledger() {
        let dir = tempfile::tempdir().unwrap();
        let mut table = table_at(&dir.path().join("ledger.sqlite3"));
        let id = table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap().id();
        table.play(place("E", 0, -1, Rotation::R180, None), now()).unwrap();
        let err = table.play(place("E", 0, -1, Rotation::R0, None), now()).unwrap_err();
        assert!(err.to_string().contains("lands on a tile already there"), "{err}");
        assert_eq!(table.live().unwrap().history().moves().len(), 1);
        assert_eq!(table.ledger().moves(id).unwrap().len(), 1, "nothing stored");
    }

    #[test]
    fn a_correction_replays_the_rest_and_one_that_breaks_a_later_move_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        let mut table = table_at(&path);
        let id = table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap().id();
        table.play(place("U", 1, 0, Rotation::R0, None), now()).unwrap();
        table.play(place("V", 2, 0, Rotation::R90, None), now()).unwrap();
        let err = table.correct(0, place("B", 0, 1, Rotation::R0, None), now()).unwrap_err();
        assert!(matches!(err, TableError::LaterTurn { turn: 2, .. }), "{err}");
        assert!(err.to_string().contains("turn 2"), "the later turn is named: {err}");
        let corrected = table.correct(0, place("U", 1, 0, Rotation::R180, Some(Port::E)), now()).unwrap();
        assert_eq!(corrected.game().supply()[0], 6, "Anna's thief, added by the correction");
        drop(table);
        let mut table = table_at(&path);
        let resumed = table.resume(id).unwrap();
        assert_eq!(resumed.history().moves()[0], place("U", 1, 0, Rotation::R180, Some(Port::E)), "stored");
    }

    #[test]
    fn finishing_counts_the_end_records_results_and_closes_the_game() {
        let dir = tempfile::tempdir().unwrap();
        let mut table = table_at(&dir.path().join("ledger.sqlite3"));
        let id = table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap().id();
        table.play(place("U", 1, 0, Rotation::R0, Some(Port::E)), now()).unwrap();
        let done = table.finish(Vec::new(), now()).unwrap();
        assert!(done.is_finished());
        assert_eq!(done.game().scores(), &[2, 0], "Anna's unfinished two-tile road");
        assert_eq!(table.ledger().game(id).unwrap().status, GameStatus::Finished);
        let results = table.ledger().results(id).unwrap();
        assert_eq!(results[0].result.score, 2);
        assert!(matches!(
            table.play(place("V", 2, 0, Rotation::R90, None), now()),
            Err(TableError::Table { refusal: TableRefusal::GameFinished })
        ));
        assert_eq!(table.script().unwrap()["final_scoring"], true);
        assert!(table.resume_unfinished().unwrap().is_none(), "nothing left to resume");
    }

    #[test]
    fn undoing_the_final_count_reopens_the_game_where_it_stood() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ledger.sqlite3");
        let mut table = table_at(&path);
        let id = table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap().id();
        table.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), now()).unwrap();
        table.play(place("U", 1, 0, Rotation::R0, Some(Port::E)), now()).unwrap();
        table.play(place("V", 2, 0, Rotation::R90, None), now()).unwrap();
        table.undo().unwrap();
        let before = table.live().unwrap().clone();
        let finished = table.finish(Vec::new(), now()).unwrap();
        assert_ne!(finished.game().scores(), before.game().scores(), "the final count adds Bram's open road");
        let anna = table.ledger().player_by_name("Anna").unwrap().unwrap().id;
        let games_of_anna = |table: &Table| {
            table.ledger().statistics().unwrap().players.iter().find(|s| s.player == anna).unwrap().games
        };
        assert_eq!(games_of_anna(&table), 1);

        let reopened = table.reopen().unwrap();
        assert!(!reopened.is_finished());
        assert_eq!(reopened.game().scores(), before.game().scores(), "the scores as they were before the count");
        assert_eq!(reopened.game().events(), before.game().events(), "the same game, event for event");
        assert_eq!(reopened.history().moves(), before.history().moves(), "every move kept, the taken-back one too");
        assert!(reopened.can_undo() && reopened.can_redo(), "undo and redo work again");
        assert_eq!(table.ledger().game(id).unwrap().status, GameStatus::InProgress);
        assert!(table.ledger().results(id).unwrap().is_empty(), "no results left behind");
        assert_eq!(games_of_anna(&table), 0, "the statistics no longer count it");
        assert_eq!(table.script().unwrap()["final_scoring"], false);
        assert!(
            matches!(table.reopen(), Err(TableError::Table { refusal: TableRefusal::NoFinalCount })),
            "a game in progress has nothing to undo"
        );
        table.redo().unwrap();
        drop(table);

        let mut table = table_at(&path);
        let resumed = table.resume_unfinished().unwrap().expect("the reopened game is offered for resuming");
        assert_eq!((resumed.id(), resumed.history().cursor()), (id, 3), "taken up with the move redone");
        assert!(matches!(table.reopen(), Err(TableError::Table { refusal: TableRefusal::NoFinalCount })));
    }

    #[test]
    fn a_final_count_stands_once_another_game_is_on_the_table() {
        let dir = tempfile::tempdir().unwrap();
        let mut table = table_at(&dir.path().join("ledger.sqlite3"));
        assert!(matches!(table.reopen(), Err(TableError::Table { refusal: TableRefusal::NoGame })));
        let first = table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap().id();
        table.play(place("U", 1, 0, Rotation::R0, Some(Port::E)), now()).unwrap();
        table.finish(Vec::new(), now()).unwrap();
        let first_results = table.ledger().results(first).unwrap();

        let second = table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap().id();
        assert!(
            matches!(table.reopen(), Err(TableError::Table { refusal: TableRefusal::NoFinalCount })),
            "the new game has no count to undo"
        );
        table.finish(Vec::new(), now()).unwrap();
        table.reopen().unwrap();
        assert_eq!(table.live().unwrap().id(), second, "only the game on the table reopens");
        assert_eq!(table.ledger().game(first).unwrap().status, GameStatus::Finished, "the first game stands");
        assert_eq!(table.ledger().results(first).unwrap(), first_results, "with its results untouched");

        table.finish(Vec::new(), now()).unwrap();
        table.resume(first).unwrap();
        assert!(
            matches!(table.reopen(), Err(TableError::Table { refusal: TableRefusal::NoFinalCount })),
            "taking up another game ends the undo"
        );
        assert_eq!(table.ledger().game(second).unwrap().status, GameStatus::Finished);
        assert_eq!(table.ledger().game(first).unwrap().status, GameStatus::Finished, "a refused reopen writes nothing");
    }

    /// A Count game of Anna and Bram: Bram closes Anna's road, scores nothing, and puts a
    /// follower into the market.
    fn count_game_with_bram_in_the_market(path: &std::path::Path) -> (Table, GameId) {
        use castellan_engine::{CountChoice, Entry, Quarter, Start, TileSet};
        let mut table = table_at(path);
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Count);
        setup.start = Start::Count;
        let id = table.start(setup, None, now()).unwrap().id();
        table.play(place("U", 0, 2, Rotation::R90, Some(Port::N)), now()).unwrap();
        let mut enter = place("A", 0, 3, Rotation::R180, None);
        if let Move::Place { count, .. } = &mut enter {
            *count = CountChoice {
                moves: Vec::new(),
                entry: Some(Entry { quarter: Quarter::Market, count_to: None, big: false }),
            };
        }
        table.play(enter, now()).unwrap();
        (table, id)
    }

    #[test]
    fn undoing_the_final_count_takes_back_the_followers_moved_out_of_the_city() {
        use castellan_engine::{PlayerId, Quarter};
        let dir = tempfile::tempdir().unwrap();
        let (mut table, id) = count_game_with_bram_in_the_market(&dir.path().join("ledger.sqlite3"));
        let targets = table.live().unwrap().game().final_move_targets(Quarter::Market);
        let out = QuarterMove { player: PlayerId(1), quarter: Quarter::Market, to: targets[0], big: false };
        let moved_out = table.finish(vec![out], now()).unwrap().game().scores().to_vec();

        let reopened = table.reopen().unwrap();
        assert!(reopened.final_moves().is_empty());
        assert_eq!(
            reopened.game().final_move_targets(Quarter::Market),
            targets,
            "Bram's follower is back in the market"
        );
        assert_eq!(table.ledger().game(id).unwrap().final_moves_json, None, "and no longer moved out in the ledger");
        let stayed = table.finish(Vec::new(), now()).unwrap().game().scores().to_vec();
        assert!(
            stayed[1] < moved_out[1],
            "staying in the market, Bram's farmer scores nothing: {stayed:?} {moved_out:?}"
        );
        assert!(table.script().unwrap().get("final_moves").is_none());
    }

    #[test]
    fn followers_moved_out_of_the_city_at_the_end_are_kept_and_replayed() {
        use castellan_engine::{PlayerId, Quarter};
        let dir = tempfile::tempdir().unwrap();
        let (mut table, id) = count_game_with_bram_in_the_market(&dir.path().join("ledger.sqlite3"));
        let farm = table.live().unwrap().game().final_move_targets(Quarter::Market)[0];
        let out = QuarterMove { player: PlayerId(1), quarter: Quarter::Market, to: farm, big: false };
        let done = table.finish(vec![out], now()).unwrap();
        let bram = done.game().scores()[1];
        assert!(bram >= 3, "Bram's farmer supplies at least the City of Carcassonne, got {bram}");
        assert_eq!(table.script().unwrap()["final_moves"][0]["quarter"], "market");
        let stored = stored_history(table.ledger(), id).unwrap();
        assert_eq!(stored.final_moves, [out], "kept with the game");
        let mut again = stored.history.game().clone();
        again.finish_with(&stored.final_moves).unwrap();
        assert_eq!(again.scores()[1], bram, "the stored game's final count moves Bram out again");
    }

    /// An instant as the app's clock gives it: with the players' own offset from UTC.
    fn local(text: &str) -> DateTime<chrono::FixedOffset> {
        DateTime::parse_from_rfc3339(text).unwrap()
    }

    /// The history heading's date of each night and the CSV's `date` of each game, by place.
    fn dates_shown(table: &Table) -> Vec<(Option<String>, String, String)> {
        let csv = crate::export::csv(table.ledger()).unwrap().remove(0).1;
        let mut rows = csv::Reader::from_reader(csv.as_bytes());
        let csv_dates: Vec<(String, String)> =
            rows.records().map(|r| r.unwrap()).map(|r| (r[2].to_owned(), r[1].to_owned())).collect();
        crate::history::history(table.ledger())
            .unwrap()
            .into_iter()
            .map(|n| {
                let place = n.place.clone().unwrap_or_default();
                let (_, csv_date) = csv_dates.iter().find(|(p, _)| *p == place).expect("the night's rows");
                (n.place, n.date, csv_date.clone())
            })
            .collect()
    }

    fn play_two_tile_game(table: &mut Table, place: &str, start: &str, end: &str) -> GameId {
        let id = table.start(GameSetup::base(&["Anna", "Bram"]), Some(place), local(start)).unwrap().id();
        table.play(place_move("E", 0, -1, Rotation::R180, Some(Port::S)), local(end).to_utc()).unwrap();
        table.play(place_move("V", 1, 0, Rotation::R90, Some(Port::W)), local(end).to_utc()).unwrap();
        table.finish(Vec::new(), local(end).to_utc()).unwrap();
        id
    }

    use crate::fixture::place as place_move;

    /// 20:00 in California is already the next day in UTC; 00:30 in Amsterdam is still the
    /// day before. Each night is dated as its players lived it, in the history and the CSV.
    #[test]
    fn a_new_game_goes_into_the_night_of_the_players_own_date() {
        let mut table = table_in_memory();
        let california =
            play_two_tile_game(&mut table, "Oakland", "2026-11-20T20:00:00-08:00", "2026-11-20T21:00:00-08:00");
        let amsterdam =
            play_two_tile_game(&mut table, "Amsterdam", "2026-11-21T00:30:00+01:00", "2026-11-21T01:10:00+01:00");
        let mut shown = dates_shown(&table);
        shown.sort();
        assert_eq!(
            shown,
            [
                (Some("Amsterdam".into()), "2026-11-21".into(), "2026-11-21".into()),
                (Some("Oakland".into()), "2026-11-20".into(), "2026-11-20".into()),
            ],
            "(place, history heading, CSV date)"
        );
        let started = |id| table.ledger().game(id).unwrap().started_at.to_rfc3339();
        assert_eq!(started(california), "2026-11-21T04:00:00+00:00", "the instant itself is kept in UTC");
        assert_eq!(started(amsterdam), "2026-11-20T23:30:00+00:00");
    }

    /// Amsterdam's game passes midnight both there and in UTC; California's starts before
    /// midnight there but after it in UTC.
    #[test]
    fn a_game_that_runs_past_midnight_stays_in_the_night_it_started() {
        let mut table = table_in_memory();
        let games = [
            play_two_tile_game(&mut table, "Amsterdam", "2026-11-20T23:50:00+01:00", "2026-11-21T01:20:00+01:00"),
            play_two_tile_game(&mut table, "Oakland", "2026-11-20T23:30:00-08:00", "2026-11-21T00:40:00-08:00"),
        ];
        for id in games {
            let game = table.ledger().game(id).unwrap();
            assert_eq!(game.status, GameStatus::Finished);
            let night = table.ledger().night(game.night).unwrap();
            assert_eq!(night.date.to_string(), "2026-11-20", "{:?}: the night it started", night.place);
        }
        let mut shown = dates_shown(&table);
        shown.sort();
        assert_eq!(
            shown,
            [
                (Some("Amsterdam".into()), "2026-11-20".into(), "2026-11-20".into()),
                (Some("Oakland".into()), "2026-11-20".into(), "2026-11-20".into()),
            ],
            "(place, history heading, CSV date)"
        );
    }
}
