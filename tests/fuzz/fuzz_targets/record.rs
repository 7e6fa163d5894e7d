//! A journal record and its canonical JSON: whatever reads back re-encodes to the same bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grognard_fuzz_targets::record::check(data));
