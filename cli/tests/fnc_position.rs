//! `grognard new --position FILE`: an FNC game starts from a written position, its players
//! play on from there, and `verify` replays it from the position in the genesis entry.

use crate::common;

use common::Player;

const POSITION: &str = "fnc-position 1
game ec
turn 2
phase movement
phasing french
hex 1127: fr-fort fr-1-1 fr-1-2
hex 1833: ot-mm-1
";

#[test]
fn a_game_starts_from_a_position_and_verifies() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cwd = dir.path();
    let alice = Player::new(cwd.join("alice"), "alice");
    alice.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    std::fs::write(cwd.join("pos.txt"), POSITION).expect("write position");
    alice.ok(cwd, &["new", "--ruleset", "fnc", "--position", "pos.txt", "--dice", "casual", "--out", "i.grog"]);
    let status = alice.json(cwd, &["status"]);
    assert!(status["summary"].as_str().unwrap_or("").contains("Game Turn 2"), "{status}");
    // The genesis names the scenario the position is played in, and carries the text apart.
    assert_eq!(status["scenario"], "ec", "{status}");
    assert_eq!(status["from_position"], true, "{status}");
    assert!(alice.ok(cwd, &["status"]).contains("scenario ec (from a position)"));
    let games = alice.ok(cwd, &["games"]);
    assert!(games.contains("ec (from a position)"), "{games}");
    let listed = alice.json(cwd, &["games"]);
    assert_eq!(listed["games"][0]["scenario"], "ec", "{listed}");
    assert_eq!(listed["games"][0]["from_position"], true, "{listed}");
    alice.ok(cwd, &["do", "move", "fr-1-1", "1227"]);
    alice.ok(cwd, &["do", "end"]);
    alice.ok(cwd, &["send", "--out", "p1.grog"]);
    alice.ok(cwd, &["verify"]);
    // A position that is not one is refused before anything is signed.
    std::fs::write(cwd.join("bad.txt"), "fnc-position 1\ngame ec\nhex 1127: nobody\n").expect("write");
    let out =
        alice.run(cwd, &["new", "--ruleset", "fnc", "--position", "bad.txt", "--dice", "casual", "--out", "j.grog"]);
    // A usage error that names the file and the line, not an invalid genesis entry.
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the position in bad.txt") && err.contains("nobody"), "{err}");
    assert!(!cwd.join("j.grog").exists(), "no invitation is written");
}

#[test]
fn a_ruleset_without_positions_refuses_one_before_anything_is_signed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cwd = dir.path();
    let alice = Player::new(cwd.join("alice"), "alice");
    alice.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    std::fs::write(cwd.join("pos.txt"), POSITION).expect("write position");
    let out =
        alice.run(cwd, &["new", "--ruleset", "duel", "--position", "pos.txt", "--dice", "casual", "--out", "i.grog"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot start a game from a written position"), "{err}");
    assert!(!cwd.join("i.grog").exists(), "no invitation is written");
}
