//! Sealed choices (PROTOCOL.md section 6): a player commits to
//! `SHA-256("grognard/seal/v1\0" || game || u32 BE length of step || step || player || salt || canonical choice)`
//! and later reveals the choice and the salt. The salt is derived from the player's secret
//! key, the game's genesis id, the step and, in protocol version 2, the fresh public nonce of
//! the seal entry
//! (`SHA-256("grognard/seal-salt/v3\0" || secret seed || game || genesis id || u32 BE length of step || step || nonce)`)
//! so there is no extra secret to lose; it is unguessable until revealed, and it never
//! repeats: step names are unique within a game (the replay refuses a reused one) and the
//! nonce is fresh even when a player joins the same genesis twice. Version 1 had no nonce
//! (tag `seal-salt/v2`), so a rejoin repeated every salt.

use crate::canonical;
use crate::ids::{EntryId, GameId, Hash32};
use crate::keys::SecretKey;
use serde_json::Value;
use sha2::{Digest, Sha256};

const SEAL_TAG: &[u8] = b"grognard/seal/v1\0";
const SALT_TAG_V1: &[u8] = b"grognard/seal-salt/v2\0";
const SALT_TAG: &[u8] = b"grognard/seal-salt/v3\0";

fn step_bytes(step: &str) -> Vec<u8> {
    let mut v = (step.len() as u32).to_be_bytes().to_vec();
    v.extend_from_slice(step.as_bytes());
    v
}

/// The salt of `step`; `nonce` is the seal entry's (version 2) or `None` (version 1).
pub fn salt(secret: &SecretKey, game: &GameId, genesis: &EntryId, step: &str, nonce: Option<&Hash32>) -> Hash32 {
    let h = Sha256::new()
        .chain_update(if nonce.is_some() { SALT_TAG } else { SALT_TAG_V1 })
        .chain_update(secret.seed())
        .chain_update(game.0)
        .chain_update(genesis.0)
        .chain_update(step_bytes(step));
    match nonce {
        Some(n) => Hash32(h.chain_update(n.0).finalize().into()),
        None => Hash32(h.finalize().into()),
    }
}

pub fn commitment(game: &GameId, step: &str, player: u8, salt: &Hash32, choice: &Value) -> Hash32 {
    Hash32(
        Sha256::new()
            .chain_update(SEAL_TAG)
            .chain_update(game.0)
            .chain_update(step_bytes(step))
            .chain_update([player])
            .chain_update(salt.0)
            .chain_update(canonical::encode(choice))
            .finalize()
            .into(),
    )
}
