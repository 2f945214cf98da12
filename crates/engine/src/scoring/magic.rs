//! What the mage and the witch do to the score of the road or city they stand on (MW-06,
//! MW-07, X2-08, X2-09). Who scores is unchanged: they are no followers (MW-09).

use crate::event::Score;
use crate::game::MagicFigure;
use crate::rule::Rule;

/// The points of a road or city of `tiles` tiles worth `points` to each winner, with
/// `figure` on it: the mage adds 1 per tile, pennants not counted, so an inn road or cathedral
/// city left open (worth 0) pays 1 per tile (MW-06, X2-08); the witch halves the value after
/// any inn or cathedral, rounding up, so a two-tile city worth 2 under V-05 pays 1 (MW-07,
/// X2-09).
pub(crate) fn magic_points(figure: MagicFigure, points: u32, tiles: u32) -> u32 {
    match figure {
        MagicFigure::Mage => points + tiles,
        MagicFigure::Witch => points.div_ceil(2),
    }
}

/// Changes `score` for the figure on its feature, naming the figure's rule. Under the house
/// rule V-06 an unfinished road or city is not counted at all, mage or not.
pub(crate) fn apply_magic(score: &mut Score, figure: MagicFigure) {
    if score.rule == Rule::V06 {
        return;
    }
    score.points = magic_points(figure, score.points, score.tiles.len() as u32);
    score.rule = magic_rule(figure);
}

/// The rule a score names when `figure` changed it.
pub(crate) const fn magic_rule(figure: MagicFigure) -> Rule {
    match figure {
        MagicFigure::Mage => Rule::MW06,
        MagicFigure::Witch => Rule::MW07,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mage_adds_a_point_a_tile_and_the_witch_halves_rounding_up() {
        assert_eq!(magic_points(MagicFigure::Mage, 3, 3), 6, "MW-06: a finished 3-tile road");
        assert_eq!(magic_points(MagicFigure::Mage, 5, 4), 9, "MW-06: an open 4-tile city with a pennant");
        assert_eq!(magic_points(MagicFigure::Mage, 0, 5), 5, "X2-08: an open inn road");
        assert_eq!(magic_points(MagicFigure::Witch, 3, 3), 2, "MW-07: 3 halved, rounded up");
        assert_eq!(magic_points(MagicFigure::Witch, 10, 4), 5, "MW-07: 10 halved");
        assert_eq!(magic_points(MagicFigure::Witch, 2, 2), 1, "X2-09: the small city's 2");
        assert_eq!(magic_points(MagicFigure::Witch, 0, 4), 0, "X2-08: an open cathedral city");
    }
}
