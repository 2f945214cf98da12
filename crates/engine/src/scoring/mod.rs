//! How many points a feature is worth, and to whom. One function per rule.
//!
//! During play and at the end the same functions are used; `complete` says which table of
//! values applies. Followers are not touched here: returning them is the game's business.

mod farm;
mod goods;
mod pig;
mod title;

pub(crate) use farm::{farm_points, farms_with_farmers, score_farms};
pub(crate) use goods::score_goods;
pub(crate) use pig::Pigs;
pub(crate) use title::score_titles;

use crate::board::{Board, SegmentId};
use crate::event::{RuleRef, Score, ScoreSource};
use crate::player::PlayerSet;
use crate::rules::RuleSet;
use crate::tile::FeatureKind;

/// A road: 1 per tile, complete or not (Rules B-18, B-35); nothing unfinished under the
/// house rule V-06.
pub(crate) fn road_points(tiles: u32, complete: bool, rules: &RuleSet) -> (u32, RuleRef) {
    match (complete, rules.score_incomplete) {
        (true, _) => (tiles, "B-18"),
        (false, true) => (tiles, "B-35"),
        (false, false) => (0, "V-06"),
    }
}

/// A city: complete 2 per tile and 2 per pennant (B-21), a two-tile city 2 plus its pennants
/// under the small-city rule (V-05, Q-20); unfinished 1 per tile and pennant (B-36).
pub(crate) fn city_points(tiles: u32, pennants: u32, complete: bool, rules: &RuleSet) -> (u32, RuleRef) {
    match (complete, rules.score_incomplete) {
        (true, _) if rules.small_city && tiles == 2 => {
            (2 + if rules.small_city_pennants { pennants } else { 0 }, "V-05")
        }
        (true, _) => (2 * tiles + 2 * pennants, "B-21"),
        (false, true) => (tiles + pennants, "B-36"),
        (false, false) => (0, "V-06"),
    }
}

/// A cloister or shrine: 9 when surrounded (B-22, H-02), else 1 plus its neighbours (B-37).
pub(crate) fn building_points(neighbours: u32, complete: bool, rules: &RuleSet) -> (u32, RuleRef) {
    match (complete, rules.score_incomplete) {
        (true, _) => (9, "B-22"),
        (false, true) => (1 + neighbours, "B-37"),
        (false, false) => (0, "V-06"),
    }
}

/// A garden: as a cloister, by the abbot's rules: 9 when surrounded, else 1
/// plus its neighbours at the end.
pub(crate) fn garden_points(neighbours: u32, complete: bool, rules: &RuleSet) -> (u32, RuleRef) {
    match building_points(neighbours, complete, rules) {
        (points, "V-06") => (points, "V-06"),
        (points, _) if complete => (points, "A-07"),
        (points, _) => (points, "A-13"),
    }
}

/// What a road, city, cloister or shrine of this size is worth, and by which rule; `None`
/// for fields and rivers, which are not scored this way.
fn feature_value(
    kind: FeatureKind,
    tiles: u32,
    pennants: u32,
    neighbours: u32,
    complete: bool,
    rules: &RuleSet,
) -> Option<(u32, RuleRef)> {
    Some(match kind {
        FeatureKind::Road => road_points(tiles, complete, rules),
        FeatureKind::City => city_points(tiles, pennants, complete, rules),
        FeatureKind::Cloister => building_points(neighbours, complete, rules),
        // A shrine scores as a cloister does (H-02).
        FeatureKind::Shrine => match building_points(neighbours, complete, rules) {
            (points, "V-06") => (points, "V-06"),
            (points, _) => (points, "H-02"),
        },
        FeatureKind::Garden => garden_points(neighbours, complete, rules),
        FeatureKind::Field | FeatureKind::River => return None,
    })
}

fn neighbours(board: &Board, feature: SegmentId, kind: FeatureKind) -> u32 {
    if kind.is_building() {
        board.building_neighbours(feature) as u32
    } else {
        0
    }
}

/// Scores a road, city, cloister or shrine for the majority of its followers (B-23, B-25).
/// Returns `None` when nobody stands on it.
pub(crate) fn score_feature(board: &Board, feature: SegmentId, rules: &RuleSet, final_scoring: bool) -> Option<Score> {
    let followers = *board.followers_on(feature);
    let winners = followers.leaders();
    if winners.is_empty() {
        return None;
    }
    let view = board.view(feature);
    let complete = counts_as_complete(board, feature, rules);
    let neighbours = neighbours(board, feature, view.kind);
    let (points, rule) = feature_value(view.kind, view.tiles.len() as u32, view.pennants, neighbours, complete, rules)?;
    Some(Score {
        source: ScoreSource::from(view.kind),
        outvoted: followers.outvoted(),
        winners,
        points,
        tiles: view.tiles,
        pennants: view.pennants,
        neighbours,
        cities: Vec::new(),
        carcassonne: false,
        followers,
        complete,
        final_scoring,
        anchor: view.anchor,
        rule,
        goods: None,
        pigs: PlayerSet::EMPTY,
    })
}

/// The points of [`score_feature`] without the explanation: who wins and how much. Nothing
/// is allocated, so the live "if the game ended now" score stays cheap on every turn.
pub(crate) fn feature_points(board: &Board, feature: SegmentId, rules: &RuleSet) -> Option<(PlayerSet, u32)> {
    let winners = board.followers_on(feature).leaders();
    if winners.is_empty() {
        return None;
    }
    let kind = board.kind(feature);
    let (tiles, pennants) = board.measure(feature);
    let pennants = if kind == FeatureKind::City { pennants } else { 0 };
    let complete = counts_as_complete(board, feature, rules);
    let (points, _) = feature_value(kind, tiles, pennants, neighbours(board, feature, kind), complete, rules)?;
    Some((winners, points))
}

/// Whether the rules call the feature complete: a road closed into a loop is not under the
/// 2000 text, so at the end it scores as unfinished (B-35, or nothing under V-06).
fn counts_as_complete(board: &Board, feature: SegmentId, rules: &RuleSet) -> bool {
    board.is_complete(feature) && (rules.road_loops_complete || !board.is_road_loop(feature))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn city_values_by_edition() {
        let current = RuleSet::default();
        assert_eq!(city_points(3, 1, true, &current).0, 8, "B-21: 2×3 + 2×1");
        assert_eq!(city_points(2, 0, true, &current).0, 4, "two-tile city, current rules");
        assert_eq!(city_points(2, 1, false, &current).0, 3, "B-36: 2 tiles + 1 pennant unfinished");
        let old = RuleSet::first_edition();
        assert_eq!(city_points(2, 0, true, &old).0, 2, "V-05: small city scores 2");
        assert_eq!(city_points(2, 1, true, &old).0, 3, "Q-20: plus one per pennant");
        assert_eq!(city_points(3, 0, true, &old).0, 6, "larger cities unchanged");
        let house = RuleSet { score_incomplete: false, ..RuleSet::default() };
        assert_eq!(city_points(5, 3, false, &house).0, 0, "V-06");
        assert_eq!(road_points(4, false, &current).0, 4, "B-35");
        assert_eq!(building_points(5, false, &current).0, 6, "B-37: 1 + 5 neighbours");
        assert_eq!(building_points(8, true, &current).0, 9, "B-22");
    }
}
