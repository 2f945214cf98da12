//! The figures each player holds beside the board, by kind: the seven followers (B-01) and,
//! with their boxes, the abbot, the big follower (I-02, I-13), the builder and
//! the pig (T-02).
//!
//! Here is the opening check every figure put down passes, with its tile or standing on a
//! final board: the box that brings it is in play, and the player still holds one. Each kind
//! is refused with its own error, so a refusal names the figure's rule. Where the figure may
//! then go is its own module's (`follower.rs`, `abbot.rs`, `builder.rs`, `pig.rs`).

use super::{AbbotError, BigFollowerError, BuilderError, FollowerError, Game, MoveError, PigError};
use crate::figure::Figure;
use crate::player::PlayerId;
use crate::tile::TileSet;

/// The box that brings `figure`; `None` for the followers of the base game.
fn brought_by(figure: Figure) -> Option<TileSet> {
    match figure {
        Figure::Follower => None,
        Figure::Abbot => Some(TileSet::Abbot),
        Figure::Big => Some(TileSet::InnsCathedrals),
        Figure::Builder | Figure::Pig => Some(TileSet::TradersBuilders),
    }
}

impl Game {
    /// How many of `figure` `player` holds: the followers left of the seven, or 1 or 0 of the
    /// others.
    pub(super) fn held(&self, player: PlayerId, figure: Figure) -> u8 {
        match figure {
            Figure::Follower => self.supply[player],
            Figure::Abbot => self.abbots[player],
            Figure::Big => self.bigs[player],
            Figure::Builder | Figure::Pig => self.companions.held(player, figure),
        }
    }

    /// Whether `player` may put down `figure` at all: its box in play (A-01, I-02, T-02) and
    /// one in hand (B-15, A-14, I-13, T-02).
    pub(super) fn hand_error(&self, player: PlayerId, figure: Figure) -> Option<MoveError> {
        if brought_by(figure).is_some_and(|set| !self.setup.has(set)) {
            return Some(match figure {
                Figure::Abbot => AbbotError::NotInPlay.into(),
                Figure::Big => BigFollowerError::NotInPlay.into(),
                Figure::Builder => BuilderError::NotInPlay.into(),
                Figure::Pig => PigError::NotInPlay.into(),
                Figure::Follower => unreachable!("the followers come with every game"),
            });
        }
        if self.held(player, figure) > 0 {
            return None;
        }
        Some(match figure {
            Figure::Follower => FollowerError::NoFollowerLeft { player }.into(),
            Figure::Abbot => AbbotError::AbbotOut { player }.into(),
            Figure::Big => BigFollowerError::BigOut { player }.into(),
            Figure::Builder => BuilderError::BuilderOut { player }.into(),
            Figure::Pig => PigError::PigOut { player }.into(),
        })
    }

    /// Takes one `figure` from `player`'s hand as it goes onto the board or into the City.
    pub(super) fn take_from_hand(&mut self, player: PlayerId, figure: Figure) {
        match figure {
            Figure::Follower => self.supply[player] -= 1,
            Figure::Abbot => self.abbots[player] -= 1,
            Figure::Big => self.bigs[player] -= 1,
            Figure::Builder | Figure::Pig => self.companions.take(player, figure),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::Rule;
    use crate::{
        AbbotError, BigFollowerError, BuilderError, Cell, Figure, FollowerError, Game, GameSetup, Move, MoveError,
        PigError, PlayerId, Port, Rotation, TileId, TileSet,
    };

    const ANNA: PlayerId = PlayerId(0);

    /// The straight road U east of the start tile, with `figure` on its road.
    fn road_with(figure: Figure) -> Move {
        let mut mv = Move::place(TileId::from_name("U").unwrap(), Cell::new(1, 0), Rotation::R0, Some(Port::E));
        if let Move::Place { figure: kind, .. } = &mut mv {
            *kind = figure;
        }
        mv
    }

    #[test]
    fn a_figure_out_of_play_or_out_of_hand_is_refused_with_its_own_error_before_its_place() {
        let mut plain = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        let not_in_play: [(Figure, MoveError, Rule); 4] = [
            (Figure::Abbot, AbbotError::NotInPlay.into(), Rule::A01),
            (Figure::Big, BigFollowerError::NotInPlay.into(), Rule::I02),
            (Figure::Builder, BuilderError::NotInPlay.into(), Rule::T02),
            (Figure::Pig, PigError::NotInPlay.into(), Rule::T02),
        ];
        for (figure, want, rule) in not_in_play {
            let refused = plain.apply(&road_with(figure)).unwrap_err();
            assert_eq!((refused.rule(), refused), (Some(rule), want), "{figure}");
        }

        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.extend([TileSet::Abbot, TileSet::InnsCathedrals, TileSet::TradersBuilders]);
        let mut game = Game::new(setup).unwrap();
        for figure in Figure::ALL {
            assert_eq!(game.hand_error(ANNA, figure), None, "{figure} in hand at the start");
            while game.held(ANNA, figure) > 0 {
                game.take_from_hand(ANNA, figure);
            }
        }
        // The road takes no abbot and holds no follower of Anna's for the builder, but the hand
        // is asked first.
        let out_of_hand: [(Figure, MoveError, Rule); 5] = [
            (Figure::Follower, FollowerError::NoFollowerLeft { player: ANNA }.into(), Rule::B15),
            (Figure::Abbot, AbbotError::AbbotOut { player: ANNA }.into(), Rule::A14),
            (Figure::Big, BigFollowerError::BigOut { player: ANNA }.into(), Rule::I13),
            (Figure::Builder, BuilderError::BuilderOut { player: ANNA }.into(), Rule::T02),
            (Figure::Pig, PigError::PigOut { player: ANNA }.into(), Rule::T02),
        ];
        for (figure, want, rule) in out_of_hand {
            let refused = game.apply(&road_with(figure)).unwrap_err();
            assert_eq!((refused.rule(), refused), (Some(rule), want), "{figure}");
        }
        assert_eq!((plain.move_count(), game.move_count()), (0, 0), "nothing was applied");
    }
}
