//! Traders & Builders: 24 land tiles, twenty of them with one goods symbol in a city (wine 9,
//! grain 6, cloth 5; Rule T-01), and no pennant (QX-17). `TB08` and `TB11` carry a garden,
//! shown with the abbot (QX-18).
//!
//! Where the grass is enclosed (`TB03`, `TB04`, `TB06`, `TB14`), reaches a city past a road end
//! or between two cities (`TB08`, `TB09`, `TB10`), or where a city wall reaches a corner
//! (`TB07`, `TB12`, `TB22`), the border ring cannot show which cities a field touches: the
//! rows declare it as the sources give it (T-19). `TB24`'s two roads cross without a junction,
//! so they stay two roads.

pub(super) const ROWS: &str = "
TB01 1 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / c1 c1 c1 | grain:c1 f1>c1
TB02 1 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / c1 c1 c1 | wine:c1 f1>c1
TB03 1 | f1 f1 f1 / c1 c1 c1 / c2 c2 c2 / c1 c1 c1 | cloth:c1 I=f2 f1>c1 f2>c1,c2
TB04 1 | f1 f1 f1 / c1 c1 c1 / c2 c2 c2 / c1 c1 c1 | wine:c1 I=f2 f1>c1 f2>c1,c2
TB05 1 | c1 c1 c1 / c1 c1 c1 / f1 f1 f1 / c1 c1 c1 | grain:c1 f1>c1
TB06 1 | c1 c1 c1 / c3 c3 c3 / c2 c2 c2 / c1 c1 c1 | cloth:c1 I=f1 f1>c1,c2,c3
TB07 1 | c1 c1 c1 / f4 r2 f3 / f2 r1 f1 / c1 c1 c1 | cloth:c1 f1>c1 f2>c1 f3>c1 f4>c1
TB08 1 | c1 c1 c1 / f3 r2 f2 / f2 r1 f1 / c1 c1 c1 | wine:c1 garden f1>c1 f2>c1 f3>c1
TB09 1 | c1 c1 c1 / f1 r1 f2 / c2 c2 c2 / c1 c1 c1 | cloth:c1 f1>c1 f2>c1,c2
TB10 1 | c1 c1 c1 / f1 r1 f2 / c2 c2 c2 / c1 c1 c1 | grain:c1 f1>c1 f2>c1,c2
TB11 1 | c1 c1 c1 / f1 r1 f2 / f2 f2 f2 / c1 c1 c1 | cloth:c1 garden f1>c1 f2>c1
TB12 1 | c1 c1 c1 / f1 r1 f2 / f3 f3 f3 / c1 c1 c1 | wine:c1 f1>c1 f2>c1 f3>c1
TB13 1 | c1 c1 c1 / c1 c1 c1 / f2 r1 f1 / c1 c1 c1 | wine:c1 f1>c1 f2>c1
TB14 1 | c1 c1 c1 / c2 c2 c2 / c2 c2 c2 / c1 c1 c1 | wine:c1 I=f1 f1>c1,c2
TB15 1 | f1 f1 f1 / c1 c1 c1 / f2 f2 f2 / c1 c1 c1 | wine:c1 f1>c1 f2>c1
TB16 1 | c1 c1 c1 / f1 r1 f2 / f2 f2 f2 / f2 f2 f2 | f1>c1 f2>c1
TB17 1 | f1 f1 f1 / c1 c1 c1 / f3 r1 f2 / c1 c1 c1 | grain:c1 f1>c1 f2>c1 f3>c1
TB18 1 | f1 f1 f1 / c1 c1 c1 / f3 r1 f2 / c1 c1 c1 | wine:c1 f1>c1 f2>c1 f3>c1
TB19 1 | f1 r1 f2 / c1 c1 c1 / f3 r2 f4 / c1 c1 c1 | wine:c1 f1>c1 f2>c1 f3>c1 f4>c1
TB20 1 | f1 f1 f1 / f1 r1 f2 / f2 r2 f3 / f3 r3 f1 | cloister
TB21 1 | c1 c1 c1 / f2 f2 f2 / f2 r1 f1 / c1 c1 c1 | grain:c1 f1>c1 f2>c1
TB22 1 | c1 c1 c1 / f3 f3 f3 / f2 r1 f1 / c1 c1 c1 | grain:c1 f1>c1 f2>c1 f3>c1
TB23 1 | c1 c1 c1 / f3 f3 f3 / f3 r2 f2 / f2 r1 f1 | f1>c1 f3>c1
TB24 1 | f1 r1 f2 / f2 r2 f3 / f3 r1 f4 / f4 r2 f1 |
";
