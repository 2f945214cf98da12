//! [`Reading`]: a read-only connection to a ledger file that writes nothing, neither to the
//! file nor beside it, and still reads every committed change, including those only in its
//! `-wal` file.
//!
//! SQLite reads a file in WAL mode through its `-wal` and `-shm` files, and a read-only
//! connection creates them if they are missing and leaves them behind; in a folder that
//! cannot be written it cannot make them and fails. So:
//!
//! - with no `-wal` (nor `-journal`) beside the file, the file is the whole ledger and no
//!   one has it open for writing: it is opened `immutable`, which reads the file alone and
//!   creates nothing;
//! - with one, its changes must be read, so the file is opened read-only as usual, which
//!   also sees an owner's later commits;
//! - where that cannot be done (a `-wal` that holds changes not yet in the file, in a folder
//!   that cannot be written, so no `-shm` can be made for it), the file and its journal are
//!   copied into a private temporary folder and the copy is read. The `-wal` is never
//!   skipped: reading the file without it would show the ledger as it was before those
//!   changes, as if they were lost.
//!
//! Not here: taking a file over to write it (`ledger.rs`, `lock.rs`).

use std::fs;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, ErrorCode, OpenFlags};

use crate::error::{OpenError, Result, SqlContext};

/// A read-only connection to a ledger file, and the copy it reads if it reads one.
#[derive(Debug)]
pub(crate) struct Reading {
    // Declared first, so that it closes before the copy's folder is removed.
    pub(crate) conn: Connection,
    pub(crate) aside: Option<tempfile::TempDir>,
}

impl Reading {
    /// Opens the database file at `path` for reading (see the module's docs for how).
    ///
    /// # Errors
    ///
    /// [`OpenError::Store`] if SQLite cannot open it or its copy;
    /// [`OpenError::Io`] if the copy cannot be made.
    pub(crate) fn open(path: &Path) -> Result<Reading, OpenError> {
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX | OpenFlags::SQLITE_OPEN_URI;
        let journals = ["-wal", "-journal"].iter().any(|suffix| sibling(path, suffix).exists());
        let Some(text) = path.to_str() else {
            // Not expressible as a URI; a plain read-only open is still safe for the file.
            let conn = Connection::open_with_flags(path, flags - OpenFlags::SQLITE_OPEN_URI).sql("open read-only")?;
            return Ok(Reading { conn, aside: None });
        };
        if !journals {
            let conn = Connection::open_with_flags(format!("file:{}?mode=ro&immutable=1", uri_escape(text)), flags)
                .sql("open read-only")?;
            return Ok(Reading { conn, aside: None });
        }
        let conn =
            Connection::open_with_flags(format!("file:{}?mode=ro", uri_escape(text)), flags).sql("open read-only")?;
        // SQLite opens the journals at the first read, so that is where it finds it cannot.
        match conn.query_row("SELECT count(*) FROM sqlite_schema", [], |_| Ok(())) {
            Ok(()) => Ok(Reading { conn, aside: None }),
            Err(rusqlite::Error::SqliteFailure(e, _))
                if matches!(e.code, ErrorCode::CannotOpen | ErrorCode::ReadOnly | ErrorCode::PermissionDenied) =>
            {
                drop(conn);
                Reading::copy(path)
            }
            Err(e) => Err(crate::error::from_sqlite("SELECT count(*) FROM sqlite_schema", e).into()),
        }
    }

    /// Copies the file and its journals into a temporary folder and reads the copy there.
    /// A connection that may write is what replays a WAL or rolls back a journal into a
    /// database; it only ever writes the copy, and `query_only` refuses any other write.
    fn copy(path: &Path) -> Result<Reading, OpenError> {
        let io = |path: &Path, source| OpenError::Io { path: path.to_path_buf(), source };
        let folder = tempfile::Builder::new()
            .prefix("castellan-read-")
            .tempdir()
            .map_err(|source| io(&std::env::temp_dir(), source))?;
        let copy = folder.path().join("ledger.sqlite3");
        for suffix in ["", "-wal", "-journal"] {
            let from = sibling(path, suffix);
            let to = sibling(&copy, suffix);
            match fs::copy(&from, &to) {
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && !suffix.is_empty() => continue,
                Err(source) => return Err(io(&from, source)),
            }
            // A copy keeps its original's mode; a read-only one could not be rolled back.
            fs::set_permissions(&to, writable_by_owner(&to).map_err(|source| io(&to, source))?)
                .map_err(|source| io(&to, source))?;
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(&copy, flags).sql("open a copy")?;
        conn.pragma_update(None, "query_only", true).sql("PRAGMA query_only")?;
        Ok(Reading { conn, aside: Some(folder) })
    }
}

/// The permissions of `path` with writing allowed to its owner alone.
fn writable_by_owner(path: &Path) -> std::io::Result<fs::Permissions> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = path;
        Ok(fs::Permissions::from_mode(0o600))
    }
    #[cfg(not(unix))]
    {
        let mut permissions = fs::metadata(path)?.permissions();
        #[allow(clippy::permissions_set_readonly_false)] // Elsewhere it means the owner's.
        permissions.set_readonly(false);
        Ok(permissions)
    }
}

/// `path` with `suffix` added to its file name.
pub(crate) fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Escapes the characters that would end or change the path part of a SQLite URI.
fn uri_escape(path: &str) -> String {
    let mut escaped = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            '%' => escaped.push_str("%25"),
            '?' => escaped.push_str("%3f"),
            '#' => escaped.push_str("%23"),
            _ => escaped.push(c),
        }
    }
    escaped
}
