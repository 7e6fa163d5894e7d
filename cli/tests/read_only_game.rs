//! A game directory the player may not write to: `do` (a command that rolls, signed at once),
//! `send` and `receive` fail with a clear error and status 1, and leave the journal exactly
//! as it was; `status` still reads the game. File modes do not stop root, so when the tests
//! run as root the commands run as the unprivileged user `nobody` (`setpriv`, util-linux),
//! with the home given to that user and the game directory and its files made read-only.

use crate::common;

use common::{joined_duel, Player};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const NOBODY: u32 = 65534;

fn is_root() -> bool {
    let out = Command::new("id").arg("-u").output().expect("id -u");
    String::from_utf8_lossy(&out.stdout).trim() == "0"
}

/// Run `grognard args` as `p`, as `nobody` when the tests run as root.
fn run(p: &Player, cwd: &Path, args: &[&str]) -> Output {
    let bin = env!("CARGO_BIN_EXE_grognard");
    let mut cmd = if is_root() {
        let mut c = Command::new("setpriv");
        c.args(["--reuid", &NOBODY.to_string(), "--regid", &NOBODY.to_string(), "--clear-groups", bin]);
        c
    } else {
        Command::new(bin)
    };
    cmd.args(args)
        .current_dir(cwd)
        .env("GROGNARD_HOME", &p.home)
        .env_remove("GROGNARD_PASSPHRASE")
        .stdin(Stdio::null())
        .output()
        .expect("run grognard (as root: setpriv from util-linux must be installed)")
}

/// Give `path` and everything under it to `nobody` (as root), so that only file modes decide.
fn give_to_nobody(path: &Path) {
    if !is_root() {
        return;
    }
    let status = Command::new("chown").args(["-R", &format!("{NOBODY}:{NOBODY}")]).arg(path).status().expect("chown");
    assert!(status.success());
}

/// Make the game directory and its files read-only (and readable).
fn read_only(dir: &Path) {
    for entry in std::fs::read_dir(dir).expect("the game directory") {
        let path = entry.expect("an entry").path();
        let mode = if path.is_dir() { 0o555 } else { 0o444 };
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).expect("chmod");
    }
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).expect("chmod the game directory");
}

fn assert_clear_failure(out: &Output, what: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{what}: status {:?}, {err}", out.status);
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert!(["ermission", "read-only", "cannot", "Cannot"].iter().any(|w| err.contains(w)), "{what}: {err}");
    println!("{what}: {}", err.trim_end());
}

#[test]
fn a_read_only_game_directory_is_a_clear_error_and_the_journal_is_untouched() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path();
    std::fs::set_permissions(cwd, std::fs::Permissions::from_mode(0o755)).expect("chmod the temp dir");
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    bob.ok(cwd, &["send", "--out", "b0.grog"]);
    give_to_nobody(cwd);
    let dir = common::game_dir(&alice.home);
    let before = common::journal(&alice.home);
    read_only(&dir);
    // A command that rolls is signed at once: it must write the journal.
    let out = run(&alice, cwd, &["do", "initiative"]);
    assert_clear_failure(&out, "do initiative");
    assert_eq!(common::journal(&alice.home), before, "the journal is as it was");
    let out = run(&alice, cwd, &["receive", "b0.grog"]);
    assert!(out.status.code() == Some(0) || out.status.code() == Some(1), "receive: {out:?}");
    assert_ne!(out.status.code(), Some(101));
    assert_eq!(common::journal(&alice.home), before, "the journal is as it was");
    let out = run(&alice, cwd, &["status"]);
    assert_ne!(out.status.code(), Some(101), "{}", String::from_utf8_lossy(&out.stderr));
    // Writable again, the same command goes through.
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).expect("chmod back");
    for entry in std::fs::read_dir(&dir).expect("the game directory") {
        let path = entry.expect("an entry").path();
        let mode = if path.is_dir() { 0o755 } else { 0o644 };
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).expect("chmod back");
    }
    let out = run(&alice, cwd, &["do", "initiative"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}
