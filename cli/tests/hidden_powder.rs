//! Hidden information through the `grognard` program: in Duel's `powder` scenario a prime is
//! concealed (tests/duel/RULES.md, rule 8.2). Its size never reaches the opponent's packet,
//! mail, status or log until its charge is fired and opened (8.4), and the game ends with
//! every concealed command opened and verified.

use crate::common;

use common::{exchange, joined_duel, outgoing, Player};
use serde_json::Value;
use std::path::Path;

/// The first player (Alice 0, Bob 1) who owes something now, by Alice's status, and what:
/// the kind of decision (`"command"`, `"dice"`, `"choice"`), or what the protocol owes
/// (`"seal"`...).
fn deciding(a: &Player, cwd: &Path) -> Option<(u64, String)> {
    let status = a.json(cwd, &["status"]);
    let w = status["waiting"].as_array()?.first()?.clone();
    let kind = if w["owes"]["kind"] == "decide" { &w["owes"]["pending"]["kind"] } else { &w["owes"]["kind"] };
    Some((w["player"].as_u64().unwrap_or(9), kind.to_string()))
}

#[test]
fn rule_8_2_a_concealed_prime_stays_hidden_from_the_opponent_until_rule_8_4_opens_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, _) = joined_duel(cwd, "powder", "fair");
    let players = [&alice, &bob];
    let mut n = 0;
    alice.ok(cwd, &["do", "initiative"]);
    exchange(&alice, &bob, cwd, &mut n, 1);
    alice.ok(cwd, &["do", "stance", "guard"]);
    bob.ok(cwd, &["do", "stance", "guard"]);
    exchange(&alice, &bob, cwd, &mut n, 2);
    let (mut actor, mut kind) = deciding(&alice, cwd).expect("someone acts");
    if kind == "\"choice\"" {
        // An initiative 6: the bonus first (6.1).
        players[actor as usize].ok(cwd, &["do", "bonus", "bandage"]);
        exchange(&alice, &bob, cwd, &mut n, 1);
        (actor, kind) = deciding(&alice, cwd).expect("someone acts");
    }
    assert_eq!(kind, "\"command\"");
    let (primer, other) = (players[actor as usize], players[1 - actor as usize]);
    let staged = primer.ok(cwd, &["do", "prime", "2"]);
    assert!(staged.contains("2 grains"), "the primer sees its own charge: {staged}");
    exchange(primer, other, cwd, &mut n, 1);

    // Nothing the primer sent shows the size of the charge.
    let sent = outgoing(primer, cwd);
    assert!(sent.contains("\"public\":\"primed\""), "the concealed command travelled");
    for secret in ["\"grains\"", "charge of 2", "powder 4 grains", "prime 2"] {
        assert!(!sent.contains(secret), "a packet or mail of the primer shows `{secret}`");
    }
    assert!(sent.contains(": prime ?"), "the mail tells the prime as the others see it");
    // The opponent sees a charge, not its size, in status, log and their JSON.
    let status = other.ok(cwd, &["status"]);
    assert!(status.contains("a concealed charge primed"), "{status}");
    for args in [&["log", "--json"][..], &["status", "--json"][..], &["log"][..]] {
        let out = other.ok(cwd, args);
        assert!(!out.contains("grains\":2") && !out.contains("of 2 grains"), "{args:?}: {out}");
    }
    // The primer's own log shows the charge; the page they export to share does not.
    let own = primer.ok(cwd, &["log"]);
    assert!(own.contains("prime 2"), "{own}");
    primer.ok(cwd, &["export-html", "--out", "page.html"]);
    let page = std::fs::read_to_string(cwd.join("page.html")).expect("the page");
    for secret in ["prime 2", "charge of 2", "powder 4 grains"] {
        assert!(!page.contains(secret), "the exported page shows `{secret}`");
    }
    let verified = other.ok(cwd, &["verify"]);
    assert!(verified.contains("1 of 1 concealed commands are still closed"), "{verified}");

    // The primer fires at the next turn: the charge is opened with the fire.
    for _ in 0..12 {
        let Some((p, kind)) = deciding(&alice, cwd) else { break };
        let who = players[p as usize];
        if std::ptr::eq(who, primer) && kind == "\"command\"" {
            break;
        }
        let command: &[&str] = match kind.as_str() {
            "\"dice\"" => &["do", "initiative"],
            "\"choice\"" => &["do", "bonus", "bandage"],
            "\"command\"" => &["do", "rest"],
            _ => &[],
        };
        if kind == "\"seal\"" {
            alice.ok(cwd, &["do", "stance", "guard"]);
            bob.ok(cwd, &["do", "stance", "guard"]);
        } else if !command.is_empty() {
            who.ok(cwd, command);
        }
        exchange(&alice, &bob, cwd, &mut n, 2);
    }
    let target = if std::ptr::eq(primer, &alice) { "1" } else { "0" };
    primer.ok(cwd, &["do", "fire", target]);
    exchange(primer, other, cwd, &mut n, 2);
    let log = other.ok(cwd, &["log"]);
    assert!(log.contains("opens concealed command #0: prime 2") && log.contains("+2 charge"), "{log}");
    let status: Value = other.json(cwd, &["status"]);
    assert!(!status["summary"].as_str().unwrap_or_default().contains("concealed charge"), "{status}");
}
