-- Schema 8: points from gold ingots (Gold Mines) as a kind of their own.
--
-- The end count pays each ingot in hand by how many a player holds (GM-07). Those points are
-- part of a player's score but of no kind schema 7 knew, so they went uncounted by kind, as
-- goods did before schema 6. The Big Box's other boxes need no column: a flight, a ferry and a
-- crop circle score nothing themselves, and the mage and the witch change what a road or a
-- city pays, which is counted with roads and cities already.
ALTER TABLE results ADD COLUMN gold_points INTEGER NOT NULL DEFAULT 0 CHECK (gold_points >= 0);

-- Games recorded before this schema: in a Gold Mines game every point is of one of the kinds,
-- gold included, so what the other kinds leave of the score is the gold's. A final board
-- counted with the scores before its count holds those in its score too, and they cannot be
-- told from the gold: its gold stays 0 rather than being guessed.
UPDATE results SET gold_points = max(0, score - roads_points - cities_points - cloisters_points
                                        - farms_points - king_robber_points - count_points
                                        - goods_points)
WHERE game_id IN (
    SELECT g.id FROM games g
    WHERE EXISTS (SELECT 1 FROM json_each(g.setup_json, '$.sets') WHERE value = 'goldmines')
      AND json_type(g.setup_json, '$.track') IS NULL
);
