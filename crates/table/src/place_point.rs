//! Where each place on a tile is drawn: the one table of points the board draws followers,
//! marks and targets at, and the descriptions of features measure "north of" from. The UI
//! gets it through the generated bindings (`PLACE_POINTS`), so the two cannot differ.
//!
//! Not here: the shapes of the tiles' features, which the board draws from the catalog.

use castellan_engine::Port;
use std::collections::BTreeMap;

/// Where `port` is drawn, in its tile's 100-unit square, board orientation (x east, y south).
/// The places beside an edge's middle keep 30 apart from it, so followers drawn large still
/// barely touch.
pub fn place_point(port: Port) -> [u8; 2] {
    match port {
        Port::N => [50, 14],
        Port::E => [86, 50],
        Port::S => [50, 86],
        Port::W => [14, 50],
        Port::NL => [20, 10],
        Port::NR => [80, 10],
        Port::EL => [90, 20],
        Port::ER => [90, 80],
        Port::SL => [80, 90],
        Port::SR => [20, 90],
        Port::WL => [10, 80],
        Port::WR => [10, 20],
        Port::C => [50, 50],
        Port::I => [50, 32],
        Port::II => [50, 68],
    }
}

/// Every place's point, by place, as the bindings hand it to the board.
pub fn place_points() -> BTreeMap<Port, [u8; 2]> {
    Port::ALL.into_iter().map(|port| (port, place_point(port))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_half_edge_lies_on_its_edge_on_the_side_it_names() {
        // (half, its edge's middle): the half lies beside the middle, along the same edge.
        let halves = [
            (Port::NL, Port::N, [-1, 0]),
            (Port::NR, Port::N, [1, 0]),
            (Port::EL, Port::E, [0, -1]),
            (Port::ER, Port::E, [0, 1]),
            (Port::SL, Port::S, [1, 0]),
            (Port::SR, Port::S, [-1, 0]),
            (Port::WL, Port::W, [0, 1]),
            (Port::WR, Port::W, [0, -1]),
        ];
        for (half, middle, [dx, dy]) in halves {
            let ([hx, hy], [mx, my]) = (place_point(half), place_point(middle));
            let along = (i32::from(hx) - i32::from(mx)) * dx + (i32::from(hy) - i32::from(my)) * dy;
            assert_eq!(along, 30, "{half:?} keeps 30 from {middle:?}, on its own side");
        }
        assert_eq!(place_points().len(), Port::ALL.len(), "every place has its point");
    }
}
