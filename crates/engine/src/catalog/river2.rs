//! River II: the spring, the fork, two lakes and eight river tiles. River segments (`s`) take
//! no follower and separate fields. `R2-11`'s big field shows a herd of pigs.
//!
//! `R2-09G` is the current printing's garden bend (Rule A-02): `R2-09` with a garden. It has no
//! copy of its own; in a game with the abbot it takes `R2-09`'s place in the bag (`setup.rs`).
//! Its row is River II's, not the abbot's, because it is a river tile: it is drawn in River
//! II's order and continues the river like any other.

pub(super) const ROWS: &str = "
R2-01 1 | f1 f1 f1 / f1 s1 f1 / f1 f1 f1 / f1 f1 f1 | spring
R2-02 1 | f1 f1 f1 / c1 c1 c1 / f2 f2 f2 / f2 s1 f1 | lake f1>c1 f2>c1
R2-03 1 | f1 f1 f1 / f1 f1 f1 / f1 f1 f1 / f1 s1 f1 | lake volcano
R2-04 1 | f1 s1 f2 / f2 s1 f3 / f3 f3 f3 / f3 s1 f1 | fork
R2-05 1 | f2 s1 f1 / c1 c1 c1 / f1 s1 f2 / c1 c1 c1 | f1>c1 f2>c1
R2-06 1 | f1 f1 f1 / f1 s1 f2 / f2 f2 f2 / f2 s1 f1 | cloister
R2-07 1 | f1 s1 f2 / f2 r1 f3 / f3 s1 f4 / f4 r1 f1 | inn:r1
R2-08 1 | c1 c1 c1 / f1 s1 f3 / f3 r1 f4 / f4 s1 f2 | f1>c1 f2>c1
R2-09 1 | f1 f1 f1 / f1 f1 f1 / f1 s1 f2 / f2 s1 f1 |
R2-10 1 | c1 c1 c1 / f1 s1 f2 / f2 s1 f1 / c1 c1 c1 | c1+ f1>c1
R2-11 1 | f2 s1 f1 / f1 f1 f1 / f1 f1 f1 / f1 s1 f2 | herd:f1
R2-12 1 | f1 r1 f2 / f2 r1 f1 / f1 s1 f3 / f3 s1 f1 |
R2-09G 0 | f1 f1 f1 / f1 f1 f1 / f1 s1 f2 / f2 s1 f1 | garden
";
