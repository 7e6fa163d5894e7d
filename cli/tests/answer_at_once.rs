//! `receive` answers at once what needs no decision of the player (dice reveals, standing
//! orders) and writes the reply in the same run; `[answer]` in settings.toml and
//! `--no-answer`/`--answer` choose; `grognard orders` keeps standing orders checked by the
//! game's rules.

use crate::common;

use common::{joined_duel, journal, Player};
use std::path::Path;

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

/// Alice rolls the initiative (it needs Bob's reveal) and writes her packet.
fn alice_rolls(alice: &Player, cwd: &Path, out: &str) {
    alice.ok(cwd, &["do", "initiative"]);
    alice.ok(cwd, &["send", "--out", out]);
}

fn grog_files(cwd: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(cwd)
        .expect("cwd")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".grog"))
        .collect();
    v.sort();
    v
}

#[test]
fn receive_reveals_at_once_and_writes_the_reply() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    alice_rolls(&alice, cwd, "a1.grog");
    let before = grog_files(cwd);
    let out = bob.run(cwd, &["receive", "a1.grog"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("answered with 1 entries") && text.contains("revealed your dice value"), "{text}");
    let reply: Vec<String> = grog_files(cwd).into_iter().filter(|f| !before.contains(f)).collect();
    assert_eq!(reply.len(), 1, "one reply packet written: {reply:?}");
    // The reply resolves Alice's roll: nothing is owed by Bob any more.
    alice.ok(cwd, &["receive", &reply[0]]);
    assert_eq!(journal(&alice.home), journal(&bob.home));
    let status = alice.json(cwd, &["status"]);
    assert_ne!(status["waiting"][0]["owes"]["kind"], "reveal", "{status}");
}

#[test]
fn no_answer_and_the_setting_leave_the_journal_as_it_was() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    alice_rolls(&alice, cwd, "a1.grog");
    let json = bob.json(cwd, &["receive", "--no-answer", "a1.grog"]);
    assert!(json.get("answered").is_none(), "{json}");
    let status = bob.json(cwd, &["status"]);
    assert_eq!(status["waiting"][0]["owes"]["kind"], "reveal", "Bob still owes his reveal: {status}");
    // Off by the settings: `receive` only imports; `send` answers as before.
    std::fs::write(bob.home.join("settings.toml"), "[answer]\nautomatic = false\n").expect("settings");
    let again = stdout(&bob.run(cwd, &["receive", "a1.grog"]));
    assert!(!again.contains("answered"), "{again}");
    // A settings file that is not one is a clear error, naming the file.
    std::fs::write(bob.home.join("settings.toml"), "[answer]\nautomatically = yes\n").expect("settings");
    let bad = bob.run(cwd, &["receive", "a1.grog"]);
    assert_eq!(bad.status.code(), Some(1), "{}", stderr(&bad));
    assert!(stderr(&bad).contains("settings.toml"), "{}", stderr(&bad));
}

#[test]
fn orders_are_checked_by_the_rules_of_the_game() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    // A ruleset without standing orders says so.
    let (alice, _, _) = joined_duel(cwd, "standard", "fair");
    let refused = alice.run(cwd, &["orders", "--add", "losses cheapest"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(stderr(&refused).contains("no standing orders"), "{}", stderr(&refused));

    // FNC: orders naming units or places the game lacks are refused; good ones are kept.
    let solo = Player::new(cwd.join("solo"), "solo");
    solo.ok(cwd, &["keygen", "--name", "Solo", "--email", "solo@example.org"]);
    solo.ok(cwd, &["new", "--ruleset", "fnc", "--scenario", "ec-historical", "--dice", "casual", "--out", "s.grog"]);
    let game = solo.json(cwd, &["games"])["games"][0]["game"].as_str().expect("a game").to_string();
    for (bad, says) in [
        ("losses cheapest keep fr-nobody", "fr-nobody"),
        ("retreat toward Atlantis", "Atlantis"),
        ("advance sometimes", "advance"),
    ] {
        let out = solo.run(cwd, &["orders", "--game", &game, "--add", bad]);
        assert_eq!(out.status.code(), Some(1), "{bad}");
        assert!(stderr(&out).contains(says), "{bad}: {}", stderr(&out));
    }
    solo.ok(cwd, &["orders", "--add", "losses cheapest keep fr-fort", "--add", "retreat toward Cairo"]);
    let shown = solo.json(cwd, &["orders"]);
    assert_eq!(shown["orders"], serde_json::json!(["losses cheapest keep fr-fort", "retreat toward Cairo"]));
    solo.ok(cwd, &["orders", "--clear"]);
    assert_eq!(solo.json(cwd, &["orders"])["orders"], serde_json::json!([]));
}
