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

#[cfg(test)]
mod tests {
    use crate::{
        Cell, Event, Game, GameSetup, Move, PlayerId, Rotation, Rule, ScoreSource, TileId, TileSet, TitleKind,
    };

    fn tile(name: &str) -> TileId {
        TileId::from_name(name).unwrap()
    }

    fn game(with_titles: bool) -> Game {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        if with_titles {
            setup.sets.push(TileSet::KingRobber);
        }
        Game::new(setup).unwrap()
    }

    /// Anna closes the start tile's city with a cap facing it: a two-tile city.
    fn close_city() -> Move {
        Move::place(tile("E"), Cell::new(0, -1), Rotation::R180, None)
    }

    #[test]
    fn the_first_completed_city_gives_its_placer_the_king_and_the_bonus_counts_it() {
        let mut game = game(true);
        let events = game.apply(&close_city()).unwrap();
        let king = Event::Title { kind: TitleKind::King, holder: PlayerId(0), record: 2, previous: None };
        assert!(events.contains(&king), "K-03, though nobody occupied it: {events:?}");
        assert_eq!(game.titles().king.map(|t| (t.holder, t.record)), Some((PlayerId(0), 2)));
        assert_eq!(game.titles().robber, None, "no road completed");
        let bonus: Vec<(ScoreSource, u32, Rule)> = game
            .final_count()
            .0
            .iter()
            .map(|s| (s.source, s.points, s.rule))
            .filter(|s| s.0 == ScoreSource::King)
            .collect();
        assert_eq!(bonus, [(ScoreSource::King, 1, Rule::K07)], "one completed city");
    }

    #[test]
    fn without_king_and_robber_a_completed_city_moves_no_title() {
        let mut game = game(false);
        let events = game.apply(&close_city()).unwrap();
        assert!(!events.iter().any(|e| matches!(e, Event::Title { .. })));
        assert_eq!(game.titles().king, None);
    }
}
