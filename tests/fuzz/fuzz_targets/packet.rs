//! A packet as a player receives it: decoded, and its entries verified as a journal. Each
//! input is also tried with its checksum line made right for what precedes it (the forger's
//! best case), so that mutations reach the records instead of stopping at the checksum.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grognard_fuzz_targets::packet::check(data));
