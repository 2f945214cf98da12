//! Traders & Builders' goods during play: the player who lays the tile completing a city
//! takes a token for every goods symbol in it (Rule T-03), whoever's city it is and whether
//! or not it scored (X-14), under the small-city rule too (X-23). An open city hands out
//! nothing (T-04), and taking tokens is no scoring (T-06): it is an event of its own, never a
//! [`Score`](crate::Score).
//!
//! Not here: their end count (`scoring/goods.rs`), and the tokens a final board enters
//! (`setup.rs`).

use super::Game;
use crate::board::SegmentId;
use crate::event::Event;
use crate::goods::Tokens;
use crate::player::{ByPlayer, PlayerId};
use crate::tile::{FeatureKind, TileSet};

/// Each seat's tokens at the start: none in a game entered turn by turn; a final board's
/// as the table entered them (X-18). `Game::new` has refused a list longer than the table.
pub(super) fn goods_at_start(held: &[Tokens]) -> ByPlayer<Tokens> {
    let mut goods = ByPlayer::default();
    for (i, &tokens) in held.iter().enumerate() {
        goods[PlayerId(i as u8)] = tokens;
    }
    goods
}

impl Game {
    /// After the completed `feature` is scored: if it is a city showing goods, `player`, who
    /// laid the completing tile, takes its tokens (T-03).
    pub(super) fn take_goods(&mut self, feature: SegmentId, player: PlayerId) {
        if !self.setup.has(TileSet::TradersBuilders) || self.board.kind(feature) != FeatureKind::City {
            return;
        }
        let tokens = self.board.goods_in(feature);
        if tokens.is_empty() {
            return;
        }
        self.goods[player].add(tokens);
        self.events.push(Event::GoodsTaken { player, city: self.board.anchor(feature), tokens });
    }

    /// The goods tokens each player holds (T-03); none for all at a table without Traders &
    /// Builders.
    pub fn goods(&self) -> &[Tokens] {
        self.goods.first(self.player_count())
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{tile, traders};
    use crate::{Cell, Event, Game, GameSetup, Goods, Move, Port, Rotation, Rule, TileSet, Tokens};

    /// The wine band `TB15` north of the start tile, turned to run north–south, with Anna's
    /// knight on it; Bram closes it with a cap:
    ///
    /// ```text
    /// y=-2   [E]    Bram's cap
    /// y=-1  [TB15]  Anna's knight, one wine
    /// y=0    [D]
    /// ```
    fn anna_knight_bram_closes(rules: crate::RuleSet) -> (Game, Vec<Event>) {
        let mut game = traders(rules);
        game.apply(&Move::place(tile("TB15"), Cell::new(0, -1), Rotation::R90, Some(Port::N))).unwrap();
        assert!(game.goods().iter().all(|t| t.is_empty()), "an open city hands out nothing (T-04)");
        let events = game.apply(&Move::place(tile("E"), Cell::new(0, -2), Rotation::R180, None)).unwrap().to_vec();
        (game, events)
    }

    #[test]
    fn completing_someone_elses_goods_city_takes_its_tokens_after_the_city_is_scored() {
        let (game, events) = anna_knight_bram_closes(crate::RuleSet::default());
        assert_eq!(game.scores(), [6, 0], "only Anna scores her three-tile city (X-14)");
        let wine = Tokens([1, 0, 0]);
        assert_eq!(game.goods(), [Tokens::NONE, wine], "Bram completed it: the wine is his (T-03)");
        let scored = events.iter().position(|e| matches!(e, Event::Scored(_))).expect("the city scored");
        let taken = events.iter().position(|e| matches!(e, Event::GoodsTaken { .. })).expect("the goods taken");
        assert!(scored < taken, "first the city is scored, then the tokens are taken: {events:?}");
        assert!(
            matches!(events[taken], Event::GoodsTaken { player: crate::PlayerId(1), tokens, .. } if tokens == wine),
            "{events:?}"
        );
        assert_eq!(game.goods()[1][Goods::Wine], 1);
    }

    #[test]
    fn the_small_city_rule_changes_the_points_not_the_tokens() {
        let (game, _) = anna_knight_bram_closes(crate::RuleSet::first_edition());
        assert_eq!((game.scores(), game.goods()[1]), (&[6, 0][..], Tokens([1, 0, 0])), "X-23");
    }

    #[test]
    fn goods_are_counted_at_the_end_and_only_with_the_box() {
        let (mut game, _) = anna_knight_bram_closes(crate::RuleSet::default());
        assert_eq!(game.final_points()[crate::PlayerId(1)], 10, "the live count knows the goods");
        game.finish().unwrap();
        assert_eq!(game.scores(), [6, 10], "Bram holds the only wine: 10 (T-05); nobody holds grain or cloth");
        let points: u32 = game.summaries().iter().map(|s| s.goods).sum();
        assert_eq!(points, 10, "the summary counts goods apart");
        // Without the box its tiles are not on the table, and a completed city hands out nothing.
        let mut plain = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
        plain.apply(&Move::place(tile("E"), Cell::new(0, -1), Rotation::R180, None)).unwrap();
        assert!(plain.events().iter().all(|e| !matches!(e, Event::GoodsTaken { .. })));
        assert_eq!(plain.goods(), [Tokens::NONE, Tokens::NONE]);
    }

    #[test]
    fn a_final_board_enters_the_tokens_in_hand() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.mode = crate::Mode::FinalBoard;
        setup.goods = vec![Tokens([0, 2, 0])];
        assert_eq!(
            Game::new(setup.clone()).unwrap_err(),
            crate::SetupError::GoodsWithoutTheirSeat { seats: 1 },
            "no goods without the box"
        );
        setup.sets.push(TileSet::TradersBuilders);
        let mut game = Game::new(setup.clone()).unwrap();
        assert_eq!(game.goods(), [Tokens([0, 2, 0]), Tokens::NONE]);
        game.finish().unwrap();
        assert_eq!(game.scores(), [10, 0], "Anna's grain");
        setup.goods = vec![Tokens::NONE; 3];
        assert_eq!(Game::new(setup).unwrap_err().rule(), Some(Rule::X18), "three hands at a table of two");
    }
}
