//! What the table screen shows of a game, as plain data for the UI.
//!
//! Everything here is read off the engine; the UI computes no rule. With the `specta`
//! feature the types also describe themselves, so the UI's TypeScript types are generated
//! from these.

use crate::live::{stored_history, LiveGame};
use crate::placement::{role_of, FollowerRole};
use crate::request::Spot;
use crate::target::{followers_of, Survey, Target};
use crate::TableError;
use castellan_engine::{
    Cell, Color, Event, FarmRule, FeatureKind, Game, Mode, Move, OpenFeature, PlayerId, PlayerSet, Port, Quarter,
    QuarterMove, Score, ScoreSource, Standing, TileSet, Title, TrackPosition,
};
use castellan_ledger::{GameId, GameStatus, Ledger};
use serde::Serialize;

/// A game on the table, as the screen shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    /// The game's id in the ledger (row ids stay far below 2³², and JavaScript numbers hold
    /// them exactly).
    pub game_id: u32,
    /// Entered turn by turn, or as a finished table.
    pub mode: Mode,
    /// The players in turn order.
    pub players: Vec<PlayerView>,
    /// The seat whose turn it is.
    pub current: u32,
    /// The tiles on the board, in the order they were placed.
    pub tiles: Vec<TileOnBoard>,
    /// The followers standing on the board.
    pub followers: Vec<FollowerOnBoard>,
    /// What is left in the bag, by tile type.
    pub bag: Vec<BagCount>,
    /// Tiles left in the bag in all.
    pub tiles_left: u32,
    /// Every score so far, newest first.
    pub feed: Vec<ScoreView>,
    /// Moves in effect.
    pub cursor: u32,
    /// Moves entered, those taken back included.
    pub moves: u32,
    /// Whether a move can be taken back.
    pub can_undo: bool,
    /// Whether a taken-back move can be put back.
    pub can_redo: bool,
    /// Whether the final count has been made.
    pub finished: bool,
    /// The City of Carcassonne's quarters, in a game with the Count.
    pub city: Option<CityView>,
    /// King and Robber, in a game with those tiles.
    pub titles: Option<TitlesView>,
    /// Running challenges between a monk and a heretic.
    pub challenges: Vec<ChallengeView>,
    /// Unfinished features with followers on them, with what could still finish them.
    pub open: Vec<OpenFeatureView>,
    /// How many lines the turn log has. The lines themselves come from [`turn_log`] when the
    /// log is opened: a long game's log is most of a view, and a turn need not carry it.
    pub turn_count: u32,
    /// After the final count: the ranking, the winners, and the other farm rule's result.
    pub result: Option<ResultView>,
    /// A final board's scores before the end count, by seat, once the table gave them: the
    /// players' scores, the count's totals before it and the ranking include them. `null`
    /// when they were not given (a final board then knows only its end count) and in a game
    /// entered turn by turn.
    pub before_count: Option<Vec<u32>>,
}

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
fn add_other_rule(result: &mut ResultView, game: &Game, moves: &[Move], final_moves: &[QuarterMove]) {
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

fn result_of(game: &Game) -> Option<ResultView> {
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

/// What a move in the turn log did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
pub enum TurnKind {
    /// A tile placed, perhaps with a follower.
    Place,
    /// A tile put aside: it fitted nowhere.
    Discard,
    /// The City of Carcassonne laid against the river.
    City,
    /// Final board: a follower standing on a tile (`at`, `follower`) or in a quarter
    /// (`quarter`).
    Stand,
}

/// One move in the turn log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TurnView {
    /// Its index among the moves, from 0.
    pub index: u32,
    /// What the move did.
    pub kind: TurnKind,
    /// Who moved.
    pub seat: u32,
    /// The tile drawn; `null` for the City laid against the river and for a stand.
    pub tile: Option<String>,
    /// Where it went, `[x, y]`; `null` when it was put aside.
    pub at: Option<[i32; 2]>,
    /// How it was turned.
    pub rotation: u32,
    /// The place of the follower put on it (or, for a stand, standing on the tile at `at`).
    pub follower: Option<String>,
    /// Final board: the quarter of the City where a follower stands.
    pub quarter: Option<Quarter>,
    /// Where it went, as players point at it on the board as it stands now: the feature the
    /// follower went onto, else the tile's most telling feature; `null` for a tile put aside,
    /// the City laid and a follower in a quarter.
    pub feature: Option<Target>,
}

/// The City of Carcassonne: who has followers in which quarter, and where the Count stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CityView {
    /// The Count's quarter: nobody may leave it.
    pub count_at: Quarter,
    /// The four quarters.
    pub quarters: Vec<QuarterView>,
}

/// One quarter of the City.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct QuarterView {
    /// Which quarter.
    pub quarter: Quarter,
    /// Followers there, by seat.
    pub followers: Vec<u32>,
}

/// King and Robber, as held now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TitlesView {
    /// The King: largest completed city.
    pub king: Option<TitleView>,
    /// The Robber: longest completed road.
    pub robber: Option<TitleView>,
}

/// Who holds a title, and the size to beat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TitleView {
    /// The holder's seat.
    pub seat: u32,
    /// Tiles of the city (road) to beat.
    pub record: u32,
}

impl From<Title> for TitleView {
    fn from(t: Title) -> TitleView {
        TitleView { seat: t.holder.index() as u32, record: t.record }
    }
}

/// A monk and a heretic challenging each other: the first building finished wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ChallengeView {
    /// The cloister's tile.
    pub cloister: [i32; 2],
    /// The shrine's tile.
    pub shrine: [i32; 2],
    /// The cloister, described as players point at it.
    pub cloister_feature: Target,
    /// The shrine, described as players point at it.
    pub shrine_feature: Target,
}

/// An unfinished feature with followers on it: the table's warnings come from these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct OpenFeatureView {
    /// What it is: a road, city, cloister or shrine.
    pub kind: FeatureKind,
    /// A place naming it.
    pub at: Spot,
    /// Its tiles so far.
    pub tiles: Vec<[i32; 2]>,
    /// Seats with followers on it.
    pub seats: Vec<u32>,
    /// `false` when no tile left in the bag fits a cell it needs: it will stay unfinished.
    pub can_finish: bool,
    /// When a single tile would finish it: how many tiles left in the bag would.
    pub closers: Option<u32>,
    /// It, described as players point at it: whose, beside what, how large. Two described
    /// alike are numbered.
    pub feature: Target,
}

/// One player's standing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct PlayerView {
    /// Their name.
    pub name: String,
    /// Their follower colour.
    pub color: Color,
    /// Points so far.
    pub score: u32,
    /// Points if the game ended now: the final count, farms included, added.
    pub if_ended_now: u32,
    /// Followers in supply.
    pub supply: u32,
    /// Where their marker stands on the 50-space track and the tokens they hold.
    pub track: TrackView,
}

/// A position on the score track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TrackView {
    /// Space 0 to 49.
    pub space: u32,
    /// "50" tokens held (0 or 1).
    pub fifties: u32,
    /// "100" tokens held.
    pub hundreds: u32,
}

/// A tile on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TileOnBoard {
    /// The catalog id, e.g. `D`.
    pub tile: String,
    /// Column, growing east.
    pub x: i32,
    /// Row, growing south.
    pub y: i32,
    /// Turned clockwise by 0, 90, 180 or 270 degrees.
    pub rotation: u32,
}

/// A follower on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FollowerOnBoard {
    /// Whose: the seat in turn order.
    pub seat: u32,
    /// The tile's column.
    pub x: i32,
    /// The tile's row.
    pub y: i32,
    /// The place on the tile, in board orientation (`N`, `EL`, `C`, …).
    pub place: String,
    /// What the follower is there, so the board can draw its shape.
    pub role: FollowerRole,
}

/// Copies of a tile type left in the bag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct BagCount {
    /// The catalog id.
    pub tile: String,
    /// Copies left.
    pub count: u32,
}

/// One score with everything needed to say why, in words, in any language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ScoreView {
    /// What scored.
    pub kind: ScoreSource,
    /// Who scored, by seat.
    pub winners: Vec<u32>,
    /// Points to each of them.
    pub points: u32,
    /// Who had followers there but fewer, by seat.
    pub outvoted: Vec<u32>,
    /// The tiles counted, as `[x, y]`.
    pub tiles: Vec<[i32; 2]>,
    /// Pennants counted.
    pub pennants: u32,
    /// Neighbouring tiles counted (cloisters and shrines).
    pub neighbours: u32,
    /// Completed cities counted (farms, King), each named by one of its tiles.
    pub cities: Vec<[i32; 2]>,
    /// Whether the City of Carcassonne counted too.
    pub carcassonne: bool,
    /// Complete, or counted unfinished at the end.
    pub complete: bool,
    /// Scored in the final count.
    pub final_scoring: bool,
    /// The checklist id of the rule applied.
    pub rule: String,
    /// A place naming the feature scored, to find it on the board.
    pub at: Spot,
    /// Every tile of the completed cities counted (farms, the King), to light them up.
    pub city_tiles: Vec<[i32; 2]>,
}

fn seats(set: PlayerSet) -> Vec<u32> {
    set.iter().map(|p| p.index() as u32).collect()
}

impl ScoreView {
    fn of(s: &Score, game: &Game) -> ScoreView {
        let mut city_tiles: Vec<[i32; 2]> = Vec::new();
        for &(cell, port) in &s.cities {
            for c in game.feature_at(cell, port).map(|f| f.tiles).unwrap_or_default() {
                if !city_tiles.contains(&[c.x, c.y]) {
                    city_tiles.push([c.x, c.y]);
                }
            }
        }
        ScoreView {
            kind: s.source,
            winners: seats(s.winners),
            points: s.points,
            outvoted: seats(s.outvoted),
            // A farm's score names no tiles of its own; the board still knows them.
            tiles: if s.tiles.is_empty() {
                game.feature_at(s.anchor.0, s.anchor.1).map(|f| f.tiles).unwrap_or_default()
            } else {
                s.tiles.clone()
            }
            .iter()
            .map(|c| [c.x, c.y])
            .collect(),
            pennants: s.pennants,
            neighbours: s.neighbours,
            cities: s.cities.iter().map(|(c, _)| [c.x, c.y]).collect(),
            carcassonne: s.carcassonne,
            complete: s.complete,
            final_scoring: s.final_scoring,
            rule: s.rule.to_string(),
            at: Spot::from(s.anchor),
            city_tiles,
        }
    }
}

/// Where a game's move log stands, beside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Moves in effect.
    pub cursor: u32,
    /// Moves entered, those taken back included.
    pub moves: u32,
    /// Whether a move can be taken back.
    pub can_undo: bool,
    /// Whether a taken-back move can be put back.
    pub can_redo: bool,
    /// Whether the final count has been made.
    pub finished: bool,
}

impl GameView {
    /// The view of the game on the table.
    pub fn of(live: &LiveGame) -> GameView {
        let history = live.history();
        let mut view = GameView::build(
            live.id(),
            live.game(),
            Progress {
                cursor: history.cursor() as u32,
                moves: history.moves().len() as u32,
                can_undo: live.can_undo(),
                can_redo: live.can_redo(),
                finished: live.is_finished(),
            },
        );
        if let Some(result) = view.result.as_mut() {
            add_other_rule(result, live.game(), &history.moves()[..history.cursor()], live.final_moves());
        }
        view.add_track(live.game(), live.track());
        view
    }

    /// Adds a final board's scores before the end count, by seat, to what the view says of
    /// the scores: each player's score and track position, the count's totals before it,
    /// the ranking, the winners, and the other farm rule's totals.
    pub fn add_track(&mut self, game: &Game, track: Option<&[u32]>) {
        let Some(track) = track else { return };
        for (player, &before) in self.players.iter_mut().zip(track) {
            player.score += before;
            player.if_ended_now += before;
            let t = TrackPosition::of(player.score);
            player.track = TrackView { space: t.space, fifties: t.fifties, hundreds: t.hundreds };
        }
        if let Some(result) = self.result.as_mut() {
            let totals = castellan_script::with_track(game.scores(), Some(track));
            result.standings = game
                .standings_of(&totals)
                .into_iter()
                .map(|(p, score, rank)| StandingView { seat: p.index() as u32, score, rank })
                .collect();
            result.winners = game.winners_of(&totals).into_iter().map(|p| p.index() as u32).collect();
            result.count.before = result.count.before.iter().zip(track).map(|(b, t)| b + t).collect();
            if let Some(other) = result.other_farm_rule.as_mut() {
                other.scores = other.scores.iter().zip(track).map(|(s, t)| s + t).collect();
            }
        }
        self.before_count = Some(track.to_vec());
    }

    /// The view of any game, e.g. a stored one stepped through turn by turn.
    pub fn build(id: GameId, game: &Game, progress: Progress) -> GameView {
        // The board is surveyed only when a notice will describe something on it, and then
        // without its farms: the notices speak of none.
        let open = if progress.finished { Vec::new() } else { game.open_features() };
        let survey = (!open.is_empty() || !game.challenges().is_empty())
            .then(|| Survey::without_farms(game, &followers_of(game)));
        GameView {
            game_id: u32::try_from(id.0).expect("ledger row ids fit in 32 bits"),
            mode: game.setup().mode,
            players: players(game),
            current: game.current_player().index() as u32,
            tiles: game
                .board()
                .tiles()
                .iter()
                .map(|t| TileOnBoard {
                    tile: t.tile.name().to_string(),
                    x: t.cell.x,
                    y: t.cell.y,
                    rotation: u32::from(t.rotation.degrees()),
                })
                .collect(),
            followers: game
                .board()
                .followers()
                .iter()
                .map(|f| FollowerOnBoard {
                    seat: f.player.index() as u32,
                    x: f.cell.x,
                    y: f.cell.y,
                    place: f.port.name().to_string(),
                    role: follower_role(game, f.cell, f.port),
                })
                .collect(),
            bag: game
                .bag()
                .into_iter()
                .map(|(t, n)| BagCount { tile: t.name().to_string(), count: n as u32 })
                .collect(),
            tiles_left: game.tiles_left(),
            feed: game
                .events()
                .iter()
                .rev()
                .filter_map(|e| match e {
                    Event::Scored(s) => Some(ScoreView::of(s, game)),
                    _ => None,
                })
                .collect(),
            cursor: progress.cursor,
            moves: progress.moves,
            can_undo: progress.can_undo,
            can_redo: progress.can_redo,
            finished: progress.finished,
            city: game.city().map(|city| CityView {
                count_at: city.count_at,
                quarters: Quarter::ALL
                    .into_iter()
                    .map(|q| QuarterView {
                        quarter: q,
                        followers: (0..game.player_count())
                            .map(|i| u32::from(city.followers(q)[PlayerId(i as u8)]))
                            .collect(),
                    })
                    .collect(),
            }),
            titles: game.setup().has(TileSet::KingRobber).then(|| TitlesView {
                king: game.titles().king.map(Into::into),
                robber: game.titles().robber.map(Into::into),
            }),
            challenges: game
                .challenges()
                .iter()
                .map(|c| {
                    let survey = survey.as_ref().expect("surveyed when a challenge runs");
                    let building = |cell: Cell| {
                        survey
                            .targets(&[(cell, Port::C)])
                            .pop()
                            .expect("a challenge's buildings stand at their tile's centre")
                    };
                    ChallengeView {
                        cloister: [c.cloister.x, c.cloister.y],
                        shrine: [c.shrine.x, c.shrine.y],
                        cloister_feature: building(c.cloister),
                        shrine_feature: building(c.shrine),
                    }
                })
                .collect(),
            open: survey.as_ref().map(|s| open_features(open, s)).unwrap_or_default(),
            turn_count: game.events().iter().filter(|e| is_turn(e)).count() as u32,
            result: result_of(game),
            before_count: None,
        }
    }
}

/// Whether an event is a line of the turn log: a tile placed, put aside, or City laid, and on
/// a final board a follower stood. The view counts these without building the lines.
/// What a follower standing at `port` of the tile at `cell` is: the engine only lets followers
/// onto features that take one, so there always is a role. Read off the tile's own definition,
/// not the whole feature: a view holds many followers, and a farm can cover most of the board.
fn follower_role(game: &Game, cell: Cell, port: Port) -> FollowerRole {
    game.board()
        .tile_at(cell)
        .and_then(|placed| {
            let def = placed.tile.def();
            let local = def.feature_at(port.to_catalog(placed.rotation))?;
            role_of(def.features.get(usize::from(local))?.kind)
        })
        .expect("a follower stands on a feature that takes followers")
}

fn is_turn(e: &Event) -> bool {
    matches!(
        e,
        Event::TilePlaced { .. } | Event::TileDiscarded { .. } | Event::CityLaid { .. } | Event::FollowerStood { .. }
    )
}

/// The turn log, oldest first, read off the events in effect: one line per [`is_turn`]
/// event, with the follower deployed on a placed tile folded into its line.
pub fn turn_log(game: &Game) -> Vec<TurnView> {
    let survey = Survey::new(game, &followers_of(game));
    let mut out: Vec<TurnView> = Vec::new();
    for e in game.events() {
        let turn =
            |kind: TurnKind, seat: PlayerId, tile: Option<String>, at: Option<[i32; 2]>, rotation: u32| TurnView {
                index: out.len() as u32,
                kind,
                seat: seat.index() as u32,
                tile,
                at,
                rotation,
                follower: None,
                quarter: None,
                feature: None,
            };
        let next = match e {
            Event::FollowerDeployed { player, cell, port, .. } => {
                if let Some(last) = out.last_mut() {
                    if last.seat == player.index() as u32 && last.at == Some([cell.x, cell.y]) {
                        last.follower = Some(port.name().to_string());
                    }
                }
                continue;
            }
            e if !is_turn(e) => continue,
            Event::TilePlaced { player, tile, cell, rotation } => turn(
                TurnKind::Place,
                *player,
                Some(tile.name().to_string()),
                Some([cell.x, cell.y]),
                u32::from(rotation.degrees()),
            ),
            Event::TileDiscarded { player, tile } => {
                turn(TurnKind::Discard, *player, Some(tile.name().to_string()), None, 0)
            }
            Event::CityLaid { player, at } => turn(TurnKind::City, *player, None, Some([at.x, at.y]), 0),
            Event::FollowerStood { player, at: Standing::Board(cell, port) } => TurnView {
                follower: Some(port.name().to_string()),
                ..turn(TurnKind::Stand, *player, None, Some([cell.x, cell.y]), 0)
            },
            Event::FollowerStood { player, at: Standing::City(quarter) } => {
                TurnView { quarter: Some(*quarter), ..turn(TurnKind::Stand, *player, None, None, 0) }
            }
            _ => unreachable!("is_turn lets only the events above through"),
        };
        out.push(next);
    }
    for turn in &mut out {
        let Some([x, y]) = turn.at.filter(|_| turn.kind != TurnKind::City) else { continue };
        let cell = Cell::new(x, y);
        let place = match turn.follower.as_deref().and_then(Port::from_name) {
            Some(port) => Some((cell, port)),
            None => survey.main_place(cell),
        };
        turn.feature = place.and_then(|p| survey.targets(&[p]).pop());
    }
    out
}

/// The open features for the notices, each described; described all at once, so two that read
/// alike are numbered.
fn open_features(open: Vec<OpenFeature>, survey: &Survey<'_>) -> Vec<OpenFeatureView> {
    let anchors: Vec<(Cell, Port)> = open.iter().map(|f| f.anchor).collect();
    let described = survey.targets(&anchors);
    open.into_iter()
        .filter_map(|f| {
            // Farms never finish and rivers take nobody: neither is a warning.
            if matches!(f.kind, FeatureKind::Field | FeatureKind::River) {
                return None;
            }
            Some(OpenFeatureView {
                kind: f.kind,
                at: Spot::from(f.anchor),
                tiles: f.tiles.iter().map(|c| [c.x, c.y]).collect(),
                seats: f.followers.iter().map(|(p, _)| p.index() as u32).collect(),
                can_finish: f.can_finish,
                closers: f.closers,
                feature: described.iter().find(|t| t.at == Spot::from(f.anchor))?.clone(),
            })
        })
        .collect()
}

/// A stored game at one of its turns, for the history's step-through.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ReplayView {
    /// The game after `turn` moves (after the final count at the last step of a finished
    /// game).
    pub view: GameView,
    /// Which step is shown: 0 is the start, `steps` the end.
    pub turn: u32,
    /// How many steps there are: the moves, and the final count if it was made.
    pub steps: u32,
}

/// A stored game after `turn` moves; the step after the last move of a finished game is its
/// final count.
///
/// # Errors
/// The game is unknown or no longer replays.
pub fn replay_view(ledger: &Ledger, id: GameId, turn: u32) -> Result<ReplayView, TableError> {
    let stored = stored_history(ledger, id)?;
    let history = stored.history;
    let finished = ledger.game(id)?.status == GameStatus::Finished;
    let moves = &history.moves()[..history.cursor()];
    replay_at(id, history.setup(), moves, &stored.final_moves, finished, turn, stored.track.as_deref())
}

/// A game script opened from a file, after `turn` moves, as [`replay_view`] shows a stored
/// game. It is in no ledger, so its `gameId` is 0, which no ledger row has.
///
/// # Errors
/// The script breaks a rule ([`Script::play`](castellan_script::Script::play) says where).
pub fn script_replay_view(script: &castellan_script::Script, turn: u32) -> Result<ReplayView, TableError> {
    let moves = script.all_moves();
    replay_at(
        GameId(0),
        &script.setup,
        &moves,
        &script.final_moves,
        script.final_scoring,
        turn,
        script.track.as_deref(),
    )
}

fn replay_at(
    id: GameId,
    setup: &castellan_engine::GameSetup,
    moves: &[Move],
    final_moves: &[QuarterMove],
    finished: bool,
    turn: u32,
    track: Option<&[u32]>,
) -> Result<ReplayView, TableError> {
    let steps = moves.len() as u32 + u32::from(finished);
    let turn = turn.min(steps);
    let shown = (turn as usize).min(moves.len());
    let mut game =
        Game::replay(setup, &moves[..shown]).map_err(|e| TableError::Stored { game: id.0, detail: e.to_string() })?;
    let counted = finished && turn == steps;
    if counted {
        game.finish_with(final_moves).map_err(TableError::Move)?;
    }
    let progress = Progress {
        cursor: shown as u32,
        moves: moves.len() as u32,
        can_undo: false,
        can_redo: false,
        finished: counted,
    };
    let mut view = GameView::build(id, &game, progress);
    if let Some(result) = view.result.as_mut() {
        add_other_rule(result, &game, moves, final_moves);
    }
    // The scores before the end count are the table's at its end: shown with the count.
    if counted {
        view.add_track(&game, track);
    }
    Ok(ReplayView { view, turn, steps })
}

fn players(game: &Game) -> Vec<PlayerView> {
    let ended = game.scores_if_ended_now();
    game.setup()
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = PlayerId(i as u8);
            let score = game.scores()[i];
            let track = TrackPosition::of(score);
            PlayerView {
                name: p.name.clone(),
                color: p.color,
                score,
                if_ended_now: ended[i],
                supply: game.supply()[seat.index()] as u32,
                track: TrackView { space: track.space, fifties: track.fifties, hundreds: track.hundreds },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::Table;
    use castellan_engine::{Cell, GameSetup, Move, Port, Rotation, TileId};
    use castellan_ledger::Ledger;
    use chrono::{DateTime, Utc};

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-20T19:30:00Z").unwrap().with_timezone(&Utc)
    }

    #[test]
    fn the_view_shows_board_scores_feed_and_bag() {
        let mut table = Table::new(Ledger::open_in_memory().unwrap());
        table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap();
        let e = TileId::from_name("E").unwrap();
        let live = table.play(Move::place(e, Cell::new(0, -1), Rotation::R180, Some(Port::S)), now()).unwrap();
        let view = GameView::of(live);
        assert_eq!(view.tiles.len(), 2);
        assert_eq!(view.tiles[1], TileOnBoard { tile: "E".into(), x: 0, y: -1, rotation: 180 });
        assert_eq!(view.players[0].score, 4, "Anna's city");
        assert_eq!(view.players[0].supply, 7, "her knight came back");
        assert_eq!(view.current, 1, "Bram's turn");
        assert!(view.followers.is_empty());
        assert_eq!(view.feed.len(), 1);
        assert_eq!(view.feed[0].kind, ScoreSource::City);
        assert_eq!(view.feed[0].winners, vec![0]);
        assert_eq!(view.feed[0].tiles, vec![[0, 0], [0, -1]]);
        assert_eq!(view.tiles_left, 70);
        assert_eq!(view.bag.iter().find(|b| b.tile == "E").map(|b| b.count), Some(4), "5 E tiles, one placed");
        assert!(view.can_undo && !view.can_redo && !view.finished);
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["feed"][0]["kind"], "city", "kinds cross as lower-case names");
        assert_eq!(json["players"][0]["ifEndedNow"], 4);
        let turns = turn_log(live.game());
        assert_eq!((view.turn_count, turns.len()), (1, 1));
        assert_eq!(turns[0].tile.as_deref(), Some("E"));
        assert_eq!((turns[0].seat, turns[0].at, turns[0].follower.as_deref()), (0, Some([0, -1]), Some("S")));
        assert_eq!((view.mode, turns[0].kind), (Mode::Turns, TurnKind::Place));
        assert_eq!(json["mode"], "turns");
    }

    /// Anna's monk south of the start tile, Bram's heretic beside it, then Anna's thief on the
    /// start tile's road carried west:
    ///
    /// ```text
    ///   [ V ]  [ D ]
    ///          [ B ]  [SH1]
    /// ```
    #[test]
    fn notices_and_turns_name_features_by_what_and_whose_not_by_coordinates() {
        use crate::target::{Holding, LandmarkKind};
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(castellan_engine::TileSet::Shrines);
        let mut table = Table::new(Ledger::open_in_memory().unwrap());
        table.start(setup, None, now()).unwrap();
        let tile = |n| TileId::from_name(n).unwrap();
        table.play(Move::place(tile("B"), Cell::new(0, 1), Rotation::R0, Some(Port::C)), now()).unwrap();
        table.play(Move::place(tile("SH1"), Cell::new(1, 1), Rotation::R0, Some(Port::C)), now()).unwrap();
        let live = table.play(Move::place(tile("V"), Cell::new(-1, 0), Rotation::R270, Some(Port::E)), now()).unwrap();
        let view = GameView::of(live);

        let [challenge] = &view.challenges[..] else { panic!("one challenge: {:?}", view.challenges) };
        assert_eq!(challenge.cloister_feature.kind, FeatureKind::Cloister);
        assert_eq!(challenge.cloister_feature.holders, vec![Holding { seat: 0, followers: 1 }], "Anna's monk");
        assert_eq!(challenge.shrine_feature.kind, FeatureKind::Shrine);
        assert_eq!(challenge.shrine_feature.holders, vec![Holding { seat: 1, followers: 1 }], "Bram's heretic");

        let road = view.open.iter().find(|f| f.kind == FeatureKind::Road).expect("Anna's road is open");
        assert_eq!(road.feature.kind, FeatureKind::Road);
        assert_eq!(road.feature.holders, vec![Holding { seat: 0, followers: 1 }]);
        assert_eq!(road.feature.worth, crate::target::Worth::Tiles { tiles: 2, pennants: 0 });
        assert_eq!(road.feature.at, road.at, "the description names the same feature as the notice");
        let cloister = view.open.iter().find(|f| f.kind == FeatureKind::Cloister).expect("the cloister is open");
        assert_eq!(
            cloister.feature.landmark.as_ref().map(|l| (l.kind, l.holders.clone())),
            Some((LandmarkKind::Shrine, vec![1])),
            "Anna's cloister is told by Bram's shrine beside it"
        );

        let turns = turn_log(live.game());
        let described: Vec<_> = turns.iter().map(|t| t.feature.as_ref().map(|f| (f.kind, f.holders.len()))).collect();
        assert_eq!(
            described,
            vec![Some((FeatureKind::Cloister, 1)), Some((FeatureKind::Shrine, 1)), Some((FeatureKind::Road, 1))],
            "each turn names the feature its follower went onto"
        );
        let json = serde_json::to_value(&turns[2]).unwrap();
        assert_eq!(json["feature"]["kind"], "road");
    }

    #[test]
    fn a_turn_without_a_follower_names_its_tiles_most_telling_feature() {
        let mut table = Table::new(Ledger::open_in_memory().unwrap());
        table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap();
        let tile = |n| TileId::from_name(n).unwrap();
        table.play(Move::place(tile("B"), Cell::new(0, 1), Rotation::R0, None), now()).unwrap();
        let live = table.play(Move::place(tile("E"), Cell::new(0, -1), Rotation::R180, None), now()).unwrap();
        let kinds: Vec<_> = turn_log(live.game()).iter().map(|t| t.feature.as_ref().map(|f| f.kind)).collect();
        assert_eq!(
            kinds,
            vec![Some(FeatureKind::Cloister), Some(FeatureKind::City)],
            "B's cloister; E's city before its field"
        );
    }

    #[test]
    fn a_final_board_shows_its_mode_and_each_stand_as_a_turn_of_its_own() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.mode = castellan_engine::Mode::FinalBoard;
        let mut table = Table::new(Ledger::open_in_memory().unwrap());
        table.start(setup, None, now()).unwrap();
        let u = TileId::from_name("U").unwrap();
        table.play(Move::place(u, Cell::new(1, 0), Rotation::R0, None), now()).unwrap();
        // Anna placed U; her follower stood on it later is still a move of its own.
        let stand = Move::Stand { player: PlayerId(0), at: Standing::Board(Cell::new(1, 0), Port::E) };
        let live = table.play(stand, now()).unwrap();
        let (view, turns) = (GameView::of(live), turn_log(live.game()));
        assert_eq!(view.mode, Mode::FinalBoard);
        assert_eq!(serde_json::to_value(&view).unwrap()["mode"], "final-board");
        assert_eq!((view.turn_count, turns.len()), (2, 2), "one turn per move: {turns:?}");
        assert_eq!(turns[0].follower, None, "the stand is not folded into the tile's turn");
        let stood = &turns[1];
        assert_eq!(
            (stood.index, stood.kind, stood.seat, stood.tile.as_deref(), stood.at, stood.follower.as_deref()),
            (1, TurnKind::Stand, 0, None, Some([1, 0]), Some("E"))
        );
        assert_eq!(view.followers.len(), 1);
        assert_eq!(view.players[0].supply, 6);
    }

    #[test]
    fn each_follower_on_the_board_says_what_it_is_there() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.mode = castellan_engine::Mode::FinalBoard;
        let mut table = Table::new(Ledger::open_in_memory().unwrap());
        table.start(setup, None, now()).unwrap();
        let tile = |n| TileId::from_name(n).unwrap();
        // U carries the start tile's road east; B, a cloister in the fields, lies south of it;
        // E, turned upside down, has its city to the south: its board S is its catalog N.
        table.play(Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, None), now()).unwrap();
        table.play(Move::place(tile("B"), Cell::new(1, 1), Rotation::R0, None), now()).unwrap();
        table.play(Move::place(tile("E"), Cell::new(0, 1), Rotation::R180, None), now()).unwrap();
        let stands = [
            (0, Cell::new(1, 0), Port::E),
            (1, Cell::new(1, 0), Port::N),
            (0, Cell::new(1, 1), Port::C),
            (1, Cell::new(0, 0), Port::N),
            (0, Cell::new(0, 1), Port::S),
        ];
        let mut live = None;
        for (seat, cell, port) in stands {
            live = Some(
                table.play(Move::Stand { player: PlayerId(seat), at: Standing::Board(cell, port) }, now()).unwrap(),
            );
        }
        let view = GameView::of(live.unwrap());
        let roles: Vec<(&str, FollowerRole)> = view.followers.iter().map(|f| (f.place.as_str(), f.role)).collect();
        assert_eq!(
            roles,
            vec![
                ("E", FollowerRole::Thief),
                ("N", FollowerRole::Farmer),
                ("C", FollowerRole::Monk),
                ("N", FollowerRole::Knight),
                ("S", FollowerRole::Knight)
            ],
            "the road, the field, the cloister, the start tile's city and the turned tile's city"
        );
        assert_eq!(serde_json::to_value(&view).unwrap()["followers"][0]["role"], "thief");
    }

    #[test]
    fn a_stored_game_steps_from_the_start_to_its_final_count() {
        let mut table = Table::new(Ledger::open_in_memory().unwrap());
        let id = table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap().id();
        let tile = |n| TileId::from_name(n).unwrap();
        table.play(Move::place(tile("E"), Cell::new(0, -1), Rotation::R180, Some(Port::S)), now()).unwrap();
        table.play(Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, Some(Port::E)), now()).unwrap();
        table.finish(Vec::new(), now()).unwrap();

        let start = replay_view(table.ledger(), id, 0).unwrap();
        assert_eq!((start.turn, start.steps), (0, 3), "two moves and the final count");
        assert_eq!(start.view.tiles.len(), 1, "the start tile alone");
        let first = replay_view(table.ledger(), id, 1).unwrap();
        assert_eq!(first.view.players[0].score, 4);
        assert!(first.view.feed.iter().all(|s| !s.final_scoring));
        let end = replay_view(table.ledger(), id, 99).unwrap();
        assert_eq!(end.turn, 3, "clamped to the last step");
        assert!(end.view.finished);
        assert_eq!(end.view.players[1].score, 2, "Bram's unfinished road in the final count");
        let result = end.view.result.expect("counted");
        assert_eq!(result.standings[0], StandingView { seat: 0, score: 4, rank: 1 });
        assert_eq!(result.winners, vec![0]);
        let other = result.other_farm_rule.expect("a game with farms");
        assert_eq!(other.rule, FarmRule::FirstEdition);
        assert_eq!(other.scores, vec![4, 2], "no farmers on the table: the same under either rule");
        assert!(first.view.result.is_none(), "not counted yet");
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
