//! The JSON columns: game-script text, stored and returned verbatim.
//!
//! The ledger checks only that a value is a JSON object (an array for the final moves), so that the file holds nothing a
//! script reader would choke on; what the object means (which tile, which rule) is the
//! engine's business. The text is kept byte for byte, whitespace and key order included,
//! so an exported script shows what was entered.

use serde::de::IgnoredAny;

use crate::error::{JsonShape, NotJson};

/// Checks that `text` is one JSON object. `what` names it in the error.
pub(crate) fn require_object(what: &'static str, text: &str) -> Result<(), NotJson> {
    require(what, text, JsonShape::Object, '{')
}

/// Checks that `text` is one JSON array. `what` names it in the error.
pub(crate) fn require_array(what: &'static str, text: &str) -> Result<(), NotJson> {
    require(what, text, JsonShape::Array, '[')
}

fn require(what: &'static str, text: &str, shape: JsonShape, opener: char) -> Result<(), NotJson> {
    serde_json::from_str::<IgnoredAny>(text).map_err(|source| NotJson { what, shape, source: Some(source) })?;
    if !text.trim_start().starts_with(opener) {
        return Err(NotJson { what, shape, source: None });
    }
    Ok(())
}
