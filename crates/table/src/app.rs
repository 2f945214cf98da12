//! What the app says about itself on its start screen.

use castellan_engine::TileSet;

/// The app's version, the engine behind it and the size of the base game, shown on the start screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AppInfo {
    /// Castellan's version: the workspace's one version, which every crate, the `castellan`
    /// command line and the installed packages carry too.
    pub app_version: &'static str,
    /// The rules engine's version.
    pub engine_version: &'static str,
    /// Tiles in the base game, start tile included.
    pub base_tile_count: u32,
}

/// The app's facts: its version, and the engine's.
pub fn app_info() -> AppInfo {
    AppInfo {
        // This crate takes its version from the workspace, as the app and the CLI do.
        app_version: env!("CARGO_PKG_VERSION"),
        engine_version: castellan_engine::VERSION,
        base_tile_count: TileSet::Base.tile_count() as u32,
    }
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
