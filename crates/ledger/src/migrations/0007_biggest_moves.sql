-- Schema 7: each finished game's biggest move.
--
-- The record "most points in one move" needs the points each move gained, which only the
-- engine can tell, by replaying the game. It is worked out once, when the game is finished,
-- and kept here, so that the statistics read one row per game rather than replaying every
-- game each time they are shown. Like the results, it is a cache of what the moves say.
--
-- A row is the answer for its game: who gained the most points from one move, how many, and
-- which move (1 is the first; the first of equal moves, the first seat of equal players). No
-- player when no move gained a point, or when the game was not played move by move (a final
-- board). A finished game without a row has not been worked out: one finished before this
-- schema, which the table works out once and stores. Reopening a game removes its row.
CREATE TABLE biggest_moves (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    player_id INTEGER,
    points    INTEGER NOT NULL CHECK (points >= 0),
    seq       INTEGER CHECK (seq >= 1),
    CHECK ((player_id IS NULL) = (seq IS NULL)),
    CHECK (player_id IS NOT NULL OR points = 0),
    FOREIGN KEY (game_id, player_id) REFERENCES game_seats (game_id, player_id) ON DELETE CASCADE
) STRICT;

-- The record reads the largest `points` first.
CREATE INDEX biggest_moves_by_points ON biggest_moves (points DESC) WHERE player_id IS NOT NULL;
