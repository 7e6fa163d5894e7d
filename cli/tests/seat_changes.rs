//! `grognard replace`, `handover`, `resign` and a new holder's `join` (docs/PROTOCOL.md
//! section 13), as players run them: a witness who stops answering is replaced by the other
//! player's vote, the new holder joins from the journal `replace` writes and answers the
//! roll that waited, and the former holder can read the game but sign nothing; a hand-over
//! and a resignation ask for `--yes` and say what follows.

use crate::common;

use common::{joined_duel, Player};

fn key_line(p: &Player, cwd: &std::path::Path, name: &str) -> String {
    let email = format!("{}@example.org", name.to_lowercase());
    p.json(cwd, &["keygen", "--name", name, "--email", &email])["public_key"].as_str().expect("line").to_string()
}

#[test]
fn a_silent_witness_is_replaced_and_the_roll_is_made() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    let carol = Player::new(cwd.join("c"), "carol");
    let carol_line = key_line(&carol, cwd, "Carol");
    // Alice rolls the initiative; Bob, the witness, never answers.
    alice.ok(cwd, &["do", "initiative"]);
    alice.ok(cwd, &["send", "--out", "a1.grog"]);
    bob.ok(cwd, &["receive", "--no-answer", "a1.grog"]);
    let status = alice.json(cwd, &["status"]);
    assert_eq!(status["holders"], serde_json::json!([1]), "Bob holds the game: {status}");
    // Alice's vote is the only one needed in a game of two.
    let voted = alice.json(cwd, &["replace", "--seat", "1", "--with", &carol_line, "--out", "seat.grog"]);
    assert_eq!(voted["complete"], true, "{voted}");
    let text = alice.ok(cwd, &["status"]);
    assert!(text.contains("held by Bob <bob@example.org> up to entry #0"), "{text}");
    assert!(text.contains("Carol has not taken the seat yet"), "{text}");
    // Carol joins from the whole journal and reveals for the roll; Alice adds her own value.
    let joined = carol.ok(cwd, &["join", "seat.grog"]);
    assert!(joined.contains("Took over a seat"), "{joined}");
    carol.ok(cwd, &["send", "--out", "c1.grog"]);
    alice.ok(cwd, &["receive", "c1.grog"]);
    alice.ok(cwd, &["send", "--out", "a2.grog"]);
    carol.ok(cwd, &["receive", "a2.grog"]);
    let status = carol.json(cwd, &["status"]);
    assert!(
        status["waiting"].as_array().expect("waiting").iter().all(|w| w["owes"]["kind"] != "reveal"),
        "the roll is made: {status}"
    );
    assert_eq!(status["players"][1]["name"], "Carol", "{status}");
    // Bob learns of it and is refused any move; his copy still reads.
    // (Packets go to each seat's holder: Bob, the former one, catches up from the whole
    // journal first.)
    bob.ok(cwd, &["receive", "seat.grog"]);
    bob.ok(cwd, &["receive", "c1.grog"]);
    bob.ok(cwd, &["receive", "a2.grog"]);
    let refused = bob.run(cwd, &["do", "initiative"]);
    assert_eq!(refused.status.code(), Some(1));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("no longer holds seat 1: Carol does"), "{err}");
    let text = bob.ok(cwd, &["status"]);
    assert!(text.contains("you held this seat"), "{text}");
    // A seat never goes to a key that holds another seat: refused.
    let alice_line = alice.json(cwd, &["whoami"])["identities"][0]["public_key"].as_str().expect("line").to_string();
    let to_alice = alice.run(cwd, &["replace", "--seat", "Carol", "--with", &alice_line]);
    assert_eq!(to_alice.status.code(), Some(1), "{}", String::from_utf8_lossy(&to_alice.stderr));
    let err = String::from_utf8_lossy(&to_alice.stderr);
    assert!(err.contains("that key holds a seat of this game"), "{err}");
}

#[test]
fn a_hand_over_and_a_resignation_ask_for_yes_and_say_what_follows() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    let dave = Player::new(cwd.join("d"), "dave");
    let dave_line = key_line(&dave, cwd, "Dave");
    let unconfirmed = bob.run(cwd, &["handover", "--to", &dave_line]);
    assert_eq!(unconfirmed.status.code(), Some(2), "a usage error");
    let handed = bob.ok(cwd, &["handover", "--to", &dave_line, "--yes", "--out", "dave.grog"]);
    assert!(handed.contains("grognard join dave.grog"), "{handed}");
    bob.ok(cwd, &["send", "--out", "b1.grog"]);
    alice.ok(cwd, &["receive", "b1.grog"]);
    dave.ok(cwd, &["join", "dave.grog"]);
    dave.ok(cwd, &["send", "--out", "d1.grog"]);
    alice.ok(cwd, &["receive", "d1.grog"]);
    let status = alice.json(cwd, &["status"]);
    assert_eq!(status["players"][1]["name"], "Dave", "{status}");
    let unconfirmed = alice.run(cwd, &["resign"]);
    assert_eq!(unconfirmed.status.code(), Some(2));
    let resigned = alice.ok(cwd, &["resign", "--yes"]);
    assert!(resigned.contains("vacant"), "{resigned}");
    let refused = alice.run(cwd, &["do", "initiative"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("13.1"));
    alice.ok(cwd, &["send", "--out", "a1.grog"]);
    dave.ok(cwd, &["receive", "a1.grog"]);
    let text = dave.ok(cwd, &["status"]);
    assert!(text.contains("resigned at entry"), "{text}");
}

#[test]
fn a_bot_agreed_as_second_takes_the_silent_seat_and_plays_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    let robot = Player::new(cwd.join("r"), "robot");
    let robot_line = key_line(&robot, cwd, "Robot");
    // Both players agree, in the journal, that the bot is seat 1's second.
    alice.ok(cwd, &["second", "--seat", "1", "--key", &robot_line, "--hours", "24"]);
    alice.ok(cwd, &["send", "--out", "a0.grog"]);
    bob.ok(cwd, &["receive", "a0.grog"]);
    let agreed = bob.json(cwd, &["second", "--seat", "Bob", "--key", &robot_line, "--hours", "24"]);
    assert_eq!(agreed["agreed"], true, "{agreed}");
    bob.ok(cwd, &["send", "--out", "b0.grog"]);
    alice.ok(cwd, &["receive", "b0.grog"]);
    let text = alice.ok(cwd, &["status"]);
    assert!(text.contains("second: Robot <robot@example.org>, agreed by every player"), "{text}");
    // Bob falls silent while a roll waits on him; Alice votes for the second.
    alice.ok(cwd, &["do", "initiative"]);
    alice.ok(cwd, &["send", "--out", "a1.grog"]);
    bob.ok(cwd, &["receive", "--no-answer", "a1.grog"]);
    alice.ok(cwd, &["replace", "--seat", "1", "--with", &robot_line, "--out", "robot.grog"]);
    robot.ok(cwd, &["join", "robot.grog"]);
    std::fs::create_dir_all(cwd.join("replies")).expect("a reply directory");
    let played = robot.json(cwd, &["bot", "run", "--bot", "random", "--reply-dir", "replies"]);
    assert_eq!(played["ok"], true, "{played}");
    let replies: Vec<_> = std::fs::read_dir(cwd.join("replies")).expect("replies").flatten().collect();
    assert_eq!(replies.len(), 1, "the bot replied");
    let reply = replies[0].path();
    alice.ok(cwd, &["receive", reply.to_str().expect("a path")]);
    let status = alice.json(cwd, &["status"]);
    assert_eq!(status["players"][1]["name"], "Robot", "{status}");
    assert!(
        status["waiting"]
            .as_array()
            .expect("waiting")
            .iter()
            .all(|w| w["owes"]["kind"] != "reveal" || w["player"] == 0),
        "the bot revealed from the chain of its take: {status}"
    );
}
