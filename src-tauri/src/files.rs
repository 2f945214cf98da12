//! Exports and opened game scripts: the commands that write or read a file the player picks.
//!
//! The native save, folder and open dialogs are asked for here, in Rust, so the page is
//! granted no dialog or file-system permission at all: it can call these commands, and a
//! command writes only where the player pointed in a dialog. A path from the page is taken
//! only when the app was started with [`GIVEN_PATHS`] naming a folder, and only inside that
//! folder: that is how the end-to-end tests, which cannot drive a GTK dialog, run everything
//! but the dialog; a player's app never has it set.
//!
//! A dialog's path may replace a file (the save dialog asked first); any other path may
//! not, and a folder of scripts is written all or nothing.

use crate::error::CommandError;
use crate::state::AppState;
use castellan_table::export::{self, Format, Selection};
use castellan_table::import::{Occasion, Repeat};
use castellan_table::ledger::{GameId, NightId};
use castellan_table::night_picture::{self, Language};
use castellan_table::save;
use castellan_table::script_file::ScriptFile;
use castellan_table::view::ReplayView;
use castellan_table::TableError;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use tauri::{Manager, State};
use tauri_plugin_dialog::DialogExt;

/// The environment variable naming the one folder in which commands accept a path from the
/// page instead of asking in a dialog (for tests).
pub const GIVEN_PATHS: &str = "CASTELLAN_GIVEN_PATHS";

/// The game script opened last, shown read-only until it is replaced or added to the ledger.
#[derive(Default)]
pub struct OpenedScript(Mutex<Option<ScriptFile>>);

/// What a dialog asks the player for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// A file to save, suggesting `name`, listing files that end in `extension`.
    SaveFile {
        /// The suggested file name.
        name: String,
        /// The filter's name.
        filter: &'static str,
        /// The extension, without the dot.
        extension: &'static str,
    },
    /// A folder for several new files.
    Folder,
    /// A game script to open.
    OpenScript,
}

/// Where to write or what to read, and whether a file there may be replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// Picked in a dialog, which asked before naming a file that exists.
    InDialog(PathBuf),
    /// Given by the page (tests): nothing there may be replaced.
    Given(PathBuf),
}

impl Chosen {
    fn path(&self) -> &Path {
        match self {
            Chosen::InDialog(p) | Chosen::Given(p) => p,
        }
    }
}

/// What a dialog asks for to export `files` of `scope`.
///
/// A game is one file in any format. A night's CSV and BG Stats file hold all its games, as
/// both formats list many games in one file and the tools reading them take one file; game
/// scripts are one game each (what `castellan score` and the import read), so a night's
/// scripts go into a folder the player picks, as one file each.
pub fn ask_for(scope: &Scope, format: Format) -> Ask {
    let stem = match scope {
        Scope::Game { id } => format!("game-{id}"),
        Scope::Night { date, .. } => format!("night-{date}"),
    };
    match (scope, format) {
        (Scope::Night { .. }, Format::Script) => Ask::Folder,
        (_, Format::Script) => Ask::SaveFile { name: format!("{stem}.json"), filter: "Game script", extension: "json" },
        (_, Format::Csv) => Ask::SaveFile { name: format!("{stem}.csv"), filter: "CSV", extension: "csv" },
        (_, Format::BgStats) => {
            Ask::SaveFile { name: format!("{stem}-bgstats.json"), filter: "BG Stats", extension: "json" }
        }
    }
}

/// What is exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// One game.
    Game {
        /// Its id.
        id: u32,
    },
    /// A night.
    Night {
        /// Its id.
        id: u32,
        /// Its date (YYYY-MM-DD), for the suggested file name.
        date: String,
    },
}

/// The path the page gave, if `folder` (the value of [`GIVEN_PATHS`]) allows it: inside that
/// folder, however it is spelled.
///
/// # Errors
/// No folder is set, or the path lies outside it.
pub fn given_within(folder: Option<&Path>, path: &str) -> Result<PathBuf, CommandError> {
    let refused = || CommandError::NotFromDialog { path: path.to_string() };
    let folder = folder.and_then(|f| f.canonicalize().ok()).ok_or_else(refused)?;
    let path = PathBuf::from(path);
    // The file may not exist yet; its folder must, inside the allowed one.
    let (parent, name) = match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) => (parent.canonicalize().map_err(|_| refused())?, name),
        _ => return Err(refused()),
    };
    let resolved = parent.join(name);
    if resolved.starts_with(&folder) {
        Ok(resolved)
    } else {
        Err(refused())
    }
}

/// Writes `files` where the player chose: a file from a save dialog is replaced if there (the
/// dialog asked); a folder, or a path given without a dialog, gets new files only.
///
/// # Errors
/// A file is there that nobody agreed to replace, or a file cannot be written.
pub fn write(chosen: &Chosen, ask: &Ask, files: &[export::File]) -> Result<Vec<PathBuf>, CommandError> {
    match (ask, chosen) {
        (Ask::SaveFile { .. }, Chosen::InDialog(path)) => {
            let [(_, contents)] = files else {
                return Err(CommandError::Internal { detail: format!("{} files for one save dialog", files.len()) });
            };
            save::replace(path, contents).map_err(CommandError::from)?;
            Ok(vec![path.clone()])
        }
        (Ask::SaveFile { .. }, Chosen::Given(path)) => {
            let [(_, contents)] = files else {
                return Err(CommandError::Internal { detail: format!("{} files for one file", files.len()) });
            };
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let folder = path.parent().unwrap_or(Path::new("."));
            save::create_all(folder, &[(name, contents.clone())]).map_err(CommandError::from)
        }
        (_, chosen) => save::create_all(chosen.path(), files).map_err(CommandError::from),
    }
}

/// Asks in a native dialog, parented to the window, off the main thread (which draws the
/// dialog); `None` when the player cancels.
async fn ask(window: &tauri::WebviewWindow, ask: Ask, title: String) -> Result<Option<PathBuf>, CommandError> {
    let mut dialog = window.dialog().file().set_parent(window).set_title(title);
    // Where a player keeps files, rather than wherever the app was started from.
    if let Ok(folder) = window.path().document_dir().or_else(|_| window.path().home_dir()) {
        if folder.is_dir() {
            dialog = dialog.set_directory(folder);
        }
    }
    let picked = tauri::async_runtime::spawn_blocking(move || match ask {
        Ask::SaveFile { name, filter, extension } => {
            dialog.add_filter(filter, &[extension]).set_file_name(name).blocking_save_file()
        }
        Ask::Folder => dialog.set_can_create_directories(true).blocking_pick_folder(),
        Ask::OpenScript => dialog.add_filter("Game script", &["json"]).blocking_pick_file(),
    })
    .await
    .map_err(|e| CommandError::Internal { detail: format!("dialog: {e}") })?;
    picked.map(|p| p.into_path().map_err(|e| CommandError::Internal { detail: format!("dialog: {e}") })).transpose()
}

/// The path to use: the page's (tests only, see [`GIVEN_PATHS`]) or the dialog's.
async fn choose(
    window: &tauri::WebviewWindow,
    request: Ask,
    title: String,
    path: Option<String>,
) -> Result<Option<Chosen>, CommandError> {
    match path {
        Some(path) => {
            let folder = std::env::var_os(GIVEN_PATHS).map(PathBuf::from);
            Ok(Some(Chosen::Given(given_within(folder.as_deref(), &path)?)))
        }
        None => Ok(ask(window, request, title).await?.map(Chosen::InDialog)),
    }
}

/// What an export wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct Exported {
    /// The files written.
    pub paths: Vec<String>,
}

async fn export_to(
    window: tauri::WebviewWindow,
    state: State<'_, AppState>,
    scope: Scope,
    selection: Selection,
    format: Format,
    title: String,
    path: Option<String>,
) -> Result<Option<Exported>, CommandError> {
    // The files first: a game that cannot be exported is said before any dialog opens.
    let files = state.with_table(|table| Ok(export::files(table.ledger(), selection, format)?))?;
    let request = ask_for(&scope, format);
    let Some(chosen) = choose(&window, request.clone(), title, path).await? else { return Ok(None) };
    let written = write(&chosen, &request, &files)?;
    Ok(Some(Exported { paths: written.iter().map(|p| p.display().to_string()).collect() }))
}

/// Exports a finished game as a game script, CSV or BG Stats file, where the player picks in
/// a save dialog (`title` is its title, in the player's language); `null` when cancelled.
/// `path` is for tests only (see the module docs).
#[tauri::command]
#[specta::specta]
pub async fn export_game(
    window: tauri::WebviewWindow,
    state: State<'_, AppState>,
    game_id: u32,
    format: Format,
    title: String,
    path: Option<String>,
) -> Result<Option<Exported>, CommandError> {
    let selection = Selection::Game(GameId(i64::from(game_id)));
    export_to(window, state, Scope::Game { id: game_id }, selection, format, title, path).await
}

/// Exports a night's finished games (voided ones left out): its CSV or BG Stats file through
/// a save dialog, its game scripts, one per game, into a folder the player picks; `null` when
/// cancelled. `path` is for tests only.
#[tauri::command]
#[specta::specta]
pub async fn export_night(
    window: tauri::WebviewWindow,
    state: State<'_, AppState>,
    night_id: u32,
    format: Format,
    title: String,
    path: Option<String>,
) -> Result<Option<Exported>, CommandError> {
    let id = NightId(i64::from(night_id));
    let date = state.with_table(|table| Ok(table.ledger().night(id).map_err(TableError::from)?.date.to_string()))?;
    let scope = Scope::Night { id: night_id, date };
    export_to(window, state, scope, Selection::Night(id), format, title, path).await
}

/// Saves a night's picture (PNG) where the player picks in a save dialog: its finished games,
/// their standings and the night's winner, in `language`, start times in the players' own
/// zone; `title` is the dialog's. `null` when cancelled. `path` is for tests only.
#[tauri::command]
#[specta::specta]
pub async fn save_night_picture(
    window: tauri::WebviewWindow,
    state: State<'_, AppState>,
    night_id: u32,
    language: Language,
    title: String,
    path: Option<String>,
) -> Result<Option<Exported>, CommandError> {
    let id = NightId(i64::from(night_id));
    // The picture first: a night that cannot be drawn is said before any dialog opens.
    let (png, date) = state.with_table(|table| {
        let picture = night_picture::night_picture(table.ledger(), id, language, &chrono::Local)?;
        let date = table.ledger().night(id).map_err(TableError::from)?.date.to_string();
        Ok((night_picture::to_png(&picture), date))
    })?;
    let request = Ask::SaveFile { name: night_picture::file_name(&date), filter: "PNG", extension: "png" };
    let Some(chosen) = choose(&window, request, title, path).await? else { return Ok(None) };
    match &chosen {
        Chosen::InDialog(path) => save::replace(path, &png),
        Chosen::Given(path) => save::create(path, &png),
    }
    .map_err(CommandError::from)?;
    Ok(Some(Exported { paths: vec![chosen.path().display().to_string()] }))
}

/// Saves one finished game's picture (PNG) where the player picks in a save dialog, as
/// [`save_night_picture`] saves a night's. `null` when cancelled. `path` is for tests only.
#[tauri::command]
#[specta::specta]
pub async fn save_game_picture(
    window: tauri::WebviewWindow,
    state: State<'_, AppState>,
    game_id: u32,
    language: Language,
    title: String,
    path: Option<String>,
) -> Result<Option<Exported>, CommandError> {
    // The picture first: a game that cannot be drawn is said before any dialog opens.
    let (png, date) = state.with_table(|table| {
        let picture = night_picture::game_picture(table.ledger(), game_id, language, &chrono::Local)?;
        let night = table.ledger().game(GameId(i64::from(game_id))).map_err(TableError::from)?.night;
        let date = table.ledger().night(night).map_err(TableError::from)?.date.to_string();
        Ok((night_picture::to_png(&picture), date))
    })?;
    let request =
        Ask::SaveFile { name: night_picture::game_file_name(&date, game_id), filter: "PNG", extension: "png" };
    let Some(chosen) = choose(&window, request, title, path).await? else { return Ok(None) };
    match &chosen {
        Chosen::InDialog(path) => save::replace(path, &png),
        Chosen::Given(path) => save::create(path, &png),
    }
    .map_err(CommandError::from)?;
    Ok(Some(Exported { paths: vec![chosen.path().display().to_string()] }))
}

/// A game script opened to look at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct OpenedScriptView {
    /// The file.
    pub path: String,
    /// Its last step: how the game ended.
    pub replay: ReplayView,
}

/// Opens a game script the player picks, replays it and shows its end; nothing is stored.
/// `null` when cancelled. A file that is not a valid script is refused naming where, and the
/// script open before stays open. `path` is for tests only.
#[tauri::command]
#[specta::specta]
pub async fn open_script(
    window: tauri::WebviewWindow,
    opened: State<'_, OpenedScript>,
    title: String,
    path: Option<String>,
) -> Result<Option<OpenedScriptView>, CommandError> {
    let Some(chosen) = choose(&window, Ask::OpenScript, title, path).await? else { return Ok(None) };
    let file = ScriptFile::read(chosen.path()).map_err(CommandError::from)?;
    let replay = file.replay(u32::MAX).map_err(CommandError::from)?;
    let view = OpenedScriptView { path: file.path().to_string(), replay };
    *lock(&opened)? = Some(file);
    Ok(Some(view))
}

/// The opened script after `turn` steps.
#[tauri::command]
#[specta::specta]
pub fn opened_script_step(opened: State<'_, OpenedScript>, turn: u32) -> Result<ReplayView, CommandError> {
    let opened = lock(&opened)?;
    let file = opened.as_ref().ok_or(CommandError::NoScriptOpen)?;
    file.replay(turn).map_err(CommandError::from)
}

/// Adds the opened script's game to the ledger, on today's night, as `castellan ledger
/// import` does: refused, naming the stored game, when it is there already, unless `again`.
/// Returns the new game's id.
#[tauri::command]
#[specta::specta]
pub fn add_opened_script(
    opened: State<'_, OpenedScript>,
    state: State<'_, AppState>,
    again: bool,
) -> Result<u32, CommandError> {
    let opened = lock(&opened)?;
    let file = opened.as_ref().ok_or(CommandError::NoScriptOpen)?;
    // Today's night is today where the players are.
    let occasion = Occasion::at(chrono::Local::now(), None, castellan_table::VERSION.to_string());
    let repeat = if again { Repeat::Allow } else { Repeat::Refuse };
    let id = state.with_table(|table| file.import_into(table, &occasion, repeat).map_err(CommandError::from))?;
    Ok(u32::try_from(id.0).expect("ledger row ids fit in 32 bits"))
}

fn lock<'a>(
    opened: &'a State<'_, OpenedScript>,
) -> Result<std::sync::MutexGuard<'a, Option<ScriptFile>>, CommandError> {
    opened.0.lock().map_err(|_| CommandError::Internal { detail: "opened script poisoned".into() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_one_file_and_a_nights_scripts_go_into_a_folder() {
        let game = Scope::Game { id: 7 };
        let night = Scope::Night { id: 2, date: "2026-11-20".into() };
        let file = |name: &str, filter, extension| Ask::SaveFile { name: name.into(), filter, extension };
        assert_eq!(ask_for(&game, Format::Script), file("game-7.json", "Game script", "json"));
        assert_eq!(ask_for(&game, Format::Csv), file("game-7.csv", "CSV", "csv"));
        assert_eq!(ask_for(&game, Format::BgStats), file("game-7-bgstats.json", "BG Stats", "json"));
        assert_eq!(ask_for(&night, Format::Script), Ask::Folder, "one script per game");
        assert_eq!(ask_for(&night, Format::Csv), file("night-2026-11-20.csv", "CSV", "csv"));
        assert_eq!(ask_for(&night, Format::BgStats), file("night-2026-11-20-bgstats.json", "BG Stats", "json"));
    }

    #[test]
    fn a_path_from_the_page_is_taken_only_inside_the_allowed_folder() {
        let allowed = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        let inside = allowed.path().join("game.csv").display().to_string();
        let outside = elsewhere.path().join("game.csv").display().to_string();
        let sneaky = allowed.path().join("..").join("x.csv").display().to_string();
        assert!(given_within(None, &inside).is_err(), "no folder set: a dialog always asks");
        let folder = Some(allowed.path());
        assert_eq!(given_within(folder, &inside).unwrap(), allowed.path().canonicalize().unwrap().join("game.csv"));
        for path in [outside, sneaky, "/etc/passwd".to_string(), "relative.csv".to_string()] {
            assert!(
                matches!(given_within(folder, &path), Err(CommandError::NotFromDialog { .. })),
                "{path} is refused"
            );
        }
    }

    #[test]
    fn a_dialogs_file_is_replaced_and_any_other_never() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game-7.csv");
        std::fs::write(&path, "before").unwrap();
        let ask = ask_for(&Scope::Game { id: 7 }, Format::Csv);
        let files = vec![("results.csv".to_string(), "after".to_string())];

        let refused = write(&Chosen::Given(path.clone()), &ask, &files).unwrap_err();
        assert!(
            matches!(&refused, CommandError::Table { error: TableError::FileExists { path: p } } if p.ends_with("game-7.csv")),
            "{refused:?}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "before", "not replaced without the dialog's question");

        let written = write(&Chosen::InDialog(path.clone()), &ask, &files).unwrap();
        assert_eq!(written, std::slice::from_ref(&path));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "after", "the dialog asked: replaced");

        let folder = dir.path().join("scripts");
        std::fs::create_dir(&folder).unwrap();
        let scripts =
            vec![("game-1.json".to_string(), "{}".to_string()), ("game-2.json".to_string(), "{}".to_string())];
        let night = ask_for(&Scope::Night { id: 1, date: "2026-11-20".into() }, Format::Script);
        assert_eq!(write(&Chosen::InDialog(folder.clone()), &night, &scripts).unwrap().len(), 2);
        let again = write(&Chosen::InDialog(folder), &night, &scripts).unwrap_err();
        assert!(
            matches!(again, CommandError::Table { error: TableError::FileExists { .. } }),
            "a folder dialog asks nothing: {again:?}"
        );
    }
}
