//! Where grognard reads and writes a player's files: `show --out` replaces its own picture
//! (atomically) and nothing else; every command on one game takes `--game`; `receive` reads
//! the player's own outbox directory of `.eml` files; `send --mail` leaves the current
//! directory alone and says where the packet is kept.

use crate::common;

use common::{alice_and_bob, joined_duel, Player};
use std::path::Path;

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn show_out_writes_by_extension_and_replaces_only_its_own_picture() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let p = Player::new(cwd.join("home"), "viewer");
    p.ok(cwd, &["show", "--scenario", "ec", "--out", "b.png", "--around", "1127"]);
    let first = std::fs::read(cwd.join("b.png")).expect("png");
    assert!(first.starts_with(b"\x89PNG"));
    // Again, over the same file: replaced deliberately, whole, no temporary file left.
    p.ok(cwd, &["show", "--scenario", "ec", "--out", "b.png"]);
    let second = std::fs::read(cwd.join("b.png")).expect("png");
    assert!(second.starts_with(b"\x89PNG") && second != first);
    p.ok(cwd, &["show", "--scenario", "ec", "--out", "b.svg", "--around", "1127"]);
    assert!(std::fs::read_to_string(cwd.join("b.svg")).expect("svg").contains("<svg"));
    assert_eq!(files_in(cwd), ["b.png", "b.svg"]);
    // Not a picture: refused, untouched.
    std::fs::write(cwd.join("notes.png"), b"my notes").expect("write");
    let out = p.run(cwd, &["show", "--scenario", "ec", "--out", "notes.png"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(cwd.join("notes.png")).expect("read"), b"my notes");
    // The format must be known from the extension.
    let out = p.run(cwd, &["show", "--scenario", "ec", "--out", "board.jpg"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn every_command_on_one_game_takes_game() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, _bob, id) = joined_duel(cwd, "standard", "casual");
    let short = &id[..8];
    for args in [
        &["status", "--game", short][..],
        &["moves", "--game", short],
        &["log", "--game", short],
        &["verify", "--game", short],
        &["undo", "--game", short],
        &["do", "--game", short, "initiative"],
        &["send", "--game", short, "--out", "a1.grog"],
    ] {
        alice.ok(cwd, args);
    }
    // show: the flag, like the positional game (Duel has no board, so the refusal is the
    // ruleset's, not the argument's).
    let out = alice.run(cwd, &["show", "--game", short]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no picture"));
}

#[test]
fn receive_reads_the_own_outbox_and_send_mail_leaves_the_current_directory_alone() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, bob_line) = alice_and_bob(cwd);
    alice.ok(
        cwd,
        &[
            "new",
            "--ruleset",
            "duel",
            "--scenario",
            "standard",
            "--dice",
            "casual",
            "--opponent",
            &bob_line,
            "--out",
            "i.grog",
        ],
    );
    bob.ok(cwd, &["join", "i.grog"]);
    let work = cwd.join("work");
    std::fs::create_dir(&work).expect("dir");
    let sent = bob.json(&work, &["send", "--mail"]);
    assert!(files_in(&work).is_empty(), "nothing in the current directory: {:?}", files_in(&work));
    let kept = Path::new(sent["packet"].as_str().expect("packet path")).to_path_buf();
    assert!(kept.starts_with(bob.outbox()) && kept.exists(), "{kept:?}");
    let text = bob.ok(&work, &["send", "--mail"]);
    assert!(text.contains("outbox"), "it says where the packet is kept: {text}");
    // Bob's own outbox: his own entries are already known, nothing is refused.
    let own = bob.json(cwd, &["receive", bob.outbox().to_str().expect("utf-8")]);
    assert_eq!(own["ok"], true, "{own}");
    // Alice reads it as a folder of mails and packets.
    alice.ok(cwd, &["receive", bob.outbox().to_str().expect("utf-8")]);
    assert_eq!(alice.json(cwd, &["status"])["players"][1]["joined"], true);
}

#[test]
fn an_opponent_file_may_hold_what_whoami_prints_but_only_one_key() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let alice = Player::new(cwd.join("a"), "alice");
    let bob = Player::new(cwd.join("b"), "bob");
    alice.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    bob.ok(cwd, &["keygen", "--name", "Bob", "--email", "bob@example.org"]);
    // `grognard whoami > bob.pub`, as the README suggests: the listing line, then the key.
    std::fs::write(cwd.join("bob.pub"), bob.ok(cwd, &["whoami"])).expect("write");
    alice
        .ok(cwd, &["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", "bob.pub", "--out", "inv.grog"]);
    // Two identities in one file: which one is meant is not guessed.
    bob.ok(cwd, &["keygen", "--name", "Robert", "--email", "robert@example.org"]);
    std::fs::write(cwd.join("both.pub"), bob.ok(cwd, &["whoami"])).expect("write");
    let out = alice.run(cwd, &["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", "both.pub"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("holds 2 public keys") && err.contains("whoami --as"), "{err}");
}
