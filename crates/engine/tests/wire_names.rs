//! The engine's small enums on the wire: with the `serde` feature each one is written by the
//! name its `name()` gives (the game-script spelling), so a UI, a stored script and a log all
//! spell a colour, a box or a quarter one way. The one exception is the farm rule, whose
//! script names (`c3`, `c1`) predate the wire's (`current`, `first-edition`).

#![cfg(feature = "serde")]

use castellan_engine::{
    Bounds, Color, CountMovement, FarmRule, Goods, Mode, Quarter, RuleSet, ScoreSource, Start, TiedWinners, TileId,
    TileSet, Unplaceable,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

/// Every value of `all` is written as `name(value)` and read back from it.
fn spelled_by_name<T>(all: &[T], name: impl Fn(T) -> &'static str)
where
    T: Copy + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    for &value in all {
        let written = serde_json::to_value(value).unwrap();
        assert_eq!(written, Value::from(name(value)), "{value:?} crosses the wire as its script name");
        assert_eq!(serde_json::from_value::<T>(written).unwrap(), value, "{value:?} reads back");
    }
}

#[test]
fn each_enum_crosses_the_wire_by_its_script_name() {
    spelled_by_name(&Color::ALL, Color::name);
    spelled_by_name(&TileSet::ALL, TileSet::name);
    spelled_by_name(&Quarter::ALL, Quarter::name);
    spelled_by_name(&CountMovement::ALL, CountMovement::name);
    spelled_by_name(&TiedWinners::ALL, TiedWinners::name);
    spelled_by_name(&Unplaceable::ALL, Unplaceable::name);
    spelled_by_name(&Start::ALL, Start::name);
    spelled_by_name(&Mode::ALL, Mode::name);
    spelled_by_name(&ScoreSource::ALL, ScoreSource::name);
    spelled_by_name(&Goods::ALL, Goods::name);
    assert!(serde_json::from_value::<Color>(json!("grey")).is_err(), "only the script's spelling is a colour");
}

#[test]
fn the_farm_rule_keeps_its_wire_names_apart_from_its_script_names() {
    let wire: Vec<Value> = FarmRule::ALL.iter().map(|r| serde_json::to_value(r).unwrap()).collect();
    assert_eq!(wire, vec![json!("current"), json!("first-edition"), json!("off")]);
    let script: Vec<&str> = FarmRule::ALL.iter().map(|r| r.name()).collect();
    assert_eq!(script, vec!["c3", "c1", "off"]);
}

#[test]
fn a_rule_set_crosses_whole_and_a_partial_one_fills_in_the_defaults() {
    let mut house = RuleSet::first_edition();
    house.tied_winners = TiedWinners::PlayAgain;
    house.bounds = Some(Bounds { min_x: -3, max_x: 4, min_y: -2, max_y: 2 });
    house.tree_junctions = [TileId::from_name("L").unwrap(), TileId::from_name("W").unwrap()].into_iter().collect();
    let written = serde_json::to_value(house).unwrap();
    assert_eq!(written["farms"], "first-edition");
    assert_eq!(written["tiedWinners"], "play-again");
    assert_eq!(written["bounds"], json!({ "minX": -3, "maxX": 4, "minY": -2, "maxY": 2 }));
    assert_eq!(written["treeJunctions"], json!(["L", "W"]), "tiles by their catalog names");
    assert_eq!(serde_json::from_value::<RuleSet>(written).unwrap(), house, "and back again");

    // The setup screen's options as they were saved before the rule set crossed whole: 17
    // fields, none of the table's edges, tree junctions, bought tiles or player limit.
    let saved = json!({
        "farms": "off", "smallCity": false, "smallCityPennants": true, "scoreIncomplete": false,
        "roadLoopsComplete": true, "tiedWinners": "no-winner", "unplaceable": "back-in-bag",
        "holeExtraTurn": true, "separateStartTile": false, "startTileInBag": false,
        "titleRecordRises": true, "challengeWhenPartnerCompletes": true,
        "challengeWinnerTakesBoth": false, "relaxedShrinePlacement": false,
        "countMovement": "follows-follower", "countLockEntry": true, "countRoundPerFeature": false,
    });
    let read: RuleSet = serde_json::from_value(saved.clone()).unwrap();
    let expected = RuleSet {
        farms: FarmRule::Off,
        score_incomplete: false,
        tied_winners: TiedWinners::NoWinner,
        unplaceable: Unplaceable::BackInBag,
        hole_extra_turn: true,
        count_movement: CountMovement::FollowsFollower,
        count_lock_entry: true,
        ..RuleSet::default()
    };
    assert_eq!(read, expected);
    let mut unknown = saved.clone();
    unknown["treeJunctions"] = json!(["L", "ZZ"]);
    let refused = serde_json::from_value::<RuleSet>(unknown).unwrap_err().to_string();
    assert!(refused.contains("no tile `ZZ`"), "an unknown tile is refused by name: {refused}");
    let mut partial = saved;
    partial.as_object_mut().unwrap().remove("farms");
    assert!(serde_json::from_value::<RuleSet>(partial).is_err(), "an option the screen offers is never guessed");
}
