//! The end-of-game farm count, in the current form and the 2000 edition's.
//!
//! Both read the same board facts: which farms exist, who stands on them, and which
//! completed cities each farm's grass touches along a wall (Rule B-42: never by a corner
//! alone — the catalog records contact per tile, and corners are no contact).

use super::pig::{push_with_pigs, Pigs};
use super::ScoreSink;
use crate::board::{Board, SegmentId};
use crate::event::{Score, ScoreLists, ScoreSource, Span};
use crate::player::{ByPlayer, PlayerSet};
use crate::rule::Rule;
use crate::rules::{FarmRule, RuleSet};
use crate::tile::FeatureKind;

/// The farms that have farmers, in the order each one's first farmer was placed: only they
/// can score, so the followers list finds them.
pub(crate) fn farms_with_farmers(board: &Board) -> Vec<SegmentId> {
    let mut farms: Vec<SegmentId> = Vec::with_capacity(board.followers().len());
    for follower in board.followers() {
        let farm = board.root(follower.segment);
        if board.kind(farm) == FeatureKind::Field && !farms.contains(&farm) {
            farms.push(farm);
        }
    }
    farms
}

/// Scores `farms` (see [`farms_with_farmers`]) onto `out`, in their order, with what the
/// pigs add (`pig.rs`). Each farm is met once, so the end count passes them as it finds them.
pub(crate) fn score_farms(
    board: &Board,
    rules: &RuleSet,
    farms: impl IntoIterator<Item = SegmentId>,
    pigs: Pigs,
    out: &mut impl ScoreSink,
) {
    match rules.farms {
        FarmRule::Off => {}
        FarmRule::Current => {
            for farm in farms {
                if let Some(s) = score_farm(board, farm, out.lists()) {
                    let cities = s.cities.len() as u32 + u32::from(s.carcassonne);
                    push_with_pigs(board, s, &[farm], (3, cities), pigs, Rule::T17, out);
                }
            }
        }
        FarmRule::FirstEdition => score_cities_for_farmers(board, farms, pigs, out),
    }
}

/// Current rules: the farm's owners (majority, ties shared; B-40) score 3 for every distinct
/// completed city it touches, open farm or not (B-41); a city touching several farms pays
/// each of them (B-43); the City of Carcassonne counts as one (C-21).
fn score_farm(board: &Board, farm: SegmentId, lists: &mut ScoreLists) -> Option<Score> {
    let followers = *board.followers_on(farm);
    // A big farmer weighs two (I-14).
    let weight = *board.weight_on(farm);
    let winners = weight.leaders();
    if winners.is_empty() {
        return None;
    }
    // Each completed city, named by its anchor as it is met.
    let cities = lists.add_cities(|cities| board.for_each_completed_city(farm, |c| cities.push(board.anchor(c))));
    let carcassonne = board.farm_touches_carcassonne(farm);
    let count = cities.len() as u32 + carcassonne as u32;
    Some(Score {
        source: ScoreSource::Farm,
        outvoted: weight.outvoted(),
        winners,
        points: farm_value(count),
        tiles: Span::default(),
        pennants: 0,
        neighbours: 0,
        cities,
        carcassonne,
        followers,
        weight,
        complete: false,
        final_scoring: true,
        anchor: board.anchor(farm),
        rule: if count == 0 { Rule::B44 } else { Rule::B41 },
        goods: None,
        pigs: PlayerSet::EMPTY,
    })
}

/// Current rules: 3 per completed city fed (B-41).
fn farm_value(completed_cities: u32) -> u32 {
    3 * completed_cities
}

/// The points of [`score_farm`] without the explanation; nothing is allocated.
pub(crate) fn farm_points(board: &Board, farm: SegmentId) -> Option<(PlayerSet, u32)> {
    let winners = board.weight_on(farm).leaders();
    if winners.is_empty() {
        return None;
    }
    let mut count = board.farm_touches_carcassonne(farm) as u32;
    board.for_each_completed_city(farm, |_| count += 1);
    Some((winners, farm_value(count)))
}

/// 2000 edition (V-01): city by city, 4 points to the players with the most farmers on all
/// the farms touching it, each farm counted once per city. The City of Carcassonne counts
/// as a city too.
fn score_cities_for_farmers(
    board: &Board,
    farms: impl IntoIterator<Item = SegmentId>,
    pigs: Pigs,
    out: &mut impl ScoreSink,
) {
    // City root → the farms touching it, in the order met.
    let mut cities: Vec<(Option<SegmentId>, Vec<SegmentId>)> = Vec::new();
    for farm in farms {
        let mut touched: Vec<Option<SegmentId>> = Vec::new();
        board.for_each_completed_city(farm, |c| touched.push(Some(c)));
        if board.farm_touches_carcassonne(farm) {
            touched.push(None);
        }
        for city in touched {
            match cities.iter_mut().find(|(c, _)| *c == city) {
                Some((_, fs)) => fs.push(farm),
                None => cities.push((city, vec![farm])),
            }
        }
    }
    for (city, around) in cities {
        let mut farmers = ByPlayer::<u8>::default();
        // A big farmer weighs two here as well (QX-12).
        let mut weight = ByPlayer::<u8>::default();
        for &f in &around {
            farmers.add(board.followers_on(f));
            weight.add(board.weight_on(f));
        }
        let winners = weight.leaders();
        if winners.is_empty() {
            continue;
        }
        let lists = out.lists();
        let tiles = city.map(|c| lists.add_tiles(|cells| board.tiles_into(c, cells)).0).unwrap_or_default();
        let anchor = city.map(|c| board.anchor(c));
        let score = Score {
            source: ScoreSource::FarmCity,
            outvoted: weight.outvoted(),
            winners,
            points: 4,
            tiles,
            pennants: 0,
            neighbours: 0,
            cities: lists.add_cities(|cities| cities.extend(anchor)),
            carcassonne: city.is_none(),
            followers: farmers,
            weight,
            complete: true,
            final_scoring: true,
            anchor: anchor.unwrap_or_else(|| board.anchor(around[0])),
            rule: Rule::V01,
            goods: None,
            pigs: PlayerSet::EMPTY,
        };
        // A pig in any farm through which its owner wins the city pays 5, not 4 (X-13, QX-06).
        push_with_pigs(board, score, &around, (4, 1), pigs, Rule::X13, out);
    }
}
