//! Castellan's desktop app: Tauri wiring between the web UI and `castellan-table`.
//!
//! Command bodies live in `castellan-table`, testable without a window; this crate only
//! registers them, generates the UI's TypeScript bindings from their Rust types, and starts
//! the window.

#![deny(missing_docs)]

pub mod commands;
pub mod error;
pub mod files;
pub mod settings;
pub mod start;
pub mod state;

use tauri::Manager;
use tauri_specta::{collect_commands, Builder};

pub use settings::SETTINGS_FILE;
pub use start::LEDGER_FILE;

/// The commands and their types, for the invoke handler and the bindings.
pub fn specta_builder() -> Builder<tauri::Wry> {
    // One TypeScript type per Rust type: our views only go out and our requests only come in,
    // so separate serialize and deserialize shapes would only double every name.
    Builder::<tauri::Wry>::new()
        .disable_serde_phases()
        // Every rule id a score can carry: the UI checks that it explains each of them.
        .constant("SCORE_RULES", castellan_table::engine::SCORE_RULES)
        // The lists the setup and table screens offer, in the engine's order: the UI spells
        // none of them itself. The base game is always in play, so only the other boxes are
        // offered; the quarters go clockwise round the City.
        .constant("COLORS", castellan_table::engine::Color::ALL)
        // Inns & Cathedrals and Traders & Builders are left out until the table screen can
        // place their figures; scripts and the command line play them.
        .constant("BOXES", castellan_table::catalog::offered_boxes())
        .constant("QUARTERS", castellan_table::engine::Quarter::ALL)
        // The answers of the rule options with more than two, the default first.
        .constant("FARM_RULES", castellan_table::engine::FarmRule::ALL)
        .constant("TIE_RULES", castellan_table::engine::TiedWinners::ALL)
        .constant("UNPLACEABLE_RULES", castellan_table::engine::Unplaceable::ALL)
        .constant("COUNT_MOVEMENTS", castellan_table::engine::CountMovement::ALL)
        // The lengths the inputs stop at, so that typing never meets the table's refusal.
        .constant("LIMITS", castellan_table::limit::LIMITS)
        // Where the board draws each place: the points the table's descriptions measure from.
        .constant("PLACE_POINTS", castellan_table::place_point::place_points())
        // Every place on a tile: the places the board draws and the UI's tests go through.
        .constant("PORTS", castellan_table::engine::Port::ALL)
        // The degrees of each rotation a refusal names, as the board turns a tile by them.
        .constant("ROTATION_DEGREES", castellan_table::degrees::rotation_degrees())
        .commands(collect_commands![
            commands::app_info,
            commands::catalog,
            commands::current_game,
            commands::start_game,
            commands::placement_options_for,
            commands::standing_places_for,
            commands::magic_standing_places_for,
            commands::count_question_for,
            commands::tell_questions_for,
            commands::roster,
            commands::rule_presets,
            commands::final_move_options_for,
            commands::turn_log,
            commands::view_before_turn,
            commands::correct_turn,
            commands::play,
            commands::undo,
            commands::redo,
            commands::finish_game,
            commands::track_totals,
            commands::reopen_game,
            commands::history,
            commands::use_ledger,
            commands::replay_game,
            commands::statistics,
            commands::void_game,
            commands::unvoid_game,
            commands::start_notices,
            commands::settings,
            commands::save_setting,
            files::export_game,
            files::export_night,
            files::save_night_picture,
            files::save_game_picture,
            files::open_script,
            files::opened_script_step,
            files::add_opened_script,
        ])
}

/// Starts the app.
///
/// # Panics
/// When the window cannot be created: nothing sensible can run then.
pub fn run() {
    let builder = specta_builder();
    tauri::Builder::default()
        // First, so a second start hands over before anything else is set up: it brings the
        // window already open to the front and exits, and the ledger has one table only. On
        // Linux this goes over the D-Bus session bus; without one the plugin lets the app start
        // and the ledger's own lock reports the second opener in the window.
        .plugin(tauri_plugin_single_instance::init(|app, _args, _folder| {
            if let Some(window) = app.get_webview_window("main") {
                let _ = window.unminimize();
                let _ = window.show();
                let _ = window.set_focus();
            }
        }))
        // Its dialogs are opened from our own commands only: the window's capability grants
        // none of the plugin's commands, so page script cannot open a dialog or pick a path.
        .plugin(tauri_plugin_dialog::init())
        .invoke_handler(builder.invoke_handler())
        .setup(move |app| {
            builder.mount_events(app);
            let start = start::prepare(app.path().app_data_dir().map_err(|e| castellan_table::with_causes(&e)));
            app.manage(start.state);
            app.manage(settings::SettingsState(std::sync::Mutex::new(start.settings)));
            app.manage(start::StartNotices(start.notices));
            app.manage(files::OpenedScript::default());
            open_window(app)?;
            Ok(())
        })
        .run(tauri::generate_context!())
        .expect("error while running the Castellan app");
}

/// Opens the main window as the configuration describes it (it is not made before `setup`,
/// so that this runs first). WebKit keeps its caches in the app's data folder; when that
/// cannot be made the window would fail to open, so it opens with a folder in the temporary
/// directory instead (the page keeps nothing of its own there; everything is in Rust) and
/// can then say what is wrong with the data folder.
fn open_window(app: &mut tauri::App) -> tauri::Result<()> {
    let Some(config) = app.config().app.windows.iter().find(|w| w.label == "main").cloned() else {
        return Ok(());
    };
    let mut window = tauri::WebviewWindowBuilder::from_config(app.handle(), &config)?;
    let usable = app.path().app_local_data_dir().is_ok_and(|dir| std::fs::create_dir_all(dir).is_ok());
    if !usable {
        // One per process: a folder another user made there first could not be written.
        let folder = std::env::temp_dir().join(format!("org.castellan.app-webview-{}", std::process::id()));
        window = window.data_directory(folder);
    }
    window.build()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use specta_typescript::Typescript;

    /// Writes `ui/src/bindings.ts`, which is committed: CI runs this and then checks that
    /// the file did not change, so the UI's types never drift from Rust's.
    #[test]
    fn export_bindings() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/src/bindings.ts");
        super::specta_builder()
            .export(
                Typescript::default()
                    .header("// Generated from the Rust commands by `npm run bindings`. Do not edit.\n"),
                path,
            )
            .expect("bindings export");
        let text = std::fs::read_to_string(path).expect("bindings written");
        assert!(text.contains("appInfo"), "the app_info command is in the bindings");
    }

    /// The setup screen offers every box the engine plays beside the base game, which is
    /// always in play: Inns & Cathedrals, Traders & Builders and the Big Box's five among them.
    #[test]
    fn the_setup_screen_offers_every_box_but_the_base_game() {
        use castellan_table::engine::TileSet;
        let offered = castellan_table::catalog::offered_boxes();
        assert!(!offered.contains(&TileSet::Base), "the base game is not a choice: {offered:?}");
        assert!(offered.contains(&TileSet::InnsCathedrals) && offered.contains(&TileSet::TradersBuilders));
        for set in [TileSet::Goldmines, TileSet::Flier, TileSet::MageWitch, TileSet::Ferries, TileSet::CropCircles] {
            assert!(offered.contains(&set), "the window asks the questions of {set:?}: {offered:?}");
        }
        assert_eq!(offered.len(), TileSet::ALL.len() - 1, "every box but the base game: {offered:?}");
    }

    /// The commands the UI may call are listed three times: registered with the bindings
    /// (`specta_builder`), declared to tauri-build (`build.rs`) and allowed in the window's
    /// capability. They must agree, and the capability grants nothing else that page script
    /// could misuse: no permission sets, no store, no file system.
    #[test]
    fn commands_builds_list_and_capability_agree() {
        use std::collections::BTreeSet;
        let dir = tempfile::tempdir().unwrap();
        let bindings = dir.path().join("bindings.ts");
        super::specta_builder().export(Typescript::default(), &bindings).expect("bindings export");
        let bindings = std::fs::read_to_string(bindings).unwrap();
        // Each command is called as `__TAURI_INVOKE("name"` or `__TAURI_INVOKE<Type>("name"`.
        let registered: BTreeSet<String> = bindings
            .split("__TAURI_INVOKE")
            .filter(|call| call.starts_with('(') || call.starts_with('<'))
            .filter_map(|call| quoted(&call[call.find("(\"")? + 1..]))
            .collect();
        assert!(registered.contains("app_info") && registered.len() > 10, "found the commands: {registered:?}");

        let build = include_str!("../build.rs");
        let list = build.split_once(".commands(&[").expect("build.rs lists the commands").1;
        let list = list.split_once("])").expect("the list ends").0;
        let declared: BTreeSet<String> = list.split(',').filter_map(quoted).collect();
        assert_eq!(declared, registered, "build.rs declares exactly the registered commands");

        let capability: serde_json::Value =
            serde_json::from_str(include_str!("../capabilities/main.json")).expect("the capability is JSON");
        let granted: Vec<&str> = capability["permissions"]
            .as_array()
            .expect("a permission list")
            .iter()
            .map(|p| p.as_str().expect("permissions are named, not scoped objects"))
            .collect();
        let allowed: BTreeSet<String> =
            granted.iter().filter_map(|p| p.strip_prefix("allow-")).map(|kebab| kebab.replace('-', "_")).collect();
        assert_eq!(allowed, registered, "each command is allowed one by one, and no other");
        for permission in granted.iter().filter(|p| !p.starts_with("allow-")) {
            // A core permission the UI needs may be added, but only one by one.
            let (plugin, rest) = permission.split_once(':').unwrap_or((permission, ""));
            assert!(
                plugin == "core" && rest.contains(":allow-"),
                "{permission}: only single core:…:allow-… permissions besides our commands (no sets, store, fs)"
            );
        }
        assert_eq!(capability["windows"], serde_json::json!(["main"]), "for the main window only");
    }

    /// The board draws followers at the points the table's descriptions of features measure
    /// "north of" from: the committed bindings carry the table's points as they are now.
    #[test]
    fn the_board_draws_places_where_the_table_measures_them() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("bindings.ts");
        super::specta_builder().export(Typescript::default(), &fresh).expect("bindings export");
        let fresh = std::fs::read_to_string(fresh).unwrap();
        let committed = include_str!("../../ui/src/bindings.ts");
        let points = |text: &str| -> serde_json::Value {
            let line = text.lines().find_map(|l| l.strip_prefix("export const PLACE_POINTS = "));
            let json = line.and_then(|l| l.strip_suffix(" as const;")).expect("the bindings carry the place points");
            serde_json::from_str(json).expect("the place points are JSON")
        };
        let table = serde_json::to_value(castellan_table::place_point::place_points()).unwrap();
        assert_eq!(points(&fresh), table, "the bindings carry the table's points");
        assert_eq!(points(committed), table, "`npm run bindings` after moving a place's point");
    }

    /// The first `"…"` string in `text`.
    fn quoted(text: &str) -> Option<String> {
        let start = text.find('"')? + 1;
        let end = start + text[start..].find('"')?;
        Some(text[start..end].to_string())
    }
}
