//! Games by mail without a server: turn mails written by the directory transport are
//! delivered into the other player's mbox or Maildir, read back by `receive` and
//! `autoreply`, which answers dice requests with no human step.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct Player {
    home: PathBuf,
    name: &'static str,
    /// Where this player's incoming mail is delivered.
    inbox: PathBuf,
}

impl Player {
    fn run(&self, cwd: &Path, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_grognard"))
            .args(args)
            .current_dir(cwd)
            .env("GROGNARD_HOME", &self.home)
            .env_remove("GROGNARD_PASSPHRASE")
            .output()
            .expect("run grognard")
    }

    fn ok(&self, cwd: &Path, args: &[&str]) -> String {
        let out = self.run(cwd, args);
        assert!(
            out.status.success(),
            "{} `grognard {}` failed: {}{}",
            self.name,
            args.join(" "),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    }

    fn json(&self, cwd: &Path, args: &[&str]) -> Value {
        let mut a = args.to_vec();
        a.push("--json");
        let text = self.ok(cwd, &a);
        // autoreply prints one JSON document per line.
        serde_json::from_str(text.lines().next().unwrap_or("null")).expect("JSON output")
    }

    fn outbox(&self) -> PathBuf {
        self.home.join("outbox")
    }

    fn inbox_arg(&self) -> &str {
        self.inbox.to_str().expect("a UTF-8 path")
    }
}

/// Deliver one message: appended to an mbox (with `>From ` quoting), or into a Maildir's new/.
fn deliver(message: &[u8], to: &Player, n: usize) {
    if to.inbox.extension().is_some_and(|e| e == "mbox") {
        let mut mbox = std::fs::read(&to.inbox).unwrap_or_default();
        mbox.extend_from_slice(b"From grognard@localhost Sat Nov 21 06:00:00 2026\n");
        for line in String::from_utf8_lossy(message).replace("\r\n", "\n").lines() {
            if line.starts_with("From ") {
                mbox.push(b'>');
            }
            mbox.extend_from_slice(line.as_bytes());
            mbox.push(b'\n');
        }
        mbox.push(b'\n');
        std::fs::write(&to.inbox, mbox).expect("write mbox");
    } else {
        for sub in ["new", "cur", "tmp"] {
            std::fs::create_dir_all(to.inbox.join(sub)).expect("maildir");
        }
        std::fs::write(to.inbox.join("new").join(format!("{n:06}.grognard")), message).expect("deliver");
    }
}

/// Move every mail a player's outbox holds that was not moved yet to the other player.
fn post(from: &Player, to: &Player, posted: &mut BTreeSet<PathBuf>, count: &mut usize) {
    let Ok(dir) = std::fs::read_dir(from.outbox()) else { return };
    let mut files: Vec<PathBuf> = dir.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.sort();
    for f in files {
        if f.extension().is_some_and(|e| e == "eml") && posted.insert(f.clone()) {
            *count += 1;
            deliver(&std::fs::read(&f).expect("mail"), to, *count);
        }
    }
}

fn journal(home: &Path) -> Vec<u8> {
    let dir = std::fs::read_dir(home.join("games")).expect("games").next().expect("a game").expect("entry").path();
    std::fs::read(dir.join("journal")).expect("journal")
}

fn set_up(cwd: &Path) -> (Player, Player) {
    let alice = Player { home: cwd.join("alice"), name: "alice", inbox: cwd.join("alice.mbox") };
    let bob = Player { home: cwd.join("bob"), name: "bob", inbox: cwd.join("bob-maildir") };
    alice.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    let line = bob.json(cwd, &["keygen", "--name", "Bob", "--email", "bob@example.org"])["public_key"]
        .as_str()
        .expect("line")
        .to_string();
    alice.ok(cwd, &["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", &line, "--out", "i.grog"]);
    bob.ok(cwd, &["join", "i.grog"]);
    (alice, bob)
}

/// Make every decision a player owes (first legal move), then mail the packet.
fn decide(p: &Player, cwd: &Path, n: &mut usize) -> bool {
    let mut moved = false;
    for _ in 0..4 {
        let moves = p.json(cwd, &["moves"]);
        let Some(first) = moves["moves"].as_array().and_then(|m| m.first()).and_then(Value::as_str) else { break };
        let mut args = vec!["do"];
        args.extend(first.split(' '));
        p.ok(cwd, &args);
        moved = true;
    }
    if moved {
        *n += 1;
        p.ok(cwd, &["send", "--mail", "--out", &format!("{}-{n}.grog", p.name)]);
    }
    moved
}

#[test]
fn a_whole_game_by_mail_through_the_outbox_an_mbox_and_a_maildir() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob) = set_up(cwd);
    let (mut to_alice, mut to_bob) = (BTreeSet::new(), BTreeSet::new());
    let (mut count, mut n) = (0, 0);
    bob.ok(cwd, &["send", "--mail", "--out", "bob-join.grog"]);
    post(&bob, &alice, &mut to_alice, &mut count);
    let mut autoreplies = 0;
    for _ in 0..300 {
        for (p, other, posted) in [(&alice, &bob, &mut to_bob), (&bob, &alice, &mut to_alice)] {
            if p.inbox.exists() {
                // Reads the mail, imports it, answers reveals and openings by mail.
                let out = p.ok(cwd, &["autoreply", p.inbox_arg()]);
                autoreplies += out.matches("answered with").count();
            }
            decide(p, cwd, &mut n);
            post(p, other, posted, &mut count);
        }
        if !alice.json(cwd, &["status"])["over"].is_null() && !bob.json(cwd, &["status"])["over"].is_null() {
            break;
        }
    }
    assert!(!alice.json(cwd, &["status"])["over"].is_null(), "the game ended");
    assert!(autoreplies > 3, "dice were answered by autoreply: {autoreplies}");
    // The last mails may still be in flight: read them.
    alice.ok(cwd, &["receive", alice.inbox_arg()]);
    bob.ok(cwd, &["receive", bob.inbox_arg()]);
    assert_eq!(journal(&alice.home), journal(&bob.home), "both journals end byte-identical");
    for p in [&alice, &bob] {
        assert_eq!(p.json(cwd, &["verify"])["ok"], true);
    }
    // Maildir messages are marked seen once imported.
    let new = std::fs::read_dir(bob.inbox.join("new")).expect("new").count();
    assert_eq!(new, 0, "every imported message left new/");
    // Turn mails thread together and name the game.
    let mails: Vec<String> = std::fs::read_dir(alice.outbox())
        .expect("outbox")
        .filter_map(|e| e.ok())
        .map(|e| std::fs::read_to_string(e.path()).expect("mail"))
        .collect();
    let game = alice.json(cwd, &["status"])["game"].as_str().expect("id").to_string();
    for m in &mails {
        assert!(m.contains(&format!("In-Reply-To: <{game}@grognard.invalid>")), "{m}");
        assert!(m.contains("Subject: [Grognard duel/standard"), "{m}");
    }
}
