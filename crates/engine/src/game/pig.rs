//! The pig of Traders & Builders (Rules T-16 to T-18): one per player, put instead of a
//! follower in a field of the tile just laid whose farm already holds a farmer of the
//! player's; it stays there until the end, claims nothing and counts in no majority. What it
//! is worth is the farm count's (`scoring/pig.rs`).
//!
//! Also here, shared with the builder (`builder.rs`): the builder and the pig each player
//! holds in hand ([`Companions`]), and the check common to both, that the feature the figure
//! joins holds a follower of its owner. The farmer condition is checked only when the pig is
//! put down (QX-15); on a final board, where the figures come in any order, when the table is
//! counted (X-18).

use super::joined::Joined;
use super::{BuilderError, Game, Mode, MoveError, StandError};
use crate::board::{Follower, SegmentId};
use crate::coord::{Cell, Port, Rotation};
use crate::figure::Figure;
use crate::player::{ByPlayer, PlayerId};
use crate::rule::Rule;
use crate::rules::FarmRule;
use crate::tile::{FeatureKind, TileId};
use std::fmt;

/// The builder and the pig each seat holds in hand: one of each with Traders & Builders
/// (T-02), none without.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Companions {
    builders: ByPlayer<u8>,
    pigs: ByPlayer<u8>,
}

impl Companions {
    pub(super) fn at_start(players: usize, in_play: bool) -> Companions {
        let mut c = Companions::default();
        for i in 0..players {
            c.builders[PlayerId(i as u8)] = u8::from(in_play);
            c.pigs[PlayerId(i as u8)] = u8::from(in_play);
        }
        c
    }

    fn hand(&mut self, figure: Figure) -> &mut ByPlayer<u8> {
        match figure {
            Figure::Pig => &mut self.pigs,
            _ => &mut self.builders,
        }
    }

    /// How many of `figure` (builder or pig) `player` holds.
    pub(super) fn held(&self, player: PlayerId, figure: Figure) -> u8 {
        match figure {
            Figure::Pig => self.pigs[player],
            _ => self.builders[player],
        }
    }

    pub(super) fn take(&mut self, player: PlayerId, figure: Figure) {
        self.hand(figure)[player] -= 1;
    }

    pub(super) fn give_back(&mut self, player: PlayerId, figure: Figure) {
        self.hand(figure)[player] += 1;
    }
}

/// Why the pig may not go where the move puts it. The game is unchanged.
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "kind", rename_all = "camelCase"))]
pub enum PigError {
    /// The table plays without Traders & Builders (T-02).
    NotInPlay,
    /// The player's pig is on the board already (T-02, T-18).
    PigOut {
        /// The player.
        player: PlayerId,
    },
    /// The pig goes only in a field (T-16).
    NotAField {
        /// The place named.
        port: Port,
        /// What is there.
        feature: FeatureKind,
    },
    /// The farm holds no farmer of the player's (T-16).
    NoFarmer {
        /// The player.
        player: PlayerId,
        /// The place named.
        port: Port,
    },
}

impl PigError {
    /// The checklist rule the move breaks.
    pub fn rule(&self) -> Option<Rule> {
        Some(match self {
            PigError::NotInPlay | PigError::PigOut { .. } => Rule::T02,
            PigError::NotAField { .. } | PigError::NoFarmer { .. } => Rule::T16,
        })
    }

    pub(super) fn describe(&self, f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
        match self {
            PigError::NotInPlay => write!(f, "this game is played without Traders & Builders"),
            PigError::PigOut { player } => write!(f, "{}'s pig is already on the board", player.name_in(names)),
            PigError::NotAField { port, feature } => {
                write!(f, "the pig goes only in a field, not on the {feature} at {port}")
            }
            PigError::NoFarmer { player, port } => {
                let who = player.name_in(names);
                write!(f, "{who}'s pig needs a farmer of {who}'s on the farm at {port}")
            }
        }
    }
}

impl fmt::Display for PigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.describe(f, &[])
    }
}

impl std::error::Error for PigError {}

/// The pig's own refusal for the feature it would join (T-16): a farm holding a farmer of the
/// player's. Whether it is in hand is `hand.rs`'s (T-02).
pub(super) fn pig_refusal(player: PlayerId, port: Port, joined: Joined) -> Option<PigError> {
    if joined.kind != FeatureKind::Field {
        return Some(PigError::NotAField { port, feature: joined.kind });
    }
    if joined.mine == 0 {
        return Some(PigError::NoFarmer { player, port });
    }
    None
}

impl Game {
    /// Whether `player`'s builder or pig (`figure`) may stand at `(cell, port)` of a final
    /// board (X-18), as far as the figure itself can tell: while in hand, a builder on a road
    /// or city, a pig on a field of a game with farmers. The feature it stands on, if so.
    /// Whether that feature holds a follower (a farmer) of the player's is a question for the
    /// whole table, asked when it is counted ([`Game::final_board_error`]): the figures of a
    /// finished table come in any order, and a later tile may join the feature to theirs.
    pub(super) fn check_companion_stand(
        &self,
        player: PlayerId,
        (cell, port): (Cell, Port),
        figure: Figure,
    ) -> Result<SegmentId, MoveError> {
        let placed = self.board.tile_at(cell).ok_or(StandError::NoTileAt { cell })?;
        placed.local_at(port).ok_or(StandError::NoFeatureAt { cell, port })?;
        let feature = self.board.feature_at(cell, port).expect("the place is on the tile");
        if let Some(e) = self.hand_error(player, figure) {
            return Err(e);
        }
        let kind = self.board.kind(feature);
        let refusal: Option<MoveError> = match figure {
            Figure::Pig if kind != FeatureKind::Field => Some(PigError::NotAField { port, feature: kind }.into()),
            // No farmer can ever stand there, so no pig either.
            Figure::Pig if self.setup.rules.farms == FarmRule::Off => {
                Some(StandError::FarmersOff { cell, port }.into())
            }
            Figure::Builder if !matches!(kind, FeatureKind::Road | FeatureKind::City) => {
                Some(BuilderError::NotARoadOrCity { port, feature: kind }.into())
            }
            Figure::Pig | Figure::Builder => None,
            // The abbot, the followers and the big follower stand by their own rules.
            Figure::Follower | Figure::Abbot | Figure::Big => Some(MoveError::WrongMode),
        };
        refusal.map_or(Ok(feature), Err)
    }

    /// Whether the builder or pig `companion` of a final board stands with no follower of its
    /// owner's beside it on the whole table: a builder needs one on its road or city (T-07), a
    /// pig a farmer on its farm (T-16), wherever on the feature they stand. A builder
    /// forgotten on a complete road or city is not alone while its follower is there too.
    pub(super) fn companion_alone(&self, companion: &Follower) -> bool {
        let mine = self.board.followers_on(companion.segment)[companion.player];
        let joined = Joined { kind: self.board.kind(companion.segment), complete: false, mine };
        let port = companion.port;
        match companion.figure {
            Figure::Pig => pig_refusal(companion.player, port, joined).is_some(),
            Figure::Builder => super::builder::builder_refusal(companion.player, port, joined).is_some(),
            Figure::Follower | Figure::Abbot | Figure::Big => false,
        }
    }

    /// The builder and the pig each player holds in hand, as `(builders, pigs)` per seat: 1 or
    /// 0, and 0 for all at a table without Traders & Builders.
    pub fn companions_in_hand(&self) -> Vec<(u8, u8)> {
        (0..self.player_count())
            .map(|i| {
                let p = PlayerId(i as u8);
                (self.companions.held(p, Figure::Builder), self.companions.held(p, Figure::Pig))
            })
            .collect()
    }

    /// The places where the current player may put `figure` (the builder or the pig) on
    /// `tile` lying at `cell` with `rotation` (not yet placed), one per feature. Empty when the
    /// figure is not in play, or out on the board.
    pub fn legal_companion_places(&self, figure: Figure, tile: TileId, cell: Cell, rotation: Rotation) -> Vec<Port> {
        if !figure.is_companion()
            || self.setup.mode != Mode::Turns
            || self.hand_error(self.current, figure).is_some()
            // Both stand beside a follower of their owner's (T-07, T-16): asked before the
            // placement, as it is the cheaper question and most often says no.
            || !self.board.borders_figure_of(self.current, cell, |kind| match figure {
                Figure::Pig => kind == FeatureKind::Field,
                _ => matches!(kind, FeatureKind::Road | FeatureKind::City),
            })
            || self.check_placement(tile, cell, rotation).is_err()
        {
            return Vec::new();
        }
        // One copy of the board answers for every place of the tile.
        self.joined_features(self.current, tile, cell, rotation)
            .into_iter()
            .filter(|&(port, joined)| {
                self.follower_error(tile, cell, rotation, port, figure).is_none()
                    && match figure {
                        Figure::Pig => pig_refusal(self.current, port, joined).is_none(),
                        _ => super::builder::builder_refusal(self.current, port, joined).is_none(),
                    }
            })
            .map(|(port, _)| port)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{tile, traders};
    use crate::{Cell, Figure, Game, GameSetup, Move, MoveError, PigError, PlayerId, Port, Rotation, Rule};

    const ANNA: PlayerId = PlayerId(0);
    const BRAM: PlayerId = PlayerId(1);

    /// Anna's farmer north of the road, on the strip that borders the start tile's city, which
    /// Bram then closes with a cap:
    ///
    /// ```text
    ///  x=0   x=1   x=2
    ///  [E]               Bram's cap: a finished two-tile city
    ///  [D]===[U]===(U)   Anna's farmer on U's north field; her pig goes on the next U
    /// ```
    fn anna_farms_beside_a_finished_city() -> Game {
        let mut game = traders(crate::RuleSet::default());
        game.apply(&Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, Some(Port::N))).unwrap();
        game.apply(&Move::place(tile("E"), Cell::new(0, -1), Rotation::R180, None)).unwrap();
        game
    }

    #[test]
    fn the_pig_goes_only_on_a_farm_with_its_owners_farmer() {
        let mut game = anna_farms_beside_a_finished_city();
        let (u, east) = (tile("U"), Cell::new(2, 0));
        assert_eq!(game.companions_in_hand(), [(1, 1), (1, 1)], "a builder and a pig each (T-02)");
        assert_eq!(
            game.legal_companion_places(Figure::Pig, u, east, Rotation::R0),
            [Port::N],
            "north, with her farmer"
        );
        let refusals = [
            (Port::S, PigError::NoFarmer { player: ANNA, port: Port::S }),
            (Port::E, PigError::NotAField { port: Port::E, feature: crate::FeatureKind::Road }),
        ];
        for (port, want) in refusals {
            let refused = game.apply(&Move::place_companion(u, east, Rotation::R0, port, Figure::Pig)).unwrap_err();
            assert_eq!((refused.rule(), refused), (Some(Rule::T16), MoveError::Pig(want)));
        }
        assert_eq!(game.move_count(), 2, "the refusals changed nothing");
        game.apply(&Move::place_companion(u, east, Rotation::R0, Port::N, Figure::Pig)).unwrap();
        assert_eq!(game.companions_in_hand(), [(1, 0), (1, 1)]);
        // Bram has no farmer on that farm: his pig may not join it, though Anna's pig and farmer
        // occupy nothing for him.
        let refused = game.apply(&Move::place_companion(u, Cell::new(3, 0), Rotation::R0, Port::N, Figure::Pig));
        assert_eq!(refused.unwrap_err(), MoveError::Pig(PigError::NoFarmer { player: BRAM, port: Port::N }));
    }

    #[test]
    fn no_pig_place_is_offered_where_the_tile_may_not_lie() {
        let game = anna_farms_beside_a_finished_city();
        let u = tile("U");
        // Each beside her farmer: turned across the road, on her farmer's tile, on the start tile.
        for (cell, rotation) in
            [(2, 0, Rotation::R90), (1, 0, Rotation::R0), (0, 0, Rotation::R0)].map(|(x, y, r)| (Cell::new(x, y), r))
        {
            assert!(game.check_placement(u, cell, rotation).is_err(), "{cell} rot {rotation} is refused");
            assert_eq!(game.legal_companion_places(Figure::Pig, u, cell, rotation), [], "{cell} rot {rotation}");
        }
    }

    #[test]
    fn a_pig_raises_its_owners_farm_pay_to_four_a_city_and_stays_to_the_end() {
        let mut game = anna_farms_beside_a_finished_city();
        assert_eq!(game.final_points()[ANNA], 3, "without the pig: 3 for the finished city (B-41)");
        game.apply(&Move::place_companion(tile("U"), Cell::new(2, 0), Rotation::R0, Port::N, Figure::Pig)).unwrap();
        assert_eq!(game.final_points()[ANNA], 4, "the live count knows the pig");
        game.finish().unwrap();
        let farm = game.events().iter().rev().find_map(|e| match e {
            crate::Event::Scored(s) if s.source == crate::ScoreSource::Farm => Some(*s),
            _ => None,
        });
        let farm = farm.expect("the farm is scored");
        assert_eq!((farm.points, farm.rule, farm.pigs.iter().collect::<Vec<_>>()), (4, Rule::T17, vec![ANNA]));
        assert_eq!(game.scores(), [4, 0]);
        let standing: Vec<Figure> = game.board().followers().iter().map(|f| f.figure).collect();
        assert_eq!(standing, [Figure::Follower, Figure::Pig], "farmer and pig stay on the board (T-18)");
    }

    #[test]
    fn without_the_box_there_is_no_pig() {
        let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        game.apply(&Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, Some(Port::N))).unwrap();
        let refused =
            game.apply(&Move::place_companion(tile("U"), Cell::new(2, 0), Rotation::R0, Port::N, Figure::Pig));
        assert_eq!(refused.unwrap_err(), MoveError::Pig(PigError::NotInPlay));
        assert_eq!(game.companions_in_hand(), [(0, 0), (0, 0)]);
    }
}
