//! The rule options a table chooses before a game, as the setup screen shows them: every
//! option that changes legality or points, each one visible and changeable, filled from a
//! preset (today's rules, the 2000 edition, or the group's own house rules).

use castellan_engine::{CountMovement, FarmRule, RuleSet, TiedWinners, Unplaceable};
use serde::{Deserialize, Serialize};

/// How farms score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
pub enum FarmOption {
    /// Per farm, 3 per completed city it supplies.
    Current,
    /// The 2000 edition: per completed city, 4 to the majority of farmers around it.
    FirstEdition,
    /// No farmers at all.
    Off,
}

/// Who wins a tie for first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
pub enum TieOption {
    /// All tied players win.
    Shared,
    /// Nobody wins.
    NoWinner,
    /// The tied players play again.
    PlayAgain,
}

/// What becomes of a tile that fits nowhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
pub enum UnplaceableOption {
    /// It leaves the game.
    Removed,
    /// It goes back into the bag.
    BackInBag,
}

/// How the Count moves after a follower enters the City.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
pub enum CountOption {
    /// Wherever the entering player puts him.
    Free,
    /// One quarter on, clockwise.
    Clockwise,
    /// Into the quarter just entered.
    FollowsFollower,
}

/// Every rule option the setup screen offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct RuleOptions {
    /// How farms score (B-40, V-01, V-07).
    pub farms: FarmOption,
    /// A completed two-tile city scores 2 (V-05).
    pub small_city: bool,
    /// With the small-city rule, pennants in it still add.
    pub small_city_pennants: bool,
    /// Unfinished roads, cities and cloisters score at the end (V-06).
    pub score_incomplete: bool,
    /// A road closed into a loop is complete.
    pub road_loops_complete: bool,
    /// Who wins a tie for first (V-14).
    pub tied_winners: TieOption,
    /// A tile that fits nowhere (V-13).
    pub unplaceable: UnplaceableOption,
    /// Filling a hole surrounded on four sides gives another turn (V-11).
    pub hole_extra_turn: bool,
    /// The start tile does not come out of the 72 (V-16).
    pub separate_start_tile: bool,
    /// With another start, the base start tile is shuffled into the bag.
    pub start_tile_in_bag: bool,
    /// King & Robber: completing a bigger city raises the size to beat.
    pub title_record_rises: bool,
    /// Heretics: a challenge starts even when the same tile completes the other building.
    pub challenge_when_partner_completes: bool,
    /// Heretics: the winner also scores the loser's building (V-22).
    pub challenge_winner_takes_both: bool,
    /// Heretics: shrines and cloisters may crowd, but then take no follower (V-23).
    pub relaxed_shrine_placement: bool,
    /// How the Count moves (C-10, V-18, V-19).
    pub count_movement: CountOption,
    /// Nobody enters the Count's quarter either (V-20).
    pub count_lock_entry: bool,
    /// One move round per completed feature rather than one per tile.
    pub count_round_per_feature: bool,
}

impl From<&RuleSet> for RuleOptions {
    fn from(r: &RuleSet) -> RuleOptions {
        RuleOptions {
            farms: match r.farms {
                FarmRule::Current => FarmOption::Current,
                FarmRule::FirstEdition => FarmOption::FirstEdition,
                FarmRule::Off => FarmOption::Off,
            },
            small_city: r.small_city,
            small_city_pennants: r.small_city_pennants,
            score_incomplete: r.score_incomplete,
            road_loops_complete: r.road_loops_complete,
            tied_winners: match r.tied_winners {
                TiedWinners::Shared => TieOption::Shared,
                TiedWinners::NoWinner => TieOption::NoWinner,
                TiedWinners::PlayAgain => TieOption::PlayAgain,
            },
            unplaceable: match r.unplaceable {
                Unplaceable::Removed => UnplaceableOption::Removed,
                Unplaceable::BackInBag => UnplaceableOption::BackInBag,
            },
            hole_extra_turn: r.hole_extra_turn,
            separate_start_tile: r.separate_start_tile,
            start_tile_in_bag: r.start_tile_in_bag,
            title_record_rises: r.title_record_rises,
            challenge_when_partner_completes: r.challenge_when_partner_completes,
            challenge_winner_takes_both: r.challenge_winner_takes_both,
            relaxed_shrine_placement: r.relaxed_shrine_placement,
            count_movement: match r.count_movement {
                CountMovement::Free => CountOption::Free,
                CountMovement::Clockwise => CountOption::Clockwise,
                CountMovement::FollowsFollower => CountOption::FollowsFollower,
            },
            count_lock_entry: r.count_lock_entry,
            count_round_per_feature: r.count_round_per_feature,
        }
    }
}

impl RuleOptions {
    /// The engine's rules: these options over the defaults of everything the screen does not
    /// offer (the table's edges, tree junctions, bought tiles, the City after the river).
    pub fn rule_set(&self) -> RuleSet {
        RuleSet {
            farms: match self.farms {
                FarmOption::Current => FarmRule::Current,
                FarmOption::FirstEdition => FarmRule::FirstEdition,
                FarmOption::Off => FarmRule::Off,
            },
            small_city: self.small_city,
            small_city_pennants: self.small_city_pennants,
            score_incomplete: self.score_incomplete,
            road_loops_complete: self.road_loops_complete,
            tied_winners: match self.tied_winners {
                TieOption::Shared => TiedWinners::Shared,
                TieOption::NoWinner => TiedWinners::NoWinner,
                TieOption::PlayAgain => TiedWinners::PlayAgain,
            },
            unplaceable: match self.unplaceable {
                UnplaceableOption::Removed => Unplaceable::Removed,
                UnplaceableOption::BackInBag => Unplaceable::BackInBag,
            },
            hole_extra_turn: self.hole_extra_turn,
            separate_start_tile: self.separate_start_tile,
            start_tile_in_bag: self.start_tile_in_bag,
            title_record_rises: self.title_record_rises,
            challenge_when_partner_completes: self.challenge_when_partner_completes,
            challenge_winner_takes_both: self.challenge_winner_takes_both,
            relaxed_shrine_placement: self.relaxed_shrine_placement,
            count_movement: match self.count_movement {
                CountOption::Free => CountMovement::Free,
                CountOption::Clockwise => CountMovement::Clockwise,
                CountOption::FollowsFollower => CountMovement::FollowsFollower,
            },
            count_lock_entry: self.count_lock_entry,
            count_round_per_feature: self.count_round_per_feature,
            ..RuleSet::default()
        }
    }
}

/// The options of the two published rule sets, to start the setup screen from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct RulePresets {
    /// Today's rules.
    pub current: RuleOptions,
    /// The 2000 edition: farms per city, small cities score 2.
    pub first_edition: RuleOptions,
}

/// Today's rules and the 2000 edition's, as options.
pub fn rule_presets() -> RulePresets {
    RulePresets {
        current: RuleOptions::from(&RuleSet::default()),
        first_edition: RuleOptions::from(&RuleSet::first_edition()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_presets_are_the_engines_rule_sets() {
        let presets = rule_presets();
        assert_eq!(presets.current.rule_set(), RuleSet::default());
        assert_eq!(presets.first_edition.rule_set(), RuleSet::first_edition());
        assert_eq!(presets.first_edition.farms, FarmOption::FirstEdition);
        assert!(presets.first_edition.small_city);
    }

    #[test]
    fn every_option_reaches_the_engine() {
        let mut house = rule_presets().current;
        house.farms = FarmOption::Off;
        house.score_incomplete = false;
        house.tied_winners = TieOption::PlayAgain;
        house.unplaceable = UnplaceableOption::BackInBag;
        house.count_movement = CountOption::Clockwise;
        house.challenge_winner_takes_both = true;
        let rules = house.rule_set();
        assert_eq!(rules.farms, FarmRule::Off);
        assert!(!rules.score_incomplete);
        assert_eq!(rules.tied_winners, TiedWinners::PlayAgain);
        assert_eq!(rules.unplaceable, Unplaceable::BackInBag);
        assert_eq!(rules.count_movement, CountMovement::Clockwise);
        assert!(rules.challenge_winner_takes_both);
        assert_eq!(RuleOptions::from(&rules), house, "and back again");
        let json = serde_json::to_value(house).unwrap();
        assert_eq!(json["tiedWinners"], "play-again");
        assert_eq!(serde_json::from_value::<RuleOptions>(json).unwrap(), house);
    }
}
