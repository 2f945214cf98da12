//! The one error type that crosses the IPC boundary, as tagged data the UI switches on.
//!
//! The UI renders its own translated text from `kind` and the fields; Rust's messages are
//! for logs only. A variant is added when the UI acts on it.

use serde::Serialize;

/// Why a command failed, for the UI.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type, thiserror::Error)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum CommandError {
    /// Something the UI cannot help with; the detail goes to the log.
    #[error("internal error: {detail}")]
    Internal {
        /// For the log.
        detail: String,
    },
}
