//! A finished game's result: the ranking, the end count step by step (each farm with its
//! fields and the cities it supplies), and what the other farm rule would have given.

use super::score::ScoreView;
use crate::request::Spot;
use castellan_engine::{Cell, Event, FarmRule, Game, Move, PlayerId, Port, QuarterMove, Score, ScoreSource};
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
    pub places: Vec<String>,
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
                for o in others.iter().filter(|o| o.source == ScoreSource::FarmCity && supplies(score, o)) {
                    for w in o.winners.iter() {
                        points[w.index()] += o.points;
                    }
                }
            }
            // Today's rule pays every farm around the city its own 3 for it (B-41, B-43); the
            // farms' grass is outlined together.
            ScoreSource::FarmCity => {
                for o in others.iter().filter(|o| o.source == ScoreSource::Farm && supplies(o, score)) {
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
/// score (`farm`) supplies. Both games lie on the same board, so a city has the same anchor.
fn supplies(farm: &Score, city: &Score) -> bool {
    if city.carcassonne {
        farm.carcassonne
    } else {
        city.cities.first().is_some_and(|c| farm.cities.contains(c))
    }
}

/// The scores of the final count, in the order they were made.
fn final_scores(game: &Game) -> impl Iterator<Item = &Score> {
    game.events().iter().filter_map(|e| match e {
        Event::Scored(s) if s.final_scoring => Some(&**s),
        _ => None,
    })
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
            let places: Vec<String> = FIELD_PLACES
                .into_iter()
                .filter(|&p| game.feature_at(cell, p).is_some_and(|f| f.anchor == farm.anchor))
                .map(|p| p.name().to_string())
                .collect();
            (!places.is_empty()).then_some(FieldPiece { at: [cell.x, cell.y], places })
        })
        .collect()
}

/// The final count step by step, read off the game's events.
fn count_of(game: &Game) -> CountView {
    let mut before = game.scores().to_vec();
    let steps = final_scores(game)
        .map(|s| {
            let mut adds = vec![0; game.player_count()];
            for w in s.winners.iter() {
                adds[w.index()] += s.points;
                // A score is the sum of its Scored events: taking the count's off leaves the
                // score before it.
                before[w.index()] = before[w.index()].saturating_sub(s.points);
            }
            CountStepView { score: ScoreView::of(s, game), adds, farm: farm_step(s, game) }
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
        cities: s
            .cities
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::Table;
    use crate::view::GameView;
    use castellan_engine::Standing;
    use castellan_engine::{Cell, GameSetup, Move, Port, Rotation, TileId};
    use castellan_ledger::Ledger;
    use chrono::{DateTime, Utc};

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-20T19:30:00Z").unwrap().with_timezone(&Utc)
    }

    /// A finished table with one farm supplying three completed cities: Anna has two farmers
    /// on it and Bram one, and Bram has two more on a small farm below the east city.
    ///
    /// ```text
    ///            x=-2   -1    0     1     2
    ///   y=0                   D                 start tile: city north, road west–east
    ///   y=1       E'    B     E'    B     E'    E' = E turned 180°: city south, grass N/E/W
    ///   y=2       K           E           E     E, K: city north closes each two-tile city
    /// ```
    ///
    /// (The base game has five E tiles; K is an E with a bend of road in its south-west.)
    ///
    /// Farm 1 is the grass south of D's road and all of row 1 (Anna ×2 on (-2,1) and (-1,1),
    /// Bram on (1,1)). Each E below row 1 has grass of its own, cut off from its neighbours by
    /// the empty cells between them; Bram has two farmers on the one at (2,2).
    fn three_city_farm(farms: castellan_engine::FarmRule) -> GameView {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.mode = castellan_engine::Mode::FinalBoard;
        setup.rules.farms = farms;
        let mut table = Table::new(Ledger::open_in_memory().unwrap());
        table.start(setup, None, now()).unwrap();
        let tile = |n| TileId::from_name(n).unwrap();
        for (name, x, y, r) in [
            ("E", 0, 1, Rotation::R180),
            ("B", -1, 1, Rotation::R0),
            ("E", -2, 1, Rotation::R180),
            ("B", 1, 1, Rotation::R0),
            ("E", 2, 1, Rotation::R180),
            ("K", -2, 2, Rotation::R0),
            ("E", 0, 2, Rotation::R0),
            ("E", 2, 2, Rotation::R0),
        ] {
            table.play(Move::place(tile(name), Cell::new(x, y), r, None), now()).unwrap();
        }
        let (anna, bram) = (PlayerId(0), PlayerId(1));
        for (who, x, y, port) in [
            (anna, -2, 1, Port::NL),
            (anna, -1, 1, Port::NL),
            (bram, 1, 1, Port::NL),
            (bram, 2, 2, Port::SL),
            (bram, 2, 2, Port::SR),
        ] {
            table.play(Move::Stand { player: who, at: Standing::Board(Cell::new(x, y), port) }, now()).unwrap();
        }
        GameView::of(table.finish(Vec::new(), now()).unwrap())
    }

    #[test]
    fn a_farm_step_shows_its_fields_cities_farmers_and_the_2000_figure() {
        let view = three_city_farm(castellan_engine::FarmRule::Current);
        let result = view.result.expect("counted");
        let count = &result.count;

        // Farm 1: 3 cities × 3 = 9 to Anna (2 farmers against 1); the east farm: its one city
        // × 3 = 3 to Bram. Nothing else stands on the board.
        assert_eq!(count.before, vec![0, 0], "no points before the count");
        assert_eq!(count.steps.iter().map(|s| s.adds.clone()).collect::<Vec<_>>(), vec![vec![9, 0], vec![0, 3]]);
        let total: Vec<u32> =
            (0..2).map(|i| count.before[i] + count.steps.iter().map(|s| s.adds[i]).sum::<u32>()).collect();
        assert_eq!(total, vec![view.players[0].score, view.players[1].score], "before + every step = final");

        let farm = count.steps[0].farm.as_ref().expect("a farm step");
        assert_eq!(farm.farmers, vec![2, 1]);
        assert!(!farm.carcassonne);
        let mut cities: Vec<_> = farm.cities.iter().map(|c| c.tiles.clone()).collect();
        cities.sort();
        assert_eq!(cities, vec![vec![[-2, 1], [-2, 2]], vec![[0, 1], [0, 2]], vec![[2, 1], [2, 2]]]);
        // The outline follows the grass: south of D's road only (its east half below the road,
        // its south edge, the south half of its west edge), all of each B, and the three grass
        // sides of each E' — never the cities' halves of a tile.
        let pieces = |at: [i32; 2]| farm.fields.iter().find(|p| p.at == at).map(|p| p.places.join(" "));
        assert_eq!(pieces([0, 0]).as_deref(), Some("ER SL SR WL"));
        for b in [[-1, 1], [1, 1]] {
            assert_eq!(pieces(b).as_deref(), Some("NL NR EL ER SL SR WL WR"), "B at {b:?}");
        }
        for e in [[-2, 1], [0, 1], [2, 1]] {
            assert_eq!(pieces(e).as_deref(), Some("NL NR EL ER WL WR"), "E' at {e:?}");
        }
        assert_eq!(farm.fields.len(), 6, "row 2's grass is other farms: {:?}", farm.fields);

        // The 2000 rule pays city by city, 4 to the most farmers on all the farms around it:
        //   west city (-2): farm 1 only, Anna 2 : Bram 1        → Anna 4
        //   middle city (0): farm 1 only, Anna 2 : Bram 1       → Anna 4
        //   east city (2): farm 1 and the east farm, Anna 2 : Bram 1 + 2 = 3 → Bram 4
        // so for farm 1 it gives Anna 4 + 4 = 8 and Bram 4, where today's rule gives Anna 9.
        let other = farm.other_rule.as_ref().expect("a game with farms");
        assert_eq!(other.rule, FarmRule::FirstEdition);
        assert_eq!(other.scores, vec![8, 4]);
        // The east farm supplies only the east city, which Bram takes under either rule.
        let east = count.steps[1].farm.as_ref().unwrap();
        assert_eq!((east.farmers.clone(), east.other_rule.as_ref().unwrap().scores.clone()), (vec![0, 2], vec![0, 4]));
        assert_eq!(result.other_farm_rule.unwrap().scores, vec![8, 4], "the whole game: the same three cities");
    }

    /// The same table under the 2000 rule: the count pays city by city, and each city's step
    /// outlines every farm around it.
    #[test]
    fn a_2000_city_step_outlines_the_farms_around_it_and_gives_todays_figure() {
        let view = three_city_farm(castellan_engine::FarmRule::FirstEdition);
        let count = view.result.expect("counted").count;
        assert_eq!(count.steps.len(), 3, "one step per completed city with farmers around it");
        let city = |x: i32| {
            count
                .steps
                .iter()
                .find(|s| s.farm.as_ref().is_some_and(|f| f.cities.iter().any(|c| c.tiles.contains(&[x, 1]))))
                .expect("a step for the city")
        };
        // East city: farm 1 (Anna 2, Bram 1) and the east farm (Bram 2) → Anna 2 : Bram 3, so
        // 4 to Bram. Today's rule would pay each farm 3 for it: farm 1 to Anna, the east farm to
        // Bram → Anna 3, Bram 3.
        let east = city(2);
        assert_eq!(east.adds, vec![0, 4]);
        let farm = east.farm.as_ref().unwrap();
        assert_eq!(farm.farmers, vec![2, 3]);
        assert_eq!(farm.other_rule.as_ref().map(|o| (o.rule, o.scores.clone())), Some((FarmRule::Current, vec![3, 3])));
        // Both farms' grass: farm 1's six tiles and the east farm's E below the city.
        let mut cells: Vec<[i32; 2]> = farm.fields.iter().map(|p| p.at).collect();
        cells.sort();
        assert_eq!(cells, vec![[-2, 1], [-1, 1], [0, 0], [0, 1], [1, 1], [2, 1], [2, 2]]);
        let below = farm.fields.iter().find(|p| p.at == [2, 2]).unwrap();
        assert_eq!(below.places.join(" "), "EL ER SL SR WL WR", "the E's grass, not its city's north edge");
        // West city: farm 1 alone → Anna 4 under 2000; today 3 to Anna.
        let west = city(-2);
        assert_eq!(
            (west.adds.clone(), west.farm.as_ref().unwrap().other_rule.as_ref().unwrap().scores.clone()),
            (vec![4, 0], vec![3, 0])
        );
        let total: Vec<u32> =
            (0..2).map(|i| count.before[i] + count.steps.iter().map(|s| s.adds[i]).sum::<u32>()).collect();
        assert_eq!(total, vec![view.players[0].score, view.players[1].score]);
    }
}
