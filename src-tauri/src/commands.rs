//! The commands the web UI calls. Each one only wires: take the state, call
//! `castellan-table`, map the result and the error.

use crate::error::CommandError;
use serde::Serialize;

/// The engine behind the app, shown on the start screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct AppInfo {
    /// The rules engine's version.
    pub engine_version: String,
    /// Tiles in the base game, start tile included.
    pub base_tile_count: u32,
}

/// The engine's version and the base game's tile count: the start screen's round trip.
#[tauri::command]
#[specta::specta]
pub fn app_info() -> Result<AppInfo, CommandError> {
    let info = castellan_table::app::app_info();
    Ok(AppInfo { engine_version: info.engine_version.to_string(), base_tile_count: info.base_tile_count })
}
