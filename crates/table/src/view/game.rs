//! The game on the table as the screen shows it: the board, the bag, the City of Carcassonne,
//! the titles, the notices of what stands open, and where the move log stands.

use super::result::{add_other_rule, result_of, ResultView, StandingView};
use super::score::{players, BeforeCountView, PlayerView, ScoreView, TrackView};
use super::turn_log::is_turn;
use crate::degrees::Degrees;
use crate::live::LiveGame;
use crate::placement::{role_of, FollowerRole};
use crate::request::Spot;
use crate::target::{followers_of, Survey, Target};
use castellan_engine::{
    Cell, Event, FeatureKind, Figure, Game, Goods, Mode, OpenFeature, PlayerId, Port, Quarter, TileId, TileSet, Title,
};
use castellan_ledger::GameId;
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
    pub before_count: Option<Vec<BeforeCountView>>,
    /// Traders & Builders: the goods each player holds and who leads each kind, and whether the
    /// next move is a second tile; `null` without the box. The builders and pigs in hand are
    /// among each player's `figures`.
    pub traders: Option<TradersView>,
    /// Ferries: each ferry on its lake and the road ends it links; `null` without the box.
    pub ferries: Option<Vec<super::FerryView>>,
    /// Gold Mines: the ingots on tiles and in each player's hand; `null` without the box.
    pub gold: Option<super::GoldView>,
    /// Mage & Witch: where the mage and the witch stand; `null` without the box.
    pub magic: Option<super::MagicView>,
    /// A box in play may ask the table something when a tile is placed (the Big Box's): the
    /// screen asks the tell questions before entering a move.
    pub asks_told: bool,
}

/// What Traders & Builders adds to the table, seat by seat (T-02, T-03, T-05, T-08).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TradersView {
    /// For each seat, the tokens held of each kind, in the order wine, grain, cloth.
    pub goods: Vec<Vec<GoodsHeldView>>,
    /// The next move is the current player's second tile of a double turn (T-08).
    pub second_tile: bool,
}

/// A player's tokens of one kind of goods.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct GoodsHeldView {
    /// Wine, grain or cloth.
    pub kind: Goods,
    /// Tokens held.
    pub tokens: u32,
    /// Whether the player holds the most of the kind, ties included, and at least one: the 10
    /// points it pays at the end are theirs as things stand (T-05, QX-11).
    pub leads: bool,
}

impl TradersView {
    fn of(game: &Game) -> Option<TradersView> {
        if !game.setup().has(TileSet::TradersBuilders) {
            return None;
        }
        let held = game.goods();
        let most = |kind: Goods| held.iter().map(|t| t[kind]).max().unwrap_or(0);
        Some(TradersView {
            goods: held
                .iter()
                .map(|t| {
                    Goods::ALL
                        .iter()
                        .map(|&kind| GoodsHeldView {
                            kind,
                            tokens: u32::from(t[kind]),
                            leads: t[kind] > 0 && t[kind] == most(kind),
                        })
                        .collect()
                })
                .collect(),
            second_tile: game.second_tile(),
        })
    }
}

/// The City of Carcassonne: who has followers in which quarter, and where the Count stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CityView {
    /// The Count's quarter: nobody may leave it.
    pub count_at: Quarter,
    /// The Count's quarter while a follower waits in it, which then may not leave it before
    /// the final count (Rule C-11); `null` when nobody waits there.
    pub locked: Option<Quarter>,
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
    /// The seats whose big follower waits there (X-07); left out when none does.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub big: Vec<u32>,
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

/// A tile on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TileOnBoard {
    /// The catalog id, e.g. `D`.
    pub tile: TileId,
    /// Column, growing east.
    pub x: i32,
    /// Row, growing south.
    pub y: i32,
    /// Turned clockwise.
    pub rotation: Degrees,
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
    pub place: Port,
    /// What the follower is there, so the board can draw its shape.
    pub role: FollowerRole,
    /// Which kind of figure: a figure other than a follower has a shape of its own.
    pub figure: Figure,
}

/// Copies of a tile type left in the bag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct BagCount {
    /// The catalog id.
    pub tile: TileId,
    /// Copies left.
    pub count: u32,
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
            player.track = TrackView::of(player.score);
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
        self.before_count = Some(track.iter().map(|&t| BeforeCountView::of(t)).collect());
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
                .map(|t| TileOnBoard { tile: t.tile, x: t.cell.x, y: t.cell.y, rotation: t.rotation.into() })
                .collect(),
            followers: game
                .board()
                .followers()
                .iter()
                .map(|f| FollowerOnBoard {
                    seat: f.player.index() as u32,
                    x: f.cell.x,
                    y: f.cell.y,
                    place: f.port,
                    role: follower_role(game, f.cell, f.port),
                    figure: f.figure,
                })
                .collect(),
            bag: game.bag().into_iter().map(|(t, n)| BagCount { tile: t, count: n as u32 }).collect(),
            tiles_left: game.tiles_left(),
            feed: feed_of(game),
            cursor: progress.cursor,
            moves: progress.moves,
            can_undo: progress.can_undo,
            can_redo: progress.can_redo,
            finished: progress.finished,
            city: game.city().map(|city| CityView {
                count_at: city.count_at,
                locked: (0..game.player_count())
                    .any(|i| {
                        city.followers(city.count_at)[PlayerId(i as u8)] > 0
                            || city.big(PlayerId(i as u8)) == Some(city.count_at)
                    })
                    .then_some(city.count_at),
                quarters: Quarter::ALL
                    .into_iter()
                    .map(|q| QuarterView {
                        quarter: q,
                        followers: (0..game.player_count())
                            .map(|i| u32::from(city.followers(q)[PlayerId(i as u8)]))
                            .collect(),
                        big: (0..game.player_count() as u32)
                            .filter(|&i| city.big(PlayerId(i as u8)) == Some(q))
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
            traders: TradersView::of(game),
            ferries: super::FerryView::all(game),
            gold: super::GoldView::of(game),
            magic: super::MagicView::of(game),
            asks_told: game.setup().asks_told(),
        }
    }
}

/// Every score so far, newest first, each marked when a double turn's second tile made it
/// (T-08).
fn feed_of(game: &Game) -> Vec<ScoreView> {
    let (mut owed, mut second) = (false, false);
    let mut feed: Vec<ScoreView> = Vec::new();
    for e in game.events() {
        match e {
            Event::SecondTileEarned { .. } => owed = true,
            Event::TilePlaced { .. } => (second, owed) = (owed, false),
            // A second tile put aside is still owed: the same player draws again for it (B-08).
            Event::TileDiscarded { .. } | Event::FinalScoringStarted => second = false,
            Event::Scored(s) => feed.push(ScoreView { second_tile: second, ..ScoreView::of(s, game) }),
            _ => {}
        }
    }
    feed.reverse();
    feed
}

/// Whether an event is a line of the turn log: a tile placed, put aside, or City laid, and on
/// a final board a follower stood. The view counts these without building the lines.
/// What a follower standing at `port` of the tile at `cell` is: the engine only lets followers
/// onto features that take one, so there always is a role. Read off the tile's own definition,
/// not the whole feature: a view holds many followers, and a farm can cover most of the board.
pub(super) fn follower_role(game: &Game, cell: Cell, port: Port) -> FollowerRole {
    game.board()
        .tile_at(cell)
        .and_then(|placed| {
            let def = placed.tile.def();
            let local = def.feature_at(port.to_catalog(placed.rotation))?;
            role_of(def.features.get(usize::from(local))?.kind)
        })
        .expect("a follower stands on a feature that takes followers")
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{now, table_in_memory};
    use crate::view::turn_log::{turn_log, TurnKind};
    use castellan_engine::{Cell, GameSetup, Move, Port, Rotation, ScoreSource, Standing, TileId};

    #[test]
    fn the_view_shows_board_scores_feed_and_bag() {
        let mut table = table_in_memory();
        table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap();
        let e = TileId::from_name("E").unwrap();
        let live = table.play(Move::place(e, Cell::new(0, -1), Rotation::R180, Some(Port::S)), now()).unwrap();
        let view = GameView::of(live);
        assert_eq!(view.tiles.len(), 2);
        assert_eq!(view.tiles[1], TileOnBoard { tile: e, x: 0, y: -1, rotation: crate::fixture::degrees(180) });
        assert_eq!(view.players[0].score, 4, "Anna's city");
        assert_eq!(view.players[0].supply, 7, "her knight came back");
        assert_eq!(view.current, 1, "Bram's turn");
        assert!(view.followers.is_empty());
        assert_eq!(view.feed.len(), 1);
        assert_eq!(view.feed[0].kind, ScoreSource::City);
        assert_eq!(view.feed[0].winners, vec![0]);
        assert_eq!(view.feed[0].tiles, vec![[0, 0], [0, -1]]);
        assert_eq!(view.tiles_left, 70);
        assert_eq!(view.bag.iter().find(|b| b.tile.name() == "E").map(|b| b.count), Some(4), "5 E tiles, one placed");
        assert!(view.can_undo && !view.can_redo && !view.finished);
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["feed"][0]["kind"], "city", "kinds cross as lower-case names");
        assert_eq!(json["players"][0]["ifEndedNow"], 4);
        let turns = turn_log(live.game());
        assert_eq!((view.turn_count, turns.len()), (1, 1));
        assert_eq!(turns[0].tile.map(TileId::name), Some("E"));
        assert_eq!((turns[0].seat, turns[0].at, turns[0].follower), (0, Some([0, -1]), Some(Port::S)));
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
        let mut table = table_in_memory();
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
    fn each_follower_on_the_board_says_what_it_is_there() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.mode = castellan_engine::Mode::FinalBoard;
        let mut table = table_in_memory();
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
                table
                    .play(
                        Move::Stand {
                            player: PlayerId(seat),
                            at: Standing::Board(cell, port),
                            figure: castellan_engine::Figure::Follower,
                        },
                        now(),
                    )
                    .unwrap(),
            );
        }
        let view = GameView::of(live.unwrap());
        let roles: Vec<(&str, FollowerRole)> = view.followers.iter().map(|f| (f.place.name(), f.role)).collect();
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
}
