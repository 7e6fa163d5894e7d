//! A full disk while writing: `grognard receive`, `send` (staged commands signed first), `do`
//! (a command that rolls, signed at once) and `archive add` run with a file size limit (RLIMIT_FSIZE, set by the shell's
//! `ulimit -f`, with SIGXFSZ ignored so that a write past it fails with EFBIG as a write to a
//! full disk fails with ENOSPC) that leaves no room after what their files hold: each fails with a clear
//! error and status 1, leaves the journal (or the archive) exactly as it was, and succeeds
//! when run again with room (the archive: what it held, checked). This needs no privilege (mounting a small file system would),
//! so it runs wherever the tests run, as root too.

use crate::common;

use common::{joined_duel, Player};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Run `grognard args` as `p` with files limited to `limit` bytes (rounded down to the
/// shell's 512-byte blocks).
fn with_limit(p: &Player, cwd: &Path, limit: u64, args: &[&str]) -> Output {
    let script = format!("trap '' XFSZ; ulimit -f {}; exec \"$0\" \"$@\"", limit / 512);
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_grognard"))
        .args(args)
        .current_dir(cwd)
        .env("GROGNARD_HOME", &p.home)
        .env_remove("GROGNARD_PASSPHRASE")
        .stdin(Stdio::null())
        .output()
        .expect("run grognard under a file size limit")
}

/// The command failed cleanly: status 1 (not a panic, not a signal), a message that says
/// what could not be written.
fn assert_clear_failure(out: &Output, what: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{what}: status {:?}, {err}", out.status);
    assert!(["too large", "No space", "cannot", "I/O error"].iter().any(|w| err.contains(w)), "{what}: {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
    println!("{what}: {}", err.trim_end());
}

/// No room after `file`'s bytes (the limit in whole 512-byte blocks, at most its size): any
/// byte appended goes past the limit; smaller files are written as usual.
fn no_room(file: &[u8]) -> u64 {
    file.len() as u64 / 512 * 512
}

#[test]
fn a_full_disk_while_receiving_sending_or_rolling_is_a_clear_error_and_the_journal_is_untouched() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path();
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    // `do` of a command that rolls: signed at once, so it writes the journal.
    let before = common::journal(&alice.home);
    let out = with_limit(&alice, cwd, no_room(&before), &["do", "initiative"]);
    assert_clear_failure(&out, "do initiative");
    assert_eq!(common::journal(&alice.home), before, "the journal is as it was");
    alice.ok(cwd, &["do", "initiative"]);
    // `send`: what the sending signs (owed reveals, staged commands) goes into the journal.
    alice.ok(cwd, &["send", "--out", "a1.grog"]);
    let before = common::journal(&bob.home);
    let out = with_limit(&bob, cwd, no_room(&before), &["receive", "a1.grog"]);
    assert_clear_failure(&out, "receive");
    assert_eq!(common::journal(&bob.home), before, "nothing was written to the journal");
    bob.ok(cwd, &["receive", "a1.grog"]);
    let after_receive = common::journal(&bob.home);
    assert!(after_receive.len() > before.len(), "received with room");
    for p in [&alice, &bob] {
        p.ok(cwd, &["verify"]);
    }
}

#[test]
fn a_full_disk_while_sending_staged_commands_is_a_clear_error_and_they_stay_staged() {
    // The Egyptian Campaign: the French player ends his movement phase (staged, no dice);
    // `send` signs it into the journal before writing the packet.
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path();
    let (alice, bob, bob_line) = common::alice_and_bob(cwd);
    let new = ["new", "--ruleset", "fnc", "--scenario", "ec-historical", "--dice", "fair", "--opponent", &bob_line];
    alice.ok(cwd, &[&new[..], &["--out", "i.grog"]].concat());
    bob.ok(cwd, &["join", "i.grog"]);
    bob.ok(cwd, &["send", "--out", "b.grog"]);
    alice.ok(cwd, &["receive", "b.grog"]);
    alice.ok(cwd, &["do", "end"]);
    assert_eq!(alice.json(cwd, &["status"])["next"]["action"], "stage-or-send");
    let before = common::journal(&alice.home);
    let failed = with_limit(&alice, cwd, no_room(&before), &["send", "--out", "a1.grog"]);
    assert_clear_failure(&failed, "send");
    assert_eq!(common::journal(&alice.home), before, "nothing was signed into the journal");
    assert!(!cwd.join("a1.grog").exists(), "no packet was written");
    assert_eq!(alice.json(cwd, &["status"])["next"]["action"], "stage-or-send", "the command is still staged");
    alice.ok(cwd, &["send", "--out", "a1.grog"]);
    bob.ok(cwd, &["receive", "a1.grog"]);
    for p in [&alice, &bob] {
        p.ok(cwd, &["verify"]);
    }
}

#[test]
fn a_full_disk_while_archiving_is_a_clear_error_and_the_archive_is_untouched() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path();
    let (alice, _bob, _) = joined_duel(cwd, "standard", "fair");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/matches");
    let ec = example.join("ec-general-bots/journal").to_string_lossy().to_string();
    let rsw = example.join("rsw-general-bots/journal").to_string_lossy().to_string();
    alice.ok(cwd, &["archive", "add", &ec]);
    let before = alice.json(cwd, &["archive", "list"]);
    // The new match's journal does not fit in 32 KiB, wherever the database writes it.
    let out = with_limit(&alice, cwd, 32 * 1024, &["archive", "add", &rsw]);
    assert_clear_failure(&out, "archive add");
    assert_eq!(alice.json(cwd, &["archive", "list"]), before, "the archive holds what it held");
    alice.ok(cwd, &["archive", "verify"]);
    alice.ok(cwd, &["archive", "add", &rsw]);
    let list = alice.json(cwd, &["archive", "list"]);
    assert_eq!(list["matches"].as_array().map(Vec::len), Some(2), "{list}");
}
