//! What can go wrong with the archive, each with a stable code for scripts.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// The file is not a sound SQLite database, or a stored journal is not what was stored.
    #[error("the archive {} is damaged: {detail}", path.display())]
    Damaged { path: PathBuf, detail: String },
    /// The file was written by a program that knows a later schema.
    #[error(
        "the archive {} has schema version {found}; this program knows versions up to {known}: \
         it was written by a newer grognard",
        path.display()
    )]
    Newer { path: PathBuf, found: i64, known: i64 },
    /// Another process held the archive longer than the busy timeout.
    #[error("the archive {} is busy: another process kept it locked for more than {seconds} s", path.display())]
    Busy { path: PathBuf, seconds: u64 },
    /// Any other failure of SQLite or of the file system.
    #[error("the archive {}: {detail}", path.display())]
    Sqlite { path: PathBuf, detail: String },
    /// The archive holds another history of the same game: neither journal extends the other.
    #[error(
        "the archive holds another journal of game {game}: neither holds all the other's entries \
         (two different histories of one game)"
    )]
    OtherHistory { game: String },
    /// The archive already holds every entry offered, and more.
    #[error(
        "the archive holds a longer journal of game {game} ({stored} entries, every one of the {offered} offered)"
    )]
    Older { game: String, stored: u64, offered: u64 },
    /// The archive does not hold this game.
    #[error("game {game} is not in the archive")]
    NotArchived { game: String },
    /// A value past the archive's limits.
    #[error("{what} is {size} bytes; the archive takes at most {limit}")]
    TooLarge { what: &'static str, size: usize, limit: usize },
    /// A query the archive cannot answer (a malformed date, a game id that is not one).
    #[error("{0}")]
    Query(String),
}

impl ArchiveError {
    /// A short stable name for scripts (`--json`'s `error`).
    pub fn code(&self) -> &'static str {
        match self {
            ArchiveError::Damaged { .. } => "archive-damaged",
            ArchiveError::Newer { .. } => "archive-newer",
            ArchiveError::Busy { .. } => "archive-busy",
            ArchiveError::Sqlite { .. } => "archive",
            ArchiveError::OtherHistory { .. } => "archive-other-history",
            ArchiveError::Older { .. } => "archive-older",
            ArchiveError::NotArchived { .. } => "not-archived",
            ArchiveError::TooLarge { .. } => "too-large",
            ArchiveError::Query(_) => "usage",
        }
    }
}

/// Whether SQLite refused because another connection holds the file.
pub(crate) fn is_busy(e: &rusqlite::Error) -> bool {
    use rusqlite::ffi::ErrorCode;
    matches!(e.sqlite_error_code(), Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked))
}

/// How a SQLite error on the archive at `path` is told: damage, a busy file, or anything else.
pub(crate) fn sqlite(path: &std::path::Path, e: rusqlite::Error) -> ArchiveError {
    use rusqlite::ffi::ErrorCode;
    let path = path.to_path_buf();
    match e.sqlite_error_code() {
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => {
            ArchiveError::Damaged { path, detail: e.to_string() }
        }
        _ if is_busy(&e) => ArchiveError::Busy { path, seconds: crate::BUSY_TIMEOUT.as_secs() },
        _ => ArchiveError::Sqlite { path, detail: e.to_string() },
    }
}
