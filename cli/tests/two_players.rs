//! Two players with separate GROGNARD_HOME directories play a whole game through packet
//! files and the `grognard` binary only.

use crate::common;

use common::{journal, Player};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One player's turn: make every decision owed, then send. Returns the packet written, if any.
fn act(p: &Player, cwd: &Path, turn: usize, pick: &mut u64) -> Option<PathBuf> {
    for _ in 0..8 {
        let moves = p.json(cwd, &["moves"]);
        let list: Vec<String> =
            moves["moves"].as_array().expect("moves").iter().map(|m| m.as_str().expect("text").to_string()).collect();
        if list.is_empty() {
            break;
        }
        *pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let choice = &list[((*pick >> 33) % list.len() as u64) as usize];
        let words: Vec<&str> = choice.split(' ').collect();
        let mut args = vec!["do"];
        args.extend(words);
        p.ok(cwd, &args);
    }
    let out = format!("{}-{turn}.grog", p.name);
    let sent = p.json(cwd, &["send", "--out", &out]);
    (!sent["packet"].is_null()).then(|| cwd.join(out))
}

#[test]
fn two_players_play_a_whole_game_by_packet_files() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let alice = Player::new(cwd.join("alice-home"), "alice");
    let bob = Player::new(cwd.join("bob-home"), "bob");
    alice.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    let bob_key = bob.json(cwd, &["keygen", "--name", "Bob", "--email", "bob@example.org"]);
    let bob_line = bob_key["public_key"].as_str().expect("public key line").to_string();
    alice.ok(
        cwd,
        &["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", &bob_line, "--out", "invite.grog"],
    );
    bob.ok(cwd, &["join", "invite.grog"]);
    let mut inbox_alice = vec![act(&bob, cwd, 0, &mut 1).expect("bob's join")];
    let mut inbox_bob: Vec<PathBuf> = Vec::new();
    let mut pick = 42u64;
    for turn in 1..400 {
        for packet in inbox_alice.drain(..) {
            alice.ok(cwd, &["receive", packet.to_str().expect("path")]);
        }
        for packet in inbox_bob.drain(..) {
            bob.ok(cwd, &["receive", packet.to_str().expect("path")]);
        }
        let status = alice.json(cwd, &["status"]);
        if !status["over"].is_null() {
            break;
        }
        // Both act before either packet travels: sealed steps and reveals cross in the mail.
        inbox_bob.extend(act(&alice, cwd, turn, &mut pick));
        inbox_alice.extend(act(&bob, cwd, turn, &mut pick));
        assert!(turn < 399, "the game did not end");
    }
    // Alice's client may have answered the last packet at once (the game ended on her side
    // as she received it): what she signed reaches Bob with her next packet.
    let last = alice.json(cwd, &["send", "--out", "alice-last.grog"]);
    if !last["packet"].is_null() {
        bob.ok(cwd, &["receive", "alice-last.grog"]);
    }
    let status = bob.json(cwd, &["status"]);
    assert!(!status["over"].is_null(), "the game is over for Bob too: {status}");
    assert_eq!(journal(&alice.home), journal(&bob.home), "both journals end byte-identical");
    for p in [&alice, &bob] {
        let v = p.json(cwd, &["verify"]);
        assert_eq!(v["ok"], true);
        assert_eq!(v["fair"], true);
        assert!(v["reveals"].as_u64().expect("count") > 0);
    }
    let log = alice.json(cwd, &["log"]);
    assert!(log["log"].as_array().expect("log").iter().any(|i| !i["rolls"].as_array().expect("rolls").is_empty()));
}

#[test]
fn exit_codes_are_documented_ones() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let p = Player::new(tmp.path().join("h"), "p");
    assert_eq!(p.run(tmp.path(), &["no-such-command"]).status.code(), Some(2));
    assert_eq!(p.run(tmp.path(), &["status"]).status.code(), Some(1));
    assert_eq!(p.run(tmp.path(), &["scenarios"]).status.code(), Some(0));
    let refused = p.run(tmp.path(), &["status", "--json"]);
    let v: Value = serde_json::from_slice(&refused.stdout).expect("JSON error");
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"], "no-game");
}

/// Alice invites Bob to a fair-dice duel; Bob joins and writes his join to `b.grog`.
fn invited_and_joined() -> (tempfile::TempDir, Player, Player) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let alice = Player::new(cwd.join("a"), "alice");
    let bob = Player::new(cwd.join("b"), "bob");
    alice.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    let bob_line = bob.json(cwd, &["keygen", "--name", "Bob", "--email", "bob@example.org"])["public_key"]
        .as_str()
        .expect("line")
        .to_string();
    alice.ok(cwd, &["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", &bob_line, "--out", "i.grog"]);
    bob.ok(cwd, &["join", "i.grog"]);
    bob.ok(cwd, &["send", "--out", "b.grog"]);
    (tmp, alice, bob)
}

#[test]
fn a_refused_packet_leaves_the_journal_byte_identical() {
    let (tmp, alice, _bob) = invited_and_joined();
    let cwd = tmp.path();
    let before = journal(&alice.home);
    // A byte flipped inside an entry; the packet's checksum catches it first.
    let mut bytes = std::fs::read(cwd.join("b.grog")).expect("packet");
    let at = bytes.iter().position(|&b| b == b'{').expect("an entry") + 5;
    bytes[at] ^= 1;
    std::fs::write(cwd.join("bad.grog"), &bytes).expect("write");
    let out = alice.run(cwd, &["receive", "bad.grog"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("damaged"));
    assert_eq!(journal(&alice.home), before);
    alice.ok(cwd, &["receive", "b.grog"]);
    alice.ok(cwd, &["receive", "b.grog"]); // a duplicate is a no-op
    assert_eq!(alice.json(cwd, &["status"])["entries"], 2);
}

#[test]
fn a_witness_who_withholds_its_reveal_is_shown_holding_the_game() {
    let (tmp, alice, bob) = invited_and_joined();
    let cwd = tmp.path();
    alice.ok(cwd, &["receive", "b.grog"]);
    let done = alice.json(cwd, &["do", "initiative"]);
    assert_eq!(done["outcome"], "signed", "a roll is signed at once: {done}");
    assert!(done["events"].as_array().expect("events").is_empty(), "the roll is not known yet");
    let undo = alice.json(cwd, &["undo"]);
    assert_eq!(undo["dropped"].as_array().expect("dropped").len(), 0, "a command that rolled dice cannot be undone");
    alice.ok(cwd, &["send", "--out", "a.grog"]);
    let status = alice.json(cwd, &["status"]);
    assert_eq!(status["holders"], serde_json::json!([1]), "Bob holds the game: {status}");
    assert_eq!(status["waiting"][0]["owes"]["kind"], "reveal");
    // A witness who does not answer at once (`--no-answer`) holds the game.
    bob.ok(cwd, &["receive", "--no-answer", "a.grog"]);
    assert_eq!(bob.json(cwd, &["status"])["holders"], serde_json::json!([1]));
    bob.ok(cwd, &["send", "--out", "b2.grog"]);
    let received = alice.json(cwd, &["receive", "b2.grog"]);
    let story = received["imported"][0]["story"].to_string();
    assert!(story.contains("initiative"), "the roll's result reaches Alice: {story}");
}

#[test]
fn a_passphrase_protected_key_needs_its_passphrase() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let home = cwd.join("h");
    let run = |pass: Option<&str>, args: &[&str]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_grognard"));
        c.args(args).current_dir(cwd).env("GROGNARD_HOME", &home).env_remove("GROGNARD_PASSPHRASE");
        if let Some(p) = pass {
            c.env("GROGNARD_PASSPHRASE", p);
        }
        c.output().expect("run grognard")
    };
    let made = run(Some("open sesame"), &["keygen", "--name", "Ney", "--email", "ney@example.org", "--passphrase"]);
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let key_file = std::fs::read_to_string(home.join("keys/ney-at-example.org.key")).expect("key file");
    assert!(key_file.contains("protection: argon2id-chacha20poly1305"), "{key_file}");
    let opponent =
        "grognard-pk1 d09ee11feefaa94221f9cb101d2bf43eb0f0a5ab365186b9ef681bdc05eec2f1 Bob <bob@example.org>";
    let new = ["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", opponent, "--out", "i.grog"];
    let without = run(None, &new);
    assert_eq!(without.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&without.stderr).contains("protected"));
    let wrong = run(Some("close sesame"), &new);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("wrong passphrase"));
    assert!(!home.join("games").exists() || std::fs::read_dir(home.join("games")).expect("dir").next().is_none());
    let right = run(Some("open sesame"), &new);
    assert!(right.status.success(), "{}", String::from_utf8_lossy(&right.stderr));
}
