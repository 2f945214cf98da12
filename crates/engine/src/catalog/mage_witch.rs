//! Mage & Witch: 8 land tiles, each with a city and the magic symbol (MW-01), which makes the
//! player place or move the mage or the witch (MW-02). `MW08` carries a garden, shown with the
//! abbot (QX-18), as in the printings with gardens.
//!
//! The layouts follow the one machine-readable source found (JCloisterZone's tile data); no
//! printed tile was compared. Road ends stop on the tile (`MW01`'s three roads, `MW04`'s two
//! roads at the city band), so each is a road of its own. `MW03`'s fields are kept as that
//! source gives them: the west field touches all three caps, the east one only the east cap.

pub(super) const ROWS: &str = "
MW01 1 | c1 c1 c1 / f1 r1 f3 / f3 r2 f2 / f2 r3 f1 | magic f1>c1
MW02 1 | c1 c1 c1 / f1 r1 f2 / f2 r1 f1 / c1 c1 c1 | magic f1>c1
MW03 1 | c2 c2 c2 / c3 c3 c3 / f2 r1 f1 / c1 c1 c1 | magic f1>c1,c2,c3 f2>c3
MW04 1 | f1 r1 f2 / c1 c1 c1 / f3 r2 f4 / c1 c1 c1 | magic f1>c1 f2>c1 f3>c1 f4>c1
MW05 1 | c1 c1 c1 / f1 f1 f1 / c2 c2 c2 / f1 f1 f1 | magic f1>c1,c2
MW06 1 | c1 c1 c1 / c1 c1 c1 / f1 r1 f2 / c1 c1 c1 | magic f1>c1 f2>c1
MW07 1 | c1 c1 c1 / f1 r1 f2 / f2 r2 f3 / f3 r2 f2 | magic f1>c1 f2>c1
MW08 1 | c1 c1 c1 / f1 r1 f2 / f2 r1 f1 / c2 c2 c2 | magic garden f1>c1,c2
";
