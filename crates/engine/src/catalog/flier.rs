//! Flying Machines (Big Box): 8 land tiles, each with a flying machine drawn on it (Rule
//! FM-01). The machine is no feature (FM-02): it splits no field and takes no figure, so a row
//! only marks where it points at rotation 0 (`flier:W`, `flier:NW`), which turns with the tile
//! (FM-05). Two plain fields (`FM01`, `FM02`), three straight roads (`FM03` to `FM05`: `FM04`
//! flies across its road, `FM05` along it) and three road curves (`FM06` to `FM08`).
//!
//! `FM01` shows a garden in the printings since the Big Box of 2017, shown with the abbot as
//! every garden is (QX-18). The layouts follow JCloisterZone's tile data; no printed tile was
//! compared.

pub(super) const ROWS: &str = "
FM01 1 | f1 f1 f1 / f1 f1 f1 / f1 f1 f1 / f1 f1 f1 | flier:NW garden
FM02 1 | f1 f1 f1 / f1 f1 f1 / f1 f1 f1 / f1 f1 f1 | flier:W
FM03 1 | f1 f1 f1 / f1 r1 f2 / f2 f2 f2 / f2 r1 f1 | flier:NW
FM04 1 | f1 r1 f2 / f2 f2 f2 / f2 r1 f1 / f1 f1 f1 | flier:W
FM05 1 | f1 f1 f1 / f1 r1 f2 / f2 f2 f2 / f2 r1 f1 | flier:W
FM06 1 | f1 f1 f1 / f1 r1 f2 / f2 r1 f1 / f1 f1 f1 | flier:NW
FM07 1 | f1 r1 f2 / f2 f2 f2 / f2 f2 f2 / f2 r1 f1 | flier:W
FM08 1 | f2 f2 f2 / f2 f2 f2 / f2 r1 f1 / f1 r1 f2 | flier:W
";
