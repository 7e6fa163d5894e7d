//! `grognard new --witnesses concerned` (docs/PROTOCOL.md section 5.3): in a three-player
//! melee, the initiative concerns nobody in particular (Duel rule 9.2), so only the next
//! player witnesses it; `status` says so, names that one player as holding the game, and
//! the third player owes nothing.

use crate::common;

use common::{alice_and_bob, Player};
use serde_json::json;

#[test]
fn status_shows_the_one_witness_a_roll_waits_for() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, bob_line) = alice_and_bob(cwd);
    let carol = Player::new(cwd.join("c"), "carol");
    let carol_line = carol.json(cwd, &["keygen", "--name", "Carol", "--email", "carol@example.org"])["public_key"]
        .as_str()
        .expect("line")
        .to_string();
    let new = ["new", "--ruleset", "duel", "--scenario", "melee", "--opponent", &bob_line, "--opponent", &carol_line];
    let refused = alice.run(cwd, &[&new[..], &["--witnesses", "friends", "--out", "x.grog"]].concat());
    assert_eq!(refused.status.code(), Some(2), "a usage error");
    let text = String::from_utf8_lossy(&refused.stderr);
    assert!(text.contains("opponents, all-others or concerned"), "{text}");
    alice.ok(cwd, &[&new[..], &["--witnesses", "concerned", "--out", "i.grog"]].concat());
    bob.ok(cwd, &["join", "i.grog"]);
    bob.ok(cwd, &["send", "--out", "b.grog"]);
    alice.ok(cwd, &["receive", "--no-answer", "b.grog"]);
    alice.ok(cwd, &["send", "--out", "a.grog"]);
    let joined = carol.ok(cwd, &["join", "a.grog"]);
    assert!(joined.contains("dice: fair, each roll witnessed by the players it concerns"), "{joined}");
    carol.ok(cwd, &["send", "--out", "c.grog"]);
    alice.ok(cwd, &["receive", "--no-answer", "c.grog"]);
    bob.ok(cwd, &["receive", "--no-answer", "c.grog"]);

    alice.ok(cwd, &["do", "initiative"]);
    alice.ok(cwd, &["send", "--out", "a2.grog"]);
    bob.ok(cwd, &["receive", "--no-answer", "a2.grog"]);
    carol.ok(cwd, &["receive", "--no-answer", "a2.grog"]);
    for who in [&alice, &bob, &carol] {
        let status = who.json(cwd, &["status"]);
        assert_eq!(status["witnesses"], "concerned", "{status}");
        assert_eq!(status["holders"], json!([1]), "only Bob holds the roll: {status}");
        let waiting = status["waiting"].as_array().expect("waiting");
        assert_eq!(waiting.len(), 1, "{status}");
        assert_eq!(waiting[0]["owes"]["kind"], "reveal");
        assert_eq!(waiting[0]["owes"]["roller"], 0);
        assert_eq!(waiting[0]["name"], "Bob");
    }
    let text = carol.ok(cwd, &["status"]);
    assert!(text.contains("fair dice, each roll witnessed by the players it concerns"), "{text}");
    assert!(text.contains("Bob must reveal dice"), "{text}");
    assert!(!text.contains("Carol must reveal"), "{text}");
    // Carol has nothing to sign for the roll; Bob's reveal alone makes it.
    let sent = carol.json(cwd, &["send", "--out", "c2.grog"]);
    assert_eq!(sent["signed"], 0, "Carol owes nothing: {sent}");
    bob.ok(cwd, &["send", "--out", "b2.grog"]);
    let received = alice.json(cwd, &["receive", "--no-answer", "b2.grog"]);
    let story = received["imported"][0]["story"].to_string();
    assert!(story.contains("witnessed by Bob"), "the roll is made: {story}");
    let status = alice.json(cwd, &["status"]);
    assert!(status["waiting"].as_array().expect("waiting").iter().all(|w| w["owes"]["kind"] != "reveal"), "{status}");
}
