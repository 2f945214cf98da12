//! What the ledger keeps of a finished game: each player's score, points by kind and the
//! largest features they scored.

use castellan_engine::Game;
use castellan_ledger::{PlayerId, PlayerResult, PointsByKind};

/// The ledger results of a finished game, for the players seated in turn order. A final
/// board's scores before the end count (`track`, by seat) are part of each total; they are
/// points of no kind the tiles can show, so the points by kind are the end count's alone.
pub fn results(game: &Game, seated: &[PlayerId], track: Option<&[u32]>) -> Vec<PlayerResult> {
    game.summaries()
        .into_iter()
        .zip(castellan_script::with_track(game.scores(), track))
        .zip(seated)
        .map(|((s, score), &player)| PlayerResult {
            player,
            score,
            points: PointsByKind {
                roads: s.roads,
                cities: s.cities,
                cloisters: s.cloisters,
                farms: s.farms,
                king_robber: s.king_robber,
                // Count followers score through the features they move onto; nothing is
                // scored for the Count himself.
                count: 0,
                goods: s.goods,
            },
            biggest_city_tiles: s.biggest_city,
            longest_road_tiles: s.longest_road,
        })
        .collect()
}
