//! The scores: each player's total, track position and followers, and each point scored
//! with its reason, for the score feed.

use crate::request::Spot;
use castellan_engine::{
    Color, Figure, Game, Goods, PlayerId, PlayerSet, Rule, Score, ScoreSource, TileSet, TrackPosition,
};
use serde::{Deserialize, Serialize};

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
    /// Each kind of figure in play and how many of it they have in hand: followers always,
    /// the abbot and the big follower when the table plays with their box (0 while it is out).
    pub figures: Vec<FigureInHand>,
    /// With the Count: their figures waiting in the City, followers and a big follower alike
    /// left out without the Count.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub in_city: Option<u32>,
}

/// How many figures of one kind a player has in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FigureInHand {
    /// The kind.
    pub figure: Figure,
    /// How many.
    pub count: u32,
}

/// A position on the score track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

impl TrackView {
    /// A total as the table holds it, by the engine's rule (B-50).
    pub fn of(total: u32) -> TrackView {
        let t = TrackPosition::of(total);
        TrackView { space: t.space, fifties: t.fifties, hundreds: t.hundreds }
    }

    /// The total a marker and tokens read off the table make, by the engine's rule (B-50);
    /// `None` for a space not on the track.
    pub fn total(self) -> Option<u32> {
        TrackPosition { space: self.space, fifties: self.fifties, hundreds: self.hundreds }.total()
    }
}

/// A final board's score before the end count, as given and as the table holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct BeforeCountView {
    /// The points.
    pub total: u32,
    /// The marker's space and the tokens that make them.
    pub track: TrackView,
}

impl BeforeCountView {
    /// The score `total` with its place on the track.
    pub fn of(total: u32) -> BeforeCountView {
        BeforeCountView { total, track: TrackView::of(total) }
    }
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
    /// An abbot taken back, its building paid as it stands: not "unfinished".
    pub recalled: bool,
    /// The rule applied; its id on the wire.
    pub rule: Rule,
    /// A place naming the feature scored, to find it on the board.
    pub at: Spot,
    /// Every tile of the completed cities counted (farms, the King), to light them up.
    pub city_tiles: Vec<[i32; 2]>,
    /// The seats whose big follower weighed two in the majority (I-12); left out when none did.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub big: Vec<u32>,
    /// For the end count of goods: which kind (T-05). Left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub goods: Option<Goods>,
    /// For a farm: the seats whose pig (or River II's herd) raised their pay per city (T-17,
    /// X-12); left out when none did.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub pigs: Vec<u32>,
    /// Made by the tile a double turn's second tile (T-08); left out otherwise.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub second_tile: bool,
}

fn seats(set: PlayerSet) -> Vec<u32> {
    set.iter().map(|p| p.index() as u32).collect()
}

impl ScoreView {
    pub(super) fn of(s: &Score, game: &Game) -> ScoreView {
        let mut city_tiles: Vec<[i32; 2]> = Vec::new();
        let lists = game.score_lists();
        for &(cell, port) in lists.cities(s) {
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
            // A farm's score names no tiles of its own; the board still knows them. Goods lie
            // on no feature: their score lights nothing.
            tiles: if s.source == ScoreSource::Goods {
                Vec::new()
            } else if s.tiles.is_empty() {
                game.feature_at(s.anchor.0, s.anchor.1).map(|f| f.tiles).unwrap_or_default()
            } else {
                lists.tiles(s).to_vec()
            }
            .iter()
            .map(|c| [c.x, c.y])
            .collect(),
            pennants: s.pennants,
            neighbours: s.neighbours,
            cities: lists.cities(s).iter().map(|(c, _)| [c.x, c.y]).collect(),
            carcassonne: s.carcassonne,
            complete: s.complete,
            final_scoring: s.final_scoring,
            recalled: s.is_recall(),
            rule: s.rule,
            at: Spot::from(s.anchor),
            // Each player has one big follower, so weight beyond the figures is one big each.
            big: (0..game.player_count() as u8)
                .map(PlayerId)
                .filter(|&p| s.weight[p] > s.followers[p])
                .map(|p| p.index() as u32)
                .collect(),
            city_tiles,
            goods: s.goods,
            pigs: seats(s.pigs),
            second_tile: false,
        }
    }
}

pub(super) fn players(game: &Game) -> Vec<PlayerView> {
    let ended = game.scores_if_ended_now();
    game.setup()
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = PlayerId(i as u8);
            let score = game.scores()[i];
            PlayerView {
                name: p.name.clone(),
                color: p.color,
                score,
                if_ended_now: ended[i],
                supply: game.supply()[seat.index()] as u32,
                track: TrackView::of(score),
                figures: figures_in_hand(game, seat),
                in_city: game.city().map(|city| u32::from(city.total(seat)) + u32::from(city.big(seat).is_some())),
            }
        })
        .collect()
}

/// The kinds of figure `seat` plays with and how many of each are in hand.
fn figures_in_hand(game: &Game, seat: PlayerId) -> Vec<FigureInHand> {
    Figure::ALL
        .into_iter()
        .filter_map(|figure| {
            let count = match figure {
                Figure::Follower => game.supply()[seat.index()],
                Figure::Abbot if game.setup().has(TileSet::Abbot) => game.abbots()[seat.index()],
                Figure::Abbot => return None,
                Figure::Big if game.setup().has(TileSet::InnsCathedrals) => game.bigs()[seat.index()],
                Figure::Big => return None,
                Figure::Builder | Figure::Pig if game.setup().has(TileSet::TradersBuilders) => {
                    let (builders, pigs) = game.companions_in_hand()[seat.index()];
                    if figure == Figure::Builder {
                        builders
                    } else {
                        pigs
                    }
                }
                Figure::Builder | Figure::Pig => return None,
            };
            Some(FigureInHand { figure, count: u32::from(count) })
        })
        .collect()
}
