//! The five shrines (cult places) of the Count, King & Robber box. A shrine is scored like a
//! cloister; its follower is a heretic.

pub(super) const ROWS: &str = "
SH1 1 | f1 f1 f1 / f1 f1 f1 / f1 f1 f1 / f1 f1 f1 | shrine
SH2 1 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / f1 f1 f1 | shrine f1>c1
SH3 1 | f1 f1 f1 / f1 f1 f1 / f1 r1 f1 / f1 f1 f1 | shrine
SH4 1 | c1 c1 c1 / f1 f1 f1 / f1 r1 f1 / f1 f1 f1 | shrine f1>c1
SH5 1 | f1 r1 f2 / f2 f2 f2 / f2 r2 f1 / f1 f1 f1 | shrine
";
