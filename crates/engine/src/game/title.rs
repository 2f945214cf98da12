//! King and Robber during play: a completed city or road may move its title (Rules K-03 to
//! K-06), largest first when one tile completes several.
//!
//! The titles' state and record are the crate's `title.rs`; their end bonus is counted in
//! `end.rs`.

use super::Game;
use crate::board::SegmentId;
use crate::event::Event;
use crate::player::PlayerId;
use crate::tile::{FeatureKind, TileSet};
use crate::title::{TitleKind, Titles};

impl Game {
    /// King & Robber: the features one tile completes, largest first, so that when it closes
    /// several cities (roads) at once the record is the largest of them, whatever order the
    /// board lists them in (K-03 to K-05; it matters when the record does not rise, Q-02).
    pub(super) fn award_titles(&mut self, completed: &[SegmentId], placer: PlayerId) {
        // Without King & Robber nothing is awarded: spare the copy and the sizes.
        if !self.setup.has(TileSet::KingRobber) {
            return;
        }
        let mut by_size = completed.to_vec();
        by_size.sort_by_key(|&f| std::cmp::Reverse(self.board.tile_indices(f).len()));
        for feature in by_size {
            self.award_title(feature, placer);
        }
    }

    /// King & Robber: a completed city or road may move its title (Rules K-03 to K-06).
    pub(super) fn award_title(&mut self, feature: SegmentId, placer: PlayerId) {
        if !self.setup.has(TileSet::KingRobber) {
            return;
        }
        let kind = match self.board.kind(feature) {
            FeatureKind::City => TitleKind::King,
            FeatureKind::Road => TitleKind::Robber,
            _ => return,
        };
        let size = self.board.tile_indices(feature).len() as u32;
        if let Some(previous) = self.titles.completed(kind, placer, size, self.setup.rules.title_record_rises) {
            let now = self.titles.get(kind).expect("just taken or kept");
            self.events.push(Event::Title { kind, holder: now.holder, record: now.record, previous });
        }
    }

    /// Who holds the King and the Robber, with their records.
    pub fn titles(&self) -> &Titles {
        &self.titles
    }
}
