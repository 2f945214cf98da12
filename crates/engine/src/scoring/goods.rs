//! The end count of goods (Rule T-05): each kind pays 10 to whoever holds most of its tokens,
//! 10 to each of several tied at the top, and nothing when nobody holds any (QX-11).
//!
//! The tokens themselves are taken during play (`game/goods.rs`); here they are only counted.

use super::ScoreSink;
use crate::coord::{Cell, Port};
use crate::event::{Score, ScoreSource, Span};
use crate::goods::{Goods, Tokens};
use crate::player::{ByPlayer, PlayerId, PlayerSet};
use crate::rule::Rule;

/// Points for the majority of one kind of goods (T-05).
const MAJORITY: u32 = 10;

/// Scores each kind of goods onto `out`, in [`Goods::ALL`] order, for the hands `held` (one
/// per seat). `anchor` names the table, as the King's and the Robber's scores do.
pub(crate) fn score_goods(held: &[Tokens], anchor: (Cell, Port), out: &mut impl ScoreSink) {
    for goods in Goods::ALL {
        let mut counts = ByPlayer::<u8>::default();
        for (i, hand) in held.iter().enumerate() {
            counts[PlayerId(i as u8)] = hand[goods];
        }
        // Nobody holding the kind leaves `leaders` empty: it pays nobody (QX-11).
        let winners = counts.leaders();
        if winners.is_empty() {
            continue;
        }
        out.add(Score {
            source: ScoreSource::Goods,
            outvoted: counts.outvoted(),
            winners,
            points: MAJORITY,
            tiles: Span::default(),
            pennants: 0,
            neighbours: 0,
            cities: Span::default(),
            carcassonne: false,
            weight: counts,
            followers: counts,
            complete: true,
            final_scoring: true,
            anchor,
            rule: Rule::T05,
            goods: Some(goods),
            pigs: PlayerSet::EMPTY,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::Counted;

    fn hand(wine: u8, grain: u8, cloth: u8) -> Tokens {
        Tokens([wine, grain, cloth])
    }

    fn points(held: &[Tokens]) -> Vec<u32> {
        let mut out = Counted::default();
        score_goods(held, (Cell::new(0, 0), Port::C), &mut out);
        let mut totals = vec![0; held.len()];
        for s in &out.scores {
            assert_eq!((s.rule, s.source, s.points), (Rule::T05, ScoreSource::Goods, 10));
            for p in s.winners.iter() {
                totals[p.index()] += s.points;
            }
        }
        totals
    }

    #[test]
    fn each_kind_pays_ten_to_its_majority_and_ties_all_score() {
        // T-05's scenario: Red wine 2 and grain 1, Blue wine 2 and cloth 1: 20 each.
        assert_eq!(points(&[hand(2, 1, 0), hand(2, 0, 1)]), [20, 20]);
        assert_eq!(points(&[hand(3, 0, 0), hand(2, 1, 0), hand(0, 1, 4)]), [10, 10, 20]);
    }

    #[test]
    fn a_kind_nobody_holds_pays_nobody() {
        assert_eq!(points(&[hand(0, 0, 0), hand(0, 0, 0)]), [0, 0], "QX-11");
        let mut out = Counted::default();
        score_goods(&[hand(0, 2, 0), hand(0, 0, 0)], (Cell::new(0, 0), Port::C), &mut out);
        let kinds: Vec<Option<Goods>> = out.scores.iter().map(|s| s.goods).collect();
        assert_eq!(kinds, [Some(Goods::Grain)], "only grain is held: one score, naming its kind");
    }
}
