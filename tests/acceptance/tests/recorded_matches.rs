//! Recorded matches: whole games played through the `grognard` program and committed under
//! `tests/recorded/<match>/` (both players' journals and `expected.txt`). Each is verified
//! in full (signatures, links, canonical order, every command through the rules) and its
//! pinned values recomputed: the number of entries, the journal's SHA-256 and the SHA-256
//! of the replayed final state (`AnyRuleset::state_json`, canonically encoded). A change to
//! a ruleset that replays an old game differently fails here (ARCHITECTURE.md, Rules
//! versions).
//!
//! `GROGNARD_PIN_RECORDED=1` writes each match's `expected.txt` instead of comparing it
//! (`tests/recorded/record.sh` does this after recording).

use grognard_engine::AnyRuleset;
use grognard_journal::canonical;
use grognard_journal::verify;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;

fn rulesets() -> Vec<&'static dyn AnyRuleset> {
    vec![&FNC, grognard_acceptance::duel()]
}

fn recorded() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../recorded")
}

/// The recorded matches: every folder under `tests/recorded` that holds journals.
fn matches() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(recorded())
        .expect("tests/recorded")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.join("journal.first").is_file())
        .collect();
    dirs.sort();
    dirs
}

fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// The journal file's records: its lines without their `\n`; a file that does not end
/// with one is a torn append, refused.
fn records(bytes: &[u8]) -> Result<Vec<Vec<u8>>, String> {
    let body = bytes.strip_suffix(b"\n").ok_or("the journal does not end with a complete line")?;
    Ok(body.split(|b| *b == b'\n').map(<[u8]>::to_vec).collect())
}

/// What a match pins, as `expected.txt` holds it.
fn pinned(journal: &[u8]) -> Result<String, String> {
    let rulesets = rulesets();
    let checked = verify::check_records(&rulesets, &records(journal)?).map_err(|p| format!("verification: {p}"))?;
    let replay = &checked.replay;
    let g = &replay.genesis;
    let state = canonical::encode(&replay.ruleset.state_json(&replay.state));
    let result = match replay.over() {
        Some((result, winners)) => {
            let names: Vec<&str> = winners.iter().map(|p| replay.name(*p)).collect();
            format!("{result} (winners: {})", names.join(", "))
        }
        None => "not over".to_string(),
    };
    Ok(format!(
        "ruleset: {}\nruleset_version: {}\nscenario: {}\ndice: {}\nentries: {}\njournal_sha256: {}\n\
         final_state_sha256: {}\nresult: {}\n",
        g.ruleset,
        g.ruleset_version,
        replay.setup,
        g.dice.mode.as_str(),
        checked.entries.len(),
        sha256_hex(journal),
        sha256_hex(&state),
        result
    ))
}

/// Check one match; the message says what changed.
fn check(dir: &Path) -> Result<(), String> {
    let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
    let changed = |what: String| {
        format!(
            "the replay of {name} changed: if the change to the rules is deliberate, bump the ruleset's version \
             (ARCHITECTURE.md, Rules versions) and re-record with tests/recorded/record.sh\n{what}"
        )
    };
    let first = std::fs::read(dir.join("journal.first")).map_err(|e| format!("{name}: journal.first: {e}"))?;
    let second = std::fs::read(dir.join("journal.second")).map_err(|e| format!("{name}: journal.second: {e}"))?;
    if first != second {
        return Err(format!("{name}: the two players' journals differ"));
    }
    let got = pinned(&first).map_err(changed)?;
    let path = dir.join("expected.txt");
    if std::env::var_os("GROGNARD_PIN_RECORDED").is_some() {
        std::fs::write(&path, &got).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(());
    }
    let expected = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    if got != expected {
        let diff: Vec<String> = expected
            .lines()
            .zip(got.lines())
            .filter(|(e, g)| e != g)
            .map(|(e, g)| format!("  pinned:   {e}\n  replayed: {g}"))
            .collect();
        let what = if diff.is_empty() { format!("pinned:\n{expected}replayed:\n{got}") } else { diff.join("\n") };
        return Err(changed(what));
    }
    Ok(())
}

#[test]
fn every_recorded_match_replays_to_its_pinned_final_state() {
    let all = matches();
    let names: Vec<String> = all.iter().filter_map(|d| d.file_name()?.to_str().map(String::from)).collect();
    for wanted in ["ec-historical", "rsw-historical"] {
        assert!(names.iter().any(|n| n == wanted), "no recorded match {wanted} in tests/recorded ({names:?})");
    }
    let failures: Vec<String> = all.iter().filter_map(|d| check(d).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A game recorded under another version of its ruleset is refused, with the version it
/// needs and how to replay it.
#[test]
fn a_game_of_another_ruleset_version_is_refused_with_the_version_it_needs() {
    use grognard_journal::create::{self, NewGame};
    use grognard_journal::entry::{Body, DiceMode, PlayerInfo, SignedEntry};
    use grognard_journal::ids::GameId;
    use grognard_journal::keys::SecretKey;

    let keys: Vec<SecretKey> = (1..=2u8).map(|i| SecretKey::from_seed(&[i; 32])).collect();
    let players = keys
        .iter()
        .zip(["blue", "red"])
        .map(|(k, power)| PlayerInfo {
            name: format!("Player {power}"),
            email: format!("{power}@example.org"),
            key: k.public().to_hex(),
            powers: vec![power.to_string()],
        })
        .collect();
    let duel = grognard_acceptance::duel();
    let new = NewGame {
        ruleset: duel,
        setup: grognard_engine::Setup::scenario("standard"),
        players,
        creator: 0,
        dice: grognard_acceptance::dice(DiceMode::Casual, vec![]),
        chain_length: 64,
    };
    let genesis = create::genesis(&new, &keys[0], GameId([7; 16])).expect("a genesis");
    let mut entry = genesis.entry.clone();
    let Body::Genesis(g) = &mut entry.body else { panic!("a genesis body") };
    assert_eq!(g.ruleset_version, duel.info().version);
    g.ruleset_version = "0".into();
    let older = SignedEntry::sign(entry, &keys[0]);
    let refusal = match verify::check_records(&rulesets(), &[older.record()]) {
        Ok(_) => panic!("a game of duel version 0 verified"),
        Err(p) => p.to_string(),
    };
    assert!(
        refusal.contains(&format!(
            "the game uses ruleset duel version 0, this program has duel version {}; replay it with a grognard \
             release whose `grognard scenarios` lists duel version 0",
            duel.info().version
        )),
        "{refusal}"
    );
}
