//! Fresh public randomness for version-2 entries (PROTOCOL.md section 5.8): the roller's
//! nonce in a command, and the nonce mixed into every dice chain's seed and every sealed
//! choice's salt. Drawn from the operating system, never derived, so that nothing signed
//! twice for one game (a replayed invitation, a rollback, a rejoin) repeats a value.

use crate::entry::PROTOCOL_V2;
use crate::ids::Hash32;
use rand_core::{OsRng, RngCore};

/// 32 bytes from the operating system's generator.
pub fn fresh() -> Hash32 {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    Hash32(bytes)
}

/// A fresh nonce for an entry of a game of protocol `version` (none in version 1).
pub fn for_version(version: u32) -> Option<Hash32> {
    (version >= PROTOCOL_V2).then(fresh)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_are_fresh_and_version_1_has_none() {
        assert_ne!(fresh(), fresh());
        assert_eq!(for_version(1), None);
        assert!(for_version(2).is_some());
    }
}
