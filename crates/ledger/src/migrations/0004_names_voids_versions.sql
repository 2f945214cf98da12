-- Schema 4: names compared as people read them, voided games, and who wrote each game.
--
-- `name_key` is the name as the ledger compares names: trimmed, runs of whitespace made one
-- space, lowercased by Unicode's rules (SQLite's NOCASE folds ASCII only, so "Ölaf" and
-- "ölaf" used to be two players). SQLite cannot compute it, so the migration's hook fills it
-- in for existing players; a player whose key an earlier player already holds keeps NULL,
-- which the unique index allows: both are kept, and `Ledger::name_clashes` lists them.
ALTER TABLE players ADD COLUMN name_key TEXT CHECK (name_key IS NULL OR length(name_key) > 0);
CREATE UNIQUE INDEX players_by_name_key ON players (name_key);

-- A voided game stays in the ledger with its moves and results but leaves the statistics.
-- Only a finished game can be voided: the others have no results to leave out.
ALTER TABLE games ADD COLUMN voided_at TEXT CHECK (voided_at IS NULL OR finished = 1);
CREATE INDEX games_voided ON games (id) WHERE voided_at IS NOT NULL;

-- The version of the program that recorded the game (the app's or the command line's);
-- NULL for games recorded before schema 4.
ALTER TABLE games ADD COLUMN app_version TEXT CHECK (app_version IS NULL OR length(app_version) > 0);
