//! The example matches in `examples/matches/`: complete games of The Egyptian Campaign and The
//! Russo-Swedish War between bots, with fog of war and fair dice, played by the self-play
//! harness (`selfplay --keep`). Each directory holds the journal, the players' public keys
//! and the recorded result. Each journal must verify from the file alone (signatures, links,
//! every die, every opening, every command under the rules), be signed by the keys given,
//! and replay to the recorded result.

use grognard_engine::AnyRuleset;
use grognard_fnc::Fnc;
use grognard_journal::entry::Body;
use grognard_journal::verify;
use std::path::PathBuf;

static FNC: Fnc = Fnc;

fn check(name: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/matches").join(name);
    let bytes = std::fs::read(dir.join("journal")).unwrap_or_else(|e| panic!("{name}: the journal: {e}"));
    assert!(bytes.ends_with(b"\n"), "{name}: the journal ends with a complete line");
    let records: Vec<Vec<u8>> = bytes[..bytes.len() - 1].split(|b| *b == b'\n').map(<[u8]>::to_vec).collect();
    let rulesets: Vec<&'static dyn AnyRuleset> = vec![&FNC];
    let checked = verify::check_records(&rulesets, &records).unwrap_or_else(|p| panic!("{name}: {p}"));
    let (result, _) = checked.replay.over().unwrap_or_else(|| panic!("{name}: the match is not over"));
    let recorded = std::fs::read_to_string(dir.join("result.txt")).expect("result.txt");
    assert_eq!(result, recorded.trim(), "{name}: the journal replays to the recorded result");
    assert!(checked.replay.unopened().is_empty(), "{name}: every concealed move is open");
    let keys = std::fs::read_to_string(dir.join("players.pub")).expect("players.pub");
    let Body::Genesis(genesis) = &checked.entries[0].entry.body else { panic!("{name}: no genesis") };
    assert_eq!(genesis.options, vec!["fog-of-war".to_string()], "{name}: played with fog of war");
    for p in &genesis.players {
        assert!(keys.contains(&p.key), "{name}: the key of {} is in players.pub", p.name);
    }
    let concealed: usize = checked.replay.hidden.iter().map(Vec::len).sum();
    assert!(concealed > 0, "{name}: the match has concealed moves");
}

#[test]
fn the_example_ec_match_verifies_and_replays_to_its_result() {
    check("ec-general-bots");
}

#[test]
fn the_example_rsw_match_verifies_and_replays_to_its_result() {
    check("rsw-general-bots");
}
