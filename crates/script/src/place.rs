//! [`ScriptPlace`]: where in a game script something is, as data, so that a program words it
//! in its own language (the app) or writes it as the reader always has (the command line:
//! `move 3`, `follower 0`, `line 2 column 7`, `setup.rules.farms`).

use std::fmt;

/// Where in a game script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptPlace {
    /// An entry of `moves`, counted from 0 as the file's list is, and the key inside it when
    /// the problem is there (`crop_circle`, `magic.mage`).
    Move {
        /// Its index in `moves`.
        index: usize,
        /// The key inside the entry, as a path.
        key: Option<String>,
    },
    /// An entry of a final board's `followers`, counted from 0, and the key inside it.
    Follower {
        /// Its index in `followers`.
        index: usize,
        /// The key inside the entry, as a path.
        key: Option<String>,
    },
    /// Where the text stops being JSON, counted from 1.
    Text {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
    /// A key of the file, as a path (`setup.rules.farms`, `players[1]`, `final_moves[2]`):
    /// the file's own names, the same in every language.
    Key {
        /// The path.
        path: String,
    },
}

impl ScriptPlace {
    /// The key at `path` of the file.
    pub fn key(path: impl Into<String>) -> ScriptPlace {
        ScriptPlace::Key { path: path.into() }
    }

    /// Entry `index` of `moves`.
    pub fn of_move(index: usize) -> ScriptPlace {
        ScriptPlace::Move { index, key: None }
    }

    /// Entry `index` of a final board's `followers`.
    pub fn of_follower(index: usize) -> ScriptPlace {
        ScriptPlace::Follower { index, key: None }
    }

    /// The key `name` inside this place.
    pub fn child(&self, name: &str) -> ScriptPlace {
        let join = |key: &Option<String>| Some(key.as_ref().map_or_else(|| name.to_owned(), |k| format!("{k}.{name}")));
        match self {
            ScriptPlace::Move { index, key } => ScriptPlace::Move { index: *index, key: join(key) },
            ScriptPlace::Follower { index, key } => ScriptPlace::Follower { index: *index, key: join(key) },
            ScriptPlace::Key { path } => ScriptPlace::Key { path: format!("{path}.{name}") },
            ScriptPlace::Text { .. } => self.clone(),
        }
    }
}

impl fmt::Display for ScriptPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptPlace::Move { index, key: None } => write!(f, "move {index}"),
            ScriptPlace::Move { index, key: Some(key) } => write!(f, "move {index}.{key}"),
            ScriptPlace::Follower { index, key: None } => write!(f, "follower {index}"),
            ScriptPlace::Follower { index, key: Some(key) } => write!(f, "follower {index}.{key}"),
            ScriptPlace::Text { line, column } => write!(f, "line {line} column {column}"),
            ScriptPlace::Key { path } => f.write_str(path),
        }
    }
}

impl From<&str> for ScriptPlace {
    fn from(path: &str) -> ScriptPlace {
        ScriptPlace::key(path)
    }
}

impl From<String> for ScriptPlace {
    fn from(path: String) -> ScriptPlace {
        ScriptPlace::Key { path }
    }
}

impl From<&String> for ScriptPlace {
    fn from(path: &String) -> ScriptPlace {
        ScriptPlace::key(path.as_str())
    }
}

impl From<&ScriptPlace> for ScriptPlace {
    fn from(place: &ScriptPlace) -> ScriptPlace {
        place.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Script;

    /// A key inside a move stays the move's, by its index, and is written as the reader
    /// always wrote it.
    #[test]
    fn a_key_inside_a_move_is_the_moves() {
        let text = r#"{"format": "castellan-game-script", "version": 3,
            "players": [{"name": "Anna", "color": "red"}, {"name": "Bram", "color": "blue"}],
            "moves": [{"tile": "E", "at": [0, -1], "rot": 180},
                      {"tile": "V", "at": [1, 0], "rot": 90, "crop_circle": {"choice": "twice"}}]}"#;
        let error = Script::from_json(text).unwrap_err();
        assert_eq!(error.at, ScriptPlace::Move { index: 1, key: Some("crop_circle".into()) });
        assert!(error.to_string().starts_with("move 1.crop_circle: "), "{error}");
        let deeper = ScriptPlace::of_move(1).child("crop_circle").child("actions[0]");
        assert_eq!(deeper.to_string(), "move 1.crop_circle.actions[0]");
        assert_eq!(ScriptPlace::key("setup.rules").child("farms"), ScriptPlace::key("setup.rules.farms"));
    }
}
