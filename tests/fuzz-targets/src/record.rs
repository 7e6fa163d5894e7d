//! A journal record (`<signature> <entry>`) and canonical JSON: whatever reads back re-encodes
//! to exactly the same bytes.

use grognard_journal::canonical;
use grognard_journal::entry::SignedEntry;

/// The target.
pub fn check(data: &[u8]) {
    if let Ok(e) = SignedEntry::parse_record(data) {
        assert_eq!(e.record(), data, "a record that reads back is its own encoding");
    }
    if let Ok(v) = canonical::decode(data) {
        assert_eq!(canonical::encode(&v), data, "canonical JSON re-encodes to itself");
    }
}
