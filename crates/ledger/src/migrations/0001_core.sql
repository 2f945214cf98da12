-- Schema 1: players, game nights, games and the move log.
--
-- Times are UTC text 'YYYY-MM-DDTHH:MM:SS.sssZ' (fixed width, so text order is time order);
-- dates are 'YYYY-MM-DD'. JSON columns hold game-script text verbatim.

-- Marks the file as a Castellan ledger ('CAST'), so another program's database is refused.
PRAGMA application_id = 1128354644;

CREATE TABLE players (
    id              INTEGER PRIMARY KEY,
    -- NOCASE: "anna" and "Anna" at the same table are one person (ASCII folding only).
    name            TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
    preferred_color TEXT CHECK (preferred_color IN
                        ('red', 'blue', 'green', 'yellow', 'black', 'gray', 'pink', 'purple'))
) STRICT;

CREATE TABLE nights (
    id    INTEGER PRIMARY KEY,
    date  TEXT NOT NULL CHECK (date(date) IS date),
    place TEXT
) STRICT;

CREATE INDEX nights_by_date ON nights (date, id);

-- Who came to a night; anyone seated in one of its games came, so starting a game adds them.
CREATE TABLE night_players (
    night_id  INTEGER NOT NULL REFERENCES nights (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (night_id, player_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX night_players_by_player ON night_players (player_id);

-- One game. `setup_json` is the script's `setup` object (sets, start, rules) verbatim, so the
-- sets and rules have one home. `cursor` counts the moves in effect: moves with seq <= cursor
-- are the game, the rest are the redo tail. `ended_at` without `finished` means abandoned.
CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    night_id       INTEGER NOT NULL REFERENCES nights (id),
    script_version INTEGER NOT NULL CHECK (script_version >= 1),
    setup_json     TEXT NOT NULL CHECK (json_valid(setup_json)),
    start_seat     INTEGER NOT NULL CHECK (start_seat >= 0),
    started_at     TEXT NOT NULL,
    ended_at       TEXT,
    finished       INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
    cursor         INTEGER NOT NULL DEFAULT 0 CHECK (cursor >= 0),
    CHECK (finished = 0 OR ended_at IS NOT NULL)
) STRICT;

CREATE INDEX games_by_night ON games (night_id, started_at);
CREATE INDEX games_unfinished ON games (started_at) WHERE ended_at IS NULL;

-- Seats in clockwise order from seat 0; the game's first mover sits at `games.start_seat`.
CREATE TABLE game_seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    player_id INTEGER NOT NULL REFERENCES players (id),
    color     TEXT NOT NULL CHECK (color IN
                  ('red', 'blue', 'green', 'yellow', 'black', 'gray', 'pink', 'purple')),
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id),
    UNIQUE (game_id, color)
) STRICT, WITHOUT ROWID;

CREATE INDEX game_seats_by_player ON game_seats (player_id);

-- The source of truth of a game: one row per entered move, seq 1, 2, 3, ... without gaps.
-- `move_json` is one element of a script's `moves` array, verbatim.
CREATE TABLE moves (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL CHECK (seq >= 1),
    move_json    TEXT NOT NULL CHECK (json_valid(move_json)),
    entered_at   TEXT NOT NULL,
    corrected_at TEXT,
    PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;
