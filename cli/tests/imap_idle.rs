//! `grognard autoreply --imap --watch` through the real Dovecot of the mail tests: with IMAP
//! IDLE an automatic answer leaves as soon as the request arrives, not at the next reading
//! of the mailbox; a server that hides IDLE is read at intervals instead.
//!
//! Like `mail_servers.rs`, this needs Dovecot and aiosmtpd (installed by `.ci/run`) and root.

use crate::common;

use common::servers::{maildir_messages, start_mail_servers, MailServers, MailSettings, USERS};
use common::{joined_duel, Player};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long a test waits for `autoreply` before calling it hung. It bounds a broken test;
/// it is not a measure of speed (with IDLE the answer takes well under a second here).
const PATIENCE: Duration = Duration::from_secs(60);

/// Alice and Bob in a Duel with fair dice, both reading and sending mail through the
/// servers: Alice is to roll the initiative, which Bob must witness.
fn players(cwd: &Path, servers: &MailServers) -> (Player, Player) {
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    let alice = Player { password: Some(USERS[0].1), ..alice };
    let bob = Player { password: Some(USERS[1].1), ..bob };
    alice.configure_mail(cwd, "alice", servers.smtp_port, servers.imap_port);
    bob.configure_mail(cwd, "bob", servers.smtp_port, servers.imap_port);
    (alice, bob)
}

/// Alice makes her move (it needs dice) and mails it to Bob.
fn alice_rolls(alice: &Player, cwd: &Path) {
    let moves = alice.json(cwd, &["moves"]);
    let first = moves["moves"].as_array().and_then(|m| m.first()).and_then(Value::as_str).expect("a legal move");
    let mut args = vec!["do"];
    args.extend(first.split(' '));
    alice.ok(cwd, &args);
    alice.ok(cwd, &["send", "--mail", "--out", "alice-1.grog"]);
}

/// A running `grognard`, its standard error read line by line as it comes.
struct Running {
    child: Child,
    lines: mpsc::Receiver<String>,
    stderr: String,
}

impl Running {
    fn start(p: &Player, cwd: &Path, args: &[&str]) -> Running {
        let mut child =
            p.command(cwd, args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("start grognard");
        let stderr = child.stderr.take().expect("stderr");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Running { child, lines, stderr: String::new() }
    }

    /// Wait for a line of standard error that contains `text`.
    fn wait_for_line(&mut self, text: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.stderr.push_str(&line);
                    self.stderr.push('\n');
                    if line.contains(text) {
                        return line;
                    }
                }
                Err(_) => break,
            }
        }
        let _ = self.child.kill();
        panic!("no line with {text:?} on standard error: {}", self.stderr);
    }

    /// Wait for the process to end (killed and failed after `PATIENCE`).
    fn finish(mut self) -> Output {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if self.child.try_wait().expect("status").is_some() {
                break;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("autoreply did not end within {PATIENCE:?}: {}", self.stderr);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let mut stdout = Vec::new();
        if let Some(mut out) = self.child.stdout.take() {
            out.read_to_end(&mut stdout).expect("stdout");
        }
        let status = self.child.wait().expect("status");
        self.stderr.extend(self.lines.try_iter().map(|l| l + "\n"));
        Output { status, stdout, stderr: self.stderr.into_bytes() }
    }
}

#[test]
fn autoreply_answers_as_soon_as_the_request_arrives_by_imap_idle() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let servers = start_mail_servers(cwd, "");
    let (alice, bob) = players(cwd, &servers);
    let before = maildir_messages(&servers.mail.join("alice")).len();

    // Polling every 600 s would answer in ten minutes; IDLE answers at once.
    let mut watching = Running::start(&bob, cwd, &["autoreply", "--imap", "--watch", "600", "--rounds", "2"]);
    let line = watching.wait_for_line("by IDLE");
    assert!(line.contains("INBOX") && line.contains("600 s"), "{line}");

    alice_rolls(&alice, cwd);
    let delivered = Instant::now();
    // The answer is in Alice's Maildir once Bob's mail has gone through SMTP.
    let mut answered_after = None;
    while delivered.elapsed() < PATIENCE {
        if maildir_messages(&servers.mail.join("alice")).len() > before {
            answered_after = Some(delivered.elapsed());
            break;
        }
        if watching.child.try_wait().expect("status").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let out = watching.finish();
    let ended_after = delivered.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "autoreply failed: {stdout}{stderr}");
    assert_eq!(stdout.matches("answered with").count(), 1, "{stdout}{stderr}");
    let answered_after = answered_after.expect("Bob's answer reached Alice's mailbox");
    eprintln!(
        "from the request's delivery: answer delivered to Alice after {:.0} ms, autoreply ended after {:.0} ms",
        answered_after.as_secs_f64() * 1000.0,
        ended_after.as_secs_f64() * 1000.0
    );

    // Alice reads the answer: her roll is done, nothing is owed by Bob any more.
    let received = alice.json(cwd, &["receive", "--imap"]);
    assert_eq!(received["imported"].as_array().map(Vec::len), Some(1), "{received}");
    assert_eq!(received["refused"], Value::Array(Vec::new()), "{received}");
    assert_eq!(common::journal(&alice.home), common::journal(&bob.home));
    assert!(servers.imap.log_text().contains("Login: user=<bob>"));
}

#[test]
fn a_server_without_idle_is_read_at_intervals() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    // Dovecot's capabilities after login, IDLE left out.
    let servers = start_mail_servers(cwd, "imap_capability = IMAP4rev1 LITERAL+ SASL-IR ID ENABLE UIDPLUS NAMESPACE\n");
    let (alice, bob) = players(cwd, &servers);

    let mut watching = Running::start(&bob, cwd, &["autoreply", "--imap", "--watch", "1", "--rounds", "30"]);
    let line = watching.wait_for_line("by polling");
    assert!(line.contains("does not offer IDLE") && line.contains("every 1 s"), "{line}");
    alice_rolls(&alice, cwd);
    // Read at the next poll, within a second or two.
    let deadline = Instant::now() + PATIENCE;
    while alice.json(cwd, &["receive", "--imap"])["imported"].as_array().map_or(0, Vec::len) == 0 {
        assert!(Instant::now() < deadline, "no answer by polling");
        assert!(watching.child.try_wait().expect("status").is_none(), "autoreply ended early");
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = watching.child.kill();
    let out = watching.finish();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.matches("answered with").count(), 1, "{stdout}");
    assert_eq!(common::journal(&alice.home), common::journal(&bob.home));
}
