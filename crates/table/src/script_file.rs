//! A game script opened from a file to look at: read and replayed, shown step by step like a
//! stored game, and written into the ledger only when the player asks, through the same
//! import as `castellan ledger import` (with its check for a game that is there already).
//!
//! Opening reads the whole script and replays it, so a file that is not a valid game is
//! refused at once, naming where (`moves[3]`, `setup.rules.farms`), as `castellan score` does.

use crate::import::{import_script, Occasion, Repeat};
use crate::live::Table;
use crate::view::{script_replay_view, ReplayView};
use crate::TableError;
use castellan_ledger::{GameId, Ledger};
use castellan_script::Script;
use std::path::Path;

/// A game script read from a file and replayed.
#[derive(Clone, Debug)]
pub struct ScriptFile {
    path: String,
    text: String,
    script: Script,
}

impl ScriptFile {
    /// Reads and replays the script at `path` (a byte-order mark is allowed).
    ///
    /// # Errors
    /// The file cannot be read or is not UTF-8 text ([`TableError::NotRead`]), it is larger than
    /// any script ([`TableError::OverLimit`]), or it is not a valid script or breaks a rule
    /// ([`TableError::Script`], naming where).
    pub fn read(path: &Path) -> Result<ScriptFile, TableError> {
        let shown = path.display().to_string();
        let text = crate::limit::read_script(path)?;
        let script = Script::from_json(&text)
            .map_err(|error| TableError::Script { file: shown.clone(), error: Box::new(error) })?;
        script.play().map_err(|error| TableError::Script { file: shown.clone(), error: Box::new(error) })?;
        Ok(ScriptFile { path: shown, text, script })
    }

    /// The file it was read from.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The game after `turn` steps; past the last, the last (the final count, if the script
    /// asks for one).
    ///
    /// # Errors
    /// None for a script that [`read`](Self::read) accepted: every step of it replays.
    pub fn replay(&self, turn: u32) -> Result<ReplayView, TableError> {
        script_replay_view(&self.script, turn)
    }

    /// Adds the game to the ledger, as `castellan ledger import` does: refused when it is
    /// there already unless `repeat` allows it, and refused when the script has no final count.
    ///
    /// # Errors
    /// As [`import_script`]: [`TableError::AlreadyImported`] naming the stored game and its
    /// night, [`TableError::Unfinished`], or the ledger's refusal; nothing is written then.
    pub fn import(&self, ledger: &mut Ledger, occasion: &Occasion, repeat: Repeat) -> Result<GameId, TableError> {
        import_script(ledger, occasion, &self.path, &self.text, repeat)
    }

    /// [`import`](Self::import) into the table's ledger; the game on the table, if any, stays
    /// as it is.
    ///
    /// # Errors
    /// As [`import`](Self::import).
    pub fn import_into(&self, table: &mut Table, occasion: &Occasion, repeat: Repeat) -> Result<GameId, TableError> {
        self.import(table.ledger_mut(), occasion, repeat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, NaiveDate};

    use crate::fixture::TWO_TILE_GAME as GAME;

    fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    fn occasion() -> Occasion {
        Occasion {
            date: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(),
            place: None,
            now: DateTime::from_timestamp(1_795_000_000, 0).unwrap(),
            app_version: "0.9.0".into(),
        }
    }

    #[test]
    fn a_script_with_a_byte_order_mark_is_replayed_step_by_step_and_not_stored() {
        let dir = tempfile::tempdir().unwrap();
        let file = ScriptFile::read(&write(dir.path(), "g.json", &format!("\u{feff}{GAME}"))).unwrap();
        let end = file.replay(u32::MAX).unwrap();
        assert_eq!(end.steps, 3, "two moves and the final count");
        assert!(end.view.finished, "the last step is the final count");
        let scores: Vec<u32> = end.view.players.iter().map(|p| p.score).collect();
        assert_eq!(scores, [4, 2], "Anna's two-tile city; Bram's open road of 2 at the end");
        assert_eq!(end.view.game_id, 0, "in no ledger");
        let start = file.replay(0).unwrap();
        assert!(start.view.tiles.len() == 1 && !start.view.finished, "the start tile alone");
        assert_eq!(file.replay(1).unwrap().view.tiles.len(), 2);
    }

    #[test]
    fn a_bad_script_is_refused_naming_where() {
        let dir = tempfile::tempdir().unwrap();
        let illegal = GAME.replace("\"rot\": 90", "\"rot\": 270");
        let err = ScriptFile::read(&write(dir.path(), "bad.json", &illegal)).unwrap_err();
        assert!(
            matches!(&err, TableError::Script { error, .. } if error.at == castellan_script::ScriptPlace::of_move(1)),
            "{err:?}"
        );
        let typo = GAME.replace("\"rot\": 180", "\"rot\": \"half\"");
        let err = ScriptFile::read(&write(dir.path(), "typo.json", &typo)).unwrap_err();
        assert!(err.to_string().contains("typo.json: move 0"), "names the file and the move: {err}");
        let err = ScriptFile::read(&write(dir.path(), "text.json", "not json")).unwrap_err();
        assert!(err.to_string().contains("line 1 column 2"), "{err}");
        std::fs::write(dir.path().join("latin1.json"), b"\xff\xfe{").unwrap();
        let err = ScriptFile::read(&dir.path().join("latin1.json")).unwrap_err();
        assert!(matches!(err, TableError::NotRead { .. }), "not UTF-8: {err:?}");
        let huge = format!("{GAME}{}", " ".repeat(crate::limit::SCRIPT_BYTES as usize));
        let err = ScriptFile::read(&write(dir.path(), "huge.json", &huge)).unwrap_err();
        assert!(matches!(err, TableError::OverLimit { file: Some(_), .. }), "larger than any script: {err:?}");
    }

    #[test]
    fn adding_to_the_ledger_is_the_import_with_its_duplicate_check() {
        let dir = tempfile::tempdir().unwrap();
        let file = ScriptFile::read(&write(dir.path(), "g.json", GAME)).unwrap();
        let mut ledger = Ledger::open_in_memory().unwrap();
        assert!(ledger.history().unwrap().is_empty(), "opening stored nothing");
        let id = file.import(&mut ledger, &occasion(), Repeat::Refuse).unwrap();
        let err = file.import(&mut ledger, &occasion(), Repeat::Refuse).unwrap_err();
        assert!(
            matches!(&err, TableError::AlreadyImported { game, date, .. } if *game == id.0 && date.to_string() == "2026-11-20"),
            "{err:?}"
        );
        assert_eq!(ledger.history().unwrap()[0].games.len(), 1, "the second was refused");
        assert_ne!(file.import(&mut ledger, &occasion(), Repeat::Allow).unwrap(), id, "asked for again, added");
    }
}
