//! The turn log: a line per turn saying who placed what, and what it scored.

use crate::target::{followers_of, Survey, Target};
use castellan_engine::{Cell, Event, Figure, Game, PlayerId, Port, Quarter, Standing};
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
    pub tile: Option<String>,
    /// Where it went, `[x, y]`; `null` when it was put aside.
    pub at: Option<[i32; 2]>,
    /// How it was turned.
    pub rotation: u32,
    /// The place of the follower put on it (or, for a stand, standing on the tile at `at`).
    pub follower: Option<String>,
    /// Final board: the quarter of the City where a follower stands.
    pub quarter: Option<Quarter>,
    /// The figure put down or standing is the big follower (I-13); left out otherwise.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "specta", specta(optional))]
    pub big: bool,
    /// Where it went, as players point at it on the board as it stands now: the feature the
    /// follower went onto, else the tile's most telling feature; `null` for a tile put aside,
    /// the City laid and a follower in a quarter.
    pub feature: Option<Target>,
}

pub(super) fn is_turn(e: &Event) -> bool {
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
                big: false,
                feature: None,
            };
        let next = match e {
            Event::FollowerDeployed { player, cell, port, figure, .. } => {
                if let Some(last) = out.last_mut() {
                    if last.seat == player.index() as u32 && last.at == Some([cell.x, cell.y]) {
                        last.follower = Some(port.name().to_string());
                        last.big = *figure == Figure::Big;
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
            Event::FollowerStood { player, at: Standing::Board(cell, port), figure } => TurnView {
                follower: Some(port.name().to_string()),
                big: *figure == Figure::Big,
                ..turn(TurnKind::Stand, *player, None, Some([cell.x, cell.y]), 0)
            },
            Event::FollowerStood { player, at: Standing::City(quarter), figure } => TurnView {
                quarter: Some(*quarter),
                big: *figure == Figure::Big,
                ..turn(TurnKind::Stand, *player, None, None, 0)
            },
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::now;
    use crate::live::Table;
    use castellan_engine::{Cell, FeatureKind, GameSetup, Move, Rotation, TileId};
    use castellan_ledger::Ledger;

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
    fn a_big_follower_put_down_is_marked_in_its_turn() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(castellan_engine::TileSet::InnsCathedrals);
        let mut table = Table::new(Ledger::open_in_memory().unwrap());
        table.start(setup, None, now()).unwrap();
        let u = TileId::from_name("U").unwrap();
        table.play(Move::place_big(u, Cell::new(1, 0), Rotation::R0, Port::E), now()).unwrap();
        let live = table.play(Move::place(u, Cell::new(-1, 0), Rotation::R0, Some(Port::NL)), now()).unwrap();
        let log = turn_log(live.game());
        assert_eq!(
            log.iter().map(|t| (t.follower.clone(), t.big)).collect::<Vec<_>>(),
            [(Some("E".to_string()), true), (Some("NL".to_string()), false)]
        );
        let json = serde_json::to_value(&log).unwrap();
        assert_eq!((json[0]["big"].clone(), json[1].get("big")), (serde_json::Value::Bool(true), None));
    }
}
