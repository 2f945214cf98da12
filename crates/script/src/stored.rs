//! A game as a ledger keeps it — its seats, and its setup, moves and final moves as the JSON
//! text each was stored as — made into a script document and a [`Script`].
//!
//! This is the one place that assembles a script from stored rows: the ledger's exports
//! write [`StoredGame::to_json`], and a stored game is taken up again through
//! [`StoredGame::to_script`]. Each stored text is parsed once, and the document is read as
//! it is, never written out as text to be parsed again. The setup and the final moves go
//! into the document as they were stored (an imported script's setup keeps what its file
//! said), so that an export gives back what the ledger holds.

use crate::{Script, ScriptError};
use castellan_engine::Color;
use serde_json::{json, Value};
use std::fmt;

/// A game's rows as the ledger holds them.
#[derive(Clone, Debug)]
pub struct StoredGame<'a> {
    /// The format version the setup and moves were stored in.
    pub version: u32,
    /// Each seated player's name and colour, in turn order.
    pub players: Vec<(&'a str, Color)>,
    /// The stored setup: a script's `setup` object.
    pub setup: &'a str,
    /// The stored moves in order, each with its place in the log: a script's `moves`.
    pub moves: Vec<(u32, &'a str)>,
    /// The followers moved out of the City before the final count, if any were.
    pub final_moves: Option<&'a str>,
    /// Whether the game has had its final count.
    pub finished: bool,
}

/// Which stored text is not JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoredPart {
    /// The setup.
    Setup,
    /// The move of this place in the log.
    Move(u32),
    /// The final moves.
    FinalMoves,
}

/// Why stored rows do not make a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredError {
    /// A stored text is not JSON.
    Json {
        /// Which.
        part: StoredPart,
        /// The parser's message.
        detail: String,
    },
    /// The rows are JSON but not a script this version reads.
    Script(ScriptError),
}

impl fmt::Display for StoredError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoredError::Json { part: StoredPart::Setup, detail } => write!(f, "setup: {detail}"),
            StoredError::Json { part: StoredPart::Move(seq), detail } => write!(f, "move {seq}: {detail}"),
            StoredError::Json { part: StoredPart::FinalMoves, detail } => write!(f, "final moves: {detail}"),
            StoredError::Script(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StoredError {}

fn parse(part: StoredPart, text: &str) -> Result<Value, StoredError> {
    serde_json::from_str(text).map_err(|e| StoredError::Json { part, detail: e.to_string() })
}

impl StoredGame<'_> {
    /// The game as a script document. It asks for the final count when the game has had it,
    /// and always for a final board, which exists to be counted.
    ///
    /// # Errors
    /// A stored text that is not JSON.
    pub fn to_json(&self) -> Result<Value, StoredError> {
        let setup = parse(StoredPart::Setup, self.setup)?;
        let players: Vec<Value> =
            self.players.iter().map(|(name, color)| json!({"name": name, "color": color.name()})).collect();
        let moves =
            self.moves.iter().map(|&(seq, text)| parse(StoredPart::Move(seq), text)).collect::<Result<Vec<_>, _>>()?;
        let final_board = setup.get("mode").and_then(Value::as_str) == Some("final-board");
        let mut doc = json!({
            "format": crate::FORMAT,
            "version": self.version,
            "players": players,
            "setup": setup,
            "moves": moves,
            "final_scoring": self.finished || final_board || self.final_moves.is_some(),
        });
        if let Some(text) = self.final_moves {
            doc["final_moves"] = parse(StoredPart::FinalMoves, text)?;
        }
        Ok(doc)
    }

    /// The game as a [`Script`].
    ///
    /// # Errors
    /// A stored text that is not JSON, or rows that are not a script this version reads.
    pub fn to_script(&self) -> Result<Script, StoredError> {
        Script::from_value(&self.to_json()?).map_err(StoredError::Script)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game<'a>(setup: &'a str, moves: Vec<(u32, &'a str)>, final_moves: Option<&'a str>) -> StoredGame<'a> {
        StoredGame {
            version: 1,
            players: vec![("Anna", Color::Red), ("Bram", Color::Blue)],
            setup,
            moves,
            final_moves,
            finished: false,
        }
    }

    #[test]
    fn stored_rows_read_as_the_script_they_were_written_from() {
        let text = r#"{"format": "castellan-game-script", "version": 1,
          "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
          "setup": {"sets": ["base"], "note": "kept as stored"},
          "moves": [{"tile": "E", "at": [0, -1], "rot": 180, "meeple": "S"}, {"tile": "V", "at": [1, 0], "rot": 90}]}"#;
        let script = Script::from_json(text).unwrap();
        let moves: Vec<String> = script.moves.iter().map(|m| crate::move_json(&script.setup, m).to_string()).collect();
        let setup = r#"{"sets": ["base"], "note": "kept as stored"}"#;
        let stored = game(setup, moves.iter().enumerate().map(|(i, m)| (i as u32 + 1, m.as_str())).collect(), None);
        assert_eq!(stored.to_script(), Ok(script), "the same setup and moves");
        let doc = stored.to_json().unwrap();
        assert_eq!(doc["setup"]["note"], "kept as stored", "the setup goes out as it was stored");
        assert_eq!(doc["final_scoring"], false, "not counted yet");
        assert_eq!(StoredGame { finished: true, ..stored }.to_json().unwrap()["final_scoring"], true);
    }

    #[test]
    fn a_stored_text_that_is_not_json_is_named() {
        let bad_move = game("{}", vec![(1, r#"{"tile": "E"}"#), (2, "{tile")], None);
        let err = bad_move.to_json().unwrap_err();
        assert!(matches!(err, StoredError::Json { part: StoredPart::Move(2), .. }), "{err:?}");
        assert!(err.to_string().starts_with("move 2: "), "{err}");
        let bad_setup = game("sets", Vec::new(), None).to_script().unwrap_err();
        assert!(matches!(bad_setup, StoredError::Json { part: StoredPart::Setup, .. }), "{bad_setup:?}");
        let bad_final = game("{}", Vec::new(), Some("[")).to_json().unwrap_err();
        assert!(bad_final.to_string().starts_with("final moves: "), "{bad_final}");
        let not_a_script = game(r#"{"sets": ["nope"]}"#, Vec::new(), None).to_script().unwrap_err();
        assert!(
            matches!(&not_a_script, StoredError::Script(e) if e.at == crate::ScriptPlace::key("setup.sets")),
            "{not_a_script:?}"
        );
    }
}
