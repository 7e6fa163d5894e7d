//! The verified-prefix snapshot of a local game: after it writes a journal it has verified,
//! the client notes how many records that was and the SHA-256 of their bytes (side file
//! `verified`). Opening the game again checks the signatures of the records after that
//! prefix only, when the prefix's bytes are still exactly those; everything else (parsing,
//! links, the order, the replay of every entry through the rules) is done as always, and
//! `grognard verify` checks everything, signatures included. Signatures are most of the
//! cost of opening a long game (BENCHMARKS.md), and a game's own player's client is the
//! only writer of its directory: what the snapshot trusts is that this program wrote those
//! bytes after checking them.

use crate::entry::SignedEntry;
use crate::ids::Hash32;
use crate::store::Store;
use sha2::{Digest, Sha256};

/// The side file of the snapshot: `<records> <sha256 hex>`.
pub const SNAPSHOT_FILE: &str = "verified";
const TAG: &[u8] = b"grognard/verified-prefix/v1\0";

/// The digest of `records` as the journal file holds them (each with its line feed).
pub fn digest<R: AsRef<[u8]>>(records: impl IntoIterator<Item = R>) -> Hash32 {
    let mut h = Sha256::new().chain_update(TAG);
    for r in records {
        h.update(r.as_ref());
        h.update(b"\n");
    }
    Hash32(h.finalize().into())
}

/// How many leading records of `records` this client verified before (0 without a
/// snapshot, or when the bytes differ).
pub fn verified_prefix(store: &Store, records: &[Vec<u8>]) -> usize {
    let Ok(Some(bytes)) = store.read_side(SNAPSHOT_FILE) else { return 0 };
    let text = String::from_utf8_lossy(&bytes);
    let Some((n, hex)) = text.trim().split_once(' ') else { return 0 };
    let Ok(n) = n.parse::<usize>() else { return 0 };
    if n == 0 || n > records.len() {
        return 0;
    }
    if digest(&records[..n]).to_hex() == hex {
        n
    } else {
        0
    }
}

/// Note that `entries` (the whole journal, in order) are verified. A failure to write is
/// ignored: the next opening checks every signature, as without a snapshot.
pub fn note(store: &Store, entries: &[SignedEntry]) {
    let line = format!("{} {}\n", entries.len(), digest(entries.iter().map(SignedEntry::record)).to_hex());
    let _ = store.write_private(SNAPSHOT_FILE, line.as_bytes());
}
