//! Strings from a packet reach the terminal escaped: a sealed step name carrying terminal
//! escapes (ESC sequences, BEL, a bidi override) in a refused entry is shown as `\x1b...`,
//! never as the raw bytes, on standard error and in `--json`.

use crate::common;

use common::{joined_duel, Player};
use grognard_journal::entry::Body;
use grognard_journal::game::Game;
use grognard_journal::ids::Hash32;
use grognard_journal::keyfile;
use grognard_journal::packet::Packet;
use std::path::Path;

static DUEL: grognard_duel::Duel = grognard_duel::Duel;

fn only_game(p: &Player) -> std::path::PathBuf {
    std::fs::read_dir(p.home.join("games")).expect("games").next().expect("a game").expect("entry").path()
}

const EVIL: &str = "\u{1b}[31mstance\u{1b}]0;pwned\u{7}\u{202e}desrever\u{9b}2J";

/// A packet from Alice sealing a choice for a step named [`EVIL`], signed with her key.
fn rogue_packet(alice: &Player, cwd: &Path) -> Vec<u8> {
    let text = std::fs::read_to_string(alice.home.join("keys/alice-at-example.org.key")).expect("key");
    let key = keyfile::parse(&text).expect("key file").unlock(None).expect("key");
    let scratch = cwd.join("scratch");
    std::fs::create_dir_all(&scratch).expect("mkdir");
    for e in std::fs::read_dir(only_game(alice)).expect("dir") {
        let e = e.expect("entry");
        if e.file_type().expect("type").is_file() {
            std::fs::copy(e.path(), scratch.join(e.file_name())).expect("copy");
        }
    }
    let rulesets: Vec<&dyn grognard_engine::AnyRuleset> = vec![&DUEL];
    let game = Game::open(&scratch, &rulesets).expect("open");
    let body = Body::Seal { step: EVIL.into(), commitment: Hash32([0; 32]), nonce: Some(Hash32([1; 32])) };
    let entry = game.sign_next(grognard_engine::PlayerId(0), &key, body);
    Packet { game: game.replay.game, entries: vec![entry], letters: Vec::new() }.encode()
}

#[test]
fn a_rogue_step_name_is_shown_escaped() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    std::fs::write(cwd.join("rogue.grog"), rogue_packet(&alice, cwd)).expect("write");

    let out = bob.run(cwd, &["receive", "rogue.grog"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("no sealed step"), "the refusal: {err}");
    assert!(err.contains("\\x1b[31mstance\\x1b]0;pwned\\x07\\u{202e}desrever\\u{9b}2J"), "escaped: {err}");
    for raw in ['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}'] {
        assert!(!err.contains(raw), "{raw:?} reached the terminal: {err:?}");
    }
    let json = bob.run(cwd, &["receive", "rogue.grog", "--json"]);
    let text = String::from_utf8_lossy(&json.stdout).to_string();
    assert!(!text.contains('\u{1b}') && text.contains("\\u001b[31mstance"), "{text}");
}
