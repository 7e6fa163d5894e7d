//! Two grognard processes writing to one game at once: every writer holds the game's lock
//! for its whole read-verify-write cycle, so whatever the interleaving, every journal
//! verifies afterwards. Each round runs one pair of writers at once on a fair-dice duel:
//! two `do`s of the same command, two `send`s (while a reveal or an opening is owed), or a
//! `receive` and a `send`; then both journals are verified.

use crate::common;

use common::{alice_and_bob, at_once, Player};
use std::path::{Path, PathBuf};

const ROUNDS: usize = 100;

fn moves(p: &Player, cwd: &Path) -> Vec<String> {
    let v = p.json(cwd, &["moves"]);
    v["moves"].as_array().expect("moves").iter().map(|m| m.as_str().expect("text").to_string()).collect()
}

fn verify_both(alice: &Player, bob: &Player, cwd: &Path, round: usize, failures: &mut usize) {
    let outs = at_once(vec![alice.command(cwd, &["verify"]), bob.command(cwd, &["verify"])]);
    for (o, who) in outs.iter().zip(["alice", "bob"]) {
        if !o.status.success() {
            *failures += 1;
            eprintln!("round {round}: {who}'s journal fails verify: {}", String::from_utf8_lossy(&o.stderr));
        }
    }
}

#[test]
fn writers_in_parallel_never_corrupt_a_journal() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, bob_line) = alice_and_bob(cwd);
    alice.ok(cwd, &["new", "--ruleset", "duel", "--scenario", "marathon", "--opponent", &bob_line, "--out", "i.grog"]);
    bob.ok(cwd, &["join", "i.grog"]);
    let players = [&alice, &bob];
    let mut inbox: [Vec<PathBuf>; 2] = [Vec::new(), Vec::new()];
    let (mut rounds, mut failures, mut refused) = (0, 0, 0);
    let mut kinds = [0usize; 3];
    let mut turn = 0;
    while rounds < ROUNDS {
        turn += 1;
        for me in [1, 0] {
            let (p, other) = (players[me], players[1 - me]);
            // Two `do`s of the same command at once: one applies; the other applies to the
            // new state or is refused, never signed twice for one place.
            if let Some(m) = moves(p, cwd).first() {
                let mut args = vec!["do"];
                args.extend(m.split(' '));
                let outs = at_once(vec![p.command(cwd, &args), p.command(cwd, &args)]);
                refused += outs.iter().filter(|o| !o.status.success()).count();
                assert!(outs.iter().any(|o| o.status.success()), "turn {turn}: neither `do {m}` worked");
                kinds[0] += 1;
                rounds += 1;
                verify_both(&alice, &bob, cwd, rounds, &mut failures);
            }
            // Two `send`s at once: what is owed (a reveal, an opening) is signed once.
            let files = [format!("{}-{turn}-x.grog", p.name), format!("{}-{turn}-y.grog", p.name)];
            let outs = at_once(files.iter().map(|f| p.command(cwd, &["send", "--out", f])).collect());
            assert!(outs.iter().all(|o| o.status.success()), "turn {turn}: a send failed: {outs:?}");
            inbox[1 - me].extend(files.iter().map(|f| cwd.join(f)).filter(|f| f.exists()));
            kinds[1] += 1;
            rounds += 1;
            verify_both(&alice, &bob, cwd, rounds, &mut failures);
            // The other player receives while sending.
            let mut receive = vec!["receive".to_string()];
            receive.extend(inbox[1 - me].drain(..).map(|f| f.display().to_string()));
            let receive: Vec<&str> = receive.iter().map(String::as_str).collect();
            let file = format!("{}-{turn}-z.grog", other.name);
            if receive.len() > 1 {
                let outs = at_once(vec![other.command(cwd, &receive), other.command(cwd, &["send", "--out", &file])]);
                assert!(outs.iter().all(|o| o.status.success()), "turn {turn}: {outs:?}");
                kinds[2] += 1;
                rounds += 1;
                verify_both(&alice, &bob, cwd, rounds, &mut failures);
            }
            if cwd.join(&file).exists() {
                inbox[me].push(cwd.join(&file));
            }
        }
    }
    eprintln!(
        "{rounds} rounds of two writers at once ({} double do, {} double send, {} receive + send, {refused} \
         commands refused cleanly): {failures} journals failed verify",
        kinds[0], kinds[1], kinds[2]
    );
    assert_eq!(failures, 0);
    assert!(kinds.iter().all(|&k| k > 10), "every kind of pair ran: {kinds:?}");
}
