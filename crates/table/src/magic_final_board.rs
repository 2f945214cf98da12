//! A finished table with Mage & Witch entered through the table's requests, stored, resumed,
//! counted, exported and imported again.

use crate::fixture::{now, place_request, table_at};
use crate::import::{import_script, Occasion, Repeat};
use crate::placement::{magic_standing_options, FollowerRole};
use crate::request::{MoveRequest, NewGameRequest};
use crate::view::{turn_log, GameView};
use crate::{Table, TableError};
use castellan_engine::{Figure, MagicError, MagicFigure, MoveError, Port};
use castellan_ledger::Ledger;
use serde_json::json;

/// Where the app offers `figure` on the tile at `x`, `y` as a follower there would be `role`.
fn offered(table: &Table, figure: MagicFigure, (x, y): (i32, i32), role: FollowerRole) -> MoveRequest {
    let options = magic_standing_options(table.live().unwrap().game(), figure, x, y);
    let place = options.iter().find(|o| o.role == role).unwrap_or_else(|| panic!("{figure} {role:?}: {options:?}"));
    MoveRequest::StandMagic { figure, x, y, place: place.place }
}

#[test]
fn the_mage_and_the_witch_stand_on_a_finished_table_stored_counted_and_exported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ledger.sqlite3");
    let request: NewGameRequest = serde_json::from_str(
        r#"{"seats": [{"name": "Red", "color": "red"}, {"name": "Blue", "color": "blue"}],
            "boxes": ["mage-witch"], "rules": "current", "place": null, "finalBoard": true}"#,
    )
    .unwrap();
    let mut table = table_at(&path);
    let id = table.start(request.setup().expect("accepted with Mage & Witch"), None, now()).unwrap().id();
    let requests = [
        place_request("MW06", 0, -1, 180, None),
        place_request("U", 1, 0, 0, None),
        place_request("MW02", 2, 0, 180, None),
        MoveRequest::Stand { seat: 0, figure: Figure::Follower, x: 0, y: -1, place: Port::S },
        MoveRequest::Stand { seat: 1, figure: Figure::Follower, x: 1, y: 0, place: Port::E },
    ];
    for r in &requests {
        table.play(r.to_move().unwrap(), now()).unwrap_or_else(|e| panic!("{r:?}: {e}"));
    }
    let mage = offered(&table, MagicFigure::Mage, (0, 0), FollowerRole::Knight);
    table.play(mage.to_move().unwrap(), now()).expect("the mage on the open city");
    let onto_the_mage = MoveRequest::StandMagic { figure: MagicFigure::Witch, x: 0, y: -1, place: Port::S };
    let refused = table.play(onto_the_mage.to_move().unwrap(), now()).unwrap_err();
    assert!(
        matches!(refused, TableError::Move { error: MoveError::Magic(MagicError::Occupied { .. }), .. }),
        "never on the mage's city: {refused}"
    );
    let witch = offered(&table, MagicFigure::Witch, (1, 0), FollowerRole::Thief);
    table.play(witch.to_move().unwrap(), now()).expect("the witch on the open road");

    let live = table.live().unwrap();
    let view = serde_json::to_value(GameView::of(live)).unwrap();
    assert_eq!(view["magic"]["mage"], json!({"x": 0, "y": 0, "place": "N"}), "drawn where it stands: {view}");
    assert_eq!(view["magic"]["witch"]["place"], "E");
    let turns = turn_log(live.game());
    assert_eq!(turns.iter().filter_map(|t| t.magic).collect::<Vec<_>>(), [MagicFigure::Mage, MagicFigure::Witch]);
    assert_eq!(turns.len(), 7, "one line per move");
    let before = live.clone();
    drop(table);

    let mut table = table_at(&path);
    let resumed = table.resume_unfinished().unwrap().expect("the unfinished final board is offered");
    assert_eq!(resumed.id(), id);
    assert_eq!(resumed.history().moves(), before.history().moves(), "the magic stands stored as moves");
    assert_eq!(resumed.game().magic(), before.game().magic());
    table.undo().unwrap();
    assert_eq!(table.live().unwrap().game().magic().witch, None, "the witch taken back");
    table.redo().unwrap();
    let done = table.finish(Vec::new(), now()).unwrap();
    assert_eq!(done.game().scores(), &[4, 2], "the mage adds 2 to the city, the witch halves the road");
    let script = table.script().unwrap();
    assert_eq!(script["moves"][5], json!({"magic": {"figure": "mage", "to": [0, 0, "N"]}}));
    assert_eq!(script["moves"][6], json!({"magic": {"figure": "witch", "to": [1, 0, "E"]}}));

    let mut other = Ledger::open_in_memory().unwrap();
    let occasion = Occasion::at(now(), None, "0.9.0".into());
    let imported = import_script(&mut other, &occasion, "mw.json", &script.to_string(), Repeat::Refuse).unwrap();
    let stored = crate::stored::stored_history(&other, imported).unwrap().history;
    assert_eq!(stored.moves(), before.history().moves(), "imported move for move");
    let results: Vec<u32> = other.results(imported).unwrap().iter().map(|s| s.result.score).collect();
    assert_eq!(results, [4, 2], "the ledger keeps the count");
}
