//! A game recorded under protocol version 1 still verifies, and `verify` says plainly that
//! its fair dice were not protected against a witness who chooses or vetoes rolls.

use crate::common;

use common::Player;
use grognard_engine::PlayerId;
use grognard_journal::create::{self, NewGame};
use grognard_journal::entry::{DiceConfig, DiceMode, PlayerInfo, Witnesses, PROTOCOL_V1};
use grognard_journal::keys::SecretKey;
use grognard_journal::local;

static DUEL: grognard_duel::Duel = grognard_duel::Duel;

#[test]
fn a_version_1_game_verifies_and_says_its_dice_were_unprotected() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let keys = [SecretKey::from_seed(&[1; 32]), SecretKey::from_seed(&[2; 32])];
    let players = ["red", "blue"]
        .iter()
        .enumerate()
        .map(|(i, power)| PlayerInfo {
            name: format!("Player{i}"),
            email: format!("p{i}@example.org"),
            key: keys[i].public().to_hex(),
            powers: vec![(*power).into()],
        })
        .collect();
    let new = NewGame {
        ruleset: &DUEL,
        setup: grognard_engine::Setup::scenario("standard"),
        players,
        creator: 0,
        dice: DiceConfig { mode: DiceMode::Fair, witnesses: Witnesses::Opponents, faces: Vec::new() },
        chain_length: 16,
    };
    let rulesets: Vec<&dyn grognard_engine::AnyRuleset> = vec![&DUEL];
    let (mut g0, invitation) =
        create::create_of_version(&tmp.path().join("p0"), &rulesets, &new, &keys[0], PROTOCOL_V1).expect("create");
    let (mut g1, _) = create::join(&tmp.path().join("p1"), &rulesets, &invitation, &keys[1]).expect("join");
    g0.import(&g1.packet_for_others(PlayerId(1))).expect("the join");
    local::do_command(&mut g0, PlayerId(0), &keys[0], "initiative").expect("a roll");
    g1.import(&g0.packet_for_others(PlayerId(0))).expect("the request");
    local::settle(&mut g1, PlayerId(1), &keys[1]).expect("the reveal");
    g0.import(&g1.packet_for_others(PlayerId(1))).expect("the reveal");
    assert!(g0.entries.iter().all(|e| e.entry.v == PROTOCOL_V1), "every entry of the game is of version 1");

    let reader = Player::new(tmp.path().join("reader"), "reader");
    let journal = tmp.path().join("p0").join("journal");
    let text = reader.ok(tmp.path(), &["verify", "--file", journal.to_str().expect("a path")]);
    assert!(text.contains("protocol version 1") && text.contains("NOT protected"), "{text}");
    let json = reader.json(tmp.path(), &["verify", "--file", journal.to_str().expect("a path")]);
    assert_eq!(json["protocol"], 1, "{json}");
    assert_eq!(json["rolls"], 2, "{json}");
}
