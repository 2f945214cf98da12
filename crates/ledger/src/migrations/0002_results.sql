-- Schema 2: the results of finished games.
--
-- A cache of what the engine derived from the moves when the game ended (the moves stay the
-- source of truth). Points by kind are columns rather than JSON so that statistics are
-- plain SQL sums. The composite foreign key admits results only for seated players.
CREATE TABLE results (
    game_id            INTEGER NOT NULL,
    player_id          INTEGER NOT NULL,
    score              INTEGER NOT NULL CHECK (score >= 0),
    -- 1 + the number of players who scored more: tied players share a rank (1, 2, 2, 4).
    rank               INTEGER NOT NULL CHECK (rank >= 1),
    roads_points       INTEGER NOT NULL CHECK (roads_points >= 0),
    cities_points      INTEGER NOT NULL CHECK (cities_points >= 0),
    -- Cloisters and shrines.
    cloisters_points   INTEGER NOT NULL CHECK (cloisters_points >= 0),
    farms_points       INTEGER NOT NULL CHECK (farms_points >= 0),
    king_robber_points INTEGER NOT NULL CHECK (king_robber_points >= 0),
    -- Points the Count of Carcassonne expansion brought, as the engine reports them.
    count_points       INTEGER NOT NULL CHECK (count_points >= 0),
    -- Recorded by the caller with the result, for the "biggest ever" records.
    biggest_city_tiles INTEGER CHECK (biggest_city_tiles >= 0),
    longest_road_tiles INTEGER CHECK (longest_road_tiles >= 0),
    PRIMARY KEY (game_id, player_id),
    FOREIGN KEY (game_id, player_id) REFERENCES game_seats (game_id, player_id)
        ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

CREATE INDEX results_by_player ON results (player_id);

-- The all-time records read the largest value of these columns; with an index that is one
-- lookup however long the ledger grows. They cost a little only when a game is finished.
CREATE INDEX results_by_score ON results (score);
CREATE INDEX results_by_farms ON results (farms_points);
CREATE INDEX results_by_city ON results (biggest_city_tiles);
CREATE INDEX results_by_road ON results (longest_road_tiles);
