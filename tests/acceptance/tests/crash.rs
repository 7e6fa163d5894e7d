//! Crash safety: a writer killed at any moment leaves a journal that verifies and holds
//! every entry that was verified before.
//!
//! `append_loop` (a binary of this crate) plays both sides of a casual-dice marathon duel
//! and appends each entry through `Game::append_own`. The test kills it 200 times after a
//! varying delay, and between runs also simulates the torn write a crash in the middle of
//! an append leaves (a prefix of a record line without its newline).

use grognard_acceptance::{dice, rulesets, Table};
use grognard_journal::entry::DiceMode;
use grognard_journal::game::Game;
use grognard_journal::ids::EntryId;
use grognard_journal::store::TornTail;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 200;
/// Every this many runs, a torn write is added to the journal by hand.
const TEAR_EVERY: usize = 10;

/// Start `append_loop` on `dir` and wait until it has opened and verified the journal.
fn start_writer(dir: &Path) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_append_loop"))
        .arg(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start append_loop");
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().expect("stdout")).read_line(&mut line).expect("read stdout");
    if !line.starts_with("ready ") {
        let _ = child.kill();
        let _ = child.wait();
        panic!("append_loop did not start: {line:?} {}", stderr_of(&mut child));
    }
    child
}

fn stderr_of(child: &mut Child) -> String {
    let mut text = String::new();
    if let Some(mut err) = child.stderr.take() {
        let _ = err.read_to_string(&mut text);
    }
    text
}

/// SIGKILL the writer; it must still have been running.
fn kill(child: &mut Child, run: usize) {
    if let Some(status) = child.try_wait().expect("try_wait") {
        panic!("run {run}: append_loop stopped by itself ({status}): {}", stderr_of(child));
    }
    child.kill().expect("kill");
    child.wait().expect("wait");
}

fn newlines(path: &Path) -> usize {
    std::fs::read(path).expect("journal").iter().filter(|&&b| b == b'\n').count()
}

/// The journal must open and verify, and hold every entry seen before, in the same order.
fn check(dir: &Path, seen: &[EntryId], run: usize) -> (Vec<EntryId>, Option<TornTail>) {
    let game = Game::open(dir, &rulesets()).unwrap_or_else(|e| panic!("run {run}: the journal does not verify: {e}"));
    let ids: Vec<EntryId> = game.entries.iter().map(|e| e.id).collect();
    assert!(ids.len() >= seen.len(), "run {run}: {} entries, {} before: entries were lost", ids.len(), seen.len());
    assert_eq!(&ids[..seen.len()], seen, "run {run}: the entries verified before are no longer the same");
    (ids, game.torn_tail)
}

/// Append `bytes` to the journal file directly, as a write cut short by a crash would.
fn tear(path: &Path, bytes: &[u8]) {
    let mut file = std::fs::OpenOptions::new().append(true).open(path).expect("open journal");
    file.write_all(bytes).expect("write");
    file.sync_all().expect("sync");
}

#[test]
fn a_writer_killed_mid_append_200_times_never_loses_a_verified_entry() {
    let started = Instant::now();
    let table = Table::new("marathon", 2, dice(DiceMode::Casual, vec![]));
    let dir: PathBuf = table.seats[0].dir.clone();
    let journal = table.journal_path(0);
    let (mut seen, torn) = check(&dir, &[], 0);
    assert!(torn.is_none());
    let first = seen.len();
    // A torn tail added by hand and not yet cut by an append: (its offset, its bytes).
    let mut pending: Option<(u64, Vec<u8>)> = None;
    let (mut torn_added, mut torn_cut, mut runs_that_appended) = (0, 0, 0);
    let mut crash_torn = 0;
    for run in 1..=RUNS {
        let before = seen.len();
        let mut child = start_writer(&dir);
        if pending.is_some() {
            // Make sure this run gets at least one append in, so every torn tail added by
            // hand is cut before the next one is added.
            let lines = newlines(&journal);
            let deadline = Instant::now() + Duration::from_secs(20);
            while newlines(&journal) <= lines {
                assert!(Instant::now() < deadline, "run {run}: append_loop appended nothing in 20 s");
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        // 1 to 38 ms in a scrambled but fixed order, short ones more often: every run
        // verifies the whole journal twice, so it must not grow too long.
        let k = (run * 17) % 40;
        let delay = 1 + k * k * k / 1600;
        std::thread::sleep(Duration::from_millis(delay as u64));
        kill(&mut child, run);

        let (ids, torn) = check(&dir, &seen, run);
        if ids.len() > before {
            runs_that_appended += 1;
        }
        match (&pending, &torn) {
            (Some((offset, bytes)), Some(t)) if t.offset == *offset && t.bytes == *bytes => {
                assert_eq!(ids.len(), before, "run {run}: an append left a torn tail in place");
            }
            (Some((offset, _)), other) => {
                // The append cut the torn tail: at its offset there is now a whole record
                // (verified above), or the end of the file.
                assert!(other.as_ref().is_none_or(|t| t.offset >= *offset), "run {run}: {other:?}");
                torn_cut += 1;
                pending = None;
            }
            (None, Some(t)) => {
                // A kill in the middle of the write itself (rare: one write per append).
                crash_torn += 1;
                eprintln!("run {run}: the kill tore a write: {} bytes at {}", t.bytes.len(), t.offset);
            }
            (None, None) => {}
        }
        seen = ids;

        if run % TEAR_EVERY == 0 {
            // A prefix of a valid record line: 1 byte, part of the signature, the whole
            // signature and its space, part of the entry, or the whole line but its newline.
            let file = std::fs::read(&journal).expect("journal");
            let complete = file.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let last_start = file[..complete - 1].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let line = &file[last_start..complete - 1];
            let cuts = [1, 64, 129, 200, line.len() - 1, line.len()];
            let prefix = &line[..cuts[(run / TEAR_EVERY) % cuts.len()]];
            tear(&journal, prefix);
            let offset = complete as u64;
            let expected = [&file[complete..], prefix].concat();
            let (ids, torn) = check(&dir, &seen, run);
            assert_eq!(ids, seen, "run {run}: a torn tail is not an entry");
            assert_eq!(
                torn,
                Some(TornTail { offset, bytes: expected.clone() }),
                "run {run}: the torn tail is reported"
            );
            pending = Some((offset, expected));
            torn_added += 1;
        }
    }
    if pending.is_some() {
        // The last torn tail: one more run, until an append cuts it.
        let mut child = start_writer(&dir);
        let lines = newlines(&journal);
        let deadline = Instant::now() + Duration::from_secs(20);
        while newlines(&journal) <= lines {
            assert!(Instant::now() < deadline, "the last run appended nothing in 20 s");
            std::thread::sleep(Duration::from_millis(1));
        }
        kill(&mut child, RUNS + 1);
        let (ids, torn) = check(&dir, &seen, RUNS + 1);
        assert!(torn.is_none_or(|t| t.offset > pending.as_ref().expect("pending").0));
        torn_cut += 1;
        seen = ids;
    }
    assert_eq!(torn_added, RUNS / TEAR_EVERY);
    assert_eq!(torn_cut, torn_added, "every torn tail was cut by the next append");
    assert!(runs_that_appended > RUNS / 2, "only {runs_that_appended} of {RUNS} runs appended anything");
    eprintln!(
        "{RUNS} kills: {} entries appended ({} at the start), {runs_that_appended} runs appended, \
         {torn_added} torn tails added and cut, {crash_torn} torn by a kill, {:.1} s",
        seen.len() - first,
        first,
        started.elapsed().as_secs_f64()
    );
}
