//! Coordinates far from the start: every way a cell reaches the engine — a tile, a standing
//! follower, the City laid after the river, a follower leaving the City during play or at the
//! end, and the queries the app asks about a cell — is refused or answered "nothing here"
//! beyond [`Cell::LIMIT`], never a panic, in a debug build as in a release one.

use castellan_engine::{
    Cell, CityError, CountChoice, CountError, Game, GameSetup, Mode, Move, MoveError, PlayerId, Port, Quarter,
    QuarterMove, Rotation, StandError, Standing, Start, TileId, TileSet,
};

const ANNA: PlayerId = PlayerId(0);

/// The ends of `i32`, just past the limit, on both axes and both signs.
const FAR: [(i32, i32); 8] =
    [(i32::MAX, 0), (i32::MIN, 0), (0, i32::MAX), (0, i32::MIN), (1001, 0), (-1001, 0), (0, 1001), (0, -1001)];

/// The limit itself, which is on the table.
const EDGE: [(i32, i32); 5] = [(1000, 0), (-1000, 0), (0, 1000), (0, -1000), (-1000, -1000)];

fn tile(name: &str) -> TileId {
    TileId::from_name(name).unwrap()
}

fn off_table(x: i32, y: i32) -> MoveError {
    MoveError::OffTable { cell: Cell::new(x, y), limit: 1000 }
}

fn final_board(sets: &[TileSet], start: Start) -> Game {
    let mut setup = GameSetup::base(&["Anna", "Bram"]);
    setup.mode = Mode::FinalBoard;
    setup.sets = sets.to_vec();
    setup.start = start;
    Game::new(setup).unwrap()
}

#[test]
fn a_tile_beyond_the_limit_is_refused_naming_the_cell_and_the_limit() {
    let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
    for (x, y) in FAR {
        let mv = Move::place(tile("E"), Cell::new(x, y), Rotation::R0, Some(Port::N));
        assert_eq!(game.apply(&mv), Err(off_table(x, y)), "[{x},{y}]");
        assert_eq!(game.check_placement(tile("E"), Cell::new(x, y), Rotation::R0), Err(off_table(x, y)));
    }
    let err = game.apply(&Move::place(tile("E"), Cell::new(i32::MAX, 0), Rotation::R0, None)).unwrap_err();
    assert_eq!(err.to_string(), "[2147483647,0] is off the table: coordinates run from -1000 to 1000");
    for (x, y) in EDGE {
        let refused = game.apply(&Move::place(tile("E"), Cell::new(x, y), Rotation::R0, None)).unwrap_err();
        assert!(
            matches!(refused, MoveError::Placement { .. }),
            "[{x},{y}] is on the table, refused only for touching no tile: {refused}"
        );
    }
    assert_eq!(game.move_count(), 0, "every refusal left the game as it was");
}

#[test]
fn a_standing_follower_beyond_the_limit_is_refused() {
    let mut game = final_board(&[TileSet::Base], Start::Base);
    for (x, y) in FAR {
        let stand = Move::Stand {
            player: ANNA,
            at: Standing::Board(Cell::new(x, y), Port::N),
            figure: castellan_engine::Figure::Follower,
        };
        assert_eq!(game.apply(&stand), Err(off_table(x, y)), "[{x},{y}]");
        assert!(game.standing_places(ANNA, Cell::new(x, y), castellan_engine::Figure::Follower).is_empty());
    }
    for (x, y) in EDGE {
        let stand = Move::Stand {
            player: ANNA,
            at: Standing::Board(Cell::new(x, y), Port::N),
            figure: castellan_engine::Figure::Follower,
        };
        assert_eq!(
            game.apply(&stand),
            Err(StandError::NoTileAt { cell: Cell::new(x, y) }.into()),
            "on the table, but empty"
        );
    }
}

#[test]
fn the_city_laid_beyond_the_limit_is_refused_by_either_corner() {
    let mut game = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
    for (x, y) in FAR {
        assert_eq!(game.apply(&Move::City { at: Cell::new(x, y) }), Err(off_table(x, y)));
    }
    // The corner is on the table but the block's far corner is not.
    assert_eq!(game.apply(&Move::City { at: Cell::new(998, 999) }), Err(off_table(1001, 1001)));
    assert_eq!(
        game.apply(&Move::City { at: Cell::new(997, 998) }),
        Err(CityError::NoCityToLay.into()),
        "the whole block on the table: refused only by the rules"
    );
}

#[test]
fn followers_leaving_the_city_for_a_far_cell_are_refused() {
    let setup = GameSetup {
        sets: vec![TileSet::Base, TileSet::Count],
        start: Start::Count,
        ..GameSetup::base(&["Anna", "Bram"])
    };
    let mut game = Game::new(setup).unwrap();
    let out = |x, y| QuarterMove { player: ANNA, quarter: Quarter::Market, to: (Cell::new(x, y), Port::N), big: false };
    for (x, y) in FAR {
        let mut mv = Move::place(tile("E"), Cell::new(2, 1), Rotation::R270, None);
        if let Move::Place { count, .. } = &mut mv {
            *count = CountChoice { moves: vec![out(x, y)], entry: None };
        }
        assert_eq!(game.apply(&mv), Err(off_table(x, y)), "during play: [{x},{y}]");
        let refused = game.clone().finish_naming(&[out(-2, -1), out(x, y)]).unwrap_err();
        assert_eq!(
            (refused.index, refused.error),
            (Some(0), CountError::QuarterEmpty { player: ANNA, quarter: Quarter::Market }.into())
        );
        let mut stood = game.clone();
        let refused = stood.finish_naming(&[out(x, y)]).unwrap_err();
        assert_eq!((refused.index, refused.error), (Some(0), off_table(x, y)), "at the end: [{x},{y}]");
        assert!(!stood.is_finished(), "a refused count changes nothing");
    }
}

#[test]
fn questions_about_far_cells_find_nothing() {
    let game = final_board(&[TileSet::Base], Start::Base);
    for (x, y) in FAR {
        let cell = Cell::new(x, y);
        assert!(game.feature_at(cell, Port::N).is_none());
        assert!(game.board().tile_at(cell).is_none());
        assert!(!game.board().is_frontier(cell));
        assert!(game.board().check_placement(tile("E"), cell, Rotation::R0).is_err(), "it touches no tile");
    }
    let turns = Game::new(GameSetup::base(&["Anna", "Bram"])).unwrap();
    for (x, y) in FAR {
        assert!(turns.legal_followers(tile("E"), Cell::new(x, y), Rotation::R0).is_empty());
    }
}
