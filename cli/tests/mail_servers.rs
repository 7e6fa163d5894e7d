//! A whole game by mail through real servers on loopback: Dovecot serving IMAP from one
//! Maildir per user, and an aiosmtpd submission server (`tests/mail-servers/smtp.py`) that
//! requires a login and delivers into those Maildirs. Alice and Bob send with SMTP AUTH and
//! read with IMAP; `autoreply` answers dice requests with no human step.
//!
//! The servers are installed by `.ci/run` (Debian's `dovecot-imapd`, `aiosmtpd` from PyPI).
//! Without them this test fails, saying so: it never passes without having run.

use crate::common;

use common::servers::{mail_owner, maildir_messages, players_on, start_mail_servers, MailServers, USERS};
use common::{decide_and_mail, journal};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The SMTP server takes no mail before a login: `MAIL FROM` without AUTH gets 530.
fn smtp_requires_auth(port: u16) {
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("connect to SMTP");
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    let mut out = stream.try_clone().expect("clone");
    let mut reader = BufReader::new(stream);
    let mut reply = || {
        let mut all = String::new();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("an SMTP reply");
            all.push_str(&line);
            if line.len() < 4 || line.as_bytes()[3] != b'-' {
                return all;
            }
        }
    };
    assert!(reply().starts_with("220"));
    out.write_all(b"EHLO test\r\n").expect("EHLO");
    let ehlo = reply();
    assert!(ehlo.contains("AUTH") && ehlo.contains("PLAIN") && ehlo.contains("LOGIN"), "{ehlo}");
    out.write_all(b"MAIL FROM:<alice@example.org>\r\n").expect("MAIL");
    let refused = reply();
    assert!(refused.starts_with("530"), "mail without a login must be refused: {refused}");
    out.write_all(b"QUIT\r\n").expect("QUIT");
    let _ = reply();
}

#[test]
fn a_whole_game_through_real_smtp_and_imap_servers_on_loopback() {
    let started = Instant::now();
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let MailServers { mut smtp, smtp_port, mut imap, imap_port, mail } = start_mail_servers(cwd, "");
    smtp_requires_auth(smtp_port);
    eprintln!(
        "servers up in {:.1}s: SMTP 127.0.0.1:{smtp_port}, IMAP 127.0.0.1:{imap_port}, mail owned by {}",
        started.elapsed().as_secs_f64(),
        mail_owner().2
    );

    let (alice, bob, line) = players_on(cwd, smtp_port, imap_port);
    alice.ok(cwd, &["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", &line, "--out", "i.grog"]);
    bob.ok(cwd, &["join", "i.grog"]);

    // A wrong password is refused by both servers, and nothing is imported.
    let wrong = bob
        .command(cwd, &["send", "--mail", "--out", "bob-join-refused.grog"])
        .env("GROGNARD_SMTP_PASSWORD", "not-the-password")
        .output()
        .expect("run grognard");
    let err = String::from_utf8_lossy(&wrong.stderr);
    assert_eq!(wrong.status.code(), Some(1), "SMTP with a wrong password: {err}");
    assert!(err.contains(&format!("SMTP to 127.0.0.1:{smtp_port}")), "{err}");
    let wrong = alice
        .command(cwd, &["receive", "--imap"])
        .env("GROGNARD_IMAP_PASSWORD", "not-the-password")
        .output()
        .expect("run grognard");
    let err = String::from_utf8_lossy(&wrong.stderr);
    assert_eq!(wrong.status.code(), Some(1), "IMAP with a wrong password: {err}");
    assert!(err.contains("login refused"), "{err}");

    // Bob's join goes by mail; from here on everything does.
    bob.ok(cwd, &["send", "--mail", "--out", "bob-join.grog"]);
    let mut n = 0;
    let mut autoreplies = 0;
    let mut rounds = 0;
    for _ in 0..300 {
        rounds += 1;
        for p in [&alice, &bob] {
            // Reads the unseen mail over IMAP, imports it, answers reveals and openings by SMTP.
            let out = p.ok(cwd, &["autoreply", "--imap"]);
            autoreplies += out.matches("answered with").count();
            decide_and_mail(p, cwd, &mut n);
        }
        if !alice.json(cwd, &["status"])["over"].is_null() && !bob.json(cwd, &["status"])["over"].is_null() {
            break;
        }
        assert!(smtp.exited().is_none() && imap.exited().is_none(), "a server stopped");
    }
    assert!(!alice.json(cwd, &["status"])["over"].is_null(), "the game ended within {rounds} rounds");
    assert!(!bob.json(cwd, &["status"])["over"].is_null(), "the game ended for Bob too");
    assert!(autoreplies > 3, "dice were answered by autoreply: {autoreplies}");

    // The last mails may still be unread: read them.
    for p in [&alice, &bob] {
        p.ok(cwd, &["receive", "--imap"]);
    }
    assert_eq!(journal(&alice.home), journal(&bob.home), "both journals end byte-identical");
    for p in [&alice, &bob] {
        assert_eq!(p.json(cwd, &["verify"])["ok"], true, "{} verifies", p.name);
        // Every message was marked seen on the server: nothing is fetched again.
        let again = p.json(cwd, &["receive", "--imap"]);
        assert_eq!(again["imported"], Value::Array(Vec::new()), "{}: {again}", p.name);
        assert_eq!(again["refused"], Value::Array(Vec::new()), "{}: {again}", p.name);
        assert_eq!(again["skipped_without_packet"], 0, "{}: {again}", p.name);
    }

    // What the servers saw: every mail went through SMTP with a login, and Dovecot stored
    // each one with the \Seen flag (maildir flag S) once imported.
    let smtp_log = smtp.log_text();
    let delivered = smtp_log.lines().filter(|l| l.contains(" delivered from ")).count();
    assert!(
        smtp_log
            .lines()
            .filter(|l| l.contains(" delivered from "))
            .all(|l| l.contains("(login alice)") || l.contains("(login bob)")),
        "{smtp_log}"
    );
    let mut stored = 0;
    for (user, _) in USERS {
        for (in_new, name) in maildir_messages(&mail.join(user)) {
            assert!(
                !in_new && name.rsplit_once(":2,").is_some_and(|(_, flags)| flags.contains('S')),
                "{user}: {name} not seen"
            );
            stored += 1;
        }
    }
    assert_eq!(stored, delivered, "every delivered mail is in a Maildir");
    assert_eq!(delivered, 1 + n + autoreplies, "the join, {n} turn mails and {autoreplies} automatic answers");
    let dovecot_log = imap.log_text();
    for (user, _) in USERS {
        assert!(dovecot_log.contains(&format!("Login: user=<{user}>, method=PLAIN")), "{dovecot_log}");
    }
    eprintln!(
        "{rounds} rounds, {n} turn mails and {autoreplies} automatic answers ({delivered} mails in all) in {:.1}s",
        started.elapsed().as_secs_f64()
    );
    drop(imap);
    drop(smtp);
}
