-- Schema 6: points from goods (Traders & Builders) as a kind of their own.
--
-- The end count pays each kind of goods to its majority (T-05). Those points are part of a
-- player's score but of no kind schema 2 knew, so they went uncounted by kind. Inns and
-- cathedrals need no column: an inn pays as a road and a cathedral as a city, and a garden as a
-- cloister, so they are in those kinds already.
ALTER TABLE results ADD COLUMN goods_points INTEGER NOT NULL DEFAULT 0 CHECK (goods_points >= 0);

-- Games recorded before this schema: in a Traders & Builders game every point is of one of
-- the kinds, goods included, so what the other kinds leave of the score is the goods'. A
-- final board counted with the scores before its count holds those in its score too, and they
-- cannot be told from the goods: its goods stay 0 rather than being guessed.
UPDATE results SET goods_points = max(0, score - roads_points - cities_points - cloisters_points
                                         - farms_points - king_robber_points - count_points)
WHERE game_id IN (
    SELECT g.id FROM games g
    WHERE EXISTS (SELECT 1 FROM json_each(g.setup_json, '$.sets') WHERE value = 'traders-builders')
      AND json_type(g.setup_json, '$.track') IS NULL
);
