//! The City of Carcassonne: twelve tiles laid as one 4 × 3 block instead of the start tile.
//!
//! `-` marks a half-edge inside the walls. Every field on these tiles also borders the City of
//! Carcassonne itself, which counts as one completed city for farms (Rule C-21); the block
//! carries that as the `carcassonne` extra.

pub(super) const ROWS: &str = "
CO1  1 | f1 f1 f1 / f1 -  -  / -  -  f2 / f2 r1 f1 | carcassonne
CO2  1 | f1 f1 f1 / f1 -  -  / -  -  -  / -  -  f1 | carcassonne
CO3  1 | f1 f1 f1 / f1 -  -  / -  -  -  / -  -  f1 | carcassonne
CO4  1 | f1 r1 f2 / f2 f2 f2 / f2 -  -  / -  -  f1 | carcassonne
CO5  1 | f1 -  -  / -  -  -  / -  -  f1 / f1 f1 f1 | carcassonne
CO6  1 | -  -  -  / -  -  -  / -  -  -  / -  -  -  | carcassonne
CO7  1 | -  -  -  / -  -  -  / -  -  -  / -  -  -  | carcassonne
CO8  1 | -  -  f1 / f1 f1 f1 / f1 -  -  / -  -  -  | carcassonne
CO9  1 | f1 -  -  / -  -  f1 / c1 c1 c1 / f1 f1 f1 | carcassonne f1>c1
CO10 1 | -  -  -  / -  -  f1 / f1 f1 f1 / f1 -  -  | carcassonne
CO11 1 | -  -  -  / -  -  f1 / f1 r1 f2 / f2 -  -  | carcassonne
CO12 1 | -  -  f1 / c1 c1 c1 / f1 f1 f1 / f1 -  -  | carcassonne f1>c1
";
