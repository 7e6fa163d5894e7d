//! `grognard status` gives one account of the game: with staged commands, the position they
//! lead to and the next thing to do (stage more, or send), in text and in `--json`.

use crate::common;

use common::{alice_and_bob, Player};
use std::path::Path;

/// Alice (French) and Bob (Ottoman) in The Egyptian Campaign's historical set-up, casual
/// dice, both joined: Alice is to move.
pub fn joined_ec(cwd: &Path) -> (Player, Player) {
    let (alice, bob, bob_line) = alice_and_bob(cwd);
    alice.ok(
        cwd,
        &[
            "new",
            "--ruleset",
            "fnc",
            "--scenario",
            "ec-historical",
            "--dice",
            "casual",
            "--opponent",
            &bob_line,
            "--out",
            "i.grog",
        ],
    );
    bob.ok(cwd, &["join", "i.grog"]);
    bob.ok(cwd, &["send", "--out", "b.grog"]);
    alice.ok(cwd, &["receive", "b.grog"]);
    (alice, bob)
}

#[test]
fn status_after_staging_tells_the_staged_position_and_to_stage_more_or_send() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, _bob) = joined_ec(cwd);
    let before = alice.json(cwd, &["status"]);
    assert_eq!(before["next"]["action"], "decide");
    assert!(before["waiting"][0]["owes"]["pending"]["prompt"].as_str().unwrap_or("").contains("Movement Phase"));

    alice.ok(cwd, &["do", "end"]);
    let status = alice.json(cwd, &["status"]);
    let summary = status["summary"].as_str().expect("summary");
    assert!(summary.contains("Combat Phase"), "{summary}");
    // What it waits for is the staged position's, not the journal's movement phase.
    let prompt = status["waiting"][0]["owes"]["pending"]["prompt"].as_str().expect("prompt");
    assert!(prompt.contains("Combat Phase") && !prompt.contains("Movement"), "{prompt}");
    assert_eq!(status["next"]["action"], "stage-or-send");

    let text = alice.ok(cwd, &["status"]);
    assert!(!text.contains("Movement Phase"), "no account of the phase left behind:\n{text}");
    assert!(!text.contains("your move"), "{text}");
    assert!(text.contains("grognard send") && text.contains("stage more"), "{text}");

    // Undone, the account is the journal's again.
    alice.ok(cwd, &["undo"]);
    assert_eq!(alice.json(cwd, &["status"])["next"]["action"], "decide");
}
