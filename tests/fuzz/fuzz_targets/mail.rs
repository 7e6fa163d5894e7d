//! A mail message as `grognard receive` reads it: the packets it carries and its summary.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grognard_fuzz_targets::mail::check(data));
