//! The ledger's history as the history screen shows it: game nights, newest first, each
//! with its games and who scored what.

use crate::TableError;
use castellan_ledger::{GameStatus, Ledger};
use serde::Serialize;
use std::collections::HashMap;

/// Where a remembered game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "kebab-case")]
pub enum GameState {
    /// Still being played, or interrupted.
    InProgress,
    /// Played to the end.
    Finished,
    /// Given up.
    Abandoned,
}

/// One player's line in a remembered game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct SeatResult {
    /// The player's name.
    pub name: String,
    /// Their colour in that game.
    pub color: String,
    /// Final score and place, once finished (tied players share a place).
    pub score: Option<u32>,
    /// Place: 1 for the winner(s).
    pub rank: Option<u32>,
}

/// A remembered game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct GameSummary {
    /// The game's id in the ledger.
    pub game_id: u32,
    /// Where it stands.
    pub state: GameState,
    /// When it began (RFC 3339).
    pub started_at: String,
    /// When it ended, if it did.
    pub ended_at: Option<String>,
    /// The players: best first once finished, else in seat order.
    pub seats: Vec<SeatResult>,
}

/// A game night.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct NightSummary {
    /// The date (YYYY-MM-DD).
    pub date: String,
    /// Where, if said.
    pub place: Option<String>,
    /// Its games, the latest first.
    pub games: Vec<GameSummary>,
}

/// Every game night, newest first.
///
/// # Errors
/// The ledger could not be read.
pub fn history(ledger: &Ledger) -> Result<Vec<NightSummary>, TableError> {
    let names: HashMap<_, _> = ledger.players()?.into_iter().map(|p| (p.id, p.name)).collect();
    let name = |id| names.get(&id).cloned().unwrap_or_default();
    Ok(ledger
        .history()?
        .into_iter()
        .map(|n| NightSummary {
            date: n.night.date.to_string(),
            place: n.night.place,
            games: n
                .games
                .into_iter()
                .map(|g| {
                    let colors: HashMap<_, _> = g.game.seats.iter().map(|s| (s.player, s.color.as_str())).collect();
                    let seats = if g.standings.is_empty() {
                        g.game
                            .turn_order()
                            .map(|s| SeatResult {
                                name: name(s.player),
                                color: s.color.as_str().into(),
                                score: None,
                                rank: None,
                            })
                            .collect()
                    } else {
                        g.standings
                            .iter()
                            .map(|s| SeatResult {
                                name: name(s.result.player),
                                color: colors.get(&s.result.player).copied().unwrap_or("gray").into(),
                                score: Some(s.result.score),
                                rank: Some(s.rank),
                            })
                            .collect()
                    };
                    GameSummary {
                        game_id: u32::try_from(g.game.id.0).expect("ledger row ids fit in 32 bits"),
                        state: match g.game.status {
                            GameStatus::InProgress => GameState::InProgress,
                            GameStatus::Finished => GameState::Finished,
                            GameStatus::Abandoned => GameState::Abandoned,
                        },
                        started_at: g.game.started_at.to_rfc3339(),
                        ended_at: g.game.ended_at.map(|t| t.to_rfc3339()),
                        seats,
                    }
                })
                .collect(),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::Table;
    use castellan_engine::{Cell, GameSetup, Move, Port, Rotation, TileId};
    use chrono::{DateTime, Utc};

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn finished_games_show_their_ranking_and_unfinished_ones_their_seats() {
        let mut table = Table::new(Ledger::open_in_memory().unwrap());
        table.start(GameSetup::base(&["Anna", "Bram"]), Some("De Klok"), at("2026-11-20T19:00:00Z")).unwrap();
        let e = TileId::from_name("E").unwrap();
        table
            .play(Move::place(e, Cell::new(0, -1), Rotation::R180, Some(Port::S)), at("2026-11-20T19:01:00Z"))
            .unwrap();
        table.finish(Vec::new(), at("2026-11-20T20:00:00Z")).unwrap();
        table.start(GameSetup::base(&["Bram", "Anna"]), None, at("2026-11-20T20:10:00Z")).unwrap();

        let nights = history(table.ledger()).unwrap();
        assert_eq!(nights.len(), 1, "both games on one night");
        assert_eq!(nights[0].date, "2026-11-20");
        assert_eq!(nights[0].place.as_deref(), Some("De Klok"));
        let [second, first] = &nights[0].games[..] else { panic!("two games") };
        assert_eq!(first.state, GameState::Finished);
        assert_eq!(
            first.seats.iter().map(|s| (s.name.as_str(), s.score, s.rank)).collect::<Vec<_>>(),
            [("Anna", Some(4), Some(1)), ("Bram", Some(0), Some(2))]
        );
        assert_eq!(second.state, GameState::InProgress);
        assert_eq!(second.seats.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["Bram", "Anna"]);
    }
}
