//! The commands the web UI calls. Each one only wires: take the state, call
//! `castellan-table`, map the result and the error.

use crate::error::CommandError;
use crate::settings::{SaveError, SettingKey, SettingValue, SettingsState};
use crate::start::{StartNotice, StartNotices};
use crate::state::AppState;
use castellan_table::catalog::{tile_shapes, TileShape};
use castellan_table::count::{count_question, final_move_options, CountQuestion, QuarterMoveOption};
use castellan_table::engine::{Game, MagicFigure, TileId};
use castellan_table::history::{history as ledger_history, unvoid_game as unvoid, void_game as void, NightSummary};
use castellan_table::options::RulePresets;
use castellan_table::placement::{
    magic_standing_options, placement_options, standing_options, FollowerOption, PlacementOption,
};
use castellan_table::request::{MoveRequest, NewGameRequest, QuarterMoveRequest};
use castellan_table::roster::RosterPlayer;
use castellan_table::stats::{stats, StatsView};
use castellan_table::tell::{tell_questions, TellQuestions};
use castellan_table::view::{replay_view, turn_log_of, GameView, Progress, ReplayView, TrackView, TurnView};
use castellan_table::{LiveGame, TableError};
use serde::Serialize;
use tauri::State;

/// The app's and the engine's versions, shown on the start screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct AppInfo {
    /// Castellan's version, the one `castellan --version` prints.
    pub app_version: String,
    /// The rules engine's version.
    pub engine_version: String,
    /// Tiles in the base game, start tile included.
    pub base_tile_count: u32,
    /// The ledger file.
    pub ledger_path: String,
}

/// The app's and the engine's versions, the base game's tile count and where the ledger is: the start
/// screen's round trip.
#[tauri::command]
#[specta::specta]
pub fn app_info(state: State<'_, AppState>) -> Result<AppInfo, CommandError> {
    let info = castellan_table::app::app_info();
    Ok(AppInfo {
        app_version: info.app_version.to_string(),
        engine_version: info.engine_version.to_string(),
        base_tile_count: info.base_tile_count,
        ledger_path: state.ledger_path()?.display().to_string(),
    })
}

/// The game on the table; after a restart, the game left unfinished, exactly where it was.
#[tauri::command]
#[specta::specta]
pub fn current_game(state: State<'_, AppState>) -> Result<Option<GameView>, CommandError> {
    state.with_table(|table| {
        if table.live().is_none() {
            table.resume_unfinished()?;
        }
        Ok(table.live().map(GameView::of))
    })
}

/// Starts a new game.
#[tauri::command]
#[specta::specta]
pub fn start_game(state: State<'_, AppState>, request: NewGameRequest) -> Result<GameView, CommandError> {
    state.with_table(|table| {
        // The local time, so that the game goes into tonight's night where the players are.
        let live = table.start(request.setup()?, request.place.as_deref(), chrono::Local::now())?;
        Ok(GameView::of(live))
    })
}

/// The game on the table, or as it stood before move `before` when that move is being
/// corrected.
fn game_at(live: &LiveGame, before: Option<u32>) -> Result<std::borrow::Cow<'_, Game>, CommandError> {
    match before {
        None => Ok(std::borrow::Cow::Borrowed(live.game())),
        Some(index) => live
            .game_before(index as usize)
            .map(std::borrow::Cow::Owned)
            .ok_or(CommandError::NoSuchTurn { turn: index + 1 }),
    }
}

/// Where the drawn tile may go, with the follower places at each spot; with `before`, as the
/// board stood before that move, to correct it.
#[tauri::command]
#[specta::specta]
pub fn placement_options_for(
    state: State<'_, AppState>,
    tile: TileId,
    before: Option<u32>,
) -> Result<Vec<PlacementOption>, CommandError> {
    state.with_live(|live| Ok(placement_options(&*game_at(live, before)?, tile)))
}

/// Final board: where `seat` may stand a follower on the tile at `x`, `y`; with `before`, as
/// the board stood before that move, to correct it.
#[tauri::command]
#[specta::specta]
pub fn standing_places_for(
    state: State<'_, AppState>,
    seat: u32,
    x: i32,
    y: i32,
    before: Option<u32>,
) -> Result<Vec<FollowerOption>, CommandError> {
    state.with_live(|live| Ok(standing_options(&*game_at(live, before)?, seat, x, y)?))
}

/// Final board with Mage & Witch: where `figure` may stand on the tile at `x`, `y`; with
/// `before`, as the board stood before that move, to correct it.
#[tauri::command]
#[specta::specta]
pub fn magic_standing_places_for(
    state: State<'_, AppState>,
    figure: MagicFigure,
    x: i32,
    y: i32,
    before: Option<u32>,
) -> Result<Vec<FollowerOption>, CommandError> {
    state.with_live(|live| Ok(magic_standing_options(&*game_at(live, before)?, figure, x, y)))
}

/// The game as it stood before move `index` (from 0), shown while that move is corrected.
#[tauri::command]
#[specta::specta]
pub fn view_before_turn(state: State<'_, AppState>, index: u32) -> Result<GameView, CommandError> {
    state.with_live(|live| {
        let game = game_at(live, Some(index))?;
        Ok(GameView::build(
            live.id(),
            &game,
            Progress { cursor: index, moves: index, can_undo: false, can_redo: false, finished: false },
        ))
    })
}

/// Replaces move `index` (from 0) and replays the rest; if a later move no longer fits, it is
/// named with its reason and nothing changes.
#[tauri::command]
#[specta::specta]
pub fn correct_turn(state: State<'_, AppState>, index: u32, request: MoveRequest) -> Result<GameView, CommandError> {
    let mv = request.to_move()?;
    state.with_table(|table| Ok(GameView::of(table.correct(index as usize, mv, chrono::Utc::now())?)))
}

/// What the table must decide about the Count for this move before it is entered; `null`
/// in a game without the Count.
#[tauri::command]
#[specta::specta]
pub fn count_question_for(
    state: State<'_, AppState>,
    request: MoveRequest,
    before: Option<u32>,
) -> Result<Option<CountQuestion>, CommandError> {
    state.with_live(|live| Ok(count_question(&*game_at(live, before)?, &request)?))
}

/// What the players must tell about this placement before it is entered (the Big Box's
/// questions); empty when no box asks.
#[tauri::command]
#[specta::specta]
pub fn tell_questions_for(
    state: State<'_, AppState>,
    request: MoveRequest,
    before: Option<u32>,
) -> Result<TellQuestions, CommandError> {
    state.with_live(|live| Ok(tell_questions(&*game_at(live, before)?, &request)?))
}

/// Enters a move; a refused move changes nothing and says why.
#[tauri::command]
#[specta::specta]
pub fn play(state: State<'_, AppState>, request: MoveRequest) -> Result<GameView, CommandError> {
    let mv = request.to_move()?;
    state.with_table(|table| Ok(GameView::of(table.play(mv, chrono::Utc::now())?)))
}

/// The game's turn log, oldest first: every tile placed (with its follower), put aside or
/// City laid, and on a final board every follower stood.
#[tauri::command]
#[specta::specta]
pub fn turn_log(state: State<'_, AppState>) -> Result<Vec<TurnView>, CommandError> {
    state.with_live(|live| Ok(turn_log_of(live)))
}

/// Takes back the last move.
#[tauri::command]
#[specta::specta]
pub fn undo(state: State<'_, AppState>) -> Result<GameView, CommandError> {
    state.with_table(|table| Ok(GameView::of(table.undo()?)))
}

/// Puts back the move last taken back.
#[tauri::command]
#[specta::specta]
pub fn redo(state: State<'_, AppState>) -> Result<GameView, CommandError> {
    state.with_table(|table| Ok(GameView::of(table.redo()?)))
}

/// Makes the final count, after the followers moved out of the City of Carcassonne in the
/// order given, and records the results. A final board may give each seat's score before the
/// end count (`track`, in turn order): the results are then the totals; `null` counts the end
/// count alone.
#[tauri::command]
#[specta::specta]
pub fn finish_game(
    state: State<'_, AppState>,
    final_moves: Vec<QuarterMoveRequest>,
    track: Option<Vec<u32>>,
) -> Result<GameView, CommandError> {
    let final_moves = castellan_table::request::final_moves(&final_moves)?;
    state.with_table(|table| Ok(GameView::of(table.finish_with_track(final_moves, track, chrono::Utc::now())?)))
}

/// The totals a marker and tokens read off the table make, one for each position given;
/// `null` for a space not on the track.
#[tauri::command]
#[specta::specta]
pub fn track_totals(tracks: Vec<TrackView>) -> Vec<Option<u32>> {
    tracks.into_iter().map(TrackView::total).collect()
}

/// Undoes the final count of the game just finished: it is in progress again where its moves
/// left it. Only until another game is started or taken up.
#[tauri::command]
#[specta::specta]
pub fn reopen_game(state: State<'_, AppState>) -> Result<GameView, CommandError> {
    state.with_table(|table| Ok(GameView::of(table.reopen()?)))
}

/// Who may take which followers out of the City before the final count, and where to, with
/// what is left of them once the `moves` chosen so far are made; empty when nobody can.
#[tauri::command]
#[specta::specta]
pub fn final_move_options_for(
    state: State<'_, AppState>,
    moves: Vec<QuarterMoveRequest>,
) -> Result<Vec<QuarterMoveOption>, CommandError> {
    let chosen = moves.iter().map(QuarterMoveRequest::to_engine).collect::<Result<Vec<_>, _>>()?;
    state.with_live(|live| Ok(final_move_options(live.game(), &chosen)))
}

/// Today's rules and the 2000 edition's, option by option.
#[tauri::command]
#[specta::specta]
pub fn rule_presets() -> RulePresets {
    castellan_table::options::rule_presets()
}

/// Every tile type as the board draws it.
#[tauri::command]
#[specta::specta]
pub fn catalog() -> Vec<TileShape> {
    tile_shapes()
}

/// The players the ledger knows, by name, with the colour each likes.
#[tauri::command]
#[specta::specta]
pub fn roster(state: State<'_, AppState>) -> Result<Vec<RosterPlayer>, CommandError> {
    state.with_table(|table| Ok(castellan_table::roster::roster(table.ledger())?))
}

/// Every game night, newest first, with its games and their results.
#[tauri::command]
#[specta::specta]
pub fn history(state: State<'_, AppState>) -> Result<Vec<NightSummary>, CommandError> {
    state.with_table(|table| Ok(ledger_history(table.ledger())?))
}

/// Switches to another ledger file (created if missing); a file that cannot be used is
/// reported and left untouched.
#[tauri::command]
#[specta::specta]
pub fn use_ledger(state: State<'_, AppState>, path: String) -> Result<AppInfo, CommandError> {
    let path = path.trim();
    if path.is_empty() {
        return Err(CommandError::NoFileGiven);
    }
    let path = castellan_table::limit::path(path).map_err(|over| TableError::OverLimit { file: None, over })?;
    state.use_ledger(path)?;
    app_info(state)
}

/// A remembered game after `turn` moves (the last step of a finished game is its final
/// count), for stepping through it turn by turn.
#[tauri::command]
#[specta::specta]
pub fn replay_game(state: State<'_, AppState>, game_id: u32, turn: u32) -> Result<ReplayView, CommandError> {
    state
        .with_table(|table| Ok(replay_view(table.ledger(), castellan_table::ledger::GameId(i64::from(game_id)), turn)?))
}

/// The statistics over every finished game.
#[tauri::command]
#[specta::specta]
pub fn statistics(state: State<'_, AppState>) -> Result<StatsView, CommandError> {
    state.with_table(|table| Ok(stats(table.ledger())?))
}

/// Voids a finished game: it stays in the history, marked, and leaves the statistics.
/// Returns the history as it now stands.
#[tauri::command]
#[specta::specta]
pub fn void_game(state: State<'_, AppState>, game_id: u32) -> Result<Vec<NightSummary>, CommandError> {
    state.with_table(|table| Ok(void(table, game_id, chrono::Utc::now())?))
}

/// Takes a voided game back into the statistics (the undo of `void_game`). Returns the
/// history as it now stands.
#[tauri::command]
#[specta::specta]
pub fn unvoid_game(state: State<'_, AppState>, game_id: u32) -> Result<Vec<NightSummary>, CommandError> {
    state.with_table(|table| Ok(unvoid(table, game_id)?))
}

/// What the app found at start that the player should know: settings set aside, a chosen
/// ledger that is gone.
#[tauri::command]
#[specta::specta]
pub fn start_notices(notices: State<'_, StartNotices>) -> Vec<StartNotice> {
    notices.0.clone()
}

/// Every saved setting, by key; the UI checks each and uses its default for what is missing
/// or unusable.
#[tauri::command]
#[specta::specta]
pub fn settings(
    settings: State<'_, SettingsState>,
) -> Result<std::collections::BTreeMap<String, SettingValue>, CommandError> {
    Ok(settings.lock()?.values().iter().map(|(key, value)| (key.clone(), SettingValue(value.clone()))).collect())
}

/// Saves one setting; the file is rewritten so that a kill at any moment leaves the old
/// settings or the new ones.
#[tauri::command]
#[specta::specta]
pub fn save_setting(
    settings: State<'_, SettingsState>,
    key: SettingKey,
    value: SettingValue,
) -> Result<(), CommandError> {
    let mut settings = settings.lock()?;
    settings.set(key, value.0).map_err(|e| match e {
        SaveError::TooLarge { key, bytes, max } => CommandError::SettingTooLarge {
            key,
            bytes: u32::try_from(bytes).unwrap_or(u32::MAX),
            max: u32::try_from(max).unwrap_or(u32::MAX),
        },
        SaveError::Io(e) => CommandError::SettingsNotSaved {
            path: settings.path().display().to_string(),
            detail: castellan_table::with_causes(&e),
        },
    })
}
