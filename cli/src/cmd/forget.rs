//! `grognard forget --game ID`: move a game directory (a broken one, or a game you no longer
//! want listed) out of `games/` into `<home>/attic/`. Nothing is deleted: moving it back
//! restores it.

use crate::failure::{Failure, Result};
use crate::seat;
use grognard_journal::store::LockMode;
use serde_json::json;

pub const ATTIC: &str = "attic";

#[derive(clap::Args)]
pub struct Args {
    /// The game to forget (its id, or a prefix of it that names one game).
    #[arg(long)]
    game: String,
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let home = seat::home()?;
    let dir = seat::select(&home, Some(&args.game))?;
    let id = seat::dir_name(&dir);
    // Not while another process uses it.
    let _lock = crate::lock::hold(&dir, LockMode::Exclusive)?;
    let attic = home.root().join(ATTIC);
    std::fs::create_dir_all(&attic)
        .map_err(|e| Failure::new("storage", format!("cannot create {}: {e}", attic.display())))?;
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let target = (0..1000u32)
        .map(|n| if n == 0 { attic.join(format!("{id}-{stamp}")) } else { attic.join(format!("{id}-{stamp}-{n}")) })
        .find(|p| !p.exists())
        .ok_or_else(|| Failure::new("storage", format!("{} is full of copies of {id}", attic.display())))?;
    std::fs::rename(&dir, &target)
        .map_err(|e| Failure::new("storage", format!("cannot move {} to {}: {e}", dir.display(), target.display())))?;
    for d in [&attic, &home.games_dir()] {
        let _ = std::fs::File::open(d).and_then(|f| f.sync_all());
    }
    super::emit(json, json!({"ok": true, "game": id, "moved_to": target}), || {
        format!(
            "Moved game {id} to {}; nothing was deleted.\nTo bring it back: mv {} {}",
            target.display(),
            target.display(),
            dir.display()
        )
    })
}
