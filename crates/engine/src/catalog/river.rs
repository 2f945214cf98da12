//! The River of the base box: the spring, the lake and ten tiles the water runs through.
//!
//! The rows are the current printing, whose second plain bend `R1-11` shows a garden; the
//! first-edition printing (set `river-c1`) is the same twelve tiles with that bend plain, so
//! it shares these rows and only the garden is read differently (Rule RI-12). As with River
//! II, water segments (`s`) take no follower and bound the fields on either bank (RI-06,
//! RI-08); on the spring and the lake the grass runs all round the water.

pub(super) const ROWS: &str = "
R1-01 1 | f1 f1 f1 / f1 s1 f1 / f1 f1 f1 / f1 f1 f1 | spring
R1-02 1 | f1 f1 f1 / f1 f1 f1 / f1 f1 f1 / f1 s1 f1 | lake
R1-03 1 | c1 c1 c1 / f1 s1 f2 / c2 c2 c2 / f2 s1 f1 | f1>c1 f2>c2
R1-04 1 | c1 c1 c1 / f1 s1 f3 / f3 r1 f4 / f4 s1 f2 | f1>c1 f2>c1
R1-05 1 | f1 f1 f1 / f1 s1 f2 / f2 r1 f3 / f3 s1 f1 | cloister
R1-06 1 | f1 s1 f2 / f2 r1 f3 / f3 s1 f4 / f4 r1 f1 |
R1-07 2 | f1 f1 f1 / f1 s1 f2 / f2 f2 f2 / f2 s1 f1 |
R1-08 1 | c1 c1 c1 / f1 s1 f2 / f2 s1 f1 / c1 c1 c1 | f1>c1
R1-09 1 | f1 r1 f2 / f2 r1 f1 / f1 s1 f3 / f3 s1 f1 |
R1-10 1 | f1 f1 f1 / f1 f1 f1 / f1 s1 f2 / f2 s1 f1 |
R1-11 1 | f1 f1 f1 / f1 f1 f1 / f1 s1 f2 / f2 s1 f1 | garden
";
