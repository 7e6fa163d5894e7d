//! A refusal reaches a script as a typed value: a stable code, the rule number when a rule
//! of the game refused, the message. A script tells an illegal command from text that is
//! not a command, from a command out of turn, from a forged packet.

use crate::common;

use common::{joined_duel, Player};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::path::Path;

/// Run with `--json` expecting a refusal (exit 1); the JSON document printed.
fn refused(p: &Player, cwd: &Path, args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let out = p.run(cwd, &a);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.lines().next().unwrap_or("null")).expect("a JSON refusal")
}

#[test]
fn refusals_carry_a_code_and_the_rule_number() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");

    // Illegal: the initiative step accepts only `initiative` (Duel 2.2).
    let illegal = refused(&alice, cwd, &["do", "rest"]);
    assert_eq!(illegal["error"], "illegal", "{illegal}");
    assert_eq!(illegal["rule"], "2.2", "{illegal}");
    assert!(illegal["message"].as_str().expect("a message").starts_with("2.2: "), "{illegal}");
    // Not a command at all.
    let parse = refused(&alice, cwd, &["do", "charge!"]);
    assert_eq!(parse["error"], "parse", "{parse}");
    assert_eq!(parse["rule"], "input", "{parse}");
    // Out of turn: Bob has no decision to make.
    let turn = refused(&bob, cwd, &["do", "initiative"]);
    assert_eq!(turn["error"], "out-of-turn", "{turn}");
    assert_eq!(turn["rule"], Value::Null, "{turn}");

    // A forged packet: Alice's roll with one signature digit changed, checksum recomputed.
    alice.ok(cwd, &["do", "initiative"]);
    alice.ok(cwd, &["send", "--out", "roll.grog"]);
    let text = std::fs::read_to_string(cwd.join("roll.grog")).expect("packet");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.pop();
    let last = lines.len() - 1;
    let flipped = if lines[last].starts_with('0') { '1' } else { '0' };
    lines[last].replace_range(0..1, &flipped.to_string());
    let body: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let forged = format!("{body}end sha256={}\n", hex::encode(Sha256::digest(body.as_bytes())));
    std::fs::write(cwd.join("forged.grog"), forged).expect("write");
    let before = common::journal(&bob.home);
    let forgery = refused(&bob, cwd, &["receive", "forged.grog"]);
    let codes: Vec<&str> =
        forgery["refused"].as_array().expect("refusals").iter().filter_map(|r| r["error"].as_str()).collect();
    assert_eq!(codes, ["bad-signature"], "{forgery}");
    assert_eq!(common::journal(&bob.home), before, "nothing was written");
}
