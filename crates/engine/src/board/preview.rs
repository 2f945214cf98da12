//! The features of a tile not yet laid as they would be once it lies: read off the feature
//! graph as it is, without laying the tile on a copy of the board. A builder or pig is
//! offered only where its feature holds a follower of its owner's and, for the builder, stays
//! open (T-07, T-16), which a playout asks of most tiles laid.

use super::feature::road_ends;
use super::Board;
use crate::coord::{Cell, Rotation, Side};
use crate::player::ByPlayer;
use crate::tile::{FeatureKind, TileId};

/// One feature of the tile as it would be once laid with everything it joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preview {
    pub(crate) kind: FeatureKind,
    pub(crate) complete: bool,
    pub(crate) followers: ByPlayer<u8>,
}

/// A feature in the preview: a segment of the tile or a feature of the board it meets,
/// merged as [`Board::union`] merges them, with the counts that union adds up.
#[derive(Clone, Copy)]
struct Node {
    parent: usize,
    kind: FeatureKind,
    open: u32,
    followers: ByPlayer<u8>,
}

fn root(nodes: &[Node], mut i: usize) -> usize {
    while nodes[i].parent != i {
        i = nodes[i].parent;
    }
    i
}

fn union(nodes: &mut [Node], a: usize, b: usize) -> usize {
    let (a, b) = (root(nodes, a), root(nodes, b));
    if a != b {
        nodes[b].parent = a;
        let absorbed = nodes[b];
        nodes[a].open += absorbed.open;
        nodes[a].followers.add(&absorbed.followers);
    }
    a
}

impl Board {
    /// Each segment of `tile` lying at `cell` with `rotation` (not yet placed), by local
    /// index, as the feature it would be part of: what laying it ([`Board::place`]), then
    /// joining its road ends where `tree_junction` (V-08), then closing its ends on the sides
    /// `closed` (V-10) would make of it. The tile must fit there.
    pub(crate) fn preview(
        &self,
        tile: TileId,
        cell: Cell,
        rotation: Rotation,
        tree_junction: bool,
        closed: impl Fn(Side) -> bool,
    ) -> Vec<Preview> {
        let def = tile.def();
        let mut nodes: Vec<Node> = (def.features.iter().enumerate())
            .map(|(i, f)| Node { parent: i, kind: f.kind, open: f.edge_count(), followers: ByPlayer::default() })
            .collect();
        // The board's features met, each as one node: (its root segment, its node).
        let mut met: Vec<(super::SegmentId, usize)> = Vec::new();
        for side in Side::ALL {
            let Some(n) = self.tile_at(cell.step(side)) else { continue };
            for k in 0..3 {
                let ours = def.feature_at_board_slot(rotation, side.index() * 3 + k);
                let theirs = n.segment_at_slot(side.opposite().index() * 3 + 2 - k);
                let (Some(ours), Some(theirs)) = (ours, theirs) else { continue };
                let board_root = self.root(theirs);
                let node = match met.iter().find(|&&(s, _)| s == board_root) {
                    Some(&(_, node)) => node,
                    None => {
                        let st = &self.state[board_root as usize];
                        nodes.push(Node { parent: nodes.len(), kind: st.kind, open: st.open, followers: st.followers });
                        met.push((board_root, nodes.len() - 1));
                        nodes.len() - 1
                    }
                };
                let joined = union(&mut nodes, node, ours as usize);
                if k == 1 && nodes[joined].kind.closes_by_edges() {
                    nodes[joined].open -= 2;
                }
            }
        }
        if tree_junction {
            let mut ends = road_ends(def);
            if let Some(first) = ends.next() {
                for end in ends {
                    union(&mut nodes, first as usize, end as usize);
                }
            }
        }
        for side in Side::ALL.into_iter().filter(|&s| closed(s)) {
            if let Some(local) = def.feature_at_board_slot(rotation, side.index() * 3 + 1) {
                let r = root(&nodes, local as usize);
                if nodes[r].kind.closes_by_edges() && nodes[r].open > 0 {
                    nodes[r].open -= 1;
                }
            }
        }
        let surrounded = || cell.surrounding().iter().all(|&c| self.index_at(c).is_some());
        (0..def.features.len())
            .map(|local| {
                let node = nodes[root(&nodes, local)];
                let complete =
                    if node.kind.is_building() { surrounded() } else { node.kind.closes_by_edges() && node.open == 0 };
                Preview { kind: node.kind, complete, followers: node.followers }
            })
            .collect()
    }
}
