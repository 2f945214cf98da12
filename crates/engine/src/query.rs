//! Questions the table asks between turns: what is still open, what can never be finished,
//! how many tiles in the bag could finish a feature with one placement, and what a place on
//! the board belongs to. Where followers may leave the City for at the end is a rule of the
//! Count's, asked in `game/count.rs`.
//!
//! Answers only read the game. "Fits" means the cell's current neighbours allow the tile;
//! neighbours are only ever added, so a cell no remaining tile fits now stays unfillable.

use crate::board::{Board, FeatureView, SegmentId};
use crate::coord::{Cell, Port, Rotation};
use crate::event::ScoreSource;
use crate::game::Game;
use crate::player::PlayerId;
use crate::tile::{FeatureKind, TileId};

/// An unfinished road, city, cloister or shrine with followers on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenFeature {
    /// Road, city, cloister or shrine.
    pub kind: FeatureKind,
    /// A place naming it.
    pub anchor: (Cell, Port),
    /// Its tiles so far.
    pub tiles: Vec<Cell>,
    /// Followers on it, per player.
    pub followers: Vec<(PlayerId, u8)>,
    /// Empty cells it still needs filled.
    pub open_cells: Vec<Cell>,
    /// `false` when some needed cell takes no tile left in the bag: it can never be finished.
    pub can_finish: bool,
    /// When one more tile could finish it: how many tiles left in the bag would.
    pub closers: Option<u32>,
}

impl Game {
    /// Unfinished occupied features, in the order their first follower was placed.
    pub fn open_features(&self) -> Vec<OpenFeature> {
        let board = self.board();
        let mut seen: Vec<SegmentId> = Vec::new();
        let mut out = Vec::new();
        for f in board.followers() {
            let root = board.root(f.segment);
            let kind = board.kind(root);
            if seen.contains(&root)
                || matches!(kind, FeatureKind::Field | FeatureKind::River)
                || board.is_complete(root)
            {
                continue;
            }
            seen.push(root);
            let view = board.view(root);
            let open_cells =
                if kind.is_building() { board.empty_around(view.tiles[0]) } else { board.open_cells(root) };
            let can_finish = open_cells.iter().all(|&c| self.fits_any(c));
            let closers = (open_cells.len() == 1 && can_finish).then(|| self.count_closers(root, open_cells[0]));
            out.push(OpenFeature {
                kind,
                anchor: view.anchor,
                tiles: view.tiles,
                followers: board.followers_on(root).present(),
                open_cells,
                can_finish,
                closers,
            });
        }
        out
    }

    /// Whether some tile left in the bag could go at `cell` now (or, for a cell that touches
    /// nothing yet, whether any tile is left).
    fn fits_any(&self, cell: Cell) -> bool {
        let board = self.board();
        if !board.is_frontier(cell) {
            return self.tiles_left() > 0;
        }
        self.bag().into_iter().any(|(t, _)| Rotation::ALL.iter().any(|&r| board.check_placement(t, cell, r).is_ok()))
    }

    /// Tiles left in the bag that would finish `feature` if put at `cell`.
    fn count_closers(&self, feature: SegmentId, cell: Cell) -> u32 {
        let board = self.board();
        let anchor = board.anchor(feature);
        self.bag()
            .into_iter()
            .filter(|&(t, _)| Rotation::ALL.iter().any(|&r| closes(board, t, cell, r, anchor)))
            .map(|(_, n)| n as u32)
            .sum()
    }
}

fn closes(board: &Board, tile: TileId, cell: Cell, rotation: Rotation, anchor: (Cell, Port)) -> bool {
    if board.check_placement(tile, cell, rotation).is_err() {
        return false;
    }
    let mut trial = board.clone();
    trial.place(tile, cell, rotation);
    trial.feature_at(anchor.0, anchor.1).is_some_and(|f| trial.is_complete(f))
}

impl Game {
    /// The feature at a place, as it stands: its kind, tiles and whether it is complete;
    /// `None` when no tile or no feature is there. The UI uses it to light up a whole city a
    /// farm supplies, or the feature a follower would join.
    pub fn feature_at(&self, cell: Cell, port: Port) -> Option<FeatureView> {
        let feature = self.board().feature_at(cell, port)?;
        Some(self.board().view(feature))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Cell, Game, GameSetup, Move, Port, Rotation, TileId};

    fn id(n: &str) -> TileId {
        TileId::from_name(n).unwrap()
    }

    #[test]
    fn a_city_one_tile_from_done_counts_its_closers() {
        let mut g = Game::new(GameSetup::base(&["Red", "Blue"])).unwrap();
        // Red: a knight on the start tile's city by extending it north with a city band.
        g.apply(&Move::place(id("F"), Cell::new(0, -1), Rotation::R90, Some(Port::N))).unwrap();
        let open = g.open_features();
        assert_eq!(open.len(), 1, "one occupied unfinished city");
        let city = &open[0];
        assert_eq!(city.open_cells, vec![Cell::new(0, -2)], "the city continues north only");
        assert!(city.can_finish);
        // Any city cap pointing south closes it: E (5), plus tiles whose only city edge
        // can face south alone and close: none of the band or bigger city tiles do.
        let closers = city.closers.expect("one cell left");
        assert!(closers >= 5, "at least the five E caps close it, got {closers}");
    }
}

/// What one player's points came from, and the largest features they scored: what a game
/// night's ledger keeps of a finished game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerSummary {
    /// Points from roads.
    pub roads: u32,
    /// Points from cities.
    pub cities: u32,
    /// Points from cloisters and shrines.
    pub cloisters: u32,
    /// Points from farms.
    pub farms: u32,
    /// Points from the King and the Robber.
    pub king_robber: u32,
    /// Points from goods (T-05).
    pub goods: u32,
    /// Points from gold ingots (GM-07).
    pub gold: u32,
    /// Tiles of the biggest completed city the player scored, if any.
    pub biggest_city: Option<u32>,
    /// Tiles of the longest completed road the player scored, if any.
    pub longest_road: Option<u32>,
}

impl Game {
    /// Each player's points by kind and largest scored features, from the score events.
    pub fn summaries(&self) -> Vec<PlayerSummary> {
        let mut out = vec![PlayerSummary::default(); self.player_count()];
        for e in self.events() {
            let crate::Event::Scored(s) = e else { continue };
            for p in s.winners.iter() {
                let sum = &mut out[p.index()];
                let tiles = s.tiles.len() as u32;
                match s.source {
                    ScoreSource::Road => {
                        sum.roads += s.points;
                        if s.complete {
                            sum.longest_road = sum.longest_road.max(Some(tiles));
                        }
                    }
                    ScoreSource::City => {
                        sum.cities += s.points;
                        if s.complete {
                            sum.biggest_city = sum.biggest_city.max(Some(tiles));
                        }
                    }
                    // A garden is paid as a cloister is, and counted with them.
                    ScoreSource::Cloister | ScoreSource::Shrine | ScoreSource::Garden => sum.cloisters += s.points,
                    ScoreSource::Farm | ScoreSource::FarmCity => sum.farms += s.points,
                    ScoreSource::King | ScoreSource::Robber => sum.king_robber += s.points,
                    ScoreSource::Goods => sum.goods += s.points,
                    ScoreSource::Gold => sum.gold += s.points,
                }
            }
        }
        out
    }
}
