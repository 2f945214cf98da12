//! The kinds of figure a player puts on the board: the seven followers of the base game and,
//! with the set `abbot`, the abbot (Rules ); with `inns-cathedrals`, the big
//! follower (I-02).
//!
//! What a figure may do is the game's (`game/follower.rs`, `game/abbot.rs`); this module only
//! names the kinds, for moves, the board and the wire.

use std::fmt;

/// A kind of figure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Figure {
    /// An ordinary follower: thief, knight, monk, heretic or farmer by where it stands.
    #[default]
    Follower,
    /// The abbot: one per player on top of the seven followers, only on a cloister,
    /// shrine or garden.
    Abbot,
    /// The big follower: one per player on top of the seven (I-02), placed as a follower
    /// (I-13), weighing two in every majority (I-12).
    Big,
}

impl Figure {
    /// Every kind, in a fixed order.
    pub const ALL: [Figure; 3] = [Figure::Follower, Figure::Abbot, Figure::Big];

    /// The name used in game scripts (`figure`).
    pub const fn name(self) -> &'static str {
        match self {
            Figure::Follower => "follower",
            Figure::Abbot => "abbot",
            Figure::Big => "big",
        }
    }

    /// How many followers the figure counts as where a majority is found: two for the big
    /// follower (I-12), one for the others; the abbot is one figure too, and in a
    /// challenge size counts for nothing.
    pub const fn weight(self) -> u8 {
        match self {
            Figure::Big => 2,
            Figure::Follower | Figure::Abbot => 1,
        }
    }

    /// Parses a script name such as `"abbot"`.
    pub fn from_name(name: &str) -> Option<Figure> {
        Figure::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl fmt::Display for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
