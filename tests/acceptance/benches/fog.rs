//! What fog of war (FNC 7.7) costs a game by mail: the same random game of The Russo-Swedish
//! War (historical set-up, fair dice, seed 7) played to its end through both players'
//! journals, once with fog of war and once with open stacks; their sizes per entry and per
//! command, and the time to verify and replay each journal (what every import does: a
//! packet is accepted by replaying the whole journal with it).
//!
//! Run: `cargo bench -p grognard-acceptance --bench fog`. Figures: `BENCHMARKS.md`.

use criterion::{criterion_group, criterion_main, Criterion};
use grognard_acceptance::{dice, Lcg, Table};
use grognard_engine::{AnyRuleset, Setup};
use grognard_fnc::scenario::{FOG_OF_WAR, OPEN_STACKS};
use grognard_fnc::Fnc;
use grognard_journal::entry::{Body, DiceMode, SignedEntry, ENTRY_VERSION};
use grognard_journal::store::Store;
use grognard_journal::verify;
use std::hint::black_box;

static FNC: Fnc = Fnc;

/// A whole game with `option`, played at random to its end; its journal's records.
fn game(option: &str) -> (Vec<Vec<u8>>, usize) {
    let setup = Setup::scenario("rsw-historical").with_options([option.to_string()]);
    let t = Table::of_game(&FNC, setup, 2, dice(DiceMode::Fair, vec![]), 64, ENTRY_VERSION);
    t.play_to_end(&mut Lcg(7), 4000);
    for i in 0..2 {
        t.exchange(i);
    }
    let store = Store::open(&t.seats[0].dir).expect("store");
    let loaded = store.load().expect("load");
    let bytes = std::fs::metadata(store.journal_path()).expect("journal").len() as usize;
    (loaded.records, bytes)
}

fn report(name: &str, records: &[Vec<u8>], bytes: usize) {
    let kind = |e: &SignedEntry| match &e.entry.body {
        Body::Command { .. } => "command",
        Body::Hidden { .. } => "hidden",
        Body::Open { .. } => "open",
        _ => "other",
    };
    let mut sizes: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    for r in records {
        let e = SignedEntry::parse_record(r).expect("a record");
        let s = sizes.entry(kind(&e)).or_default();
        s.0 += 1;
        s.1 += r.len() + 1;
    }
    let commands = sizes.get("command").map_or(0, |s| s.0) + sizes.get("hidden").map_or(0, |s| s.0);
    println!(
        "{name}: {} entries, {bytes} bytes, {commands} commands ({:.0} bytes a command)",
        records.len(),
        bytes as f64 / commands.max(1) as f64
    );
    for (k, (n, b)) in &sizes {
        println!("  {k}: {n} entries, {:.1} bytes each", *b as f64 / (*n).max(1) as f64);
    }
}

fn bench(c: &mut Criterion) {
    let rulesets: Vec<&'static dyn AnyRuleset> = vec![&FNC];
    let (fog, fog_bytes) = game(FOG_OF_WAR);
    let (open, open_bytes) = game(OPEN_STACKS);
    report("fog of war", &fog, fog_bytes);
    report("open stacks", &open, open_bytes);
    let mut g = c.benchmark_group("fog");
    g.sample_size(10);
    g.bench_function("verify_fog_game", |b| {
        b.iter(|| black_box(verify::check_records(&rulesets, &fog).expect("verifies")))
    });
    g.bench_function("verify_open_game", |b| {
        b.iter(|| black_box(verify::check_records(&rulesets, &open).expect("verifies")))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
