//! Signature checks. Every signature is held to ed25519 `verify_strict`: canonical `s`,
//! canonical `R` that is not of small order, a key that is not weak (checked at genesis),
//! and the cofactorless equation. Many signatures are checked at once with a batch
//! (cofactorless too) after the per-signature `R` checks; if the batch fails, each is checked
//! alone to name the culprit.

use crate::entry::{signing_message, SignedEntry};
use crate::keys::PublicKey;
use curve25519_dalek::edwards::CompressedEdwardsY;

/// Batches larger than this are split (bounds memory).
const BATCH: usize = 4096;

fn r_is_strict(entry: &SignedEntry) -> bool {
    let r: [u8; 32] = entry.signature.r_bytes().to_owned();
    match CompressedEdwardsY(r).decompress() {
        Some(point) => !point.is_small_order() && point.compress().to_bytes() == r,
        None => false,
    }
}

/// The indices (into `entries`) of entries whose signature by `keys[author]` fails.
/// Authors must be valid indices into `keys` (checked by the caller).
pub fn failing(entries: &[&SignedEntry], keys: &[PublicKey]) -> Vec<usize> {
    let mut bad = Vec::new();
    for (chunk_no, chunk) in entries.chunks(BATCH).enumerate() {
        let base = chunk_no * BATCH;
        let messages: Vec<Vec<u8>> = chunk.iter().map(|e| signing_message(&e.bytes)).collect();
        let refs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
        let sigs: Vec<_> = chunk.iter().map(|e| e.signature).collect();
        let vks: Vec<_> = chunk.iter().map(|e| *keys[usize::from(e.entry.author)].verifying_key()).collect();
        let batch_ok = chunk.iter().all(|e| r_is_strict(e)) && ed25519_dalek::verify_batch(&refs, &sigs, &vks).is_ok();
        if !batch_ok {
            for (i, e) in chunk.iter().enumerate() {
                if !e.verify(&keys[usize::from(e.entry.author)]) {
                    bad.push(base + i);
                }
            }
        }
    }
    bad
}
