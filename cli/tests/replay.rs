//! `grognard replay`: a match stepped through from a local game and from a journal file;
//! every die shown with the values and the seed that made it; commands read from standard
//! input; bad commands, bad files and a closed pipe handled without a panic.

use crate::common;

use common::{joined_duel, journal, Player};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::Path;
use std::process::Stdio;

/// A Duel game played for a few rounds with fair dice: Alice rolls, both guard, both rest.
fn played(cwd: &Path) -> (Player, Player) {
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    let mut n = 0;
    let mut swap = |from: &Player, to: &Player| {
        n += 1;
        let out = format!("x{n}.grog");
        let sent = from.json(cwd, &["send", "--out", &out]);
        if !sent["packet"].is_null() {
            to.ok(cwd, &["receive", &out]);
        }
    };
    for _ in 0..2 {
        alice.ok(cwd, &["do", "initiative"]);
        swap(&alice, &bob);
        swap(&bob, &alice);
        alice.ok(cwd, &["do", "stance", "guard"]);
        bob.ok(cwd, &["do", "stance", "guard"]);
        for _ in 0..2 {
            swap(&alice, &bob);
            swap(&bob, &alice);
        }
        for _ in 0..3 {
            for p in [&alice, &bob] {
                for word in ["bonus bandage", "rest"] {
                    let moves = p.json(cwd, &["moves"]);
                    if moves["moves"].as_array().is_some_and(|m| m.iter().any(|m| m == word)) {
                        p.ok(cwd, &[&["do"][..], &word.split(' ').collect::<Vec<_>>()].concat());
                    }
                }
            }
            swap(&alice, &bob);
            swap(&bob, &alice);
        }
    }
    (alice, bob)
}

/// `grognard replay` with `input` on standard input.
fn replay(p: &Player, cwd: &Path, args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let mut c = p.command(cwd, &[&["replay"][..], args].concat());
    c.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = c.spawn().expect("start grognard");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("wait");
    assert_ne!(out.status.code(), Some(101), "a panic: {}", String::from_utf8_lossy(&out.stderr));
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

#[test]
fn a_match_is_stepped_by_entries_turns_and_steps_with_each_die_and_its_proof() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, _bob) = played(cwd);
    let (out, err, code) = replay(&alice, cwd, &["--no-pictures"], "n\nN\nt 2\ng 3\np\nnonsense\ng 100000\nq\n");
    assert_eq!(code, Some(0), "{err}");
    let steps: Vec<&str> = out.lines().filter(|l| l.starts_with("Step ")).collect();
    assert!(steps[0].starts_with("Step 1 of ") && steps[0].contains("(round 1)"), "{out}");
    assert!(steps[1].starts_with("Step 2 of ") && steps[1].contains("initiative"), "{out}");
    assert!(steps[2].contains("(round 2)"), "N goes to the next round: {out}");
    assert!(
        steps[3].contains("(round 2)") && steps[3].contains("initiative"),
        "t 2 goes to round 2's first step: {out}"
    );
    assert!(steps[4].starts_with("Step 3 of "), "{out}");
    assert!(steps[5].starts_with("Step 2 of "), "{out}");
    assert!(out.contains("`nonsense` is not a replay command"), "{out}");
    assert!(out.contains("no step 100000"), "{out}");

    // The dice of the first initiative: the witness's value and the seed, which anyone can
    // recompute (docs/PROTOCOL.md section 5.4).
    let (json, _, _) = replay(&alice, cwd, &["--no-pictures", "--step", "2", "--json"], "");
    let step: Value = serde_json::from_str(json.trim()).expect("one JSON object");
    let dice = &step["dice"];
    assert_eq!(dice["faces"].as_array().map(Vec::len), Some(2), "{step}");
    let hex = |v: &Value| hex::decode(v.as_str().expect("hex")).expect("hex digits");
    let game = hex(&alice.json(cwd, &["status"])["game"]);
    let reveals = dice["reveals"].as_array().expect("reveals");
    assert_eq!(reveals.len(), 1, "Bob witnesses Alice's roll");
    let mut h = Sha256::new();
    h.update(b"grognard/roll/v1\0");
    h.update(&game);
    h.update(hex(&dice["request"]));
    for r in reveals {
        h.update([r["player"].as_u64().expect("player") as u8]);
        h.update(hex(&r["value"]));
    }
    assert_eq!(hex::encode(h.finalize()), dice["seed"].as_str().expect("seed"));

    // The same match from the journal file alone, with no local game.
    let file = cwd.join("match.journal");
    std::fs::write(&file, journal(&alice.home)).expect("write");
    let stranger = Player::new(cwd.join("stranger"), "stranger");
    let (out, err, code) = replay(&stranger, cwd, &[file.to_str().expect("path"), "--no-pictures", "--step", "2"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Step 2 of ") && out.contains("seed "), "{out}");
}

#[test]
fn bad_inputs_are_refused_without_a_panic() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, _bob) = played(cwd);
    let (_, err, code) = replay(&alice, cwd, &["--step", "0"], "");
    assert_eq!(code, Some(2), "{err}");
    let garbage = cwd.join("garbage.journal");
    std::fs::write(&garbage, b"not a journal\n").expect("write");
    let (_, err, code) = replay(&alice, cwd, &[garbage.to_str().expect("path")], "");
    assert!(code.is_some_and(|c| c != 0) && err.contains("does not verify"), "{err}");
    // A line longer than the limit, then the end of input: refused as a command, no panic.
    let (out, _, code) = replay(&alice, cwd, &["--no-pictures"], &"n".repeat(5000));
    assert_eq!(code, Some(0));
    assert!(out.contains("is not a replay command"), "{out}");
    // A closed pipe: the reader goes away at once.
    let mut c = alice.command(cwd, &["replay", "--no-pictures"]);
    c.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = c.spawn().expect("start");
    drop(child.stdout.take());
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all("n\n".repeat(100).as_bytes());
    }
    let out = child.wait_with_output().expect("wait");
    assert_ne!(out.status.code(), Some(101), "{}", String::from_utf8_lossy(&out.stderr));
}
