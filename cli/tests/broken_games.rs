//! A broken game directory (its journal without its `seat.json`, as a join killed by an
//! older version left it) never stops commands on other games, is marked by `games`, and
//! `forget` moves it to the attic. Joining it again never signs a second join: `join` of
//! the invitation repairs the seat of a copy that holds the player's join, and refuses once
//! the copy is gone (restarting means a new game). An invitation whose
//! records were reordered (checksum recomputed) is refused without leaving a game behind.

use crate::common;

use common::{alice_and_bob, Player};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::path::Path;

fn new_game(alice: &Player, cwd: &Path, opponents: &[&str], scenario: &str, out: &str) -> String {
    let mut args = vec!["new", "--ruleset", "duel", "--scenario", scenario, "--out", out];
    for o in opponents {
        args.extend(["--opponent", o]);
    }
    alice.json(cwd, &args)["game"].as_str().expect("game id").to_string()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn a_broken_game_is_marked_skipped_and_forgotten_without_loss() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, bob_line) = alice_and_bob(cwd);
    let broken = new_game(&alice, cwd, &[&bob_line], "standard", "one.grog");
    bob.ok(cwd, &["join", "one.grog"]);
    bob.ok(cwd, &["send", "--game", &broken, "--out", "bob-one.grog"]); // his join has left
    let dir = bob.home.join("games").join(&broken);
    std::fs::remove_file(dir.join("seat.json")).expect("remove seat.json");

    let list = bob.json(cwd, &["games"]);
    let entry = &list["games"][0];
    assert_eq!(entry["broken"], true, "{list}");
    assert!(entry["fix"].as_str().expect("fix").contains(&format!("grognard forget --game {broken}")), "{list}");
    let status = bob.run(cwd, &["status", "--game", &broken[..8]]);
    assert_eq!(status.status.code(), Some(1));
    assert!(stderr(&status).contains("broken") && stderr(&status).contains("forget"), "{}", stderr(&status));

    // Another game goes on: joined, received, answered by autoreply.
    let good = new_game(&alice, cwd, &[&bob_line], "standard", "two.grog");
    bob.ok(cwd, &["join", "two.grog", "--json"]);
    bob.ok(cwd, &["send", "--game", &good, "--out", "bob-join.grog"]);
    alice.ok(cwd, &["receive", "bob-join.grog"]);
    alice.ok(cwd, &["do", "--game", &good, "initiative"]);
    alice.ok(cwd, &["send", "--game", &good, "--out", "alice-1.grog"]);
    let reply = bob.run(cwd, &["autoreply", "alice-1.grog"]);
    assert!(reply.status.success(), "autoreply goes on past the broken game: {}", stderr(&reply));
    assert!(stderr(&reply).contains(&format!("skipping game {broken}")), "{}", stderr(&reply));
    assert!(String::from_utf8_lossy(&reply.stdout).contains("answered"), "the good game was answered");
    // A packet for the broken game is refused, naming it; the others are imported.
    alice.ok(cwd, &["send", "--game", &broken, "--out", "alice-old.grog"]);
    let mixed = bob.run(cwd, &["receive", "alice-old.grog", "alice-1.grog"]);
    assert_eq!(mixed.status.code(), Some(1));
    assert!(stderr(&mixed).contains(&broken) && stderr(&mixed).contains("forget"), "{}", stderr(&mixed));

    // Forget moves it to the attic, whole; the game can then be joined again.
    let journal = std::fs::read(dir.join("journal")).expect("journal");
    let forgot = bob.json(cwd, &["forget", "--game", &broken]);
    let moved = Path::new(forgot["moved_to"].as_str().expect("path")).to_path_buf();
    assert!(moved.starts_with(bob.home.join("attic")), "{forgot}");
    assert_eq!(std::fs::read(moved.join("journal")).expect("kept"), journal, "nothing is deleted");
    assert!(!dir.exists());
    // Joining again would sign a second join for the same place: refused.
    let again = bob.run(cwd, &["join", "one.grog"]);
    assert_eq!(again.status.code(), Some(1));
    assert!(stderr(&again).contains("already joined this game"), "{}", stderr(&again));
    assert!(!dir.exists(), "the refused join left nothing");
    // Moved back, the copy is repaired by joining with the invitation: the same join.
    std::fs::rename(&moved, &dir).expect("move it back");
    let repaired = bob.json(cwd, &["join", "one.grog"]);
    assert_eq!(repaired["repaired"], true, "{repaired}");
    assert_eq!(std::fs::read(dir.join("journal")).expect("journal"), journal, "no new entry was signed");
    let games: Vec<Value> = bob.json(cwd, &["games"])["games"].as_array().expect("games").clone();
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| g.get("broken").is_none()), "{games:?}");
}

/// The packet with its record lines `i` and `j` swapped and its checksum recomputed.
fn swap_records(packet: &[u8], i: usize, j: usize) -> Vec<u8> {
    let text = String::from_utf8(packet.to_vec()).expect("text");
    let mut lines: Vec<&str> = text.lines().collect();
    lines.pop(); // the end line
    lines.swap(1 + i, 1 + j);
    let mut body = lines.join("\n");
    body.push('\n');
    let sum = hex::encode(Sha256::digest(body.as_bytes()));
    format!("{body}end sha256={sum}\n").into_bytes()
}

#[test]
fn a_reordered_three_player_invitation_is_refused_and_leaves_no_game() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, bob_line) = alice_and_bob(cwd);
    let carol = Player::new(cwd.join("c"), "carol");
    let carol_line = carol.json(cwd, &["keygen", "--name", "Carol", "--email", "carol@example.org"])["public_key"]
        .as_str()
        .expect("line")
        .to_string();
    new_game(&alice, cwd, &[&bob_line, &carol_line], "melee", "i.grog");
    bob.ok(cwd, &["join", "i.grog"]);
    bob.ok(cwd, &["send", "--out", "b.grog"]);
    alice.ok(cwd, &["receive", "b.grog"]);
    // The creator's packet for the others: the genesis, then Bob's join.
    alice.ok(cwd, &["send", "--out", "a.grog"]);
    let packet = std::fs::read(cwd.join("a.grog")).expect("packet");
    assert!(String::from_utf8_lossy(&packet).starts_with("grognard-packet v1 ") && packet.len() > 200);
    std::fs::write(cwd.join("swapped.grog"), swap_records(&packet, 0, 1)).expect("write");
    let refused = carol.run(cwd, &["join", "swapped.grog"]);
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("before"), "the order is what is wrong: {}", stderr(&refused));
    let games = carol.home.join("games");
    let left: Vec<_> = std::fs::read_dir(&games).map(|r| r.filter_map(|e| e.ok()).collect()).unwrap_or_default();
    assert!(left.is_empty(), "no game and no temporary directory is left: {left:?}");
    // The packet as it was sent joins.
    carol.ok(cwd, &["join", "a.grog"]);
    carol.ok(cwd, &["status"]);
}
