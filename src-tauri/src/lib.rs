//! Castellan's desktop app: Tauri wiring between the web UI and `castellan-table`.
//!
//! Command bodies live in `castellan-table`, testable without a window; this crate only
//! registers them, generates the UI's TypeScript bindings from their Rust types, and starts
//! the window.

pub mod commands;
pub mod error;
pub mod state;

use tauri::Manager;
use tauri_plugin_store::StoreExt;
use tauri_specta::{collect_commands, Builder};

/// The ledger's file name in the app's data folder.
pub const LEDGER_FILE: &str = "castellan.sqlite3";

/// The settings store's file (tauri-plugin-store), shared with the UI.
pub const SETTINGS_FILE: &str = "settings.json";

/// The commands and their types, for the invoke handler and the bindings.
pub fn specta_builder() -> Builder<tauri::Wry> {
    // One TypeScript type per Rust type: our views only go out and our requests only come in,
    // so separate serialize and deserialize shapes would only double every name.
    Builder::<tauri::Wry>::new().disable_serde_phases().commands(collect_commands![
        commands::app_info,
        commands::catalog,
        commands::current_game,
        commands::start_game,
        commands::placement_options_for,
        commands::standing_places_for,
        commands::count_question_for,
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
        commands::reopen_game,
        commands::history,
        commands::use_ledger,
        commands::replay_game,
        commands::statistics,
        commands::void_game,
        commands::unvoid_game,
    ])
}

/// Starts the app.
///
/// # Panics
/// When the window cannot be created: nothing sensible can run then.
pub fn run() {
    let builder = specta_builder();
    tauri::Builder::default()
        .plugin(tauri_plugin_store::Builder::default().build())
        .invoke_handler(builder.invoke_handler())
        .setup(move |app| {
            builder.mount_events(app);
            // The ledger file: the one chosen in the settings, else the app's data folder.
            let chosen = app
                .store(SETTINGS_FILE)
                .ok()
                .and_then(|s| s.get("ledgerPath"))
                .and_then(|v| v.as_str().map(std::path::PathBuf::from))
                .filter(|p| !p.as_os_str().is_empty());
            let path = match chosen {
                Some(path) => path,
                None => {
                    let dir = app.path().app_data_dir()?;
                    std::fs::create_dir_all(&dir)?;
                    dir.join(LEDGER_FILE)
                }
            };
            app.manage(state::AppState::open(path));
            Ok(())
        })
        .run(tauri::generate_context!())
        .expect("error while running the Castellan app");
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
}
