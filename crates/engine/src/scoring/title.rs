//! The King's and the Robber's end bonus (Rules K-07 to K-10).
//!
//! Who holds a title is the crate's `title.rs`; here only what the holder scores at the end.

use super::ScoreSink;
use crate::board::Board;
use crate::event::{Score, ScoreSource, Span};
use crate::player::{ByPlayer, PlayerSet};
use crate::rule::Rule;
use crate::title::{TitleKind, Titles};

/// The end bonus: the King 1 per completed city, the City of Carcassonne included (K-07,
/// K-08); the Robber 1 per completed road (K-09). Nobody scores a title never taken (K-10).
/// The scores go onto `out`.
pub(crate) fn score_titles(board: &Board, titles: &Titles, road_loops_complete: bool, out: &mut impl ScoreSink) {
    for kind in [TitleKind::King, TitleKind::Robber] {
        let Some(title) = titles.get(kind) else {
            continue;
        };
        let done: Span = out.lists().add_cities(|cities| {
            cities.extend(
                board
                    .features()
                    .filter(|&f| board.kind(f) == kind.feature() && board.is_complete(f))
                    .filter(|&f| road_loops_complete || !board.is_road_loop(f))
                    .map(|f| board.anchor(f)),
            )
        });
        let carcassonne = kind == TitleKind::King && board.has_carcassonne();
        let mut winners = PlayerSet::EMPTY;
        winners.insert(title.holder);
        let mut followers = ByPlayer::default();
        followers[title.holder] = 1;
        out.add(Score {
            source: match kind {
                TitleKind::King => ScoreSource::King,
                TitleKind::Robber => ScoreSource::Robber,
            },
            winners,
            points: done.len() as u32 + carcassonne as u32,
            tiles: Span::default(),
            pennants: 0,
            neighbours: 0,
            cities: done,
            carcassonne,
            followers,
            weight: followers,
            outvoted: PlayerSet::EMPTY,
            complete: true,
            final_scoring: true,
            anchor: board.tiles()[0].cell_anchor(),
            rule: match kind {
                TitleKind::King => Rule::K07,
                TitleKind::Robber => Rule::K09,
            },
            goods: None,
            pigs: PlayerSet::EMPTY,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::{Cell, Rotation};
    use crate::player::PlayerId;
    use crate::scoring::Counted;
    use crate::tile::TileId;
    use crate::title::Title;

    /// The start tile's city closed by a cap: one completed city; the road stays open.
    fn one_city() -> Board {
        let mut board = Board::new();
        board.place(TileId::from_name("D").unwrap(), Cell::new(0, 0), Rotation::R0);
        board.place(TileId::from_name("E").unwrap(), Cell::new(0, -1), Rotation::R180);
        board
    }

    #[test]
    fn only_a_held_title_scores_one_per_completed_feature_for_its_holder() {
        let board = one_city();
        let mut none = Counted::default();
        score_titles(&board, &Titles::default(), true, &mut none);
        assert!(none.scores.is_empty(), "no holder, no bonus (K-10)");
        let bram = PlayerId(1);
        let held =
            Titles { king: Some(Title { holder: bram, record: 2 }), robber: Some(Title { holder: bram, record: 9 }) };
        let mut out = Counted::default();
        score_titles(&board, &held, true, &mut out);
        let scores: Vec<(ScoreSource, u32, Rule, bool)> =
            out.scores.iter().map(|s| (s.source, s.points, s.rule, s.winners.contains(bram))).collect();
        assert_eq!(
            scores,
            [(ScoreSource::King, 1, Rule::K07, true), (ScoreSource::Robber, 0, Rule::K09, true)],
            "the one closed city; the open road counts nothing"
        );
    }
}
