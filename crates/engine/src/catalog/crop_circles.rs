//! Crop Circles: six land tiles, each with a crop circle in its centre showing a shield, a
//! club or a pitchfork, two of each (Rules CC-01, CC-04). The Big Box prints the Crop Circles
//! II layouts (`CC01` to `CC06`); the first set of 2010 had six others (`CI01` to `CI06`),
//! offered as a set of their own (QB-21).
//!
//! The circle is no feature and takes no figure (CC-02): a road that reaches it ends there, so
//! `CC01`'s eastern road, `CC02`'s northern and eastern roads, `CC03`'s southern road and
//! `CC04`'s two roads are roads of their own; a field it lies across is two fields (`CC05`'s
//! west and east). Where the grass runs round the circle between it and a city (`CC03`, the
//! first set's `CI03` and `CI04`) it stays one field, as the other engine's layouts draw it;
//! `docs/tiles-expansions.md` says what could not be checked against the printed tiles.

pub(super) const ROWS: &str = "
CC01 1 | f1 f1 f1 / f1 r2 f2 / f2 r1 f3 / f3 r1 f1 | crop:club
CC02 1 | f1 r2 f2 / f2 r3 f1 / f1 r1 f3 / f3 r1 f1 | crop:club
CC03 1 | c1 c1 c1 / f1 f1 f1 / f1 r1 f1 / f1 f1 f1 | crop:pitchfork f1>c1
CC04 1 | c1 c1 c1 / f1 r2 f2 / f2 f2 f2 / f2 r1 f1 | crop:pitchfork f1>c1
CC05 1 | c1 c1 c1 / f2 f2 f2 / c2 c2 c2 / f1 f1 f1 | crop:shield f1>c1,c2 f2>c1,c2
CC06 1 | c1 c1 c1 / c2 c2 c2 / c2 c2 c2 / c1 c1 c1 | crop:shield
";

pub(super) const FIRST_ROWS: &str = "
CI01 1 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / c1 c1 c1 | crop:shield f1>c1
CI02 1 | c1 c1 c1 / c2 c2 c2 / f1 f1 f1 / f1 f1 f1 | crop:shield f1>c1,c2
CI03 1 | c1 c1 c1 / f1 r1 f1 / f1 f1 f1 / f1 f1 f1 | crop:pitchfork f1>c1
CI04 1 | f1 f1 f1 / f1 f1 f1 / f1 r1 f2 / f2 r1 f1 | crop:club
CI05 1 | c1 c1 c1 / f1 f1 f1 / f1 r1 f2 / f2 r1 f1 | crop:pitchfork f1>c1
CI06 1 | f3 r1 f1 / f1 f1 f1 / f1 r3 f2 / f2 r2 f3 | crop:club
";
