//! The `moves` table and the cursor: append, undo, redo, a new move dropping the redo tail,
//! correcting a move, and refusing a change checked against a log that has moved on.

use castellan_ledger::{CursorState, GameId, JsonShape, Missing, MoveLogError, NotJson, RowError};

use crate::{at, tile_move, Table};

fn state(cursor: u32, stored: u32) -> CursorState {
    CursorState { cursor, stored }
}

/// The JSON of the moves in effect, then of the redo tail.
fn log(table: &Table) -> (Vec<String>, Vec<String>) {
    let json = |moves: Vec<castellan_ledger::MoveRecord>| moves.into_iter().map(|m| m.move_json).collect::<Vec<_>>();
    (json(table.ledger.moves(table.game).unwrap()), json(table.ledger.redo_tail(table.game).unwrap()))
}

/// Where the log stands now: what a caller that just read it checks its change against.
fn here(table: &Table) -> CursorState {
    table.ledger.cursor(table.game).unwrap()
}

fn append(table: &mut Table, n: u32) -> CursorState {
    table.ledger.append_move(table.game, here(table), &tile_move(n), at(n.into())).unwrap()
}

#[test]
fn appended_moves_come_back_verbatim_in_order_with_their_times() {
    let mut table = Table::start();
    let odd = "{ \"tile\":\"X\" ,\n \"discard\": true }";
    assert_eq!(append(&mut table, 1), state(1, 1), "the first move is seq 1");
    table.ledger.append_move(table.game, here(&table), odd, at(2)).unwrap();
    assert_eq!(append(&mut table, 3), state(3, 3), "the cursor follows appends");
    let moves = table.ledger.moves(table.game).unwrap();
    let seqs: Vec<u32> = moves.iter().map(|m| m.seq).collect();
    assert_eq!(seqs, [1, 2, 3], "moves are numbered from 1 without gaps");
    assert_eq!(moves[1].move_json, odd, "a move is stored byte for byte, whitespace and key order included");
    assert_eq!(moves[2].entered_at, at(3), "each move keeps its entry time");
    assert_eq!(moves[0].corrected_at, None, "an uncorrected move has no correction time");
    assert_eq!(table.ledger.game(table.game).unwrap().cursor, 3, "the game row agrees with the move log");
}

#[test]
fn undo_then_redo_is_the_identity() {
    let mut table = Table::start();
    for n in 1..=3 {
        append(&mut table, n);
    }
    let before = log(&table);
    assert_eq!(table.ledger.undo(table.game, here(&table)).unwrap(), state(2, 3), "undo steps back one");
    assert_eq!(table.ledger.undo(table.game, here(&table)).unwrap(), state(1, 3), "and again");
    assert_eq!(
        log(&table),
        (vec![tile_move(1)], vec![tile_move(2), tile_move(3)]),
        "undone moves wait, in order, in the redo tail"
    );
    assert_eq!(table.ledger.redo(table.game, here(&table)).unwrap(), state(2, 3), "redo steps forward");
    assert_eq!(table.ledger.redo(table.game, here(&table)).unwrap(), state(3, 3), "and again");
    assert_eq!(log(&table), before, "undo then redo must give back the same game");
}

#[test]
fn undo_at_the_start_and_redo_at_the_end_change_nothing() {
    let mut table = Table::start();
    let fresh = table.ledger.undo(table.game, here(&table)).unwrap();
    assert_eq!(fresh, state(0, 0), "nothing to undo in a new game");
    assert!(!fresh.can_undo() && !fresh.can_redo(), "neither button applies");
    append(&mut table, 1);
    let end = table.ledger.redo(table.game, here(&table)).unwrap();
    assert_eq!(end, state(1, 1), "nothing to redo after the last move");
    assert!(end.can_undo() && !end.can_redo(), "only undo applies");
}

#[test]
fn a_new_move_after_undo_drops_the_redo_tail() {
    let mut table = Table::start();
    for n in 1..=4 {
        append(&mut table, n);
    }
    table.ledger.undo(table.game, here(&table)).unwrap();
    table.ledger.undo(table.game, here(&table)).unwrap();
    assert_eq!(append(&mut table, 9), state(3, 3), "the new move takes seq 3 and nothing is left to redo");
    assert_eq!(
        log(&table),
        (vec![tile_move(1), tile_move(2), tile_move(9)], vec![]),
        "the old moves 3 and 4 are gone, replaced by the new move"
    );
}

#[test]
fn correcting_a_move_replaces_it_in_place_and_drops_the_tail() {
    let mut table = Table::start();
    for n in 1..=4 {
        append(&mut table, n);
    }
    table.ledger.undo(table.game, here(&table)).unwrap();
    let after = table.ledger.replace_move(table.game, here(&table), 2, &tile_move(20), at(30)).unwrap();
    assert_eq!(after, state(3, 3), "a correction keeps the cursor and drops the redo tail, which was never validated");
    let moves = table.ledger.moves(table.game).unwrap();
    assert_eq!(
        moves.iter().map(|m| m.move_json.clone()).collect::<Vec<_>>(),
        [tile_move(1), tile_move(20), tile_move(3)],
        "only move 2 changes"
    );
    assert_eq!(
        (moves[1].entered_at, moves[1].corrected_at),
        (at(2), Some(at(30))),
        "the corrected move keeps its first entry time and records the correction"
    );
}

#[test]
fn only_a_move_in_effect_can_be_corrected() {
    let mut table = Table::start();
    append(&mut table, 1);
    append(&mut table, 2);
    table.ledger.undo(table.game, here(&table)).unwrap();
    for seq in [0, 2, 3] {
        let error = table.ledger.replace_move(table.game, here(&table), seq, &tile_move(7), at(9)).unwrap_err();
        assert!(
            matches!(error, MoveLogError::NotFound { what: Missing::Move { seq: s, .. } } if s == seq),
            "move {seq} is not in effect (cursor 1), got {error:?}"
        );
    }
    assert_eq!(
        log(&table),
        (vec![tile_move(1)], vec![tile_move(2)]),
        "a refused correction changes nothing, the tail included"
    );
}

#[test]
fn a_move_that_is_not_a_json_object_is_refused() {
    let mut table = Table::start();
    append(&mut table, 1);
    for bad in ["", "{\"tile\": ", "42", "[1, 2]"] {
        let error = table.ledger.append_move(table.game, here(&table), bad, at(2)).unwrap_err();
        assert!(
            matches!(error, MoveLogError::NotJson(NotJson { what: "move", shape: JsonShape::Object, .. })),
            "{bad:?} is not a move object, got {error:?}"
        );
    }
    assert_eq!(table.ledger.cursor(table.game).unwrap(), state(1, 1), "refused moves are not stored");
}

#[test]
fn an_ended_game_refuses_every_change_of_its_moves() {
    let mut table = Table::start();
    append(&mut table, 1);
    append(&mut table, 2);
    table.ledger.undo(table.game, here(&table)).unwrap();
    table.ledger.abandon_game(table.game, at(60)).unwrap();
    let game = table.game;
    let seen = here(&table);
    let attempts: [(&str, Result<CursorState, MoveLogError>); 4] = [
        ("append", table.ledger.append_move(game, seen, &tile_move(3), at(61))),
        ("undo", table.ledger.undo(game, seen)),
        ("redo", table.ledger.redo(game, seen)),
        ("replace", table.ledger.replace_move(game, seen, 1, &tile_move(4), at(61))),
    ];
    for (what, result) in attempts {
        assert!(
            matches!(result, Err(MoveLogError::GameEnded { game: g }) if g == game),
            "{what} on an ended game must be refused, got {result:?}"
        );
    }
    assert_eq!(log(&table), (vec![tile_move(1)], vec![tile_move(2)]), "an ended game's log stays as it was, readable");
}

#[test]
fn an_unknown_game_is_not_found() {
    let mut table = Table::start();
    let ghost = GameId(404);
    let missing = |r: Result<CursorState, MoveLogError>| matches!(r, Err(MoveLogError::NotFound { what: Missing::Game(g) }) if g == ghost);
    assert!(missing(table.ledger.append_move(ghost, state(0, 0), &tile_move(1), at(1))), "append to an unknown game");
    assert!(missing(table.ledger.undo(ghost, state(0, 0))), "undo in an unknown game");
    let cursor = table.ledger.cursor(ghost);
    assert!(
        matches!(cursor, Err(RowError::NotFound { what: Missing::Game(g) }) if g == ghost),
        "cursor of an unknown game"
    );
    assert!(matches!(table.ledger.moves(ghost), Err(RowError::NotFound { .. })), "moves of an unknown game");
}

#[test]
fn a_change_checked_against_a_log_that_moved_on_is_refused_and_writes_nothing() {
    let mut table = Table::start();
    for n in 1..=3 {
        append(&mut table, n);
    }
    table.ledger.undo(table.game, here(&table)).unwrap();
    // What a second window saw before this one took move 3 back.
    let stale = state(3, 3);
    let now = here(&table);
    assert_eq!(now, state(2, 3), "the log moved on from what the other window saw");
    let before = log(&table);
    let game = table.game;
    let attempts: [(&str, Result<CursorState, MoveLogError>); 4] = [
        // The other window still shows move 3, so it would enter move 4 after it.
        ("append", table.ledger.append_move(game, stale, &tile_move(4), at(4))),
        // Its undo would take back move 2, which it does not know is the last in effect.
        ("undo", table.ledger.undo(game, stale)),
        ("redo", table.ledger.redo(game, stale)),
        ("replace", table.ledger.replace_move(game, stale, 1, &tile_move(10), at(5))),
    ];
    for (what, result) in attempts {
        assert!(
            matches!(result, Err(MoveLogError::MovedOn { game: g, expected, found })
                if g == game && expected == stale && found == now),
            "{what} checked against a stale cursor must be refused naming both cursors, got {result:?}"
        );
    }
    assert_eq!(log(&table), before, "a refused change writes nothing: the log and its tail are as they were");
    assert_eq!(here(&table), now, "nor does it move the cursor");
    assert_eq!(append(&mut table, 5), state(3, 3), "a change checked against the log as it stands goes in");
}

/// Each way the move log refuses a move, met on a real file, is one of the move log's own
/// reasons: the match names every variant, so a reason the type gains must be met here too,
/// and none of another operation's (a name taken, a game not finished) can be returned.
#[test]
fn every_refusal_of_the_move_log_is_its_own() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("club.sqlite3");
    let mut ledger = castellan_ledger::Ledger::open(&path).unwrap();
    let (_, _, _, game) = crate::seat_two(&mut ledger);
    let seen = ledger.cursor(game).unwrap();
    let ghost = GameId(404);
    drop(ledger);
    let mut reader = castellan_ledger::Ledger::open_read_only(&path).unwrap();
    let read_only = reader.append_move(game, seen, &tile_move(1), at(1));
    drop(reader);
    let mut ledger = castellan_ledger::Ledger::open(&path).unwrap();
    let refusals = [
        ("not JSON", ledger.append_move(game, seen, "[1]", at(1))),
        ("an unknown game", ledger.append_move(ghost, seen, &tile_move(1), at(1))),
        ("a log that moved on", ledger.append_move(game, state(5, 5), &tile_move(1), at(1))),
        ("a read-only ledger", read_only),
        ("an ended game", {
            ledger.abandon_game(game, at(2)).unwrap();
            ledger.append_move(game, seen, &tile_move(1), at(3))
        }),
    ];
    let mut met = Vec::new();
    for (why, refused) in refusals {
        let error = refused.expect_err(why);
        met.push(match error {
            MoveLogError::Store(castellan_ledger::StoreError::File { .. }) => "file",
            MoveLogError::Store(
                castellan_ledger::StoreError::Sqlite { .. } | castellan_ledger::StoreError::Corrupt { .. },
            ) => "store",
            MoveLogError::NotFound { what: Missing::Game(g) } if g == ghost => "not found",
            MoveLogError::NotFound { .. } => "another row",
            MoveLogError::GameEnded { .. } => "ended",
            MoveLogError::MovedOn { .. } => "moved on",
            MoveLogError::NotJson(NotJson { what: "move", shape: JsonShape::Object, .. }) => "not json",
            MoveLogError::NotJson(_) => "another value",
        });
    }
    assert_eq!(met, ["not json", "not found", "moved on", "file", "ended"], "each refusal is named as what it is");
    assert!(ledger.moves(game).unwrap().is_empty(), "no refused move was written");
}
