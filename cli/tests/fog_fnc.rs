//! FNC's fog of war (7.7) through the `grognard` program, on by default in a new game: the
//! French move parts of Alexandria's stack; nothing the Ottoman player receives or can show
//! (the packets, the mails, `log --json`, `status --json`, the board picture) names a unit
//! beneath a top, until an attack opens the stack it came from, and then only that stack.

use crate::common;

use common::{alice_and_bob, exchange, outgoing, Player};
use std::path::Path;

/// The units that travel hidden: beneath the top of the stacks that reach 1327 and 1227.
const HIDDEN_1327: [&str; 5] = ["fr-2-2", "fr-3-1", "fr-3-2", "fr-cav-1", "fr-gu"];
const HIDDEN_1227: &str = "fr-1-2";

/// What the Ottoman player can see of the game: log, status and the board picture.
fn seen_by(p: &Player, cwd: &Path, n: usize) -> String {
    let picture = format!("seen{n}.svg");
    p.ok(cwd, &["show", "--out", &picture]);
    let mut text = std::fs::read_to_string(cwd.join(&picture)).expect("the picture");
    text.push_str(&p.json(cwd, &["log"]).to_string());
    text.push_str(&p.json(cwd, &["status"]).to_string());
    text
}

#[test]
fn rule_7_7_the_opponent_never_sees_beneath_a_top_until_an_attack_opens_that_stack() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, bob_line) = alice_and_bob(cwd);
    let new = ["new", "--ruleset", "fnc", "--scenario", "ec-historical", "--dice", "fair", "--opponent", &bob_line];
    alice.ok(cwd, &[&new[..], &["--out", "i.grog"]].concat());
    bob.ok(cwd, &["join", "i.grog"]);
    bob.ok(cwd, &["send", "--out", "b.grog"]);
    alice.ok(cwd, &["receive", "b.grog"]);
    let invitation = std::fs::read_to_string(cwd.join("i.grog")).expect("invitation");
    assert!(invitation.contains("fog-of-war"), "the genesis records fog of war, on by default");

    let staged = alice.ok(cwd, &["do", "move", "fr-2-1,fr-2-2,fr-3-1,fr-3-2,fr-cav-1,fr-gu", "1327"]);
    assert!(staged.contains("fr-cav-1"), "the mover sees its own units: {staged}");
    alice.ok(cwd, &["do", "move", "fr-1-1,fr-1-2", "1227"]);
    let mut n = 0;
    exchange(&alice, &bob, cwd, &mut n, 1);

    let sent = outgoing(&alice, cwd);
    assert!(sent.contains("\"moved\""), "the concealed moves travelled as projections");
    let seen = seen_by(&bob, cwd, 0);
    assert!(seen.contains("fr-2-1"), "the top of the stack is public");
    for unit in HIDDEN_1327.iter().chain([&HIDDEN_1227]) {
        assert!(!sent.contains(unit), "a packet or mail of the French names {unit}");
        assert!(!seen.contains(unit), "the Ottoman's log, status or picture names {unit}");
    }

    // The attack from 1327 opens that stack, and only that one (7.7).
    alice.ok(cwd, &["do", "end"]);
    let declared = alice.ok(cwd, &["do", "attack", "fr-cav-1", "1428"]);
    assert!(declared.contains("from 1327"), "the client names the hex attacked from: {declared}");
    exchange(&alice, &bob, cwd, &mut n, 3);
    let seen = seen_by(&bob, cwd, 1);
    assert!(seen.contains("fr-cav-1"), "the attacking stack is opened");
    assert!(seen.contains("\"battle\""), "the battle was fought");
    let log = bob.json(cwd, &["log"]).to_string();
    assert!(!log.contains(HIDDEN_1227), "the stack in 1227 stays closed");
    let verified = bob.json(cwd, &["verify"]);
    assert_eq!(verified["ok"], true, "{verified}");
}
