//! The short fuzz run of every `cargo test`: each target over its seeds, then over a fixed
//! number of seeded mutations of them (src/mutate.rs). Longer runs on demand:
//! `GROGNARD_FUZZ_RUNS=200000 cargo test -p grognard-fuzz-targets --release`, and another
//! stream of mutations with `GROGNARD_FUZZ_SEED=N`; coverage-guided runs with
//! `bash tests/fuzz/run.sh` (FUZZING.md).
//!
//! A failing input is written to the temporary directory and named in the failure; it then
//! becomes a regression test in the crate whose reader failed.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use grognard_fuzz_targets::mutate::Mutator;
use grognard_fuzz_targets::{Target, TARGETS};

/// Mutated inputs per target by default: a few seconds in all.
const DEFAULT_RUNS: u64 = 2000;

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v.trim().parse().unwrap_or_else(|_| panic!("{name} must be a whole number, not `{v}`")),
        Err(_) => default,
    }
}

fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds").join(target);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the seeds of {target} ({}): {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    paths.sort();
    let seeds: Vec<Vec<u8>> = paths.iter().map(|p| std::fs::read(p).expect("a seed file")).collect();
    assert!(!seeds.is_empty(), "{target} has no seeds in {}", dir.display());
    seeds
}

/// Runs `input` through the target; on a panic, keeps the input and fails naming it.
fn run_one(target: &Target, what: &str, input: &[u8]) {
    if catch_unwind(AssertUnwindSafe(|| (target.check)(input))).is_err() {
        let path = std::env::temp_dir().join(format!("grognard-fuzz-{}-{what}.bin", target.name));
        let kept = match std::fs::write(&path, input) {
            Ok(()) => format!("its input is in {}", path.display()),
            Err(e) => format!("its input could not be kept ({e}): {:?}", String::from_utf8_lossy(input)),
        };
        panic!("fuzz target {} failed on {what}; {kept}", target.name);
    }
}

fn short_run(name: &str) {
    let index = TARGETS.iter().position(|t| t.name == name).expect("a target of that name");
    let target = &TARGETS[index];
    let seeds = seeds(name);
    for (i, seed) in seeds.iter().enumerate() {
        run_one(target, &format!("seed-{i}"), seed);
    }
    let runs = env_number("GROGNARD_FUZZ_RUNS", DEFAULT_RUNS);
    let stream = env_number("GROGNARD_FUZZ_SEED", 0);
    let mut mutator = Mutator::new(stream.wrapping_mul(TARGETS.len() as u64) + index as u64, seeds);
    for run in 0..runs {
        let input = mutator.next_input();
        run_one(target, &format!("stream-{stream}-run-{run}"), &input);
    }
}

#[test]
fn packet_readers_survive_mutated_packets() {
    short_run("packet");
}

#[test]
fn record_readers_survive_mutated_records_and_reencode_what_they_read() {
    short_run("record");
}

#[test]
fn command_parsers_survive_mutated_commands_and_print_what_parses_back() {
    short_run("command");
}

#[test]
fn position_reader_survives_mutated_positions() {
    short_run("position");
}

#[test]
fn mail_reader_survives_mutated_mails() {
    short_run("mail");
}

#[test]
fn data_readers_survive_mutated_data_files() {
    short_run("data");
}

#[test]
fn every_target_has_its_short_run_and_its_cargo_fuzz_target() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let this = std::fs::read_to_string(here.join("tests/short_run.rs")).expect("this file");
    let fuzz_manifest = std::fs::read_to_string(here.join("../fuzz/Cargo.toml")).expect("tests/fuzz/Cargo.toml");
    let run_sh = std::fs::read_to_string(here.join("../fuzz/run.sh")).expect("tests/fuzz/run.sh");
    for t in &TARGETS {
        assert!(this.contains(&format!("short_run(\"{}\")", t.name)), "{} has no short run", t.name);
        assert!(fuzz_manifest.contains(&format!("name = \"{}\"", t.name)), "{} has no cargo-fuzz target", t.name);
        let body = std::fs::read_to_string(here.join(format!("../fuzz/fuzz_targets/{}.rs", t.name)))
            .unwrap_or_else(|e| panic!("the cargo-fuzz target {}: {e}", t.name));
        assert!(
            body.contains(&format!("grognard_fuzz_targets::{}::check", t.name)),
            "{} checks something else",
            t.name
        );
        assert!(run_sh.contains(t.name), "run.sh does not run {}", t.name);
    }
}
