//! A packet as a player receives it: decoded, and its entries verified as a journal
//! (signatures, links, the rules of Duel, FNC and Empires in Arms). Each input is also tried
//! with its checksum line made right for what precedes it (the forger's best case), so that
//! mutations reach the records instead of stopping at the checksum.

use grognard_engine::AnyRuleset;
use grognard_journal::packet::Packet;
use grognard_journal::verify::{self, SigCheck};
use sha2::{Digest, Sha256};

static DUEL: grognard_duel::Duel = grognard_duel::Duel;
static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;
static EIA: grognard_eia::Eia = grognard_eia::Eia;

/// The target: `data` as it came, then resealed.
pub fn check(data: &[u8]) {
    verify_packet(data);
    verify_packet(&resealed(data));
}

/// `data` with its last line replaced by `end sha256=` and the checksum of the bytes before it.
pub fn resealed(data: &[u8]) -> Vec<u8> {
    let trimmed = data.strip_suffix(b"\n").unwrap_or(data);
    let body_end = trimmed.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut out = data[..body_end].to_vec();
    let digest = Sha256::digest(&out);
    out.extend_from_slice(b"end sha256=");
    for b in digest {
        out.extend_from_slice(format!("{b:02x}").as_bytes());
    }
    out.push(b'\n');
    out
}

fn verify_packet(bytes: &[u8]) {
    if let Ok(packet) = Packet::decode(bytes) {
        let rulesets: [&dyn AnyRuleset; 3] = [&DUEL, &FNC, &EIA];
        let _ = verify::check(&rulesets, packet.entries, SigCheck::All);
    }
}
