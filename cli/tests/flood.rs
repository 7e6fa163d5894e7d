//! Floods: 300 packets of one game arriving in 300 letters are imported in one pass; a bad
//! packet among them is refused with its origin named and the good ones still land; an
//! input that never ends (`/dev/zero`) is refused at the size limit.

use crate::common;

use common::{alice_and_bob, joined_duel, Player};
use grognard_engine::PlayerId;
use grognard_journal::entry::Body;
use grognard_journal::game::Game;
use grognard_journal::ids::Hash32;
use grognard_journal::keyfile;
use grognard_journal::keys::SecretKey;
use grognard_journal::packet::Packet;
use grognard_journal::replay::Owed;
use grognard_journal::{nonce, sealed};
use std::path::{Path, PathBuf};

const PACKETS: usize = 300;

static DUEL: grognard_duel::Duel = grognard_duel::Duel;

fn secret(p: &Player, slug: &str) -> SecretKey {
    let text = std::fs::read_to_string(p.home.join("keys").join(format!("{slug}.key"))).expect("key file");
    keyfile::parse(&text).expect("key file").unlock(None).expect("unprotected")
}

fn only_game(p: &Player) -> PathBuf {
    std::fs::read_dir(p.home.join("games")).expect("games").next().expect("a game").expect("entry").path()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read dir") {
        let e = e.expect("entry");
        if e.file_type().expect("type").is_file() {
            std::fs::copy(e.path(), to.join(e.file_name())).expect("copy");
        }
    }
}

/// The nonce of `player`'s seal for `step`: a function of the step, so nothing need be
/// remembered (a real client draws it at random and reads it back from its seal).
fn seal_nonce(step: &str, player: PlayerId) -> Hash32 {
    let mut bytes = [0u8; 32];
    for (b, s) in bytes.iter_mut().zip(step.bytes().take(31)) {
        *b = s;
    }
    bytes[31] = player.0;
    Hash32(bytes)
}

fn sealed_choice(game: &Game, step: &str, player: PlayerId) -> serde_json::Value {
    let legal = game.replay.ruleset.legal_commands(&game.replay.state, player);
    let pick = step.bytes().map(usize::from).sum::<usize>() + usize::from(player.0);
    legal[pick % legal.len()].clone()
}

/// Play both sides of the game in a copy of `dir` for `n` entries; one packet per entry.
fn play(dir: &Path, scratch: &Path, keys: &[SecretKey], n: usize) -> Vec<Packet> {
    copy_dir(dir, scratch);
    let rulesets: Vec<&dyn grognard_engine::AnyRuleset> = vec![&DUEL];
    let mut game = Game::open(scratch, &rulesets).expect("open");
    let start = game.entries.len();
    while game.entries.len() < start + n {
        let (player, owed) = game.replay.owed().into_iter().next().expect("the marathon goes on");
        let key = &keys[player.index()];
        let (id, genesis) = (game.replay.game, game.replay.genesis_id);
        let body = match owed {
            Owed::Decide(_) => {
                let legal = game.replay.ruleset.legal_commands(&game.replay.state, player);
                Body::Command {
                    command: legal[(game.entries.len() * 7 + 3) % legal.len()].clone(),
                    nonce: Some(nonce::fresh()),
                }
            }
            Owed::Seal { step, .. } => {
                let nonce = seal_nonce(&step, player);
                let salt = sealed::salt(key, &id, &genesis, &step, Some(&nonce));
                let commitment = sealed::commitment(&id, &step, player.0, &salt, &sealed_choice(&game, &step, player));
                Body::Seal { step, commitment, nonce: Some(nonce) }
            }
            Owed::Unseal { step } => {
                let choice = sealed_choice(&game, &step, player);
                let salt = sealed::salt(key, &id, &genesis, &step, Some(&seal_nonce(&step, player)));
                Body::Unseal { salt, step, choice }
            }
            other => panic!("a casual game owes no {other:?}"),
        };
        game.append_own(player, key, vec![body]).expect("append");
    }
    game.entries[start..]
        .iter()
        .map(|e| Packet { game: game.replay.game, entries: vec![e.clone()], letters: Vec::new() })
        .collect()
}

/// Alice and Bob in a casual marathon duel, both joined; 300 packets that follow.
fn flooded(cwd: &Path) -> (Player, Player, Vec<Packet>) {
    let (alice, bob, _) = joined_duel(cwd, "marathon", "casual");
    let keys = [secret(&alice, "alice-at-example.org"), secret(&bob, "bob-at-example.org")];
    let packets = play(&only_game(&alice), &cwd.join("scratch"), &keys, PACKETS);
    (alice, bob, packets)
}

fn write_packets(cwd: &Path, packets: &[Packet]) -> Vec<String> {
    packets
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let name = format!("p{i:03}.grog");
            std::fs::write(cwd.join(&name), p.encode()).expect("write");
            name
        })
        .collect()
}

#[test]
fn three_hundred_packets_are_imported_in_one_pass() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, _bob, packets) = flooded(cwd);
    let before = alice.json(cwd, &["status"])["entries"].as_u64().expect("entries");
    // In reverse order: each packet needs the one before it.
    let mut names = write_packets(cwd, &packets);
    names.reverse();
    let mut args = vec!["receive"];
    args.extend(names.iter().map(String::as_str));
    let report = alice.json(cwd, &args);
    let imported = report["imported"].as_array().expect("imported");
    assert_eq!(imported.len(), 1, "one import for the game, not 300: {}", imported.len());
    assert_eq!(imported[0]["added"], PACKETS);
    assert_eq!(imported[0]["letters"].as_array().expect("letters").len(), PACKETS);
    assert_eq!(alice.json(cwd, &["status"])["entries"].as_u64(), Some(before + PACKETS as u64));
    alice.ok(cwd, &["verify"]);
}

#[test]
fn a_bad_packet_among_many_is_refused_by_name_and_the_good_ones_land() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (_alice, bob, packets) = flooded(cwd);
    let packets = &packets[..40];
    let before = bob.json(cwd, &["status"])["entries"].as_u64().expect("entries");
    let names = write_packets(cwd, packets);
    // The last packet's entry with its signature changed (and the packet's checksum redone).
    let mut bad = packets[39].clone();
    let mut record = bad.entries[0].record();
    record[0] = if record[0] == b'0' { b'1' } else { b'0' };
    bad.entries[0] = grognard_journal::entry::SignedEntry::parse_record(&record).expect("still a record");
    std::fs::write(cwd.join("forged.grog"), bad.encode()).expect("write");
    let mut args = vec!["receive"];
    args.extend(names[..39].iter().map(String::as_str));
    args.push("forged.grog");
    let out = bob.run(cwd, &args);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("forged.grog: refused") && err.contains("signature"), "{err}");
    assert_eq!(err.matches("refused").count(), 1, "only the forged packet is refused: {err}");
    assert_eq!(bob.json(cwd, &["status"])["entries"].as_u64(), Some(before + 39));
    bob.ok(cwd, &["verify"]);
}

#[test]
fn an_endless_input_is_refused_at_the_size_limit() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (_alice, bob, _line) = alice_and_bob(cwd);
    let out = bob.run(cwd, &["join", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/dev/zero is larger than 33554432 bytes"), "{err}");
}
