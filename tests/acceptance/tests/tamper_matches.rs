//! Tamper coverage on real matches: single-byte mutations of the example matches
//! (`examples/matches/`, complete games of The Egyptian Campaign and The Russo-Swedish War
//! between bots, with fog of war and fair dice), each either refused with a named error or
//! provably harmless (the same entries, so the identical journal): no forgery is accepted.
//!
//! Two attacks, on a random sample of positions and byte values:
//! - **a packet**: a run of one player's consecutive entries, as `grognard send` would write
//!   them, is altered in one byte of its records and its checksum recomputed (the forger's
//!   best case: the checksum alone would catch every change); the victim holds the journal
//!   up to the run and imports the packet (decoding, then full verification);
//! - **the journal file**: one byte of the whole file is altered and the file verified
//!   alone, as `grognard verify --file` does.
//!
//! The default run is a sample (`SAMPLES` of each attack and match); a larger one is on
//! demand: `GROGNARD_TAMPER_SAMPLES=20000 cargo test --release -p grognard-acceptance --test
//! tamper_matches -- --nocapture` prints the counts by outcome (BENCHMARKS.md, "Tamper coverage").

use grognard_acceptance::Lcg;
use grognard_engine::AnyRuleset;
use grognard_fnc::Fnc;
use grognard_journal::canonical::CanonicalError;
use grognard_journal::entry::{RecordError, SignedEntry};
use grognard_journal::error::Problem;
use grognard_journal::packet::{Packet, PacketError};
use grognard_journal::verify::{self, SigCheck};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

static FNC: Fnc = Fnc;

/// Mutations of each attack on each match in the default run.
const SAMPLES: usize = 150;

fn samples() -> usize {
    std::env::var("GROGNARD_TAMPER_SAMPLES").ok().and_then(|s| s.parse().ok()).unwrap_or(SAMPLES)
}

/// What became of the mutations: refusals by error, harmless ones, by attack.
#[derive(Default)]
struct Tally {
    refused: BTreeMap<String, usize>,
    harmless: usize,
    total: usize,
}

impl Tally {
    fn refuse(&mut self, what: String) {
        *self.refused.entry(what).or_insert(0) += 1;
        self.total += 1;
    }

    fn harmless(&mut self) {
        self.harmless += 1;
        self.total += 1;
    }

    fn report(&self, title: &str) -> String {
        let refused: usize = self.refused.values().sum();
        let mut out = format!(
            "{title}: {} mutations, {refused} refused, {} harmless (the same entries), 0 accepted forgeries\n",
            self.total, self.harmless
        );
        for (what, n) in &self.refused {
            out.push_str(&format!("  refused: {what}: {n}\n"));
        }
        out
    }
}

/// The name of an error's kind (its variant), for counting.
fn kind(debug: String) -> String {
    debug.split(['(', ' ', '{']).next().unwrap_or("").to_string()
}

fn problem(p: &Problem) -> String {
    format!("verification, {}", kind(format!("{p:?}")))
}

fn packet_error(e: &PacketError) -> String {
    match e {
        PacketError::Record { error, .. } => format!("packet decoding, a record: {}", record_kind(error)),
        other => format!("packet decoding, {}", kind(format!("{other:?}"))),
    }
}

/// What is wrong with a record, by kind.
fn record_kind(e: &RecordError) -> &'static str {
    match e {
        RecordError::Shape => "not `<signature> <entry>`",
        RecordError::TooLarge(_) => "too large",
        RecordError::Canonical(CanonicalError::Syntax(_)) => "not JSON",
        RecordError::Canonical(CanonicalError::Float) => "a float",
        RecordError::Canonical(CanonicalError::NotCanonical) => "not canonical JSON",
        RecordError::Canonical(CanonicalError::TooDeep(_)) => "nested too deep",
        RecordError::Fields(_) => "not the fields of an entry",
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Replace a packet text's `end sha256=` line with the checksum of the bytes before it.
fn reseal(text: &[u8]) -> Vec<u8> {
    let body_end = text[..text.len() - 1].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut out = text[..body_end].to_vec();
    out.extend_from_slice(format!("end sha256={}\n", hex(&Sha256::digest(&out))).as_bytes());
    out
}

/// A byte value other than `old`, uniformly.
fn other_byte(rng: &mut Lcg, old: u8) -> u8 {
    let v = rng.below(255) as u8;
    if v >= old {
        v + 1
    } else {
        v
    }
}

/// Are `got` the same entries as `want`, so the journal written from them is identical?
fn same_entries(got: &[SignedEntry], want: &[SignedEntry]) -> bool {
    got.len() == want.len() && got.iter().zip(want).all(|(a, b)| a.id == b.id && a.record() == b.record())
}

struct Match {
    name: &'static str,
    bytes: Vec<u8>,
    entries: Vec<SignedEntry>,
}

fn load(name: &'static str) -> Match {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/matches").join(name).join("journal");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let entries = bytes[..bytes.len() - 1]
        .split(|b| *b == b'\n')
        .map(|line| SignedEntry::parse_record(line).unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect();
    Match { name, bytes, entries }
}

fn rulesets() -> Vec<&'static dyn AnyRuleset> {
    vec![&FNC]
}

/// One player's consecutive entries from `start` (at most 40), as one packet.
fn run_from(m: &Match, start: usize) -> std::ops::Range<usize> {
    let author = m.entries[start].entry.author;
    let mut end = start + 1;
    while end < m.entries.len() && end - start < 40 && m.entries[end].entry.author == author {
        end += 1;
    }
    start..end
}

fn packet_attack(m: &Match, rng: &mut Lcg, tally: &mut Tally) {
    let rulesets = rulesets();
    let game = m.entries[0].entry.game;
    for _ in 0..samples() {
        let run = run_from(m, 1 + rng.below(m.entries.len() - 1));
        let honest = Packet { game, entries: m.entries[run.clone()].to_vec(), letters: Vec::new() };
        let text = honest.encode();
        let first = text.iter().position(|&b| b == b'\n').map_or(0, |i| i + 1);
        let last = text[..text.len() - 1].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let at = first + rng.below(last - first);
        let mut forged = text.clone();
        forged[at] = other_byte(rng, text[at]);
        let forged = reseal(&forged);
        let packet = match Packet::decode(&forged) {
            Err(e) => {
                tally.refuse(packet_error(&e));
                continue;
            }
            Ok(p) => p,
        };
        if same_entries(&packet.entries, &honest.entries) {
            tally.harmless();
            continue;
        }
        let new: HashSet<_> = packet.entries.iter().map(|e| e.id).collect();
        let mut all = m.entries[..run.start].to_vec();
        all.extend(packet.entries.iter().cloned());
        match verify::check(&rulesets, all, SigCheck::Only(&new)) {
            Err(p) => tally.refuse(problem(&p)),
            Ok(_) => panic!(
                "{}: a forged packet was accepted: entries {}..{} with byte {at} of the packet changed from {:#04x} to {:#04x}",
                m.name, run.start, run.end, text[at], forged[at]
            ),
        }
    }
}

fn journal_attack(m: &Match, rng: &mut Lcg, tally: &mut Tally) {
    let rulesets = rulesets();
    for _ in 0..samples() {
        let at = rng.below(m.bytes.len() - 1);
        let mut forged = m.bytes.clone();
        forged[at] = other_byte(rng, m.bytes[at]);
        let body = if forged.ends_with(b"\n") { &forged[..forged.len() - 1] } else { &forged[..] };
        let records: Vec<Vec<u8>> = body.split(|b| *b == b'\n').map(<[u8]>::to_vec).collect();
        let parsed: Option<Vec<SignedEntry>> = records.iter().map(|r| SignedEntry::parse_record(r).ok()).collect();
        if parsed.as_deref().is_some_and(|p| same_entries(p, &m.entries)) {
            tally.harmless();
            continue;
        }
        // The first record that does not read, for counting by kind.
        let unread = records.iter().find_map(|r| SignedEntry::parse_record(r).err());
        match verify::check_records(&rulesets, &records) {
            Err(Problem::Record { .. }) => {
                tally.refuse(format!("verification, a record: {}", unread.as_ref().map_or("unreadable", record_kind)))
            }
            Err(p) => tally.refuse(problem(&p)),
            Ok(_) => panic!(
                "{}: a forged journal verified: byte {at} changed from {:#04x} to {:#04x}",
                m.name, m.bytes[at], forged[at]
            ),
        }
    }
}

fn attack(name: &'static str, seed: u64) {
    let m = load(name);
    let mut rng = Lcg(seed);
    let mut packets = Tally::default();
    packet_attack(&m, &mut rng, &mut packets);
    let mut journal = Tally::default();
    journal_attack(&m, &mut rng, &mut journal);
    println!("{}", packets.report(&format!("{name}, one byte of a packet (checksum recomputed)")));
    println!("{}", journal.report(&format!("{name}, one byte of the journal file")));
    for t in [&packets, &journal] {
        assert_eq!(t.total, samples());
        assert!(t.refused.values().sum::<usize>() > 0);
    }
}

#[test]
fn no_single_byte_forgery_of_the_example_ec_match_is_accepted() {
    attack("ec-general-bots", 0x7a3e_11c0);
}

#[test]
fn no_single_byte_forgery_of_the_example_rsw_match_is_accepted() {
    attack("rsw-general-bots", 0x5eed_0005);
}
