//! The high-water mark of a player's own feed, kept outside the game directory (the CLI keeps
//! it under the player's home): the feed position and id of the last entry the player signed
//! in a game. It makes "never sign two different entries for one place of your own feed"
//! hold even when a journal is lost, rolled back from a backup, or deleted and joined again:
//! with a mark that is ahead of the journal, the client refuses to sign until the missing
//! entries are imported back, and with any mark at all it refuses to join the game again.
//!
//! The mark guards what has left the machine: `Game::packet_to_send` raises it, durably,
//! before it returns a packet carrying the player's entries, so a mark is never behind an
//! entry another player may hold. An entry signed but never sent (a join killed half-way, a
//! journal restored before anything went out) does not count: nobody saw it, and with fair
//! dice nobody, the signer included, knew what it rolled.

use crate::game::GameError;
use crate::ids::EntryId;
use crate::store::write_file_atomic;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// The feed position of the last entry signed.
    pub seq: u64,
    pub id: EntryId,
}

/// Where a player's mark of one game lives.
#[derive(Clone, Debug)]
pub struct FeedMark {
    path: PathBuf,
}

impl FeedMark {
    pub fn at(path: &Path) -> FeedMark {
        FeedMark { path: path.to_path_buf() }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The mark, if this player ever signed in this game on this machine.
    pub fn read(&self) -> Result<Option<Mark>, GameError> {
        match std::fs::read(&self.path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map(Some).map_err(|e| {
                GameError::Refused(format!(
                    "the mark of your own entries {} is damaged ({e}); it guards you against signing two \
                     entries for one place: restore it from a backup rather than delete it",
                    self.path.display()
                ))
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(GameError::Refused(format!("cannot read {}: {e}", self.path.display()))),
        }
    }

    /// Record `mark` durably (never lowers it).
    pub fn raise(&self, mark: Mark) -> Result<(), GameError> {
        if self.read()?.is_some_and(|old| old.seq >= mark.seq) {
            return Ok(());
        }
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| GameError::Refused(format!("cannot create {}: {e}", dir.display())))?;
        }
        let bytes = serde_json::to_vec(&mark).map_err(|e| GameError::Refused(e.to_string()))?;
        write_file_atomic(&self.path, &bytes, 0o600)?;
        Ok(())
    }
}
