//! A packet as a player receives it: decoded, and its entries verified as a journal.
#![no_main]

use grognard_engine::AnyRuleset;
use grognard_journal::packet::Packet;
use grognard_journal::verify::{self, SigCheck};
use libfuzzer_sys::fuzz_target;

static DUEL: grognard_duel::Duel = grognard_duel::Duel;
static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;
static EIA: grognard_eia::Eia = grognard_eia::Eia;

fuzz_target!(|data: &[u8]| {
    if let Ok(packet) = Packet::decode(data) {
        let rulesets: [&dyn AnyRuleset; 3] = [&DUEL, &FNC, &EIA];
        let _ = verify::check(&rulesets, packet.entries, SigCheck::All);
    }
});
