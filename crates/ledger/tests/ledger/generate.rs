//! A deterministic generator of plausible ledgers: nights of four games, two to five
//! players a game, scores by kind with frequent ties, some games left in progress.
//!
//! Shared by the statistics tests and the benchmark (which includes this file by path), so
//! it depends only on the public API.

#![allow(dead_code)]

use castellan_ledger::{
    Color, Finish, GameId, GameImport, Ledger, NewGame, NewMove, PlayerId, PlayerResult, PointsByKind, Seat,
};
use chrono::{Duration, NaiveDate, TimeZone, Utc};

/// A small linear congruential generator: reproducible without a dependency.
pub struct Lcg(u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed ^ 0x5DEE_CE66_D1CE_5EED)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: u32) -> u32 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % u64::from(n)) as u32
    }
}

/// What was generated, in the order it was recorded.
pub struct Generated {
    pub players: Vec<PlayerId>,
    pub games: Vec<GeneratedGame>,
}

pub struct GeneratedGame {
    pub id: GameId,
    pub night_date: NaiveDate,
    /// `None` for a game left in progress.
    pub results: Option<Vec<PlayerResult>>,
}

/// Fills `ledger` with `players` players and `games` games of `moves` moves each.
pub fn generate(ledger: &mut Ledger, seed: u64, players: usize, games: usize, moves: u32) -> Generated {
    let mut rng = Lcg::new(seed);
    let player_ids: Vec<PlayerId> =
        (0..players).map(|i| ledger.add_player(&format!("Player {i:03}"), None).unwrap()).collect();
    let first_night = NaiveDate::from_ymd_opt(2000, 1, 7).unwrap();
    let mut generated = Vec::with_capacity(games);
    let mut night = None;
    for g in 0..games {
        if g % 4 == 0 {
            let date = first_night + Duration::days(7 * (g / 4) as i64);
            night = Some((ledger.add_night(date, Some("Home"), &[]).unwrap(), date));
        }
        let (night_id, night_date) = night.unwrap();
        let started_at =
            Utc.from_utc_datetime(&night_date.and_hms_opt(19, 0, 0).unwrap()) + Duration::minutes(60 * (g % 4) as i64);

        let seat_count = 2 + rng.below(4) as usize;
        let mut pool = player_ids.clone();
        let seats: Vec<Seat> = (0..seat_count.min(pool.len()))
            .map(|i| Seat { player: pool.swap_remove(rng.below(pool.len() as u32) as usize), color: Color::ALL[i] })
            .collect();

        let results = (g % 50 != 49).then(|| {
            let mut results: Vec<PlayerResult> = seats
                .iter()
                .map(|seat| {
                    let points = PointsByKind {
                        roads: 2 * rng.below(12),
                        cities: 4 * rng.below(14),
                        cloisters: 3 * rng.below(6),
                        farms: 3 * rng.below(10),
                        king_robber: rng.below(3) * 5,
                        count: 0,
                        goods: 0,
                        gold: 0,
                    };
                    PlayerResult {
                        player: seat.player,
                        score: points.total(),
                        points,
                        biggest_city_tiles: (rng.below(5) > 0).then(|| 2 + rng.below(18)),
                        longest_road_tiles: (rng.below(5) > 0).then(|| 1 + rng.below(14)),
                    }
                })
                .collect();
            // Copy one player's points onto another now and then, so ties (first places
            // included) are common.
            if rng.below(4) == 0 {
                let copied = results[0];
                results[1] = PlayerResult { player: results[1].player, ..copied };
            }
            results
        });

        let import = GameImport {
            game: NewGame {
                start_seat: g % seats.len(),
                night: night_id,
                script_version: 1,
                setup_json: r#"{"sets": ["base", "king-robber"], "start": "base"}"#.to_owned(),
                seats,
                started_at,
                app_version: None,
            },
            moves: (0..moves)
                .map(|n| NewMove {
                    move_json: format!(r#"{{"tile": "V", "at": [{}, {}], "rot": 90}}"#, n % 9, n / 9),
                    entered_at: started_at + Duration::seconds(30 * i64::from(n)),
                })
                .collect(),
            finish: results.clone().map(|results| Finish {
                biggest_move: None,
                final_moves_json: None,
                ended_at: started_at + Duration::minutes(50),
                results,
            }),
        };
        let id = ledger.import_game(&import).unwrap();
        generated.push(GeneratedGame { id, night_date, results });
    }
    Generated { players: player_ids, games: generated }
}
