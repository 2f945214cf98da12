//! The abbot (set `abbot`): one per player on top of the seven followers (Rule A-14), put on
//! the cloister, shrine or garden of the tile just placed instead of a follower,
//! paid 9 when its building is surrounded, and taken back during play instead of
//! placing a figure, paid at once what its building is worth then.
//!
//! The abbot stands on the board as a figure like any other, so completion and
//! the final count need nothing of their own here; what is here are the refusals and
//! the recall. A garden is no cloister for the heretics and the Count: see
//! [`FeatureKind::is_monastic`].

use super::Game;
use crate::coord::{Cell, Port};
use crate::event::{Event, RuleRef, Score, ScoreSource};
use crate::figure::Figure;
use crate::player::{ByPlayer, PlayerId, PlayerSet};
use crate::tile::{FeatureKind, TileSet};
use std::fmt;

/// Why the abbot may not be placed or taken back as the move says. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum AbbotError {
    /// The table plays without the abbot.
    NotInPlay,
    /// The player's abbot is on the board already.
    AbbotOut {
        /// The player.
        player: PlayerId,
    },
    /// The abbot goes only on a cloister, a shrine or a garden.
    NotABuilding {
        /// The place named.
        port: Port,
        /// What is there.
        feature: FeatureKind,
    },
    /// The player's abbot is in hand: there is nothing to take back.
    AbbotInHand {
        /// The player.
        player: PlayerId,
    },
    /// Taking the abbot back is the turn's whole figure step: no figure goes down with it,
    /// nor the abbot placed this very move.
    RecallWithFigure {
        /// The place named for the figure.
        port: Port,
    },
    /// The abbot's building is surrounded with this tile: it scores 9 in the scoring step
    /// and cannot be taken back.
    BuildingComplete {
        /// The building's tile.
        cell: Cell,
        /// Cloister, shrine or garden.
        feature: FeatureKind,
    },
}

impl AbbotError {
    /// The checklist rule the move breaks.
    pub fn rule(&self) -> Option<RuleRef> {
        Some(match self {
            AbbotError::NotInPlay => "A-01",
            AbbotError::AbbotOut { .. } => "A-14",
            AbbotError::NotABuilding { .. } => "A-04",
            AbbotError::AbbotInHand { .. } => "A-08",
            AbbotError::RecallWithFigure { .. } => "A-09",
            AbbotError::BuildingComplete { .. } => "A-11",
        })
    }

    pub(super) fn describe(&self, f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
        match self {
            AbbotError::NotInPlay => write!(f, "this game is played without the abbot"),
            AbbotError::AbbotOut { player } => write!(f, "{}'s abbot is already on the board", player.name_in(names)),
            AbbotError::NotABuilding { port, feature } => {
                write!(f, "the abbot stands only on a cloister or a garden, not on the {feature} at {port}")
            }
            AbbotError::AbbotInHand { player } => {
                write!(f, "{}'s abbot is not on the board, so it cannot be taken back", player.name_in(names))
            }
            AbbotError::RecallWithFigure { .. } => {
                write!(f, "taking the abbot back is the turn's whole figure step: no figure goes down with it")
            }
            AbbotError::BuildingComplete { cell, feature } => {
                write!(f, "the abbot's {feature} at {cell} is finished; it cannot be taken back")
            }
        }
    }
}

impl fmt::Display for AbbotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for AbbotError {}

/// Each seat's abbot in hand at the start: one with the set `abbot`, none without.
pub(super) fn abbots_at_start(players: usize, in_play: bool) -> ByPlayer<u8> {
    let mut abbots = ByPlayer::default();
    for i in 0..players {
        abbots[PlayerId(i as u8)] = u8::from(in_play);
    }
    abbots
}

impl Game {
    /// Whether the abbot may go on the feature of kind `kind` at `port` for `placer`: the
    /// follower's own checks (occupied, B-11) come after this.
    pub(super) fn abbot_error(&self, placer: PlayerId, port: Port, kind: FeatureKind) -> Option<AbbotError> {
        if !self.setup.has(TileSet::Abbot) {
            return Some(AbbotError::NotInPlay);
        }
        if self.abbots[placer] == 0 {
            return Some(AbbotError::AbbotOut { player: placer });
        }
        if !kind.is_building() {
            return Some(AbbotError::NotABuilding { port, feature: kind });
        }
        None
    }

    /// Where the player's abbot stands, if it is out: its cell and the building's segment.
    fn abbot_on_board(&self, player: PlayerId) -> Option<(Cell, Port, crate::board::SegmentId)> {
        self.board
            .followers()
            .iter()
            .find(|f| f.player == player && f.figure == Figure::Abbot)
            .map(|f| (f.cell, f.port, f.segment))
    }

    /// Whether `player` may take the abbot back in a move that lays a tile at `placed` and
    /// puts `figure` down. The tile is not on the board yet.
    pub(super) fn recall_error(&self, player: PlayerId, placed: Cell, figure: Option<Port>) -> Option<AbbotError> {
        if !self.setup.has(TileSet::Abbot) {
            return Some(AbbotError::NotInPlay);
        }
        if let Some(port) = figure {
            return Some(AbbotError::RecallWithFigure { port });
        }
        let Some((cell, _, segment)) = self.abbot_on_board(player) else {
            return Some(AbbotError::AbbotInHand { player });
        };
        let around = self.board.building_neighbours(segment) as usize;
        let with_tile = around + usize::from(cell.surrounding().contains(&placed));
        if with_tile == 8 {
            return Some(AbbotError::BuildingComplete { cell, feature: self.board.kind(self.board.root(segment)) });
        }
        None
    }

    /// Step 2 of the turn taken by the recall: the abbot comes home and its building pays
    /// 1 plus its neighbours now, the tile just laid counting. V-06 does not
    /// apply: the recall is no end-of-game scoring (QX-10).
    pub(super) fn recall_abbot(&mut self, player: PlayerId) {
        let (cell, port, segment) = self.abbot_on_board(player).expect("checked before placing");
        let root = self.board.root(segment);
        let view = self.board.view(root);
        let neighbours = u32::from(self.board.building_neighbours(root));
        let followers = *self.board.followers_on(root);
        let source = ScoreSource::from(view.kind);
        self.record(Score {
            source,
            winners: [player].into_iter().collect(),
            points: 1 + neighbours,
            tiles: view.tiles,
            pennants: 0,
            neighbours,
            cities: Vec::new(),
            carcassonne: false,
            followers,
            outvoted: PlayerSet::EMPTY,
            complete: false,
            final_scoring: false,
            anchor: (cell, port),
            rule: "A-08",
        });
        self.board.take_followers(root, |_| {});
        self.abbots[player] += 1;
        self.events.push(Event::FollowerReturned { player, cell, port });
        // A challenge the abbot was in ends without a winner (QX-03).
        self.challenges.retain(|c| c.opponent(root).is_none());
    }

    /// The abbot each player has in hand: 1 or 0, and 0 for all at a table without it.
    pub fn abbots(&self) -> &[u8] {
        self.abbots.first(self.player_count())
    }
}
