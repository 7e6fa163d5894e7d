//! The match archive through the program: a whole Duel game played between two homes, then
//! archived, listed, searched, shown, verified and exported; re-adding, another history,
//! two processes at once, a damaged archive file and inputs past the limits.

use crate::common;

use common::{at_once, copy_tree, decide, game_dir, joined_duel, Player};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

/// Make every decision `p` owes (the first legal command), then send; the packet, if any.
fn act(p: &Player, cwd: &Path, n: &mut usize) -> Option<PathBuf> {
    decide(p, cwd);
    *n += 1;
    let out = format!("{}-{n}.grog", p.name);
    let sent = p.json(cwd, &["send", "--out", &out]);
    (!sent["packet"].is_null()).then(|| cwd.join(out))
}

/// A refusal: exit status 1 (2 for usage), a JSON error with its code, and no panic.
fn refused(out: &Output, code: &str) -> Value {
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_ne!(out.status.code(), Some(101), "a panic: {}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_str(stdout.lines().next().unwrap_or("null")).expect("JSON refusal");
    assert_eq!(v["ok"], false, "{v}");
    assert_eq!(v["error"], code, "{v}");
    assert_eq!(out.status.code(), Some(if code == "usage" { 2 } else { 1 }), "{v}");
    v
}

struct Played {
    _tmp: tempfile::TempDir,
    cwd: PathBuf,
    alice: Player,
    bob: Player,
    id: String,
    /// Alice's journal after her first decision, before the game went on.
    early: PathBuf,
    /// A copy of Alice's home taken just before that decision: it signs it again in its own
    /// way, and so holds another history of the same game.
    fork: Player,
    /// The finished game's journal, as a file.
    last: PathBuf,
    /// What `receive` printed, in order.
    received: Vec<String>,
}

/// Alice and Bob play a whole game of Duel with fair dice, by packet files.
fn play() -> Played {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path().to_path_buf();
    let (alice, bob, id) = joined_duel(&cwd, "standard", "fair");
    let fork = Player::new(cwd.join("fork"), "fork");
    copy_tree(&alice.home, &fork.home);
    let mut n = 0;
    let mut to_bob: Vec<PathBuf> = act(&alice, &cwd, &mut n).into_iter().collect();
    let early = cwd.join("early.journal");
    std::fs::copy(game_dir(&alice.home).join("journal"), &early).expect("copy journal");
    let mut to_alice: Vec<PathBuf> = Vec::new();
    let mut received = Vec::new();
    for _ in 0..200 {
        for packet in to_bob.drain(..) {
            received.push(bob.ok(&cwd, &["receive", "--no-answer", packet.to_str().expect("path")]));
        }
        to_alice.extend(act(&bob, &cwd, &mut n));
        for packet in to_alice.drain(..) {
            received.push(alice.ok(&cwd, &["receive", "--no-answer", packet.to_str().expect("path")]));
        }
        to_bob.extend(act(&alice, &cwd, &mut n));
        for packet in to_bob.drain(..) {
            received.push(bob.ok(&cwd, &["receive", "--no-answer", packet.to_str().expect("path")]));
        }
        let over = |p: &Player| !p.json(&cwd, &["status"])["over"].is_null();
        if over(&alice) && over(&bob) && common::journal(&alice.home) == common::journal(&bob.home) {
            break;
        }
    }
    assert!(!alice.json(&cwd, &["status"])["over"].is_null(), "the game ended");
    assert_eq!(common::journal(&alice.home), common::journal(&bob.home), "both copies agree");
    let last = cwd.join("last.journal");
    std::fs::copy(game_dir(&alice.home).join("journal"), &last).expect("copy journal");
    Played { _tmp: tmp, cwd, alice, bob, id, early, fork, last, received }
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

fn archive_file(p: &Player) -> PathBuf {
    p.home.join("archive.sqlite")
}

#[test]
fn a_finished_game_is_archived_searched_shown_verified_and_exported() {
    let g = play();
    let (cwd, alice, bob) = (&g.cwd, &g.alice, &g.bob);
    let short = &g.id[..8];

    // The game's end is met by an offer to archive it, in text only.
    let offer = format!("`grognard archive add {short}`");
    assert!(g.received.iter().any(|r| r.contains(&offer)), "receive offers the archive: {:?}", g.received.last());
    assert!(alice.ok(cwd, &["status"]).contains(&offer));
    assert_eq!(alice.json(cwd, &["status"])["archived"], false);
    assert!(!archive_file(alice).exists(), "looking creates no archive");

    // Alice archives her game by a prefix of its id.
    let added = alice.json(cwd, &["archive", "add", &g.id[..6]]);
    assert_eq!(added["added"], "new", "{added}");
    let entries = std::fs::read_to_string(&g.last).expect("journal").lines().count() as u64;
    assert_eq!(added["entries"], entries);
    assert!(!alice.ok(cwd, &["status"]).contains("archive add"), "no offer once archived");
    assert_eq!(alice.json(cwd, &["status"])["archived"], true);
    // Her only game is the one `archive add` takes when none is named.
    assert_eq!(alice.json(cwd, &["archive", "add"])["added"], "unchanged");

    let list = alice.json(cwd, &["archive", "list"]);
    let matches = list["matches"].as_array().expect("matches");
    assert_eq!(matches.len(), 1, "{list}");
    let m = &matches[0];
    assert_eq!(m["game"], g.id.as_str());
    assert_eq!(
        (m["ruleset"].as_str(), m["scenario"].as_str(), m["dice"].as_str()),
        (Some("duel"), Some("standard"), Some("fair"))
    );
    assert_eq!(m["over"], true);
    assert_eq!(m["all_opened"], true);
    assert_eq!(m["entries"], entries);
    assert!(m["last_arrival"].is_u64(), "a game of this machine knows when its last entry came: {m}");
    let status = alice.json(cwd, &["status"]);
    assert_eq!(m["result"], status["over"]["result"]);
    let names: Vec<&str> =
        m["players"].as_array().expect("players").iter().filter_map(|p| p["name"].as_str()).collect();
    assert_eq!(names, ["Alice", "Bob"]);
    let winners: Vec<u64> =
        status["over"]["winners"].as_array().expect("winners").iter().filter_map(Value::as_u64).collect();
    assert_eq!(m["winners"], serde_json::json!(winners));
    let commands = m["commands"].as_u64().expect("commands");
    assert!(commands > 2 && commands < entries, "{m}");
    let text = alice.ok(cwd, &["archive", "list"]);
    assert!(
        text.contains(short)
            && text.contains("Alice [red]")
            && text.contains(" v Bob [blue]")
            && text.contains("result:"),
        "{text}"
    );

    // Searches: each condition alone, then together.
    let found = |args: &[&str]| -> usize {
        let mut a = vec!["archive", "search"];
        a.extend_from_slice(args);
        alice.json(cwd, &a)["matches"].as_array().expect("matches").len()
    };
    let fingerprint = m["players"][1]["fingerprint"].as_str().expect("fingerprint");
    // The day it was added, as the listing shows it and search takes it.
    let today = text.lines().next().and_then(|l| l.split_whitespace().nth(1)).expect("a date").to_string();
    let result = m["result"].as_str().expect("result");
    assert_eq!(found(&[]), 1);
    assert_eq!(found(&["--player", "ali"]), 1);
    assert_eq!(found(&["--player", "bob@example.org"]), 1);
    assert_eq!(found(&["--player", &fingerprint[..9]]), 1);
    assert_eq!(found(&["--player", "Murat"]), 0);
    assert_eq!(found(&["--ruleset", "duel", "--scenario", "standard"]), 1);
    assert_eq!(found(&["--ruleset", "fnc"]), 0);
    assert_eq!(found(&["--result", &result[2..result.len() - 1]]), 1);
    assert_eq!(found(&["--result", "no such result"]), 0);
    for (seat, name) in names.iter().enumerate() {
        let won = winners.contains(&(seat as u64));
        assert_eq!(found(&["--winner", name]), usize::from(won), "{name} won: {won}");
    }
    assert_eq!(found(&["--over"]), 1);
    assert_eq!(found(&["--unfinished"]), 0);
    assert_eq!(found(&["--since", &today, "--until", &today]), 1);
    assert_eq!(found(&["--until", "2000-01-01"]), 0);
    assert_eq!(found(&["--since", "9999-12-31"]), 0);
    let c = commands.to_string();
    let c1 = (commands + 1).to_string();
    assert_eq!(found(&["--min-commands", &c, "--max-commands", &c]), 1);
    assert_eq!(found(&["--min-commands", &c1]), 0);
    assert_eq!(
        found(&["--player", "alice", "--ruleset", "duel", "--over", "--max-commands", &c, "--since", &today]),
        1
    );
    assert_eq!(found(&["--player", "alice", "--ruleset", "fnc"]), 0, "conditions combine with AND");
    let bad = refused(&alice.run(cwd, &["archive", "search", "--since", "2025-02-30", "--json"]), "usage");
    assert!(bad["message"].as_str().expect("message").contains("YYYY-MM-DD"), "{bad}");
    let long = "x".repeat(300);
    refused(&alice.run(cwd, &["archive", "search", "--player", &long, "--json"]), "too-large");

    // The story, replayed from the archive alone, is the game's log.
    let shown = alice.json(cwd, &["archive", "show", &g.id[..5]]);
    assert_eq!(shown["log"], alice.json(cwd, &["log"])["log"]);
    assert_eq!(shown["game"], g.id.as_str());
    let story = alice.ok(cwd, &["archive", "show", short]);
    let log = alice.ok(cwd, &["log"]);
    assert!(story.contains("Story:\n") && story.ends_with(&log), "{story}");
    assert!(story.contains(&format!("Result: {result}")), "{story}");

    let verified = alice.json(cwd, &["archive", "verify"]);
    assert_eq!(verified["ok"], true);
    assert_eq!(verified["checked"][0]["entries"], entries);
    assert!(alice.ok(cwd, &["archive", "verify", short]).starts_with("OK "));

    // The exported journal is the game's journal, and `grognard verify` accepts it.
    let out = cwd.join("exported.journal");
    alice.ok(cwd, &["archive", "export", short, "--out", path(&out)]);
    assert_eq!(std::fs::read(&out).expect("export"), std::fs::read(&g.last).expect("journal"));
    let v = bob.json(cwd, &["verify", "--file", path(&out)]);
    assert_eq!((v["ok"].as_bool(), v["result"].as_str()), (Some(true), Some(result)));
    refused(&alice.run(cwd, &["archive", "export", short, "--out", path(&out), "--json"]), "usage");

    // Unknown games are refused by name.
    refused(&alice.run(cwd, &["archive", "show", "ffffffff", "--json"]), "not-archived");
    refused(&alice.run(cwd, &["archive", "show", "not-hex", "--json"]), "usage");
    refused(&bob.run(cwd, &["archive", "show", short, "--json"]), "not-archived");
    assert_eq!(bob.json(cwd, &["archive", "verify"])["checked"], serde_json::json!([]), "no archive: nothing to check");
    refused(&alice.run(cwd, &["archive", "add", "0000ffff", "--json"]), "no-game");
}

#[test]
fn one_history_per_game_extended_never_replaced() {
    let g = play();
    let (cwd, bob) = (&g.cwd, &g.bob);

    // Bob archives the journal as it stood early on, from a file: not over, no arrival known.
    let early = bob.json(cwd, &["archive", "add", path(&g.early)]);
    assert_eq!(early["added"], "new", "{early}");
    let m = &bob.json(cwd, &["archive", "list"])["matches"][0];
    assert_eq!((m["over"].as_bool(), m["last_arrival"].is_null()), (Some(false), true), "{m}");
    assert!(bob.ok(cwd, &["status"]).contains("holds an earlier journal"), "the offer says the archive is behind");

    // The same journal again changes nothing; the finished one extends it.
    assert_eq!(bob.json(cwd, &["archive", "add", path(&g.early)])["added"], "unchanged");
    let text = bob.ok(cwd, &["archive", "add", &g.id[..8]]);
    assert!(text.contains("is replaced by this one") && text.contains("which extends it"), "{text}");
    let m = &bob.json(cwd, &["archive", "list"])["matches"][0];
    assert_eq!(m["over"], true);
    assert!(m["replaced_at"].is_i64(), "{m}");
    assert_eq!(m["added_at"], early_added(&early, m), "the first time it was added is kept");

    // An older journal is refused, and the archive keeps the longer one.
    let older = refused(&bob.run(cwd, &["archive", "add", path(&g.early), "--json"]), "archive-older");
    assert!(older["message"].as_str().expect("message").contains("longer journal"), "{older}");

    // Another history of the same game: the copy of Alice's home signs her first decision
    // again (with a fresh nonce, so another entry). It verifies alone, and is refused.
    let mut n = 100;
    act(&g.fork, cwd, &mut n).expect("the copy signs");
    let fork_journal = game_dir(&g.fork.home).join("journal");
    assert_eq!(g.fork.json(cwd, &["verify", "--file", path(&fork_journal)])["ok"], true);
    let before = std::fs::read(archive_file(bob)).expect("archive");
    let other = refused(&bob.run(cwd, &["archive", "add", path(&fork_journal), "--json"]), "archive-other-history");
    assert!(other["hint"].as_str().expect("hint").contains("archive export"), "{other}");
    assert_eq!(bob.json(cwd, &["archive", "verify"])["checked"][0]["entries"], m["entries"]);
    assert_eq!(std::fs::read(archive_file(bob)).expect("archive"), before, "a refusal leaves the file as it was");

    // A journal that does not verify is refused before the archive is opened.
    let mut bytes = std::fs::read(&g.last).expect("journal");
    let at = bytes.len() / 2;
    bytes[at] = if bytes[at] == b'0' { b'1' } else { b'0' };
    let tampered = cwd.join("tampered.journal");
    std::fs::write(&tampered, bytes).expect("write");
    let fresh = Player::new(cwd.join("fresh"), "fresh");
    let out = fresh.run(cwd, &["archive", "add", path(&tampered), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(v["message"].as_str().expect("message").starts_with("verification failed"), "{v}");
    assert!(!archive_file(&fresh).exists());
}

fn early_added(early: &Value, m: &Value) -> Value {
    // `add` does not print the time; the first add is the only one before the replacement.
    assert_eq!(early["game"], m["game"]);
    let added = m["added_at"].as_i64().expect("added_at");
    assert!(added <= m["replaced_at"].as_i64().expect("replaced_at"));
    m["added_at"].clone()
}

#[test]
fn adds_at_once_damage_and_limits() {
    let g = play();
    let cwd = &g.cwd;

    // Three processes add the same journal to a new archive at once: one adds it, the
    // others find it there; none fails, and the archive holds it once.
    let carol = Player::new(cwd.join("carol"), "carol");
    let add = |p: &Player, what: &Path| {
        let mut c = p.command(cwd, &["archive", "add", path(what), "--json"]);
        c.current_dir(cwd);
        c
    };
    let outs = at_once(vec![add(&carol, &g.last), add(&carol, &g.last), add(&carol, &g.last)]);
    let mut added: Vec<String> = outs
        .iter()
        .map(|o| {
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
            let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
            v["added"].as_str().expect("added").to_string()
        })
        .collect();
    added.sort();
    assert_eq!(added, ["new", "unchanged", "unchanged"]);
    // Readers and a refused writer at the same moment.
    let list = carol.command(cwd, &["archive", "list", "--json"]);
    let verify = carol.command(cwd, &["archive", "verify", "--json"]);
    let outs = at_once(vec![add(&carol, &g.early), list, verify]);
    refused(&outs[0], "archive-older");
    assert!(outs[1].status.success() && outs[2].status.success());
    assert_eq!(carol.json(cwd, &["archive", "list"])["matches"].as_array().map(Vec::len), Some(1));
    assert!(!carol.home.join("archive.sqlite-wal").exists(), "the log is folded in when the last one closes");
    let sound = std::fs::read(archive_file(&carol)).expect("archive");

    // A damaged archive is reported with its code, never used, and never a panic.
    let damaged = |name: &str, damage: &dyn Fn(&mut Vec<u8>)| -> Player {
        let p = Player::new(cwd.join(name), "damaged");
        std::fs::create_dir_all(&p.home).expect("home");
        let mut bytes = sound.clone();
        damage(&mut bytes);
        std::fs::write(archive_file(&p), bytes).expect("write");
        p
    };
    let garbage = damaged("garbage", &|b| {
        for (i, x) in b.iter_mut().enumerate() {
            *x = (i * 31 % 251) as u8;
        }
    });
    for args in [
        &["archive", "list", "--json"][..],
        &["archive", "verify", "--json"],
        &["archive", "add", path(&g.last), "--json"],
    ] {
        let v = refused(&garbage.run(cwd, args), "archive-damaged");
        assert!(v["hint"].as_str().expect("hint").contains(".damaged"), "{v}");
    }
    let text = garbage.run(cwd, &["archive", "list"]);
    assert!(String::from_utf8_lossy(&text.stderr).contains("is damaged"), "a clear message");
    let half = damaged("half", &|b| b.truncate(b.len() / 2));
    refused(&half.run(cwd, &["archive", "list", "--json"]), "archive-damaged");

    // A changed byte inside the stored journal: the file is sound, its digest says no.
    let journal = std::fs::read(&g.last).expect("journal");
    // A piece of an entry's record that lies within one page of the file.
    let at = journal
        .split(|&b| b == b'\n')
        .filter(|l| l.len() > 170)
        .find_map(|l| sound.windows(30).position(|w| w == &l[140..170]))
        .expect("the journal is in the file");
    let changed = damaged("changed", &|b| b[at + 5] = if b[at + 5] == b'"' { b'\'' } else { b'"' });
    assert_eq!(changed.json(cwd, &["archive", "list"])["matches"].as_array().map(Vec::len), Some(1));
    let out = changed.run(cwd, &["archive", "verify", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!((v["ok"].as_bool(), v["error"].as_str()), (Some(false), Some("archive-damaged")), "{v}");
    assert_eq!(v["checked"][0]["error"], "archive-damaged", "{v}");
    assert!(v["checked"][0]["message"].as_str().expect("message").contains("SHA-256"), "{v}");
    let text = changed.run(cwd, &["archive", "verify"]);
    assert!(String::from_utf8_lossy(&text.stdout).starts_with("FAILED "), "{text:?}");
    refused(&changed.run(cwd, &["archive", "show", &g.id[..8], "--json"]), "archive-damaged");
    refused(&changed.run(cwd, &["archive", "export", &g.id[..8], "--out", "x.journal", "--json"]), "archive-damaged");
    assert!(!cwd.join("x.journal").exists());

    // A newer schema (SQLite's user_version, at byte 60 of the header) is refused.
    let newer = damaged("newer", &|b| b[60..64].copy_from_slice(&99i32.to_be_bytes()));
    let v = refused(&newer.run(cwd, &["archive", "list", "--json"]), "archive-newer");
    assert!(v["message"].as_str().expect("message").contains("schema version 99"), "{v}");

    // `status` is not stopped by a damaged archive: it just offers nothing.
    std::fs::copy(archive_file(&garbage), archive_file(&g.alice)).expect("copy");
    let status = g.alice.json(cwd, &["status"]);
    assert_eq!((status["ok"].as_bool(), status["archived"].is_null()), (Some(true), true), "{status}");

    // Inputs past the limits: a file larger than a journal may be (refused by its size,
    // not read), and more lines than a game may hold.
    let big = cwd.join("big.journal");
    std::fs::File::create(&big).expect("create").set_len(256 * 1024 * 1024 + 1).expect("sparse file");
    refused(&carol.run(cwd, &["archive", "add", path(&big), "--json"]), "too-large");
    let long = cwd.join("long.journal");
    std::fs::write(&long, "\n".repeat(100_001)).expect("write");
    refused(&carol.run(cwd, &["archive", "add", path(&long), "--json"]), "too-long");
    assert_eq!(carol.json(cwd, &["archive", "verify"])["ok"], true, "nothing changed");
}
