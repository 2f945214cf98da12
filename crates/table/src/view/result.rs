//! A finished game's result: the ranking, the end count step by step (each farm with its
//! fields and the cities it supplies), and what the other farm rule would have given.

use super::game::{follower_role, FollowerOnBoard};
use super::score::ScoreView;
use crate::request::Spot;
use castellan_engine::{
    Cell, Event, FarmRule, Figure, Game, Move, PlayerId, Port, QuarterMove, Score, ScoreSource, Standing,
};
use serde::Serialize;

/// How a counted game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ResultView {
    /// Best first; tied players share a rank.
    pub standings: Vec<StandingView>,
    /// The winners under the game's tie rule: all those tied on top, or none when a tie has
    /// no winner.
    pub winners: Vec<u32>,
    /// The same game counted under the other farm rule, for comparison; `null` without farms.
    pub other_farm_rule: Option<FarmComparison>,
    /// The final count told step by step, from the totals before it.
    pub count: CountView,
}

/// The final count as the table tells it: the totals before it, then each score in the order
/// it was made, with what it adds to whom. The totals before plus every step's points are the
/// final scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CountView {
    /// Each seat's score before the final count.
    pub before: Vec<u32>,
    /// The count's scores, oldest first: the feed's final lines in reverse.
    pub steps: Vec<CountStepView>,
}

/// One score of the final count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CountStepView {
    /// The score, as the feed shows it.
    pub score: ScoreView,
    /// The points it adds, by seat: the score's points to each winner, 0 to the others.
    pub adds: Vec<u32>,
    /// A farm (or, under the 2000 rule, a city paid to its farmers): the fields to outline,
    /// the cities supplied and who farms there.
    pub farm: Option<FarmStepView>,
    /// The end count of a kind of goods: the tokens of that kind each seat holds, the
    /// majority the step pays (T-05). Left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub goods: Option<Vec<u32>>,
    /// The end count of a player's gold: the ingots they hold, which the step pays (GM-07).
    /// Left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub ingots: Option<u32>,
    /// The figures this score sends home, as they stood: they stay on the board until it is
    /// told, and leave with it. Farmers are sent home by none (they stay on the counted board).
    pub home: Vec<FollowerOnBoard>,
}

/// A farm's step of the final count, drawn on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FarmStepView {
    /// The farm's grass tile by tile (under the 2000 rule: of every farm around the city).
    pub fields: Vec<FieldPiece>,
    /// The completed cities supplied, in the order they are numbered.
    pub cities: Vec<SuppliedCity>,
    /// Whether the City of Carcassonne is supplied too: one more city, numbered last.
    pub carcassonne: bool,
    /// Farmers there, by seat.
    pub farmers: Vec<u32>,
    /// What the other farm rule gives for the same farm (or city), by seat; `null` when the
    /// game could not be counted again.
    pub other_rule: Option<FarmComparison>,
}

/// The part of one tile that belongs to a farm.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FieldPiece {
    /// The tile's cell, `[x, y]`.
    pub at: [i32; 2],
    /// The farm's places on the tile, board orientation: halves of edges (`NL`, `ER`, …) and
    /// the enclosed fields `I` and `II`. The grass between a half edge and the tile's centre
    /// is the farm's.
    pub places: Vec<Port>,
}

/// A completed city a farm supplies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct SuppliedCity {
    /// A place naming the city, where its number is shown.
    pub at: Spot,
    /// Its tiles.
    pub tiles: Vec<[i32; 2]>,
}

/// One player's place in the ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct StandingView {
    /// The seat.
    pub seat: u32,
    /// The final score.
    pub score: u32,
    /// 1 for the best.
    pub rank: u32,
}

/// The scores had the other farm rule been played: each seat's final score, or for one farm
/// of the count the points that rule gives for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FarmComparison {
    /// The other rule: the current one or the 2000 edition's.
    pub rule: FarmRule,
    /// By seat: the final score under it, or for one farm what it gives for that farm.
    pub scores: Vec<u32>,
}

/// The game replayed and counted under the other farm rule: farms change nothing during play,
/// so only the final count differs. `None` in a game without farms.
pub fn other_farm_rule(game: &Game, moves: &[Move], final_moves: &[QuarterMove]) -> Option<FarmComparison> {
    recounted(game, moves, final_moves).map(|(rule, other)| FarmComparison { rule, scores: other.scores().to_vec() })
}

/// The game counted again under the other farm rule, and which rule that is.
fn recounted(game: &Game, moves: &[Move], final_moves: &[QuarterMove]) -> Option<(FarmRule, Game)> {
    let mut setup = game.setup().clone();
    let rule = match setup.rules.farms {
        FarmRule::Current => FarmRule::FirstEdition,
        FarmRule::FirstEdition => FarmRule::Current,
        FarmRule::Off => return None,
    };
    setup.rules.farms = rule;
    let mut other = Game::replay(&setup, moves).ok()?;
    other.finish_with(final_moves).ok()?;
    Some((rule, other))
}

/// Completes a counted game's result with the other farm rule: the final scores under it,
/// and for each farm step what it gives for that farm.
pub(super) fn add_other_rule(result: &mut ResultView, game: &Game, moves: &[Move], final_moves: &[QuarterMove]) {
    let Some((rule, other)) = recounted(game, moves, final_moves) else { return };
    result.other_farm_rule = Some(FarmComparison { rule, scores: other.scores().to_vec() });
    let others: Vec<&Score> = final_scores(&other).collect();
    for (step, score) in result.count.steps.iter_mut().zip(final_scores(game)) {
        let Some(farm) = step.farm.as_mut() else { continue };
        let mut points = vec![0; game.player_count()];
        match score.source {
            // The 2000 rule pays each city this farm supplies to the most farmers on all the
            // farms around that city (V-01): 4 to each of them, city by city.
            ScoreSource::Farm => {
                for o in
                    others.iter().filter(|o| o.source == ScoreSource::FarmCity && supplies((score, game), (o, &other)))
                {
                    for w in o.winners.iter() {
                        points[w.index()] += o.points;
                    }
                }
            }
            // Today's rule pays every farm around the city its own 3 for it (B-41, B-43); the
            // farms' grass is outlined together.
            ScoreSource::FarmCity => {
                for o in others.iter().filter(|o| o.source == ScoreSource::Farm && supplies((o, &other), (score, game)))
                {
                    for w in o.winners.iter() {
                        points[w.index()] += 3;
                    }
                    for piece in field_pieces(game, o.anchor) {
                        match farm.fields.iter_mut().find(|p| p.at == piece.at) {
                            Some(p) => {
                                for place in piece.places {
                                    if !p.places.contains(&place) {
                                        p.places.push(place);
                                    }
                                }
                            }
                            None => farm.fields.push(piece),
                        }
                    }
                }
            }
            _ => continue,
        }
        farm.other_rule = Some(FarmComparison { rule, scores: points });
    }
}

/// Whether the city a 2000-edition score pays (`city`) is one the farm of a current-rule
/// score (`farm`) supplies, each with the game that made it. Both games lie on the same board,
/// so a city has the same anchor.
fn supplies((farm, farm_game): (&Score, &Game), (city, city_game): (&Score, &Game)) -> bool {
    if city.carcassonne {
        farm.carcassonne
    } else {
        let fed = farm_game.score_lists().cities(farm);
        city_game.score_lists().cities(city).first().is_some_and(|c| fed.contains(c))
    }
}

/// The scores of the final count, in the order they were made.
fn final_scores(game: &Game) -> impl Iterator<Item = &Score> {
    game.events().iter().filter_map(|e| match e {
        Event::Scored(s) if s.final_scoring => Some(s),
        _ => None,
    })
}

/// The scores of the final count in the order they were made, each with the figures it sent
/// home: the count logs a score's returned figures right after it (B-33).
fn final_scores_and_homes(game: &Game) -> Vec<(&Score, Vec<FollowerOnBoard>)> {
    let events = game.events();
    let Some(start) = events.iter().position(|e| matches!(e, Event::FinalScoringStarted)) else { return Vec::new() };
    let mut scores: Vec<(&Score, Vec<FollowerOnBoard>)> = Vec::new();
    for e in &events[start..] {
        match *e {
            Event::Scored(ref s) if s.final_scoring => scores.push((s, Vec::new())),
            Event::FollowerReturned { player, cell, port } => {
                if let Some((_, home)) = scores.last_mut() {
                    home.push(FollowerOnBoard {
                        seat: player.index() as u32,
                        x: cell.x,
                        y: cell.y,
                        place: port,
                        role: follower_role(game, cell, port),
                        figure: figure_put(&events[..start], cell, port),
                    });
                }
            }
            _ => {}
        }
    }
    scores
}

/// The kind of figure last put on `port` of the tile at `cell`: a returned figure's event
/// names its place, not its kind.
fn figure_put(events: &[Event], cell: Cell, port: Port) -> Figure {
    events
        .iter()
        .rev()
        .find_map(|e| match *e {
            Event::FollowerDeployed { cell: c, port: p, figure, .. } if (c, p) == (cell, port) => Some(figure),
            Event::FollowerStood { at: Standing::Board(c, p), figure, .. } if (c, p) == (cell, port) => Some(figure),
            Event::FollowerMoved { cell: c, port: p, big, .. } if (c, p) == (cell, port) => {
                Some(if big { Figure::Big } else { Figure::Follower })
            }
            _ => None,
        })
        .unwrap_or(Figure::Follower)
}

/// The places on a tile that can lie in a farm: the halves of its edges, and the two enclosed
/// fields of KR5.
const FIELD_PLACES: [Port; 10] =
    [Port::NL, Port::NR, Port::EL, Port::ER, Port::SL, Port::SR, Port::WL, Port::WR, Port::I, Port::II];

/// A farm's grass tile by tile, to draw its outline along its fields rather than round whole
/// tiles: on each of its tiles, the places that belong to it.
fn field_pieces(game: &Game, anchor: (Cell, Port)) -> Vec<FieldPiece> {
    let Some(farm) = game.feature_at(anchor.0, anchor.1) else { return Vec::new() };
    farm.tiles
        .iter()
        .filter_map(|&cell| {
            let places: Vec<Port> = FIELD_PLACES
                .into_iter()
                .filter(|&p| game.feature_at(cell, p).is_some_and(|f| f.anchor == farm.anchor))
                .collect();
            (!places.is_empty()).then_some(FieldPiece { at: [cell.x, cell.y], places })
        })
        .collect()
}

/// The final count step by step, read off the game's events.
fn count_of(game: &Game) -> CountView {
    let mut before = game.scores().to_vec();
    let steps = final_scores_and_homes(game)
        .into_iter()
        .map(|(s, home)| {
            let mut adds = vec![0; game.player_count()];
            for w in s.winners.iter() {
                adds[w.index()] += s.points;
                // A score is the sum of its Scored events: taking the count's off leaves the
                // score before it.
                before[w.index()] = before[w.index()].saturating_sub(s.points);
            }
            // Tokens are never spent, so those held at the end are those the count weighed.
            let goods = s.goods.map(|kind| game.goods().iter().map(|held| u32::from(held[kind])).collect());
            // Ingots are never spent either: those held at the end are those the count paid.
            let ingots = (s.source == ScoreSource::Gold)
                .then(|| s.winners.iter().map(|w| u32::from(game.gold()[w.index()])).sum());
            CountStepView { score: ScoreView::of(s, game), adds, farm: farm_step(s, game), goods, ingots, home }
        })
        .collect();
    CountView { before, steps }
}

fn farm_step(s: &Score, game: &Game) -> Option<FarmStepView> {
    if !matches!(s.source, ScoreSource::Farm | ScoreSource::FarmCity) {
        return None;
    }
    Some(FarmStepView {
        // A city paid to farmers names no farm: its farms' grass comes with the other rule's
        // count (`add_other_rule`), which scores farm by farm.
        fields: if s.source == ScoreSource::Farm { field_pieces(game, s.anchor) } else { Vec::new() },
        cities: game
            .score_lists()
            .cities(s)
            .iter()
            .map(|&(cell, port)| SuppliedCity {
                at: Spot::from((cell, port)),
                tiles: game
                    .feature_at(cell, port)
                    .map(|f| f.tiles.iter().map(|c| [c.x, c.y]).collect())
                    .unwrap_or_default(),
            })
            .collect(),
        carcassonne: s.carcassonne,
        farmers: (0..game.player_count()).map(|i| u32::from(s.followers[PlayerId(i as u8)])).collect(),
        other_rule: None,
    })
}

pub(super) fn result_of(game: &Game) -> Option<ResultView> {
    game.is_finished().then(|| ResultView {
        standings: game
            .standings()
            .into_iter()
            .map(|(p, score, rank)| StandingView { seat: p.index() as u32, score, rank })
            .collect(),
        winners: game.winners().into_iter().map(|p| p.index() as u32).collect(),
        other_farm_rule: None,
        count: count_of(game),
    })
}
