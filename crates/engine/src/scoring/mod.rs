//! How many points a feature is worth, and to whom. One function per rule.
//!
//! During play and at the end the same functions are used; `complete` says which table of
//! values applies. Followers are not touched here: returning them is the game's business.

mod farm;
mod gold;
mod goods;
mod magic;
mod pig;
mod title;

pub(crate) use farm::{farm_points, farms_with_farmers, score_farms};
pub(crate) use gold::score_gold;
pub(crate) use goods::score_goods;
pub(crate) use magic::{apply_magic, magic_rule};
pub(crate) use pig::Pigs;
pub(crate) use title::score_titles;

use crate::board::{Board, Drawn, Follower, SegmentId};
use crate::event::{Score, ScoreLists, ScoreSource, Span};
use crate::player::PlayerSet;
use crate::rule::Rule;
use crate::rules::RuleSet;
use crate::tile::FeatureKind;

/// Where scores go as they are made, with the lists they name: a game's event log during
/// the end count, or a [`Counted`] for the count asked for without changing the game.
pub(crate) trait ScoreSink {
    /// The lists the scores name.
    fn lists(&mut self) -> &mut ScoreLists;
    /// A score, in the order made.
    fn add(&mut self, score: Score);
    /// A follower freed by the score just pushed goes home.
    fn home(&mut self, _follower: &Follower) {}
}

/// Scores and the lists they name, kept apart from any game.
#[derive(Debug, Default)]
pub(crate) struct Counted {
    pub(crate) scores: Vec<Score>,
    pub(crate) lists: ScoreLists,
}

impl ScoreSink for Counted {
    fn lists(&mut self) -> &mut ScoreLists {
        &mut self.lists
    }

    fn add(&mut self, score: Score) {
        self.scores.push(score);
    }
}

/// A road: 1 per tile, complete or not (Rules B-18, B-35); nothing unfinished under the
/// house rule V-06. With an inn, 2 per tile when finished (I-05) and nothing when not (I-06),
/// whatever V-06 says; more inns change nothing.
pub(crate) fn road_points(tiles: u32, inn: bool, complete: bool, rules: &RuleSet) -> (u32, Rule) {
    match (complete, rules.score_incomplete) {
        (true, _) if inn => (2 * tiles, Rule::I05),
        (false, _) if inn => (0, Rule::I06),
        (true, _) => (tiles, Rule::B18),
        (false, true) => (tiles, Rule::B35),
        (false, false) => (0, Rule::V06),
    }
}

/// A city: complete 2 per tile and 2 per pennant (B-21), a two-tile city 2 plus its pennants
/// under the small-city rule (V-05, Q-20); unfinished 1 per tile and pennant (B-36). With a
/// cathedral, 3 per tile and pennant when finished (I-07) and nothing when not (I-08), whatever
/// V-06 says; a cathedral city has five tiles at least (I-10), so V-05 never meets it.
pub(crate) fn city_points(tiles: u32, pennants: u32, cathedral: bool, complete: bool, rules: &RuleSet) -> (u32, Rule) {
    match (complete, rules.score_incomplete) {
        (true, _) if cathedral => (3 * tiles + 3 * pennants, Rule::I07),
        (false, _) if cathedral => (0, Rule::I08),
        (true, _) if rules.small_city && tiles == 2 => {
            (2 + if rules.small_city_pennants { pennants } else { 0 }, Rule::V05)
        }
        (true, _) => (2 * tiles + 2 * pennants, Rule::B21),
        (false, true) => (tiles + pennants, Rule::B36),
        (false, false) => (0, Rule::V06),
    }
}

/// A cloister or shrine: 9 when surrounded (B-22, H-02), else 1 plus its neighbours (B-37).
pub(crate) fn building_points(neighbours: u32, complete: bool, rules: &RuleSet) -> (u32, Rule) {
    match (complete, rules.score_incomplete) {
        (true, _) => (9, Rule::B22),
        (false, true) => (1 + neighbours, Rule::B37),
        (false, false) => (0, Rule::V06),
    }
}

/// A garden: as a cloister, by the abbot's rules: 9 when surrounded, else 1
/// plus its neighbours at the end.
pub(crate) fn garden_points(neighbours: u32, complete: bool, rules: &RuleSet) -> (u32, Rule) {
    match building_points(neighbours, complete, rules) {
        (points, Rule::V06) => (points, Rule::V06),
        (points, _) if complete => (points, Rule::A07),
        (points, _) => (points, Rule::A13),
    }
}

/// What a road, city, cloister or shrine of this size is worth, and by which rule; `None`
/// for fields and rivers, which are not scored this way.
fn feature_value(
    kind: FeatureKind,
    tiles: u32,
    drawn: Drawn,
    neighbours: u32,
    complete: bool,
    rules: &RuleSet,
) -> Option<(u32, Rule)> {
    Some(match kind {
        FeatureKind::Road => road_points(tiles, drawn.inn, complete, rules),
        FeatureKind::City => city_points(tiles, drawn.pennants, drawn.cathedral, complete, rules),
        FeatureKind::Cloister => building_points(neighbours, complete, rules),
        // A shrine scores as a cloister does (H-02).
        FeatureKind::Shrine => match building_points(neighbours, complete, rules) {
            (points, Rule::V06) => (points, Rule::V06),
            (points, _) => (points, Rule::H02),
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

/// Scores a road, city, cloister or shrine for the majority of its followers (B-23, B-25), a
/// big follower weighing two (I-12), its tiles going onto `lists`.
/// Returns `None` when nobody stands on it.
pub(crate) fn score_feature(
    board: &Board,
    feature: SegmentId,
    rules: &RuleSet,
    final_scoring: bool,
    lists: &mut ScoreLists,
) -> Option<Score> {
    let feature = board.root(feature);
    let weight = *board.weight_on(feature);
    let winners = weight.leaders();
    let kind = board.kind(feature);
    if winners.is_empty() || matches!(kind, FeatureKind::Field | FeatureKind::River) {
        return None;
    }
    let (tiles, drawn) = lists.add_tiles(|out| board.tiles_into(feature, out));
    // The end count scores only the features it found unfinished: it passes over the others,
    // whose followers went home when they completed.
    debug_assert!(!final_scoring || !counts_as_complete(board, feature, rules), "the end count scores the unfinished");
    let complete = !final_scoring && counts_as_complete(board, feature, rules);
    let neighbours = neighbours(board, feature, kind);
    let (points, rule) = feature_value(kind, tiles.len() as u32, drawn, neighbours, complete, rules)?;
    Some(Score {
        source: ScoreSource::from(kind),
        outvoted: weight.outvoted(),
        winners,
        points,
        tiles,
        pennants: drawn.pennants,
        neighbours,
        cities: Span::default(),
        carcassonne: false,
        followers: *board.followers_on(feature),
        weight,
        complete,
        final_scoring,
        anchor: board.anchor(feature),
        rule,
        goods: None,
        pigs: PlayerSet::EMPTY,
    })
}

/// The points of [`score_feature`] without the explanation: who wins and how much. Nothing
/// is allocated, so the live "if the game ended now" score stays cheap on every turn.
/// `magic` is the mage or the witch on the feature, if one stands there (MW-06, MW-07).
pub(crate) fn feature_points(
    board: &Board,
    feature: SegmentId,
    rules: &RuleSet,
    magic: Option<crate::game::MagicFigure>,
) -> Option<(PlayerSet, u32)> {
    let winners = board.weight_on(feature).leaders();
    if winners.is_empty() {
        return None;
    }
    let kind = board.kind(feature);
    let (tiles, mut drawn) = board.measure(feature);
    if kind != FeatureKind::City {
        drawn.pennants = 0;
    }
    let complete = counts_as_complete(board, feature, rules);
    let (points, rule) = feature_value(kind, tiles, drawn, neighbours(board, feature, kind), complete, rules)?;
    match magic {
        Some(figure) if rule != Rule::V06 => Some((winners, magic::magic_points(figure, points, tiles))),
        _ => Some((winners, points)),
    }
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
        assert_eq!(city_points(3, 1, false, true, &current).0, 8, "B-21: 2×3 + 2×1");
        assert_eq!(city_points(2, 0, false, true, &current).0, 4, "two-tile city, current rules");
        assert_eq!(city_points(2, 1, false, false, &current).0, 3, "B-36: 2 tiles + 1 pennant unfinished");
        let old = RuleSet::first_edition();
        assert_eq!(city_points(2, 0, false, true, &old).0, 2, "V-05: small city scores 2");
        assert_eq!(city_points(2, 1, false, true, &old).0, 3, "Q-20: plus one per pennant");
        assert_eq!(city_points(3, 0, false, true, &old).0, 6, "larger cities unchanged");
        let house = RuleSet { score_incomplete: false, ..RuleSet::default() };
        assert_eq!(city_points(5, 3, false, false, &house).0, 0, "V-06");
        assert_eq!(road_points(4, false, false, &current).0, 4, "B-35");
        assert_eq!(building_points(5, false, &current).0, 6, "B-37: 1 + 5 neighbours");
        assert_eq!(building_points(8, true, &current).0, 9, "B-22");
    }

    #[test]
    fn inns_and_cathedrals_double_or_nothing() {
        let current = RuleSet::default();
        let house = RuleSet { score_incomplete: false, ..RuleSet::default() };
        assert_eq!(road_points(5, true, true, &current), (10, Rule::I05), "2 per tile finished");
        assert_eq!(road_points(4, true, false, &current), (0, Rule::I06), "nothing open at the end");
        assert_eq!(road_points(4, true, false, &house), (0, Rule::I06), "the same under V-06 (X-10)");
        assert_eq!(city_points(6, 1, true, true, &current), (21, Rule::I07), "3 per tile and pennant");
        assert_eq!(city_points(6, 1, false, true, &current), (14, Rule::B21), "without the cathedral");
        assert_eq!(city_points(4, 1, true, false, &current), (0, Rule::I08), "nothing open at the end");
        assert_eq!(city_points(4, 1, false, false, &current), (5, Rule::B36));
        assert_eq!(city_points(5, 0, true, false, &house), (0, Rule::I08), "the same under V-06 (X-10)");
        let old = RuleSet::first_edition();
        assert_eq!(city_points(5, 0, true, true, &old), (15, Rule::I07), "V-05 touches two-tile cities only");
    }
}
