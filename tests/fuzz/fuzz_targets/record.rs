//! A journal record and its canonical JSON: whatever reads back re-encodes to the same bytes.
#![no_main]

use grognard_journal::canonical;
use grognard_journal::entry::SignedEntry;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(e) = SignedEntry::parse_record(data) {
        assert_eq!(e.record(), data, "a record that reads back is its own encoding");
    }
    if let Ok(v) = canonical::decode(data) {
        assert_eq!(canonical::encode(&v), data, "canonical JSON re-encodes to itself");
    }
});
