//! The end count of gold ingots (Rule GM-07): each player is paid for every ingot held, at a
//! rate set by how many they hold — 1 each for 1 to 3, 2 each for 4 to 6, 3 each for 7 to 9,
//! 4 each for 10 or more.
//!
//! The ingots are taken during play (`game/gold.rs`); those left on tiles are lost (GM-06).

use super::ScoreSink;
use crate::coord::{Cell, Port};
use crate::event::{Score, ScoreSource, Span};
use crate::player::{ByPlayer, PlayerId, PlayerSet};
use crate::rule::Rule;

/// What each ingot of a hand of `ingots` is worth (GM-07).
pub(crate) fn ingot_value(ingots: u8) -> u32 {
    match ingots {
        0 => 0,
        1..=3 => 1,
        4..=6 => 2,
        7..=9 => 3,
        _ => 4,
    }
}

/// Scores each player's ingots onto `out`, in seat order, one score per player holding any;
/// `anchor` names the table, as the goods' scores do. A score's `followers` is the hand.
pub(crate) fn score_gold(held: &[u8], anchor: (Cell, Port), out: &mut impl ScoreSink) {
    for (i, &ingots) in held.iter().enumerate().filter(|&(_, &n)| n > 0) {
        let player = PlayerId(i as u8);
        let mut hand = ByPlayer::<u8>::default();
        hand[player] = ingots;
        out.add(Score {
            source: ScoreSource::Gold,
            winners: [player].into_iter().collect(),
            points: ingot_value(ingots) * u32::from(ingots),
            tiles: Span::default(),
            pennants: 0,
            neighbours: 0,
            cities: Span::default(),
            carcassonne: false,
            followers: hand,
            weight: hand,
            outvoted: PlayerSet::EMPTY,
            complete: true,
            final_scoring: true,
            anchor,
            rule: Rule::GM07,
            goods: None,
            pigs: PlayerSet::EMPTY,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::Counted;

    fn points(held: &[u8]) -> Vec<u32> {
        let mut out = Counted::default();
        score_gold(held, (Cell::new(0, 0), Port::C), &mut out);
        let mut totals = vec![0; held.len()];
        for s in &out.scores {
            assert_eq!((s.rule, s.source, s.winners.len()), (Rule::GM07, ScoreSource::Gold, 1));
            for p in s.winners.iter() {
                totals[p.index()] += s.points;
            }
        }
        totals
    }

    #[test]
    fn each_ingot_pays_by_the_size_of_the_hand() {
        // GM-07's table: 3 → 3, 4 → 8, 6 → 12, 7 → 21, 9 → 27, 10 → 40, 16 → 64.
        let hands = [1, 3, 4, 6, 7, 9, 10, 16];
        assert_eq!(points(&hands), [1, 3, 8, 12, 21, 27, 40, 64]);
        assert_eq!(points(&[5, 10]), [10, 40], "GM-07's scenario: Red 5, Blue 10");
    }

    #[test]
    fn nobody_holding_gold_is_not_scored() {
        let mut out = Counted::default();
        score_gold(&[0, 2, 0], (Cell::new(0, 0), Port::C), &mut out);
        assert_eq!(out.scores.len(), 1, "one score, for the one hand");
        assert_eq!(out.scores[0].followers[PlayerId(1)], 2, "the hand is shown");
    }
}
