//! A French player turn of The Egyptian Campaign through the real SMTP and IMAP servers of
//! the mail tests: Alice (French) moves and declares four attacks in one batch (11.3) and
//! mails them; Bob (Ottoman) never types a command: `autoreply --imap --watch` answers his
//! reveals, losses and retreats by his standing orders. The wall time from Alice's mail to
//! her journal showing the battles resolved, and to the end of her player turn, is printed
//! (BENCHMARKS.md, "Mails per player turn").
//!
//! Like `mail_servers.rs`, this needs Dovecot and aiosmtpd (installed by `.ci/run`) and root.

use crate::common;

use common::servers::{maildir_messages, players_on, start_mail_servers};
use common::Player;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// How long the test waits for the turn before calling it hung (not a measure of speed).
const PATIENCE: Duration = Duration::from_secs(300);

const ATTACKS: [&str; 4] = [
    "attack fr-1-1,fr-1-2 1428",
    "attack fr-2-1,fr-2-2,fr-cav-1 1537",
    "attack fr-3-1,fr-3-2 2126",
    "attack fr-4-1,fr-4-2 1444",
];

/// The four-front position, from the French movement phase.
fn position() -> String {
    include_str!("../../engine/fnc/tests/fixtures/four_fronts_ec.txt").replace("phase random-events", "phase movement")
}

fn settings(p: &Player) {
    std::fs::write(p.home.join("settings.toml"), "[answer]\nautomatic = true\nmail = true\nrolls = true\n")
        .expect("settings");
}

/// Bob's autoreply, killed when dropped.
struct Watching(Child);

impl Drop for Watching {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn summary(p: &Player, cwd: &Path) -> String {
    p.json(cwd, &["status"])["summary"].as_str().unwrap_or("").to_string()
}

#[test]
fn a_player_turn_with_four_battles_by_mail_with_only_automatic_answers_from_the_defender() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let servers = start_mail_servers(cwd, "");
    let (alice, bob, line) = players_on(cwd, servers.smtp_port, servers.imap_port);
    settings(&alice);
    settings(&bob);
    std::fs::write(cwd.join("pos.txt"), position()).expect("position");
    alice.ok(cwd, &["new", "--ruleset", "fnc", "--position", "pos.txt", "--opponent", &line, "--out", "i.grog"]);
    bob.ok(cwd, &["join", "i.grog"]);
    for order in ["losses cheapest", "retreat toward 0948", "remove cheapest", "overstack strongest"] {
        bob.ok(cwd, &["orders", "--add", order]);
    }
    bob.ok(cwd, &["send", "--mail", "--out", "bob-join.grog"]);
    alice.ok(cwd, &["receive", "--imap"]);
    // Alice's own decisions outside the batch (the siege of El Arish may call for losses, a
    // retreat or an advance into the fortress, 12.x), answered by her standing orders: the dice
    // differ from run to run with the players' keys, so every branch must end the turn.
    for order in
        ["remove cheapest keep fr-fort,fr-siege", "losses cheapest keep fr-siege", "advance all", "retreat toward 3128"]
    {
        alice.ok(cwd, &["orders", "--add", order]);
    }

    // Bob only watches his mailbox from now on.
    let watching = Watching(
        bob.command(cwd, &["autoreply", "--imap", "--watch", "600"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start autoreply"),
    );
    let bob_sent_before = maildir_messages(&servers.mail.join("alice")).len();

    // Alice's player turn, typed once: the move that rings El Arish, then the batch.
    alice.ok(cwd, &["do", "move", "fr-cav-2", "3228"]);
    alice.ok(cwd, &["do", "end"]);
    let batch = format!("batch {} -- losses cheapest keep fr-siege; advance all; then end", ATTACKS.join("; "));
    alice.ok(cwd, &["do", &batch]);
    alice.ok(cwd, &["send", "--mail", "--out", "alice-turn.grog"]);
    let sent = Instant::now();

    // Alice reads her mail as it comes; her client answers what needs no decision.
    let (mut battles_after, mut turn_after) = (None, None);
    while sent.elapsed() < PATIENCE && turn_after.is_none() {
        alice.ok(cwd, &["receive", "--imap"]);
        let now = summary(&alice, cwd);
        if battles_after.is_none() && !now.contains("French Combat Phase") {
            battles_after = Some(sent.elapsed());
        }
        if now.contains("Ottoman") && now.lines().next().is_some_and(|l| l.contains("Ottoman")) {
            turn_after = Some(sent.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(watching);
    let battles_after = battles_after.expect("the battles were resolved");
    let turn_after =
        turn_after.unwrap_or_else(|| panic!("the French player turn did not end: {}", summary(&alice, cwd)));
    let log = alice.ok(cwd, &["log"]);
    let battles = log.matches("The French player attacks").count();
    assert_eq!(battles, 4, "{log}");
    assert!(log.contains("Siege of El Arish"), "{log}");
    if let Some(siege) = log.lines().find(|l| l.contains("Siege of El Arish")) {
        eprintln!("{}", siege.trim());
    }
    let bob_mails = maildir_messages(&servers.mail.join("alice")).len() - bob_sent_before;
    eprintln!(
        "from Alice's mail: battles resolved in her journal after {:.2} s, her player turn over after {:.2} s; \
         Bob's client mailed {bob_mails} automatic answers",
        battles_after.as_secs_f64(),
        turn_after.as_secs_f64()
    );
    assert!(bob_mails >= 1);
    // Bob typed nothing after his join: every entry of his since then was signed by autoreply.
    bob.ok(cwd, &["receive", "--imap", "--no-answer"]);
    alice.ok(cwd, &["send", "--mail", "--out", "alice-last.grog"]);
    bob.ok(cwd, &["receive", "--imap", "--no-answer"]);
    alice.ok(cwd, &["verify"]);
    bob.ok(cwd, &["verify"]);
}
