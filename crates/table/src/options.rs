//! The rule options a table chooses before a game: the published presets the setup screen
//! starts from. The options themselves are the engine's [`RuleSet`], which crosses to the UI
//! as it is, every field visible and changeable.

use castellan_engine::RuleSet;
use serde::{Deserialize, Serialize};

/// Which edition's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
pub enum RulePreset {
    /// Today's rules.
    Current,
    /// The 2000 edition: farms per city, the small-city rule.
    FirstEdition,
}

/// The two published rule sets, to start the setup screen from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct RulePresets {
    /// Today's rules.
    pub current: RuleSet,
    /// The 2000 edition: farms per city, small cities score 2.
    pub first_edition: RuleSet,
}

/// Today's rules and the 2000 edition's.
pub fn rule_presets() -> RulePresets {
    RulePresets { current: RuleSet::default(), first_edition: RuleSet::first_edition() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::{CountMovement, FarmRule, TiedWinners, Unplaceable};

    #[test]
    fn the_presets_cross_as_the_setup_screen_reads_them() {
        let json = serde_json::to_value(rule_presets()).unwrap();
        assert_eq!(json["current"]["farms"], "current");
        assert_eq!(json["firstEdition"]["farms"], "first-edition");
        assert_eq!(json["firstEdition"]["smallCity"], true);
        assert_eq!(json["current"]["countMovement"], "free");
    }

    #[test]
    fn house_rules_saved_by_the_setup_screen_read_back_as_the_engines_rules() {
        let mut house = rule_presets().current;
        house.farms = FarmRule::Off;
        house.score_incomplete = false;
        house.tied_winners = TiedWinners::PlayAgain;
        house.unplaceable = Unplaceable::BackInBag;
        house.count_movement = CountMovement::Clockwise;
        house.challenge_winner_takes_both = true;
        house.start_tile_after_river = true;
        house.no_followers_on_river = true;
        let json = serde_json::to_value(house).unwrap();
        assert_eq!(json["tiedWinners"], "play-again");
        assert_eq!(json["unplaceable"], "back-in-bag");
        assert_eq!((&json["startTileAfterRiver"], &json["noFollowersOnRiver"]), (&true.into(), &true.into()));
        assert_eq!(serde_json::from_value::<RuleSet>(json).unwrap(), house, "and back again");
    }

    #[test]
    fn the_river_options_a_rule_set_leaves_out_are_off() {
        let mut json = serde_json::to_value(rule_presets().current).unwrap();
        let fields = json.as_object_mut().unwrap();
        assert!(fields.remove("startTileAfterRiver").is_some() && fields.remove("noFollowersOnRiver").is_some());
        let read = serde_json::from_value::<RuleSet>(json).unwrap();
        assert_eq!((read.start_tile_after_river, read.no_followers_on_river), (false, false));
    }
}
