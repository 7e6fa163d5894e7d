//! Creating or joining a game atomically: the game directory is built under a temporary
//! name in the games directory (`games/.tmp-<game id>-<pid>`), with every file written and
//! synced, then renamed into place and the games directory synced. A process killed at any
//! moment leaves either no game or a whole one; what it leaves behind is a hidden temporary
//! directory, which listings ignore and the next `new`, `join` or `games` removes once no
//! process holds its lock.

use crate::failure::{Failure, Result};
use crate::home::Home;
use grognard_journal::ids::GameId;
use grognard_journal::store::{try_lock_dir, GameLock, LockMode, LOCK_FILE};
use std::path::{Path, PathBuf};
use std::time::Duration;

const TMP_PREFIX: &str = ".tmp-";
/// A temporary directory without a lock file (its creator was killed between creating and
/// locking it) is removed when its process is gone, or in any case after this long.
const UNLOCKED_GRACE: Duration = Duration::from_secs(600);

/// A game directory being built; removed when dropped unless [`Building::finish`]ed.
pub struct Building {
    tmp: PathBuf,
    target: PathBuf,
    _lock: Option<GameLock>,
    done: bool,
}

impl Building {
    /// Start building game `game` in `home`'s games directory (after removing leftovers of
    /// dead processes).
    pub fn start(home: &Home, game: &GameId) -> Result<Building> {
        let games = home.games_dir();
        std::fs::create_dir_all(&games).map_err(|e| storage("create", &games, e))?;
        clean_leftovers(&games);
        let tmp = games.join(format!("{TMP_PREFIX}{}-{}", game.to_hex(), std::process::id()));
        std::fs::create_dir(&tmp).map_err(|e| storage("create", &tmp, e))?;
        let mut building = Building { tmp, target: games.join(game.to_hex()), _lock: None, done: false };
        let lock =
            try_lock_dir(&building.tmp, LockMode::Exclusive).map_err(|e| Failure::new("storage", e.to_string()))?;
        building._lock = Some(lock.ok_or_else(|| Failure::new("storage", "a fresh directory is locked"))?);
        Ok(building)
    }

    /// Where to build the game.
    pub fn dir(&self) -> &Path {
        &self.tmp
    }

    /// Move the finished game into place. Fails, leaving nothing behind, if a game
    /// directory of that id appeared meanwhile.
    pub fn finish(mut self) -> Result<PathBuf> {
        sync_dir(&self.tmp)?;
        if self.target.exists() {
            return Err(exists(&self.target));
        }
        std::fs::rename(&self.tmp, &self.target).map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists | std::io::ErrorKind::DirectoryNotEmpty => exists(&self.target),
            _ => storage("move into place", &self.target, e),
        })?;
        self.done = true;
        if let Some(games) = self.target.parent() {
            sync_dir(games)?;
        }
        Ok(self.target.clone())
    }
}

impl Drop for Building {
    fn drop(&mut self) {
        if !self.done {
            let _ = std::fs::remove_dir_all(&self.tmp);
        }
    }
}

fn exists(target: &Path) -> Failure {
    Failure::new("exists", format!("game {} is already on this machine", crate::seat::dir_name(target)))
        .hint("use `grognard receive` for its packets; `grognard games` says whether it is usable")
}

fn storage(action: &str, path: &Path, e: std::io::Error) -> Failure {
    Failure::new("storage", format!("cannot {action} {}: {e}", path.display()))
}

fn sync_dir(dir: &Path) -> Result<()> {
    std::fs::File::open(dir).and_then(|d| d.sync_all()).map_err(|e| storage("sync", dir, e))
}

/// Remove the temporary directories of processes that ended before finishing: those whose
/// lock is free, or that were never locked and are old. Errors are ignored (a leftover is
/// harmless: listings skip it).
pub fn clean_leftovers(games: &Path) {
    let Ok(read) = std::fs::read_dir(games) else { return };
    for entry in read.filter_map(|e| e.ok()) {
        if !entry.file_name().to_string_lossy().starts_with(TMP_PREFIX) {
            continue;
        }
        let dir = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let dead = if dir.join(LOCK_FILE).is_file() {
            // Its lock is free (and held by this check while it runs) and its process, as far
            // as can be told, is gone.
            match try_lock_dir(&dir, LockMode::Exclusive) {
                Ok(Some(_held)) if process_gone(&name) != Some(false) => {
                    let _ = std::fs::remove_dir_all(&dir);
                    continue;
                }
                _ => false,
            }
        } else {
            // Killed between creating the directory and locking it.
            let old = entry.metadata().and_then(|m| m.modified()).ok().and_then(|t| t.elapsed().ok());
            process_gone(&name) == Some(true) || old.is_some_and(|age| age > UNLOCKED_GRACE)
        };
        if dead {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// Whether the process whose pid ends the temporary directory's name is gone (`None` when
/// that cannot be told: only `/proc` says so, where there is one).
fn process_gone(tmp_name: &str) -> Option<bool> {
    let pid = tmp_name.rsplit('-').next().and_then(|p| p.parse::<u32>().ok())?;
    let proc = Path::new("/proc");
    proc.join("self").exists().then(|| !proc.join(pid.to_string()).exists())
}
