-- Schema 5: a final board counted without the scores before the count.
--
-- Such a game knows only the points of the end count, so its results rank nobody and it
-- leaves the statistics. Whether a game is one is a fact of its setup (a final board whose
-- setup holds no `track`), so it is a column computed from the setup rather than one written
-- beside it: it can never disagree with the setup, and games recorded before this schema get
-- it as they are. A final board counted again with the scores has its setup rewritten, and
-- the mark goes with it.
ALTER TABLE games ADD COLUMN end_count_only INTEGER NOT NULL GENERATED ALWAYS AS (
    json_extract(setup_json, '$.mode') IS 'final-board'
    AND json_type(setup_json, '$.track') IS NULL
) VIRTUAL;
-- The statistics leave these games out as they do voided ones: from a list of the few.
CREATE INDEX games_end_count_only ON games (id) WHERE end_count_only;
