//! Signature checks. Every signature is held to ed25519 `verify_strict`: canonical `s`,
//! canonical `R` that is not of small order, a key that is not weak (checked at genesis),
//! and the cofactorless equation.
//!
//! Batch verification is not used: its random linear combination lets a signer's `R` with
//! a small-order component pass or fail depending on which other signatures share the
//! batch, so two verifiers (or one import and a later full check) could disagree. Instead
//! the strict checks run on all cores, each signature alone, which gives the same answer
//! whatever the batch. BENCHMARKS.md shows what batching would have bought.

use crate::entry::SignedEntry;
use crate::keys::PublicKey;
use crate::tenure::Tenures;

/// Most threads used to check signatures.
const MAX_THREADS: usize = 8;
/// Below this many entries one thread is faster than starting others.
const PARALLEL_FROM: usize = 256;

/// The indices (into `entries`, ascending) of entries whose signature by the holder of
/// their place (`tenures`) fails, or that no holder holds.
pub fn failing(entries: &[&SignedEntry], tenures: &Tenures) -> Vec<usize> {
    let check = |(i, e): (usize, &&SignedEntry)| {
        let key: Option<&PublicKey> = tenures.key_at(e.entry.author, e.entry.seq);
        (!key.is_some_and(|k| e.verify(k))).then_some(i)
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(MAX_THREADS);
    if entries.len() < PARALLEL_FROM || threads < 2 {
        return entries.iter().enumerate().filter_map(check).collect();
    }
    let chunk = entries.len().div_ceil(threads);
    let mut bad: Vec<usize> = std::thread::scope(|scope| {
        let handles: Vec<_> = entries
            .chunks(chunk)
            .enumerate()
            .map(|(n, part)| {
                scope.spawn(move || {
                    part.iter().enumerate().filter_map(|(i, e)| check((n * chunk + i, e))).collect::<Vec<usize>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect()
    });
    bad.sort_unstable();
    bad
}
