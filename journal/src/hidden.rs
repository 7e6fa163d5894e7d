//! Hidden information (docs/PROTOCOL.md section 12): concealed commands, their openings, and
//! what a replay knows of them.
//!
//! A `hidden` entry carries a command's public projection and
//! `commitment = SHA-256("grognard/hidden/v1\0" || game || u8(author) || salt || canonical command)`,
//! with `salt = SHA-256("grognard/hidden-salt/v1\0" || secret seed || game || genesis id || nonce)`
//! from the author's secret key and the entry's fresh public nonce: the salt can always be
//! made again, so only the command itself is kept (side file `hidden.json`, written before
//! the entry is signed). An `open` entry shows commands and salts; every replay checks them
//! against the commitments.
//!
//! A replay applies each concealed command whole when it knows it (its own player's, from
//! `hidden.json`, or one opened anywhere in the journal) and by its projection otherwise:
//! the state of a replay is its player's knowledge of the game.

use crate::canonical;
use crate::entry::{Body, SignedEntry};
use crate::ids::{EntryId, GameId, Hash32};
use crate::keys::SecretKey;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

const COMMIT_TAG: &[u8] = b"grognard/hidden/v1\0";
const SALT_TAG: &[u8] = b"grognard/hidden-salt/v1\0";
/// The local player's concealed commands, in the game directory (private, 0600).
pub const PRIVATE_FILE: &str = "hidden.json";

/// The salt of a concealed command whose entry carries `nonce`.
pub fn salt(secret: &SecretKey, game: &GameId, genesis: &EntryId, nonce: &Hash32) -> Hash32 {
    Hash32(
        Sha256::new()
            .chain_update(SALT_TAG)
            .chain_update(secret.seed())
            .chain_update(game.0)
            .chain_update(genesis.0)
            .chain_update(nonce.0)
            .finalize()
            .into(),
    )
}

/// The commitment to `command`, concealed by `author`.
pub fn commitment(game: &GameId, author: u8, salt: &Hash32, command: &Value) -> Hash32 {
    Hash32(
        Sha256::new()
            .chain_update(COMMIT_TAG)
            .chain_update(game.0)
            .chain_update([author])
            .chain_update(salt.0)
            .chain_update(canonical::encode(command))
            .finalize()
            .into(),
    )
}

/// One opened command, as an `open` entry shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opening {
    /// The `hidden` entry it opens.
    pub entry: EntryId,
    pub salt: Hash32,
    pub command: Value,
}

/// A command the local player concealed, as kept in `hidden.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Kept {
    pub command: Value,
    pub salt: Hash32,
}

/// The local player's concealed commands (`hidden.json`): by the nonce of their entry.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Private {
    pub player: u8,
    pub commands: BTreeMap<Hash32, Kept>,
}

/// An opening found in the journal, with the entry that made it.
#[derive(Clone, Debug)]
pub struct Opened {
    pub by: Box<SignedEntry>,
    pub salt: Hash32,
    pub command: Value,
}

/// What a replay knows of concealed commands beyond their projections.
#[derive(Clone, Debug, Default)]
pub struct Knowledge {
    /// Every opening in the journal, by the hidden entry it opens (the first one, in
    /// canonical order; a second opening of the same entry is refused where it stands).
    pub opened: BTreeMap<EntryId, Opened>,
    /// The local player's own concealed commands, if this replay is theirs.
    pub private: Option<Private>,
}

impl Knowledge {
    /// The openings of `entries` (in canonical order), with the local player's own commands.
    /// Only an `open` entry of a concealed command's own author counts (docs/PROTOCOL.md
    /// section 12): an opening signed by anyone else proves nothing against the author, and
    /// is refused where it stands (it opens none of its own author's concealed commands).
    pub fn of(entries: &[SignedEntry], private: Option<Private>) -> Knowledge {
        let authors: BTreeMap<EntryId, u8> = entries
            .iter()
            .filter(|e| matches!(e.entry.body, Body::Hidden { .. }))
            .map(|e| (e.id, e.entry.author))
            .collect();
        let mut opened = BTreeMap::new();
        for e in entries {
            if let Body::Open { openings, .. } = &e.entry.body {
                for o in openings.iter().filter(|o| authors.get(&o.entry) == Some(&e.entry.author)) {
                    opened.entry(o.entry).or_insert_with(|| Opened {
                        by: Box::new(e.clone()),
                        salt: o.salt,
                        command: o.command.clone(),
                    });
                }
            }
        }
        Knowledge { opened, private }
    }

    /// What this replay knows of the hidden entry `e`, by whom it learned it.
    pub fn of_entry(&self, e: &SignedEntry, nonce: &Hash32) -> Option<Known> {
        if let Some(o) = self.opened.get(&e.id) {
            return Some(Known { salt: o.salt, command: o.command.clone(), from: Source::Opening(o.by.clone()) });
        }
        let private = self.private.as_ref().filter(|p| p.player == e.entry.author)?;
        let kept = private.commands.get(nonce)?;
        Some(Known { salt: kept.salt, command: kept.command.clone(), from: Source::Own })
    }
}

/// Where a replay learned a concealed command.
#[derive(Clone, Debug)]
pub enum Source {
    /// The local player's own `hidden.json`.
    Own,
    /// An `open` entry of the journal.
    Opening(Box<SignedEntry>),
}

/// A concealed command a replay knows whole.
#[derive(Clone, Debug)]
pub struct Known {
    pub salt: Hash32,
    pub command: Value,
    pub from: Source,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_binds_the_author_the_salt_and_the_command() {
        let game = GameId([3; 16]);
        let salt = Hash32([7; 32]);
        let c = commitment(&game, 0, &salt, &serde_json::json!({"prime": 2}));
        assert_ne!(c, commitment(&game, 1, &salt, &serde_json::json!({"prime": 2})));
        assert_ne!(c, commitment(&game, 0, &Hash32([8; 32]), &serde_json::json!({"prime": 2})));
        assert_ne!(c, commitment(&game, 0, &salt, &serde_json::json!({"prime": 3})));
        assert_eq!(c, commitment(&game, 0, &salt, &serde_json::json!({"prime": 2})));
    }
}
