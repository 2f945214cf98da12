//! The abbot (set `abbot`): one per player on top of the seven followers (Rule A-14), put on
//! the cloister, shrine or garden of the tile just placed instead of a follower,
//! paid 9 when its building is surrounded, and taken back during play instead of
//! placing a figure, paid at once what its building is worth then.
//!
//! The abbot stands on the board as a figure like any other, so completion and
//! the final count need nothing of their own here; what is here are the refusals and
//! the recall. A garden is no cloister for the heretics and the Count: see
//! [`FeatureKind::is_monastic`].

use super::{Game, Mode};
use crate::coord::{Cell, Port, Rotation};
use crate::event::{Event, Score, ScoreSource, Span};
use crate::figure::Figure;
use crate::player::{ByPlayer, PlayerId, PlayerSet};
use crate::rule::Rule;
use crate::tile::{FeatureKind, TileId, TileSet};
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
    pub fn rule(&self) -> Option<Rule> {
        Some(match self {
            AbbotError::NotInPlay => Rule::A01,
            AbbotError::AbbotOut { .. } => Rule::A14,
            AbbotError::NotABuilding { .. } => Rule::A04,
            AbbotError::AbbotInHand { .. } => Rule::A08,
            AbbotError::RecallWithFigure { .. } => Rule::A09,
            AbbotError::BuildingComplete { .. } => Rule::A11,
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

/// The abbot's own refusal of the feature of kind `kind` at `port`: only a cloister, shrine or
/// garden takes it. Whether it is in hand is `hand.rs`'s; the rules every
/// figure shares (occupied, B-11) come after this.
pub(super) fn abbot_refusal(port: Port, kind: FeatureKind) -> Option<AbbotError> {
    (!kind.is_building()).then_some(AbbotError::NotABuilding { port, feature: kind })
}

impl Game {
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
        let (tiles, _) = self.events.lists.add_tiles(|out| self.board.tiles_into(root, out));
        let neighbours = u32::from(self.board.building_neighbours(root));
        let followers = *self.board.followers_on(root);
        let weight = *self.board.weight_on(root);
        let source = ScoreSource::from(self.board.kind(root));
        self.record(Score {
            source,
            winners: [player].into_iter().collect(),
            points: 1 + neighbours,
            tiles,
            pennants: 0,
            neighbours,
            cities: Span::default(),
            carcassonne: false,
            followers,
            weight,
            outvoted: PlayerSet::EMPTY,
            complete: false,
            final_scoring: false,
            anchor: (cell, port),
            rule: Rule::A08,
            goods: None,
            pigs: PlayerSet::EMPTY,
        });
        // Only the abbot leaves: a flier may have landed a second monk on its building
        // (FM-11), who stays.
        let abbot = self.board.followers().iter().position(|f| f.player == player && f.figure == Figure::Abbot);
        self.board.remove_figure(abbot.expect("checked before placing"));
        self.abbots[player] += 1;
        self.events.push(Event::FollowerReturned { player, cell, port });
        // A challenge the abbot was in ends without a winner (QX-03), or, under the option,
        // as the abbot's defeat.
        let shrines: Vec<_> = self.challenges.iter().filter_map(|c| c.opponent(root)).collect();
        self.challenges.retain(|c| c.opponent(root).is_none());
        if self.setup.rules.recall_loses_challenge {
            for shrine in shrines {
                self.score_challenge_forfeit(shrine);
            }
        }
    }

    /// The places where the current player may put the abbot on `tile` lying at `cell` with
    /// `rotation` (not yet placed): its cloister, shrine or garden when free. Empty when the
    /// abbot is not in play, or out on the board.
    pub fn legal_abbot_places(&self, tile: TileId, cell: Cell, rotation: Rotation) -> Vec<Port> {
        if self.setup.mode != Mode::Turns || self.hand_error(self.current, Figure::Abbot).is_some() {
            return Vec::new();
        }
        tile.def()
            .features
            .iter()
            .filter(|f| f.kind.is_building())
            .map(|f| f.anchor.to_board(rotation))
            .filter(|&port| self.figure_error(self.current, tile, cell, rotation, port, Figure::Abbot).is_none())
            .collect()
    }

    /// Whether the current player may take the abbot back in a move that lays a tile at
    /// `cell`.
    pub fn may_recall(&self, cell: Cell) -> bool {
        self.setup.mode == Mode::Turns && self.recall_error(self.current, cell, None).is_none()
    }

    /// The abbot each player has in hand: 1 or 0, and 0 for all at a table without it.
    pub fn abbots(&self) -> &[u8] {
        self.abbots.first(self.player_count())
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::Rule;
    use crate::{
        AbbotError, Cell, Figure, Game, GameSetup, Move, MoveError, PlayerId, Port, Rotation, TileId, TileSet,
    };

    fn tile(name: &str) -> TileId {
        TileId::from_name(name).unwrap()
    }

    fn with_abbot() -> Game {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Abbot);
        Game::new(setup).unwrap()
    }

    #[test]
    fn the_abbot_is_offered_on_a_cloister_only_and_only_while_in_hand() {
        let (b, u, below) = (tile("B"), tile("U"), Cell::new(0, 1));
        let plain = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        assert!(plain.legal_abbot_places(b, below, Rotation::R0).is_empty(), "no abbot without its set (A-01)");
        let mut game = with_abbot();
        assert_eq!(game.legal_abbot_places(b, below, Rotation::R0), [Port::C]);
        assert!(game.legal_abbot_places(u, Cell::new(1, 0), Rotation::R0).is_empty(), "a road takes no abbot (A-04)");
        game.apply(&Move::place_abbot(b, below, Rotation::R0, Port::C)).unwrap();
        game.apply(&Move::place(u, Cell::new(1, 0), Rotation::R0, None)).unwrap();
        assert_eq!(game.abbots(), [0, 1]);
        assert!(
            game.legal_abbot_places(b, Cell::new(-1, 1), Rotation::R0).is_empty(),
            "Anna's abbot is out: none to offer (A-14)"
        );
        assert!(game.may_recall(Cell::new(-1, 0)), "Anna may take it back");
    }

    #[test]
    fn a_final_board_offers_the_abbot_its_building_while_in_hand() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Abbot);
        setup.mode = crate::Mode::FinalBoard;
        let mut game = Game::new(setup).unwrap();
        let (anna, below) = (PlayerId(0), Cell::new(0, 1));
        game.apply(&Move::place(tile("B"), below, Rotation::R0, None)).unwrap();
        assert_eq!(game.standing_places(anna, below, Figure::Abbot), [(Port::C, crate::FeatureKind::Cloister)]);
        assert!(
            game.standing_places(anna, Cell::new(0, 0), Figure::Abbot).is_empty(),
            "the start tile has no building"
        );
        assert!(game.standing_places(anna, Cell::new(5, 5), Figure::Abbot).is_empty(), "no tile there");
        game.apply(&Move::Stand { player: anna, at: crate::Standing::Board(below, Port::C), figure: Figure::Abbot })
            .unwrap();
        assert!(game.standing_places(anna, below, Figure::Abbot).is_empty(), "Anna's abbot stands already (A-14)");
        assert_eq!(game.standing_places(PlayerId(1), below, Figure::Abbot).len(), 1, "Bram's is still in hand");
        let turns = with_abbot();
        assert!(turns.standing_places(anna, Cell::new(0, 0), Figure::Abbot).is_empty(), "turn by turn nothing stands");
    }

    #[test]
    fn a_refused_recall_leaves_the_game_as_it_was() {
        let mut game = with_abbot();
        let before = (game.events().len(), game.move_count(), game.scores().to_vec(), game.abbots().to_vec());
        let refused = game.apply(&Move::place_and_recall(tile("U"), Cell::new(1, 0), Rotation::R0)).unwrap_err();
        assert_eq!(refused, MoveError::Abbot(AbbotError::AbbotInHand { player: PlayerId(0) }));
        assert_eq!(refused.rule(), Some(Rule::A08));
        let after = (game.events().len(), game.move_count(), game.scores().to_vec(), game.abbots().to_vec());
        assert_eq!(before, after, "nothing laid, scored or taken");
        assert_eq!(game.board().tiles().len(), 1);
    }
}
