//! Tauri's build step, with the list of our own commands each needing a permission.
fn main() {
    // Our own commands need an explicit permission too, so the capability file lists every
    // command the UI may call.
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(tauri_build::AppManifest::new().commands(&[
        "app_info",
        "catalog",
        "current_game",
        "start_game",
        "placement_options_for",
        "standing_places_for",
        "count_question_for",
        "tell_questions_for",
        "roster",
        "rule_presets",
        "final_move_options_for",
        "turn_log",
        "view_before_turn",
        "correct_turn",
        "play",
        "undo",
        "redo",
        "finish_game",
        "track_totals",
        "reopen_game",
        "history",
        "use_ledger",
        "replay_game",
        "statistics",
        "void_game",
        "unvoid_game",
        "start_notices",
        "settings",
        "save_setting",
        "export_game",
        "export_night",
        "save_night_picture",
        "save_game_picture",
        "open_script",
        "opened_script_step",
        "add_opened_script",
    ])))
    .expect("tauri build script");
}
