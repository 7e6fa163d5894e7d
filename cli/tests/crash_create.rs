//! Crash safety of creating and joining: `grognard new` and `grognard join` killed with
//! SIGKILL at moments spread over their whole run leave either no game or a complete, usable
//! one; never a game directory that blocks later commands. Their temporary directories are
//! hidden from listings and removed by a later command.

mod common;

use common::{alice_and_bob, Player};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

const RUNS: u32 = 60;

/// The visible game directories of a home.
fn games(p: &Player) -> BTreeSet<String> {
    let Ok(read) = std::fs::read_dir(p.home.join("games")) else { return BTreeSet::new() };
    read.map(|e| e.expect("entry").file_name().to_string_lossy().to_string()).filter(|n| !n.starts_with('.')).collect()
}

fn hidden(p: &Player) -> usize {
    let Ok(read) = std::fs::read_dir(p.home.join("games")) else { return 0 };
    read.filter(|e| e.as_ref().expect("entry").file_name().to_string_lossy().starts_with('.')).count()
}

fn spawn(p: &Player, cwd: &Path, args: &[&str]) -> Child {
    p.command(cwd, args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("start grognard")
}

/// How long a whole run of `args` takes (the longest of three).
fn duration(p: &Player, cwd: &Path, args: &[&str], undo: impl Fn()) -> Duration {
    (0..3)
        .map(|_| {
            let started = Instant::now();
            p.ok(cwd, args);
            let took = started.elapsed();
            undo();
            took
        })
        .max()
        .expect("three runs")
}

/// Kill the child after `delay` (if it is still running); whether it had finished.
fn kill_after(mut child: Child, delay: Duration) -> bool {
    std::thread::sleep(delay);
    let finished = child.try_wait().expect("try_wait").is_some();
    let _ = child.kill();
    child.wait().expect("wait");
    finished
}

/// The game must be whole: listed as usable, and its status readable.
fn assert_usable(p: &Player, cwd: &Path, id: &str, run: u32) {
    let status = p.run(cwd, &["status", "--game", id]);
    assert!(status.status.success(), "run {run}: game {id} is not usable: {}", String::from_utf8_lossy(&status.stderr));
}

fn assert_none_broken(p: &Player, cwd: &Path, run: u32) {
    let list = p.json(cwd, &["games"]);
    let broken: Vec<_> =
        list["games"].as_array().expect("games").iter().filter(|g| g.get("broken").is_some()).collect();
    assert!(broken.is_empty(), "run {run}: broken games: {broken:?}");
}

#[test]
fn new_and_join_killed_at_any_moment_leave_no_game_or_a_whole_one() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, bob_line) = alice_and_bob(cwd);
    let new_args = |out: &str| {
        ["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", &bob_line, "--out", out]
            .map(str::to_string)
            .to_vec()
    };
    // `new`: every run makes a new game id.
    let args = new_args("measure.grog");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let full = duration(&alice, cwd, &args, || {
        let _ = std::fs::remove_file(cwd.join("measure.grog"));
    });
    let (mut whole, mut none) = (0, 0);
    for run in 0..RUNS {
        let before = games(&alice);
        let out = format!("new-{run}.grog");
        let args = new_args(&out);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // Kill moments spread from the start to past the end of a whole run.
        let delay = full.mul_f64(f64::from(run % 20) / 18.0);
        kill_after(spawn(&alice, cwd, &args), delay);
        let fresh: Vec<String> = games(&alice).difference(&before).cloned().collect();
        assert!(fresh.len() <= 1, "run {run}: {fresh:?}");
        match fresh.first() {
            Some(id) => {
                assert_usable(&alice, cwd, id, run);
                whole += 1;
            }
            None => none += 1,
        }
    }
    assert_none_broken(&alice, cwd, RUNS);
    assert_eq!(hidden(&alice), 0, "`games` removed the temporary directories of killed runs");
    eprintln!("new killed {RUNS} times (a whole run takes {full:?}): {whole} whole games, {none} without a game");
    assert!(whole > 0 && none > 0, "the kills came both before and after the game was in place");

    // `join`: the same invitation again and again; a whole game is removed before the next run.
    alice.ok(cwd, &["new", "--ruleset", "duel", "--scenario", "standard", "--opponent", &bob_line, "--out", "i.grog"]);
    let forget = || {
        for id in games(&bob) {
            std::fs::remove_dir_all(bob.home.join("games").join(id)).expect("remove");
        }
    };
    let full = duration(&bob, cwd, &["join", "i.grog"], forget);
    let (mut whole, mut none) = (0, 0);
    for run in 0..RUNS {
        let delay = full.mul_f64(f64::from(run % 20) / 18.0);
        kill_after(spawn(&bob, cwd, &["join", "i.grog"]), delay);
        assert_none_broken(&bob, cwd, run);
        match games(&bob).into_iter().next() {
            Some(id) => {
                assert_usable(&bob, cwd, &id, run);
                whole += 1;
            }
            None => none += 1,
        }
        forget();
    }
    // A later join works and leaves no temporary directory behind.
    bob.ok(cwd, &["join", "i.grog"]);
    assert_eq!(hidden(&bob), 0);
    eprintln!("join killed {RUNS} times (a whole run takes {full:?}): {whole} whole games, {none} without a game");
    assert!(whole > 0 && none > 0, "the kills came both before and after the game was in place");
}
