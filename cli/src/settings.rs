//! The user's settings, `<home>/settings.toml` (every key optional):
//!
//! ```toml
//! [answer]
//! automatic = true   # `receive` answers dice, sealed openings and standing orders at once
//! mail = false       # and mails the reply (otherwise it writes a packet file)
//! rolls = false      # and makes the rolls that hold no decision (siege, supply...)
//! ```
//!
//! Automatic answers are on by default: a witness who answers at once cannot be suspected
//! of choosing when to answer, and the game goes at the pace of the players' decisions.

use crate::failure::{Failure, Result};
use crate::home::Home;
use serde::Deserialize;

pub const SETTINGS_FILE: &str = "settings.toml";
const MAX_SETTINGS_BYTES: usize = 64 * 1024;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    #[serde(default = "yes")]
    pub automatic: bool,
    #[serde(default)]
    pub mail: bool,
    /// Also make the rolls that hold no decision (a siege roll, the supply roll...).
    #[serde(default)]
    pub rolls: bool,
}

fn yes() -> bool {
    true
}

impl Default for Answer {
    fn default() -> Self {
        Answer { automatic: true, mail: false, rolls: false }
    }
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    #[serde(default)]
    pub answer: Answer,
}

/// The settings of `home` (the defaults when there is no settings file).
pub fn load(home: &Home) -> Result<Settings> {
    let path = home.root().join(SETTINGS_FILE);
    if !path.exists() {
        return Ok(Settings::default());
    }
    let bytes = crate::cmd::read_file_limited(&path, MAX_SETTINGS_BYTES)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::new("settings", format!("{} is not UTF-8 text", path.display())))?;
    toml::from_str(&text).map_err(|e| {
        Failure::new("settings", format!("{}: {}", path.display(), e.message()))
            .hint("see README.md, \"Answering at once\"")
    })
}
