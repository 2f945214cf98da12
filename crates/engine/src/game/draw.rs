//! Which tile may be drawn next, and the City of Carcassonne laid against the river.
//!
//! While river tiles are left only they are drawn: the spring first when the City of
//! Carcassonne starts the game, then the fork, the volcano lake last.
//! Under house rule R-04 the City of Carcassonne is laid as a block once the river is
//! finished, before the next tile is drawn. A finished table is entered in any order, so none
//! of this applies to a final board. What is *not* here: where a river tile may go
//! (`placement.rs` and the crate's `river.rs`).

use super::{Game, Mode, MoveError, PlacementError};
use crate::board::{Board, Fit, FitError};
use crate::coord::{Cell, Rotation};
use crate::river::{is_river_set, is_river_tile, River};
use crate::rule::Rule;
use crate::tile::{EdgeKind, TileId, TileSet};
use std::fmt;

/// Why the tile drawn may not be drawn now, or not be put aside. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum DrawError {
    /// No copy of the tile is left in the bag.
    TileNotInBag {
        /// The tile.
        tile: TileId,
    },
    /// River tiles are drawn and placed before any land tile.
    RiverFirst {
        /// The land tile.
        tile: TileId,
    },
    /// The City of Carcassonne is laid before the next tile is drawn.
    CityFirst {
        /// The tile drawn instead.
        tile: TileId,
    },
    /// With the City of Carcassonne at the start, the spring is the first tile drawn.
    SpringFirst {
        /// The tile drawn instead.
        tile: TileId,
    },
    /// The fork is the first river tile after the spring.
    ForkFirst {
        /// The tile drawn instead.
        tile: TileId,
    },
    /// The volcano lake is the last river tile.
    VolcanoLast {
        /// The volcano lake.
        tile: TileId,
    },
    /// The River's lake is the last river tile (RI-05).
    LakeLast {
        /// The lake.
        tile: TileId,
    },
    /// The start tile kept for after the river is the first land tile (RI-14).
    StartTileFirst {
        /// The tile drawn instead.
        tile: TileId,
    },
    /// The tile fits somewhere, so it may not be put aside (Rule B-08).
    DiscardRefused {
        /// The tile.
        tile: TileId,
        /// A place where it fits.
        cell: Cell,
        /// With this rotation.
        rotation: Rotation,
    },
}

impl DrawError {
    /// The checklist rule the draw breaks, where one does.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            DrawError::TileNotInBag { .. } => None,
            DrawError::RiverFirst { .. } => Some(Rule::R07),
            DrawError::CityFirst { .. } => Some(Rule::R04),
            DrawError::SpringFirst { .. } => Some(Rule::R03),
            DrawError::ForkFirst { .. } => Some(Rule::R06),
            DrawError::VolcanoLast { .. } => Some(Rule::R08),
            DrawError::LakeLast { .. } => Some(Rule::RI05),
            DrawError::DiscardRefused { .. } => Some(Rule::B08),
            DrawError::StartTileFirst { .. } => Some(Rule::RI14),
        }
    }
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::TileNotInBag { tile } => write!(f, "no tile {tile} is left in the bag"),
            DrawError::RiverFirst { tile } => write!(f, "tile {tile} is a land tile, but river tiles are placed first"),
            DrawError::CityFirst { tile } => {
                write!(f, "tile {tile} is drawn before the City of Carcassonne is laid against the river")
            }
            DrawError::SpringFirst { tile } => {
                write!(f, "tile {tile} is drawn before the spring, which is attached to the city first")
            }
            DrawError::ForkFirst { tile } => write!(f, "tile {tile} is drawn before the fork, which is placed first"),
            DrawError::VolcanoLast { .. } => write!(f, "the volcano lake is the last river tile"),
            DrawError::LakeLast { .. } => write!(f, "the lake comes after every other river tile"),
            DrawError::StartTileFirst { tile } => {
                write!(f, "tile {tile} is drawn before the start tile, the first land tile after the river")
            }
            DrawError::DiscardRefused { tile, cell, rotation } => {
                write!(f, "tile {tile} fits at {cell} rot {rotation}, so it may not be discarded")
            }
        }
    }
}

impl std::error::Error for DrawError {}

/// Why the City of Carcassonne may not be laid as the move says (house rule R-04). The game
/// is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum CityError {
    /// There is no City of Carcassonne waiting to be laid.
    NoCityToLay,
    /// The City is laid only once the river is finished.
    RiverUnfinished,
    /// The City would cover a tile already there.
    Overlaps {
        /// The covered cell.
        cell: Cell,
    },
    /// The City would touch no tile along an edge.
    NotAdjacent {
        /// The cell named for its north-west corner.
        at: Cell,
    },
}

impl CityError {
    /// The rule: laying the City after the river is house rule R-04 throughout.
    pub fn rule(&self) -> Option<Rule> {
        Some(Rule::R04)
    }
}

impl fmt::Display for CityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CityError::NoCityToLay => write!(f, "there is no City of Carcassonne to lay"),
            CityError::RiverUnfinished => write!(f, "the City of Carcassonne is laid once the river is finished"),
            CityError::Overlaps { cell } => write!(f, "the City of Carcassonne would cover the tile at {cell}"),
            CityError::NotAdjacent { .. } => write!(f, "the City of Carcassonne touches no tile along an edge"),
        }
    }
}

impl std::error::Error for CityError {}

impl Game {
    /// Whether `tile` may be the next tile drawn (the bag aside).
    pub fn may_draw(&self, tile: TileId) -> bool {
        self.bag[tile.index()] > 0 && self.draw_error(tile).is_none()
    }

    /// Whether `tile` may be drawn now ([`DrawRule::error`]).
    pub(super) fn draw_error(&self, tile: TileId) -> Option<DrawError> {
        self.draw_rule().error(tile)
    }

    /// What may be drawn now, worked out once for every tile asked about: a caller going
    /// through the whole bag asks it once, not tile by tile.
    ///
    /// A finished table is entered in any order, so none of this applies to a final board.
    pub(crate) fn draw_rule(&self) -> DrawRule {
        if self.setup.mode == Mode::FinalBoard || (self.river.is_none() && self.city.is_none()) {
            return DrawRule::Any;
        }
        let river_left = self.river_tiles_left();
        if river_left == 0 {
            let (start_tile, city) = (self.start_tile_pending(), self.city_pending());
            return if start_tile || city { DrawRule::AfterRiver { start_tile, city } } else { DrawRule::Any };
        }
        DrawRule::River {
            started: self.river.is_some(),
            fork_left: TileSet::River2.tiles().any(|t| t.def().marks.fork && self.bag[t.index()] > 0),
            others_left: river_left > 1,
        }
    }

    /// Whether the City must still wait for the river: only while a game is entered
    /// turn by turn; a finished table lays its tiles in any order.
    pub(super) fn river_unfinished(&self) -> bool {
        self.setup.mode == Mode::Turns && self.river_tiles_left() > 0
    }

    pub(super) fn river_tiles_left(&self) -> u32 {
        [TileSet::River2, TileSet::River].into_iter().flat_map(|s| &self.bag[s.indices()]).map(|&n| n as u32).sum()
    }

    /// Whether the start tile kept for after the river (RI-14) is still to come: no land tile
    /// lies on the table yet.
    fn start_tile_pending(&self) -> bool {
        self.setup.rules.start_tile_after_river && self.board.tiles().iter().all(|t| is_river_tile(t.tile))
    }

    /// Whether the City of Carcassonne still waits to be laid against the river.
    pub fn city_pending(&self) -> bool {
        self.city.is_none() && self.setup.rules.river_before_city
    }

    /// Where the City of Carcassonne may be laid now, as cells of its north-west corner:
    /// empty when it is not its time.
    pub fn legal_city_placements(&self) -> Vec<Cell> {
        if !self.city_pending() || self.river_unfinished() {
            return Vec::new();
        }
        let mut corners: Vec<Cell> = Vec::new();
        for f in self.board.frontier() {
            for i in 0..12 {
                let at = Cell::new(f.x - i % 4, f.y - i / 4);
                if !corners.contains(&at) && self.city_block_fault(at).is_none() {
                    corners.push(at);
                }
            }
        }
        corners
    }

    /// Why the City of Carcassonne cannot be laid with its north-west corner at `at`: not
    /// its time, a cell of the block taken, the block away from the layout, or an edge of it
    /// against a laid tile that does not continue it. Each tile of the block is held against
    /// the layout as it lies, without laying the block: its inner walls meet each other as
    /// printed, and only its outer edges can meet a laid tile.
    fn city_error(&self, at: Cell) -> Option<MoveError> {
        if !self.city_pending() {
            return Some(CityError::NoCityToLay.into());
        }
        if self.river_unfinished() {
            return Some(CityError::RiverUnfinished.into());
        }
        let r0 = Rotation::R0;
        self.city_block_fault(at).map(|fault| match fault {
            BlockFault::Overlaps(cell) => CityError::Overlaps { cell }.into(),
            BlockFault::Refused(tile, cell) => {
                let reason = self.board.check_placement(tile, cell, r0).expect_err("the board refused the tile");
                PlacementError::from_fit(tile, cell, r0, reason).into()
            }
            BlockFault::Alone => CityError::NotAdjacent { at }.into(),
        })
    }

    /// What keeps the City's block from lying with its north-west corner at `at` once it is
    /// its time ([`Game::city_error`]), found without listing mismatching edges: every
    /// corner next to the layout is tried when the City is to be laid.
    fn city_block_fault(&self, at: Cell) -> Option<BlockFault> {
        if let Some((_, cell)) = city_block(at).find(|&(_, c)| self.board.tile_at(c).is_some()) {
            return Some(BlockFault::Overlaps(cell));
        }
        let mut touches = false;
        for (tile, cell) in city_block(at) {
            match self.board.fit(tile, cell, Rotation::R0) {
                Fit::Fits => touches = true,
                Fit::Alone => {}
                Fit::Occupied | Fit::Mismatched => return Some(BlockFault::Refused(tile, cell)),
            }
        }
        (!touches).then_some(BlockFault::Alone)
    }

    /// The board with the City of Carcassonne laid with its north-west corner at `at`: every
    /// cell free, the block touching the layout, every edge against the layout matching.
    pub(super) fn board_with_city(&self, at: Cell) -> Result<Board, MoveError> {
        if let Some(e) = self.city_error(at) {
            return Err(e);
        }
        let mut board = self.board.clone();
        // Laid as a table lays it, each tile against what lies already: the board, and so
        // the names of its features, as the City's tiles were always laid.
        let mut left: Vec<(TileId, Cell)> = city_block(at).collect();
        while let Some(i) = left.iter().position(|&(_, c)| board.is_frontier(c)) {
            let (tile, cell) = left.remove(i);
            debug_assert!(
                match board.check_placement(tile, cell, Rotation::R0) {
                    Ok(()) => true,
                    Err(FitError::EdgeMismatch(ms)) =>
                        ms.iter().all(|m| m.ours == EdgeKind::Inner && m.theirs == EdgeKind::Inner),
                    Err(_) => false,
                },
                "the block's inner walls meet only each other"
            );
            board.place(tile, cell, Rotation::R0);
        }
        debug_assert!(left.is_empty(), "the block is one piece");
        Ok(board)
    }

    /// The river's open ends, while a river's tiles are being laid.
    pub fn river(&self) -> Option<&River> {
        self.river.as_ref()
    }
}

/// What may be drawn at a moment of the game ([`Game::draw_rule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DrawRule {
    /// Any tile in the bag.
    Any,
    /// The river is laid: the start tile kept for after it comes first (RI-14), and nothing
    /// while the City of Carcassonne waits to be laid against it.
    AfterRiver { start_tile: bool, city: bool },
    /// River tiles are left, and only they may be drawn.
    River {
        /// The spring lies already.
        started: bool,
        /// River II's fork is still in the bag.
        fork_left: bool,
        /// More than one river tile is left.
        others_left: bool,
    },
}

impl DrawRule {
    /// Whether some tile of `set` may be drawn under this rule: `false` when [`DrawRule::error`]
    /// refuses every one of them, so that a caller may pass the set by.
    pub(crate) fn draws_from(self, set: TileSet) -> bool {
        !matches!(self, DrawRule::River { .. }) || is_river_set(set)
    }

    /// Why `tile` may not be drawn now: while river tiles are left, only they are, the spring
    /// first when the City of Carcassonne starts the game, then the fork, and the volcano
    /// lake last (Rules ); the River's lake last when it ends the river
    /// (RI-03, RI-05: with River II it stays in the box, X-01).
    pub(crate) fn error(self, tile: TileId) -> Option<DrawError> {
        match self {
            DrawRule::Any => None,
            DrawRule::AfterRiver { start_tile, city } => {
                if start_tile && tile != TileId::from_name("D").expect("the start tile is in the catalog") {
                    return Some(DrawError::StartTileFirst { tile });
                }
                city.then_some(DrawError::CityFirst { tile })
            }
            DrawRule::River { .. } if !is_river_tile(tile) => Some(DrawError::RiverFirst { tile }),
            DrawRule::River { started: false, .. } => {
                (!tile.def().marks.spring).then_some(DrawError::SpringFirst { tile })
            }
            DrawRule::River { fork_left, others_left, .. } => {
                let marks = tile.def().marks;
                if fork_left && !marks.fork {
                    Some(DrawError::ForkFirst { tile })
                } else if marks.volcano && others_left {
                    Some(DrawError::VolcanoLast { tile })
                } else if marks.lake && tile.def().set == TileSet::River && others_left {
                    Some(DrawError::LakeLast { tile })
                } else {
                    None
                }
            }
        }
    }
}

/// The tiles of the City of Carcassonne with the cells they take when its north-west corner is
/// at `at`: four columns, three rows, in catalog order.
/// Why the City's block may not lie somewhere, before the reason is spelt out.
#[derive(Clone, Copy, Debug)]
enum BlockFault {
    /// A cell of the block holds a tile.
    Overlaps(Cell),
    /// The board refuses this tile of the block at this cell.
    Refused(TileId, Cell),
    /// No tile of the block touches the layout.
    Alone,
}

fn city_block(at: Cell) -> impl Iterator<Item = (TileId, Cell)> {
    TileSet::Count.tiles().enumerate().map(move |(i, t)| (t, Cell::new(at.x + i as i32 % 4, at.y + i as i32 / 4)))
}

#[cfg(test)]
mod tests {
    use crate::rule::Rule;
    use crate::{Cell, CityError, DrawError, Game, GameSetup, Move, MoveError, Rotation, Start, TileId, TileSet};

    fn tile(name: &str) -> TileId {
        TileId::from_name(name).unwrap()
    }

    #[test]
    fn a_set_passed_by_holds_no_tile_the_rule_lets_be_drawn_and_the_river_is_never_passed_by() {
        use super::DrawRule;
        use crate::river::is_river_tile;
        let flags = [false, true];
        let mut rules = vec![DrawRule::Any];
        for (a, b) in flags.iter().flat_map(|&a| flags.map(|b| (a, b))) {
            rules.push(DrawRule::AfterRiver { start_tile: a, city: b });
            for c in flags {
                rules.push(DrawRule::River { started: a, fork_left: b, others_left: c });
            }
        }
        for rule in rules {
            for set in TileSet::ALL {
                if !rule.draws_from(set) {
                    assert!(set.tiles().all(|t| rule.error(t).is_some()), "{rule:?}: {set:?} has a tile to draw");
                }
                assert!(rule.draws_from(set) || !set.tiles().any(is_river_tile), "{rule:?}: {set:?} has river tiles");
            }
        }
    }

    fn river_game(city_after: bool) -> Game {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::River2);
        setup.start = Start::River2;
        if city_after {
            setup.sets.push(TileSet::Count);
            setup.rules.river_before_city = true;
        }
        Game::new(setup).unwrap()
    }

    #[test]
    fn after_the_spring_the_fork_comes_first_and_land_waits_for_the_river() {
        let game = river_game(false);
        let fork = TileSet::River2.tiles().find(|t| t.def().marks.fork).unwrap();
        let lake = TileSet::River2.tiles().find(|t| t.def().marks.volcano).unwrap();
        assert!(game.may_draw(fork), "R-06");
        assert!(!game.may_draw(tile("R2-09")), "another river tile before the fork");
        assert!(!game.may_draw(lake), "the volcano lake before the others");
        assert!(!game.may_draw(tile("U")), "a land tile while river tiles are left (R-07)");
        let mut game = game;
        let refused = game.apply(&Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, None)).unwrap_err();
        assert_eq!(
            (refused.rule(), refused),
            (Some(Rule::R07), MoveError::Draw(DrawError::RiverFirst { tile: tile("U") }))
        );
    }

    #[test]
    fn a_tile_that_fits_is_not_put_aside_and_a_last_copy_is_drawn_once() {
        let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        let c = tile("C");
        let refused = game.apply(&Move::Discard { tile: c }).unwrap_err();
        let MoveError::Draw(DrawError::DiscardRefused { tile, cell, rotation }) = refused else {
            panic!("{refused:?}")
        };
        assert_eq!(tile, c);
        assert!(game.check_placement(c, cell, rotation).is_ok(), "the place named is a legal one (B-08)");
        game.apply(&Move::place(c, Cell::new(0, -1), Rotation::R0, None)).unwrap();
        assert_eq!(
            game.apply(&Move::place(c, Cell::new(0, -2), Rotation::R0, None)),
            Err(MoveError::Draw(DrawError::TileNotInBag { tile: c })),
            "the box has one C"
        );
    }

    #[test]
    fn the_city_waits_for_the_river_and_is_laid_once() {
        let mut game = river_game(true);
        assert!(game.city_pending());
        assert!(game.legal_city_placements().is_empty(), "not while river tiles are left");
        let refused = game.apply(&Move::City { at: Cell::new(1, 0) }).unwrap_err();
        assert_eq!((refused.rule(), refused), (Some(Rule::R04), MoveError::City(CityError::RiverUnfinished)));
        let plain = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        assert!(!plain.city_pending());
        assert_eq!(plain.clone().apply(&Move::City { at: Cell::new(1, 0) }), Err(CityError::NoCityToLay.into()));
    }
}
