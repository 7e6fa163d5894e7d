//! `status` says who holds the game, which request a reveal answers, whether the witness
//! has acked it, and since when the game waits by this machine's clock (information only:
//! nothing in the game depends on a clock).

use crate::common;

use common::joined_duel;
use std::time::{SystemTime, UNIX_EPOCH};

#[test]
fn status_tells_who_owes_a_reveal_and_since_when() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    alice.ok(cwd, &["do", "initiative"]);
    alice.ok(cwd, &["send", "--out", "roll.grog"]);
    let before = SystemTime::now().duration_since(UNIX_EPOCH).expect("a clock").as_secs();
    bob.ok(cwd, &["receive", "--no-answer", "roll.grog"]);
    let status = bob.json(cwd, &["status"]);
    let owed = &status["waiting"][0];
    assert_eq!(owed["name"], "Bob", "{status}");
    assert_eq!(owed["owes"]["kind"], "reveal", "{status}");
    assert_eq!(owed["owes"]["roller"], 0, "{status}");
    assert_eq!(owed["owes"]["request_seq"], 1, "{status}");
    let since = status["waiting_since"].as_u64().expect("a time");
    assert!(since >= before, "the request arrived when Bob received it: {status}");
    let text = bob.ok(cwd, &["status"]);
    assert!(text.contains("must reveal dice for request") && text.contains("Alice's entry #1"), "{text}");
    assert!(text.contains("by this machine's clock"), "{text}");
}
