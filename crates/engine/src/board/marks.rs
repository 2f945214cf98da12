//! Marks a tile draws in a feature that another box scores: the goods in a city (T-03) and
//! River II's herd of pigs in a farm. Read only when those are scored.

use super::{Board, SegmentId};

impl Board {
    /// Whether a farm's grass takes in River II's herd of pigs.
    pub(crate) fn farm_has_herd(&self, farm: SegmentId) -> bool {
        self.members(farm).any(|s| {
            let t = &self.placed[self.segments[s as usize].tile.tile as usize];
            t.def().marks.herd.is_some_and(|herd| t.segment(herd) == s)
        })
    }

    /// The goods symbols drawn in a city's segments, one token each (T-03).
    pub(crate) fn goods_in(&self, feature: SegmentId) -> crate::goods::Tokens {
        let mut tokens = crate::goods::Tokens::NONE;
        for s in self.members(feature) {
            let t = &self.placed[self.segments[s as usize].tile.tile as usize];
            if let Some((goods, city)) = t.def().marks.goods {
                if t.segment(city) == s {
                    tokens[goods] += 1;
                }
            }
        }
        tokens
    }
}
