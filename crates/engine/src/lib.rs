//! Castellan's rules engine: it mirrors a Carcassonne table and scores it.

/// The engine's version, as built.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A box of tiles that can go into the bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileSet {
    /// The base game: 72 tiles, start tile included.
    Base,
}

impl TileSet {
    /// How many physical tiles the set holds.
    pub fn tile_count(self) -> usize {
        match self {
            TileSet::Base => 72,
        }
    }
}
