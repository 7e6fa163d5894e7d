//! A written position (`grognard new --position`), read by the rulesets that have them.

use grognard_engine::AnyRuleset;

static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;

/// The target.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = FNC.position_setup(text);
}
