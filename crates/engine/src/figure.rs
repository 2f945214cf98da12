//! The kinds of figure a player puts on the board: the seven followers of the base game and,
//! with the set `abbot`, the abbot (Rules ); with `inns-cathedrals`, the big
//! follower (I-02); with `traders-builders`, the builder and the pig (T-02).
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
    /// The builder: one per player with Traders & Builders, on a road or city that holds a
    /// follower of its owner; no follower itself (T-07, T-11).
    Builder,
    /// The pig: one per player with Traders & Builders, on a farm that holds a farmer of its
    /// owner; no follower itself (T-16, T-17).
    Pig,
}

impl Figure {
    /// Every kind, in a fixed order.
    pub const ALL: [Figure; 5] = [Figure::Follower, Figure::Abbot, Figure::Big, Figure::Builder, Figure::Pig];

    /// The name used in game scripts (`figure`).
    pub const fn name(self) -> &'static str {
        match self {
            Figure::Follower => "follower",
            Figure::Abbot => "abbot",
            Figure::Big => "big",
            Figure::Builder => "builder",
            Figure::Pig => "pig",
        }
    }

    /// How many followers the figure counts as where a majority is found: two for the big
    /// follower (I-12), one for the others; the abbot is one figure too, and in a
    /// challenge size counts for nothing. The builder and the pig count for nothing
    /// (T-11, T-17).
    pub const fn weight(self) -> u8 {
        match self {
            Figure::Big => 2,
            Figure::Follower | Figure::Abbot => 1,
            Figure::Builder | Figure::Pig => 0,
        }
    }

    /// Whether the figure stands beside the followers without being one: it claims nothing,
    /// counts in no majority and scores nothing itself (T-11, T-17).
    pub const fn is_companion(self) -> bool {
        matches!(self, Figure::Builder | Figure::Pig)
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
