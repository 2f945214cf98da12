//! What a farm touches: the completed cities it feeds (B-41, V-01) and the City of
//! Carcassonne beside it.

use super::{Board, SegmentId, NONE};

/// A small set of feature roots: on the stack while small, which it nearly always is.
#[derive(Default)]
pub(super) struct RootSet {
    pub(super) inline: [SegmentId; 16],
    pub(super) len: usize,
    pub(super) spill: Vec<SegmentId>,
}

impl RootSet {
    /// Adds a root; false when it was there already.
    pub(super) fn insert(&mut self, root: SegmentId) -> bool {
        if self.inline[..self.len].contains(&root) || self.spill.contains(&root) {
            return false;
        }
        if self.len < self.inline.len() {
            self.inline[self.len] = root;
            self.len += 1;
        } else {
            self.spill.push(root);
        }
        true
    }
}

impl Board {
    /// Calls `visit` once for every distinct completed city (its root) a farm touches, in the
    /// order first met. Open cities are passed over before the distinct ones are sorted out:
    /// only completed cities feed a farm (B-41, V-01).
    pub(crate) fn for_each_completed_city(&self, farm: SegmentId, mut visit: impl FnMut(SegmentId)) {
        let mut seen = RootSet::default();
        let mut link = self.state[self.root(farm) as usize].cities.0;
        while link != NONE {
            let (city, next) = self.city_links[link as usize];
            // A city is complete when none of its edges is open.
            debug_assert_eq!(self.in_completed_city(city), self.state[self.root(city) as usize].open == 0);
            if self.in_completed_city(city) {
                let root = self.root(city);
                if seen.insert(root) {
                    visit(root);
                }
            }
            link = next;
        }
    }

    /// Whether a farm borders the City of Carcassonne.
    pub(crate) fn farm_touches_carcassonne(&self, farm: SegmentId) -> bool {
        self.state[self.root(farm) as usize].touches_carcassonne
    }
}
