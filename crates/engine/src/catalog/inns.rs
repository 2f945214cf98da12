//! Inns & Cathedrals: 17 designs, 18 tiles — the cathedral `IC01` twice — with six inns
//! (`IC11` to `IC16`) and two cathedrals (Rules I-01, I-10). The rows and their sources are in
//! `docs/tiles-expansions.md`.
//!
//! Where the border ring cannot show a field's contacts, the rows declare them as the sources
//! give them: `IC03`'s inner grass touches all four caps (I-17), `IC04`'s southern field all
//! three. `IC14`'s inn stands by its eastern road only (QX-19). The gardens of `IC03` and
//! `IC15` are the current printing's, shown only with the abbot (QX-18).

pub(super) const ROWS: &str = "
IC01 2 | c1 c1 c1 / c1 c1 c1 / c1 c1 c1 / c1 c1 c1 | cathedral:c1
IC02 1 | f2 f2 f2 / f2 r2 f1 / f1 f1 f1 / f1 r1 f2 | cloister
IC03 1 | c1 c1 c1 / c3 c3 c3 / c4 c4 c4 / c2 c2 c2 | garden I=f1 f1>c1,c2,c3,c4
IC04 1 | c1 c1 c1 / c3 c3 c3 / f1 f1 f1 / c2 c2 c2 | f1>c1,c2,c3
IC05 1 | c1 c1 c1 / f3 r2 f1 / c2 c2 c2 / f2 r1 f4 | f1>c2 f2>c2 f3>c1 f4>c1
IC06 1 | c1 c1 c1 / f1 f1 f1 / c2 c2 c2 / c1 c1 c1 | c1+ f1>c1,c2
IC07 1 | c1 c1 c1 / f1 f1 f1 / f2 f2 f2 / f2 f2 f2 | f1>c1 f2>c1
IC08 1 | c1 c1 c1 / f2 f2 f2 / f2 r1 f1 / f1 f1 f1 | f1>c1 f2>c1
IC09 1 | c1 c1 c1 / f1 r1 f2 / f2 f2 f2 / c1 c1 c1 | f1>c1 f2>c1
IC10 1 | f1 r1 f2 / c1 c1 c1 / f3 r2 f4 / c1 c1 c1 | c1+ f1>c1 f2>c1 f3>c1 f4>c1
IC11 1 | c1 c1 c1 / f2 f2 f2 / f2 r1 f1 / c1 c1 c1 | inn:r1 f1>c1 f2>c1
IC12 1 | c1 c1 c1 / f2 f2 f2 / f2 r1 f1 / f1 r1 f2 | inn:r1 f2>c1
IC13 1 | c1 c1 c1 / f2 r1 f1 / f1 r1 f2 / c1 c1 c1 | c1+ inn:r1 f2>c1
IC14 1 | f1 f1 f1 / f1 r1 f3 / f3 r3 f2 / f2 r2 f1 | inn:r1
IC15 1 | f1 f1 f1 / f1 r1 f2 / f2 f2 f2 / f2 r1 f1 | inn:r1 garden
IC16 1 | f1 f1 f1 / f1 f1 f1 / f1 r1 f2 / f2 r1 f1 | inn:r1
IC17 1 | f1 r1 f3 / f3 r2 f2 / f2 r2 f3 / f3 r1 f1 |
";
