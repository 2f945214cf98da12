//! Tests of whole views as the screen receives them, read off the game view built from a
//! table: a finished farm count, a final board's turns, and a final board counted with the
//! scores the players had before the count, on which the view, the history's step-through,
//! the table's script and the ledger's exports agree.

use super::game::GameView;
use super::replay::replay_view;
use super::turn_log::{turn_log, TurnKind};
use super::TrackView;
use crate::export::{files, Format, Selection};
use crate::fixture::{now, place, table_at, table_in_memory};
use crate::live::Table;
use crate::{TableError, TableRefusal};
use castellan_engine::{Cell, FarmRule, Figure, GameSetup, Mode, Move, PlayerId, Port, Rotation, Standing, TileId};
use castellan_ledger::{GameId, GameStatus};
use castellan_script::Script;
use serde_json::{json, Value};

/// Places as a game script writes them, one space between each.
fn names(places: &[Port]) -> String {
    places.iter().map(|p| p.name()).collect::<Vec<_>>().join(" ")
}

/// A finished table with one farm supplying three completed cities: Anna has two farmers
/// on it and Bram one, and Bram has two more on a small farm below the east city.
///
/// ```text
///            x=-2   -1    0     1     2
///   y=0                   D                 start tile: city north, road west–east
///   y=1       E'    B     E'    B     E'    E' = E turned 180°: city south, grass N/E/W
///   y=2       K           E           E     E, K: city north closes each two-tile city
/// ```
///
/// (The base game has five E tiles; K is an E with a bend of road in its south-west.)
///
/// Farm 1 is the grass south of D's road and all of row 1 (Anna ×2 on (-2,1) and (-1,1),
/// Bram on (1,1)). Each E below row 1 has grass of its own, cut off from its neighbours by
/// the empty cells between them; Bram has two farmers on the one at (2,2).
fn three_city_farm(farms: castellan_engine::FarmRule) -> GameView {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.mode = castellan_engine::Mode::FinalBoard;
    setup.rules.farms = farms;
    let mut table = table_in_memory();
    table.start(setup, None, now()).unwrap();
    let tile = |n| TileId::from_name(n).unwrap();
    for (name, x, y, r) in [
        ("E", 0, 1, Rotation::R180),
        ("B", -1, 1, Rotation::R0),
        ("E", -2, 1, Rotation::R180),
        ("B", 1, 1, Rotation::R0),
        ("E", 2, 1, Rotation::R180),
        ("K", -2, 2, Rotation::R0),
        ("E", 0, 2, Rotation::R0),
        ("E", 2, 2, Rotation::R0),
    ] {
        table.play(Move::place(tile(name), Cell::new(x, y), r, None), now()).unwrap();
    }
    let (anna, bram) = (PlayerId(0), PlayerId(1));
    for (who, x, y, port) in [
        (anna, -2, 1, Port::NL),
        (anna, -1, 1, Port::NL),
        (bram, 1, 1, Port::NL),
        (bram, 2, 2, Port::SL),
        (bram, 2, 2, Port::SR),
    ] {
        table
            .play(
                Move::Stand {
                    player: who,
                    at: Standing::Board(Cell::new(x, y), port),
                    figure: castellan_engine::Figure::Follower,
                },
                now(),
            )
            .unwrap();
    }
    GameView::of(table.finish(Vec::new(), now()).unwrap())
}

#[test]
fn a_farm_step_shows_its_fields_cities_farmers_and_the_2000_figure() {
    let view = three_city_farm(castellan_engine::FarmRule::Current);
    let result = view.result.expect("counted");
    let count = &result.count;

    // Farm 1: 3 cities × 3 = 9 to Anna (2 farmers against 1); the east farm: its one city
    // × 3 = 3 to Bram. Nothing else stands on the board.
    assert_eq!(count.before, vec![0, 0], "no points before the count");
    assert_eq!(count.steps.iter().map(|s| s.adds.clone()).collect::<Vec<_>>(), vec![vec![9, 0], vec![0, 3]]);
    let total: Vec<u32> =
        (0..2).map(|i| count.before[i] + count.steps.iter().map(|s| s.adds[i]).sum::<u32>()).collect();
    assert_eq!(total, vec![view.players[0].score, view.players[1].score], "before + every step = final");

    let farm = count.steps[0].farm.as_ref().expect("a farm step");
    assert_eq!(farm.farmers, vec![2, 1]);
    assert!(!farm.carcassonne);
    let mut cities: Vec<_> = farm.cities.iter().map(|c| c.tiles.clone()).collect();
    cities.sort();
    assert_eq!(cities, vec![vec![[-2, 1], [-2, 2]], vec![[0, 1], [0, 2]], vec![[2, 1], [2, 2]]]);
    // The outline follows the grass: south of D's road only (its east half below the road,
    // its south edge, the south half of its west edge), all of each B, and the three grass
    // sides of each E' — never the cities' halves of a tile.
    let pieces = |at: [i32; 2]| farm.fields.iter().find(|p| p.at == at).map(|p| names(&p.places));
    assert_eq!(pieces([0, 0]).as_deref(), Some("ER SL SR WL"));
    for b in [[-1, 1], [1, 1]] {
        assert_eq!(pieces(b).as_deref(), Some("NL NR EL ER SL SR WL WR"), "B at {b:?}");
    }
    for e in [[-2, 1], [0, 1], [2, 1]] {
        assert_eq!(pieces(e).as_deref(), Some("NL NR EL ER WL WR"), "E' at {e:?}");
    }
    assert_eq!(farm.fields.len(), 6, "row 2's grass is other farms: {:?}", farm.fields);

    // The 2000 rule pays city by city, 4 to the most farmers on all the farms around it:
    //   west city (-2): farm 1 only, Anna 2 : Bram 1        → Anna 4
    //   middle city (0): farm 1 only, Anna 2 : Bram 1       → Anna 4
    //   east city (2): farm 1 and the east farm, Anna 2 : Bram 1 + 2 = 3 → Bram 4
    // so for farm 1 it gives Anna 4 + 4 = 8 and Bram 4, where today's rule gives Anna 9.
    let other = farm.other_rule.as_ref().expect("a game with farms");
    assert_eq!(other.rule, FarmRule::FirstEdition);
    assert_eq!(other.scores, vec![8, 4]);
    // The east farm supplies only the east city, which Bram takes under either rule.
    let east = count.steps[1].farm.as_ref().unwrap();
    assert_eq!((east.farmers.clone(), east.other_rule.as_ref().unwrap().scores.clone()), (vec![0, 2], vec![0, 4]));
    assert_eq!(result.other_farm_rule.unwrap().scores, vec![8, 4], "the whole game: the same three cities");
}

/// The same table under the 2000 rule: the count pays city by city, and each city's step
/// outlines every farm around it.
#[test]
fn a_2000_city_step_outlines_the_farms_around_it_and_gives_todays_figure() {
    let view = three_city_farm(castellan_engine::FarmRule::FirstEdition);
    let count = view.result.expect("counted").count;
    assert_eq!(count.steps.len(), 3, "one step per completed city with farmers around it");
    let city = |x: i32| {
        count
            .steps
            .iter()
            .find(|s| s.farm.as_ref().is_some_and(|f| f.cities.iter().any(|c| c.tiles.contains(&[x, 1]))))
            .expect("a step for the city")
    };
    // East city: farm 1 (Anna 2, Bram 1) and the east farm (Bram 2) → Anna 2 : Bram 3, so
    // 4 to Bram. Today's rule would pay each farm 3 for it: farm 1 to Anna, the east farm to
    // Bram → Anna 3, Bram 3.
    let east = city(2);
    assert_eq!(east.adds, vec![0, 4]);
    let farm = east.farm.as_ref().unwrap();
    assert_eq!(farm.farmers, vec![2, 3]);
    assert_eq!(farm.other_rule.as_ref().map(|o| (o.rule, o.scores.clone())), Some((FarmRule::Current, vec![3, 3])));
    // Both farms' grass: farm 1's six tiles and the east farm's E below the city.
    let mut cells: Vec<[i32; 2]> = farm.fields.iter().map(|p| p.at).collect();
    cells.sort();
    assert_eq!(cells, vec![[-2, 1], [-1, 1], [0, 0], [0, 1], [1, 1], [2, 1], [2, 2]]);
    let below = farm.fields.iter().find(|p| p.at == [2, 2]).unwrap();
    assert_eq!(names(&below.places), "EL ER SL SR WL WR", "the E's grass, not its city's north edge");
    // West city: farm 1 alone → Anna 4 under 2000; today 3 to Anna.
    let west = city(-2);
    assert_eq!(
        (west.adds.clone(), west.farm.as_ref().unwrap().other_rule.as_ref().unwrap().scores.clone()),
        (vec![4, 0], vec![3, 0])
    );
    let total: Vec<u32> =
        (0..2).map(|i| count.before[i] + count.steps.iter().map(|s| s.adds[i]).sum::<u32>()).collect();
    assert_eq!(total, vec![view.players[0].score, view.players[1].score]);
}

#[test]
fn a_final_board_shows_its_mode_and_each_stand_as_a_turn_of_its_own() {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.mode = castellan_engine::Mode::FinalBoard;
    let mut table = table_in_memory();
    table.start(setup, None, now()).unwrap();
    let u = TileId::from_name("U").unwrap();
    table.play(Move::place(u, Cell::new(1, 0), Rotation::R0, None), now()).unwrap();
    // Anna placed U; her follower stood on it later is still a move of its own.
    let stand = Move::Stand {
        player: PlayerId(0),
        at: Standing::Board(Cell::new(1, 0), Port::E),
        figure: castellan_engine::Figure::Follower,
    };
    let live = table.play(stand, now()).unwrap();
    let (view, turns) = (GameView::of(live), turn_log(live.game()));
    assert_eq!(view.mode, Mode::FinalBoard);
    assert_eq!(serde_json::to_value(&view).unwrap()["mode"], "final-board");
    assert_eq!((view.turn_count, turns.len()), (2, 2), "one turn per move: {turns:?}");
    assert_eq!(turns[0].follower, None, "the stand is not folded into the tile's turn");
    let stood = &turns[1];
    assert_eq!(
        (stood.index, stood.kind, stood.seat, stood.tile.map(TileId::name), stood.at, stood.follower.map(Port::name)),
        (1, TurnKind::Stand, 0, None, Some([1, 0]), Some("E"))
    );
    assert_eq!(view.followers.len(), 1);
    assert_eq!(view.players[0].supply, 6);
}

fn final_board_on(table: &mut Table) -> GameId {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.mode = Mode::FinalBoard;
    let id = table.start(setup, None, now()).unwrap().id();
    table.play(place("U", 1, 0, Rotation::R0, None), now()).unwrap();
    let stand = |player, port| Move::Stand {
        player: castellan_engine::PlayerId(player),
        at: castellan_engine::Standing::Board(castellan_engine::Cell::new(0, 0), port),
        figure: castellan_engine::Figure::Follower,
    };
    table.play(stand(0, Port::W), now()).unwrap();
    table.play(stand(1, Port::N), now()).unwrap();
    id
}

fn stored(table: &Table, id: GameId) -> Vec<(u32, u32)> {
    table.ledger().results(id).unwrap().iter().map(|s| (s.rank, s.result.score)).collect()
}

#[test]
fn a_final_board_is_ranked_stored_and_exported_on_the_scores_before_the_count_plus_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ledger.sqlite3");
    let mut table = table_at(&path);
    let id = final_board_on(&mut table);
    let done = table.finish_with_track(Vec::new(), Some(vec![34, 50]), now()).unwrap();
    assert_eq!(done.game().scores(), &[2, 1], "the end count alone would make Anna the winner");
    assert_eq!(done.totals(), [36, 51]);
    let view = GameView::of(done);
    let before: Vec<_> = view.before_count.iter().flatten().map(|b| (b.total, b.track)).collect();
    let track = |space, fifties, hundreds| TrackView { space, fifties, hundreds };
    assert_eq!(before, [(34, track(34, 0, 0)), (50, track(0, 1, 0))], "each as given, and on the track");
    assert_eq!(view.players.iter().map(|p| p.score).collect::<Vec<_>>(), [36, 51]);
    let result = view.result.expect("counted");
    assert_eq!(result.winners, [1], "Bram wins on the totals");
    assert_eq!(result.count.before, [34, 50], "the count is told from the scores before it");
    assert_eq!(stored(&table, id), [(1, 51), (2, 36)], "the ledger keeps the totals, best first");
    let setup: Value = serde_json::from_str(&table.ledger().game(id).unwrap().setup_json).unwrap();
    assert_eq!(setup["track"], json!({"Anna": 34, "Bram": 50}), "stored with the setup");
    let replayed = replay_view(table.ledger(), id, u32::MAX).unwrap().view;
    assert_eq!(replayed.result.map(|r| r.winners), Some(vec![1]), "the history's step-through agrees");

    // The game on the table as a script, and the ledger's export of it, say the same to
    // `castellan score`.
    let [(_, exported)] = &files(table.ledger(), Selection::Game(id), Format::Script).unwrap()[..] else {
        panic!("one script for one game")
    };
    for text in [table.script().unwrap().to_string(), exported.clone()] {
        let script = Script::from_json(&text).unwrap();
        let game = script.play().unwrap();
        assert_eq!(script.report(&game)["scores"], json!({"Anna": 36, "Bram": 51}), "{text}");
        assert_eq!(script.report(&game)["winners"], json!(["Bram"]));
    }
    let csv = &files(table.ledger(), Selection::Game(id), Format::Csv).unwrap()[0].1;
    assert!(csv.contains(",1,51,") && csv.contains(",2,36,"), "the CSV ranks the totals: {csv}");

    // Counted again after undoing the count: the scores given before stay until the table
    // counts without them, and then nothing of them is kept.
    table.reopen().unwrap();
    drop(table);
    let mut table = table_at(&path);
    table.resume(id).unwrap();
    assert_eq!(table.live().unwrap().track(), Some(&[34, 50][..]), "kept with the reopened game");
    table.finish_with_track(Vec::new(), None, now()).unwrap();
    assert_eq!(stored(&table, id), [(1, 2), (2, 1)], "the end count alone");
    let setup: Value = serde_json::from_str(&table.ledger().game(id).unwrap().setup_json).unwrap();
    assert_eq!(setup.get("track"), None);
    assert_eq!(GameView::of(table.live().unwrap()).before_count, None);
}

#[test]
fn scores_before_the_count_are_refused_turn_by_turn_and_unless_one_per_player() {
    let dir = tempfile::tempdir().unwrap();
    let mut table = table_at(&dir.path().join("ledger.sqlite3"));
    let id = final_board_on(&mut table);
    let err = table.finish_with_track(Vec::new(), Some(vec![34]), now()).map(|_| ()).unwrap_err();
    assert!(matches!(err, TableError::Table { refusal: TableRefusal::TrackSeats { seated: 2, given: 1 } }), "{err:?}");
    assert!(!table.live().unwrap().is_finished());
    assert_eq!(table.ledger().game(id).unwrap().status, GameStatus::InProgress, "nothing written");
    let turns = table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap().id();
    let err = table.finish_with_track(Vec::new(), Some(vec![3, 4]), now()).map(|_| ()).unwrap_err();
    assert!(matches!(err, TableError::Table { refusal: TableRefusal::TrackInTurns }), "{err:?}");
    assert_eq!(table.ledger().game(turns).unwrap().status, GameStatus::InProgress, "nothing written");
}

/// Traders & Builders on the table: Anna's knight in the wine band `TB15`, which Bram closes;
/// the view carries the tokens, who leads each kind, the figures in hand and the goods' end
/// count.
#[test]
fn the_view_carries_the_goods_their_leaders_and_the_builders_and_pigs_in_hand() {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.sets.push(castellan_engine::TileSet::TradersBuilders);
    let mut table = table_in_memory();
    let plain = GameView::of(table.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap());
    assert_eq!(plain.traders, None, "nothing of the box without it");
    table.start(setup, None, now()).unwrap();
    let tile = |n| TileId::from_name(n).unwrap();
    table.play(Move::place(tile("TB15"), Cell::new(0, -1), Rotation::R90, Some(Port::N)), now()).unwrap();
    let live = table.play(Move::place(tile("E"), Cell::new(0, -2), Rotation::R180, None), now()).unwrap();
    let traders = GameView::of(live).traders.expect("the box is in play");
    let held = |seat: usize| traders.goods[seat].iter().map(|g| (g.kind.name(), g.tokens, g.leads)).collect::<Vec<_>>();
    assert_eq!(held(0), [("wine", 0, false), ("grain", 0, false), ("cloth", 0, false)]);
    assert_eq!(held(1), [("wine", 1, true), ("grain", 0, false), ("cloth", 0, false)], "Bram completed the city");
    assert!(!traders.second_tile);
    let companions = |seat: usize| -> Vec<(Figure, u32)> {
        let figures = &GameView::of(table.live().unwrap()).players[seat].figures;
        figures.iter().filter(|f| f.figure.is_companion()).map(|f| (f.figure, f.count)).collect()
    };
    assert_eq!(companions(0), [(Figure::Builder, 1), (Figure::Pig, 1)], "Anna's builder and pig in hand");
    assert_eq!(companions(1), [(Figure::Builder, 1), (Figure::Pig, 1)]);
    let plain_figures: Vec<Figure> = plain.players[0].figures.iter().map(|f| f.figure).collect();
    assert_eq!(plain_figures, [Figure::Follower], "no builder or pig without the box");
    let done = GameView::of(table.finish(Vec::new(), now()).unwrap());
    let goods: Vec<_> =
        done.feed.iter().filter_map(|s| s.goods.map(|g| (g.name(), s.winners.clone(), s.points))).collect();
    assert_eq!(goods, [("wine", vec![1], 10)], "the wine's 10 for Bram, named in the feed");
    let count = &done.result.as_ref().expect("counted").count;
    let held: Vec<_> = count.steps.iter().filter_map(|s| Some((s.score.goods?.name(), s.goods.clone()?))).collect();
    assert_eq!(held, [("wine", vec![0, 1])], "the wine's step says who holds how many tokens (T-05)");
    let wine = done.feed.iter().find(|s| s.goods.is_some()).unwrap();
    assert!(wine.tiles.is_empty() && wine.city_tiles.is_empty(), "goods lie on no feature: {wine:?}");
    assert!(count.steps.iter().all(|s| s.goods.is_some() == (s.score.kind == castellan_engine::ScoreSource::Goods)));
}

/// Anna's farmer and pig north of the start tile's road, beside its city, which Bram closes:
/// at the end the farm pays Anna 4 for the city, not 3 (T-17), and the farm's step says whose
/// pig raised the pay.
#[test]
fn a_farms_step_names_the_pig_that_raised_its_pay() {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.sets.push(castellan_engine::TileSet::TradersBuilders);
    let mut table = table_in_memory();
    table.start(setup, None, now()).unwrap();
    let u = TileId::from_name("U").unwrap();
    table.play(place("U", 1, 0, Rotation::R0, Some(Port::N)), now()).unwrap();
    table.play(place("U", -1, 0, Rotation::R0, None), now()).unwrap();
    table.play(Move::place_companion(u, Cell::new(2, 0), Rotation::R0, Port::N, Figure::Pig), now()).unwrap();
    table.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), now()).unwrap();
    let done = GameView::of(table.finish(Vec::new(), now()).unwrap());
    let count = &done.result.as_ref().expect("counted").count;
    let farm = count.steps.iter().find(|s| s.score.kind == castellan_engine::ScoreSource::Farm).expect("the farm");
    assert_eq!((farm.score.winners.clone(), farm.score.points), (vec![0], 4), "4 for the city with the pig");
    assert_eq!(farm.score.pigs, vec![0], "Anna's pig raised it");
    assert_eq!(serde_json::to_value(&farm.score).unwrap()["pigs"], json!([0]));
    let city = done.feed.iter().find(|s| s.kind == castellan_engine::ScoreSource::City).expect("Bram's closing");
    assert!(city.pigs.is_empty() && serde_json::to_value(city).unwrap().get("pigs").is_none(), "none elsewhere");
}

/// With Inns & Cathedrals the view lists each player's big follower among the figures in
/// hand and draws it on the board as the big follower; at a table without the box it is not
/// among the figures.
#[test]
fn the_big_follower_is_in_the_view_in_hand_and_on_the_board() {
    let big_in_hand = |view: &GameView| -> Vec<Option<u32>> {
        view.players.iter().map(|p| p.figures.iter().find(|f| f.figure == Figure::Big).map(|f| f.count)).collect()
    };
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.sets.push(castellan_engine::TileSet::InnsCathedrals);
    let mut table = table_in_memory();
    table.start(setup, None, now()).unwrap();
    assert_eq!(big_in_hand(&GameView::of(table.live().unwrap())), [Some(1), Some(1)]);
    let u = TileId::from_name("U").unwrap();
    let live = table.play(Move::place_big(u, Cell::new(1, 0), Rotation::R0, Port::E), now()).unwrap();
    let view = GameView::of(live);
    assert_eq!(big_in_hand(&view), [Some(0), Some(1)], "Anna's is out");
    assert_eq!(view.followers[0].figure, Figure::Big, "drawn as the big follower");
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["followers"][0]["figure"], "big");

    let mut plain = table_in_memory();
    plain.start(GameSetup::base(&["Anna", "Bram"]), None, now()).unwrap();
    let live = plain.play(Move::place(u, Cell::new(1, 0), Rotation::R0, Some(Port::E)), now()).unwrap();
    let view = GameView::of(live);
    assert_eq!(big_in_hand(&view), [None, None], "no box, no big follower in hand");
    assert_eq!(view.followers[0].figure, Figure::Follower);
}

#[test]
fn a_big_follower_waiting_in_the_city_is_named_by_its_quarter() {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.sets.extend([castellan_engine::TileSet::InnsCathedrals, castellan_engine::TileSet::Count]);
    setup.start = castellan_engine::Start::Count;
    setup.mode = Mode::FinalBoard;
    let mut table = table_in_memory();
    table.start(setup, None, now()).unwrap();
    let at = Standing::City(castellan_engine::Quarter::Blacksmith);
    let live =
        table.play(Move::Stand { player: PlayerId(1), at, figure: castellan_engine::Figure::Big }, now()).unwrap();
    let view = GameView::of(live);
    let city = view.city.expect("the City");
    let blacksmith = city.quarters.iter().find(|q| q.quarter == castellan_engine::Quarter::Blacksmith).unwrap();
    assert_eq!((blacksmith.big.clone(), blacksmith.followers.clone()), (vec![1], vec![0, 0]));
    let bram = view.players[1].figures.iter().find(|f| f.figure == Figure::Big).map(|f| f.count);
    assert_eq!(bram, Some(0), "Bram's big follower waits in the City, not in hand");
}

#[test]
fn a_score_names_the_seats_whose_big_follower_weighed_two() {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.sets.push(castellan_engine::TileSet::InnsCathedrals);
    let mut table = table_in_memory();
    table.start(setup, None, now()).unwrap();
    let a = TileId::from_name("A").unwrap();
    table.play(Move::place(a, Cell::new(-1, 0), Rotation::R270, None), now()).unwrap();
    // Bram's big thief closes the three-tile road: 3 points, his big follower counted two.
    let live = table.play(Move::place_big(a, Cell::new(1, 0), Rotation::R90, Port::W), now()).unwrap();
    let view = GameView::of(live);
    assert_eq!((view.feed[0].points, view.feed[0].big.clone()), (3, vec![1]));
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["feed"][0]["big"], json!([1]));
}

/// What a view shows of the game itself, without where the move log stands.
fn shown(view: &GameView) -> impl PartialEq + std::fmt::Debug + '_ {
    (&view.players, view.current, &view.tiles, &view.followers, &view.bag, &view.feed, &view.traders, view.turn_count)
}

/// Anna's thief and builder on the start tile's road, Bram's cloister below the start tile;
/// then Anna lengthens the builder's road, which earns her a second tile, and with it closes
/// the start tile's city under her knight:
///
/// ```text
///  x=-1  x=0   x=1   x=2   x=3
///        [E']                      Anna's second tile: E turned, her knight closes the city
///  [U]===[D]===[U]===[U]===[U]     Anna's thief on x=1, builder on x=2; x=3 earns the tile
///        [B]
/// ```
fn double_turn(table: &mut Table) -> GameId {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.sets.push(castellan_engine::TileSet::TradersBuilders);
    let id = table.start(setup, None, now()).unwrap().id();
    let tile = |n| TileId::from_name(n).unwrap();
    table.play(place("U", 1, 0, Rotation::R0, Some(Port::E)), now()).unwrap();
    table.play(place("U", -1, 0, Rotation::R0, None), now()).unwrap();
    let builder = Move::place_companion(tile("U"), Cell::new(2, 0), Rotation::R0, Port::E, Figure::Builder);
    table.play(builder, now()).unwrap();
    table.play(place("B", 0, 1, Rotation::R0, None), now()).unwrap();
    id
}

#[test]
fn a_second_tile_is_offered_said_and_taken_back_redone_and_corrected_exactly() {
    let mut table = table_in_memory();
    double_turn(&mut table);
    let options = crate::placement::placement_options(table.live().unwrap().game(), TileId::from_name("U").unwrap());
    let earns = |x: i32| options.iter().filter(|o| o.x == x && o.y == 0).all(|o| o.earns_second_tile);
    assert!(earns(3) && earns(-2), "either end of the builder's road earns a second tile (T-08)");
    assert!(options.iter().filter(|o| o.y != 0).all(|o| !o.earns_second_tile), "off the road nothing is earned");
    let before = GameView::of(table.live().unwrap());

    let earned = GameView::of(table.play(place("U", 3, 0, Rotation::R0, None), now()).unwrap());
    assert_eq!((earned.current, earned.traders.as_ref().map(|t| t.second_tile)), (0, Some(true)), "Anna again");
    let second = table.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), now()).unwrap();
    let after = GameView::of(second);
    assert_eq!((after.current, after.traders.as_ref().map(|t| t.second_tile)), (1, Some(false)), "then Bram");
    assert_eq!((after.feed[0].winners.clone(), after.feed[0].points), (vec![0], 4), "Anna's city");
    assert!(after.feed[0].second_tile, "the feed says the second tile made the score");
    assert_eq!(serde_json::to_value(&after.feed[0]).unwrap()["secondTile"], true);
    let log = super::turn_log_of(second);
    let said: Vec<_> = log.iter().map(|t| (t.earned_second_tile, t.second_tile, t.passed_second_tile)).collect();
    assert_eq!(
        said[3..],
        [(false, false, false), (true, false, false), (false, true, false)],
        "the turn log says which tile earned the second tile and which was it"
    );

    let undone = GameView::of(table.undo().unwrap());
    assert_eq!(shown(&undone), shown(&earned), "taking the second tile back: Anna's second tile again");
    assert_eq!(shown(&GameView::of(table.undo().unwrap())), shown(&before), "and the tile that earned it");
    table.redo().unwrap();
    assert_eq!(shown(&GameView::of(table.redo().unwrap())), shown(&after), "both put back exactly");

    // Corrected to pass the second tile up (T-15): the city tile becomes Bram's move.
    let passed = place("U", 3, 0, Rotation::R0, None).passing_second_tile();
    let corrected = table.correct(4, passed.clone(), now()).unwrap();
    let log = super::turn_log_of(corrected);
    assert_eq!((log[4].earned_second_tile, log[4].passed_second_tile, log[5].second_tile), (true, true, false));
    let corrected = GameView::of(corrected);
    let mut fresh = table_in_memory();
    double_turn(&mut fresh);
    fresh.play(passed, now()).unwrap();
    let direct = GameView::of(fresh.play(place("E", 0, -1, Rotation::R180, Some(Port::S)), now()).unwrap());
    assert_eq!(shown(&corrected), shown(&direct), "the correction replays exactly as if played so");
    assert_eq!((corrected.feed[0].winners.clone(), corrected.feed[0].second_tile), (vec![1], false), "Bram's city");
    assert_eq!(corrected.players[0].score, 0);
    let refused = table.correct(3, place("B", 0, 1, Rotation::R0, None).passing_second_tile(), now());
    assert!(
        matches!(&refused, Err(TableError::LaterTurn { error: e, .. }) if e.to_string().contains("no second tile to pass up")),
        "a move that earned none passes nothing up: {refused:?}"
    );
    assert_eq!(shown(&GameView::of(table.live().unwrap())), shown(&corrected), "and the refusal changed nothing");
}

#[test]
fn an_abbot_taken_back_is_a_recall_in_the_feed_and_its_end_count_is_not() {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.sets.push(castellan_engine::TileSet::Abbot);
    let mut table = table_in_memory();
    table.start(setup, None, now()).unwrap();
    let tile = |n| TileId::from_name(n).unwrap();
    table.play(Move::place_abbot(tile("B"), Cell::new(0, 1), Rotation::R0, Port::C), now()).unwrap();
    table.play(Move::place_abbot(tile("B"), Cell::new(1, 1), Rotation::R0, Port::C), now()).unwrap();
    let live = table.play(Move::place_and_recall(tile("U"), Cell::new(-1, 0), Rotation::R0), now()).unwrap();
    let view = GameView::of(live);
    let recall = view.feed.iter().find(|s| s.recalled).expect("Anna's recall in the feed");
    assert_eq!((recall.winners.clone(), recall.complete, recall.final_scoring), (vec![0], false, false));
    assert_eq!(serde_json::to_value(recall).unwrap()["recalled"], true);
    // Bram's abbot stays and is counted at the end: unfinished, not taken back.
    let finished = table.finish(Vec::new(), now()).unwrap();
    let view = GameView::of(finished);
    let at_end: Vec<_> =
        view.feed.iter().filter(|s| s.final_scoring).map(|s| (s.winners.clone(), s.recalled)).collect();
    assert!(at_end.contains(&(vec![1], false)), "Bram's cloister at the end: {at_end:?}");
    assert_eq!(view.feed.iter().filter(|s| s.recalled).count(), 1, "one recall in the whole game");
}

#[test]
fn each_step_of_the_count_names_the_figures_it_sends_home_and_farmers_stay() {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.sets.push(castellan_engine::TileSet::InnsCathedrals);
    let mut table = table_in_memory();
    table.start(setup, None, now()).unwrap();
    let u = TileId::from_name("U").unwrap();
    // Anna's big follower on the road running on from the start tile; Bram's farmer beside it.
    table.play(Move::place_big(u, Cell::new(1, 0), Rotation::R0, Port::E), now()).unwrap();
    table.play(Move::place(u, Cell::new(-1, 0), Rotation::R0, Some(Port::NL)), now()).unwrap();
    let before = GameView::of(table.live().unwrap()).followers;
    assert_eq!(before.len(), 2, "both standing before the count");

    let view = GameView::of(table.finish(Vec::new(), now()).unwrap());
    let count = view.result.as_ref().expect("counted").count.clone();
    let road = count.steps.iter().find(|s| s.score.kind == castellan_engine::ScoreSource::Road).expect("the road");
    assert_eq!(road.home.len(), 1, "the road sends its one figure home: {:?}", road.home);
    let gone = &road.home[0];
    assert_eq!((gone.seat, gone.x, gone.y, gone.place.name()), (0, 1, 0, "E"));
    assert_eq!(gone.figure, Figure::Big, "drawn as the big follower it was");
    assert!(before.contains(gone), "exactly as it stood before the count");
    let farm = count.steps.iter().find(|s| s.score.kind == castellan_engine::ScoreSource::Farm).expect("the farm");
    assert!(farm.home.is_empty(), "a farmer stays on the counted board");
    assert_eq!(view.followers.len(), 1, "only the farmer is left standing");
    assert_eq!(view.followers[0].seat, 1);
    // The board before the count is the one after it plus every figure the steps sent home.
    let mut rebuilt: Vec<_> = view.followers.iter().chain(count.steps.iter().flat_map(|s| &s.home)).cloned().collect();
    let mut stood = before;
    let key = |f: &super::game::FollowerOnBoard| (f.seat, f.x, f.y, f.place);
    rebuilt.sort_by_key(key);
    stood.sort_by_key(key);
    assert_eq!(rebuilt, stood);
}
