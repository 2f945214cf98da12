//! Flying Machines at the table (Rules FM-03 to FM-09): a tile with a flying machine laid
//! without a figure on it asks whether a figure flies from the machine, which one, what the
//! die showed and where the figure landed — or that it crashed, where nowhere is left to land.
//!
//! The engine answers every part: which figures may fly ([`Game::flying_figures`]), where a
//! flight ends ([`flight_target`]) and where it may land ([`Game::legal_landings`]); this
//! module only describes the landings the way the players point at them.

use crate::target::{followers_of, Survey, Target};
use castellan_engine::{flight_target, Cell, Figure, Game, Move, FLIGHT_ROLLS};
use serde::Serialize;

/// The flight the placer may make from the tile's machine instead of putting a figure on it;
/// not flying is always allowed (FM-03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FlightQuestion {
    /// The figures the placer holds that may fly (FM-04).
    pub figures: Vec<Figure>,
    /// The faces of the flight die the table may tell (FM-06).
    pub rolls: Vec<u8>,
    /// Where the flight told so far ends, counting empty cells (FM-05, FM-06); `null` until a
    /// figure flies and the die is told.
    pub target: Option<Cell>,
    /// Where the figure told may land there with the die told (FM-07); the first one must be
    /// taken if any (FM-09): empty, it crashes (FM-08), or nothing is told yet.
    pub landings: Vec<Target>,
}

/// The flight question for `mv`, a placement with its answers so far; `None` when the tile
/// shows no machine, a figure goes on the tile or the abbot comes back (the turn's one
/// deployment is taken), or the placer holds nothing that flies.
pub fn flight_question(game: &Game, mv: &Move) -> Option<FlightQuestion> {
    let Move::Place { tile, cell, rotation, follower: None, recall_abbot: false, told, .. } = mv else {
        return None;
    };
    let figures = game.flying_figures(*tile);
    if figures.is_empty() {
        return None;
    }
    let told = told.flight;
    let target = told.and_then(|flight| flight_target(*tile, *cell, *rotation, flight.roll));
    let landings = match (told, target) {
        (Some(flight), Some(target)) => {
            let ports = game.legal_landings(*tile, *cell, *rotation, flight.figure, flight.roll);
            let places: Vec<_> = ports.into_iter().map(|port| (target, port)).collect();
            // Described with the tile laid, so a road or city it lengthens counts it; as the
            // board stands where the bare placement alone is refused (another box's answer
            // still missing), which changes only the words.
            let mut laid = game.clone();
            let described = match laid.apply(&Move::place(*tile, *cell, *rotation, None)) {
                Ok(_) => &laid,
                Err(_) => game,
            };
            Survey::without_farms(described, &followers_of(described)).targets(&places)
        }
        _ => Vec::new(),
    };
    Some(FlightQuestion { figures, rolls: FLIGHT_ROLLS.collect(), target, landings })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{place_request, port_named};
    use crate::request::{MoveRequest, Spot};
    use crate::tell::tell_questions;
    use castellan_engine::{Flight, GameSetup, Port, TileSet, Told, ToldAnswers};

    fn flier_game(boxes: &[TileSet]) -> Game {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Flier);
        setup.sets.extend_from_slice(boxes);
        Game::new(setup).unwrap()
    }

    /// FM05 east of the start tile, its machine pointing west at the start tile, with the
    /// flight told so far.
    fn fm05(flight: Option<Flight>) -> MoveRequest {
        let mut request = place_request("FM05", 1, 0, 0, None);
        if let MoveRequest::Place { told, .. } = &mut request {
            *told = Told::from(ToldAnswers { flight, ..ToldAnswers::default() });
        }
        request
    }

    fn flying(figure: Figure, roll: u8) -> Option<Flight> {
        Some(Flight { figure, roll, to: None })
    }

    #[test]
    fn a_machine_laid_bare_asks_who_flies_and_the_die() {
        let game = flier_game(&[TileSet::Abbot]);
        let q = tell_questions(&game, &fm05(None)).unwrap().flier.expect("a flier tile with no figure on it");
        assert_eq!(q.figures, [Figure::Follower, Figure::Abbot], "the figures in hand that fly (FM-04)");
        assert_eq!(q.rolls, [1, 2, 3], "the die's faces (FM-06)");
        assert_eq!((q.target, q.landings.len()), (None, 0), "nothing flies before the table says so");
    }

    #[test]
    fn the_landings_follow_the_die_told() {
        let game = flier_game(&[]);
        let q = tell_questions(&game, &fm05(flying(Figure::Follower, 1))).unwrap().flier.unwrap();
        assert_eq!(q.target, Some(Cell::new(0, 0)), "one cell west, onto the start tile (FM-05)");
        let at: Vec<Spot> = q.landings.iter().map(|t| t.at.clone()).collect();
        let spot = |place| Spot { x: 0, y: 0, place };
        assert_eq!(at, [spot(Port::E), spot(Port::N)], "the start tile's road and city, not its fields (FM-07)");
        assert_eq!(q.landings[0].tiles, [[0, 0], [1, 0]], "the road lengthened by the flier tile itself");
        let crash = tell_questions(&game, &fm05(flying(Figure::Follower, 2))).unwrap().flier.unwrap();
        assert_eq!(crash.target, Some(Cell::new(-1, 0)), "empty cells count (QB-01)");
        assert!(crash.landings.is_empty(), "nothing there: the flier crashes (FM-08)");
    }

    #[test]
    fn a_figure_on_the_tile_or_a_tile_without_machine_asks_nothing() {
        let game = flier_game(&[]);
        let manned = place_request("FM05", 1, 0, 0, Some("E"));
        assert!(tell_questions(&game, &manned).unwrap().is_empty(), "the turn's one deployment is on the tile");
        let plain = place_request("D", 1, 0, 0, None);
        assert!(tell_questions(&game, &plain).unwrap().is_empty(), "no machine on D");
    }

    #[test]
    fn a_final_board_asks_no_flight() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Flier);
        setup.mode = castellan_engine::Mode::FinalBoard;
        let game = Game::new(setup).unwrap();
        assert!(tell_questions(&game, &fm05(None)).unwrap().is_empty(), "a flown figure stands where it landed");
        assert!(game.flying_figures(crate::fixture::tile_named("FM05")).is_empty());
    }

    #[test]
    fn a_landing_offered_is_one_the_engine_accepts() {
        let mut game = flier_game(&[]);
        let q = tell_questions(&game, &fm05(flying(Figure::Follower, 1))).unwrap().flier.unwrap();
        let landing = q.landings.last().expect("the start tile's city").at.clone();
        assert_eq!(landing.place, port_named("N"));
        let answered = fm05(Some(Flight { figure: Figure::Follower, roll: 1, to: Some(landing.place) }));
        game.apply(&answered.to_move().unwrap()).expect("the landing the question offered");
        assert_eq!(game.supply(), [6, 7], "Anna's follower flew from her supply to the city");
    }
}
