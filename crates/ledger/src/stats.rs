//! Statistics over every finished game: per player, head to head, and the all-time records.
//!
//! Everything here is computed from the `results` table at the moment it is asked for, so
//! that it is never out of date: one pass over the results for the per-player and
//! head-to-head figures, and one indexed lookup per record. Games in progress and abandoned
//! games have no results and so do not count; voided games keep theirs but are left out
//! (through a partial index that holds only the voided few, so leaving them out costs one
//! small list, not a lookup per result). A final board counted without the scores before
//! the count ([`crate::Game::end_count_only`]) is left out the same way: its points are the
//! end count's alone, so a win, an average or a record taken from them would say what did not
//! happen. How many such games are left out is reported, so that the screen can say so.

use std::collections::HashMap;

use castellan_engine::{FarmRule, TileSet};
use chrono::NaiveDate;

use crate::error::Result;
use crate::timestamp::Day;
use crate::{query, GameId, Ledger, PlayerId, PointsByKind};

/// One player's figures over all their finished games that are not voided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerStats {
    /// The player.
    pub player: PlayerId,
    /// Finished games played.
    pub games: u32,
    /// Games won: ranked first, alone or tied (a shared first place is a win for each).
    pub wins: u32,
    /// All their scores added up.
    pub total_score: u32,
    /// Their best score, if they have played.
    pub best_score: Option<u32>,
    /// Their points by kind, added up over all games.
    pub points: PointsByKind,
}

impl PlayerStats {
    /// The mean score per game, if they have played.
    pub fn average_score(&self) -> Option<f64> {
        (self.games > 0).then(|| f64::from(self.total_score) / f64::from(self.games))
    }

    /// The share of their points that came from farms, from 0 to 1, if they have scored.
    pub fn farm_share(&self) -> Option<f64> {
        (self.total_score > 0).then(|| f64::from(self.points.farms) / f64::from(self.total_score))
    }
}

/// How two players fared in a set of games they both played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Meetings {
    /// Games they both played.
    pub games: u32,
    /// Games in which `a` scored more than `b`.
    pub a_wins: u32,
    /// Games in which `b` scored more than `a`.
    pub b_wins: u32,
    /// `a`'s points in those games, added up.
    pub a_points: u32,
    /// `b`'s points in those games, added up.
    pub b_points: u32,
}

impl Meetings {
    /// Games in which they scored the same.
    pub fn ties(&self) -> u32 {
        self.games - self.a_wins - self.b_wins
    }

    /// How many points `a` finished ahead of `b` on average (below zero: behind), if they met.
    pub fn average_margin(&self) -> Option<f64> {
        (self.games > 0).then(|| (f64::from(self.a_points) - f64::from(self.b_points)) / f64::from(self.games))
    }

    fn add(&mut self, a_score: u32, b_score: u32) {
        self.games += 1;
        self.a_wins += u32::from(a_score > b_score);
        self.b_wins += u32::from(b_score > a_score);
        self.a_points += a_score;
        self.b_points += b_score;
    }
}

/// Two players' record against each other, over the finished games they both played that
/// are not voided: in all, and split by box and by farm rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadToHead {
    /// One player (the lower id).
    pub a: PlayerId,
    /// The other player.
    pub b: PlayerId,
    /// Every game they both played.
    pub together: Meetings,
    /// The games played with each box (a game with several boxes counts for each), in
    /// [`TileSet::ALL`]'s order.
    pub by_box: Vec<(TileSet, Meetings)>,
    /// The games played under each farm rule, in [`FarmRule::ALL`]'s order.
    pub by_farm_rule: Vec<(FarmRule, Meetings)>,
}

impl HeadToHead {
    /// Games in which they scored the same.
    pub fn ties(&self) -> u32 {
        self.together.ties()
    }
}

/// One player's games with a box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoxPlayer {
    /// The player.
    pub player: PlayerId,
    /// Games played with the box.
    pub games: u32,
    /// Of those, games won (a shared first place is a win for each).
    pub wins: u32,
    /// Their scores in those games, added up.
    pub total_score: u32,
}

/// The games played with one box: the base box is in every game, an expansion only in some.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoxStats {
    /// The box.
    pub tile_set: TileSet,
    /// Games played with it.
    pub games: u32,
    /// Every score in those games, added up (over `seats` scores).
    pub total_score: u32,
    /// How many scores that is.
    pub seats: u32,
    /// Per player who played it, by player id.
    pub players: Vec<BoxPlayer>,
}

impl BoxStats {
    /// The mean score of a player in a game with the box.
    pub fn average_score(&self) -> Option<f64> {
        (self.seats > 0).then(|| f64::from(self.total_score) / f64::from(self.seats))
    }
}

/// One all-time record: who set it, in which game, and the figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    /// Who holds it.
    pub player: PlayerId,
    /// The game it was set in.
    pub game: GameId,
    /// The date of that game's night.
    pub date: NaiveDate,
    /// The figure: tiles or points.
    pub value: u32,
}

/// The record for the most points in one move: the [`Record`] and which move of its game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BiggestMoveRecord {
    /// Who, in which game, and how many points.
    pub record: Record,
    /// The move (1 is the game's first).
    pub seq: u32,
}

/// The all-time records. When a record is equalled, the first to set it keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Records {
    /// The biggest city ever scored, in tiles (of those the caller recorded).
    pub biggest_city: Option<Record>,
    /// The longest road ever scored, in tiles (of those the caller recorded).
    pub longest_road: Option<Record>,
    /// The highest score in one game.
    pub highest_score: Option<Record>,
    /// The most farm points in one game.
    pub most_farm_points: Option<Record>,
    /// The smallest lead a winner ever had over the next player, in points (0: a shared
    /// first place); the record names a winner (the lowest id among tied ones).
    pub closest_finish: Option<Record>,
    /// The most points one player gained from one move, of the games whose biggest move is
    /// kept ([`crate::Ledger::games_without_biggest_move`] lists those it is not kept for);
    /// the earliest game keeps it.
    pub most_points_in_move: Option<BiggestMoveRecord>,
}

/// Everything the statistics screen shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Statistics {
    /// Every player, by name, including those without a finished game.
    pub players: Vec<PlayerStats>,
    /// Every pair of players who finished a game together, ordered by ids.
    pub head_to_head: Vec<HeadToHead>,
    /// The all-time records.
    pub records: Records,
    /// Every box played, in [`TileSet::ALL`]'s order.
    pub boxes: Vec<BoxStats>,
    /// Finished games not voided that are left out because only their end count is known
    /// ([`crate::Game::end_count_only`]).
    pub end_count_only_games: u32,
}

/// The games left out of every statistic: voided ones, and those whose results are the end
/// count alone. Each half reads its own partial index.
macro_rules! not_voided {
    ($game_id:literal) => {
        concat!(
            $game_id,
            " NOT IN (SELECT id FROM games WHERE voided_at IS NOT NULL ",
            "UNION ALL SELECT id FROM games WHERE end_count_only)"
        )
    };
}

/// The query for one record: the rows holding the largest value of a `results` column
/// outside voided games (found by walking its index down from the top), the earliest game
/// first, then the lowest player id.
macro_rules! record_query {
    ($column:literal) => {
        concat!(
            "SELECT r.player_id, r.game_id, n.date, r.",
            $column,
            " FROM results r JOIN games g ON g.id = r.game_id ",
            "JOIN nights n ON n.id = g.night_id WHERE g.voided_at IS NULL AND NOT g.end_count_only AND r.",
            $column,
            " = (SELECT m.",
            $column,
            " FROM results m WHERE m.",
            $column,
            " IS NOT NULL AND ",
            not_voided!("m.game_id"),
            " ORDER BY m.",
            $column,
            " DESC LIMIT 1) ORDER BY g.started_at, g.id, r.player_id LIMIT 1"
        )
    };
}

/// The biggest move of all games that count, the earliest played first: by its night's date,
/// then its start.
const MOST_POINTS_IN_MOVE: &str = concat!(
    "SELECT b.player_id, b.game_id, n.date, b.points, b.seq FROM biggest_moves b ",
    "JOIN games g ON g.id = b.game_id JOIN nights n ON n.id = g.night_id ",
    "WHERE b.player_id IS NOT NULL AND g.finished AND g.voided_at IS NULL AND NOT g.end_count_only ",
    "ORDER BY b.points DESC, n.date, g.started_at, g.id LIMIT 1"
);

impl Ledger {
    /// Computes every statistic from the stored results of games not voided and not counted
    /// from the end count alone, in one read transaction.
    ///
    /// # Errors
    ///
    /// [`crate::StoreError`] if a query fails.
    pub fn statistics(&self) -> Result<Statistics> {
        const PLAYERS: &str = "SELECT id FROM players ORDER BY name, id";
        const END_COUNT_ONLY: &str =
            "SELECT count(*) FROM games WHERE end_count_only AND finished AND voided_at IS NULL";
        // One pass in primary-key order, so a game's results arrive together. Summing in
        // SQL instead costs an index lookup per result, and the head-to-head self-join a
        // sort of every pair: several times slower at ten thousand games.
        const RESULTS: &str = concat!(
            "SELECT game_id, player_id, score, rank, roads_points, cities_points, ",
            "cloisters_points, farms_points, king_robber_points, count_points, goods_points, gold_points ",
            "FROM results WHERE ",
            not_voided!("game_id"),
            " ORDER BY game_id, player_id"
        );

        // What kind of game each is (its boxes and farm rule) and when it was played, in the
        // order played, for the splits and for the closest finish's "first to set it".
        const KINDS: &str = concat!(
            "SELECT g.id, n.date, json_extract(g.setup_json, '$.sets'), ",
            "json_extract(g.setup_json, '$.rules.farms') FROM games g JOIN nights n ON n.id = g.night_id ",
            "WHERE g.finished AND g.voided_at IS NULL AND NOT g.end_count_only ",
            "ORDER BY n.date, g.started_at, g.id"
        );

        let tx = self.read()?;
        let order = query::all(&tx, PLAYERS, [], |row| Ok(PlayerId(row.get(0)?)))?;
        let mut kinds: HashMap<i64, GameKind> = HashMap::new();
        query::each(&tx, KINDS, [], |row| {
            let sets: Option<String> = row.get(2)?;
            let farms: Option<String> = row.get(3)?;
            let kind = GameKind {
                played: kinds.len(),
                date: row.get::<_, Day>(1)?.0,
                tile_sets: tile_sets(sets.as_deref()),
                farm_rule: farms.as_deref().and_then(FarmRule::from_name).unwrap_or_default(),
            };
            kinds.insert(row.get(0)?, kind);
            Ok(())
        })?;

        let mut tally = Tally {
            players: order.iter().map(|&player| (player, PlayerStats::empty(player))).collect(),
            ..Tally::default()
        };
        let mut game: (i64, Vec<(PlayerId, u32)>) = (0, Vec::new());
        query::each(&tx, RESULTS, [], |row| {
            let game_id: i64 = row.get(0)?;
            let player = PlayerId(row.get(1)?);
            let score: u32 = row.get(2)?;
            let rank: u32 = row.get(3)?;
            let points = PointsByKind {
                roads: row.get(4)?,
                cities: row.get(5)?,
                cloisters: row.get(6)?,
                farms: row.get(7)?,
                king_robber: row.get(8)?,
                count: row.get(9)?,
                goods: row.get(10)?,
                gold: row.get(11)?,
            };
            if game.0 != game_id {
                tally.finish_game(game.0, &game.1, &kinds);
                game = (game_id, Vec::new());
            }
            tally.add_result(player, score, rank, points, kinds.get(&game_id));
            // Results within a game come by ascending player id, so `a < b` for every pair.
            for &(other, other_score) in &game.1 {
                tally.add_meeting((other, other_score), (player, score), kinds.get(&game_id));
            }
            game.1.push((player, score));
            Ok(())
        })?;
        tally.finish_game(game.0, &game.1, &kinds);

        let mut head_to_head: Vec<HeadToHead> = tally.pairs.into_values().collect();
        head_to_head.sort_by_key(|pair| (pair.a, pair.b));
        let record = |sql: &'static str| {
            query::optional(&tx, sql, [], |row| {
                Ok(Record {
                    player: PlayerId(row.get(0)?),
                    game: GameId(row.get(1)?),
                    date: row.get::<_, Day>(2)?.0,
                    value: row.get(3)?,
                })
            })
        };
        let records = Records {
            biggest_city: record(record_query!("biggest_city_tiles"))?,
            longest_road: record(record_query!("longest_road_tiles"))?,
            highest_score: record(record_query!("score"))?,
            most_farm_points: record(record_query!("farms_points"))?,
            closest_finish: tally.closest_finish.map(|(_, record)| record),
            most_points_in_move: query::optional(&tx, MOST_POINTS_IN_MOVE, [], |row| {
                Ok(BiggestMoveRecord {
                    record: Record {
                        player: PlayerId(row.get(0)?),
                        game: GameId(row.get(1)?),
                        date: row.get::<_, Day>(2)?.0,
                        value: row.get(3)?,
                    },
                    seq: row.get(4)?,
                })
            })?,
        };
        let end_count_only_games = query::optional(&tx, END_COUNT_ONLY, [], |row| row.get(0))?.unwrap_or(0);
        let mut boxes: Vec<BoxStats> = tally.boxes.into_values().collect();
        boxes.sort_by_key(|stats| stats.tile_set);
        Ok(Statistics {
            end_count_only_games,
            players: order.iter().filter_map(|player| tally.players.get(player).copied()).collect(),
            head_to_head,
            records,
            boxes,
        })
    }
}

/// A game's boxes and farm rule, and when it was played.
struct GameKind {
    /// Its place in the order games were played.
    played: usize,
    date: NaiveDate,
    tile_sets: Vec<TileSet>,
    farm_rule: FarmRule,
}

/// The boxes a setup's `sets` (JSON text) names; a game script without them is the base game.
fn tile_sets(sets: Option<&str>) -> Vec<TileSet> {
    let names: Vec<String> = sets.and_then(|text| serde_json::from_str(text).ok()).unwrap_or_default();
    let mut tile_sets: Vec<TileSet> = names.iter().filter_map(|name| TileSet::from_name(name)).collect();
    if tile_sets.is_empty() {
        tile_sets.push(TileSet::Base);
    }
    tile_sets
}

/// The figures as the results pass adds them up.
#[derive(Default)]
struct Tally {
    players: HashMap<PlayerId, PlayerStats>,
    pairs: HashMap<(PlayerId, PlayerId), HeadToHead>,
    boxes: HashMap<TileSet, BoxStats>,
    /// The closest finish so far, with when its game was played.
    closest_finish: Option<(usize, Record)>,
}

impl Tally {
    fn add_result(&mut self, player: PlayerId, score: u32, rank: u32, points: PointsByKind, kind: Option<&GameKind>) {
        let stats = self.players.entry(player).or_insert_with(|| PlayerStats::empty(player));
        stats.games += 1;
        stats.wins += u32::from(rank == 1);
        stats.total_score += score;
        stats.best_score = stats.best_score.max(Some(score));
        stats.points = stats.points + points;
        for &tile_set in kind.map_or(&[][..], |kind| &kind.tile_sets) {
            let stats = self.boxes.entry(tile_set).or_insert_with(|| BoxStats {
                tile_set,
                games: 0,
                total_score: 0,
                seats: 0,
                players: Vec::new(),
            });
            stats.total_score += score;
            stats.seats += 1;
            let at = match stats.players.binary_search_by_key(&player, |p| p.player) {
                Ok(at) => at,
                Err(at) => {
                    stats.players.insert(at, BoxPlayer { player, games: 0, wins: 0, total_score: 0 });
                    at
                }
            };
            let of_player = &mut stats.players[at];
            of_player.games += 1;
            of_player.wins += u32::from(rank == 1);
            of_player.total_score += score;
        }
    }

    fn add_meeting(&mut self, (a, a_score): (PlayerId, u32), (b, b_score): (PlayerId, u32), kind: Option<&GameKind>) {
        let pair = self.pairs.entry((a, b)).or_insert_with(|| HeadToHead::empty(a, b));
        pair.together.add(a_score, b_score);
        let Some(kind) = kind else { return };
        for &tile_set in &kind.tile_sets {
            meetings_of(&mut pair.by_box, tile_set, |t| t).add(a_score, b_score);
        }
        meetings_of(&mut pair.by_farm_rule, kind.farm_rule, farm_rule_order).add(a_score, b_score);
    }

    /// Counts a game once all its results are in: its boxes' game counts and its finish.
    fn finish_game(&mut self, game: i64, scores: &[(PlayerId, u32)], kinds: &HashMap<i64, GameKind>) {
        let Some(kind) = kinds.get(&game) else { return };
        for tile_set in &kind.tile_sets {
            if let Some(stats) = self.boxes.get_mut(tile_set) {
                stats.games += 1;
            }
        }
        let Some(&(winner, top)) = scores.iter().max_by_key(|&&(player, score)| (score, std::cmp::Reverse(player)))
        else {
            return;
        };
        let Some(next) = scores.iter().filter(|&&(player, _)| player != winner).map(|&(_, score)| score).max() else {
            return;
        };
        let margin = top - next;
        let closer = self
            .closest_finish
            .is_none_or(|(played, record)| margin < record.value || (margin == record.value && kind.played < played));
        if closer {
            let record = Record { player: winner, game: GameId(game), date: kind.date, value: margin };
            self.closest_finish = Some((kind.played, record));
        }
    }
}

/// The meetings kept under `key` in a list ordered by `order`, added if missing.
fn meetings_of<K: Copy + PartialEq, O: Ord>(
    list: &mut Vec<(K, Meetings)>,
    key: K,
    order: impl Fn(K) -> O,
) -> &mut Meetings {
    let at = match list.iter().position(|(k, _)| *k == key) {
        Some(at) => at,
        None => {
            let at = list.iter().position(|(k, _)| order(*k) > order(key)).unwrap_or(list.len());
            list.insert(at, (key, Meetings::default()));
            at
        }
    };
    &mut list[at].1
}

fn farm_rule_order(rule: FarmRule) -> usize {
    FarmRule::ALL.iter().position(|&r| r == rule).unwrap_or(usize::MAX)
}

impl PlayerStats {
    fn empty(player: PlayerId) -> PlayerStats {
        PlayerStats { player, games: 0, wins: 0, total_score: 0, best_score: None, points: PointsByKind::default() }
    }
}

impl HeadToHead {
    fn empty(a: PlayerId, b: PlayerId) -> HeadToHead {
        HeadToHead { a, b, together: Meetings::default(), by_box: Vec::new(), by_farm_rule: Vec::new() }
    }
}
