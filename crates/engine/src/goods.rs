//! The goods of Traders & Builders: the three kinds of symbol drawn in cities, and the
//! tokens a player holds of each (Rules T-01, T-03, T-05).
//!
//! Which tile shows which symbol is the catalog's (`TileMarks::goods`); who takes the tokens
//! of a completed city is the game's (`game/goods.rs`), and their end count the scoring's
//! (`scoring/goods.rs`). This module only names the kinds and counts tokens.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A kind of goods.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Goods {
    /// Wine: nine tiles.
    Wine,
    /// Grain: six tiles.
    Grain,
    /// Cloth: five tiles.
    Cloth,
}

impl Goods {
    /// Every kind, in the order scripts and the end count list them.
    pub const ALL: [Goods; 3] = [Goods::Wine, Goods::Grain, Goods::Cloth];

    /// The name used in game scripts and catalog rows (`wine:c1`).
    pub const fn name(self) -> &'static str {
        match self {
            Goods::Wine => "wine",
            Goods::Grain => "grain",
            Goods::Cloth => "cloth",
        }
    }

    /// Parses a name such as `"cloth"`.
    pub fn from_name(name: &str) -> Option<Goods> {
        Goods::ALL.into_iter().find(|g| g.name() == name)
    }
}

impl fmt::Display for Goods {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Tokens of each kind: a player's hand, or the symbols of one city.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tokens(pub [u8; 3]);

impl Tokens {
    /// No token at all.
    pub const NONE: Tokens = Tokens([0; 3]);

    /// Whether there is no token of any kind.
    pub fn is_empty(self) -> bool {
        self.0 == [0; 3]
    }

    /// Adds another count kind by kind.
    pub fn add(&mut self, other: Tokens) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
    }

    /// The kinds held, with their counts, in [`Goods::ALL`] order.
    pub fn held(self) -> impl Iterator<Item = (Goods, u8)> {
        Goods::ALL.into_iter().zip(self.0).filter(|&(_, n)| n > 0)
    }
}

impl Index<Goods> for Tokens {
    type Output = u8;
    fn index(&self, g: Goods) -> &u8 {
        &self.0[g as usize]
    }
}

impl IndexMut<Goods> for Tokens {
    fn index_mut(&mut self, g: Goods) -> &mut u8 {
        &mut self.0[g as usize]
    }
}
