//! The Flying Machines (Rules FM-01 to FM-13, X2-01 to X2-05): a tile with a flying machine
//! may send a figure from hand flying instead of deploying one on it (FM-03). The players roll
//! the die and tell the result (FM-06); the figure flies that many cells in a straight line the
//! way the machine points, turned with its tile (FM-05), counting empty cells (QB-01), and
//! lands on an open road, city, cloister or shrine of the tile found there — a garden too for
//! the abbot —, occupied or not, never on a field (FM-07, X2-03, X2-04). With no such place, or
//! no tile, or a tile of the City of Carcassonne there, it crashes and goes back to hand
//! (FM-08, X2-01); where it can land it must (FM-09, QB-02).
//!
//! The flight is step 2 of the turn: after the tile is laid, before anything is scored
//! (FM-12). A landed figure is then an ordinary thief, knight or monk (FM-10, FM-11), and a
//! landing starts no challenge of the heretics (QB-25), which arise only from a figure put on
//! the tile just laid. Whether the landing place is complete is known only with the tile laid,
//! so [`Game::apply`] plays a move with a flight on a copy, as it does the Count's decisions.

use super::{Game, Mode, MoveError};
use crate::board::Board;
use crate::coord::{Cell, Port, Rotation};
use crate::event::Event;
use crate::figure::Figure;
use crate::heading::Heading;
use crate::player::PlayerId;
use crate::rule::Rule;
use crate::tile::{FeatureKind, TileId, TileSet};
use std::fmt;

/// The smallest and largest face of the flight die (1, 1, 2, 2, 3, 3; FM-01, FM-06).
pub const FLIGHT_ROLLS: std::ops::RangeInclusive<u8> = 1..=3;

/// What the table tells of a flight: which figure flew, the die, and where it landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct Flight {
    /// A follower, the big follower or the abbot (FM-04).
    pub figure: Figure,
    /// The die's result, the number of cells flown (FM-06).
    pub roll: u8,
    /// The place on the tile it reached where it landed, in board orientation; `None` when it
    /// crashed (FM-08).
    pub to: Option<Port>,
}

/// Why a flight may not be as the move says. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum FlightError {
    /// The tile shows no flying machine (FM-03).
    NoMachine {
        /// The tile placed.
        tile: TileId,
    },
    /// The flight is the turn's one deployment: no figure goes on the tile too, and the abbot
    /// is not taken back (FM-03).
    SecondDeployment,
    /// Only a follower, the big follower or the abbot flies (FM-04).
    CannotFly {
        /// The figure named.
        figure: Figure,
    },
    /// The die shows 1, 2 or 3 (FM-06).
    NotADieFace {
        /// The result told.
        roll: u8,
    },
    /// No tile lies where the flight ends: the figure crashed (FM-08).
    NoTileThere {
        /// The cell reached.
        cell: Cell,
    },
    /// The flight ends on the City of Carcassonne, where no flier lands (X2-01).
    InCarcassonne {
        /// The cell reached.
        cell: Cell,
    },
    /// The place is not on the tile reached.
    NoPlace {
        /// The cell reached.
        cell: Cell,
        /// The place named.
        port: Port,
    },
    /// A flier lands on a road, city, cloister or shrine, never on a field (FM-07).
    NotALandingPlace {
        /// The cell reached.
        cell: Cell,
        /// The place named.
        port: Port,
        /// What is there.
        feature: FeatureKind,
    },
    /// The abbot lands only on a cloister, shrine or garden (X2-03); a garden takes only the
    /// abbot.
    WrongBuilding {
        /// The figure that flew.
        figure: Figure,
        /// The place named.
        port: Port,
        /// What is there.
        feature: FeatureKind,
    },
    /// The feature there is complete, perhaps by this very tile (FM-07).
    Complete {
        /// The cell reached.
        cell: Cell,
        /// The place named.
        port: Port,
        /// What is there.
        feature: FeatureKind,
    },
    /// The move says the flier crashed, but it can land: a landing is compulsory (FM-09).
    MustLand {
        /// The cell reached.
        cell: Cell,
        /// A place where it can land.
        port: Port,
    },
}

impl FlightError {
    /// The checklist rule the move breaks, where one does.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            FlightError::NoMachine { .. } | FlightError::SecondDeployment => Some(Rule::FM03),
            FlightError::CannotFly { .. } => Some(Rule::FM04),
            FlightError::NotADieFace { .. } => Some(Rule::FM06),
            FlightError::NoTileThere { .. } => Some(Rule::FM08),
            FlightError::InCarcassonne { .. } => Some(Rule::X201),
            FlightError::NotALandingPlace { .. } | FlightError::Complete { .. } => Some(Rule::FM07),
            FlightError::WrongBuilding { .. } => Some(Rule::X203),
            FlightError::MustLand { .. } => Some(Rule::FM09),
            FlightError::NoPlace { .. } => None,
        }
    }

    pub(super) fn describe(&self, f: &mut fmt::Formatter<'_>, _names: &[String]) -> fmt::Result {
        match self {
            FlightError::NoMachine { tile } => write!(f, "{tile} shows no flying machine"),
            FlightError::SecondDeployment => {
                write!(f, "flying is the turn's one deployment: no figure goes on the tile as well")
            }
            FlightError::CannotFly { figure } => {
                write!(f, "the {} cannot fly: only a follower, the big follower or the abbot", figure.name())
            }
            FlightError::NotADieFace { roll } => write!(f, "the flight die shows 1, 2 or 3, not {roll}"),
            FlightError::NoTileThere { cell } => {
                write!(f, "no tile lies at {cell}, where the flight ends: the flier crashed")
            }
            FlightError::InCarcassonne { cell } => {
                write!(f, "the flight ends on the City of Carcassonne at {cell}, where no flier lands")
            }
            FlightError::NoPlace { cell, port } => write!(f, "the tile at {cell} has no feature at {port}"),
            FlightError::NotALandingPlace { cell, port, feature } => {
                write!(f, "a flier lands on a road, city or cloister, not on the {feature} at {cell} {port}")
            }
            FlightError::WrongBuilding { figure: Figure::Abbot, port, feature } => {
                write!(f, "the abbot lands only on a cloister or a garden, not on the {feature} at {port}")
            }
            FlightError::WrongBuilding { port, .. } => {
                write!(f, "a garden takes the abbot and no other figure ({port})")
            }
            FlightError::Complete { cell, port, feature } => {
                write!(f, "the {feature} at {cell} {port} is complete: no flier lands there")
            }
            FlightError::MustLand { cell, port } => {
                write!(f, "the flier can land at {cell} ({port}), so it must: it did not crash")
            }
        }
    }
}

impl fmt::Display for FlightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for FlightError {}

/// Where a flight from a machine drawn on `tile` lying at `cell` with `rotation` ends with
/// `roll`: the cells along the machine's heading, empty ones counted (FM-05, FM-06, QB-01).
/// `None` when the tile has no machine.
pub fn flight_target(tile: TileId, cell: Cell, rotation: Rotation, roll: u8) -> Option<Cell> {
    let heading: Heading = tile.def().marks.flier?.to_board(rotation);
    Some(heading.from_cell(cell, i32::from(roll)))
}

impl Game {
    /// The checks of a flight that need nothing of the board: the tile has a machine, nothing
    /// else is deployed, the figure flies and is in hand, the die shows a face (FM-03, FM-04,
    /// FM-06). Where it lands is [`Game::fly`]'s, with the tile laid.
    pub(super) fn flight_error(
        &self,
        placer: PlayerId,
        tile: TileId,
        flight: &Flight,
        deploys: bool,
    ) -> Option<MoveError> {
        if self.setup.mode == Mode::FinalBoard {
            return Some(MoveError::WrongMode);
        }
        if tile.def().marks.flier.is_none() {
            return Some(FlightError::NoMachine { tile }.into());
        }
        if deploys {
            return Some(FlightError::SecondDeployment.into());
        }
        if flight.figure.is_companion() {
            return Some(FlightError::CannotFly { figure: flight.figure }.into());
        }
        if let Some(e) = self.hand_error(placer, flight.figure) {
            return Some(e);
        }
        (!FLIGHT_ROLLS.contains(&flight.roll)).then_some(FlightError::NotADieFace { roll: flight.roll }.into())
    }

    /// The figures the player to move may fly from `tile`'s machine: the follower, the big
    /// follower and the abbot, those in hand, in the order of [`Figure::ALL`] (FM-03, FM-04).
    /// Empty when the tile shows no machine, and on a final board, where nobody flies.
    pub fn flying_figures(&self, tile: TileId) -> Vec<Figure> {
        if self.setup.mode == Mode::FinalBoard || tile.def().marks.flier.is_none() {
            return Vec::new();
        }
        Figure::ALL
            .into_iter()
            .filter(|&figure| !figure.is_companion() && self.hand_error(self.current, figure).is_none())
            .collect()
    }

    /// The places where a figure flown from `tile` lying at `cell` with `rotation` with `roll`
    /// may land, in the order of the reached tile's features; empty when it crashes. The
    /// tile is not laid yet: the answer is worked out on a copy of the board with it laid.
    pub fn legal_landings(&self, tile: TileId, cell: Cell, rotation: Rotation, figure: Figure, roll: u8) -> Vec<Port> {
        let Some(target) = flight_target(tile, cell, rotation, roll) else { return Vec::new() };
        if self.board.tile_at(cell).is_some() || !cell.is_on_table() {
            return Vec::new();
        }
        let mut board = self.board.clone();
        let index = super::placement::place_on_board(&mut board, &self.setup.rules, tile, cell, rotation);
        super::placement::close_at_border(&mut board, &self.setup.rules, index);
        self.landings_on(&board, target, figure)
    }

    /// The places a figure flown to `target` may land on `board` (the flier tile laid).
    fn landings_on(&self, board: &Board, target: Cell, figure: Figure) -> Vec<Port> {
        let ports = board.tile_at(target).into_iter().flat_map(|placed| placed.places()).map(|(port, _)| port);
        ports.filter(|&port| self.landing_error(board, target, port, figure).is_none()).collect()
    }

    /// Whether `figure` may land at `port` of the tile at `target` on `board` (FM-07, X2-01,
    /// X2-03, X2-04).
    fn landing_error(&self, board: &Board, target: Cell, port: Port, figure: Figure) -> Option<FlightError> {
        let Some(placed) = board.tile_at(target) else {
            return Some(FlightError::NoTileThere { cell: target });
        };
        if placed.tile.def().set == TileSet::Count {
            return Some(FlightError::InCarcassonne { cell: target });
        }
        let no_place = FlightError::NoPlace { cell: target, port };
        let Some(local) = placed.local_at(port) else { return Some(no_place) };
        let feature = placed.def().features[local as usize].kind;
        match feature {
            FeatureKind::Garden if !self.setup.shows_garden(placed.tile) => return Some(no_place),
            FeatureKind::Field | FeatureKind::River => {
                return Some(FlightError::NotALandingPlace { cell: target, port, feature })
            }
            _ => {}
        }
        let wrong = if figure == Figure::Abbot { !feature.is_building() } else { feature == FeatureKind::Garden };
        if wrong {
            return Some(FlightError::WrongBuilding { figure, port, feature });
        }
        let segment = board.feature_at(target, port).expect("the place is on the tile");
        board.is_complete(segment).then_some(FlightError::Complete { cell: target, port, feature })
    }

    /// Step 2 of the turn: the figure flies from the tile just laid at `index` and lands or
    /// crashes, as the move tells (FM-05 to FM-09). Refusals leave this game half changed:
    /// [`Game::apply`] plays a flight on a copy.
    pub(super) fn fly(&mut self, index: usize, flight: Flight) -> Result<(), FlightError> {
        let player = self.current;
        let placed = self.board.tiles()[index];
        let target =
            flight_target(placed.tile, placed.cell, placed.rotation, flight.roll).expect("checked: a flier tile");
        let landed = match flight.to {
            Some(port) => {
                if let Some(e) = self.landing_error(&self.board, target, port, flight.figure) {
                    return Err(e);
                }
                Some(port)
            }
            None => {
                if let Some(&port) = self.landings_on(&self.board, target, flight.figure).first() {
                    return Err(FlightError::MustLand { cell: target, port });
                }
                None
            }
        };
        let heading = placed.def().marks.flier.expect("checked").to_board(placed.rotation);
        self.events.push(Event::Flew {
            player,
            figure: flight.figure,
            from: placed.cell,
            heading,
            roll: flight.roll,
            target,
            landed,
        });
        if let Some(port) = landed {
            let segment = self.board.feature_at(target, port).expect("checked");
            let kind = self.board.kind(segment);
            self.board.add_figure(player, target, port, segment, flight.figure);
            self.take_from_hand(player, flight.figure);
            self.events.push(Event::FollowerDeployed { player, cell: target, port, kind, figure: flight.figure });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::tile;
    use super::*;
    use crate::{GameSetup, Move};

    fn flier_game() -> Game {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Flier);
        Game::new(setup).unwrap()
    }

    /// FM05 east of the start tile, its machine pointing west, with the flight told.
    fn fm05(roll: u8, to: Option<Port>) -> Move {
        let mut mv = Move::place(tile("FM05"), Cell::new(1, 0), Rotation::R0, None);
        if let Move::Place { told, .. } = &mut mv {
            told.flight = Some(Flight { figure: Figure::Follower, roll, to });
        }
        mv
    }

    #[test]
    fn the_landings_are_the_open_roads_and_cities_of_the_tile_reached() {
        let game = flier_game();
        let (fm05, cell) = (tile("FM05"), Cell::new(1, 0));
        let one = game.legal_landings(fm05, cell, Rotation::R0, Figure::Follower, 1);
        assert_eq!(one, [Port::E, Port::N], "the start tile's road and city, not its fields (FM-07)");
        assert!(game.legal_landings(fm05, cell, Rotation::R0, Figure::Follower, 2).is_empty(), "an empty cell");
        assert!(game.legal_landings(fm05, cell, Rotation::R0, Figure::Abbot, 1).is_empty(), "no building (X2-03)");
        assert!(game.legal_landings(tile("U"), cell, Rotation::R0, Figure::Follower, 1).is_empty(), "no machine");
    }

    #[test]
    fn the_figures_in_hand_fly_the_builder_does_not() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.extend([TileSet::Flier, TileSet::Abbot, TileSet::TradersBuilders]);
        let game = Game::new(setup).unwrap();
        let fm05 = tile("FM05");
        assert_eq!(game.flying_figures(fm05), [Figure::Follower, Figure::Abbot], "no builder or pig (FM-04)");
        assert!(game.flying_figures(tile("U")).is_empty(), "a tile without a machine");
        assert_eq!(flier_game().flying_figures(fm05), [Figure::Follower], "no abbot without its box");
    }

    #[test]
    fn a_refused_flight_leaves_the_game_as_it_was() {
        let mut game = flier_game();
        let before = (game.events().len(), game.move_count(), game.board().tiles().len(), game.supply().to_vec());
        let refusals = [
            (fm05(1, None), FlightError::MustLand { cell: Cell::new(0, 0), port: Port::E }),
            (
                fm05(1, Some(Port::S)),
                FlightError::NotALandingPlace { cell: Cell::new(0, 0), port: Port::S, feature: FeatureKind::Field },
            ),
            (fm05(4, None), FlightError::NotADieFace { roll: 4 }),
        ];
        for (mv, want) in refusals {
            let rule = want.rule();
            assert_eq!(game.apply(&mv).unwrap_err(), MoveError::Flight(want));
            assert!(rule.is_some());
            let after = (game.events().len(), game.move_count(), game.board().tiles().len(), game.supply().to_vec());
            assert_eq!(after, before, "the tile was not laid and nobody flew");
        }
        let events = game.apply(&fm05(1, Some(Port::N))).unwrap().to_vec();
        assert!(events.iter().any(|e| matches!(e, Event::Flew { landed: Some(Port::N), roll: 1, .. })));
        assert_eq!(game.supply(), [6, 7], "the flier came from Anna's supply");
    }
}
