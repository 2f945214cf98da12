//! What made a night or a game stand out: the all-time records its games broke.
//!
//! A record is broken when a game beats the best of every game that counts played before it
//! (the statistics' own order: the night's date, the start, the id). Equalling it is not
//! breaking it, and where no earlier game holds that record there is nothing to break: the
//! group's first game sets every record and breaks none.

use std::collections::BTreeMap;

use rusqlite::Transaction;

use crate::error::Result;
use crate::query;
use crate::{GameId, Ledger, PlayerId};

/// Which record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RecordKind {
    /// The highest score in one game.
    HighestScore,
    /// The most farm points in one game.
    MostFarmPoints,
    /// The biggest city scored, in tiles.
    BiggestCity,
    /// The longest road scored, in tiles.
    LongestRoad,
    /// The most points one player gained from one move.
    MostPointsInMove,
    /// The smallest lead of a winner over the next player: broken by a smaller one.
    ClosestFinish,
}

impl RecordKind {
    /// Every record, in the order a picture lists them.
    pub const ALL: [RecordKind; 6] = [
        RecordKind::HighestScore,
        RecordKind::MostPointsInMove,
        RecordKind::BiggestCity,
        RecordKind::LongestRoad,
        RecordKind::MostFarmPoints,
        RecordKind::ClosestFinish,
    ];
}

/// A record a game broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BrokenRecord {
    /// Which record.
    pub kind: RecordKind,
    /// Who broke it (for the closest finish, the winner).
    pub player: PlayerId,
    /// In which game.
    pub game: GameId,
    /// The new figure: points, tiles, or the lead.
    pub value: u32,
    /// The best figure of the games played before.
    pub previous: u32,
}

/// A game that counts, and where it stands in the order games were played.
type Played = (String, String, i64);

/// The games that count in the statistics, with their place in the order of play.
const COUNTS: &str = concat!(
    "SELECT n.date, g.started_at, g.id FROM games g JOIN nights n ON n.id = g.night_id ",
    "WHERE g.id = ?1 AND g.finished AND g.voided_at IS NULL AND NOT g.end_count_only"
);

/// The games that count played before the game given by its place (date, start, id).
macro_rules! counted_before {
    () => {
        concat!(
            "JOIN games g ON g.id = r.game_id JOIN nights n ON n.id = g.night_id ",
            "WHERE g.finished AND g.voided_at IS NULL AND NOT g.end_count_only ",
            "AND (n.date, g.started_at, g.id) < (?1, ?2, ?3)"
        )
    };
}

/// For one `results` column: the best before a game, and a game's own best with its holder.
macro_rules! column_queries {
    ($column:literal) => {
        (
            concat!("SELECT max(r.", $column, ") FROM results r ", counted_before!()),
            concat!(
                "SELECT player_id, ",
                $column,
                " FROM results WHERE game_id = ?1 AND ",
                $column,
                " IS NOT NULL ORDER BY ",
                $column,
                " DESC, player_id LIMIT 1"
            ),
        )
    };
}

const BIGGEST_MOVE_BEFORE: &str =
    concat!("SELECT max(r.points) FROM biggest_moves r ", counted_before!(), " AND r.player_id IS NOT NULL");
const BIGGEST_MOVE_OF: &str =
    "SELECT player_id, points FROM biggest_moves WHERE game_id = ?1 AND player_id IS NOT NULL";
const SCORES_BEFORE: &str = concat!("SELECT r.game_id, r.score FROM results r ", counted_before!());
const SCORES_OF: &str = "SELECT player_id, score FROM results WHERE game_id = ?1 ORDER BY score DESC, player_id";

impl Ledger {
    /// The all-time records that `games` broke, in [`RecordKind::ALL`]'s order, each by the
    /// first of `games` in the order of play to beat everything before them; games that do not
    /// count in the statistics (unfinished, voided, end count only) are passed over.
    ///
    /// # Errors
    ///
    /// [`crate::LedgerError::Sqlite`] if a query fails.
    pub fn records_broken(&self, games: &[GameId]) -> Result<Vec<BrokenRecord>> {
        let tx = self.read()?;
        let mut counted: Vec<Played> = Vec::new();
        for game in games {
            if let Some(played) =
                query::optional(&tx, COUNTS, [game.0], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
            {
                counted.push(played);
            }
        }
        counted.sort();
        let Some(first) = counted.first().cloned() else { return Ok(Vec::new()) };
        let mut broken = Vec::new();
        for kind in RecordKind::ALL {
            let record = match kind {
                RecordKind::HighestScore => most(&tx, &first, &counted, kind, column_queries!("score"))?,
                RecordKind::MostFarmPoints => most(&tx, &first, &counted, kind, column_queries!("farms_points"))?,
                RecordKind::BiggestCity => most(&tx, &first, &counted, kind, column_queries!("biggest_city_tiles"))?,
                RecordKind::LongestRoad => most(&tx, &first, &counted, kind, column_queries!("longest_road_tiles"))?,
                RecordKind::MostPointsInMove => {
                    most(&tx, &first, &counted, kind, (BIGGEST_MOVE_BEFORE, BIGGEST_MOVE_OF))?
                }
                RecordKind::ClosestFinish => closest_finish(&tx, &first, &counted)?,
            };
            broken.extend(record);
        }
        Ok(broken)
    }
}

/// A "most" record: the first of `counted` whose best beats the best before `first`.
fn most(
    tx: &Transaction<'_>,
    first: &Played,
    counted: &[Played],
    kind: RecordKind,
    (before, of): (&'static str, &'static str),
) -> Result<Option<BrokenRecord>> {
    let (date, started, id) = first;
    let Some(mut best) =
        query::optional(tx, before, rusqlite::params![date, started, id], |row| row.get::<_, Option<u32>>(0))?
            .flatten()
    else {
        return Ok(None);
    };
    let previous = best;
    let mut record = None;
    for (_, _, game) in counted {
        let top = query::optional(tx, of, [game], |row| Ok((PlayerId(row.get(0)?), row.get::<_, u32>(1)?)))?;
        if let Some((player, value)) = top.filter(|&(_, value)| value > best) {
            best = value;
            record = Some(BrokenRecord { kind, player, game: GameId(*game), value, previous });
        }
    }
    Ok(record)
}

/// The closest finish: the first of `counted` whose winner's lead is smaller than every lead
/// before `first`. A game of one player has no lead.
fn closest_finish(tx: &Transaction<'_>, first: &Played, counted: &[Played]) -> Result<Option<BrokenRecord>> {
    let (date, started, id) = first;
    let mut scores: BTreeMap<i64, Vec<u32>> = BTreeMap::new();
    query::each(tx, SCORES_BEFORE, rusqlite::params![date, started, id], |row| {
        scores.entry(row.get(0)?).or_default().push(row.get(1)?);
        Ok(())
    })?;
    let lead = |mut game: Vec<u32>| -> Option<u32> {
        game.sort_unstable_by(|a, b| b.cmp(a));
        Some(game.first()? - game.get(1)?)
    };
    let Some(mut best) = scores.into_values().filter_map(lead).min() else { return Ok(None) };
    let previous = best;
    let mut record = None;
    for (_, _, game) in counted {
        let seats = query::all(tx, SCORES_OF, [game], |row| Ok((PlayerId(row.get(0)?), row.get::<_, u32>(1)?)))?;
        let (Some(&(winner, top)), Some(&(_, next))) = (seats.first(), seats.get(1)) else { continue };
        if top - next < best {
            best = top - next;
            record = Some(BrokenRecord {
                kind: RecordKind::ClosestFinish,
                player: winner,
                game: GameId(*game),
                value: best,
                previous,
            });
        }
    }
    Ok(record)
}
