//! One module per subcommand.

pub mod aids;
pub mod archive;
pub mod autoreply;
pub mod bot;
pub mod export_html;
pub mod forget;
pub mod games;
pub mod join;
pub mod keygen;
pub mod letters;
pub mod log;
pub mod new;
pub mod orders;
pub mod play;
pub mod receive;
pub mod replay;
pub mod scenarios;
pub mod seats;
pub mod send;
pub mod show;
pub mod solo;
pub mod status;
pub mod verify;

use crate::failure::{Failure, Result};
use crate::output;
use crate::seat::{self, LocalGame};
use grognard_journal::store::LockMode;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct GameArgs {
    /// The game (a prefix of its id); may be left out when there is only one.
    #[arg(long)]
    pub game: Option<String>,
}

impl GameArgs {
    /// Open the game to read it (shared lock).
    pub fn open(&self) -> Result<LocalGame> {
        self.open_as(LockMode::Shared)
    }

    /// Open the game to change it (exclusive lock, held until the value is dropped).
    pub fn open_to_write(&self) -> Result<LocalGame> {
        self.open_as(LockMode::Exclusive)
    }

    fn open_as(&self, mode: LockMode) -> Result<LocalGame> {
        let home = seat::home()?;
        seat::open(&seat::select(&home, self.game.as_deref())?, mode)
    }
}

/// Print JSON or text (text escaped by `output::safe_text`).
pub fn emit(json: bool, value: serde_json::Value, text: impl FnOnce() -> String) -> Result<()> {
    if json {
        output::json(&value)
    } else {
        let t = text();
        if t.is_empty() {
            Ok(())
        } else {
            output::line(t.trim_end())
        }
    }
}

/// Read a file of at most `limit` bytes, reading no more than `limit + 1` (a device or a
/// pipe that never ends is refused at the limit).
pub fn read_file_limited(path: &Path, limit: usize) -> Result<Vec<u8>> {
    use std::io::Read;
    let shown = output::one_line(&path.display().to_string()).into_owned();
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| Failure::new("file", format!("cannot read {shown}: {e}")))?;
    if bytes.len() > limit {
        return Err(Failure::new(
            "too-large",
            format!("{shown} is larger than {limit} bytes, the limit for this input"),
        )
        .hint("check that it is the file you meant"));
    }
    Ok(bytes)
}

/// Read a small input file (a packet, a mail, a position, a public key): at most the size
/// of the largest packet or mail message.
pub fn read_file(path: &Path) -> Result<Vec<u8>> {
    read_file_limited(path, grognard_mail::extract::MAX_MESSAGE_BYTES)
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
    write_new_file_mode(path, bytes, 0o666)
}

/// [`write_new_file`] for a file of secrets: readable by its owner alone (0600).
pub fn write_new_private_file(path: &PathBuf, bytes: &[u8]) -> Result<()> {
    write_new_file_mode(path, bytes, 0o600)
}

fn write_new_file_mode(path: &PathBuf, bytes: &[u8], mode: u32) -> Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(mode)
        .open(path)
        .map_err(|e| Failure::new("file", format!("cannot create {}: {e}", path.display())))?;
    f.write_all(bytes).and_then(|_| f.sync_all()).map_err(|e| {
        // Never leave half a packet behind.
        let _ = std::fs::remove_file(path);
        Failure::new("file", format!("cannot write {}: {e}", path.display()))
            .hint("nothing was lost: what was signed is in the journal; free some space and run the command again")
    })
}

/// A public key line (`grognard-pk1 ...`), given as the line itself or as a file holding it
/// (a file may hold what `grognard whoami` prints: the listing line, then the key line).
pub fn public_line(arg: &str, flag: &str) -> Result<grognard_journal::keys::PublicLine> {
    use grognard_journal::keys::{PublicLine, PUBLIC_LINE_TAG};
    let text = if std::path::Path::new(arg).is_file() {
        String::from_utf8(read_file(std::path::Path::new(arg))?)
            .map_err(|_| Failure::usage(format!("{arg} is not a public key file")))?
    } else {
        arg.to_string()
    };
    let keys: Vec<&str> =
        text.lines().map(str::trim).filter(|l| l.starts_with(&format!("{PUBLIC_LINE_TAG} "))).collect();
    let line = match keys.as_slice() {
        [one] => one,
        [] => text.trim(),
        more => {
            return Err(Failure::usage(format!("{flag} {arg} holds {} public keys, not one", more.len()))
                .hint("give one: `grognard whoami --as NAME > FILE` prints one identity's key"))
        }
    };
    PublicLine::parse(line).map_err(|e| Failure::usage(format!("{flag} {arg}: {e}")))
}
