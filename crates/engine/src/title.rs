//! King and Robber: the titles for the largest city and the longest road completed so far,
//! and the bonus their holders score at the end.
//!
//! The record is kept apart from the holder (Rule K-12): by default it is the largest size
//! completed by anyone, so a holder who completes a larger city raises the bar for
//! everyone; the other reading keeps the size that won the title.

use crate::board::{Board, SegmentId};
use crate::event::{Event, Score, ScoreSource};
use crate::player::{ByPlayer, PlayerId, PlayerSet};
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
    fn feature(self) -> FeatureKind {
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
    /// by tiles, not points). Returns the event when holder or record changed.
    pub(crate) fn completed(
        &mut self,
        kind: TitleKind,
        placer: PlayerId,
        size: u32,
        record_rises: bool,
    ) -> Option<Event> {
        let slot = self.slot(kind);
        let previous = slot.map(|t| t.holder);
        let next = match *slot {
            None => Title { holder: placer, record: size },
            Some(t) if size > t.record && t.holder != placer => Title { holder: placer, record: size },
            Some(t) if size > t.record && record_rises => Title { holder: t.holder, record: size },
            Some(_) => return None,
        };
        *slot = Some(next);
        Some(Event::Title { kind, holder: next.holder, record: next.record, previous })
    }
}

/// The end bonus: the King 1 per completed city, the City of Carcassonne included (K-07,
/// K-08); the Robber 1 per completed road (K-09). Nobody scores a title never taken (K-10).
pub(crate) fn score_titles(board: &Board, titles: &Titles, road_loops_complete: bool) -> Vec<Score> {
    let mut out = Vec::new();
    for kind in [TitleKind::King, TitleKind::Robber] {
        let Some(title) = titles.get(kind) else {
            continue;
        };
        let done: Vec<SegmentId> = board
            .features()
            .filter(|&f| board.kind(f) == kind.feature() && board.is_complete(f))
            .filter(|&f| road_loops_complete || !board.is_road_loop(f))
            .collect();
        let carcassonne = kind == TitleKind::King && board.has_carcassonne();
        let mut winners = PlayerSet::EMPTY;
        winners.insert(title.holder);
        let mut followers = ByPlayer::default();
        followers[title.holder] = 1;
        out.push(Score {
            source: match kind {
                TitleKind::King => ScoreSource::King,
                TitleKind::Robber => ScoreSource::Robber,
            },
            winners,
            points: done.len() as u32 + carcassonne as u32,
            tiles: Vec::new(),
            pennants: 0,
            neighbours: 0,
            cities: done.iter().map(|&f| board.anchor(f)).collect(),
            carcassonne,
            followers,
            outvoted: PlayerSet::EMPTY,
            complete: true,
            final_scoring: true,
            anchor: board.tiles()[0].cell_anchor(),
            rule: match kind {
                TitleKind::King => "K-07",
                TitleKind::Robber => "K-09",
            },
        });
    }
    out
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
