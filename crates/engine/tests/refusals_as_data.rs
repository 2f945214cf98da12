//! Refusals as data: with the `serde` feature a refused move serialises to tagged JSON that a
//! UI can switch on (`kind`) and word itself, with the rule id beside it from
//! [`MoveError::rule`]. Each refusal here comes from a real move on a real game.

#![cfg(feature = "serde")]

use castellan_engine::{Cell, Game, GameSetup, Move, MoveError, Port, ReplayError, Rotation, Rule, TileId};
use serde_json::{json, Value};

fn tile(name: &str) -> TileId {
    TileId::from_name(name).unwrap()
}

fn refusal(game: &mut Game, mv: Move) -> MoveError {
    game.apply(&mv).expect_err("the move breaks a rule")
}

fn to_json(e: &impl serde::Serialize) -> Value {
    serde_json::to_value(e).expect("a refusal serialises")
}

#[test]
fn a_tile_that_does_not_match_names_every_mismatched_edge() {
    let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
    // A cloister (all fields) south of the start tile, whose south edge is field: fits. North
    // of it, against the start tile's city: does not.
    let refused = refusal(&mut game, Move::place(tile("B"), Cell::new(0, -1), Rotation::R0, None));
    assert_eq!(refused.rule(), Some(Rule::B05));
    assert_eq!(
        to_json(&refused),
        json!({
            "kind": "placement",
            "error": {
                "kind": "edgeMismatch",
                "tile": "B",
                "cell": { "x": 0, "y": -1 },
                "rotation": "R0",
                "mismatches": [{ "side": "South", "ours": "Field", "theirs": "City" }],
            },
        })
    );
}

#[test]
fn an_occupied_feature_names_the_place_and_the_feature() {
    let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
    // Anna's thief on the start tile's road, extended east by a straight road.
    game.apply(&Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, Some(Port::E))).unwrap();
    // Bram extends the same road west and wants a thief on it too.
    let refused = refusal(&mut game, Move::place(tile("U"), Cell::new(-1, 0), Rotation::R0, Some(Port::W)));
    assert_eq!(refused.rule(), Some(Rule::B11));
    assert_eq!(
        to_json(&refused),
        json!({ "kind": "follower", "error": { "kind": "featureOccupied", "port": "W", "feature": "road" } })
    );
}

#[test]
fn a_refusal_in_a_replayed_log_carries_its_index_and_its_reason() {
    let setup = GameSetup::base(&["Anna", "Bram"]);
    let moves = [
        Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, None),
        // Far from the layout: touches nothing.
        Move::place(tile("U"), Cell::new(5, 5), Rotation::R0, None),
    ];
    let refused = Game::replay(&setup, &moves).expect_err("the second move is refused");
    let ReplayError::Move { index: 1, error } = &refused else { panic!("{refused:?}") };
    assert_eq!(error.rule(), Some(Rule::B04));
    assert_eq!(
        to_json(&refused),
        json!({
            "kind": "move",
            "detail": {
                "index": 1,
                "error": {
                    "kind": "placement",
                    "error": { "kind": "notAdjacent", "tile": "U", "cell": { "x": 5, "y": 5 }, "rotation": "R0" },
                },
            },
        })
    );
}

#[test]
fn a_setup_refusal_keeps_its_own_kind_inside_the_replay_error() {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.players[1].name = "Anna".into();
    let refused = Game::replay(&setup, &[]).expect_err("two players called Anna");
    let text = serde_json::to_string(&refused).unwrap();
    assert_eq!(text, r#"{"kind":"setup","detail":{"kind":"duplicateName","detail":"Anna"}}"#, "no key twice");
}

#[test]
fn refusals_about_the_move_as_a_whole_have_no_inner_error() {
    let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
    game.finish().unwrap();
    let refused = refusal(&mut game, Move::place(tile("U"), Cell::new(1, 0), Rotation::R0, None));
    assert_eq!((refused.rule(), to_json(&refused)), (None, json!({ "kind": "gameOver" })));
}
