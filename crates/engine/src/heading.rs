//! The eight compass headings a flying machine can point to (Rule FM-05): the four sides and
//! the four diagonals between them. A [`Side`](crate::Side) cannot say a diagonal, and a
//! flight goes straight along one of these eight lines.

use crate::coord::{Cell, Rotation};
use std::fmt;

/// A compass heading on the board, clockwise from north. North is towards smaller `y`, as for
/// [`Side`](crate::Side).
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Heading {
    /// Towards smaller `y`.
    N,
    /// North-east.
    NE,
    /// Towards larger `x`.
    E,
    /// South-east.
    SE,
    /// Towards larger `y`.
    S,
    /// South-west.
    SW,
    /// Towards smaller `x`.
    W,
    /// North-west.
    NW,
}

impl Heading {
    /// All eight, clockwise from north.
    pub const ALL: [Heading; 8] =
        [Heading::N, Heading::NE, Heading::E, Heading::SE, Heading::S, Heading::SW, Heading::W, Heading::NW];

    /// The name used in the catalog and the docs: `N`, `NE`, … `NW`.
    pub const fn name(self) -> &'static str {
        ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][self as usize]
    }

    /// Parses a name such as `"NW"`.
    pub fn from_name(name: &str) -> Option<Heading> {
        Heading::ALL.into_iter().find(|h| h.name() == name)
    }

    /// The heading after the tile it is drawn on is turned by `rotation`: each quarter turn
    /// moves it two steps clockwise (`W` at 90° is `N`).
    pub const fn to_board(self, rotation: Rotation) -> Heading {
        Heading::ALL[(self as usize + 2 * rotation.quarter_turns()) % 8]
    }

    /// One cell's step along the heading, as `(dx, dy)`.
    pub const fn step(self) -> (i32, i32) {
        match self {
            Heading::N => (0, -1),
            Heading::NE => (1, -1),
            Heading::E => (1, 0),
            Heading::SE => (1, 1),
            Heading::S => (0, 1),
            Heading::SW => (-1, 1),
            Heading::W => (-1, 0),
            Heading::NW => (-1, -1),
        }
    }

    /// The cell `distance` steps from `from` along the heading. A flight is at most three
    /// steps from a cell on the table, so this cannot overflow.
    pub const fn from_cell(self, from: Cell, distance: i32) -> Cell {
        let (dx, dy) = self.step();
        Cell::new(from.x + dx * distance, from.y + dy * distance)
    }
}

impl fmt::Display for Heading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heading_turns_with_its_tile() {
        assert_eq!(Heading::W.to_board(Rotation::R90), Heading::N, "W at 90° flies north (FM-05)");
        assert_eq!(Heading::NW.to_board(Rotation::R180), Heading::SE, "NW at 180° flies south-east");
        assert_eq!(Heading::NW.to_board(Rotation::R270), Heading::SW);
        for h in Heading::ALL {
            assert_eq!(Heading::from_name(h.name()), Some(h));
            assert_eq!(h.to_board(Rotation::R0), h);
        }
    }

    #[test]
    fn a_flight_counts_cells_along_its_line() {
        assert_eq!(Heading::W.from_cell(Cell::new(1, 0), 2), Cell::new(-1, 0));
        assert_eq!(Heading::SE.from_cell(Cell::new(0, 0), 3), Cell::new(3, 3));
    }
}
