//! Gold Mines: 8 land tiles, each with a gold symbol (Rule GM-01), four of them with a cloister
//! (`GM01` to `GM04`). No pennant, inn, cathedral, goods or garden on any of them.
//!
//! The rows follow the layouts JCloisterZone gives these tiles; the printed tiles were not
//! compared. `GM07`'s road crosses its city band as one road, as there; `GM08`'s two roads
//! cross without a junction, so they stay two roads (as `TB24`).

pub(super) const ROWS: &str = "
GM01 1 | f1 f1 f1 / f1 r1 f2 / f2 r1 f1 / f1 f1 f1 | gold cloister
GM02 1 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / c1 c1 c1 | gold cloister f1>c1
GM03 1 | c1 c1 c1 / f1 r1 f2 / f2 r1 f1 / c1 c1 c1 | gold cloister f1>c1
GM04 1 | f3 r1 f1 / f1 r1 f3 / f3 r2 f2 / f2 r2 f3 | gold cloister
GM05 1 | f1 r1 f3 / f3 r2 f2 / f2 r2 f3 / f3 r1 f1 | gold
GM06 1 | c1 c1 c1 / f1 r1 f2 / f2 r1 f1 / c1 c1 c1 | gold f1>c1
GM07 1 | f1 r1 f2 / c1 c1 c1 / f3 r1 f4 / c1 c1 c1 | gold f1>c1 f2>c1 f3>c1 f4>c1
GM08 1 | f1 r1 f2 / f2 r2 f3 / f3 r1 f4 / f4 r2 f1 | gold
";
