//! A game of FNC started from a written position before the genesis had a `position`
//! field carried the position's text in `scenario` (docs/PROTOCOL.md, section 4.4). Such a
//! journal still verifies and replays, to the same game as one written today (`scenario`
//! `ec`, the text in `position`).

use grognard_engine::{AnyRuleset, PlayerId, Setup};
use grognard_journal::entry::{
    Body, DiceConfig, DiceMode, Entry, Genesis, PlayerInfo, SignedEntry, Witnesses, ENTRY_VERSION,
};
use grognard_journal::game::Game;
use grognard_journal::ids::GameId;
use grognard_journal::keys::SecretKey;
use grognard_journal::replay::scenario_hash;
use grognard_journal::{local, verify};
use serde_json::Value;

static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;

fn rulesets() -> Vec<&'static dyn AnyRuleset> {
    vec![&FNC]
}

const POSITION: &str = "fnc-position 1
game ec
turn 2
phase movement
phasing french
hex 1127: fr-fort fr-1-1 fr-1-2
hex 1833: ot-mm-1
";

/// A signed genesis of a solitaire game with casual dice, its set-up written as given.
fn genesis(key: &SecretKey, scenario: &str, position: Option<&str>) -> SignedEntry {
    let setup = Setup::position("ec", POSITION);
    let data = FNC.scenario_data(&setup).expect("the EC data");
    let body = Body::Genesis(Genesis {
        ruleset: "fnc".into(),
        ruleset_version: FNC.info().version,
        scenario: scenario.into(),
        position: position.map(String::from),
        scenario_hash: scenario_hash(&data),
        players: vec![PlayerInfo {
            name: "Kleber".into(),
            email: "kleber@example.org".into(),
            key: key.public().to_hex(),
            powers: vec!["french".into(), "ottoman".into()],
        }],
        dice: DiceConfig { mode: DiceMode::Casual, witnesses: Witnesses::Opponents, faces: Vec::new() },
        chain: None,
        options: Vec::new(),
    });
    let entry =
        Entry { v: ENTRY_VERSION, game: GameId([7; 16]), author: 0, seq: 0, prev: None, acks: Vec::new(), body };
    SignedEntry::sign(entry, key)
}

/// Create the game from `genesis`, play a move and the end of the phase, and verify the
/// whole journal again from its records: the set-up read, the replayed state as JSON.
fn play(genesis: SignedEntry, key: &SecretKey) -> (Setup, Value, Vec<String>) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let rulesets = rulesets();
    let mut game = Game::create(&tmp.path().join("g"), &rulesets, genesis).expect("the genesis is accepted");
    for text in ["move fr-1-1 1227", "end"] {
        local::do_command(&mut game, PlayerId(0), key, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    }
    local::flush(&mut game, PlayerId(0), key).expect("sign the staged commands");
    let records: Vec<Vec<u8>> = game.entries.iter().map(SignedEntry::record).collect();
    assert_eq!(records.len(), 3, "the genesis and two commands");
    let checked = verify::check_records(&rulesets, &records).expect("the journal verifies");
    let replay = checked.replay;
    let log = replay.log.iter().map(|l| l.text.clone()).collect();
    (replay.setup.clone(), replay.ruleset.state_json(&replay.state), log)
}

#[test]
fn a_genesis_with_the_position_in_its_scenario_replays_as_one_with_a_position_field() {
    let key = SecretKey::from_seed(&[9; 32]);
    let legacy = genesis(&key, POSITION, None);
    let new = genesis(&key, "ec", Some(POSITION));
    // The old shape: no `position` key at all, the text in `scenario`.
    let legacy_json = String::from_utf8(legacy.entry.canonical_bytes()).expect("UTF-8");
    assert!(!legacy_json.contains("\"position\""), "{legacy_json}");
    assert!(legacy_json.contains(r#""scenario":"fnc-position 1\ngame ec\n"#), "{legacy_json}");

    let (legacy_setup, legacy_state, legacy_log) = play(legacy, &key);
    let (new_setup, new_state, new_log) = play(new, &key);
    assert_eq!(legacy_setup, Setup::position("ec", POSITION));
    assert_eq!(legacy_setup, new_setup);
    assert_eq!(legacy_state, new_state, "the same game, whichever shape its genesis has");
    assert_eq!(legacy_log, new_log);
    assert!(legacy_log[0].contains("(ec (from a position))"), "{}", legacy_log[0]);
    assert_eq!(legacy_state["turn"], 2, "{legacy_state}");
}

#[test]
fn a_new_genesis_refuses_a_position_that_does_not_fit_its_scenario() {
    let key = SecretKey::from_seed(&[9; 32]);
    let rulesets = rulesets();
    for scenario in ["rsw", "ec-historical"] {
        let records = vec![genesis(&key, scenario, Some(POSITION)).record()];
        let problem = match verify::check_records(&rulesets, &records) {
            Ok(_) => panic!("a position of EC in scenario {scenario} is accepted"),
            Err(p) => p.to_string(),
        };
        assert!(problem.contains("is played in scenario `ec`"), "{scenario}: {problem}");
    }
}
