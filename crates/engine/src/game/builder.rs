//! The builder of Traders & Builders (Rules T-07 to T-15): one per player, put instead of a
//! follower on a road or city of the tile just laid that already holds a follower of the
//! player's and that this tile does not finish. Whenever its owner then lays a tile that
//! lengthens that road or city, the turn is a double turn: the same player plays the next move
//! too, a second tile with a full turn of its own (T-08). The builder claims nothing (T-11) and
//! goes home with the followers when its feature is scored (T-12).
//!
//! The second tile is the next entry of the move list, like any tile: whose move it is
//! follows from the moves. It never earns a third (T-09, QX-16); a bought tile earns none
//! (QX-21); after the bag's last tile there is none (QX-09); a move may pass it up (T-15). With
//! the hole house rule the builder's tile comes first, then the extra turn (QX-20). Each of the
//! two tiles is a move of its own, so the Count's rounds (X-15), the titles (X-17) and the
//! river's draw order (X-16, QX-08) treat it as any move.

use super::joined::Joined;
use super::{Game, Mode};
use crate::coord::{Cell, Port, Rotation};
use crate::event::Event;
use crate::figure::Figure;
use crate::player::PlayerId;
use crate::rule::Rule;
use crate::tile::{FeatureKind, TileId, TileSet};
use std::fmt;

/// Why the builder may not go where the move puts it, or the second tile may not be passed
/// up. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum BuilderError {
    /// The table plays without Traders & Builders (T-02).
    NotInPlay,
    /// The player's builder is on the board already (T-02, T-10).
    BuilderOut {
        /// The player.
        player: PlayerId,
    },
    /// The builder goes only on a road or a city (T-07).
    NotARoadOrCity {
        /// The place named.
        port: Port,
        /// What is there.
        feature: FeatureKind,
    },
    /// The road or city holds no follower of the player's (T-07).
    NoFollower {
        /// The player.
        player: PlayerId,
        /// The place named.
        port: Port,
        /// Road or city.
        feature: FeatureKind,
    },
    /// The tile finishes that road or city: the builder would go home at once (T-07).
    FeatureFinished {
        /// The place named.
        port: Port,
        /// Road or city.
        feature: FeatureKind,
    },
    /// The move passes up a second tile it did not earn (T-15).
    NoSecondTile,
}

impl BuilderError {
    /// The checklist rule the move breaks.
    pub fn rule(&self) -> Option<Rule> {
        Some(match self {
            BuilderError::NotInPlay | BuilderError::BuilderOut { .. } => Rule::T02,
            BuilderError::NotARoadOrCity { .. }
            | BuilderError::NoFollower { .. }
            | BuilderError::FeatureFinished { .. } => Rule::T07,
            BuilderError::NoSecondTile => Rule::T15,
        })
    }

    pub(super) fn describe(&self, f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
        match self {
            BuilderError::NotInPlay => write!(f, "this game is played without Traders & Builders"),
            BuilderError::BuilderOut { player } => {
                write!(f, "{}'s builder is already on the board", player.name_in(names))
            }
            BuilderError::NotARoadOrCity { port, feature } => {
                write!(f, "the builder goes only on a road or a city, not on the {feature} at {port}")
            }
            BuilderError::NoFollower { player, feature, .. } => {
                write!(f, "{} has no follower on that {feature} for the builder", player.name_in(names))
            }
            BuilderError::FeatureFinished { feature, .. } => {
                write!(f, "this tile finishes the {feature}: the builder would go home at once")
            }
            BuilderError::NoSecondTile => write!(f, "no second tile to pass up"),
        }
    }
}

impl fmt::Display for BuilderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for BuilderError {}

/// The builder's own refusal for the feature it would join (T-07): a road or city holding a
/// follower of the player's, which the tile does not finish. Whether it is in hand is
/// `hand.rs`'s (T-02).
pub(super) fn builder_refusal(player: PlayerId, port: Port, joined: Joined) -> Option<BuilderError> {
    let feature = joined.kind;
    if !matches!(feature, FeatureKind::Road | FeatureKind::City) {
        return Some(BuilderError::NotARoadOrCity { port, feature });
    }
    if joined.mine == 0 {
        return Some(BuilderError::NoFollower { player, port, feature });
    }
    if joined.complete {
        return Some(BuilderError::FeatureFinished { port, feature });
    }
    None
}

impl Game {
    /// Whether a tile laid now by the current player at `cell` would earn a second tile: it
    /// lengthens a road or city where their builder stands (T-08, T-13), the move is not itself
    /// a second tile (T-09), not bought (QX-21), and the bag holds a tile after it (QX-09).
    pub(super) fn earns_second_tile(&self, tile: TileId, cell: Cell, rotation: Rotation, bought: bool) -> bool {
        self.setup.has(TileSet::TradersBuilders)
            && self.setup.mode == Mode::Turns
            && !bought
            && !self.second_tile
            // A builder in hand stands nowhere: asked before the board's figures are looked
            // through, and those before the bag, which is summed over every tile of every box.
            && self.held(self.current, Figure::Builder) == 0
            && self.board.lengthens_companion(tile, cell, rotation, self.current, Figure::Builder)
            && self.tiles_left() > 1
    }

    /// Whether the current player, laying `tile` at `cell` with `rotation` as their own tile,
    /// would earn a second tile with the builder (T-08): the move may then pass it up (T-15).
    pub fn earns_second_tile_with(&self, tile: TileId, cell: Cell, rotation: Rotation) -> bool {
        self.earns_second_tile(tile, cell, rotation, false)
    }

    /// Who moves next after a tile laid by `placer`, drawn by `drawer`: the same player for the
    /// second tile of a double turn, then for an extra turn a filled hole gave (V-11, QX-20),
    /// else the seat after the drawer (a bought tile's turn passes on from its drawer, V-12).
    pub(super) fn next_turn(&mut self, drawer: PlayerId, placer: PlayerId, hole: bool, second_tile: bool) {
        if placer != drawer {
            // A bought tile ends the drawer's turn, double or not.
            self.extra_turns = 0;
        }
        if self.setup.rules.hole_extra_turn && hole {
            self.extra_turns += 1;
        }
        self.second_tile = second_tile;
        if second_tile {
            self.events.push(Event::SecondTileEarned { player: placer });
            self.current = placer;
        } else if self.extra_turns > 0 {
            self.extra_turns -= 1;
            self.current = placer;
        } else {
            self.current = self.next_seat(drawer);
        }
    }

    /// Whether the next move is the second tile of a double turn, the current player's again
    /// (T-08).
    pub fn second_tile(&self) -> bool {
        self.second_tile
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{bought, tile, traders};
    use crate::{BuilderError, Cell, Figure, Game, Move, MoveError, PlayerId, Port, Rotation, Rule, TileId};

    const ANNA: PlayerId = PlayerId(0);
    const BRAM: PlayerId = PlayerId(1);

    fn road(x: i32) -> Move {
        Move::place(tile("U"), Cell::new(x, 0), Rotation::R0, None)
    }

    /// A move laying `name` at `(x, y)` in its first fitting rotation.
    fn fitting(game: &Game, name: &str, x: i32, y: i32) -> Move {
        let cell = Cell::new(x, y);
        let fits = game.legal_placements(tile(name)).into_iter().find(|&(c, _)| c == cell);
        let (_, rotation) = fits.unwrap_or_else(|| panic!("{name} fits at {cell}"));
        Move::place(tile(name), cell, rotation, None)
    }

    /// Anna's thief and builder on the start tile's road, which runs east:
    ///
    /// ```text
    ///  x=-1  x=0   x=1   x=2
    ///  [U]===[D]===[U]===[U]    Anna's thief on x=1, her builder on x=2
    /// ```
    fn anna_builds_the_road(rules: crate::RuleSet) -> Game {
        let mut game = traders(rules);
        game.apply(&Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, Some(Port::E))).unwrap();
        let refused =
            game.apply(&Move::place_companion(tile("U"), Cell::new(-1, 0), Rotation::R0, Port::W, Figure::Builder));
        assert_eq!(
            refused.unwrap_err(),
            MoveError::Builder(BuilderError::NoFollower {
                player: BRAM,
                port: Port::W,
                feature: crate::FeatureKind::Road
            }),
            "Bram has no follower on the road (T-07)"
        );
        game.apply(&road(-1)).unwrap();
        let field = Move::place_companion(tile("U"), Cell::new(2, 0), Rotation::R0, Port::N, Figure::Builder);
        let refused = game.apply(&field).unwrap_err();
        assert_eq!(refused.rule(), Some(Rule::T07), "no builder in a field: {refused}");
        game.apply(&Move::place_companion(tile("U"), Cell::new(2, 0), Rotation::R0, Port::E, Figure::Builder)).unwrap();
        assert_eq!(game.current_player(), BRAM, "placing the builder earns nothing yet");
        game
    }

    #[test]
    fn lengthening_the_builders_road_gives_a_second_tile_and_never_a_third() {
        let mut game = anna_builds_the_road(crate::RuleSet::default());
        game.apply(&fitting(&game, "E", 0, -1)).unwrap();
        assert_eq!(game.current_player(), ANNA);
        game.apply(&road(3)).unwrap();
        assert_eq!((game.current_player(), game.second_tile()), (ANNA, true), "a double turn (T-08)");
        let earned = |game: &Game| {
            game.events().iter().filter(|e| matches!(e, crate::Event::SecondTileEarned { player: ANNA })).count()
        };
        assert_eq!(earned(&game), 1, "the double turn is an event of its own");
        game.apply(&road(4)).unwrap();
        assert_eq!((game.current_player(), game.second_tile()), (BRAM, false), "no third tile (T-09)");
        let refused = game.apply(&road(-2).passing_second_tile()).unwrap_err();
        assert_eq!((refused.rule(), refused), (Some(Rule::T15), MoveError::Builder(BuilderError::NoSecondTile)));
        game.apply(&road(-2)).unwrap();
        // On a later turn the builder gives a second tile again (T-10), unless passed up (T-15).
        game.apply(&road(5).passing_second_tile()).unwrap();
        assert_eq!(game.current_player(), BRAM, "passed up: the next player moves");
        assert_eq!(earned(&game), 1, "a second tile passed up is not earned");
        game.apply(&fitting(&game, "E", 2, -1)).unwrap();
        game.apply(&road(6)).unwrap();
        assert_eq!(game.current_player(), ANNA, "lengthened again: another double turn (T-10)");
    }

    #[test]
    fn the_builder_claims_nothing_and_goes_home_with_the_thief() {
        let mut game = anna_builds_the_road(crate::RuleSet::default());
        // Bram closes the west end; the builder adds nothing to Anna's majority (T-11).
        game.apply(&fitting(&game, "W", -2, 0)).unwrap();
        let closing = fitting(&game, "W", 3, 0);
        game.apply(&closing).unwrap();
        assert_eq!(game.scores(), [6, 0], "six tiles for Anna's thief alone");
        assert_eq!(game.companions_in_hand()[0], (1, 1), "the builder is home with the thief (T-12)");
        assert_eq!(game.supply()[0], 7);
        // The closing tile lengthened the builder's road: the second tile is owed (T-13).
        assert_eq!((game.current_player(), game.second_tile()), (ANNA, true));
    }

    #[test]
    fn no_second_tile_after_the_last_tile_of_the_bag_or_for_a_bought_tile() {
        let mut game = anna_builds_the_road(crate::RuleSet::default());
        game.apply(&fitting(&game, "E", 0, -1)).unwrap();
        // Bram buys the tile Anna drew: it lengthens Anna's road, but earns Bram nothing (QX-21).
        game.apply(&bought(road(3), BRAM.0, 0)).unwrap();
        assert_eq!((game.current_player(), game.second_tile()), (BRAM, false), "the turn passes on from Anna");
        game.apply(&road(-2)).unwrap();
        // Empty the bag but one tile: the road's last extension earns nothing (QX-09).
        let mut last = game.clone();
        for t in TileId::all() {
            last.bag[t.index()] = 0;
        }
        last.bag[tile("U").index()] = 1;
        last.apply(&road(4)).unwrap();
        assert_eq!((last.current_player(), last.second_tile()), (BRAM, false), "the game is over: no second tile");
    }

    #[test]
    fn the_second_tile_comes_before_the_extra_turn_of_a_filled_hole() {
        let rules = crate::RuleSet { hole_extra_turn: true, ..crate::RuleSet::default() };
        let mut game = anna_builds_the_road(rules);
        // Caps round the road cell x=3, then a road tile at x=4, leaving x=3 a hole:
        //
        //  x=2   x=3   x=4
        //  [E]   [E]   [E]
        //  [U]   ( )   [U]
        //  [E]   [E]
        for (name, x, y) in [("E", 2, -1), ("E", 3, -1), ("E", 4, -1), ("U", 4, 0), ("E", 2, 1), ("E", 3, 1)] {
            game.apply(&fitting(&game, name, x, y)).unwrap();
        }
        game.apply(&road(-2)).unwrap();
        assert_eq!(game.current_player(), ANNA);
        game.apply(&road(3)).unwrap();
        assert_eq!((game.current_player(), game.second_tile()), (ANNA, true), "the builder's tile first");
        game.apply(&road(5)).unwrap();
        assert_eq!((game.current_player(), game.second_tile()), (ANNA, false), "then the hole's extra turn (QX-20)");
        game.apply(&road(6)).unwrap();
        assert_eq!((game.current_player(), game.second_tile()), (ANNA, true), "a turn of its own: the builder again");
    }
}
