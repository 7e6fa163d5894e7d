//! Roll seeds: the 32-byte ChaCha20 key from which a dice request's faces are sampled.
//!
//! - fair: `SHA-256("grognard/roll/v1\0" || game || request id || for each witness in
//!   ascending player order: player index byte || revealed chain value)`;
//! - casual: `SHA-256("grognard/casual-roll/v1\0" || game || request id)`: anyone can
//!   compute it as soon as the request exists, which is why casual games say so everywhere.

use crate::ids::{EntryId, GameId, Hash32};
use sha2::{Digest, Sha256};

const FAIR_TAG: &[u8] = b"grognard/roll/v1\0";
const CASUAL_TAG: &[u8] = b"grognard/casual-roll/v1\0";

pub fn fair_seed(game: &GameId, request: &EntryId, reveals: &[(u8, Hash32)]) -> [u8; 32] {
    fair_seed_with(game, request, reveals, None)
}

/// [`fair_seed`] of a request that has an added witness (docs/PROTOCOL.md section 13.5):
/// its player and value come after the witnesses' (ascending) values.
pub fn fair_seed_with(
    game: &GameId,
    request: &EntryId,
    reveals: &[(u8, Hash32)],
    extra: Option<(u8, Hash32)>,
) -> [u8; 32] {
    debug_assert!(reveals.windows(2).all(|w| w[0].0 < w[1].0), "reveals in ascending player order");
    let mut h = Sha256::new().chain_update(FAIR_TAG).chain_update(game.0).chain_update(request.0);
    for (player, value) in reveals.iter().chain(extra.as_ref()) {
        h.update([*player]);
        h.update(value.0);
    }
    h.finalize().into()
}

pub fn casual_seed(game: &GameId, request: &EntryId) -> [u8; 32] {
    Sha256::new().chain_update(CASUAL_TAG).chain_update(game.0).chain_update(request.0).finalize().into()
}
