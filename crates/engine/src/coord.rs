//! Where things are: board cells, the four sides of a tile, rotations and the named places
//! (ports) on a tile.
//!
//! The board grows east (`x`) and south (`y`), as on a screen. A rotation turns a tile
//! clockwise from its catalog orientation. Everything here is small and `Copy`.
//!
//! A cell may hold any `i32`, but only cells within [`Cell::LIMIT`] of the start are on the
//! table: [`Game::apply`](crate::Game::apply) refuses a move naming any other cell, so no
//! tile or follower ever lies beyond it, and no arithmetic on a board cell can overflow.

use std::fmt;

/// A cell of the board grid. `x` grows to the east, `y` to the south.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cell {
    /// Column, growing to the east.
    pub x: i32,
    /// Row, growing to the south.
    pub y: i32,
}

impl Cell {
    /// How far from the start, in columns or rows, a cell of the table may be. A whole game
    /// of every box reaches fewer than 250 cells from the start; the limit keeps a mistyped
    /// or hostile coordinate from ever reaching the board, where stepping past `i32::MAX`
    /// would overflow.
    pub const LIMIT: i32 = 1000;

    /// The cell at `(x, y)`.
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }

    /// Whether both coordinates lie within [`Cell::LIMIT`] of the start, bounds included.
    ///
    /// ```
    /// use castellan_engine::Cell;
    /// assert!(Cell::new(-1000, 1000).is_on_table());
    /// assert!(!Cell::new(1001, 0).is_on_table());
    /// assert!(!Cell::new(0, i32::MIN).is_on_table());
    /// ```
    pub const fn is_on_table(self) -> bool {
        -Cell::LIMIT <= self.x && self.x <= Cell::LIMIT && -Cell::LIMIT <= self.y && self.y <= Cell::LIMIT
    }

    /// The neighbouring cell across `side`.
    ///
    /// Off the table the step wraps at the ends of `i32` rather than panicking: such a cell
    /// holds no tile, so its neighbours only ever serve to look up "nothing here", the same
    /// in every build.
    pub const fn step(self, side: Side) -> Cell {
        match side {
            Side::North => Cell::new(self.x, self.y.wrapping_sub(1)),
            Side::East => Cell::new(self.x.wrapping_add(1), self.y),
            Side::South => Cell::new(self.x, self.y.wrapping_add(1)),
            Side::West => Cell::new(self.x.wrapping_sub(1), self.y),
        }
    }

    /// The eight cells around this one, orthogonal and diagonal (wrapping like
    /// [`Cell::step`]).
    pub fn surrounding(self) -> [Cell; 8] {
        let Cell { x, y } = self;
        let (west, east) = (x.wrapping_sub(1), x.wrapping_add(1));
        let (north, south) = (y.wrapping_sub(1), y.wrapping_add(1));
        [
            Cell::new(west, north),
            Cell::new(x, north),
            Cell::new(east, north),
            Cell::new(east, y),
            Cell::new(east, south),
            Cell::new(x, south),
            Cell::new(west, south),
            Cell::new(west, y),
        ]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{},{}]", self.x, self.y)
    }
}

/// One of the four sides of a tile, in board orientation unless said otherwise.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// Towards smaller `y`.
    North,
    /// Towards larger `x`.
    East,
    /// Towards larger `y`.
    South,
    /// Towards smaller `x`.
    West,
}

impl Side {
    /// All four, clockwise from north.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// Clockwise index: north 0, east 1, south 2, west 3.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side with clockwise index `i` (taken modulo 4).
    pub const fn from_index(i: usize) -> Side {
        Side::ALL[i % 4]
    }

    /// The side facing this one on a neighbouring tile.
    pub const fn opposite(self) -> Side {
        Side::from_index(self.index() + 2)
    }

    /// The one-letter name used in game scripts.
    pub const fn letter(self) -> &'static str {
        ["N", "E", "S", "W"][self as usize]
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(["north", "east", "south", "west"][self.index()])
    }
}

/// A tile's rotation, clockwise from its catalog orientation.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Rotation {
    /// As drawn in the catalog.
    #[default]
    R0,
    /// A quarter turn clockwise.
    R90,
    /// A half turn.
    R180,
    /// Three quarter turns clockwise.
    R270,
}

impl Rotation {
    /// All four rotations.
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];

    /// Quarter turns clockwise, 0..4.
    pub const fn quarter_turns(self) -> usize {
        self as usize
    }

    /// The rotation for `degrees` clockwise, if it is 0, 90, 180 or 270.
    pub const fn from_degrees(degrees: i64) -> Option<Rotation> {
        match degrees {
            0 => Some(Rotation::R0),
            90 => Some(Rotation::R90),
            180 => Some(Rotation::R180),
            270 => Some(Rotation::R270),
            _ => None,
        }
    }

    /// Degrees clockwise.
    pub const fn degrees(self) -> u16 {
        self as u16 * 90
    }

    /// The catalog side that ends up on board side `side` under this rotation.
    pub const fn to_catalog(self, side: Side) -> Side {
        Side::from_index(side.index() + 4 - self.quarter_turns())
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.degrees())
    }
}

/// A named place on a tile, as a player at the table would point at it: the middle of an
/// edge, one half of an edge, the centre, or one of the two enclosed fields of tile KR5.
///
/// Game scripts name ports in board orientation, after the tile's rotation.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Port {
    /// Middle of the north edge.
    N,
    /// Middle of the east edge.
    E,
    /// Middle of the south edge.
    S,
    /// Middle of the west edge.
    W,
    /// West half of the north edge.
    NL,
    /// East half of the north edge.
    NR,
    /// North half of the east edge.
    EL,
    /// South half of the east edge.
    ER,
    /// East half of the south edge.
    SL,
    /// West half of the south edge.
    SR,
    /// South half of the west edge.
    WL,
    /// North half of the west edge.
    WR,
    /// The centre: a cloister or shrine.
    C,
    /// The first enclosed field (tile KR5 only).
    I,
    /// The second enclosed field (tile KR5 only).
    II,
}

impl Port {
    /// Every port, in a fixed order.
    pub const ALL: [Port; 15] = [
        Port::N,
        Port::E,
        Port::S,
        Port::W,
        Port::NL,
        Port::NR,
        Port::EL,
        Port::ER,
        Port::SL,
        Port::SR,
        Port::WL,
        Port::WR,
        Port::C,
        Port::I,
        Port::II,
    ];

    /// The name used in game scripts.
    pub const fn name(self) -> &'static str {
        match self {
            Port::N => "N",
            Port::E => "E",
            Port::S => "S",
            Port::W => "W",
            Port::NL => "NL",
            Port::NR => "NR",
            Port::EL => "EL",
            Port::ER => "ER",
            Port::SL => "SL",
            Port::SR => "SR",
            Port::WL => "WL",
            Port::WR => "WR",
            Port::C => "C",
            Port::I => "I",
            Port::II => "II",
        }
    }

    /// Parses a script name such as `"NL"`.
    pub fn from_name(name: &str) -> Option<Port> {
        Port::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The edge slot (0..12, clockwise from the north-west corner) this port names, or `None`
    /// for the centre and the enclosed fields.
    pub const fn slot(self) -> Option<usize> {
        match self {
            Port::NL => Some(0),
            Port::N => Some(1),
            Port::NR => Some(2),
            Port::EL => Some(3),
            Port::E => Some(4),
            Port::ER => Some(5),
            Port::SL => Some(6),
            Port::S => Some(7),
            Port::SR => Some(8),
            Port::WL => Some(9),
            Port::W => Some(10),
            Port::WR => Some(11),
            Port::C | Port::I | Port::II => None,
        }
    }

    /// The port at edge slot `slot` (taken modulo 12).
    pub const fn from_slot(slot: usize) -> Port {
        [
            Port::NL,
            Port::N,
            Port::NR,
            Port::EL,
            Port::E,
            Port::ER,
            Port::SL,
            Port::S,
            Port::SR,
            Port::WL,
            Port::W,
            Port::WR,
        ][slot % 12]
    }

    /// The same place named in the tile's catalog orientation.
    pub const fn to_catalog(self, rotation: Rotation) -> Port {
        match self.slot() {
            Some(slot) => Port::from_slot(slot + 12 - 3 * rotation.quarter_turns()),
            None => self,
        }
    }

    /// The same place named in board orientation, for a catalog port.
    pub const fn to_board(self, rotation: Rotation) -> Port {
        match self.slot() {
            Some(slot) => Port::from_slot(slot + 3 * rotation.quarter_turns()),
            None => self,
        }
    }
}

impl fmt::Display for Port {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A port is read from its script name; an unknown one is refused without repeating it, as
/// a request can carry text of any size or content.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Port {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        Port::from_name(&name).ok_or_else(|| serde::de::Error::custom("no place on a tile has this name"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotating_a_port_a_quarter_turn_moves_it_one_side_clockwise() {
        assert_eq!(Port::NL.to_board(Rotation::R90), Port::EL, "NL turns into EL");
        assert_eq!(Port::WR.to_board(Rotation::R90), Port::NR, "WR turns into NR");
        assert_eq!(Port::S.to_board(Rotation::R180), Port::N);
        for port in Port::ALL {
            for rot in Rotation::ALL {
                assert_eq!(port.to_board(rot).to_catalog(rot), port, "to_catalog undoes to_board");
            }
        }
    }

    #[test]
    fn catalog_side_under_rotation() {
        // A tile turned 90° clockwise shows its catalog west side on the board's north.
        assert_eq!(Rotation::R90.to_catalog(Side::North), Side::West);
        assert_eq!(Rotation::R0.to_catalog(Side::East), Side::East);
        assert_eq!(Rotation::R270.to_catalog(Side::North), Side::East);
    }

    #[test]
    fn the_table_ends_at_the_limit_in_each_direction() {
        for (x, y, on) in [
            (1000, 0, true),
            (-1000, -1000, true),
            (1001, 0, false),
            (0, -1001, false),
            (i32::MAX, 0, false),
            (0, i32::MIN, false),
            (i32::MIN, i32::MAX, false),
        ] {
            assert_eq!(Cell::new(x, y).is_on_table(), on, "[{x},{y}]");
        }
    }

    #[test]
    fn stepping_off_the_ends_of_i32_does_not_panic() {
        let far = Cell::new(i32::MAX, i32::MIN);
        assert_eq!(far.step(Side::East), Cell::new(i32::MIN, i32::MIN));
        assert_eq!(far.step(Side::North), Cell::new(i32::MAX, i32::MAX));
        assert!(far.surrounding().iter().all(|c| !c.is_on_table()), "nothing around it is on the table");
    }

    #[test]
    fn surrounding_cells_are_eight_distinct_neighbours() {
        let c = Cell::new(3, -2);
        let around = c.surrounding();
        for n in around {
            assert!((n.x - c.x).abs() <= 1 && (n.y - c.y).abs() <= 1 && n != c);
        }
        let mut sorted = around.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 8);
    }
}
