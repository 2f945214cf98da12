//! A finished table is a set of figures: random finished games of the River, the
//! Abbot, Inns & Cathedrals and Traders & Builders (with the Count in place of the River, as a
//! final board allows), each entered as a final board with its tiles and figures in shuffled
//! orders, are accepted and count exactly as the same table entered in the order of play with
//! its figures sorted, and as the game's own end count.

use castellan_engine::{
    playout_move, Cell, Event, FarmRule, Figure, Game, GameSetup, Mode, Move, Picks, PlayerId, Quarter, Score,
    Standing, Start, TileSet,
};

/// Seeds take turns: the River (either printing), the Count, or the base game alone, each with
/// the Abbot, Inns & Cathedrals and Traders & Builders, for two to five players.
fn setup_for(seed: u64) -> GameSetup {
    let names = ["Anna", "Bram", "Carl", "Dirk", "Eva"];
    let mut setup = GameSetup::base(&names[..2 + (seed % 4) as usize]);
    match seed % 3 {
        0 => {
            setup.sets.push(if seed.is_multiple_of(2) { TileSet::River } else { TileSet::RiverC1 });
            setup.start = Start::River;
        }
        1 => {
            setup.sets.push(TileSet::Count);
            setup.start = Start::Count;
        }
        _ => {}
    }
    setup.sets.extend([TileSet::Abbot, TileSet::InnsCathedrals, TileSet::TradersBuilders]);
    if seed % 5 == 4 {
        setup.rules.farms = FarmRule::FirstEdition;
    }
    setup
}

/// A random game played to its last tile, not yet counted.
fn finished_table(seed: u64) -> Game {
    let mut game = Game::new(setup_for(seed)).unwrap();
    let mut rng = Picks::new(seed);
    while let Some(mv) = playout_move(&game, &mut |n| rng.below(n)) {
        game.apply(&mv).unwrap_or_else(|e| panic!("seed {seed}: a playout move was refused: {e}"));
    }
    game
}

/// The final board of `game`'s table: its setup, the tiles that are not on the table from the
/// start, in the order they were laid, and every figure standing on the board or waiting in
/// the City, in the board's order.
fn final_board_of(game: &Game) -> (GameSetup, Vec<Move>, Vec<Move>) {
    let mut setup = game.setup().clone();
    setup.mode = Mode::FinalBoard;
    setup.goods = game.goods().to_vec();
    if let Some(city) = game.city() {
        setup.count_at = city.count_at;
    }
    let start = Game::new(setup.clone()).unwrap();
    let laid = start.board().tiles();
    let tiles: Vec<Move> = game
        .board()
        .tiles()
        .iter()
        .filter(|t| !laid.iter().any(|s| s.cell == t.cell))
        .map(|t| Move::place(t.tile, t.cell, t.rotation, None))
        .collect();
    assert!(
        laid.iter().all(|s| game.board().tile_at(s.cell).is_some_and(|t| (t.tile, t.rotation) == (s.tile, s.rotation))),
        "the final board starts from the table's own start"
    );
    let mut figures: Vec<Move> = game
        .board()
        .followers()
        .iter()
        .map(|f| Move::Stand { player: f.player, at: Standing::Board(f.cell, f.port), figure: f.figure })
        .collect();
    if let Some(city) = game.city() {
        for quarter in Quarter::ALL {
            for p in 0..game.player_count() {
                let player = PlayerId(p as u8);
                let at = Standing::City(quarter);
                let waiting = city.followers(quarter)[player];
                figures.extend((0..waiting).map(|_| Move::Stand { player, at, figure: Figure::Follower }));
                if city.big(player) == Some(quarter) {
                    figures.push(Move::Stand { player, at, figure: Figure::Big });
                }
            }
        }
    }
    (setup, tiles, figures)
}

/// The cell a tile goes to or a figure stands on; `None` for a figure in the City.
fn cell_of(mv: &Move) -> Option<Cell> {
    match *mv {
        Move::Place { cell, .. } | Move::Stand { at: Standing::Board(cell, _), .. } => Some(cell),
        _ => None,
    }
}

fn is_companion(mv: &Move) -> bool {
    matches!(mv, Move::Stand { figure, .. } if figure.is_companion())
}

/// The tiles in a random order in which each touches one laid before it, as a table is
/// entered, each figure somewhere after the tile it stands on.
fn shuffled(start: &Game, tiles: &[Move], figures: &[Move], rng: &mut Picks) -> Vec<Move> {
    let mut laid: Vec<Cell> = start.board().tiles().iter().map(|t| t.cell).collect();
    let mut left: Vec<&Move> = tiles.iter().collect();
    let mut order: Vec<Move> = Vec::new();
    while !left.is_empty() {
        let touching: Vec<usize> = (0..left.len())
            .filter(|&i| {
                let cell = cell_of(left[i]).expect("a tile");
                laid.iter().any(|c| (c.x - cell.x).abs() + (c.y - cell.y).abs() == 1)
            })
            .collect();
        let mv = left.swap_remove(touching[rng.below(touching.len())]);
        laid.push(cell_of(mv).expect("a tile"));
        order.push(mv.clone());
    }
    let mut figures: Vec<&Move> = figures.iter().collect();
    for i in (1..figures.len()).rev() {
        figures.swap(i, rng.below(i + 1));
    }
    for figure in figures {
        // After its tile, anywhere; a figure in the City anywhere at all.
        let after =
            cell_of(figure).map_or(0, |cell| order.iter().position(|m| cell_of(m) == Some(cell)).map_or(0, |i| i + 1));
        let at = after + rng.below(order.len() - after + 1);
        order.insert(at, figure.clone());
    }
    order
}

/// A score with what does not depend on the order of entry: the place naming the feature is
/// the first follower met on it, the tiles are listed in the order they were laid, and a city
/// a farm is paid for is named by the first of its places met.
fn order_free(game: &Game, s: &Score) -> String {
    let mut tiles = game.score_lists().tiles(s).to_vec();
    tiles.sort();
    // A city is named by one of its places, the first met: only how many.
    let cities = s.cities.len();
    let players: Vec<PlayerId> = s.winners.iter().collect();
    let outvoted: Vec<PlayerId> = s.outvoted.iter().collect();
    let pigs: Vec<PlayerId> = s.pigs.iter().collect();
    format!(
        "{:?} {} {players:?} {:?} {} {} {tiles:?} {cities} {} {outvoted:?} {} {pigs:?} {:?} {:?}",
        s.source, s.points, s.rule, s.pennants, s.neighbours, s.carcassonne, s.complete, s.goods, s.weight
    )
}

/// Plays a final board in `order` and counts it: its scores, and its score events without
/// order. `ahead` counts the moves after which the table so far does not hold (a builder or
/// pig entered before the follower it stands with, or before the tile joining them).
fn count(setup: &GameSetup, order: &[Move], what: &str, ahead: &mut usize) -> (Vec<u32>, Vec<String>) {
    let mut game = Game::new(setup.clone()).unwrap();
    for (i, mv) in order.iter().enumerate() {
        game.apply(mv).unwrap_or_else(|e| panic!("{what}: move {i} {mv:?} refused: {e}"));
        *ahead += usize::from(game.final_board_error().is_some());
    }
    assert_eq!(game.final_board_error(), None, "{what}: the whole table holds");
    assert!(game.forgotten_followers().is_empty(), "{what}: a played game forgets nobody");
    game.finish().unwrap_or_else(|e| panic!("{what}: the count was refused: {e}"));
    let mut scores: Vec<String> = game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) => Some(order_free(&game, s)),
            _ => None,
        })
        .collect();
    scores.sort();
    (game.scores().to_vec(), scores)
}

#[test]
fn a_finished_table_counts_the_same_whatever_the_order_of_its_tiles_and_figures() {
    let mut ahead = 0;
    for seed in 0..36 {
        let game = finished_table(seed);
        let (setup, tiles, figures) = final_board_of(&game);
        let mut end = game.clone();
        end.finish().unwrap();
        let end_count: Vec<u32> =
            end.scores().iter().zip(game.scores()).map(|(after, before)| after - before).collect();

        // The order that needs nothing of the count: tiles as played, figures before the
        // builders and pigs that stand with them.
        let mut sorted = figures.clone();
        sorted.sort_by_key(is_companion);
        let in_play_order: Vec<Move> = tiles.iter().chain(&sorted).cloned().collect();
        let mut sorted_ahead = 0;
        let want = count(&setup, &in_play_order, &format!("seed {seed}, sorted"), &mut sorted_ahead);
        assert_eq!(sorted_ahead, 0, "seed {seed}: in the order of play every figure stands as it comes");
        assert_eq!(want.0, end_count, "seed {seed}: the final board counts as the game's own end count");

        let start = Game::new(setup.clone()).unwrap();
        let mut rng = Picks::new(seed ^ 0x5EED);
        for round in 0..3 {
            let order = shuffled(&start, &tiles, &figures, &mut rng);
            let what = format!("seed {seed}, round {round}");
            assert_eq!(count(&setup, &order, &what, &mut ahead), want, "{what}");
        }
        // Every builder and pig before every follower, the tiles shuffled.
        let mut companions_first: Vec<Move> = shuffled(&start, &tiles, &[], &mut rng);
        companions_first.extend(figures.iter().filter(|m| is_companion(m)).cloned());
        companions_first.extend(figures.iter().filter(|m| !is_companion(m)).rev().cloned());
        let what = format!("seed {seed}, companions first");
        assert_eq!(count(&setup, &companions_first, &what, &mut ahead), want, "{what}");
    }
    assert!(ahead > 100, "builders and pigs came before their followers often enough: {ahead}");
}
