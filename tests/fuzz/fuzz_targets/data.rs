//! The data file formats (maps, charts, cards, leaders, rule values): built into the
//! program, but a player who corrects a reconstructed value edits one, so no text may make
//! a reader panic. The first byte picks the reader.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grognard_fuzz_targets::data::check(data));
