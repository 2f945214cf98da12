//! What the app says about itself on its start screen.

use castellan_engine::TileSet;

/// The engine behind the app and the size of the base game, shown on the start screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AppInfo {
    /// The rules engine's version.
    pub engine_version: &'static str,
    /// Tiles in the base game, start tile included.
    pub base_tile_count: u32,
}

/// The app's facts, from the engine.
pub fn app_info() -> AppInfo {
    AppInfo { engine_version: castellan_engine::VERSION, base_tile_count: TileSet::Base.tile_count() as u32 }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_base_game_has_72_tiles() {
        let info = super::app_info();
        assert_eq!(info.base_tile_count, 72, "the catalog's base set");
        assert!(!info.engine_version.is_empty());
    }
}
