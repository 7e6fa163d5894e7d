//! A written position (`grognard new --position`), read by the rulesets that have them.
#![no_main]

use grognard_engine::AnyRuleset;
use libfuzzer_sys::fuzz_target;

static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = FNC.position_setup(text);
});
