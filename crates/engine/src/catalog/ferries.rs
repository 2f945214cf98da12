//! Ferries (Big Box): 8 land tiles, each with a ferry lake in its middle where every road of
//! the tile ends (FE-01, FE-02). Three show a city cap north of the lake (`FE01` to `FE03`),
//! four three road ends with grass north (`FE04` to `FE07`), one four road ends (`FE08`).
//!
//! Each road end is a segment of its own, ending on the tile; the ferry put on the lake joins
//! two of them (FE-04). The lake joins no fields: the grass between two road ends stays its
//! own field. The layouts follow JCloisterZone's tile data; the printed tiles were not
//! compared (see `docs/tiles-expansions.md`).

pub(super) const ROWS: &str = "
FE01 1 | c1 c1 c1 / f1 r3 f2 / f2 r2 f3 / f3 r1 f1 | ferry f1>c1
FE02 1 | c1 c1 c1 / f1 r3 f2 / f2 r2 f3 / f3 r1 f1 | ferry f1>c1
FE03 1 | c1 c1 c1 / f1 r3 f2 / f2 r2 f3 / f3 r1 f1 | ferry f1>c1
FE04 1 | f1 f1 f1 / f1 r3 f2 / f2 r2 f3 / f3 r1 f1 | ferry
FE05 1 | f1 f1 f1 / f1 r3 f2 / f2 r2 f3 / f3 r1 f1 | ferry
FE06 1 | f1 f1 f1 / f1 r3 f2 / f2 r2 f3 / f3 r1 f1 | ferry
FE07 1 | f1 f1 f1 / f1 r3 f2 / f2 r2 f3 / f3 r1 f1 | ferry
FE08 1 | f1 r1 f2 / f2 r4 f3 / f3 r3 f4 / f4 r2 f1 | ferry
";
