//! Crash safety of the everyday commands: `grognard do`, `send`, `receive`, `autoreply` and
//! `archive add`
//! killed with SIGKILL at moments spread over their whole run, `RUNS` times each, never
//! leave a journal that fails to verify or lacks a record it held, nor an archive that fails
//! its check; the next command reads the game at once, and the command run again finishes
//! the work (the packet sent again carries what the killed `send` signed).
//!
//! The players play games of Duel with fair dice, each move through these commands, a kill
//! in every one: a killed `do` is taken back with `undo` (or was signed, if it rolled), a
//! killed `send` is sent again, a killed `receive` received again; every other packet is
//! received by `autoreply` (which answers and mails the reply to the outbox) instead.
//! `GROGNARD_CRASH_RUNS` changes the number of runs: the default is a short run that keeps the
//! test suite quick; a long one (`GROGNARD_CRASH_RUNS=1000`) is run on demand.

mod common;

use common::{joined_duel, Player};
use serde_json::Value;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

const RUNS: usize = 60;

fn runs() -> usize {
    std::env::var("GROGNARD_CRASH_RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(RUNS)
}

/// A small deterministic generator for the delays.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

/// The complete records of a player's journal (a torn last line left out).
fn records(p: &Player) -> Vec<Vec<u8>> {
    let bytes = common::journal(&p.home);
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    bytes[..complete].split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(<[u8]>::to_vec).collect()
}

/// Run `args` and kill it after a delay drawn up to 1.5 times `typical` (it may have
/// finished by then); whether it had finished.
fn killed(p: &Player, cwd: &Path, args: &[&str], typical: Duration, rng: &mut Lcg) -> bool {
    let mut child = p.command(cwd, args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("start grognard");
    let micros = typical.as_micros() as u64;
    std::thread::sleep(Duration::from_micros(rng.below(micros + micros / 2 + 1)));
    let finished = child.try_wait().expect("try_wait").is_some();
    let _ = child.kill();
    let status = child.wait().expect("wait");
    assert_ne!(status.code(), Some(101), "`grognard {}` panicked", args.join(" "));
    finished
}

/// After a kill: the game opens and verifies, and every record it held is still there.
fn assert_sound(p: &Player, cwd: &Path, before: &[Vec<u8>], what: &str, run: usize) {
    let verify = p.run(cwd, &["verify"]);
    assert!(
        verify.status.success(),
        "run {run}, {what} killed: {}'s journal does not verify: {}{}",
        p.name,
        String::from_utf8_lossy(&verify.stdout),
        String::from_utf8_lossy(&verify.stderr)
    );
    let after = records(p);
    assert!(
        after.len() >= before.len() && after[..before.len()] == *before,
        "run {run}, {what} killed: {} lost records ({} before, {} after)",
        p.name,
        before.len(),
        after.len()
    );
}

/// How long `f` takes (the longest of its runs here: the caller times a real command).
fn timed(f: impl FnOnce()) -> Duration {
    let started = Instant::now();
    f();
    started.elapsed()
}

/// The first legal command of `p`, if it has one.
fn first_move(p: &Player, cwd: &Path) -> Option<String> {
    let moves = p.json(cwd, &["moves"]);
    moves["moves"].as_array().and_then(|m| m.first()).and_then(Value::as_str).map(str::to_string)
}

/// Counts of runs, and of runs that the kill interrupted.
#[derive(Default)]
struct Counts {
    runs: usize,
    interrupted: usize,
}

impl Counts {
    fn add(&mut self, finished: bool) {
        self.runs += 1;
        self.interrupted += usize::from(!finished);
    }
}

#[test]
fn do_send_receive_and_autoreply_killed_at_any_moment_lose_nothing_and_finish_when_run_again() {
    let want = runs();
    let (mut do_runs, mut send_runs, mut receive_runs) = (Counts::default(), Counts::default(), Counts::default());
    let mut autoreply_runs = Counts::default();
    let mut rng = Lcg(0x5eed_c4a5);
    let mut game = 0;
    let mut typical = [Duration::from_millis(40); 4];
    let all_done = |d: &Counts, s: &Counts, r: &Counts, a: &Counts| [d, s, r, a].iter().all(|c| c.runs >= want);
    while !all_done(&do_runs, &send_runs, &receive_runs, &autoreply_runs) {
        game += 1;
        let tmp = tempfile::tempdir().expect("tempdir");
        let cwd = tmp.path();
        let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
        let players = [&alice, &bob];
        let mut n = 0;
        for _ in 0..400 {
            if all_done(&do_runs, &send_runs, &receive_runs, &autoreply_runs) {
                break;
            }
            let Some((i, mv)) = players.iter().enumerate().find_map(|(i, p)| first_move(p, cwd).map(|m| (i, m))) else {
                break; // the game is over
            };
            let (me, other) = (players[i], players[1 - i]);
            let mut args = vec!["do"];
            args.extend(mv.split(' '));
            // `do`, killed; then taken back or kept, and played whole.
            let before = records(me);
            if do_runs.runs < want {
                do_runs.add(killed(me, cwd, &args, typical[0], &mut rng));
                assert_sound(me, cwd, &before, "do", do_runs.runs);
                let _ = me.run(cwd, &["undo"]);
            }
            if first_move(me, cwd).as_deref() == Some(mv.as_str()) {
                typical[0] = timed(|| {
                    me.ok(cwd, &args);
                });
            }
            // `send`, killed; then sent again: the packet carries everything.
            n += 1;
            let out = format!("{}-{game}-{n}.grog", me.name);
            let before = records(me);
            if send_runs.runs < want {
                send_runs.add(killed(me, cwd, &["send", "--out", &out], typical[1], &mut rng));
                assert_sound(me, cwd, &before, "send", send_runs.runs);
                let _ = std::fs::remove_file(cwd.join(&out));
            }
            typical[1] = timed(|| {
                me.ok(cwd, &["send", "--out", &out]);
            });
            if !cwd.join(&out).exists() {
                continue;
            }
            // `receive` or `autoreply`, killed; then run again.
            let auto = receive_runs.runs >= want || (n % 2 == 0 && autoreply_runs.runs < want);
            let (verb, counts, slot) =
                if auto { ("autoreply", &mut autoreply_runs, 3) } else { ("receive", &mut receive_runs, 2) };
            let before = records(other);
            if counts.runs < want {
                counts.add(killed(other, cwd, &[verb, &out], typical[slot], &mut rng));
                assert_sound(other, cwd, &before, verb, counts.runs);
            }
            typical[slot] = timed(|| {
                other.ok(cwd, &[verb, &out]);
            });
            // Both sides hold the same records once the packet is in.
            let answer = format!("{}-{game}-{n}-answer.grog", other.name);
            let sent = other.json(cwd, &["send", "--out", &answer]);
            if !sent["packet"].is_null() {
                me.ok(cwd, &["receive", &answer]);
            }
            let (mut mine, mut theirs) = (records(me), records(other));
            mine.sort();
            theirs.sort();
            assert_eq!(mine, theirs, "game {game}, packet {n}: the journals differ after the exchange");
        }
    }
    println!(
        "{game} games; do killed {} times ({} before it finished), send {} ({}), receive {} ({}), autoreply {} ({})",
        do_runs.runs,
        do_runs.interrupted,
        send_runs.runs,
        send_runs.interrupted,
        receive_runs.runs,
        receive_runs.interrupted,
        autoreply_runs.runs,
        autoreply_runs.interrupted
    );
    for c in [&do_runs, &send_runs, &receive_runs, &autoreply_runs] {
        assert!(c.interrupted > 0, "no kill came before the command finished: the delays are too long");
    }
}

#[test]
fn archive_add_killed_at_any_moment_leaves_an_archive_that_checks_and_finishes_when_run_again() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path();
    let (alice, _bob, _) = joined_duel(cwd, "standard", "fair");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/matches");
    let journals: Vec<String> = ["ec-general-bots", "rsw-general-bots"]
        .iter()
        .map(|m| example.join(m).join("journal").to_string_lossy().to_string())
        .collect();
    let typical = timed(|| {
        alice.ok(cwd, &["archive", "add", &journals[0]]);
    });
    let mut rng = Lcg(0xa5c4_17e5);
    let mut interrupted = 0;
    let want = runs();
    for run in 0..want {
        let journal = &journals[run % 2];
        if !killed(&alice, cwd, &["archive", "add", journal], typical, &mut rng) {
            interrupted += 1;
        }
        let check = alice.run(cwd, &["archive", "verify"]);
        assert!(
            check.status.success(),
            "run {run}: the archive does not check after a killed `archive add`: {}{}",
            String::from_utf8_lossy(&check.stdout),
            String::from_utf8_lossy(&check.stderr)
        );
        if run % 20 == 19 {
            alice.ok(cwd, &["archive", "add", journal]);
        }
    }
    alice.ok(cwd, &["archive", "add", &journals[1]]);
    let list = alice.json(cwd, &["archive", "list"]);
    let text = list.to_string();
    assert_eq!(list["matches"].as_array().map(Vec::len), Some(2), "both matches once each: {text}");
    println!("archive add killed {want} times ({interrupted} before it finished)");
    assert!(interrupted > 0, "no kill came before `archive add` finished");
}
