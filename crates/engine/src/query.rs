//! Questions the table asks between turns: what is still open, what can never be finished,
//! how many tiles in the bag could finish a feature with one placement, what a place on the
//! board belongs to, and where followers may leave the City for at the end.
//!
//! Answers only read the game. "Fits" means the cell's current neighbours allow the tile;
//! neighbours are only ever added, so a cell no remaining tile fits now stays unfillable.

use crate::board::{Board, FeatureView, SegmentId};
use crate::coord::{Cell, Port, Rotation};
use crate::count::{MoveOption, Quarter};
use crate::event::ScoreSource;
use crate::game::Game;
use crate::player::PlayerId;
use crate::rules::FarmRule;
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

    /// The quarters a follower entering the City may go to: any (C-05), but with the V-20
    /// option not the one where the Count stands. Empty without the Count.
    pub fn entry_quarters(&self) -> Vec<Quarter> {
        let Some(city) = self.city() else { return Vec::new() };
        let locked = self.rules().count_lock_entry.then_some(city.count_at);
        Quarter::ALL.into_iter().filter(|&q| Some(q) != locked).collect()
    }

    /// Who may take which followers out of the City before the final count, and where to
    /// (Rule C-19): each player's followers in each quarter but the Count's, with the features
    /// open to them, in seat order (any order of moves is possible, Q-07). Empty without the
    /// Count or once counted.
    pub fn final_move_options(&self) -> Vec<MoveOption> {
        let Some(city) = self.city() else { return Vec::new() };
        let mut out = Vec::new();
        for p in (0..self.player_count() as u8).map(PlayerId) {
            for q in Quarter::ALL {
                let available = city.followers(q)[p];
                if available == 0 || !self.may_leave_before_count(q) {
                    continue;
                }
                out.push(MoveOption { player: p, quarter: q, available, features: self.final_move_targets(q) });
            }
        }
        out
    }

    /// Whether followers may still leave `quarter` before the final count (Rule C-19): in a
    /// Count game not yet counted, from any quarter but the Count's.
    fn may_leave_before_count(&self, quarter: Quarter) -> bool {
        self.city().is_some_and(|city| quarter != city.count_at) && !self.is_finished()
    }

    /// Where a follower leaving `quarter` before the final count may go (Rule C-19): every
    /// unfinished feature its quarter feeds, occupied or not, or any farm for the market;
    /// each named by one place. Empty without the Count, from the Count's own quarter, or once
    /// the game is counted.
    pub fn final_move_targets(&self, quarter: Quarter) -> Vec<(Cell, Port)> {
        if !self.may_leave_before_count(quarter) {
            return Vec::new();
        }
        let board = self.board();
        let farms = self.rules().farms != FarmRule::Off;
        board
            .features()
            .filter(|&f| {
                let kind = board.kind(f);
                quarter.feeds(kind) && if kind == FeatureKind::Field { farms } else { !board.is_complete(f) }
            })
            .map(|f| board.anchor(f))
            .collect()
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

    #[test]
    fn followers_leave_the_city_at_the_end_for_what_their_quarter_feeds() {
        use crate::{Quarter, Start, TileSet};
        let mut setup = GameSetup::base(&["Red", "Blue"]);
        setup.sets.push(TileSet::Count);
        setup.start = Start::Count;
        let mut g = Game::new(setup).unwrap();
        assert!(g.final_move_targets(Quarter::Castle).is_empty(), "the Count stands in the castle");
        assert!(g.final_move_targets(Quarter::Cathedral).is_empty(), "no cloister on the table");
        assert_eq!(g.final_move_targets(Quarter::Blacksmith).len(), 3, "the roads out of the three gates");
        let farms = g.final_move_targets(Quarter::Market);
        assert!(!farms.is_empty());
        let (cell, port) = farms[0];
        assert_eq!(g.feature_at(cell, port).map(|f| f.kind), Some(crate::FeatureKind::Field));
        assert!(g.final_move_options().is_empty(), "nobody in the City");
        assert_eq!(g.entry_quarters(), Quarter::ALL.to_vec(), "any quarter by default, the Count's too");
        g.finish().unwrap();
        assert!(g.final_move_targets(Quarter::Market).is_empty(), "counted already");
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
                    ScoreSource::Cloister | ScoreSource::Shrine => sum.cloisters += s.points,
                    ScoreSource::Farm | ScoreSource::FarmCity => sum.farms += s.points,
                    ScoreSource::King | ScoreSource::Robber => sum.king_robber += s.points,
                }
            }
        }
        out
    }
}
