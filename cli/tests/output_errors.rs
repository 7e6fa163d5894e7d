//! Output that cannot be written never makes grognard panic (exit status 101): a closed
//! pipe ends the command quietly with status 141, after whatever it signed is durably in
//! the journal; a full disk is a clear error with status 1. Arguments that would trip an
//! assertion deeper down (a dice chain length out of range) are refused as usage errors.

use crate::common;

use common::{alice_and_bob, joined_duel, Player};
use std::path::Path;
use std::process::{Output, Stdio};

/// Run with standard output a pipe whose read end is closed before anything is written.
/// The read end is closed before the command starts, so the outcome never depends on which
/// of the two processes is quicker.
fn to_closed_pipe(p: &Player, cwd: &Path, args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    p.command(cwd, args).stdout(Stdio::from(writer)).stderr(Stdio::piped()).output().expect("run")
}

fn to_dev_full(p: &Player, cwd: &Path, args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    p.command(cwd, args).stdout(full).stderr(Stdio::piped()).output().expect("run")
}

fn joined(cwd: &Path) -> (Player, Player) {
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    (alice, bob)
}

#[test]
fn a_closed_pipe_ends_quietly_and_keeps_what_was_signed() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, _bob) = joined(cwd);
    // Every command that only reads, in text and in JSON.
    let reads: [&[&str]; 8] = [
        &["log"],
        &["status"],
        &["moves"],
        &["games"],
        &["scenarios"],
        &["whoami"],
        &["verify"],
        &["show", "--scenario", "ec", "--out", "ec.svg"],
    ];
    let json: Vec<Vec<&str>> = reads.iter().map(|a| [*a, &["--json"][..]].concat()).collect();
    for args in reads.iter().copied().chain(json.iter().map(Vec::as_slice)) {
        let out = to_closed_pipe(&alice, cwd, args);
        assert_eq!(
            out.status.code(),
            Some(141),
            "`grognard {}`: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stderr.is_empty(), "quietly: {}", String::from_utf8_lossy(&out.stderr));
    }
    // `do` signs a roll, then finds its output closed: the entry is in the journal.
    let before = alice.json(cwd, &["status"])["entries"].as_u64().expect("entries");
    let out = to_closed_pipe(&alice, cwd, &["do", "initiative"]);
    assert_eq!(out.status.code(), Some(141), "{}", String::from_utf8_lossy(&out.stderr));
    let after = alice.json(cwd, &["status"])["entries"].as_u64().expect("entries");
    assert_eq!(after, before + 1, "the signed command is kept");
    alice.ok(cwd, &["verify"]);
}

#[test]
fn a_full_disk_is_a_clear_error_and_loses_nothing() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, _bob) = joined(cwd);
    let journal = common::journal(&alice.home);
    for args in [&["log"][..], &["log", "--json"], &["status"], &["do", "initiative"]] {
        let out = to_dev_full(&alice, cwd, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "`grognard {}`: {err}", args.join(" "));
        assert!(err.contains("cannot write to standard output") && err.contains("space"), "{err}");
        assert!(err.contains("nothing in the game was lost"), "{err}");
    }
    // `do initiative` was signed before its output failed; nothing else changed.
    let now = common::journal(&alice.home);
    assert!(now.starts_with(&journal) && now.len() > journal.len());
    alice.ok(cwd, &["verify"]);
}

#[test]
fn a_dice_chain_length_out_of_range_is_refused() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, _bob, bob_line) = alice_and_bob(cwd);
    let new = |length: &str| {
        alice.run(
            cwd,
            &["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", &bob_line, "--chain-length", length],
        )
    };
    for bad in ["0", "15", "1000001", "4294967295"] {
        let out = new(bad);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--chain-length {bad}: {err}");
        assert!(err.contains("16 to 1000000"), "{err}");
    }
    assert!(!alice.home.join("games").exists(), "no game was made");
    for good in ["16", "1000"] {
        let out = new(good);
        assert!(out.status.success(), "--chain-length {good}: {}", String::from_utf8_lossy(&out.stderr));
    }
}
