//! Crop Circles (sets `crop-circles` and `crop-circles-1`): after a turn whose tile shows a
//! crop circle, its placer chooses for everyone: each player adds one follower beside one of
//! theirs, or each takes one back (Rules CC-03 to CC-08, X2-18, X2-19).
//!
//! The symbol names the followers concerned (CC-04): knights for a shield, thieves for a club,
//! farmers for a pitchfork. The table tells the choice and, in seat order from the placer's
//! left round to the placer, what each player who had something to do did ([`CropCircle`]).
//! A player has something to do when a follower of theirs of that kind stands on the board
//! and, to add, one is left in hand (CC-07); adding is optional (QB-20), taking back is not,
//! and which one is the player's choice (QB-22). Followers waiting in the City of Carcassonne
//! stand on no feature and are left alone (X2-19). Nothing is scored (CC-08): the step comes
//! after the turn's scoring and before a builder's second tile.

use super::{Game, MoveError};
use crate::board::Follower;
use crate::coord::{Cell, Port};
use crate::event::Event;
use crate::figure::Figure;
use crate::player::PlayerId;
use crate::rule::Rule;
use crate::tile::{CropSymbol, FeatureKind, TileId};
use std::fmt;

/// What the placer of a crop-circle tile chose for every player (CC-03).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum CropChoice {
    /// A: each player may put one follower from supply beside one of theirs (CC-05).
    Add,
    /// B: each player must take one of their followers back to supply (CC-06).
    Remove,
}

impl CropChoice {
    /// The name used in game scripts: `add` or `remove`.
    pub const fn name(self) -> &'static str {
        match self {
            CropChoice::Add => "add",
            CropChoice::Remove => "remove",
        }
    }

    /// Parses `add` or `remove`.
    pub fn from_name(name: &str) -> Option<CropChoice> {
        [CropChoice::Add, CropChoice::Remove].into_iter().find(|c| c.name() == name)
    }
}

/// What one player did in the crop circle's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "camelCase")
)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum CropDeed {
    /// Added nothing (only under [`CropChoice::Add`], QB-20).
    Pass,
    /// Put a figure from hand on this place (add), or took the figure standing there back
    /// (remove): a follower, or the big follower (X2-18).
    At {
        /// The tile.
        cell: Cell,
        /// The place on it, in board orientation.
        port: Port,
        /// A follower or the big follower.
        figure: Figure,
    },
}

/// One entry of the action: a player and what they did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CropAction {
    /// Whose turn of the action it was.
    pub player: PlayerId,
    /// What they did.
    pub deed: CropDeed,
}

/// What the table tells after a crop-circle tile: the placer's choice, then one entry per
/// player who had something to do, from the placer's left round to the placer (CC-03).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct CropCircle {
    /// Add or remove.
    pub choice: CropChoice,
    /// The entries, in seat order from the placer's left neighbour to the placer.
    pub actions: Vec<CropAction>,
}

/// Why the crop circle's action may not be carried out as the move tells it. The game is
/// unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum CropError {
    /// The move tells a crop circle's action, but its tile shows no crop circle (CC-01).
    NoCropCircle {
        /// The tile.
        tile: TileId,
    },
    /// The tile shows a crop circle, and the move does not say what its placer chose (CC-03).
    ChoiceMissing {
        /// The tile.
        tile: TileId,
    },
    /// An entry names a seat that is not at this table (CC-03).
    UnknownPlayer {
        /// The seat.
        player: PlayerId,
    },
    /// An entry comes after the entry of a player who acts later: the action goes from the
    /// placer's left neighbour round to the placer (CC-03).
    OutOfOrder {
        /// The player whose entry comes too late.
        player: PlayerId,
        /// The player whose entry came before it and who acts after them.
        after: PlayerId,
    },
    /// A player has two entries: each acts once (CC-03).
    Twice {
        /// The player.
        player: PlayerId,
    },
    /// A player who had something to do has no entry (CC-03, CC-05, CC-06).
    Missing {
        /// The player.
        player: PlayerId,
        /// What they had to do.
        choice: CropChoice,
    },
    /// A pass under "remove": taking a follower back is not optional (CC-06).
    PassUnderRemove {
        /// The player.
        player: PlayerId,
    },
    /// The place named is not on a feature of the kind the symbol moves (CC-04).
    WrongKind {
        /// The player.
        player: PlayerId,
        /// The tile.
        cell: Cell,
        /// The place.
        port: Port,
        /// The kind the symbol moves.
        wanted: FeatureKind,
        /// What is there, if anything.
        found: Option<FeatureKind>,
    },
    /// Only a follower or the big follower is added or taken back; the abbot, the builder
    /// and the pig are not knights, thieves or farmers (X2-18).
    NotAFollower {
        /// The player.
        player: PlayerId,
        /// The figure named.
        figure: Figure,
    },
    /// An added follower must join a follower of the player's on that feature, and by
    /// default on the same tile (CC-05, QB-19).
    NothingToJoin {
        /// The player.
        player: PlayerId,
        /// The tile.
        cell: Cell,
        /// The place.
        port: Port,
        /// Whether the table lets it go anywhere in the feature rather than on the same tile
        /// (QB-19).
        anywhere: bool,
    },
    /// The player has no such figure in hand to add (CC-07).
    NoneInHand {
        /// The player.
        player: PlayerId,
        /// The figure named.
        figure: Figure,
    },
    /// No such figure of the player's stands there to take back (CC-06).
    NoFigureThere {
        /// The player.
        player: PlayerId,
        /// The tile.
        cell: Cell,
        /// The place.
        port: Port,
        /// The figure named.
        figure: Figure,
    },
}

impl CropError {
    /// The checklist rule the move breaks.
    pub fn rule(&self) -> Option<Rule> {
        Some(match self {
            CropError::NoCropCircle { .. } => Rule::CC01,
            CropError::ChoiceMissing { .. }
            | CropError::UnknownPlayer { .. }
            | CropError::OutOfOrder { .. }
            | CropError::Twice { .. }
            | CropError::Missing { .. } => Rule::CC03,
            CropError::WrongKind { .. } => Rule::CC04,
            CropError::NothingToJoin { .. } => Rule::CC05,
            CropError::PassUnderRemove { .. } | CropError::NoFigureThere { .. } => Rule::CC06,
            CropError::NoneInHand { .. } => Rule::CC07,
            CropError::NotAFollower { .. } => Rule::X2_18,
        })
    }

    pub(super) fn describe(&self, f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
        match self {
            CropError::NoCropCircle { tile } => write!(f, "{tile} shows no crop circle"),
            CropError::ChoiceMissing { tile } => {
                write!(f, "{tile} shows a crop circle: its placer must choose add or remove")
            }
            CropError::UnknownPlayer { player } => write!(f, "there is no {player} at this table"),
            CropError::OutOfOrder { player, after } => write!(
                f,
                "{} acts before {} in the crop circle's round, which starts left of the placer",
                player.name_in(names),
                after.name_in(names)
            ),
            CropError::Twice { player } => {
                write!(f, "{} acts only once in the crop circle's round", player.name_in(names))
            }
            CropError::Missing { player, choice: CropChoice::Add } => {
                write!(f, "{} may add a follower: say where, or that they pass", player.name_in(names))
            }
            CropError::Missing { player, choice: CropChoice::Remove } => {
                write!(f, "{} must take a follower back: say which", player.name_in(names))
            }
            CropError::PassUnderRemove { player } => {
                write!(f, "{} cannot pass: under remove each player must take a follower back", player.name_in(names))
            }
            CropError::WrongKind { player, cell, port, wanted, found } => {
                let found = found.map_or("nothing".to_string(), |k| format!("a {k}"));
                write!(
                    f,
                    "{} names {cell} {port}, which is {found}: this crop circle moves only followers in a {wanted}",
                    player.name_in(names)
                )
            }
            CropError::NotAFollower { player, figure } => write!(
                f,
                "{}'s {figure} is no knight, thief or farmer: a crop circle moves only followers",
                player.name_in(names)
            ),
            CropError::NothingToJoin { player, cell, port, anywhere: false } => write!(
                f,
                "{} has no follower on that feature on the tile {cell} to put one beside ({port})",
                player.name_in(names)
            ),
            CropError::NothingToJoin { player, cell, port, anywhere: true } => {
                write!(f, "{} has no follower on the feature at {cell} {port} to put one beside", player.name_in(names))
            }
            CropError::NoneInHand { player, figure } => {
                write!(f, "{} has no {figure} in hand to add", player.name_in(names))
            }
            CropError::NoFigureThere { player, cell, port, figure } => {
                write!(f, "{} has no {figure} at {cell} {port} to take back", player.name_in(names))
            }
        }
    }
}

impl fmt::Display for CropError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for CropError {}

/// The followers of one kind standing on the board and the figures each player holds: what a
/// crop circle's action can move, found once the turn is scored.
#[derive(Clone, Debug)]
pub(crate) struct CropCandidates {
    /// The seats in the action's order, from the placer's left round to the placer.
    pub(crate) order: Vec<PlayerId>,
    /// The followers and big followers of that kind on the board.
    pub(crate) standing: Vec<Follower>,
    /// Whether each seat (by index) holds a follower, and whether its big follower.
    pub(crate) in_hand: Vec<(bool, bool)>,
}

impl Game {
    /// The seats from `placer`'s left neighbour round to `placer` (CC-03).
    fn crop_order(&self, placer: PlayerId) -> Vec<PlayerId> {
        let mut order = Vec::with_capacity(self.player_count());
        let mut p = placer;
        for _ in 0..self.player_count() {
            p = self.next_seat(p);
            order.push(p);
        }
        order
    }

    /// Whether `f` is one of the followers a symbol of `kind` moves: a follower or the big
    /// follower (X2-18) on a feature of that kind (CC-04).
    fn moved_by(&self, f: &Follower, kind: FeatureKind) -> bool {
        matches!(f.figure, Figure::Follower | Figure::Big) && self.board.kind(f.segment) == kind
    }

    /// What the crop circle's action can move now, after `placer`'s turn with `symbol`.
    pub(crate) fn crop_candidates(&self, placer: PlayerId, symbol: CropSymbol) -> CropCandidates {
        let kind = symbol.kind();
        CropCandidates {
            order: self.crop_order(placer),
            standing: self.board.followers().iter().filter(|f| self.moved_by(f, kind)).copied().collect(),
            in_hand: (0..self.player_count())
                .map(|i| {
                    let p = PlayerId(i as u8);
                    (self.held(p, Figure::Follower) > 0, self.held(p, Figure::Big) > 0)
                })
                .collect(),
        }
    }

    /// Step 4 of a crop-circle turn (CC-03 to CC-08): checks and carries out each entry in
    /// turn. Called after the turn is scored, on a copy of the game ([`Game::apply`]), so a
    /// refusal half-way leaves the game as it was.
    pub(super) fn crop_circle(
        &mut self,
        placer: PlayerId,
        symbol: CropSymbol,
        told: &CropCircle,
    ) -> Result<(), MoveError> {
        let kind = symbol.kind();
        self.events.push(Event::CropCircleChosen { player: placer, choice: told.choice, kind });
        let order = self.crop_order(placer);
        let position = |p: PlayerId| order.iter().position(|&q| q == p);
        let mut next = 0;
        let mut last: Option<PlayerId> = None;
        for action in &told.actions {
            let player = action.player;
            let at = position(player).ok_or(CropError::UnknownPlayer { player })?;
            if let Some(after) = last.filter(|_| at < next) {
                let twice = told.actions.iter().filter(|a| a.player == player).count() > 1;
                return Err(
                    if twice { CropError::Twice { player } } else { CropError::OutOfOrder { player, after } }.into()
                );
            }
            last = Some(player);
            for &skipped in &order[next..at] {
                self.crop_nothing_to_do(skipped, kind, told.choice)?;
            }
            next = at + 1;
            match (told.choice, action.deed) {
                (CropChoice::Add, CropDeed::Pass) => {}
                (CropChoice::Remove, CropDeed::Pass) => return Err(CropError::PassUnderRemove { player }.into()),
                (choice, CropDeed::At { cell, port, figure }) => {
                    if !matches!(figure, Figure::Follower | Figure::Big) {
                        return Err(CropError::NotAFollower { player, figure }.into());
                    }
                    let found = self.board.feature_at(cell, port);
                    let found_kind = found.map(|f| self.board.kind(f));
                    let Some(feature) = found.filter(|_| found_kind == Some(kind)) else {
                        return Err(CropError::WrongKind { player, cell, port, wanted: kind, found: found_kind }.into());
                    };
                    match choice {
                        CropChoice::Add => self.crop_add(player, cell, port, feature, figure)?,
                        CropChoice::Remove => self.crop_remove(player, cell, port, feature, figure)?,
                    }
                }
            }
        }
        for &skipped in &order[next..] {
            self.crop_nothing_to_do(skipped, kind, told.choice)?;
        }
        Ok(())
    }

    /// A player without an entry must have had nothing to do: no follower of the kind on the
    /// board, or under "add" nothing in hand (CC-07).
    fn crop_nothing_to_do(&self, player: PlayerId, kind: FeatureKind, choice: CropChoice) -> Result<(), CropError> {
        let stands = self.board.followers().iter().any(|f| f.player == player && self.moved_by(f, kind));
        let can = match choice {
            CropChoice::Add => {
                stands && (self.held(player, Figure::Follower) > 0 || self.held(player, Figure::Big) > 0)
            }
            CropChoice::Remove => stands,
        };
        if can {
            Err(CropError::Missing { player, choice })
        } else {
            Ok(())
        }
    }

    /// CC-05: a figure from hand onto `feature`, beside a follower of the player's there: on
    /// the same tile, unless the table lets it go anywhere in the feature (QB-19).
    fn crop_add(
        &mut self,
        player: PlayerId,
        cell: Cell,
        port: Port,
        feature: crate::board::SegmentId,
        figure: Figure,
    ) -> Result<(), CropError> {
        let same_tile = self.setup.rules.crop_circle_same_tile;
        let root = self.board.root(feature);
        let beside = self.board.followers().iter().any(|f| {
            f.player == player
                && matches!(f.figure, Figure::Follower | Figure::Big)
                && self.board.root(f.segment) == root
                && (!same_tile || f.cell == cell)
        });
        if !beside {
            return Err(CropError::NothingToJoin { player, cell, port, anywhere: !same_tile });
        }
        if self.held(player, figure) == 0 {
            return Err(CropError::NoneInHand { player, figure });
        }
        self.board.add_figure(player, cell, port, feature, figure);
        self.take_from_hand(player, figure);
        let kind = self.board.kind(feature);
        self.events.push(Event::CropFollowerAdded { player, cell, port, kind, figure });
        Ok(())
    }

    /// CC-06: the player's `figure` on `feature` at the tile `cell` back to hand; a builder or
    /// pig left there without a follower of its owner's goes home too (X2-18).
    fn crop_remove(
        &mut self,
        player: PlayerId,
        cell: Cell,
        port: Port,
        feature: crate::board::SegmentId,
        figure: Figure,
    ) -> Result<(), CropError> {
        let root = self.board.root(feature);
        let Some(index) = self.board.followers().iter().position(|f| {
            f.player == player && f.figure == figure && f.cell == cell && self.board.root(f.segment) == root
        }) else {
            return Err(CropError::NoFigureThere { player, cell, port, figure });
        };
        let gone = self.board.remove_figure(index);
        match figure {
            Figure::Big => self.bigs[player] += 1,
            _ => self.supply[player] += 1,
        }
        self.events.push(Event::CropFollowerRemoved { player, cell: gone.cell, port: gone.port, figure });
        // X2-18, as T-12 and T-18 have it: a builder or pig stays only beside a follower of
        // its owner's.
        while let Some(index) = self.board.followers().iter().position(|f| {
            f.player == player
                && f.figure.is_companion()
                && self.board.root(f.segment) == root
                && self.companion_alone(f)
        }) {
            let companion = self.board.remove_figure(index);
            self.companions.give_back(player, companion.figure);
            self.events.push(Event::FollowerReturned { player, cell: companion.cell, port: companion.port });
        }
        Ok(())
    }
}

/// Whether a move's crop circle action is carried out with the move, or left out to see what
/// it could move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CropStep {
    /// As the move tells it: required on a crop-circle tile (CC-03).
    Told,
    /// Left out.
    Skipped,
}

impl Game {
    /// Checks, before anything changes, that the move tells a crop circle's action exactly
    /// when its tile has one and the game is played turn by turn; gives the symbol and the
    /// action to carry out after the scoring.
    pub(super) fn crop_circle_told<'m>(
        &self,
        tile: TileId,
        told: &'m super::Told,
        step: CropStep,
    ) -> Result<Option<(CropSymbol, &'m CropCircle)>, MoveError> {
        let symbol = tile.def().marks.crop;
        match (&told.crop_circle, symbol) {
            (Some(_), None) => Err(CropError::NoCropCircle { tile }.into()),
            (Some(_), Some(_)) if self.setup.mode != super::Mode::Turns => Err(MoveError::WrongMode),
            (None, Some(_)) if self.setup.mode == super::Mode::Turns && step == CropStep::Told => {
                Err(CropError::ChoiceMissing { tile }.into())
            }
            (Some(c), Some(symbol)) if step == CropStep::Told => Ok(Some((symbol, c))),
            _ => Ok(None),
        }
    }

    /// What a crop circle's action could move after `mv`, a crop-circle tile placed in a game
    /// played turn by turn, whatever the move says of the action; `None` for any other move
    /// or a move refused for another reason.
    pub(crate) fn crop_candidates_after(&self, mv: &super::Move) -> Option<CropCandidates> {
        let super::Move::Place { tile, purchase, .. } = mv else { return None };
        let symbol = tile.def().marks.crop?;
        if self.setup.mode != super::Mode::Turns {
            return None;
        }
        let placer = purchase.map_or(self.current, |p| p.buyer);
        let mut after = self.trial();
        after.apply_move(mv, CropStep::Skipped).ok()?;
        Some(after.crop_candidates(placer, symbol))
    }
}

/// What one player may do in a crop circle's action, for the table to offer exactly the legal
/// answers (CC-05 to CC-07, QB-19).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CropTurn {
    /// Whose turn of the action it is.
    pub player: PlayerId,
    /// Their followers and big follower of the kind the symbol moves, each one they may take
    /// back under "remove" (CC-06).
    pub standing: Vec<(Cell, Port, Figure)>,
    /// Where a figure from hand may go under "add": one place per feature they stand on, or
    /// per tile of it where the added follower must stand on the tile of the one it joins
    /// (CC-05, QB-19); empty when they hold nothing to add (CC-07).
    pub add_at: Vec<(Cell, Port)>,
    /// The figures they hold that may be added: a follower, the big follower, or both (X2-18).
    pub add_figures: Vec<Figure>,
}

/// A crop circle's action as it can be told after a move: its symbol, and in the action's
/// order each player who has something to do (CC-03, CC-07).
#[derive(Clone, Debug)]
pub struct CropOptions {
    /// The tile's symbol, naming the followers moved (CC-04).
    pub symbol: CropSymbol,
    /// The players with a follower of that kind on the board, from the placer's left round to
    /// the placer; those left out have nothing to do either way.
    pub turns: Vec<CropTurn>,
    /// The game as it stands when the action begins: the tile placed, its figure down and
    /// what it finished scored.
    pub board: Game,
}

impl Game {
    /// What a crop circle's action could do after `mv`, a crop-circle tile placed in a game
    /// played turn by turn, whatever the move says of the action; `None` for any other move or
    /// a move refused for another reason.
    pub fn crop_circle_options(&self, mv: &super::Move) -> Option<CropOptions> {
        let super::Move::Place { tile, purchase, .. } = mv else { return None };
        let symbol = tile.def().marks.crop?;
        if self.setup.mode != super::Mode::Turns {
            return None;
        }
        let placer = purchase.map_or(self.current, |p| p.buyer);
        let mut after = self.trial();
        after.apply_move(mv, CropStep::Skipped).ok()?;
        let candidates = after.crop_candidates(placer, symbol);
        let turns = candidates
            .order
            .iter()
            .filter_map(|&player| {
                let mine: Vec<&Follower> = candidates.standing.iter().filter(|f| f.player == player).collect();
                if mine.is_empty() {
                    return None;
                }
                let (follower, big) = candidates.in_hand[player.index()];
                let add_figures: Vec<Figure> = [(follower, Figure::Follower), (big, Figure::Big)]
                    .into_iter()
                    .filter(|h| h.0)
                    .map(|h| h.1)
                    .collect();
                let add_at = if add_figures.is_empty() { Vec::new() } else { after.crop_add_places(&mine) };
                Some(CropTurn {
                    player,
                    standing: mine.iter().map(|f| (f.cell, f.port, f.figure)).collect(),
                    add_at,
                    add_figures,
                })
            })
            .collect();
        Some(CropOptions { symbol, turns, board: after })
    }

    /// One place beside each of `mine` that makes a different answer: per feature, and per
    /// tile of it when the added follower must join one on its own tile (CC-05, QB-19).
    fn crop_add_places(&self, mine: &[&Follower]) -> Vec<(Cell, Port)> {
        let same_tile = self.setup.rules.crop_circle_same_tile;
        let mut seen = Vec::new();
        let mut places = Vec::new();
        for f in mine {
            let key = (self.board.root(f.segment), same_tile.then_some(f.cell));
            if !seen.contains(&key) {
                seen.push(key);
                places.push((f.cell, f.port));
            }
        }
        places
    }
}
