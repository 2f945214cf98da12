//! The turn log: a line per turn saying who placed what, and what it scored.

use crate::degrees::Degrees;
use crate::live::LiveGame;
use crate::target::{followers_of, Survey, Target};
use castellan_engine::{
    Cell, CropChoice, Event, Figure, Game, MagicFigure, Move, PlayerId, Port, Quarter, Rotation, Standing, TileId,
};
use serde::Serialize;

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
    pub tile: Option<TileId>,
    /// Where it went, `[x, y]`; `null` when it was put aside.
    pub at: Option<[i32; 2]>,
    /// How it was turned.
    pub rotation: Degrees,
    /// The place of the follower put on it (or, for a stand, standing on the tile at `at`).
    pub follower: Option<Port>,
    /// Which kind of figure went there, when one did.
    pub figure: Figure,
    /// The mover took their abbot back in this turn instead of placing a figure.
    pub recalled: bool,
    /// Traders & Builders: the tile was a double turn's second tile, the mover's again (T-08).
    pub second_tile: bool,
    /// Traders & Builders: the tile lengthened the mover's builder's road or city and earned
    /// them a second tile (T-08), or would have if it had not been passed up (`passed`, T-15).
    pub earned_second_tile: bool,
    /// Traders & Builders: the mover passed up the second tile this tile earned (T-15).
    pub passed_second_tile: bool,
    /// Final board: the quarter of the City where a follower stands.
    pub quarter: Option<Quarter>,
    /// Final board: the mage or the witch standing at `at`, `follower`; it is nobody's, so
    /// `seat` says nothing then. Left out for every other turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub magic: Option<MagicFigure>,
    /// Where it went, as players point at it on the board as it stands now: the feature the
    /// follower went onto, else the tile's most telling feature; `null` for a tile put aside,
    /// the City laid and a follower in a quarter.
    pub feature: Option<Target>,
    /// Crop Circles: what the placer of a crop-circle tile chose for everyone (CC-03); left
    /// out for every other turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub crop: Option<CropChoice>,
    /// Flying Machines: the figure flown from the tile's machine in this turn; left out when
    /// nobody flew.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub flight: Option<FlightLog>,
}

/// A flight in the turn log: who flew, the die, and where the figure landed (FM-03 to FM-08).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FlightLog {
    /// The figure that flew.
    pub figure: Figure,
    /// The die's result.
    pub roll: u8,
    /// Where it landed, as players point at it on the board as it stands now; `null` when it
    /// crashed and went back to hand.
    pub landing: Option<Target>,
}

pub(super) fn is_turn(e: &Event) -> bool {
    matches!(
        e,
        Event::TilePlaced { .. }
            | Event::TileDiscarded { .. }
            | Event::CityLaid { .. }
            | Event::FollowerStood { .. }
            | Event::MagicStood { .. }
    )
}

/// The turn log of the game on the table, with each turn's figure and recall read off its
/// move: the events name where a figure went, the move which kind it was.
pub fn turn_log_of(live: &LiveGame) -> Vec<TurnView> {
    let history = live.history();
    let mut turns = turn_log(live.game());
    // One line per move in effect, in order (see `is_turn`).
    for (turn, mv) in turns.iter_mut().zip(&history.moves()[..history.cursor()]) {
        match mv {
            Move::Place { figure, recall_abbot, pass_second_tile, .. } => {
                turn.figure = *figure;
                turn.recalled = *recall_abbot;
                if *pass_second_tile {
                    turn.earned_second_tile = true;
                    turn.passed_second_tile = true;
                }
            }
            Move::Stand { figure, .. } => turn.figure = *figure,
            Move::Discard { .. } | Move::City { .. } | Move::StandMagic { .. } => {}
        }
    }
    turns
}

/// The turn log, oldest first, read off the events in effect: one line per [`is_turn`]
/// event, with the follower deployed on a placed tile folded into its line.
pub fn turn_log(game: &Game) -> Vec<TurnView> {
    let survey = Survey::new(game, &followers_of(game));
    let mut out: Vec<TurnView> = Vec::new();
    // A second tile earned is owed until a tile is laid for it: one that fits nowhere is put
    // aside and the same player draws again for it (B-08).
    let mut owed = false;
    for e in game.events() {
        let turn =
            |kind: TurnKind, seat: PlayerId, tile: Option<TileId>, at: Option<[i32; 2]>, rotation: Rotation| TurnView {
                index: out.len() as u32,
                kind,
                seat: seat.index() as u32,
                tile,
                at,
                rotation: rotation.into(),
                follower: None,
                figure: Figure::Follower,
                recalled: false,
                second_tile: false,
                earned_second_tile: false,
                passed_second_tile: false,
                quarter: None,
                feature: None,
                crop: None,
                flight: None,
                magic: None,
            };
        let next = match e {
            Event::FollowerDeployed { player, cell, port, figure, .. } => {
                if let Some(last) = out.last_mut() {
                    if last.seat == player.index() as u32 && last.at == Some([cell.x, cell.y]) {
                        last.follower = Some(*port);
                        last.figure = *figure;
                    }
                }
                continue;
            }
            Event::CropCircleChosen { choice, .. } => {
                if let Some(last) = out.last_mut() {
                    last.crop = Some(*choice);
                }
                continue;
            }
            Event::Flew { figure, roll, target, landed, .. } => {
                if let Some(last) = out.last_mut() {
                    let landing = landed.and_then(|port| survey.targets(&[(*target, port)]).pop());
                    last.flight = Some(FlightLog { figure: *figure, roll: *roll, landing });
                }
                continue;
            }
            Event::SecondTileEarned { .. } => {
                if let Some(last) = out.last_mut() {
                    last.earned_second_tile = true;
                }
                owed = true;
                continue;
            }
            e if !is_turn(e) => continue,
            Event::TilePlaced { player, tile, cell, rotation } => {
                turn(TurnKind::Place, *player, Some(*tile), Some([cell.x, cell.y]), *rotation)
            }
            Event::TileDiscarded { player, tile } => turn(TurnKind::Discard, *player, Some(*tile), None, Rotation::R0),
            Event::CityLaid { player, at } => turn(TurnKind::City, *player, None, Some([at.x, at.y]), Rotation::R0),
            Event::FollowerStood { player, at: Standing::Board(cell, port), figure } => TurnView {
                follower: Some(*port),
                figure: *figure,
                ..turn(TurnKind::Stand, *player, None, Some([cell.x, cell.y]), Rotation::R0)
            },
            Event::FollowerStood { player, at: Standing::City(quarter), figure } => TurnView {
                quarter: Some(*quarter),
                figure: *figure,
                ..turn(TurnKind::Stand, *player, None, None, Rotation::R0)
            },
            Event::MagicStood { figure, at: (cell, port) } => TurnView {
                follower: Some(*port),
                magic: Some(*figure),
                ..turn(TurnKind::Stand, PlayerId(0), None, Some([cell.x, cell.y]), Rotation::R0)
            },
            _ => unreachable!("is_turn lets only the events above through"),
        };
        let second_tile = owed && matches!(next.kind, TurnKind::Place | TurnKind::Discard);
        owed &= next.kind == TurnKind::Discard;
        out.push(TurnView { second_tile, ..next });
    }
    for turn in &mut out {
        let Some([x, y]) = turn.at.filter(|_| turn.kind != TurnKind::City) else { continue };
        let cell = Cell::new(x, y);
        let place = match turn.follower {
            Some(port) => Some((cell, port)),
            None => survey.main_place(cell),
        };
        turn.feature = place.and_then(|p| survey.targets(&[p]).pop());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{now, table_in_memory};
    use castellan_engine::{Cell, FeatureKind, GameSetup, Move, Rotation, TileId};

    #[test]
    fn a_turn_without_a_follower_names_its_tiles_most_telling_feature() {
        let mut table = table_in_memory();
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
    fn a_crop_circles_choice_is_said_in_its_turn() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(castellan_engine::TileSet::CropCircles);
        let mut table = table_in_memory();
        table.start(setup, None, now()).unwrap();
        let tile = |n| TileId::from_name(n).unwrap();
        table.play(Move::place(tile("D"), Cell::new(1, 0), Rotation::R0, None), now()).unwrap();
        let mut crop = Move::place(tile("CC03"), Cell::new(1, -1), Rotation::R180, None);
        if let Move::Place { told, .. } = &mut crop {
            let choice = castellan_engine::CropChoice::Remove;
            told.crop_circle = Some(castellan_engine::CropCircle { choice, actions: Vec::new() });
        }
        let live = table.play(crop, now()).unwrap();
        let said: Vec<_> = turn_log(live.game()).iter().map(|t| t.crop).collect();
        assert_eq!(said, [None, Some(CropChoice::Remove)]);
        let json = serde_json::to_value(turn_log(live.game())).unwrap();
        assert_eq!((json[0].get("crop"), json[1]["crop"].as_str()), (None, Some("remove")), "left out without one");
    }

    #[test]
    fn a_flight_is_said_in_the_turn_of_its_tile() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(castellan_engine::TileSet::Flier);
        let mut table = table_in_memory();
        table.start(setup, None, now()).unwrap();
        let flier = |tile, cell, roll, to| {
            let mut mv = Move::place(TileId::from_name(tile).unwrap(), cell, Rotation::R0, None);
            if let Move::Place { told, .. } = &mut mv {
                told.flight = Some(castellan_engine::Flight { figure: Figure::Follower, roll, to });
            }
            mv
        };
        // Anna flies one square west onto the start tile's city; Bram three north-west, into
        // nothing.
        table.play(flier("FM05", Cell::new(1, 0), 1, Some(Port::N)), now()).unwrap();
        let live = table.play(flier("FM03", Cell::new(2, 0), 3, None), now()).unwrap();
        let flights: Vec<_> = turn_log(live.game()).into_iter().map(|t| t.flight).collect();
        let [Some(landed), Some(crashed)] = &flights[..] else { panic!("both turns flew: {flights:?}") };
        assert_eq!((landed.figure, landed.roll), (Figure::Follower, 1));
        let city = landed.landing.as_ref().expect("Anna landed");
        assert_eq!((city.kind, city.at.x, city.at.y), (FeatureKind::City, 0, 0), "on the start tile's city");
        assert_eq!((crashed.roll, crashed.landing.as_ref()), (3, None), "Bram crashed (FM-08)");
        let json = serde_json::to_value(turn_log(live.game())).unwrap();
        assert!(json[0].get("flight").is_some() && json[1]["flight"]["landing"].is_null());
    }

    #[test]
    fn a_big_follower_put_down_is_marked_in_its_turn() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(castellan_engine::TileSet::InnsCathedrals);
        let mut table = table_in_memory();
        table.start(setup, None, now()).unwrap();
        let u = TileId::from_name("U").unwrap();
        table.play(Move::place_big(u, Cell::new(1, 0), Rotation::R0, Port::E), now()).unwrap();
        let live = table.play(Move::place(u, Cell::new(-1, 0), Rotation::R0, Some(Port::NL)), now()).unwrap();
        let expected = [(Some(Port::E), Figure::Big), (Some(Port::NL), Figure::Follower)];
        let log = turn_log(live.game());
        assert_eq!(log.iter().map(|t| (t.follower, t.figure)).collect::<Vec<_>>(), expected, "from the events");
        let read: Vec<_> = turn_log_of(live).iter().map(|t| (t.follower, t.figure)).collect();
        assert_eq!(read, expected, "and the same read off the moves");
        let json = serde_json::to_value(&log).unwrap();
        assert_eq!((json[0]["figure"].as_str(), json[1]["figure"].as_str()), (Some("big"), Some("follower")));
    }

    #[test]
    fn the_abbot_and_its_recall_are_said_in_their_turns() {
        let mut table = table_in_memory();
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(castellan_engine::TileSet::Abbot);
        table.start(setup, None, now()).unwrap();
        let tile = |n| TileId::from_name(n).unwrap();
        table.play(Move::place_abbot(tile("B"), Cell::new(0, 1), Rotation::R0, Port::C), now()).unwrap();
        table.play(Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, Some(Port::E)), now()).unwrap();
        let live = table.play(Move::place_and_recall(tile("U"), Cell::new(-1, 0), Rotation::R0), now()).unwrap();
        let said: Vec<_> = turn_log_of(live).iter().map(|t| (t.figure, t.follower, t.recalled)).collect();
        assert_eq!(
            said,
            vec![
                (Figure::Abbot, Some(Port::C), false),
                (Figure::Follower, Some(Port::E), false),
                (Figure::Follower, None, true),
            ]
        );
        let undone = table.undo().unwrap();
        assert_eq!(turn_log_of(undone).len(), 2, "a move taken back is no turn");
    }
}
