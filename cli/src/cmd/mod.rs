//! One module per subcommand.

pub mod autoreply;
pub mod games;
pub mod join;
pub mod keygen;
pub mod log;
pub mod new;
pub mod play;
pub mod receive;
pub mod scenarios;
pub mod send;
pub mod show;
pub mod status;
pub mod verify;

use crate::failure::{Failure, Result};
use crate::seat::{self, LocalGame};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct GameArgs {
    /// The game (a prefix of its id); may be left out when there is only one.
    #[arg(long)]
    pub game: Option<String>,
}

impl GameArgs {
    pub fn open(&self) -> Result<LocalGame> {
        let home = seat::home()?;
        seat::open(&seat::select(&home, self.game.as_deref())?)
    }
}

/// Print JSON or text.
pub fn emit(json: bool, value: serde_json::Value, text: impl FnOnce() -> String) {
    if json {
        println!("{value}");
    } else {
        let t = text();
        if !t.is_empty() {
            println!("{}", t.trim_end());
        }
    }
}

pub fn read_file(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| Failure::new("file", format!("cannot read {}: {e}", path.display())))
}

/// Refuse early, before anything is signed, when an output file is already there.
pub fn check_new_file(path: Option<&Path>) -> Result<()> {
    match path {
        Some(p) if p.exists() => {
            Err(Failure::usage(format!("{} already exists; grognard never overwrites a file", p.display()))
                .hint("choose another name with --out"))
        }
        _ => Ok(()),
    }
}

/// Write a file for the user (packets), refusing to overwrite anything.
pub fn write_new_file(path: &PathBuf, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| Failure::new("file", format!("cannot create {}: {e}", path.display())))?;
    f.write_all(bytes)
        .and_then(|_| f.sync_all())
        .map_err(|e| Failure::new("file", format!("cannot write {}: {e}", path.display())))
}
