//! Mage & Witch (MW-01 to MW-09): two neutral figures on roads and cities.
//!
//! After laying a magic tile, before any follower, the player puts the mage or the witch on an
//! unfinished road or city anywhere, from beside the board or from where it stood (MW-02),
//! never onto the feature either figure stands on and never onto one the tile finished
//! (MW-03); when no road or city can take one, a figure on the board comes off instead
//! (MW-04). A tile joining the mage's feature and the witch's makes its placer move one of them
//! away at once, before scoring (MW-05). The table tells each of these ([`MagicMove`]); the
//! engine checks it against the board with the tile laid, so a move telling one is played on
//! a copy of the game (see [`Game::apply`]).
//!
//! A figure stands at a place of a tile, as a follower does, and its feature is found from
//! there whenever asked: features join as tiles are laid. What the figures do to a score is
//! `scoring/magic.rs`'s (MW-06, MW-07); when they leave is here (MW-08, QB-15). They are no
//! followers (MW-09): nothing about majorities, followers or supplies looks at them.

use super::{Game, Mode};
use crate::board::{Board, SegmentId};
use crate::coord::{Cell, Port, Side};
use crate::event::{Event, Score};
use crate::rule::Rule;
use crate::tile::{FeatureKind, TileId, TileSet};
use std::fmt;

/// One of the two neutral figures of Mage & Witch.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "camelCase"))]
pub enum MagicFigure {
    /// The mage: 1 more point per tile (MW-06).
    Mage,
    /// The witch: half the points, rounded up (MW-07).
    Witch,
}

impl MagicFigure {
    /// Both figures.
    pub const ALL: [MagicFigure; 2] = [MagicFigure::Mage, MagicFigure::Witch];

    /// The name used in game scripts.
    pub const fn name(self) -> &'static str {
        match self {
            MagicFigure::Mage => "mage",
            MagicFigure::Witch => "witch",
        }
    }

    /// Parses `"mage"` or `"witch"`.
    pub fn from_name(name: &str) -> Option<MagicFigure> {
        MagicFigure::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The rule by which the figure changes a score.
    pub const fn rule(self) -> Rule {
        crate::scoring::magic_rule(self)
    }
}

impl fmt::Display for MagicFigure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the table tells about a magic figure: where one goes, or that one comes off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "camelCase")
)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum MagicMove {
    /// The figure goes onto the road or city at this place, from beside the board or from
    /// where it stood (MW-02, MW-05).
    To {
        /// Which figure.
        figure: MagicFigure,
        /// The tile …
        cell: Cell,
        /// … and the place on it, in board orientation.
        port: Port,
    },
    /// No road or city can take a figure: one comes off the board (MW-04). The figure may go
    /// unsaid when only one stands on the board.
    Remove {
        /// Which figure, if said.
        figure: Option<MagicFigure>,
    },
}

impl MagicMove {
    /// The cell the move names, if any.
    pub fn cell(&self) -> Option<Cell> {
        match *self {
            MagicMove::To { cell, .. } => Some(cell),
            MagicMove::Remove { .. } => None,
        }
    }
}

/// Where the mage and the witch stand: a place on a tile each, or beside the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MagicFigures {
    /// The mage's place.
    pub mage: Option<(Cell, Port)>,
    /// The witch's place.
    pub witch: Option<(Cell, Port)>,
}

impl MagicFigures {
    /// Where `figure` stands, if on the board.
    pub fn of(&self, figure: MagicFigure) -> Option<(Cell, Port)> {
        match figure {
            MagicFigure::Mage => self.mage,
            MagicFigure::Witch => self.witch,
        }
    }

    fn set(&mut self, figure: MagicFigure, at: Option<(Cell, Port)>) {
        match figure {
            MagicFigure::Mage => self.mage = at,
            MagicFigure::Witch => self.witch = at,
        }
    }

    /// Whether both stand beside the board.
    pub fn is_empty(&self) -> bool {
        self.mage.is_none() && self.witch.is_none()
    }

    /// The figures on the board with their places.
    pub fn on_board(&self) -> impl Iterator<Item = (MagicFigure, (Cell, Port))> + '_ {
        MagicFigure::ALL.into_iter().filter_map(|f| self.of(f).map(|at| (f, at)))
    }
}

/// Why a magic figure may not go or come off as the move says. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum MagicError {
    /// The table plays without Mage & Witch (MW-01).
    NotInPlay,
    /// The tile shows no magic symbol, so no magic figure moves (MW-02).
    NoSymbol {
        /// The tile.
        tile: TileId,
    },
    /// The tile shows the magic symbol, and the move does not say where a magic figure goes
    /// or which comes off (MW-02).
    Missing {
        /// The tile.
        tile: TileId,
    },
    /// A magic figure goes only on a road or a city of a tile on the table (MW-02).
    NotARoadOrCity {
        /// The tile named.
        cell: Cell,
        /// The place named.
        port: Port,
    },
    /// The road or city is finished, perhaps by this very tile (MW-03).
    Finished {
        /// The tile named.
        cell: Cell,
        /// The place named.
        port: Port,
    },
    /// A magic figure stands on that road or city already (MW-03).
    Occupied {
        /// The figure standing there.
        figure: MagicFigure,
        /// The tile named.
        cell: Cell,
        /// The place named.
        port: Port,
    },
    /// A figure comes off only when no road or city can take one; this one can (MW-04).
    RoomLeft {
        /// A place that can take a figure.
        cell: Cell,
        /// The place on it.
        port: Port,
    },
    /// The figure to take off is not on the board, or none is (MW-04).
    NotOnBoard {
        /// The figure named, if one was.
        figure: Option<MagicFigure>,
    },
    /// Both figures stand on the board: the move must say which comes off (MW-04).
    WhichFigure,
    /// The tile joined the mage's road or city and the witch's: one of them must move away
    /// at once (MW-05).
    FixMissing {
        /// A place of the joined feature.
        cell: Cell,
        /// The place on it.
        port: Port,
    },
    /// The move moves a figure away from the other, but the tile joined no features of both
    /// (MW-05).
    FixNotNeeded,
}

impl MagicError {
    /// The checklist rule the move breaks.
    pub fn rule(&self) -> Option<Rule> {
        Some(match self {
            MagicError::NotInPlay => Rule::MW01,
            MagicError::NoSymbol { .. } | MagicError::Missing { .. } | MagicError::NotARoadOrCity { .. } => Rule::MW02,
            MagicError::Finished { .. } | MagicError::Occupied { .. } => Rule::MW03,
            MagicError::RoomLeft { .. } | MagicError::NotOnBoard { .. } | MagicError::WhichFigure => Rule::MW04,
            MagicError::FixMissing { .. } | MagicError::FixNotNeeded => Rule::MW05,
        })
    }
}

impl fmt::Display for MagicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MagicError::NotInPlay => write!(f, "this game is played without Mage & Witch"),
            MagicError::NoSymbol { tile } => {
                write!(f, "{} shows no magic symbol: no mage or witch moves", tile.name())
            }
            MagicError::Missing { tile } => {
                write!(f, "{} shows the magic symbol: say where the mage or the witch goes", tile.name())
            }
            MagicError::NotARoadOrCity { cell, port } => {
                write!(f, "a magic figure goes on a road or a city, and {cell} {port} is none")
            }
            MagicError::Finished { cell, port } => {
                write!(f, "the feature at {cell} {port} is finished: no magic figure goes there")
            }
            MagicError::Occupied { figure, cell, port } => {
                write!(f, "the {figure} stands on the feature at {cell} {port} already")
            }
            MagicError::RoomLeft { cell, port } => {
                write!(f, "a magic figure can still go somewhere (such as {cell} {port}): none comes off")
            }
            MagicError::NotOnBoard { figure: Some(figure) } => write!(f, "the {figure} is not on the board"),
            MagicError::NotOnBoard { figure: None } => write!(f, "no magic figure is on the board"),
            MagicError::WhichFigure => write!(f, "both the mage and the witch are on the board: say which comes off"),
            MagicError::FixMissing { cell, port } => {
                write!(f, "the tile joins the mage's and the witch's feature at {cell} {port}: move one away")
            }
            MagicError::FixNotNeeded => write!(f, "the tile joins no features of the mage and the witch"),
        }
    }
}

impl std::error::Error for MagicError {}

impl Game {
    /// Where the mage and the witch stand.
    pub fn magic(&self) -> MagicFigures {
        self.magic
    }

    /// The feature a magic figure stands on, by the board as it is.
    fn magic_feature(&self, figure: MagicFigure) -> Option<SegmentId> {
        let (cell, port) = self.magic.of(figure)?;
        self.board.feature_at(cell, port)
    }

    /// The magic figure on a feature, if one stands there (never both, MW-03, MW-05).
    pub(super) fn magic_on(&self, feature: SegmentId) -> Option<MagicFigure> {
        if self.magic.is_empty() {
            return None;
        }
        let root = self.board.root(feature);
        MagicFigure::ALL.into_iter().find(|&f| self.magic_feature(f) == Some(root))
    }

    /// A score changed by the magic figure on its feature (MW-06, MW-07).
    pub(super) fn bewitch(&self, score: &mut Score, feature: SegmentId) {
        if let Some(figure) = self.magic_on(feature) {
            crate::scoring::apply_magic(score, figure);
        }
    }

    /// Whether this move may be refused by a magic check made on the board with its tile
    /// laid: [`Game::apply`] then plays it on a copy.
    pub(super) fn magic_checked_after_placing(&self, tile: TileId, cell: Cell, told: &super::Told) -> bool {
        self.setup.has(TileSet::MageWitch)
            && self.setup.mode == Mode::Turns
            && (told.magic.is_some() || told.magic_fix.is_some() || tile.def().marks.magic || self.may_join_magic(cell))
    }

    /// Whether a tile laid at `cell` may join the mage's feature and the witch's (MW-05): it
    /// borders both. Asked before the tile is laid, so that a move that cannot join them is not
    /// played on a copy.
    fn may_join_magic(&self, cell: Cell) -> bool {
        let (Some(mage), Some(witch)) = (self.magic_feature(MagicFigure::Mage), self.magic_feature(MagicFigure::Witch))
        else {
            return false;
        };
        let (mut by_mage, mut by_witch) = (false, false);
        for side in Side::ALL {
            let facing = Port::from_slot(side.opposite().index() * 3 + 1);
            if let Some(f) = self.board.feature_at(cell.step(side), facing) {
                by_mage |= f == mage;
                by_witch |= f == witch;
            }
        }
        by_mage && by_witch
    }

    /// What can be refused before the tile is laid: a magic answer without the box, in a
    /// final board, or for a tile without the symbol (MW-01, MW-02).
    pub(super) fn magic_refusal_before_placing(&self, tile: TileId, told: &super::Told) -> Option<super::MoveError> {
        if told.magic.is_none() && told.magic_fix.is_none() {
            return None;
        }
        if !self.setup.has(TileSet::MageWitch) {
            return Some(MagicError::NotInPlay.into());
        }
        if self.setup.mode == Mode::FinalBoard {
            return Some(super::MoveError::WrongMode);
        }
        if told.magic.is_some() && !tile.def().marks.magic {
            return Some(MagicError::NoSymbol { tile }.into());
        }
        None
    }

    /// Why a figure may not go to `cell`/`port` now, on the board with the tile laid (MW-02,
    /// MW-03): a road or city, unfinished, with neither figure on it.
    fn magic_target_error(&self, cell: Cell, port: Port) -> Option<MagicError> {
        let Some(feature) = self.board.feature_at(cell, port) else {
            return Some(MagicError::NotARoadOrCity { cell, port });
        };
        if !matches!(self.board.kind(feature), FeatureKind::Road | FeatureKind::City) {
            return Some(MagicError::NotARoadOrCity { cell, port });
        }
        if self.board.is_complete(feature) {
            return Some(MagicError::Finished { cell, port });
        }
        self.magic_on(feature).map(|figure| MagicError::Occupied { figure, cell, port })
    }

    /// A place of an unfinished road or city with neither figure on it, if there is one: where
    /// a figure can go (MW-04).
    pub(crate) fn magic_room(&self) -> Option<(Cell, Port)> {
        self.magic_rooms().next()
    }

    /// One place of every unfinished road or city with neither figure on it.
    fn magic_rooms(&self) -> impl Iterator<Item = (Cell, Port)> + '_ {
        let board: &Board = &self.board;
        let taken: Vec<SegmentId> = MagicFigure::ALL.into_iter().filter_map(|f| self.magic_feature(f)).collect();
        board
            .features()
            .filter(move |&f| {
                matches!(board.kind(f), FeatureKind::Road | FeatureKind::City)
                    && !board.is_complete(f)
                    && !taken.contains(&f)
            })
            .map(|f| board.anchor(f))
    }

    /// A legal answer to the magic questions of laying `tile` so, for random games: a place
    /// picked among those open, else a figure taken off; the join's move the same way. The
    /// engine picks nothing itself: `pick` does.
    pub(crate) fn playout_magic(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: crate::coord::Rotation,
        pick: &mut impl FnMut(usize) -> usize,
    ) -> super::Told {
        let mut told = super::Told::default();
        if !self.setup.has(TileSet::MageWitch)
            || self.setup.mode != Mode::Turns
            || !(tile.def().marks.magic || self.may_join_magic(cell))
        {
            return told;
        }
        let mut next = self.trial();
        let index = super::placement::place_on_board(&mut next.board, &self.setup.rules, tile, cell, rotation);
        super::placement::close_at_border(&mut next.board, &self.setup.rules, index);
        if tile.def().marks.magic {
            told.magic = next.pick_magic(pick);
            if let Some(m) = told.magic {
                next.play_magic(m, false).expect("picked among the places open");
            }
        }
        let (mage, witch) = (next.magic_feature(MagicFigure::Mage), next.magic_feature(MagicFigure::Witch));
        if mage.is_some() && mage == witch {
            told.magic_fix = next.pick_magic(pick);
        }
        told
    }

    fn pick_magic(&self, pick: &mut impl FnMut(usize) -> usize) -> Option<MagicMove> {
        let rooms: Vec<(Cell, Port)> = self.magic_rooms().collect();
        if rooms.is_empty() {
            return self.magic.on_board().next().map(|(figure, _)| MagicMove::Remove { figure: Some(figure) });
        }
        let figure = MagicFigure::ALL[pick(2)];
        let (cell, port) = rooms[pick(rooms.len())];
        Some(MagicMove::To { figure, cell, port })
    }

    /// Checks and plays one magic move: the magic tile's (`fix` false, MW-02) or the one a
    /// join forces (`fix` true, MW-05).
    fn play_magic(&mut self, m: MagicMove, fix: bool) -> Result<(), MagicError> {
        let player = self.current;
        match m {
            MagicMove::To { figure, cell, port } => {
                if let Some(e) = self.magic_target_error(cell, port) {
                    return Err(e);
                }
                let from = self.magic.of(figure);
                self.magic.set(figure, Some((cell, port)));
                let rule = if fix { Rule::MW05 } else { Rule::MW02 };
                self.events.push(Event::MagicMoved { player, figure, from, to: (cell, port), rule });
            }
            MagicMove::Remove { figure } => {
                if let Some((cell, port)) = self.magic_room() {
                    return Err(MagicError::RoomLeft { cell, port });
                }
                let figure = match figure {
                    Some(f) if self.magic.of(f).is_some() => f,
                    Some(f) => return Err(MagicError::NotOnBoard { figure: Some(f) }),
                    None => {
                        let mut on = self.magic.on_board().map(|(f, _)| f);
                        match (on.next(), on.next()) {
                            (Some(f), None) => f,
                            (Some(_), Some(_)) => return Err(MagicError::WhichFigure),
                            (None, _) => return Err(MagicError::NotOnBoard { figure: None }),
                        }
                    }
                };
                self.take_magic_off(figure, Rule::MW04);
            }
        }
        Ok(())
    }

    fn take_magic_off(&mut self, figure: MagicFigure, rule: Rule) {
        if let Some(from) = self.magic.of(figure) {
            self.magic.set(figure, None);
            self.events.push(Event::MagicRemoved { figure, from, rule });
        }
    }

    /// Step 1½ of a turn, on the board with the tile laid and before any follower: the magic
    /// tile's move (MW-02 to MW-04), then the move a join forces (MW-05).
    pub(super) fn magic_step(&mut self, tile: TileId, told: &super::Told) -> Result<(), MagicError> {
        if tile.def().marks.magic {
            match told.magic {
                Some(m) => self.play_magic(m, false)?,
                // Nothing to tell only when no figure can go anywhere and none is on the board.
                None if self.magic_room().is_some() || !self.magic.is_empty() => {
                    return Err(MagicError::Missing { tile })
                }
                None => {}
            }
        }
        let joined = match (self.magic_feature(MagicFigure::Mage), self.magic_feature(MagicFigure::Witch)) {
            (Some(mage), Some(witch)) if mage == witch => Some(mage),
            _ => None,
        };
        match (joined, told.magic_fix) {
            (Some(_), Some(m)) => self.play_magic(m, true),
            (Some(feature), None) => {
                let (cell, port) = self.board.anchor(feature);
                Err(MagicError::FixMissing { cell, port })
            }
            (None, Some(_)) => Err(MagicError::FixNotNeeded),
            (None, None) => Ok(()),
        }
    }

    /// After its feature is scored, a figure leaves the board, whether or not anyone scored
    /// there (MW-08, QB-15).
    pub(super) fn set_magic_aside(&mut self, feature: SegmentId) {
        if let Some(figure) = self.magic_on(feature) {
            self.take_magic_off(figure, Rule::MW08);
        }
    }

    /// At the end, after the count they changed, the figures leave the board (MW-08).
    pub(super) fn clear_magic(&mut self) {
        for figure in MagicFigure::ALL {
            self.take_magic_off(figure, Rule::MW08);
        }
    }

    /// A finished table's mage and witch, told with the setup, checked against the whole
    /// table at the count: each on a road or city that is unfinished, not both on one.
    pub(super) fn magic_stand_error(&self) -> Option<MagicError> {
        let mut seen: Vec<(MagicFigure, SegmentId)> = Vec::new();
        for (figure, (cell, port)) in self.magic.on_board() {
            let Some(feature) = self.board.feature_at(cell, port) else {
                return Some(MagicError::NotARoadOrCity { cell, port });
            };
            if !matches!(self.board.kind(feature), FeatureKind::Road | FeatureKind::City) {
                return Some(MagicError::NotARoadOrCity { cell, port });
            }
            if self.board.is_complete(feature) {
                return Some(MagicError::Finished { cell, port });
            }
            if let Some(&(other, _)) = seen.iter().find(|&&(_, f)| f == feature) {
                return Some(MagicError::Occupied { figure: other, cell, port });
            }
            seen.push((figure, feature));
        }
        None
    }
}
