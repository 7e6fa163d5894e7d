//! Verification throughput on a 100,000-entry journal.
//!
//! The journal is a real game of the duel's `marathon` scenario (two players, huge HP,
//! 100,000 rounds, so it never ends early), played by a deterministic generator that signs
//! every entry the protocol asks for: joins, commands, sealed choices and their openings,
//! and (with fair dice) every witness's dice chain reveal. The generated journals are
//! cached in the target directory as record lines and made again when absent or invalid.
//!
//! Groups: `verify_full` (what `grognard verify` and opening a game do), `verify_parts`
//! (parsing, feeds and order, replay, each alone) and `signatures` (the library's check
//! against one-by-one checks and against ed25519 batch verification).
//!
//! Run: `cargo bench -p grognard-journal --bench verify` (about three minutes on two cores).
//! Every benchmark takes 10 samples; the longest run one iteration per sample, so criterion
//! may warn that 10 samples do not fit in the target time, which is expected. Figures and
//! how to read them: `BENCHMARKS.md` at the workspace root.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode, Throughput};
use curve25519_dalek::edwards::CompressedEdwardsY;
use ed25519_dalek::{Signature, VerifyingKey};
use grognard_engine::AnyRuleset;
use grognard_journal::chain;
use grognard_journal::create::{genesis, NewGame};
use grognard_journal::dag;
use grognard_journal::entry::{
    signing_message, Body, ChainCommit, DiceConfig, DiceMode, PlayerInfo, SignedEntry, Witnesses,
};
use grognard_journal::ids::{GameId, Hash32};
use grognard_journal::keys::{PublicKey, SecretKey};
use grognard_journal::replay::Owed;
use grognard_journal::signatures;
use grognard_journal::verify::{self, SigCheck};
use grognard_journal::{nonce, sealed};
use serde_json::Value;
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Entries in the benchmark journal, the genesis included.
const ENTRIES: usize = 100_000;
/// The smaller journal (a prefix of the large one) that shows whether the cost is linear.
const SMALL: usize = 10_000;
/// Dice chain length: long enough that no player needs a fresh chain in 100,000 entries.
const CHAIN_LENGTH: u32 = 100_000;
const SCENARIO: &str = "marathon";
/// Bump when the generator changes, so an old cached journal is not reused.
const GENERATOR_VERSION: u32 = 1;

static DUEL: grognard_duel::Duel = grognard_duel::Duel;

fn rulesets() -> Vec<&'static dyn AnyRuleset> {
    vec![&DUEL]
}

/// A small deterministic generator for picking moves.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// One player's whole dice chain of generation 0: `values[i]` is `x_i`.
struct Chain {
    values: Vec<Hash32>,
    nonce: Option<Hash32>,
}

impl Chain {
    fn new(key: &SecretKey, origin: &chain::Origin, length: u32) -> Chain {
        let mut values = Vec::with_capacity(length as usize + 1);
        values.push(chain::value_at(key, origin, 0));
        for i in 0..length as usize {
            let next = chain::step(&values[i]);
            values.push(next);
        }
        Chain { values, nonce: origin.nonce }
    }

    fn length(&self) -> u32 {
        (self.values.len() - 1) as u32
    }

    fn commit(&self) -> ChainCommit {
        ChainCommit {
            generation: 0,
            head: self.values[self.values.len() - 1],
            length: self.length(),
            nonce: self.nonce,
        }
    }

    /// The value of the `index`-th reveal (1-based): `x_{L-index}`.
    fn reveal(&self, index: u32) -> Hash32 {
        self.values[(self.length() - index) as usize]
    }
}

#[path = "common/signer.rs"]
mod signer;
use signer::Signer;

/// Play `ENTRIES` entries of a marathon duel between two deterministic players.
fn generate(mode: DiceMode) -> Vec<SignedEntry> {
    let rulesets = rulesets();
    let ruleset: &dyn AnyRuleset = &DUEL;
    let keys = [SecretKey::from_seed(&[1; 32]), SecretKey::from_seed(&[2; 32])];
    let game = GameId([7; 16]);
    let powers = ["red", "blue"];
    let players: Vec<PlayerInfo> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| PlayerInfo {
            name: format!("Player{i}"),
            email: format!("p{i}@example.org"),
            key: k.public().to_hex(),
            powers: vec![powers[i].to_string()],
        })
        .collect();
    let new = NewGame {
        ruleset,
        setup: grognard_engine::Setup::scenario(SCENARIO),
        players,
        creator: 0,
        dice: DiceConfig { mode, witnesses: Witnesses::Opponents, faces: Vec::new() },
        chain_length: CHAIN_LENGTH,
    };
    let first = genesis(&new, &keys[0], game).expect("the genesis is signed");
    // The creator's first chain is anchored to zeros, every other chain to the genesis id.
    // The creator's nonce is the genesis's; the others' are fixed here (a client draws them).
    let creator_nonce = match &first.entry.body {
        Body::Genesis(g) => g.chain.and_then(|c| c.nonce),
        _ => None,
    };
    let chains: Vec<Chain> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let nonce = if i == 0 { creator_nonce } else { Some(Hash32([i as u8; 32])) };
            let origin = chain::Origin { game, anchor: chain::anchor(&first.id, i == 0, 0), generation: 0, nonce };
            Chain::new(k, &origin, CHAIN_LENGTH)
        })
        .collect();
    if mode == DiceMode::Fair {
        let Body::Genesis(g) = &first.entry.body else { unreachable!("a genesis") };
        assert_eq!(g.chain, Some(chains[0].commit()), "the precomputed chain matches the committed one");
        for i in [1, 2, CHAIN_LENGTH] {
            let origin = chain::Origin { game, anchor: chain::anchor(&first.id, false, 0), generation: 0, nonce: None };
            assert_eq!(chain::reveal_value(&keys[1], &origin, &chains[1].commit(), i), Some(chains[1].reveal(i)));
        }
    }
    let mut signer = Signer::new(&first, keys.len());
    let mut replay = verify::check(&rulesets, vec![first.clone()], SigCheck::All).expect("the genesis verifies").replay;
    let mut entries = Vec::with_capacity(ENTRIES);
    entries.push(first);
    let mut lcg = Lcg(0x5eed);
    let mut sealed_choices: Vec<Option<(Value, Hash32)>> = vec![None; keys.len()];
    while entries.len() < ENTRIES {
        let owed = replay.owed();
        let Some((player, what)) = owed.into_iter().next() else {
            panic!("the marathon ended after {} entries", entries.len())
        };
        let p = player.index();
        let body = match what {
            Owed::Join => Body::Join { chain: (mode == DiceMode::Fair).then(|| chains[p].commit()) },
            Owed::Decide(_) => {
                let legal = ruleset.legal_commands(&replay.state, player);
                assert!(!legal.is_empty(), "{player} owes a decision but has no legal command");
                Body::Command { command: legal[lcg.below(legal.len())].clone(), nonce: Some(nonce::fresh()) }
            }
            Owed::Seal { step, .. } => {
                let legal = ruleset.legal_commands(&replay.state, player);
                let choice = legal[lcg.below(legal.len())].clone();
                let nonce = nonce::fresh();
                let salt = sealed::salt(&keys[p], &game, &replay.genesis_id, &step, Some(&nonce));
                let commitment = sealed::commitment(&game, &step, player.0, &salt, &choice);
                sealed_choices[p] = Some((choice, nonce));
                Body::Seal { step, commitment, nonce: Some(nonce) }
            }
            Owed::Unseal { step } => {
                let (choice, nonce) = sealed_choices[p].take().expect("a sealed choice to open");
                let salt = sealed::salt(&keys[p], &game, &replay.genesis_id, &step, Some(&nonce));
                Body::Unseal { step, choice, salt }
            }
            Owed::Reveal { request, generation, .. } => {
                let state = &replay.chains[p][generation as usize].state;
                assert!(state.remaining() > 0, "the dice chain ran out: use a longer one");
                let index = state.used + 1;
                Body::Reveal { request, generation: state.commit.generation, index, value: chains[p].reveal(index) }
            }
            Owed::Open { .. } => panic!("the marathon conceals nothing"),
        };
        let signed = signer.sign(player, &keys[p], body);
        if entries.len() < 300 {
            // The O(1) signer makes exactly the entries the library's signer makes.
            let reference =
                grognard_journal::game::sign_after(&entries, keys.len(), player, &keys[p], signed.entry.body.clone());
            assert_eq!(reference.record(), signed.record(), "the bench signer differs from game::sign_after");
        }
        replay.apply(&signed).expect("the generated entry is valid");
        entries.push(signed);
    }
    entries
}

/// A generated journal as record lines, with its verified entries and the players' keys.
struct Journal {
    records: Vec<Vec<u8>>,
    entries: Vec<SignedEntry>,
    keys: Vec<PublicKey>,
}

fn cache_path(mode: DiceMode) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join("target"));
    target.join(format!("bench-journal-100k-{}-v{GENERATOR_VERSION}.txt", mode.as_str()))
}

fn read_records(path: &PathBuf) -> Option<Vec<Vec<u8>>> {
    let bytes = std::fs::read(path).ok()?;
    Some(bytes.split(|b| *b == b'\n').filter(|l| !l.is_empty()).map(<[u8]>::to_vec).collect())
}

fn write_records(path: &PathBuf, records: &[Vec<u8>]) {
    let mut bytes = Vec::with_capacity(records.iter().map(|r| r.len() + 1).sum());
    for r in records {
        bytes.extend_from_slice(r);
        bytes.push(b'\n');
    }
    let tmp = path.with_extension("tmp");
    let written = std::fs::create_dir_all(path.parent().expect("a parent directory"))
        .and_then(|()| std::fs::write(&tmp, &bytes))
        .and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = written {
        eprintln!("could not cache the journal at {}: {e}", path.display());
    }
}

/// Verify `records` completely; the entries in order and the players' keys.
fn verified(records: &[Vec<u8>]) -> Option<(Vec<SignedEntry>, Vec<PublicKey>)> {
    let checked = verify::check_records(&rulesets(), records).ok()?;
    (checked.entries.len() == ENTRIES).then(|| (checked.entries, checked.replay.keys.clone()))
}

fn load_or_generate(mode: DiceMode) -> Journal {
    let path = cache_path(mode);
    if let Some(records) = read_records(&path) {
        if let Some((entries, keys)) = verified(&records) {
            eprintln!("using the cached {}-dice journal {}", mode.as_str(), path.display());
            return Journal { records, entries, keys };
        }
        eprintln!("the cached journal {} does not verify; making it again", path.display());
    }
    let start = Instant::now();
    let entries = generate(mode);
    let records: Vec<Vec<u8>> = entries.iter().map(SignedEntry::record).collect();
    eprintln!(
        "generated a {}-entry {}-dice marathon journal in {:.1} s ({} bytes)",
        records.len(),
        mode.as_str(),
        start.elapsed().as_secs_f64(),
        records.iter().map(|r| r.len() + 1).sum::<usize>()
    );
    write_records(&path, &records);
    let (entries, keys) = verified(&records).expect("the generated journal verifies");
    Journal { records, entries, keys }
}

fn fair() -> &'static Journal {
    static FAIR: OnceLock<Journal> = OnceLock::new();
    FAIR.get_or_init(|| load_or_generate(DiceMode::Fair))
}

fn casual() -> &'static Journal {
    static CASUAL: OnceLock<Journal> = OnceLock::new();
    CASUAL.get_or_init(|| load_or_generate(DiceMode::Casual))
}

/// Full verification of a journal file's records, as `grognard verify` and opening a game do:
/// parsing and the canonical-encoding check, every signature (`signatures::failing`), feeds,
/// links and the canonical order, and a replay of every entry through the protocol and the rules.
fn full(c: &mut Criterion) {
    let rulesets = rulesets();
    let mut group = c.benchmark_group("verify_full");
    group.sample_size(10).sampling_mode(SamplingMode::Flat).warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(25));
    group.throughput(Throughput::Elements(ENTRIES as u64));
    group.bench_function("fair_100k", |b| {
        let j = fair();
        b.iter(|| verify::check_records(&rulesets, &j.records).expect("verifies"))
    });
    group.bench_function("casual_100k", |b| {
        let j = casual();
        b.iter(|| verify::check_records(&rulesets, &j.records).expect("verifies"))
    });
    group.measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(SMALL as u64));
    group.bench_function("fair_10k", |b| {
        let j = fair();
        b.iter(|| verify::check_records(&rulesets, &j.records[..SMALL]).expect("verifies"))
    });
    group.throughput(Throughput::Elements(1_000));
    group.bench_function("fair_1k", |b| {
        let j = fair();
        b.iter(|| verify::check_records(&rulesets, &j.records[..1_000]).expect("verifies"))
    });
    // Opening a game this client verified and wrote itself (`snapshot.rs`): every check but
    // the signatures of the records it had already verified.
    group.measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(ENTRIES as u64));
    group.bench_function("opened_with_snapshot_fair_100k", |b| {
        let j = fair();
        b.iter(|| verify::check_records_after(&rulesets, &j.records, None, ENTRIES).expect("verifies"))
    });
    group.finish();
}

/// The example matches (examples/matches): a whole archived game of each FNC scenario,
/// verified completely, next to its signatures alone.
fn archived(c: &mut Criterion) {
    static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;
    let rulesets: Vec<&'static dyn AnyRuleset> = vec![&FNC];
    let mut group = c.benchmark_group("archived_match");
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(5));
    for name in ["ec-general-bots", "rsw-general-bots"] {
        let path = format!("{}/../examples/matches/{name}/journal", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).expect("the example match");
        let records: Vec<Vec<u8>> =
            bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(<[u8]>::to_vec).collect();
        let checked = verify::check_records(&rulesets, &records).expect("the example match verifies");
        let tenures = grognard_journal::tenure::Tenures::of(
            checked.replay.genesis_holders(),
            &checked.entries.iter().collect::<Vec<_>>(),
        );
        group.throughput(Throughput::Elements(records.len() as u64));
        group.bench_function(format!("{name}_verify_full"), |b| {
            b.iter(|| verify::check_records(&rulesets, &records).expect("verifies"))
        });
        group.bench_function(format!("{name}_signatures_alone"), |b| {
            let refs: Vec<&SignedEntry> = checked.entries.iter().collect();
            b.iter(|| assert!(signatures::failing(&refs, &tenures).is_empty()))
        });
    }
    group.finish();
}

/// The parts of a full verification of the fair-dice journal, measured alone, on the whole
/// journal and on its first 10,000 entries (to see whether each part is linear).
fn parts(c: &mut Criterion) {
    let rulesets = rulesets();
    let mut group = c.benchmark_group("verify_parts");
    group.sample_size(10).sampling_mode(SamplingMode::Flat).warm_up_time(Duration::from_secs(1));
    for n in [ENTRIES, SMALL] {
        let k = n / 1000;
        group.measurement_time(Duration::from_secs(if n == ENTRIES { 10 } else { 3 }));
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(format!("parse_{k}k"), |b| {
            let j = fair();
            b.iter(|| j.records[..n].iter().map(|r| SignedEntry::parse_record(r).expect("parses")).collect::<Vec<_>>())
        });
        group.bench_function(format!("parse_all_cores_{k}k"), |b| {
            let j = fair();
            b.iter(|| verify::parse_records(&j.records[..n]).expect("parses"))
        });
        group.bench_function(format!("dag_order_{k}k"), |b| {
            let j = fair();
            let refs: Vec<&SignedEntry> = j.entries[..n].iter().collect();
            b.iter(|| {
                let feeds = dag::feeds(&refs, j.keys.len(), 0).expect("feeds");
                feeds.order().expect("an order").len()
            })
        });
        group.bench_function(format!("replay_{k}k"), |b| {
            // Everything `verify::check` does except signatures: feeds, order and replay.
            let j = fair();
            let none = HashSet::new();
            b.iter_batched(
                || j.entries[..n].to_vec(),
                |entries| verify::check(&rulesets, entries, SigCheck::Only(&none)).expect("replays"),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

/// Batches larger than this are split (as the library did while it verified in batches).
const BATCH: usize = 4096;

/// `R` is canonical and not of small order: what `verify_strict` demands of `R`, checked
/// per signature before a batch (the batch equation alone does not check it).
fn r_is_strict(e: &SignedEntry) -> bool {
    let r: [u8; 32] = e.signature.r_bytes().to_owned();
    match CompressedEdwardsY(r).decompress() {
        Some(point) => !point.is_small_order() && point.compress().to_bytes() == r,
        None => false,
    }
}

/// Do all the signatures of `entries` pass as ed25519 batches of at most `BATCH`, on one
/// thread, after the strict `R` check of each when `strict_r`?
fn batch_ok(entries: &[&SignedEntry], keys: &[PublicKey], strict_r: bool) -> bool {
    entries.chunks(BATCH).all(|chunk| {
        let messages: Vec<Vec<u8>> = chunk.iter().map(|e| signing_message(&e.bytes)).collect();
        let refs: Vec<&[u8]> = messages.iter().map(Vec::as_slice).collect();
        let sigs: Vec<Signature> = chunk.iter().map(|e| e.signature).collect();
        let vks: Vec<VerifyingKey> = chunk.iter().map(|e| *keys[usize::from(e.entry.author)].verifying_key()).collect();
        (!strict_r || chunk.iter().all(|e| r_is_strict(e))) && ed25519_dalek::verify_batch(&refs, &sigs, &vks).is_ok()
    })
}

/// `batch_ok` with the strict `R` check, split over the cores as `signatures::failing` splits
/// its work (at most 8 threads).
fn batch_ok_all_cores(entries: &[&SignedEntry], keys: &[PublicKey]) -> bool {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    let part = entries.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = entries.chunks(part).map(|p| scope.spawn(move || batch_ok(p, keys, true))).collect();
        handles.into_iter().all(|h| h.join().expect("a batch thread"))
    })
}

/// Signatures alone: the library's check (`verify_strict` for each signature alone, on all
/// cores) against one thread checking them one by one, and against ed25519 batch
/// verification, which the library does not use (see `signatures.rs`): what it would buy.
fn signatures(c: &mut Criterion) {
    let mut group = c.benchmark_group("signatures");
    group.sample_size(10).sampling_mode(SamplingMode::Flat).warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(16));
    group.throughput(Throughput::Elements(ENTRIES as u64));
    group.bench_function("library_all_cores_100k", |b| {
        let j = fair();
        let refs: Vec<&SignedEntry> = j.entries.iter().collect();
        let tenures = grognard_journal::tenure::Tenures::of(
            j.keys
                .iter()
                .map(|k| grognard_journal::tenure::Holder { from: 0, key: *k, name: "-".into(), email: "-".into() })
                .collect(),
            &refs,
        );
        b.iter(|| assert!(signatures::failing(&refs, &tenures).is_empty()))
    });
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("batch_strict_r_all_cores_100k", |b| {
        let j = fair();
        let refs: Vec<&SignedEntry> = j.entries.iter().collect();
        b.iter(|| assert!(batch_ok_all_cores(&refs, &j.keys)))
    });
    group.measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(SMALL as u64));
    group.bench_function("one_by_one_10k", |b| {
        let j = fair();
        let slice = &j.entries[..SMALL];
        b.iter(|| assert!(slice.iter().all(|e| e.verify(&j.keys[usize::from(e.entry.author)]))))
    });
    group.bench_function("batch_strict_r_10k", |b| {
        let j = fair();
        let refs: Vec<&SignedEntry> = j.entries[..SMALL].iter().collect();
        b.iter(|| assert!(batch_ok(&refs, &j.keys, true)))
    });
    group.bench_function("batch_equation_only_10k", |b| {
        // The floor: the batch equation without the strict `R` check, which alone would
        // accept signatures `verify_strict` refuses.
        let j = fair();
        let refs: Vec<&SignedEntry> = j.entries[..SMALL].iter().collect();
        b.iter(|| assert!(batch_ok(&refs, &j.keys, false)))
    });
    group.finish();
}

criterion_group!(benches, full, parts, signatures, archived);
criterion_main!(benches);
