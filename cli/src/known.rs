//! The players this machine has met: `$GROGNARD_HOME/known-players.json`, one record per
//! email address with the key last seen and the game it was first seen in. `join` (and
//! `new`) compare every other player of a game with it, so that a second game with the
//! same person says "same key as in game X", and a changed key is shouted about: it is the
//! one sign that someone else may be using that person's name and address.

use crate::failure::{Failure, Result};
use crate::home::Home;
use grognard_journal::keys::PublicKey;
use grognard_journal::store::{write_file_atomic, LockMode};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const KNOWN_FILE: &str = "known-players.json";

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Known {
    /// By email address, lower-cased.
    players: BTreeMap<String, Player>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Player {
    name: String,
    key: String,
    fingerprint: String,
    /// The game in which this key was first seen for this address.
    first_game: String,
}

/// What this machine knew of one player of a game.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "known", rename_all = "kebab-case")]
pub enum Verdict {
    /// Never met before.
    New,
    /// The same key as before.
    Same { game: String },
    /// Another key than before for this address.
    Changed { game: String, old_fingerprint: String },
}

/// A player of a game as compared with the known players.
#[derive(Clone, Debug, Serialize)]
pub struct Note {
    pub name: String,
    pub email: String,
    pub fingerprint: String,
    #[serde(flatten)]
    pub verdict: Verdict,
}

impl Note {
    /// One line for people.
    pub fn text(&self) -> String {
        let who = format!("{} <{}>", self.name, self.email);
        match &self.verdict {
            Verdict::New => format!("  {who}: key fingerprint {} (first game with this person)", self.fingerprint),
            Verdict::Same { game } => {
                format!("  {who}: key fingerprint {} (same key as in game {game})", self.fingerprint)
            }
            Verdict::Changed { game, old_fingerprint } => format!(
                "  WARNING: {who}: this person's key CHANGED since game {game}: it was {old_fingerprint}, it is now {}.\n  \
                 Do not play on until you have checked the new fingerprint with them by another channel \
                 (phone, in person): someone else may be using their name.",
                self.fingerprint
            ),
        }
    }
}

/// Compare `players` (name, email, key) of game `game` with the known players and remember
/// them. A changed key is remembered too, once reported (the warning comes once per game).
pub fn check_and_remember(home: &Home, game: &str, players: &[(String, String, PublicKey)]) -> Result<Vec<Note>> {
    std::fs::create_dir_all(home.root())
        .map_err(|e| Failure::new("storage", format!("cannot create {}: {e}", home.root().display())))?;
    // The home's lock keeps two joins from losing each other's records.
    let _lock = crate::lock::hold(home.root(), LockMode::Exclusive)?;
    let path = home.root().join(KNOWN_FILE);
    let mut known: Known = match std::fs::read(&path) {
        Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| {
            Failure::new("storage", format!("{} is damaged: {e}", path.display()))
                .hint("move it away to start the list of known players afresh")
        })?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Known::default(),
        Err(e) => return Err(Failure::new("storage", format!("cannot read {}: {e}", path.display()))),
    };
    let mut notes = Vec::new();
    for (name, email, key) in players {
        let fingerprint = key.fingerprint();
        let address = email.to_lowercase();
        let verdict = match known.players.get(&address) {
            None => Verdict::New,
            Some(p) if p.key == key.to_hex() => Verdict::Same { game: p.first_game.clone() },
            Some(p) => Verdict::Changed { game: p.first_game.clone(), old_fingerprint: p.fingerprint.clone() },
        };
        if !matches!(verdict, Verdict::Same { .. }) {
            let player = Player {
                name: name.clone(),
                key: key.to_hex(),
                fingerprint: fingerprint.clone(),
                first_game: game.into(),
            };
            known.players.insert(address, player);
        }
        notes.push(Note { name: name.clone(), email: email.clone(), fingerprint, verdict });
    }
    let bytes = serde_json::to_vec_pretty(&known).map_err(|e| Failure::new("storage", e.to_string()))?;
    write_file_atomic(&path, &bytes, 0o644).map_err(|e| Failure::new("storage", e.to_string()))?;
    Ok(notes)
}
