//! The garden copies of the current printings (Rule A-02): one copy each of the base tiles
//! `E`, `H`, `I`, `M`, `N`, `R`, `U`, `V` and of King & Robber's `KR2` shows a garden. Each
//! row is its plain tile's with the garden added (a garden joins nothing and leaves the field
//! whole, A-03); in a game with the abbot it takes one copy's place in the bag (`setup.rs`).
//!
//! Not here: River II's garden bend `R2-09G`, a river tile whose draw order is River II's (its
//! row is River II's, `river2.rs`), and the River's `R1-11`, whose garden is its own row's.

pub(super) const ROWS: &str = "
EG 1 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / f1 f1 f1 | f1>c1 garden
HG 1 | c1 c1 c1 / f1 f1 f1 / c2 c2 c2 / f1 f1 f1 | f1>c1,c2 garden
IG 1 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / c2 c2 c2 | f1>c1,c2 garden
MG 1 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / c1 c1 c1 | c1+ f1>c1 garden
NG 1 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / c1 c1 c1 | f1>c1 garden
RG 1 | c1 c1 c1 / c1 c1 c1 / f1 f1 f1 / c1 c1 c1 | f1>c1 garden
UG 1 | f1 f1 f1 / f1 r1 f2 / f2 f2 f2 / f2 r1 f1 | garden
VG 1 | f1 f1 f1 / f1 f1 f1 / f1 r1 f2 / f2 r1 f1 | garden
KR2G 1 | c1 c1 c1 / f2 f2 f2 / f2 f2 f2 / f2 r1 f1 | f1>c1 f2>c1 garden
";
