//! What a night or a game is remembered by, beside its scores: the all-time records its games
//! broke and the biggest rise in rating it brought, both read from the ledger as the
//! statistics read them (voided games and those known only by their end count take no part).

use crate::TableError;
use castellan_ledger::{GameId, Ledger, PlayerId, RecordKind};
use std::collections::HashMap;

/// One thing worth telling about a night or a game.
#[derive(Clone, Debug, PartialEq)]
pub enum Highlight {
    /// An all-time record broken.
    Record {
        /// Which.
        kind: RecordKind,
        /// Who broke it.
        name: String,
        /// The new figure.
        value: u32,
        /// The record before.
        previous: u32,
    },
    /// The player whose rating rose the most.
    Rating {
        /// Who.
        name: String,
        /// Their rating before the first of the games.
        before: f64,
        /// Their rating after the last.
        after: f64,
    },
}

/// The records `games` broke, then the biggest rise in rating over them (none when nobody
/// rose), in that order.
///
/// # Errors
/// The ledger fails.
pub fn highlights(ledger: &Ledger, games: &[GameId]) -> Result<Vec<Highlight>, TableError> {
    let names: HashMap<PlayerId, String> = ledger.players()?.into_iter().map(|p| (p.id, p.name)).collect();
    let name = |id: PlayerId| names.get(&id).cloned().unwrap_or_default();
    let mut found: Vec<Highlight> = ledger
        .records_broken(games)?
        .into_iter()
        .map(|r| Highlight::Record { kind: r.kind, name: name(r.player), value: r.value, previous: r.previous })
        .collect();
    let mut best: Option<(f64, Highlight)> = None;
    for rated in ledger.ratings()?.players {
        let Some(first) = rated.history.iter().position(|p| games.contains(&p.game)) else { continue };
        let Some(last) = rated.history.iter().rposition(|p| games.contains(&p.game)) else { continue };
        let before = first.checked_sub(1).map_or(castellan_ledger::Rating::initial(), |i| rated.history[i].rating);
        let after = rated.history[last].rating;
        let rise = after.mean - before.mean;
        // Shown to one decimal: a rise that rounds to nothing is no highlight.
        if rise >= 0.05 && best.as_ref().is_none_or(|(most, _)| rise > *most) {
            let highlight = Highlight::Rating { name: name(rated.player), before: before.mean, after: after.mean };
            best = Some((rise, highlight));
        }
    }
    found.extend(best.map(|(_, h)| h));
    Ok(found)
}
