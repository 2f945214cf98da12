//! King and Robber: the titles for the largest city and the longest road completed so far,
//! and the bonus their holders score at the end.
//!
//! The record is kept apart from the holder (Rule K-12): by default it is the largest size
//! completed by anyone, so a holder who completes a larger city raises the bar for
//! everyone; the other reading keeps the size that won the title.
//!
//! Only the state and how it moves are here: the [`Event`](crate::Event) a change makes is
//! the game's (`game/title.rs`), and the end bonus is scored with the other features
//! (`scoring/title.rs`), so that events and scores may name a title without a circle.

use crate::player::PlayerId;
use crate::tile::FeatureKind;

/// Which title.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TitleKind {
    /// The King: largest completed city (by tiles).
    King,
    /// The Robber: longest completed road (by tiles).
    Robber,
}

impl TitleKind {
    /// The feature whose completion can move the title.
    pub(crate) fn feature(self) -> FeatureKind {
        match self {
            TitleKind::King => FeatureKind::City,
            TitleKind::Robber => FeatureKind::Road,
        }
    }
}

/// Who holds a title and the size to beat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Title {
    /// The holder.
    pub holder: PlayerId,
    /// Tiles of the largest city (longest road) that counts as the record.
    pub record: u32,
}

/// Both titles; `None` until the first city (road) is completed (Rule K-10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Titles {
    /// The King.
    pub king: Option<Title>,
    /// The Robber.
    pub robber: Option<Title>,
}

impl Titles {
    /// One title.
    pub fn get(&self, kind: TitleKind) -> Option<Title> {
        match kind {
            TitleKind::King => self.king,
            TitleKind::Robber => self.robber,
        }
    }

    fn slot(&mut self, kind: TitleKind) -> &mut Option<Title> {
        match kind {
            TitleKind::King => &mut self.king,
            TitleKind::Robber => &mut self.robber,
        }
    }

    /// A city (road) of `size` tiles was completed by `placer`, occupied or not. The first
    /// one gives the title (K-03, K-06); a strictly larger one takes it over (K-04, K-05:
    /// by tiles, not points). Returns the holder before, `Some(None)` for a first holder,
    /// when holder or record changed; `None` when nothing did.
    pub(crate) fn completed(
        &mut self,
        kind: TitleKind,
        placer: PlayerId,
        size: u32,
        record_rises: bool,
    ) -> Option<Option<PlayerId>> {
        let slot = self.slot(kind);
        let previous = slot.map(|t| t.holder);
        let next = match *slot {
            None => Title { holder: placer, record: size },
            Some(t) if size > t.record && t.holder != placer => Title { holder: placer, record: size },
            Some(t) if size > t.record && record_rises => Title { holder: t.holder, record: size },
            Some(_) => return None,
        };
        *slot = Some(next);
        Some(previous)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_moves_only_for_a_strictly_larger_feature_of_another_player() {
        let (red, blue) = (PlayerId(0), PlayerId(1));
        let mut t = Titles::default();
        assert!(t.completed(TitleKind::King, blue, 3, true).is_some(), "first city: K-03");
        assert_eq!(t.king, Some(Title { holder: blue, record: 3 }));
        assert!(t.completed(TitleKind::King, red, 3, true).is_none(), "equal size: K-05");
        t.completed(TitleKind::King, blue, 5, true);
        assert_eq!(t.king, Some(Title { holder: blue, record: 5 }), "the holder raises the record (Q-02)");
        assert!(t.completed(TitleKind::King, red, 4, true).is_none(), "4 does not beat the raised record");
        t.completed(TitleKind::King, red, 6, true);
        assert_eq!(t.king, Some(Title { holder: red, record: 6 }), "a larger city takes the King: K-04");

        let mut other = Titles::default();
        other.completed(TitleKind::Robber, blue, 3, false);
        other.completed(TitleKind::Robber, blue, 5, false);
        assert_eq!(other.robber, Some(Title { holder: blue, record: 3 }), "the record that won the title stays");
        other.completed(TitleKind::Robber, red, 4, false);
        assert_eq!(other.robber, Some(Title { holder: red, record: 4 }));
    }
}
