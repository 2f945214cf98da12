//! The pig of Traders & Builders in the farm count (Rules T-17, X-12, X-13, QX-06, QX-07,
//! QX-15): an owner of a farm whose own pig stands in it is paid one more per completed city,
//! 4 instead of 3 (5 instead of 4 under the 2000 count); River II's herd of pigs works as a pig
//! for every owner of its farm, and with an own pig adds one again unless the table plays
//! `herd_and_pig_stack: false`. The pig adds no weight to the majority and pays nothing to a
//! player who does not own the farm.
//!
//! A farm's score names one payment for all its winners, so winners paid differently are
//! split into one score each, every winner in exactly one: the totals stay the sum of the
//! scores. Who owns the farm is the farm count's (`farm.rs`).

use super::ScoreSink;
use crate::board::{Board, SegmentId};
use crate::event::Score;
use crate::figure::Figure;
use crate::player::{PlayerId, PlayerSet};
use crate::rule::Rule;

/// How pigs count at this table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pigs {
    /// Traders & Builders is in play: pigs stand, and the herd counts.
    pub(crate) in_play: bool,
    /// The herd and an own pig both add (QX-07).
    pub(crate) stack: bool,
}

/// What pigs add per city for `player`, paid through `farms`, and whether the player's own pig
/// is among them. The herd counts only for an owner with a farmer on the herd's own farm.
fn bonus(board: &Board, farms: &[SegmentId], player: PlayerId, pigs: Pigs) -> (u32, bool) {
    let own = farms.iter().any(|&f| board.has_companion(f, player, Figure::Pig));
    let herd = farms.iter().any(|&f| board.followers_on(f)[player] > 0 && board.farm_has_herd(f));
    let bonus = if pigs.stack { u32::from(own) + u32::from(herd) } else { u32::from(own || herd) };
    (bonus, own)
}

/// Pushes `score` onto `out` — split by what pigs add, when they add anything. `per_city` is
/// the pay per city without pigs (3, or 4 under the 2000 count), `cities` the cities paid;
/// `pig_rule` names a payment raised by an own pig, X-12 one raised by the herd alone.
// Inlined: nearly every farm meets no pig, and its score then goes straight to `out`
// rather than through a call that copies it.
#[inline]
pub(crate) fn push_with_pigs(
    board: &Board,
    score: Score,
    farms: &[SegmentId],
    (per_city, cities): (u32, u32),
    pigs: Pigs,
    pig_rule: Rule,
    out: &mut impl ScoreSink,
) {
    if !pigs.in_play || cities == 0 {
        out.add(score);
    } else {
        split_by_pigs(board, score, farms, (per_city, cities), pigs, pig_rule, out);
    }
}

/// [`push_with_pigs`] where pigs may add something.
fn split_by_pigs(
    board: &Board,
    score: Score,
    farms: &[SegmentId],
    (per_city, cities): (u32, u32),
    pigs: Pigs,
    pig_rule: Rule,
    out: &mut impl ScoreSink,
) {
    // Winners by what pigs add (0, 1 or 2), and whether any of them has an own pig there.
    let mut groups = [(PlayerSet::EMPTY, false); 3];
    for p in score.winners.iter() {
        let (bonus, own) = bonus(board, farms, p, pigs);
        let group = &mut groups[bonus as usize];
        group.0.insert(p);
        group.1 |= own;
    }
    if groups[0].0 == score.winners {
        out.add(score);
        return;
    }
    for (bonus, (winners, own)) in groups.into_iter().enumerate().filter(|(_, (w, _))| !w.is_empty()) {
        let mut s = score;
        s.winners = winners;
        s.points = (per_city + bonus as u32) * cities;
        if bonus > 0 {
            s.pigs = winners;
            s.rule = if own { pig_rule } else { Rule::X12 };
        }
        out.add(s);
    }
}
