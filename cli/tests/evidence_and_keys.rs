//! Evidence and identity: an equivocation met while receiving is kept as a file with both
//! signed records, named in text and in `--json`; `join` shows every other player's key
//! fingerprint, remembers it, and says whether a later game's key is the same or CHANGED.

use crate::common;

use common::{alice_and_bob, copy_tree, joined_duel, Player};
use serde_json::Value;

#[test]
fn an_equivocation_is_kept_as_evidence() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, id) = joined_duel(cwd, "standard", "casual");
    alice.ok(cwd, &["do", "initiative"]);
    alice.ok(cwd, &["send", "--out", "a1.grog"]);
    bob.ok(cwd, &["receive", "a1.grog"]);
    // Bob's home copied: the same key signs two different choices for one place.
    let twin = Player::new(cwd.join("b-twin"), "bob-twin");
    copy_tree(&bob.home, &twin.home);
    bob.ok(cwd, &["do", "stance", "guard"]);
    bob.ok(cwd, &["send", "--out", "guard.grog"]);
    twin.ok(cwd, &["do", "stance", "lunge"]);
    twin.ok(cwd, &["send", "--out", "lunge.grog"]);
    alice.ok(cwd, &["receive", "guard.grog"]);

    let out = alice.run(cwd, &["receive", "lunge.grog"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("equivocation"), "{err}");
    let evidence_dir = alice.home.join("games").join(&id).join("evidence");
    let files: Vec<_> =
        std::fs::read_dir(&evidence_dir).expect("evidence kept").map(|e| e.expect("e").path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(err.contains(&files[0].display().to_string()), "the path is given: {err}");
    let kept = std::fs::read_to_string(&files[0]).expect("evidence");
    let records: Vec<&str> = kept.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(records.len(), 2, "{kept}");
    assert!(kept.starts_with("# Grognard evidence: an equivocation"), "{kept}");
    for r in &records {
        assert!(err.contains(r), "the records are shown too");
    }

    let json = alice.run(cwd, &["receive", "lunge.grog", "--json"]);
    let v: Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let evidence = &v["refused"][0]["evidence"];
    assert_eq!(evidence["evidence"].as_str(), Some(files[0].to_str().expect("utf-8")), "{v}");
    assert_eq!(evidence["records"].as_array().map(Vec::len), Some(2), "{v}");
    assert_eq!(evidence["author"], 1);
    // The same proof again: the same file, not a second one.
    assert_eq!(std::fs::read_dir(&evidence_dir).expect("dir").count(), 1);
    alice.ok(cwd, &["verify"]);
}

#[test]
fn join_shows_and_remembers_fingerprints() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, bob_line) = alice_and_bob(cwd);
    let alice_fp = alice.json(cwd, &["whoami"])["identities"][0]["fingerprint"].as_str().map(str::to_string);
    let new = |p: &Player, out: &str| {
        p.json(cwd, &["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", &bob_line, "--out", out])
            ["game"]
            .as_str()
            .expect("id")
            .to_string()
    };
    let first = new(&alice, "one.grog");
    let joined = bob.ok(cwd, &["join", "one.grog"]);
    assert!(joined.contains("Alice <alice@example.org>: key fingerprint"), "{joined}");
    assert!(joined.contains("compare each fingerprint"), "{joined}");
    if let Some(fp) = &alice_fp {
        assert!(joined.contains(fp.as_str()), "{joined}");
    }
    assert!(joined.contains("first game with this person"), "{joined}");

    new(&alice, "two.grog");
    let again = bob.ok(cwd, &["join", "two.grog"]);
    assert!(again.contains(&format!("same key as in game {first}")), "{again}");

    // Someone else makes a key with Alice's name and address.
    let mallory = Player::new(cwd.join("m"), "mallory");
    mallory.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    new(&mallory, "three.grog");
    let changed = bob.ok(cwd, &["join", "three.grog"]);
    assert!(changed.contains("key CHANGED since game"), "{changed}");
    assert!(changed.contains(&first), "{changed}");
    let v = bob.json(cwd, &["games"]);
    assert_eq!(v["games"].as_array().map(Vec::len), Some(3));
    // In --json too.
    new(&alice, "four.grog");
    let v = bob.json(cwd, &["join", "four.grog"]);
    assert_eq!(v["players"][0]["known"], "changed", "Alice's real key differs from the last one seen: {v}");
    assert!(v["players"][0]["fingerprint"].is_string());
}
