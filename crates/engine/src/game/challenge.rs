//! Heretics and shrines during play: a challenge starts when a monk or heretic is placed next
//! to an occupied building of the other kind (H-05 to H-07), also when that building is
//! completed by the same tile unless the rules say otherwise; the first building
//! completed wins its 9 and the other scores nothing (H-09), or under house rule V-22 the
//! winner takes both; a tile completing both lets both score (H-10).
//!
//! Where the buildings may lie and who challenges whom is the crate's `challenge.rs`; the
//! unresolved challenge at the end (H-11) is counted in `end.rs`.

use super::Game;
use crate::board::SegmentId;
use crate::challenge::{challenged, Challenge};
use crate::coord::Port;
use crate::event::Event;
use crate::rule::Rule;
use crate::scoring::score_feature;
use crate::tile::{FeatureKind, TileSet};

impl Game {
    /// A monk or heretic just placed next to an occupied building of the other kind starts a
    /// challenge (Rules H-05 to H-07). When that building is completed by this very tile the
    /// challenge still starts and is lost at once, unless the rules say otherwise.
    pub(super) fn start_challenge(&mut self, index: usize, port: Port, completed: &[SegmentId]) {
        if !self.setup.has(TileSet::Shrines) || port != Port::C {
            return;
        }
        let placed = self.board.tiles()[index];
        let Some(centre) = placed.def().centre else {
            return;
        };
        let kind = placed.def().features[centre as usize].kind;
        if !kind.is_monastic() {
            // A garden's abbot challenges nobody.
            return;
        }
        let Some((other_cell, other)) = challenged(&self.board, placed.cell, kind) else {
            return;
        };
        if completed.contains(&other) && !self.setup.rules.challenge_when_partner_completes {
            return;
        }
        let ours = placed.segment(centre);
        let challenge = if kind == FeatureKind::Cloister {
            Challenge { cloister: placed.cell, shrine: other_cell, cloister_feature: ours, shrine_feature: other }
        } else {
            Challenge { cloister: other_cell, shrine: placed.cell, cloister_feature: other, shrine_feature: ours }
        };
        self.challenges.push(challenge);
        self.events.push(Event::ChallengeStarted {
            challenger: self.current,
            cloister: challenge.cloister,
            shrine: challenge.shrine,
        });
    }

    /// A building of a running challenge was completed: the challenge ends. Returns the
    /// loser, unless the tile completed both and both score (H-10).
    pub(super) fn settle_challenge(&mut self, feature: SegmentId, completed: &[SegmentId]) -> Option<SegmentId> {
        let i = self.challenges.iter().position(|c| c.opponent(feature).is_some())?;
        let opponent = self.challenges.remove(i).opponent(feature).expect("found above");
        (!completed.contains(&opponent)).then_some(opponent)
    }

    /// The first building of a challenge to be completed scores its 9 (plus, under the house
    /// rule, the loser's unfinished value, V-22); the other scores nothing; both followers
    /// return (H-09).
    pub(super) fn score_challenge_win(&mut self, winner: SegmentId, loser: SegmentId) {
        if let Some(mut score) = score_feature(&self.board, winner, &self.setup.rules, false, &mut self.events.lists) {
            if self.setup.rules.challenge_winner_takes_both {
                score.points += 1 + self.board.building_neighbours(loser) as u32;
                score.rule = Rule::V22;
            } else {
                score.rule = Rule::H09;
            }
            self.record(score);
        }
        self.return_followers(winner);
        if let Some(mut lost) = score_feature(&self.board, loser, &self.setup.rules, false, &mut self.events.lists) {
            lost.outvoted = lost.winners;
            lost.winners = crate::PlayerSet::EMPTY;
            lost.points = 0;
            lost.rule = Rule::H09;
            self.events.push(Event::Scored(lost));
        }
        self.return_followers(loser);
    }

    /// Option `recall_loses_challenge` (QX-03): the abbot left the challenge, so the shrine
    /// wins it unfinished and pays its heretic the winner's 9 at once (H-09); the heretic
    /// returns. The cloister has already paid its abbot the recall.
    pub(super) fn score_challenge_forfeit(&mut self, shrine: SegmentId) {
        if let Some(mut score) = score_feature(&self.board, shrine, &self.setup.rules, false, &mut self.events.lists) {
            score.points = 9;
            score.rule = Rule::H09;
            self.record(score);
        }
        self.return_followers(shrine);
    }

    /// Challenges still running.
    pub fn challenges(&self) -> &[Challenge] {
        &self.challenges
    }
}

#[cfg(test)]
mod tests {
    use crate::rule::Rule;
    use crate::{Cell, Event, Game, GameSetup, Move, PlayerId, Port, Rotation, TileId, TileSet};

    fn tile(name: &str) -> TileId {
        TileId::from_name(name).unwrap()
    }

    fn shrine_game() -> Game {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.push(TileSet::Shrines);
        Game::new(setup).unwrap()
    }

    // Anna's monk on a cloister south of the start tile; Bram's heretic on a shrine beside it:
    //
    //          x=0    x=1
    // y=0     [D]
    // y=1     [B]    [SH1]
    #[test]
    fn a_heretic_beside_an_occupied_cloister_challenges_its_monk() {
        let mut game = shrine_game();
        game.apply(&Move::place(tile("B"), Cell::new(0, 1), Rotation::R0, Some(Port::C))).unwrap();
        assert!(game.challenges().is_empty());
        let events = game.apply(&Move::place(tile("SH1"), Cell::new(1, 1), Rotation::R0, Some(Port::C))).unwrap();
        assert!(
            events.contains(&Event::ChallengeStarted {
                challenger: PlayerId(1),
                cloister: Cell::new(0, 1),
                shrine: Cell::new(1, 1)
            }),
            "H-05: {events:?}"
        );
        let running = game.challenges();
        assert_eq!((running.len(), running[0].cloister, running[0].shrine), (1, Cell::new(0, 1), Cell::new(1, 1)));
    }

    #[test]
    fn a_shrine_without_a_follower_or_beside_an_empty_cloister_challenges_nobody() {
        let mut game = shrine_game();
        game.apply(&Move::place(tile("B"), Cell::new(0, 1), Rotation::R0, None)).unwrap();
        game.apply(&Move::place(tile("SH1"), Cell::new(1, 1), Rotation::R0, Some(Port::C))).unwrap();
        assert!(game.challenges().is_empty(), "the cloister is empty");
        let mut game = shrine_game();
        game.apply(&Move::place(tile("B"), Cell::new(0, 1), Rotation::R0, Some(Port::C))).unwrap();
        game.apply(&Move::place(tile("SH1"), Cell::new(1, 1), Rotation::R0, None)).unwrap();
        assert!(game.challenges().is_empty(), "the shrine has no heretic");
    }

    #[test]
    fn an_unresolved_challenge_scores_both_buildings_as_unfinished() {
        let mut game = shrine_game();
        game.apply(&Move::place(tile("B"), Cell::new(0, 1), Rotation::R0, Some(Port::C))).unwrap();
        game.apply(&Move::place(tile("SH1"), Cell::new(1, 1), Rotation::R0, Some(Port::C))).unwrap();
        let rules: Vec<Rule> = game.final_count().0.iter().filter(|s| s.points > 0).map(|s| s.rule).collect();
        assert_eq!(rules, [Rule::H11, Rule::H11], "both buildings, each with its neighbours");
    }
}
