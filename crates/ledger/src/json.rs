//! The JSON columns: game-script text, stored and returned verbatim.
//!
//! The ledger checks only that a value is a JSON object (an array for the final moves), so that the file holds nothing a
//! script reader would choke on; what the object means (which tile, which rule) is the
//! engine's business. The text is kept byte for byte, whitespace and key order included,
//! so an exported script shows what was entered.

use serde::de::IgnoredAny;

use crate::error::{InvalidInput, Result};

/// Checks that `text` is one JSON object. `what` names it in the error.
pub(crate) fn require_object(what: &'static str, text: &str) -> Result<()> {
    require(text, '{', |source| InvalidInput::NotJsonObject { what, source })
}

/// Checks that `text` is one JSON array. `what` names it in the error.
pub(crate) fn require_array(what: &'static str, text: &str) -> Result<()> {
    require(text, '[', |source| InvalidInput::NotJsonArray { what, source })
}

/// Checks that `text` is one JSON value that starts with `opener`; `refusal` words the error,
/// with the parser's complaint when there is one.
fn require(text: &str, opener: char, refusal: impl Fn(Option<serde_json::Error>) -> InvalidInput) -> Result<()> {
    serde_json::from_str::<IgnoredAny>(text).map_err(|source| refusal(Some(source)))?;
    if !text.trim_start().starts_with(opener) {
        return Err(refusal(None).into());
    }
    Ok(())
}
