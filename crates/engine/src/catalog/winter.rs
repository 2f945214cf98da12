//! The twelve extra tiles of the Winter Edition (one of each); the rest of that box is the
//! base distribution. The animals drawn on them have no rule effect (Rule W-02).

pub(super) const ROWS: &str = "
WI01 1 | f1 f1 f1 / f1 r1 f2 / f2 r2 f3 / f3 r3 f1 |
WI02 1 | c1 c1 c1 / f2 f2 f2 / f2 f2 f2 / f2 r1 f1 | f1>c1 f2>c1
WI03 1 | c1 c1 c1 / f1 r1 f2 / f2 f2 f2 / f2 f2 f2 | f1>c1 f2>c1
WI04 1 | f1 f1 f1 / f1 f1 f1 / f1 r1 f1 / f1 f1 f1 | cloister
WI05 1 | c1 c1 c1 / f2 f2 f2 / f2 r1 f1 / c1 c1 c1 | f1>c1 f2>c1 inn:r1
WI06 1 | f2 f2 f2 / f2 r2 f1 / f1 f1 f1 / f1 r1 f2 | cloister
WI07 1 | c1 c1 c1 / f1 r1 f2 / f2 r1 f1 / f1 f1 f1 | f1>c1
WI08 1 | c1 c1 c1 / f2 f2 f2 / f2 r1 f1 / f1 f1 f1 | f1>c1 f2>c1
WI09 1 | f1 r1 f3 / f3 r2 f2 / f2 r2 f3 / f3 r1 f1 |
WI10 1 | c1 c1 c1 / f1 r1 f2 / f2 f2 f2 / c1 c1 c1 | f1>c1 f2>c1
WI11 1 | f1 f1 f1 / f1 f1 f1 / f1 r1 f1 / f1 f1 f1 |
WI12 1 | c1 c1 c1 / f2 f2 f2 / f2 r1 f1 / f1 r1 f2 | f2>c1
";
