//! The sizes a real table never reaches, and the checked values that keep to them.
//!
//! Every name and place a game writes into the ledger, and every game script read from a
//! file, passes through here once, where it enters: a [`PlayerName`] or [`PlaceName`] can
//! only be made within its limit, and the ledger is written with those. A refusal says what
//! was too long and the limit, and nothing is written. The limits are far above anything a
//! table meets, so that only a mistake (a paste, a wrong file) or a misbehaving caller reaches
//! them.
//!
//! Not here: the settings file's limits, which belong to the app that keeps it.

use crate::TableError;
use castellan_script::shown::excerpt;
use serde::Serialize;
use std::io::Read;
use std::path::Path;

/// The limits, as the UI's inputs apply them (`maxlength`) so that typing never meets a
/// refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// Characters in a player's name.
    pub player_name: u32,
    /// Characters in a game night's place.
    pub place: u32,
    /// UTF-16 units an input takes for a file's path: each is at most three bytes in UTF-8,
    /// so a path typed to this length stays within [`PATH_BYTES`].
    pub path_units: u32,
}

/// The limits in force.
pub const LIMITS: Limits = Limits { player_name: 40, place: 60, path_units: PATH_BYTES / 3 };

/// Bytes in a game script read from a file. The longest rule scenario, 83 moves written out
/// pretty as an export writes them, has 8.7 KB, so a 200-move game has some 21 KB; this is
/// two hundred times that.
pub const SCRIPT_BYTES: u64 = 4 << 20;

/// Followers moved out of the City of Carcassonne in one request: six players with every
/// figure in the City hold fewer than sixty.
pub const QUARTER_MOVES: u32 = 64;

/// Bytes in a file's path given by the window: Linux's own limit (`PATH_MAX`), past which no
/// file can be opened anyway.
pub const PATH_BYTES: u32 = 4096;

/// What was over its limit; nothing was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum OverLimit {
    /// A player's name is longer than [`Limits::player_name`].
    #[error("the name {name} is {chars} characters long; a player's name has at most {max}")]
    PlayerName {
        /// The name as errors show it (cut and escaped).
        name: String,
        /// Its length in characters.
        chars: u32,
        /// The limit.
        max: u32,
    },
    /// A game night's place is longer than [`Limits::place`].
    #[error("the place is {chars} characters long; a place has at most {max}")]
    Place {
        /// Its length in characters.
        chars: u32,
        /// The limit.
        max: u32,
    },
    /// A game script file is larger than [`SCRIPT_BYTES`].
    #[error("the file has {bytes} bytes; a game script has at most {max}")]
    ScriptFile {
        /// Its size (at least; reading stops past the limit), saturating at `u32::MAX`.
        bytes: u32,
        /// The limit.
        max: u32,
    },
    /// A file's path is longer than [`PATH_BYTES`].
    #[error("the path has {bytes} bytes; a path has at most {max}")]
    Path {
        /// Its length in bytes, saturating at `u32::MAX`.
        bytes: u32,
        /// The limit.
        max: u32,
    },
    /// More followers moved out of the City in one request than [`QUARTER_MOVES`].
    #[error("{given} followers moved out of the City at once; at most {max}")]
    QuarterMoves {
        /// How many the request gave.
        given: u32,
        /// The limit.
        max: u32,
    },
}

/// Characters in `text`, saturating far beyond any limit.
fn chars(text: &str) -> u32 {
    u32::try_from(text.chars().count()).unwrap_or(u32::MAX)
}

/// A player's name as the ledger keeps it: trimmed, and at most [`Limits::player_name`]
/// characters. (Blank names and two names of one player are the ledger's to refuse.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerName(String);

impl PlayerName {
    /// Checks `name`.
    ///
    /// # Errors
    /// [`OverLimit::PlayerName`] when it is too long once trimmed.
    pub fn new(name: &str) -> Result<PlayerName, OverLimit> {
        let name = name.trim();
        let (length, max) = (chars(name), LIMITS.player_name);
        if length > max {
            return Err(OverLimit::PlayerName { name: excerpt(name).to_string(), chars: length, max });
        }
        Ok(PlayerName(name.to_owned()))
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Every seated player's name, checked, in seat order.
///
/// # Errors
/// The first name over the limit.
pub fn player_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Vec<PlayerName>, OverLimit> {
    names.into_iter().map(PlayerName::new).collect()
}

/// A game night's place: at most [`Limits::place`] characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaceName(String);

impl PlaceName {
    /// Checks `place`, as given (the ledger trims and compares places itself).
    ///
    /// # Errors
    /// [`OverLimit::Place`] when it is too long.
    pub fn new(place: &str) -> Result<PlaceName, OverLimit> {
        let (length, max) = (chars(place), LIMITS.place);
        if length > max {
            return Err(OverLimit::Place { chars: length, max });
        }
        Ok(PlaceName(place.to_owned()))
    }

    /// Checks a place that may be missing.
    ///
    /// # Errors
    /// As [`PlaceName::new`].
    pub fn optional(place: Option<&str>) -> Result<Option<PlaceName>, OverLimit> {
        place.map(PlaceName::new).transpose()
    }

    /// The place.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A file's path as the window gives it, before it is opened.
///
/// # Errors
/// [`OverLimit::Path`] past [`PATH_BYTES`].
pub fn path(path: &str) -> Result<&Path, OverLimit> {
    let bytes = u32::try_from(path.len()).unwrap_or(u32::MAX);
    if bytes > PATH_BYTES {
        return Err(OverLimit::Path { bytes, max: PATH_BYTES });
    }
    Ok(Path::new(path))
}

/// The followers a request moves out of the City, counted before anything is read of them.
///
/// # Errors
/// [`OverLimit::QuarterMoves`] past [`QUARTER_MOVES`].
pub fn quarter_moves(given: usize) -> Result<(), OverLimit> {
    let given = u32::try_from(given).unwrap_or(u32::MAX);
    if given > QUARTER_MOVES {
        return Err(OverLimit::QuarterMoves { given, max: QUARTER_MOVES });
    }
    Ok(())
}

/// Reads a game script's text from `path`, refusing a file over [`SCRIPT_BYTES`] without
/// reading more of it than the limit.
///
/// # Errors
/// [`TableError::NotRead`] when the file cannot be read or is not UTF-8 text;
/// [`TableError::OverLimit`] with [`OverLimit::ScriptFile`] when it is too large.
pub fn read_script(path: &Path) -> Result<String, TableError> {
    let shown = || path.display().to_string();
    let io = |error| TableError::NotRead { path: shown(), error };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    // One byte past the limit tells a file over it from one just at it; a file that grows
    // while it is read is held to the limit all the same.
    file.take(SCRIPT_BYTES + 1).read_to_end(&mut bytes).map_err(io)?;
    let size = bytes.len() as u64;
    if size > SCRIPT_BYTES {
        let on_disk = std::fs::metadata(path).map(|m| m.len()).unwrap_or(size).max(size);
        let bytes = u32::try_from(on_disk).unwrap_or(u32::MAX);
        let over = OverLimit::ScriptFile { bytes, max: SCRIPT_BYTES as u32 };
        return Err(TableError::OverLimit { file: Some(shown()), over });
    }
    String::from_utf8(bytes).map_err(|e| io(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_refused_one_past_its_limit_and_shown_cut() {
        let max = LIMITS.player_name as usize;
        let at = "é".repeat(max);
        assert_eq!(PlayerName::new(&format!("  {at} ")).unwrap().as_str(), at, "at the limit, trimmed");
        let past = "é".repeat(max + 1);
        let err = PlayerName::new(&past).unwrap_err();
        assert_eq!(err, OverLimit::PlayerName { name: past.clone(), chars: 41, max: 40 }, "41 fits the excerpt whole");
        let huge = format!("\u{1b}]0;owned\u{7}{}", "x".repeat(50 << 20));
        let OverLimit::PlayerName { name, chars, .. } = PlayerName::new(&huge).unwrap_err() else { panic!() };
        assert_eq!(chars as usize, huge.chars().count());
        assert!(name.len() < 100 && !name.chars().any(char::is_control), "cut and escaped: {name}");
    }

    #[test]
    fn a_place_is_refused_one_past_its_limit() {
        let max = LIMITS.place as usize;
        assert!(PlaceName::new(&"p".repeat(max)).is_ok());
        assert_eq!(PlaceName::new(&"p".repeat(max + 1)), Err(OverLimit::Place { chars: 61, max: 60 }));
        assert_eq!(PlaceName::optional(None), Ok(None));
    }

    #[test]
    fn a_path_is_refused_one_past_its_limit() {
        let at = "/".repeat(PATH_BYTES as usize);
        assert_eq!(path(&at), Ok(Path::new(&at)));
        assert_eq!(path(&format!("{at}x")), Err(OverLimit::Path { bytes: 4097, max: 4096 }));
    }

    #[test]
    fn a_path_typed_to_its_input_length_is_within_its_limit() {
        // The widest a UTF-16 unit gets in UTF-8 is three bytes (U+FFFF); a pair is four.
        let widest = "\u{ffff}".repeat(LIMITS.path_units as usize);
        assert!(path(&widest).is_ok());
        let pairs = "😀".repeat(LIMITS.path_units as usize / 2);
        assert!(path(&pairs).is_ok());
    }

    #[test]
    fn quarter_moves_are_counted_against_their_limit() {
        assert!(quarter_moves(QUARTER_MOVES as usize).is_ok());
        assert_eq!(quarter_moves(QUARTER_MOVES as usize + 1), Err(OverLimit::QuarterMoves { given: 65, max: 64 }));
    }

    #[test]
    fn a_script_file_is_read_up_to_its_limit() {
        let dir = tempfile::tempdir().unwrap();
        let at = dir.path().join("at.json");
        std::fs::write(&at, vec![b' '; SCRIPT_BYTES as usize]).unwrap();
        assert_eq!(read_script(&at).unwrap().len() as u64, SCRIPT_BYTES, "at the limit: read");
        let past = dir.path().join("past.json");
        std::fs::write(&past, vec![b' '; SCRIPT_BYTES as usize + 1]).unwrap();
        let err = read_script(&past).unwrap_err();
        assert!(
            matches!(&err, TableError::OverLimit { over: OverLimit::ScriptFile { bytes, max }, .. }
                if u64::from(*bytes) == SCRIPT_BYTES + 1 && u64::from(*max) == SCRIPT_BYTES),
            "{err:?}"
        );
    }
}
