//! Command text for every ruleset: a command that parses prints as a text that parses back
//! to the same command.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| grognard_fuzz_targets::command::check(data));
