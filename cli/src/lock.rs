//! Taking a game's lock: every command that writes to a game holds it exclusively for its
//! whole read-verify-write cycle (lock, then load and verify the journal, then change it);
//! commands that only read hold it shared, so they never see a change half made (a journal
//! appended but its `staged.json` not yet cleared, for instance).
//!
//! A busy lock is retried for a while (`GROGNARD_LOCK_WAIT_MS`, default 10,000 ms), then
//! the command fails naming the other process (the pid its holder wrote in the lock file).
//! The operating system releases a lock when its holder ends, however it ends.

use crate::failure::{Failure, Result};
use grognard_journal::store::{lock_holder_hint, try_lock_dir, GameLock, LockMode};
use std::path::Path;
use std::time::{Duration, Instant};

/// The environment variable that sets how long to wait for a busy lock, in milliseconds.
pub const WAIT_VAR: &str = "GROGNARD_LOCK_WAIT_MS";
const DEFAULT_WAIT: Duration = Duration::from_secs(10);

fn wait_limit() -> Duration {
    std::env::var(WAIT_VAR).ok().and_then(|v| v.trim().parse().ok()).map_or(DEFAULT_WAIT, Duration::from_millis)
}

/// Take the lock of the game directory `dir` in `mode`, waiting while another process
/// holds it. A reader of a directory it may not write to reads without the lock (`None`).
pub fn hold(dir: &Path, mode: LockMode) -> Result<Option<GameLock>> {
    let limit = wait_limit();
    let started = Instant::now();
    let mut pause = Duration::from_millis(5);
    loop {
        match try_lock_dir(dir, mode) {
            Ok(Some(lock)) => return Ok(Some(lock)),
            Ok(None) => {}
            Err(grognard_journal::store::StoreError::Io { err, .. })
                if mode == LockMode::Shared && err.kind() == std::io::ErrorKind::PermissionDenied =>
            {
                return Ok(None)
            }
            Err(e) => return Err(Failure::new("storage", e.to_string())),
        }
        if started.elapsed() >= limit {
            return Err(busy(dir, limit));
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(100));
    }
}

fn busy(dir: &Path, waited: Duration) -> Failure {
    let game = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let who = match lock_holder_hint(dir) {
        Some(pid) => format!("another grognard process (pid {pid}, or a reader after it)"),
        None => "another grognard process".to_string(),
    };
    Failure::new(
        "locked",
        format!("game {game} is in use by {who}; waited {:.1} s for it to finish", waited.as_secs_f64()),
    )
    .hint(format!(
        "run the command again once the other one has finished (its lock goes when it ends, even if it \
         crashes); set {WAIT_VAR} to wait longer. Nothing was changed"
    ))
}
