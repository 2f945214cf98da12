-- Schema 3: followers moved out of the City of Carcassonne just before the final count.
--
-- They are part of how the game ended, like the moves: a JSON array in the game-script
-- format's `final_moves` shape, NULL when nobody moved (or the game had no Count).
ALTER TABLE games ADD COLUMN final_moves_json TEXT
    CHECK (final_moves_json IS NULL OR json_type(final_moves_json) = 'array');
