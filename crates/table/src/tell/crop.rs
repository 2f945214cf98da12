//! Crop Circles at the table: after a crop-circle tile, its placer chooses add or remove for
//! everyone, and each player who has something to do says where (CC-03 to CC-07). The engine
//! says who may do what ([`Game::crop_circle_options`]); this module describes each place the
//! way the table points at it.

use crate::target::{followers_of, number_alike, Survey, Target};
use castellan_engine::{Cell, CropSymbol, CropTurn, FeatureKind, Figure, Game, Move, Port};
use serde::Serialize;

/// What the table is asked after a crop-circle tile: the choice, then each player's part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CropQuestion {
    /// The tile's symbol (CC-04).
    pub symbol: CropSymbol,
    /// The kind of feature whose followers it moves.
    pub kind: FeatureKind,
    /// The players with a follower of that kind on the board, in the action's order from the
    /// placer's left round to the placer; the others have nothing to do either way (CC-07).
    pub players: Vec<CropPlayer>,
}

/// What one player may do in the crop circle's action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CropPlayer {
    /// Whose, by seat.
    pub seat: u32,
    /// Under "add": where a figure from hand may go, each beside a follower of theirs; empty
    /// when they hold nothing to add, and then they do nothing (CC-05, CC-07).
    pub add: Vec<Target>,
    /// The figures they may add: a follower, the big follower, or both (X2-18).
    pub add_figures: Vec<Figure>,
    /// Under "remove": their figures of that kind, one of which goes back (CC-06).
    pub remove: Vec<CropFigure>,
}

/// A figure a player may take back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CropFigure {
    /// A follower or the big follower.
    pub figure: Figure,
    /// Where it stands.
    pub at: Target,
}

/// The crop circle's question for `mv`; `None` when its tile shows no crop circle, the game is
/// not played turn by turn, or the move is refused for another reason.
pub fn crop_question(game: &Game, mv: &Move) -> Option<CropQuestion> {
    let options = game.crop_circle_options(mv)?;
    let survey = Survey::new(&options.board, &followers_of(&options.board));
    let players = options.turns.iter().map(|turn| player_of(&survey, turn)).collect();
    Some(CropQuestion { symbol: options.symbol, kind: options.symbol.kind(), players })
}

fn player_of(survey: &Survey<'_>, turn: &CropTurn) -> CropPlayer {
    // One place at a time: two places on one feature are two answers here (two followers to
    // take back, or two tiles to add beside), where a survey would make them one target.
    let at = |place: (Cell, Port)| survey.targets(&[place]).pop();
    let mut add: Vec<Target> = turn.add_at.iter().filter_map(|&place| at(place)).collect();
    number_alike(&mut add);
    let mut remove: Vec<CropFigure> = turn
        .standing
        .iter()
        .filter_map(|&(cell, port, figure)| Some(CropFigure { figure, at: at((cell, port))? }))
        .collect();
    let mut targets: Vec<Target> = remove.iter().map(|r| r.at.clone()).collect();
    number_alike(&mut targets);
    for (r, numbered) in remove.iter_mut().zip(targets) {
        r.at = numbered;
    }
    CropPlayer { seat: turn.player.index() as u32, add, add_figures: turn.add_figures.clone(), remove }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{place, place_request, port_named};
    use crate::request::Spot;
    use crate::tell::tell_questions;
    use castellan_engine::{CropAction, CropChoice, CropCircle, CropDeed, GameSetup, PlayerId, Rotation, TileSet};

    /// Rule CC-05's table: Red's farmer north of the start tile, Blue's beside it; Red's
    /// pitchfork tile CC03 at [1,-1] turned 180 comes next.
    fn two_farmers() -> Game {
        let mut setup = GameSetup::base(&["Red", "Blue"]);
        setup.sets.push(TileSet::CropCircles);
        let mut game = Game::new(setup).unwrap();
        for mv in [
            place("D", 1, 0, Rotation::R0, None),
            place("D", 2, 0, Rotation::R0, None),
            place("E", 0, -1, Rotation::R180, Some(port_named("N"))),
            place("E", 2, -1, Rotation::R180, Some(port_named("N"))),
        ] {
            game.apply(&mv).unwrap();
        }
        game
    }

    fn cc03() -> crate::request::MoveRequest {
        place_request("CC03", 1, -1, 180, None)
    }

    #[test]
    fn a_crop_circle_asks_each_farmer_from_the_placers_left() {
        let game = two_farmers();
        let question = tell_questions(&game, &cc03()).unwrap().crop.expect("CC03 shows a crop circle");
        assert_eq!((question.symbol, question.kind), (CropSymbol::Pitchfork, FeatureKind::Field));
        let seats: Vec<u32> = question.players.iter().map(|p| p.seat).collect();
        assert_eq!(seats, [1, 0], "Blue, left of Red, first; Red, the placer, last");
        let blue = &question.players[0];
        assert_eq!(blue.add_figures, [Figure::Follower]);
        let remove: Vec<(Spot, Figure)> = blue.remove.iter().map(|r| (r.at.at.clone(), r.figure)).collect();
        assert_eq!(remove, [(Spot { x: 2, y: -1, place: port_named("N") }, Figure::Follower)]);
        assert_eq!(blue.add.len(), 1, "one farmer of Blue's to add beside");
        assert!(blue.add.iter().chain(blue.remove.iter().map(|r| &r.at)).all(|t| t.kind == FeatureKind::Field));
    }

    #[test]
    fn the_answer_built_from_the_question_is_accepted() {
        let game = two_farmers();
        let question = tell_questions(&game, &cc03()).unwrap().crop.unwrap();
        let blue = &question.players[0];
        let spot = blue.add[0].at.clone();
        let mut request = cc03();
        let crate::request::MoveRequest::Place { told, .. } = &mut request else { unreachable!() };
        told.crop_circle = Some(CropCircle {
            choice: CropChoice::Add,
            actions: vec![
                CropAction {
                    player: PlayerId(1),
                    deed: CropDeed::At {
                        cell: Cell::new(spot.x, spot.y),
                        port: spot.place,
                        figure: blue.add_figures[0],
                    },
                },
                CropAction { player: PlayerId(0), deed: CropDeed::Pass },
            ],
        });
        let mut played = game.clone();
        played.apply(&request.to_move().unwrap()).expect("the engine takes what the question offered");
        assert_eq!(played.board().followers().iter().filter(|f| f.player == PlayerId(1)).count(), 2);
    }

    #[test]
    fn a_finished_table_asks_nothing_of_its_crop_circles() {
        let mut setup = GameSetup::base(&["Red", "Blue"]);
        setup.sets.push(TileSet::CropCircles);
        setup.mode = castellan_engine::Mode::FinalBoard;
        let mut game = Game::new(setup).unwrap();
        for mv in [place("D", 1, 0, Rotation::R0, None), place("D", 2, 0, Rotation::R0, None)] {
            game.apply(&mv).unwrap();
        }
        assert!(tell_questions(&game, &cc03()).unwrap().is_empty(), "the figures are entered where they stand");
    }

    #[test]
    fn a_tile_without_a_crop_circle_or_nobody_to_move_asks_no_players() {
        let game = two_farmers();
        let plain = place_request("D", 3, 0, 0, None);
        assert_eq!(tell_questions(&game, &plain).unwrap().crop, None, "D shows no crop circle");
        // A club moves thieves, and nobody has one: the placer still chooses, nobody acts.
        let club = place_request("CC01", 0, 1, 0, None);
        let question = tell_questions(&game, &club).unwrap().crop.expect("CC01 shows a crop circle");
        assert_eq!(question.kind, FeatureKind::Road);
        assert!(question.players.is_empty());
    }
}
