//! The five land tiles of King & Robber. KR5's grass is enclosed by its two crossing cities:
//! two inner fields, `I` and `II`, each bordering both cities.

pub(super) const ROWS: &str = "
KR1 1 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / f1 f1 f1 | cloister f1>c1
KR2 1 | c1 c1 c1 / f2 f2 f2 / f2 f2 f2 / f2 r1 f1 | f1>c1 f2>c1
KR3 1 | c1 c1 c1 / f2 r2 f3 / f3 r2 f2 / f2 r1 f1 | f1>c1 f2>c1
KR4 1 | c1 c1 c1 / f4 r2 f3 / f2 r1 f1 / c1 c1 c1 | f1>c1 f2>c1 f3>c1 f4>c1
KR5 1 | c2 c2 c2 / c1 c1 c1 / c2 c2 c2 / c1 c1 c1 | I=f1 II=f2 f1>c1,c2 f2>c1,c2
";
