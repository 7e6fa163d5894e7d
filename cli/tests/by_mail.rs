//! Games by mail without a server: turn mails written by the directory transport are
//! delivered into the other player's mbox or Maildir, read back by `receive` and
//! `autoreply`, which answers dice requests with no human step.

use crate::common;

use common::{decide_and_mail, journal, Player};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

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

fn set_up(cwd: &Path) -> (Player, Player) {
    let alice = Player { inbox: cwd.join("alice.mbox"), ..Player::new(cwd.join("alice"), "alice") };
    let bob = Player { inbox: cwd.join("bob-maildir"), ..Player::new(cwd.join("bob"), "bob") };
    alice.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    let line = bob.json(cwd, &["keygen", "--name", "Bob", "--email", "bob@example.org"])["public_key"]
        .as_str()
        .expect("line")
        .to_string();
    let new = ["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", &line, "--out", "i.grog", "--mail"];
    alice.ok(cwd, &new);
    // Bob joins from the invitation mail itself.
    let invitation = std::fs::read_dir(alice.outbox()).expect("outbox").next().expect("a mail").expect("entry").path();
    let mail = std::fs::read_to_string(&invitation).expect("mail");
    assert!(mail.contains("to join") && mail.contains("Content-Type: application/x-grognard-packet"), "{mail}");
    bob.ok(cwd, &["join", invitation.to_str().expect("path")]);
    (alice, bob)
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
            decide_and_mail(p, cwd, &mut n);
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

/// Bob's join as a turn mail, and the alice/bob pair, ready for Alice to read it.
fn joined_by_mail(cwd: &Path) -> (Player, Player, String) {
    let (alice, bob) = set_up(cwd);
    bob.ok(cwd, &["send", "--mail", "--out", "bob-join.grog"]);
    let mail = std::fs::read_dir(bob.outbox()).expect("outbox").next().expect("a mail").expect("entry").path();
    let text = std::fs::read_to_string(mail).expect("mail");
    (alice, bob, text)
}

fn mbox_of(messages: &[String]) -> Vec<u8> {
    let mut out = Vec::new();
    for m in messages {
        out.extend_from_slice(b"From someone@localhost Sat Nov 21 06:00:00 2026\n");
        for line in m.replace("\r\n", "\n").lines() {
            if line.starts_with("From ") {
                out.push(b'>');
            }
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
        out.push(b'\n');
    }
    out
}

#[test]
fn bad_mail_is_refused_clearly_and_receive_goes_on() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, _bob, good) = joined_by_mail(cwd);
    let before = journal(&alice.home);

    // A truncated attachment: the mail cut in the middle of the packet.
    let cut = good.find("grognard-packet").map_or(good.len() / 2, |i| i + 200);
    let truncated = good[..cut.min(good.len())].to_string();
    // Malformed MIME: a multipart without its boundary.
    let malformed = "From: x@y\nContent-Type: multipart/mixed\n\n--nothing here\n".to_string();
    // A forged From: and a header injection attempt in the display name and subject, with a
    // packet of a game nobody here plays.
    let other_game = "grognard-packet v1 game=0123456789abcdef0123456789abcdef entries=0\n";
    let sum = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(other_game.as_bytes()));
    let forged = format!(
        "From: \"Bob =?utf-8?q?=0D=0ABcc:_all@example.org?=\" <bob@example.org>\nSubject: turn\r\n =?utf-8?q?=0D=0AX-Evil:_1?=\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b\"\n\n--b\nContent-Type: text/plain\n\nhello\n--b\nContent-Type: application/x-grognard-packet\nContent-Disposition: attachment; filename=\"../../../../tmp/grognard-evil.grog\"\n\n{other_game}end sha256={sum}\n--b--\n"
    );
    // Mail with no packet at all.
    let chatter = "From: bob@example.org\nSubject: hi\n\nSee you at Austerlitz.\n".to_string();
    let mbox = cwd.join("bad.mbox");
    std::fs::write(&mbox, mbox_of(&[truncated, malformed, forged, chatter])).expect("mbox");
    let out = alice.run(cwd, &["receive", mbox.to_str().expect("path")]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(1), "{stdout}{err}");
    assert!(err.contains("bad.mbox #1: refused: the attachment") && err.contains("truncated"), "{err}");
    assert!(err.contains("bad.mbox #2: refused: not a readable mail message"), "{err}");
    assert!(err.contains("bad.mbox #3: refused: no local game"), "the forged mail's packet is refused: {err}");
    assert!(stdout.contains("no Grognard packet; skipped"), "{stdout}");
    assert!(!err.contains('\r') && !stdout.contains("X-Evil:\n"), "no header injection reaches the terminal");
    assert!(!Path::new("/tmp/grognard-evil.grog").exists(), "attachment names are never paths");
    assert_eq!(journal(&alice.home), before, "nothing was written to the journal");

    // An oversized message.
    let big = cwd.join("big.eml");
    let mut huge = good.clone().into_bytes();
    huge.extend(std::iter::repeat_n(b'x', 33 * 1024 * 1024));
    std::fs::write(&big, huge).expect("big");
    let out = alice.run(cwd, &["receive", big.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("too large"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(journal(&alice.home), before);

    // The good mail after the bad ones in one mbox: the bad are refused, the good imported.
    let mixed = cwd.join("mixed.mbox");
    std::fs::write(&mixed, mbox_of(&["From: x@y\nContent-Type: multipart/mixed\n\n--z\n".into(), good])).expect("mbox");
    let out = alice.run(cwd, &["receive", mixed.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1), "one message was refused");
    assert_ne!(journal(&alice.home), before, "the good message was imported");
    assert_eq!(alice.json(cwd, &["status"])["entries"], 2);
}
