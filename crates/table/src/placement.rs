//! What may be placed where: a drawn tile's legal placements with the places each kind of
//! figure may take on each, and on a final board the places on a tile where a figure may
//! stand, each with the role a follower would have there. The kinds are the engine's
//! [`Figure`]s, so a box that brings a new figure adds its places here and nothing else.

use crate::degrees::Degrees;
use crate::request::{seat_of, RequestError};
use castellan_engine::{Cell, FeatureKind, Figure, Game, MagicFigure, Port, Rotation, TileId};
use serde::Serialize;

/// What a follower would be on a feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
pub enum FollowerRole {
    /// On a road.
    Thief,
    /// In a city.
    Knight,
    /// In a cloister.
    Monk,
    /// On a shrine.
    Heretic,
    /// In a field.
    Farmer,
}

/// A place on the tile just placed where a figure may go.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FollowerOption {
    /// Which kind of figure may go there: a place open to two kinds is listed once for each.
    pub figure: Figure,
    /// The place, in board orientation.
    pub place: Port,
    /// What the follower would be there.
    pub role: FollowerRole,
    /// Every place of the tile on the same feature, so a follower seen anywhere on it can be
    /// matched to this spot.
    pub covers: Vec<Port>,
}

/// Where the drawn tile may go, and where a follower may then stand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct PlacementOption {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Turned clockwise.
    pub rotation: Degrees,
    /// The legal figure places, each kind's apart; empty when none (no figure left, or all
    /// taken).
    pub followers: Vec<FollowerOption>,
    /// Whether the mover may take their abbot back instead of placing a figure.
    pub may_recall: bool,
    /// Whether the tile laid there lengthens the mover's builder's road or city: it earns a
    /// second tile, which the move may pass up (T-08, T-15).
    pub earns_second_tile: bool,
}

/// What a follower is on a feature of this kind; `None` on the river, which takes none.
pub(crate) fn role_of(kind: FeatureKind) -> Option<FollowerRole> {
    match kind {
        FeatureKind::Road => Some(FollowerRole::Thief),
        FeatureKind::City => Some(FollowerRole::Knight),
        FeatureKind::Cloister => Some(FollowerRole::Monk),
        FeatureKind::Shrine => Some(FollowerRole::Heretic),
        FeatureKind::Field => Some(FollowerRole::Farmer),
        // A garden takes only the abbot, drawn as the monk it is on a cloister until it
        // has a shape of its own.
        FeatureKind::Garden => Some(FollowerRole::Monk),
        FeatureKind::River => None,
    }
}

fn options(figure: Figure, places: Vec<(Port, FeatureKind)>) -> Vec<FollowerOption> {
    places
        .into_iter()
        .filter_map(|(port, kind)| {
            Some(FollowerOption { figure, place: port, role: role_of(kind)?, covers: Vec::new() })
        })
        .collect()
}

/// Final board: where `seat` may stand a figure on the tile placed at `x`, `y` — for each
/// kind the player still has in hand, one place per feature still open to it, occupied or
/// not. Empty when no tile lies there, the player has no figure left, or the game is entered
/// turn by turn.
///
/// # Errors
/// A seat that cannot exist.
pub fn standing_options(game: &Game, seat: u32, x: i32, y: i32) -> Result<Vec<FollowerOption>, RequestError> {
    let player = seat_of(seat)?;
    if player.index() >= game.player_count() {
        return Err(RequestError::UnknownSeat(seat));
    }
    let cell = Cell::new(x, y);
    let offered =
        Figure::ALL.into_iter().flat_map(|figure| options(figure, game.standing_places(player, cell, figure)));
    Ok(covering(game, cell, offered.collect()))
}

/// The options with the places of the tile at `cell` each one's feature covers.
fn covering(game: &Game, cell: Cell, mut offered: Vec<FollowerOption>) -> Vec<FollowerOption> {
    let feature = |port: Port| game.feature_at(cell, port).map(|f| f.anchor);
    for option in &mut offered {
        let at = feature(option.place);
        option.covers = Port::ALL.into_iter().filter(|&p| at.is_some() && feature(p) == at).collect();
    }
    offered
}

/// Final board with Mage & Witch: where `figure` may stand on the tile placed at `x`, `y` —
/// one place per road or city of the tile still open to it (MW-02, MW-03). Listed as a
/// follower's places are, so the board lights them alike: the role is what a follower there
/// would be, the figure left a follower, as the mage and the witch are nobody's (MW-09). Empty
/// when no tile lies there, the figure stands already, or the game is no such final board.
pub fn magic_standing_options(game: &Game, figure: MagicFigure, x: i32, y: i32) -> Vec<FollowerOption> {
    let cell = Cell::new(x, y);
    covering(game, cell, options(Figure::Follower, game.magic_standing_places(figure, cell)))
}

/// The places of `tile`, turned by `rotation`, on the same feature as `place` (all in board
/// orientation).
fn same_feature(tile: TileId, rotation: Rotation, place: Port) -> Vec<Port> {
    let def = tile.def();
    let feature = |p: Port| def.feature_at(p.to_catalog(rotation));
    let Some(at) = feature(place) else { return Vec::new() };
    Port::ALL.into_iter().filter(|&p| feature(p) == Some(at)).collect()
}

/// Every legal placement of `tile` with its figure options; empty means it fits nowhere
/// and may be discarded.
pub fn placement_options(game: &Game, tile: TileId) -> Vec<PlacementOption> {
    game.legal_placements(tile)
        .into_iter()
        .map(|(cell, rotation)| {
            let abbot = game.legal_abbot_places(tile, cell, rotation).into_iter().filter_map(|port| {
                let def = tile.def();
                let local = def.feature_at(port.to_catalog(rotation))?;
                Some((port, def.features[usize::from(local)].kind))
            });
            let mut followers = options(Figure::Follower, game.legal_followers(tile, cell, rotation));
            followers.extend(options(Figure::Abbot, abbot.collect()));
            followers.extend(options(Figure::Big, game.legal_big_places(tile, cell, rotation)));
            for companion in [Figure::Builder, Figure::Pig] {
                let places =
                    game.legal_companion_places(companion, tile, cell, rotation).into_iter().filter_map(|port| {
                        let def = tile.def();
                        let local = def.feature_at(port.to_catalog(rotation))?;
                        Some((port, def.features[usize::from(local)].kind))
                    });
                followers.extend(options(companion, places.collect()));
            }
            for o in &mut followers {
                o.covers = same_feature(tile, rotation, o.place);
            }
            PlacementOption {
                x: cell.x,
                y: cell.y,
                rotation: rotation.into(),
                followers,
                may_recall: game.may_recall(cell),
                earns_second_tile: game.earns_second_tile_with(tile, cell, rotation),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{degrees, place_request, tile_named};
    use crate::request::MoveRequest;
    use castellan_engine::{Cell, GameSetup, Mode, Move, TileSet};

    #[test]
    fn each_feature_that_takes_a_follower_names_its_role() {
        let cases = [
            (FeatureKind::Road, Some(FollowerRole::Thief)),
            (FeatureKind::City, Some(FollowerRole::Knight)),
            (FeatureKind::Cloister, Some(FollowerRole::Monk)),
            (FeatureKind::Shrine, Some(FollowerRole::Heretic)),
            (FeatureKind::Field, Some(FollowerRole::Farmer)),
            (FeatureKind::River, None),
        ];
        for (kind, role) in cases {
            assert_eq!(role_of(kind), role, "{kind:?}");
        }
        assert_eq!(serde_json::to_value(FollowerRole::Heretic).unwrap(), "heretic", "roles cross as lower-case names");
    }

    #[test]
    fn standing_options_offer_every_open_feature_of_a_placed_tile() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.mode = Mode::FinalBoard;
        let mut game = Game::new(setup).unwrap();
        game.apply(&Move::place(TileId::from_name("E").unwrap(), Cell::new(0, -1), Rotation::R180, None)).unwrap();
        let options = standing_options(&game, 1, 0, 0).unwrap();
        let roles: Vec<FollowerRole> = options.iter().map(|o| o.role).collect();
        assert!(!roles.contains(&FollowerRole::Knight), "the start tile's city is complete: {options:?}");
        assert!(roles.contains(&FollowerRole::Thief) && roles.contains(&FollowerRole::Farmer), "{options:?}");
        let covered: usize = options.iter().map(|o| o.covers.len()).sum();
        assert!(options.iter().all(|o| o.covers.contains(&o.place)), "each place covers itself: {options:?}");
        assert!(covered > options.len(), "a farm on the start tile reaches several places: {options:?}");
        let e = standing_options(&game, 0, 0, -1).unwrap();
        let field = e.iter().find(|o| o.role == FollowerRole::Farmer).expect("E's field");
        assert!(field.covers.contains(&Port::N), "E turned round has its field on the north edge: {e:?}");
        assert!(standing_options(&game, 1, 5, 5).unwrap().is_empty(), "no tile there");
        assert_eq!(standing_options(&game, 2, 0, 0), Err(RequestError::UnknownSeat(2)));
    }

    #[test]
    fn the_apps_requests_far_off_the_table_are_refused_not_a_crash() {
        let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        for (x, y) in [(i32::MAX, 0), (0, i32::MIN), (1001, 0)] {
            let place = place_request("E", x, y, 0, Some("N"));
            let refused = game.apply(&place.to_move().unwrap()).unwrap_err();
            assert_eq!(refused, castellan_engine::MoveError::OffTable { cell: Cell::new(x, y), limit: 1000 });
        }
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.mode = Mode::FinalBoard;
        let mut board = Game::new(setup).unwrap();
        for (x, y) in [(i32::MAX, i32::MAX), (i32::MIN, 0), (-1001, 0)] {
            assert_eq!(standing_options(&board, 0, x, y), Ok(Vec::new()), "nothing stands at [{x},{y}]");
            let stand =
                MoveRequest::Stand { seat: 0, figure: Figure::Follower, x, y, place: Port::N }.to_move().unwrap();
            let refused = board.apply(&stand).unwrap_err();
            assert_eq!(refused, castellan_engine::MoveError::OffTable { cell: Cell::new(x, y), limit: 1000 });
        }
        assert_eq!((game.move_count(), board.move_count()), (0, 0), "nothing was played");
    }

    #[test]
    fn placement_options_list_the_follower_places_with_their_roles() {
        let game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        let options = placement_options(&game, tile_named("E"));
        let over_the_city =
            options.iter().find(|o| (o.x, o.y, o.rotation) == (0, -1, degrees(180))).expect("E closes D's city");
        let knight = over_the_city.followers.iter().find(|f| f.role == FollowerRole::Knight).expect("a knight's place");
        assert_eq!(knight.place, Port::S);
        assert_eq!(knight.covers, [Port::S, Port::SL, Port::SR], "E turned round has its city on the south edge");
        assert!(over_the_city.followers.iter().any(|f| f.role == FollowerRole::Farmer));
        assert_eq!(options.len(), game.legal_placements(TileId::from_name("E").unwrap()).len());
    }

    #[test]
    fn placement_options_offer_the_big_followers_places_only_while_it_is_in_hand() {
        let bigs =
            |options: &[PlacementOption]| options.iter().flat_map(|o| &o.followers).any(|f| f.figure == Figure::Big);
        let plain = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        assert!(!bigs(&placement_options(&plain, tile_named("U"))), "no box, no big follower");
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(castellan_engine::TileSet::InnsCathedrals);
        let mut game = Game::new(setup).unwrap();
        let east = |game: &Game| {
            placement_options(game, tile_named("U"))
                .into_iter()
                .find(|o| (o.x, o.y, o.rotation) == (1, 0, degrees(0)))
                .unwrap()
        };
        let offered = east(&game);
        let of = |figure: Figure| -> Vec<(Port, FollowerRole, Vec<Port>)> {
            offered
                .followers
                .iter()
                .filter(|f| f.figure == figure)
                .map(|f| (f.place, f.role, f.covers.clone()))
                .collect()
        };
        assert!(!of(Figure::Big).is_empty(), "{offered:?}");
        assert_eq!(of(Figure::Big), of(Figure::Follower), "the big follower goes wherever a follower may");
        let u = TileId::from_name("U").unwrap();
        game.apply(&Move::place_big(u, Cell::new(1, 0), Rotation::R0, castellan_engine::Port::E)).unwrap();
        game.apply(&Move::place(u, Cell::new(-1, 0), Rotation::R0, None)).unwrap();
        assert!(!bigs(&placement_options(&game, tile_named("U"))), "Anna's big follower is out");
    }

    #[test]
    fn placement_options_offer_the_builder_beside_its_owners_follower_and_no_pig_without_a_farmer() {
        let kinds = |game: &Game, at: (i32, i32)| -> Vec<(Figure, FollowerRole)> {
            let option = placement_options(game, tile_named("U"))
                .into_iter()
                .find(|o| (o.x, o.y, o.rotation) == (at.0, at.1, degrees(0)));
            let option = option.expect("U fits there");
            option.followers.iter().filter(|f| f.figure.is_companion()).map(|f| (f.figure, f.role)).collect()
        };
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(castellan_engine::TileSet::TradersBuilders);
        let mut game = Game::new(setup).unwrap();
        assert_eq!(kinds(&game, (1, 0)), [], "no follower of Anna's on the road yet (T-07)");
        let u = TileId::from_name("U").unwrap();
        game.apply(&Move::place(u, Cell::new(1, 0), Rotation::R0, Some(castellan_engine::Port::E))).unwrap();
        game.apply(&Move::place(u, Cell::new(-1, 0), Rotation::R0, None)).unwrap();
        // Anna's thief is on the road through (1, 0): her builder may join it on the next tile.
        assert_eq!(kinds(&game, (2, 0)), [(Figure::Builder, FollowerRole::Thief)]);
        let plain = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        assert_eq!(kinds(&plain, (1, 0)), [], "no box, no builder or pig");
    }

    #[test]
    fn the_abbot_has_places_of_its_own_and_may_be_taken_back_as_the_engine_says() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(castellan_engine::TileSet::Abbot);
        let mut game = Game::new(setup).unwrap();
        let below = placement_options(&game, tile_named("B"));
        let under =
            below.iter().find(|o| (o.x, o.y, o.rotation) == (0, 1, degrees(0))).expect("B below the start tile");
        let of = |figure: Figure| -> Vec<(Port, FollowerRole)> {
            under.followers.iter().filter(|f| f.figure == figure).map(|f| (f.place, f.role)).collect()
        };
        assert_eq!(of(Figure::Abbot), [(Port::C, FollowerRole::Monk)], "the abbot only on the cloister (A-04)");
        assert!(of(Figure::Follower).contains(&(Port::C, FollowerRole::Monk)), "a monk may go there too");
        assert!(of(Figure::Follower).iter().any(|(_, r)| *r == FollowerRole::Farmer), "and a farmer in the field");
        assert!(below.iter().all(|o| !o.may_recall), "Anna's abbot is in hand: nothing to take back");

        game.apply(&Move::place_abbot(TileId::from_name("B").unwrap(), Cell::new(0, 1), Rotation::R0, Port::C))
            .unwrap();
        game.apply(&Move::place(TileId::from_name("U").unwrap(), Cell::new(1, 0), Rotation::R0, None)).unwrap();
        let next = placement_options(&game, tile_named("B"));
        assert!(next.iter().all(|o| o.followers.iter().all(|f| f.figure == Figure::Follower)), "the abbot is out");
        assert!(next.iter().any(|o| o.may_recall), "so Anna may take it back");

        let plain = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        let without = placement_options(&plain, tile_named("B"));
        assert!(without.iter().all(|o| !o.may_recall && o.followers.iter().all(|f| f.figure == Figure::Follower)));
    }

    #[test]
    fn a_final_board_offers_every_figure_the_player_still_has_in_hand() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.extend([castellan_engine::TileSet::InnsCathedrals, castellan_engine::TileSet::TradersBuilders]);
        setup.mode = Mode::FinalBoard;
        let mut game = Game::new(setup).unwrap();
        game.apply(&Move::place(TileId::from_name("U").unwrap(), Cell::new(1, 0), Rotation::R0, None)).unwrap();
        let offered = |game: &Game, figure: Figure| -> Vec<(Port, FollowerRole)> {
            let options = standing_options(game, 0, 1, 0).unwrap();
            options.into_iter().filter(|o| o.figure == figure).map(|o| (o.place, o.role)).collect()
        };
        let followers = offered(&game, Figure::Follower);
        assert_eq!(followers.len(), 3, "U's road and fields: {followers:?}");
        assert_eq!(offered(&game, Figure::Big), followers, "the big follower wherever a follower may stand");
        let thief = followers.iter().find(|(_, r)| *r == FollowerRole::Thief).unwrap().0;
        let farms: Vec<(Port, FollowerRole)> =
            followers.iter().filter(|(_, r)| *r == FollowerRole::Farmer).cloned().collect();
        // The thief and farmers they stand with may be entered after them.
        assert_eq!(offered(&game, Figure::Builder), [(thief, FollowerRole::Thief)], "on the road");
        assert_eq!(offered(&game, Figure::Pig), farms, "in either field");
        let stand = |figure, place| MoveRequest::Stand { seat: 0, figure, x: 1, y: 0, place }.to_move().unwrap();
        game.apply(&stand(Figure::Builder, thief)).unwrap();
        game.apply(&stand(Figure::Big, thief)).unwrap();
        game.apply(&stand(Figure::Pig, farms[0].0)).unwrap();
        let now: Vec<Figure> = standing_options(&game, 0, 1, 0).unwrap().iter().map(|o| o.figure).collect();
        assert!(now.iter().all(|&f| f == Figure::Follower), "big follower, builder and pig out: {now:?}");
    }

    #[test]
    fn a_final_board_offers_the_abbot_beside_the_followers() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(castellan_engine::TileSet::Abbot);
        setup.mode = Mode::FinalBoard;
        let mut game = Game::new(setup).unwrap();
        game.apply(&Move::place(TileId::from_name("B").unwrap(), Cell::new(0, 1), Rotation::R0, None)).unwrap();
        let offered = standing_options(&game, 0, 0, 1).unwrap();
        let abbot: Vec<&FollowerOption> = offered.iter().filter(|o| o.figure == Figure::Abbot).collect();
        assert_eq!(abbot.len(), 1, "{offered:?}");
        assert_eq!((abbot[0].place, abbot[0].role), (Port::C, FollowerRole::Monk));
        assert_eq!(abbot[0].covers, [Port::C]);
        let stand = MoveRequest::Stand { seat: 0, figure: Figure::Abbot, x: 0, y: 1, place: Port::C };
        game.apply(&stand.to_move().unwrap()).unwrap();
        assert_eq!(game.abbots(), &[0, 1]);
        let after = standing_options(&game, 0, 0, 1).unwrap();
        assert!(after.iter().all(|o| o.figure == Figure::Follower), "Anna's abbot stands: {after:?}");
    }

    #[test]
    fn magic_standing_options_light_the_open_roads_and_cities_of_a_placed_tile() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::MageWitch);
        setup.mode = Mode::FinalBoard;
        let mut game = Game::new(setup).unwrap();
        let mage = |game: &Game| magic_standing_options(game, MagicFigure::Mage, 0, 0);
        let roles = |options: Vec<FollowerOption>| options.into_iter().map(|o| o.role).collect::<Vec<_>>();
        assert_eq!(roles(mage(&game)), [FollowerRole::Thief, FollowerRole::Knight], "the start tile's road and city");
        game.apply(&Move::StandMagic { figure: MagicFigure::Witch, cell: Cell::new(0, 0), port: Port::N }).unwrap();
        let left = mage(&game);
        assert_eq!(roles(left.clone()), [FollowerRole::Thief], "the witch's city is hers");
        assert_eq!(left[0].covers, [Port::E, Port::W], "the road crosses the tile");
        assert!(magic_standing_options(&game, MagicFigure::Witch, 0, 0).is_empty(), "she stands already");
        assert!(magic_standing_options(&game, MagicFigure::Mage, 4, 4).is_empty(), "no tile there");
    }
}
