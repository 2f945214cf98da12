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
use crate::tile::{FeatureKind, TileId};
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

/// What the table may answer at one magic step of a move: a road or city for a figure, or,
/// when none can take one, which figure comes off (MW-02 to MW-05).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagicOptions {
    /// Where the figures stand as the step begins.
    pub standing: MagicFigures,
    /// One place of every unfinished road or city neither figure stands on: either figure may
    /// go there (MW-02, MW-03).
    pub places: Vec<(Cell, Port)>,
    /// Only when no place is open: the figures on the board, one of which comes off (MW-04).
    pub removable: Vec<MagicFigure>,
}

impl MagicOptions {
    /// Whether there is nothing to answer: nowhere to go and nothing to take off.
    pub fn is_empty(&self) -> bool {
        self.places.is_empty() && self.removable.is_empty()
    }
}

/// The magic questions of one placement, each as the board stands at its step.
#[derive(Clone, Debug)]
pub struct MagicAsked {
    /// The game with the tile laid and nothing else done: no figure moved, no follower,
    /// nothing scored. The places of both steps lie on its board; it is for describing them,
    /// not for playing on.
    pub laid: Game,
    /// The magic tile's move (MW-02 to MW-04); `None` for a tile without the symbol, or when
    /// no figure can go anywhere and none is on the board.
    pub tile: Option<MagicOptions>,
    /// The move the tile's join of the mage's and the witch's feature forces (MW-05), after
    /// the tile's own move; `None` when nothing is joined, or while the tile's move is untold.
    pub fix: Option<MagicOptions>,
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
    /// A finished table's mage or witch is entered where it stands once: it stands already
    /// (MW-01: one of each).
    AlreadyStanding {
        /// The figure entered twice.
        figure: MagicFigure,
        /// Where it stands.
        cell: Cell,
        /// The place on it.
        port: Port,
    },
}

impl MagicError {
    /// The checklist rule the move breaks.
    pub fn rule(&self) -> Option<Rule> {
        Some(match self {
            MagicError::NotInPlay | MagicError::AlreadyStanding { .. } => Rule::MW01,
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
            MagicError::AlreadyStanding { figure, cell, port } => {
                write!(f, "the {figure} stands at {cell} {port} already")
            }
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
        self.in_play.magic
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
        if !self.in_play.magic {
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

    /// What the table must tell about the magic figures when `tile` is laid at `cell` turned
    /// `rotation`, with the magic tile's move `magic` if already told: the join's question
    /// depends on it. `None` when no magic figure moves in this move (a game without the box,
    /// a final board, a tile that neither shows the symbol nor joins the two figures).
    ///
    /// # Errors
    /// The tile may not go there, or the magic tile's move told is refused.
    pub fn magic_asked(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: crate::coord::Rotation,
        magic: Option<MagicMove>,
    ) -> Result<Option<MagicAsked>, super::MoveError> {
        if !self.in_play.magic || self.setup.mode != Mode::Turns {
            return Ok(None);
        }
        self.check_placement(tile, cell, rotation)?;
        let mut laid = self.trial();
        let index = super::placement::place_on_board(&mut laid.board, &self.setup.rules, tile, cell, rotation);
        super::placement::close_at_border(&mut laid.board, &self.setup.rules, index);
        let tile_step = Some(laid.magic_options()).filter(|_| tile.def().marks.magic).filter(|o| !o.is_empty());
        if tile_step.is_some() && magic.is_none() {
            return Ok(Some(MagicAsked { laid, tile: tile_step, fix: None }));
        }
        let mut after = laid.trial();
        if let Some(m) = magic.filter(|_| tile_step.is_some()) {
            after.play_magic(m, false)?;
        }
        let fix = after.magic_joined().then(|| after.magic_options());
        Ok((tile_step.is_some() || fix.is_some()).then_some(MagicAsked { laid, tile: tile_step, fix }))
    }

    /// Whether the mage and the witch stand on one feature, which a tile just joined (MW-05).
    fn magic_joined(&self) -> bool {
        let mage = self.magic_feature(MagicFigure::Mage);
        mage.is_some() && mage == self.magic_feature(MagicFigure::Witch)
    }

    /// Where a figure may go now, or which may come off when it can go nowhere (MW-02 to MW-04).
    fn magic_options(&self) -> MagicOptions {
        let places: Vec<(Cell, Port)> = self.magic_rooms().collect();
        let removable =
            if places.is_empty() { self.magic.on_board().map(|(figure, _)| figure).collect() } else { Vec::new() };
        MagicOptions { standing: self.magic, places, removable }
    }

    /// Puts into `told` a legal answer to the magic questions of laying `tile` so, for random
    /// games: a place picked among those open, else a figure taken off; the join's move the
    /// same way. Without Mage & Witch, or when the tile asks nothing, `told` is left as it is
    /// and nothing is picked. The engine picks nothing itself: `pick` does.
    pub(crate) fn playout_magic(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: crate::coord::Rotation,
        pick: &mut impl FnMut(usize) -> usize,
        told: &mut super::Told,
    ) {
        if !self.in_play.magic
            || self.setup.mode != Mode::Turns
            || !(tile.def().marks.magic || self.may_join_magic(cell))
        {
            return;
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
        if next.magic_joined() {
            told.magic_fix = next.pick_magic(pick);
        }
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

    /// A finished table's mage or witch entered where it stands, after checking what the
    /// figure alone can tell: a road or city of a tile on the table (MW-02), not finished and
    /// not the other figure's (MW-03). Neither can change as tiles are added — a finished
    /// feature stays finished, two joined stay joined — so these are refused at once; that a
    /// later tile joins the two figures' features is the count's to find
    /// ([`Game::magic_stand_error`]).
    pub(super) fn stand_magic(&mut self, figure: MagicFigure, cell: Cell, port: Port) -> Result<(), super::MoveError> {
        if !self.in_play.magic {
            return Err(MagicError::NotInPlay.into());
        }
        if self.setup.mode != Mode::FinalBoard {
            return Err(super::MoveError::WrongMode);
        }
        if let Some((cell, port)) = self.magic.of(figure) {
            return Err(MagicError::AlreadyStanding { figure, cell, port }.into());
        }
        if self.board.tile_at(cell).is_none() {
            return Err(super::StandError::NoTileAt { cell }.into());
        }
        if let Some(e) = self.magic_target_error(cell, port) {
            return Err(e.into());
        }
        self.magic.set(figure, Some((cell, port)));
        self.events.push(Event::MagicStood { figure, at: (cell, port) });
        Ok(())
    }

    /// The places on the tile at `cell` where `figure` may stand on the finished table, as
    /// [`Move::StandMagic`](crate::Move::StandMagic) accepts them: one per road or city of the
    /// tile. Empty when the game is not a final board with Mage & Witch, no tile lies there,
    /// or the figure stands already.
    pub fn magic_standing_places(&self, figure: MagicFigure, cell: Cell) -> Vec<(Port, FeatureKind)> {
        if !self.in_play.magic || self.setup.mode != Mode::FinalBoard || self.magic.of(figure).is_some() {
            return Vec::new();
        }
        let places = self.board.tile_at(cell).into_iter().flat_map(|placed| placed.places());
        places.filter(|&(port, _)| self.magic_target_error(cell, port).is_none()).collect()
    }

    /// A finished table's mage and witch, told with the setup or stood
    /// ([`Move::StandMagic`](crate::Move::StandMagic)), checked against the whole table at the
    /// count: each on a road or city that is unfinished, not both on one. `None` without Mage &
    /// Witch, and always when the game is entered turn by turn.
    pub(super) fn magic_stand_error(&self) -> Option<MagicError> {
        // Turn by turn, each magic step is checked as it is told (MW-02, MW-03), a figure
        // leaves the board with its scored feature (MW-08) and one is moved away from a join
        // of their features (MW-05), so the count cannot find them wrong: only a finished
        // table, whose tiles came in any order after its figures, is checked here.
        if !self.in_play.magic || self.setup.mode != Mode::FinalBoard {
            return None;
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::Rotation;
    use crate::game::{GameSetup, Move, MoveError};
    use crate::tile::TileSet;

    fn id(name: &str) -> TileId {
        TileId::from_name(name).unwrap()
    }

    fn magic_game() -> Game {
        let mut setup = GameSetup::base(&["Red", "Blue"]);
        setup.sets.push(TileSet::MageWitch);
        Game::new(setup).unwrap()
    }

    fn to(figure: MagicFigure, x: i32, y: i32, port: &str) -> MagicMove {
        MagicMove::To { figure, cell: Cell::new(x, y), port: Port::from_name(port).unwrap() }
    }

    fn play(game: &mut Game, tile: &str, x: i32, y: i32, rotation: Rotation, magic: Option<MagicMove>) {
        let mut mv = Move::place(id(tile), Cell::new(x, y), rotation, None);
        if let Move::Place { told, .. } = &mut mv {
            told.magic = magic;
        }
        game.apply(&mv).unwrap();
    }

    /// The mage on the start tile's city, the witch on MW05's west cap, MW06 beside them: an
    /// `N` at [0,-1] turned 180 would join the two cities (the MW-05 scenario).
    fn mage_and_witch_apart() -> Game {
        let mut g = magic_game();
        play(&mut g, "U", 1, 0, Rotation::R0, None);
        play(&mut g, "MW05", 1, -1, Rotation::R90, Some(to(MagicFigure::Mage, 0, 0, "N")));
        play(&mut g, "MW06", 2, 0, Rotation::R90, Some(to(MagicFigure::Witch, 1, -1, "W")));
        g
    }

    #[test]
    fn a_magic_tile_asks_where_a_figure_goes_among_the_open_roads_and_cities() {
        let g = magic_game();
        let asked = g.magic_asked(id("MW02"), Cell::new(1, 0), Rotation::R180, None).unwrap().expect("a magic tile");
        let options = asked.tile.expect("the tile's move");
        assert!(options.removable.is_empty(), "places are open");
        assert!(asked.fix.is_none(), "nothing joined");
        let on_tile = options.places.iter().filter(|(c, _)| *c == Cell::new(1, 0)).count();
        assert!(on_tile > 0, "the tile's own city is open: {:?}", options.places);
        for &(cell, port) in &options.places {
            let mut mv = Move::place(id("MW02"), Cell::new(1, 0), Rotation::R180, None);
            if let Move::Place { told, .. } = &mut mv {
                told.magic = Some(MagicMove::To { figure: MagicFigure::Witch, cell, port });
            }
            assert!(g.is_legal(&mv), "{cell} {port} is offered and taken");
        }
        let features: Vec<_> = options.places.iter().map(|&(c, p)| asked.laid.board.feature_at(c, p)).collect();
        let distinct: std::collections::HashSet<_> = features.iter().collect();
        assert_eq!(distinct.len(), features.len(), "one place a road or city");
    }

    #[test]
    fn a_plain_tile_that_joins_nothing_asks_nothing() {
        let g = mage_and_witch_apart();
        assert!(g.magic_asked(id("V"), Cell::new(0, 1), Rotation::R0, None).unwrap().is_none());
        let base = Game::new(GameSetup::base(&["Red", "Blue"])).unwrap();
        assert!(base.magic_asked(id("MW02"), Cell::new(1, 0), Rotation::R180, None).unwrap().is_none(), "no box");
    }

    #[test]
    fn a_join_asks_which_moves_away_and_never_back_onto_the_joined_city() {
        let g = mage_and_witch_apart();
        let asked = g.magic_asked(id("N"), Cell::new(0, -1), Rotation::R180, None).unwrap().expect("a join");
        assert!(asked.tile.is_none(), "N shows no magic symbol");
        let fix = asked.fix.expect("the join's move");
        assert_eq!(fix.standing, g.magic());
        assert!(!fix.places.is_empty());
        let joined = asked.laid.board.feature_at(Cell::new(0, 0), Port::N);
        assert!(fix.places.iter().all(|&(c, p)| asked.laid.board.feature_at(c, p) != joined));
        let mut mv = Move::place(id("N"), Cell::new(0, -1), Rotation::R180, None);
        if let Move::Place { told, .. } = &mut mv {
            let (cell, port) = fix.places[0];
            told.magic_fix = Some(MagicMove::To { figure: MagicFigure::Mage, cell, port });
        }
        assert!(g.is_legal(&mv), "the place offered is taken");
    }

    /// MW02 turned 180 at [0,-1] joins the mage's city and the witch's with its own city, and
    /// shows the symbol: its own move takes one of them away, so the join asks nothing more.
    #[test]
    fn a_magic_tile_joining_the_two_asks_its_own_move_only() {
        let g = mage_and_witch_apart();
        let asked = g.magic_asked(id("MW02"), Cell::new(0, -1), Rotation::R180, None).unwrap().unwrap();
        let options = asked.tile.expect("the tile's move");
        assert!(asked.fix.is_none(), "asked once the tile's move is told");
        let joined = asked.laid.board.feature_at(Cell::new(0, 0), Port::N);
        assert_eq!(joined, asked.laid.board.feature_at(Cell::new(1, -1), Port::W), "the tile joins the two cities");
        assert!(options.places.iter().all(|&(c, p)| asked.laid.board.feature_at(c, p) != joined));
        let witch_away = Some(to(MagicFigure::Witch, 2, 0, "N"));
        let after = g.magic_asked(id("MW02"), Cell::new(0, -1), Rotation::R180, witch_away).unwrap().unwrap();
        assert!(after.fix.is_none(), "the witch went away: nothing is left joined");
        assert_eq!(after.tile, Some(options), "the tile's question stays as it was");
    }

    #[test]
    fn a_refused_tile_move_is_said() {
        let g = mage_and_witch_apart();
        // The tile closes the city it joins: no figure goes onto it (MW-03).
        let onto_the_joined_city = Some(to(MagicFigure::Mage, 1, -1, "W"));
        let refused = g.magic_asked(id("MW02"), Cell::new(0, -1), Rotation::R180, onto_the_joined_city);
        let finished = MagicError::Finished { cell: Cell::new(1, -1), port: Port::W };
        assert!(matches!(refused, Err(MoveError::Magic(ref e)) if *e == finished), "{refused:?}");
    }
}

/// A finished table's mage and witch entered where they stand, one move each.
#[cfg(test)]
mod final_board_tests {
    use super::*;
    use crate::coord::Rotation;
    use crate::event::ScoreSource;
    use crate::game::{GameSetup, Move, MoveError, StandError};
    use crate::history::History;
    use crate::player::PlayerId;
    use crate::tile::TileSet;
    use crate::Standing;

    const RED: PlayerId = PlayerId(0);
    const BLUE: PlayerId = PlayerId(1);

    fn place(name: &str, x: i32, y: i32, rotation: Rotation) -> Move {
        Move::place(TileId::from_name(name).unwrap(), Cell::new(x, y), rotation, None)
    }

    fn port(name: &str) -> Port {
        Port::from_name(name).unwrap()
    }

    fn stand(player: PlayerId, x: i32, y: i32, at: &str) -> Move {
        Move::Stand { player, at: Standing::Board(Cell::new(x, y), port(at)), figure: crate::Figure::Follower }
    }

    fn magic(figure: MagicFigure, x: i32, y: i32, at: &str) -> Move {
        Move::StandMagic { figure, cell: Cell::new(x, y), port: port(at) }
    }

    fn setup(mode: Mode) -> GameSetup {
        let mut setup = GameSetup::base(&["Red", "Blue"]);
        setup.sets.push(TileSet::MageWitch);
        setup.mode = mode;
        setup
    }

    /// The tiles of both tables: the start's city joined by MW06 (Red's knight, the mage),
    /// its road lengthened by U and turned north by MW02 (Blue's thief, the witch):
    ///
    /// ```text
    ///  x=0     x=1   x=2
    ///  [MW06]        (north: MW02's road)
    ///  [D]====[U]====[MW02]
    /// ```
    fn finished_table() -> Vec<Move> {
        vec![
            place("MW06", 0, -1, Rotation::R180),
            place("U", 1, 0, Rotation::R0),
            place("MW02", 2, 0, Rotation::R180),
            stand(RED, 0, -1, "S"),
            stand(BLUE, 1, 0, "E"),
            magic(MagicFigure::Mage, 0, 0, "N"),
            magic(MagicFigure::Witch, 1, 0, "E"),
        ]
    }

    fn final_board() -> Game {
        let mut game = Game::new(setup(Mode::FinalBoard)).unwrap();
        for mv in &finished_table()[..3] {
            game.apply(mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        }
        game
    }

    fn count(game: &mut Game) -> Vec<(ScoreSource, u32, Rule)> {
        game.finish().unwrap_or_else(|e| panic!("{e}"));
        game.events()
            .iter()
            .filter_map(|e| match e {
                Event::Scored(s) => Some((s.source, s.points, s.rule)),
                _ => None,
            })
            .collect()
    }

    /// MW-06, MW-07 at the end: the same table played turn by turn and entered finished is
    /// counted alike, the mage adding a point a tile to the open city, the witch halving the
    /// open road, rounded up.
    #[test]
    fn the_end_count_with_the_mage_and_the_witch_is_the_turn_by_turn_count() {
        let mut turns = Game::new(setup(Mode::Turns)).unwrap();
        let to_mage = MagicMove::To { figure: MagicFigure::Mage, cell: Cell::new(0, 0), port: Port::N };
        let to_witch = MagicMove::To { figure: MagicFigure::Witch, cell: Cell::new(1, 0), port: Port::E };
        for (mut mv, follower, told) in [
            (place("MW06", 0, -1, Rotation::R180), Some(port("S")), Some(to_mage)),
            (place("U", 1, 0, Rotation::R0), Some(port("E")), None),
            (place("MW02", 2, 0, Rotation::R180), None, Some(to_witch)),
        ] {
            if let Move::Place { follower: f, told: t, .. } = &mut mv {
                *f = follower;
                t.magic = told;
            }
            turns.apply(&mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        }
        let played = count(&mut turns);

        let mut entered = Game::new(setup(Mode::FinalBoard)).unwrap();
        for mv in finished_table() {
            entered.apply(&mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        }
        assert_eq!(
            entered.magic(),
            MagicFigures { mage: Some((Cell::new(0, 0), Port::N)), witch: Some((Cell::new(1, 0), Port::E)) }
        );
        let counted = count(&mut entered);
        assert_eq!(counted, played, "the same scores, the same rules");
        assert_eq!(entered.scores(), turns.scores());
        assert_eq!(entered.scores(), &[4, 2], "Red: city 2 + the mage 2; Blue: road 3 halved, rounded up");
        assert!(counted.contains(&(ScoreSource::City, 4, Rule::MW06)), "{counted:?}");
        assert!(counted.contains(&(ScoreSource::Road, 2, Rule::MW07)), "{counted:?}");
        assert!(entered.magic().is_empty(), "both leave the board after the count (MW-08)");
    }

    #[test]
    fn either_figure_may_be_left_beside_the_board() {
        let mut game = final_board();
        for mv in &finished_table()[3..6] {
            game.apply(mv).unwrap();
        }
        assert_eq!(game.magic().witch, None);
        count(&mut game);
        assert_eq!(game.scores(), &[4, 3], "the road unhalved without the witch");
    }

    #[test]
    fn a_magic_stand_is_refused_with_its_reason_and_changes_nothing() {
        let mut game = final_board();
        game.apply(&magic(MagicFigure::Mage, 0, 0, "N")).unwrap();
        let finished = {
            let mut g = Game::new(setup(Mode::FinalBoard)).unwrap();
            g.apply(&place("E", 0, -1, Rotation::R180)).unwrap();
            g
        };
        let cases: [(&Game, Move, MoveError); 5] = [
            (
                &game,
                magic(MagicFigure::Witch, 0, 0, "S"),
                MagicError::NotARoadOrCity { cell: Cell::new(0, 0), port: Port::S }.into(),
            ),
            (
                &game,
                magic(MagicFigure::Witch, 0, -1, "S"),
                MagicError::Occupied { figure: MagicFigure::Mage, cell: Cell::new(0, -1), port: Port::S }.into(),
            ),
            (
                &game,
                magic(MagicFigure::Mage, 1, 0, "E"),
                MagicError::AlreadyStanding { figure: MagicFigure::Mage, cell: Cell::new(0, 0), port: Port::N }.into(),
            ),
            (&game, magic(MagicFigure::Witch, 5, 5, "N"), StandError::NoTileAt { cell: Cell::new(5, 5) }.into()),
            (
                &finished,
                magic(MagicFigure::Witch, 0, 0, "N"),
                MagicError::Finished { cell: Cell::new(0, 0), port: Port::N }.into(),
            ),
        ];
        for (game, mv, want) in cases {
            let mut tried = game.clone();
            assert_eq!(tried.apply(&mv), Err(want), "{mv:?}");
            assert_eq!((tried.magic(), tried.move_count()), (game.magic(), game.move_count()), "{mv:?}");
        }
        let refused = game.clone().apply(&magic(MagicFigure::Witch, 0, -1, "S")).unwrap_err();
        assert_eq!(refused.rule(), Some(Rule::MW03), "the two never share a road or city");
        assert_eq!(
            MagicError::AlreadyStanding { figure: MagicFigure::Mage, cell: Cell::new(0, 0), port: Port::N }.to_string(),
            "the mage stands at [0,0] N already"
        );

        let far = Move::StandMagic { figure: MagicFigure::Witch, cell: Cell::new(i32::MAX, 0), port: Port::N };
        assert!(matches!(game.clone().apply(&far), Err(MoveError::OffTable { .. })), "refused before the board");

        let mut turns = Game::new(setup(Mode::Turns)).unwrap();
        assert_eq!(turns.apply(&magic(MagicFigure::Mage, 0, 0, "N")), Err(MoveError::WrongMode), "MW-02 in play");
        let mut plain = Game::new(GameSetup { sets: vec![TileSet::Base], ..setup(Mode::FinalBoard) }).unwrap();
        assert_eq!(plain.apply(&magic(MagicFigure::Mage, 0, 0, "N")), Err(MagicError::NotInPlay.into()), "MW-01");
    }

    #[test]
    fn the_places_offered_are_the_open_roads_and_cities_not_the_others() {
        let mut game = final_board();
        let places = |g: &Game, figure| g.magic_standing_places(figure, Cell::new(0, 0));
        let kinds: Vec<FeatureKind> = places(&game, MagicFigure::Witch).into_iter().map(|(_, k)| k).collect();
        assert_eq!(kinds.len(), 2, "the start tile's city and road: {kinds:?}");
        assert!(kinds.iter().all(|k| matches!(k, FeatureKind::Road | FeatureKind::City)));
        game.apply(&magic(MagicFigure::Mage, 0, 0, "N")).unwrap();
        assert!(places(&game, MagicFigure::Mage).is_empty(), "the mage stands already");
        assert_eq!(places(&game, MagicFigure::Witch), vec![(Port::E, FeatureKind::Road)], "the mage's city is taken");
        let turns = Game::new(setup(Mode::Turns)).unwrap();
        assert!(turns.magic_standing_places(MagicFigure::Mage, Cell::new(0, 0)).is_empty());
    }

    /// A later tile joining the two figures' roads is found at the count (MW-03): U at
    /// [2,0] is laid last, over the cloisters.
    ///
    /// ```text
    ///  x=0  x=1       x=2  x=3
    ///  [D]==[U mage]  ...  [U witch]==
    ///       [B]       [B]  [B]
    /// ```
    #[test]
    fn figures_a_later_tile_joins_are_refused_at_the_count() {
        let mut game = Game::new(setup(Mode::FinalBoard)).unwrap();
        for mv in [
            place("U", 1, 0, Rotation::R0),
            place("B", 1, 1, Rotation::R0),
            place("B", 2, 1, Rotation::R0),
            place("B", 3, 1, Rotation::R0),
            place("U", 3, 0, Rotation::R0),
            magic(MagicFigure::Mage, 1, 0, "E"),
            magic(MagicFigure::Witch, 3, 0, "E"),
        ] {
            game.apply(&mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        }
        assert!(game.clone().finish().is_ok(), "two roads apart so far");
        game.apply(&place("U", 2, 0, Rotation::R0)).expect("the tile itself is laid");
        let refused = game.clone().finish().unwrap_err();
        assert!(matches!(refused, MoveError::Magic(MagicError::Occupied { .. })), "{refused}");
        assert_eq!(refused.rule(), Some(Rule::MW03));
    }

    #[test]
    fn undo_redo_and_corrections_take_a_magic_stand_like_any_move() {
        let mut history = History::new(setup(Mode::FinalBoard)).unwrap();
        for mv in finished_table() {
            history.apply(mv).unwrap();
        }
        let both = history.game().magic();
        assert!(history.undo());
        assert_eq!(history.game().magic().witch, None, "the witch taken back");
        assert!(history.redo());
        assert_eq!(history.game().magic(), both, "and put back");
        history.correct(6, magic(MagicFigure::Witch, 2, 0, "N")).expect("the witch on the same road further on");
        assert_eq!(history.game().magic().witch, Some((Cell::new(2, 0), Port::N)));
        let err = history.correct(6, magic(MagicFigure::Witch, 0, -1, "S")).unwrap_err();
        assert_eq!(
            err,
            crate::ReplayError::Move {
                index: 6,
                error: MagicError::Occupied { figure: MagicFigure::Mage, cell: Cell::new(0, -1), port: Port::S }.into()
            }
        );
        let mut replayed = history.game().clone();
        let mut again = count(&mut replayed);
        let mut fresh = Game::new(setup(Mode::FinalBoard)).unwrap();
        for mv in &history.moves()[..history.cursor()] {
            fresh.apply(mv).unwrap();
        }
        assert_eq!(count(&mut fresh), std::mem::take(&mut again), "a game is the fold of its moves");
    }
}
