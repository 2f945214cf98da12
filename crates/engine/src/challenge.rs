//! Heretics and shrines: where a shrine may go, and the challenge between a monk and a
//! heretic standing side by side.
//!
//! A shrine is scored like a cloister (Rule H-02). A shrine may border at most one cloister
//! and a cloister at most one shrine, in the 8-neighbourhood (H-03, Q-03). A challenge starts
//! when a heretic is placed next to an occupied cloister, or a monk next to an occupied
//! shrine, one's own included (H-05 to H-07); the building completed first wins.

use crate::board::{Board, SegmentId};
use crate::coord::Cell;
use crate::tile::{FeatureKind, TileId};

/// A running challenge: a cloister's monk against a shrine's heretic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// The cloister's tile.
    pub cloister: Cell,
    /// The shrine's tile.
    pub shrine: Cell,
    pub(crate) cloister_feature: SegmentId,
    pub(crate) shrine_feature: SegmentId,
}

impl Challenge {
    /// The other building of the pair, if `feature` is one of them.
    pub(crate) fn opponent(&self, feature: SegmentId) -> Option<SegmentId> {
        if feature == self.cloister_feature {
            Some(self.shrine_feature)
        } else if feature == self.shrine_feature {
            Some(self.cloister_feature)
        } else {
            None
        }
    }
}

fn other(kind: FeatureKind) -> FeatureKind {
    if kind == FeatureKind::Shrine {
        FeatureKind::Cloister
    } else {
        FeatureKind::Shrine
    }
}

/// The kind of building on the tile at `cell`, if any.
fn building_at(board: &Board, cell: Cell) -> Option<(FeatureKind, SegmentId)> {
    board.building_at(cell).map(|s| (board.kind(s), s))
}

/// Buildings of `kind` around `cell`.
fn around(board: &Board, cell: Cell, kind: FeatureKind) -> impl Iterator<Item = (Cell, SegmentId)> + '_ {
    cell.surrounding()
        .into_iter()
        .filter_map(move |c| building_at(board, c).filter(|&(k, _)| k == kind).map(|(_, s)| (c, s)))
}

/// Whether a cloister or shrine of `tile` at `cell` would break Rule H-03: it would border
/// two buildings of the other kind, or give a neighbour of the other kind a second one. For
/// one cell the board's buildings are looked through as they lie, with nothing gathered.
pub(crate) fn breaks_neighbour_limit(board: &Board, tile: TileId, cell: Cell) -> bool {
    monastic_kind(tile).is_some_and(|kind| {
        let others = board.buildings().filter(|&(_, s)| board.kind(s) == other(kind)).map(|(c, _)| c);
        broken_among(board, kind, others, cell)
    })
}

/// The kind of the cloister or shrine of `tile`; `None` for a tile with neither, which H-03
/// leaves free. A garden is no cloister: H-03 leaves it out.
fn monastic_kind(tile: TileId) -> Option<FeatureKind> {
    let def = tile.def();
    Some(def.features[def.centre? as usize].kind).filter(|k| k.is_monastic())
}

/// Rule H-03 itself: whether a building of `kind` at `cell` would border two of `others`, the
/// cells of the buildings of the other kind, or give its one such neighbour a second building
/// of `kind`.
fn broken_among(board: &Board, kind: FeatureKind, others: impl Iterator<Item = Cell>, cell: Cell) -> bool {
    // `abs_diff` cannot overflow, even at the far cells of the coordinate range.
    let mut near = others.filter(|c| *c != cell && c.x.abs_diff(cell.x) <= 1 && c.y.abs_diff(cell.y) <= 1);
    let Some(first) = near.next() else { return false };
    near.next().is_some() || around(board, first, kind).next().is_some()
}

/// Rule H-03 for one tile at many cells: the buildings of the other kind than the tile's,
/// gathered once. Most cells lie far from all of them, and a cell is then answered by a few
/// comparisons instead of a look at each of its eight neighbours.
pub(crate) struct NeighbourLimit {
    kind: FeatureKind,
    others: Vec<Cell>,
}

impl NeighbourLimit {
    /// The limit for `tile`; `None` when it has no cloister or shrine.
    pub(crate) fn of(board: &Board, tile: TileId) -> Option<NeighbourLimit> {
        let kind = monastic_kind(tile)?;
        let others = board.buildings().filter(|&(_, s)| board.kind(s) == other(kind)).map(|(c, _)| c).collect();
        Some(NeighbourLimit { kind, others })
    }

    /// [`breaks_neighbour_limit`] for the tile at `cell`.
    pub(crate) fn broken_at(&self, board: &Board, cell: Cell) -> bool {
        broken_among(board, self.kind, self.others.iter().copied(), cell)
    }
}

/// The occupied building of the other kind next to a building placed at `cell`: the one a
/// follower on the new building challenges (H-05, H-06).
pub(crate) fn challenged(board: &Board, cell: Cell, kind: FeatureKind) -> Option<(Cell, SegmentId)> {
    around(board, cell, other(kind)).find(|&(_, s)| board.followers_on(s).total() > 0)
}

#[cfg(test)]
mod tests {
    use super::{around, breaks_neighbour_limit, other};
    use crate::board::Board;
    use crate::coord::Cell;
    use crate::tile::TileId;
    use crate::{playout_move, Game, GameSetup, Picks, TileSet};

    /// H-03 in its own words: a look at each of the eight cells around.
    fn breaks_looking_around(board: &Board, tile: TileId, cell: Cell) -> bool {
        let def = tile.def();
        let Some(kind) = def.centre.map(|c| def.features[c as usize].kind).filter(|k| k.is_monastic()) else {
            return false;
        };
        let others: Vec<_> = around(board, cell, other(kind)).collect();
        others.len() > 1 || others.first().is_some_and(|&(c, _)| around(board, c, kind).next().is_some())
    }

    #[test]
    fn the_gathered_buildings_answer_as_the_eight_neighbours_do() {
        let mut setup = GameSetup::base(&["Anna", "Bram"]);
        setup.sets.extend([TileSet::Shrines, TileSet::Abbot]);
        // Relaxed, buildings crowd together: the limit is already broken here and there.
        setup.rules.relaxed_shrine_placement = true;
        let (mut broken, mut kept) = (0, 0);
        for seed in 0..12 {
            let mut game = Game::new(setup.clone()).unwrap();
            let mut picks = Picks::new(seed);
            let tiles: Vec<TileId> = setup.sets.iter().flat_map(|s| s.tiles()).collect();
            while let Some(mv) = playout_move(&game, &mut |n| picks.below(n)) {
                let board = game.board();
                // Empty cells where a tile may go, the cells of tiles laid, and far cells.
                let far = [Cell::new(i32::MIN, i32::MIN), Cell::new(i32::MAX, 0), Cell::new(0, i32::MAX)];
                let cells: Vec<Cell> =
                    board.frontier().chain(board.tiles().iter().map(|t| t.cell)).chain(far).collect();
                for &tile in &tiles {
                    for &cell in &cells {
                        let expected = breaks_looking_around(board, tile, cell);
                        assert_eq!(
                            breaks_neighbour_limit(board, tile, cell),
                            expected,
                            "seed {seed}: {tile} at {cell}"
                        );
                        *if expected { &mut broken } else { &mut kept } += 1;
                    }
                }
                game.apply(&mv).unwrap();
            }
        }
        assert!(broken > 100 && kept > 100, "both answers seen: {broken} broken, {kept} kept");
    }
}
