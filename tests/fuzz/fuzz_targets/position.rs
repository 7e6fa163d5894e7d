//! A written position (`grognard new --position`), read by the rulesets that have them.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grognard_fuzz_targets::position::check(data));
