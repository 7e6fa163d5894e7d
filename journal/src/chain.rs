//! Dice hash chains. A player's chain of generation `g` in game `G` starts from
//! `x_0 = SHA-256("grognard/chain-seed/v3\0" || secret seed || G || anchor || g as u32 BE || nonce)`
//! in protocol version 2, where `nonce` is the fresh public value of the commitment (version 1
//! had no nonce and the tag `chain-seed/v2`), and steps `x_{i+1} = SHA-256("grognard/chain/v1\0" || x_i)`. The anchor is the genesis
//! entry's id, except for the creator's first chain, which the genesis itself commits to
//! (anchor: 32 zero bytes; the creator chose the game id, so only the creator could make it
//! repeat). Anchoring to the genesis means a creator who reuses an old game id cannot make
//! an opponent's chain repeat values that opponent revealed in another game.
//!
//! The player commits to the head `x_L` and reveals `x_{L-1}, x_{L-2}, ...` one per dice
//! request: each reveal is checked by hashing it once and comparing with the previous reveal
//! (or the head). The values are fixed by the commitment before any request exists, so a
//! witness cannot bias a roll, and nobody else can compute them (they are SHA-256 preimages).

use crate::entry::ChainCommit;
use crate::ids::{EntryId, GameId, Hash32};
use crate::keys::SecretKey;
use sha2::{Digest, Sha256};

/// Version 1's seed: no nonce, so a replayed genesis made the same chains (PROTOCOL.md 11).
const SEED_TAG_V1: &[u8] = b"grognard/chain-seed/v2\0";
const SEED_TAG: &[u8] = b"grognard/chain-seed/v3\0";
const STEP_TAG: &[u8] = b"grognard/chain/v1\0";

/// Length of a new chain: reveals available before a re-commitment is needed.
pub const DEFAULT_CHAIN_LENGTH: u32 = 10_000;
/// Longest chain accepted (bounds the work of deriving a value).
pub const MAX_CHAIN_LENGTH: u32 = 1_000_000;
/// Shortest chain accepted: long enough that a player re-commits well before the end.
pub const MIN_CHAIN_LENGTH: u32 = 16;
/// A player re-commits when fewer reveals than this remain (or than half the chain).
/// Re-commitments are made right after a reveal, never while a roll waits on the player:
/// a chain committed after a request could be chosen to pick its roll.
pub const RECOMMIT_BELOW: u32 = 64;

/// Should a chain of `length` links with `remaining` unrevealed be renewed now? In protocol
/// version 2 this is also the validity rule for a `chain` entry: a renewal of a chain that
/// is far from spent is refused, so nobody can grow a journal with renewals no roll needs.
pub fn needs_renewal(length: u32, remaining: u32) -> bool {
    remaining < RECOMMIT_BELOW.min(length / 2)
}

/// Is `length` an allowed chain length (a validity rule)?
pub fn length_allowed(length: u32) -> bool {
    (MIN_CHAIN_LENGTH..=MAX_CHAIN_LENGTH).contains(&length)
}

pub fn step(x: &Hash32) -> Hash32 {
    Hash32(Sha256::new().chain_update(STEP_TAG).chain_update(x.0).finalize().into())
}

/// The anchor of a chain: the genesis id, or zeros for the creator's first chain.
pub fn anchor(genesis: &EntryId, creator: bool, generation: u32) -> Hash32 {
    if creator && generation == 0 {
        Hash32([0; 32])
    } else {
        Hash32(genesis.0)
    }
}

/// Where a chain comes from: everything its seed `x_0` hashes besides the secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    pub game: GameId,
    pub anchor: Hash32,
    pub generation: u32,
    /// The commitment's public nonce (version 2); `None` for a version-1 chain.
    pub nonce: Option<Hash32>,
}

fn seed(secret: &SecretKey, origin: &Origin) -> Hash32 {
    let h = Sha256::new()
        .chain_update(if origin.nonce.is_some() { SEED_TAG } else { SEED_TAG_V1 })
        .chain_update(secret.seed())
        .chain_update(origin.game.0)
        .chain_update(origin.anchor.0)
        .chain_update(origin.generation.to_be_bytes());
    match origin.nonce {
        Some(nonce) => Hash32(h.chain_update(nonce.0).finalize().into()),
        None => Hash32(h.finalize().into()),
    }
}

/// `x_i` of the player's chain.
pub fn value_at(secret: &SecretKey, origin: &Origin, i: u32) -> Hash32 {
    let mut x = seed(secret, origin);
    for _ in 0..i {
        x = step(&x);
    }
    x
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a dice chain has {MIN_CHAIN_LENGTH} to {MAX_CHAIN_LENGTH} links, not {0}")]
pub struct BadLength(pub u32);

/// The commitment to a new chain of `length` links (16 to 1,000,000).
pub fn commit(secret: &SecretKey, origin: &Origin, length: u32) -> Result<ChainCommit, BadLength> {
    if !length_allowed(length) {
        return Err(BadLength(length));
    }
    let head = value_at(secret, origin, length);
    Ok(ChainCommit { generation: origin.generation, head, length, nonce: origin.nonce })
}

/// The value of the `index`-th reveal (1-based) of a committed chain: `x_{L-index}`.
/// `origin` must be the chain's (its generation and nonce are taken from `chain`).
pub fn reveal_value(secret: &SecretKey, origin: &Origin, chain: &ChainCommit, index: u32) -> Option<Hash32> {
    let origin = Origin { generation: chain.generation, nonce: chain.nonce, ..*origin };
    (1..=chain.length).contains(&index).then(|| value_at(secret, &origin, chain.length - index))
}

/// Where a player's chain stands during replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainState {
    pub commit: ChainCommit,
    /// Reveals made so far on this chain.
    pub used: u32,
    /// The last value revealed, or the head.
    pub last: Hash32,
}

impl ChainState {
    pub fn new(commit: ChainCommit) -> Self {
        ChainState { commit, used: 0, last: commit.head }
    }

    pub fn remaining(&self) -> u32 {
        self.commit.length - self.used
    }

    /// Check and record the next reveal.
    pub fn accept(&mut self, generation: u32, index: u32, value: &Hash32) -> Result<(), String> {
        if generation != self.commit.generation {
            return Err(format!(
                "the reveal is from chain {generation}, the current chain is {}",
                self.commit.generation
            ));
        }
        if index != self.used + 1 || index > self.commit.length {
            return Err(format!("the reveal has index {index}; the next index is {}", self.used + 1));
        }
        if step(value) != self.last {
            return Err(format!("the value does not hash to the chain's previous value (index {index})"));
        }
        self.used = index;
        self.last = *value;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reveals_check_against_the_head_in_order() {
        let sk = SecretKey::from_seed(&[9; 32]);
        let origin = Origin { game: GameId([3; 16]), anchor: Hash32([4; 32]), generation: 0, nonce: None };
        let c = commit(&sk, &origin, 20).expect("length allowed");
        let mut state = ChainState::new(c);
        for i in 1..=20 {
            let v = reveal_value(&sk, &origin, &c, i).expect("in range");
            let mut bad = v;
            bad.0[0] ^= 1;
            assert!(state.accept(0, i, &bad).is_err());
            state.accept(0, i, &v).expect("a genuine reveal is accepted");
        }
        assert_eq!(state.remaining(), 0);
        assert_eq!(reveal_value(&sk, &origin, &c, 21), None);
    }

    #[test]
    fn lengths_out_of_range_are_refused_not_panicked_on() {
        let sk = SecretKey::from_seed(&[9; 32]);
        let origin = Origin { game: GameId([3; 16]), anchor: Hash32([4; 32]), generation: 0, nonce: None };
        for bad in [0, 1, MIN_CHAIN_LENGTH - 1, MAX_CHAIN_LENGTH + 1, u32::MAX] {
            assert_eq!(commit(&sk, &origin, bad), Err(BadLength(bad)));
        }
        assert!(commit(&sk, &origin, MIN_CHAIN_LENGTH).is_ok());
    }

    #[test]
    fn chains_differ_by_key_game_anchor_generation_and_nonce() {
        let a = SecretKey::from_seed(&[1; 32]);
        let b = SecretKey::from_seed(&[2; 32]);
        let base = Origin { game: GameId([0; 16]), anchor: Hash32([0; 32]), generation: 0, nonce: None };
        let head = |k: &SecretKey, o: Origin| commit(k, &o, 16).expect("length allowed").head;
        let heads = [
            head(&a, base),
            head(&b, base),
            head(&a, Origin { game: GameId([1; 16]), ..base }),
            head(&a, Origin { generation: 1, ..base }),
            head(&a, Origin { anchor: Hash32([1; 32]), ..base }),
            head(&a, Origin { nonce: Some(Hash32([0; 32])), ..base }),
            head(&a, Origin { nonce: Some(Hash32([1; 32])), ..base }),
        ];
        for i in 0..heads.len() {
            for j in i + 1..heads.len() {
                assert_ne!(heads[i], heads[j]);
            }
        }
    }
}
