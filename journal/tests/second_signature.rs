//! One entry, two valid signatures: ed25519 lets a key holder sign one message in many
//! ways, and an entry's id does not cover its signature. Every copy keeps the lowest valid
//! signature it has seen (PROTOCOL.md 7.2), so copies that have seen the same entries are
//! byte-identical whatever the order of arrival; an invalid second signature is refused.

use curve25519_dalek::{EdwardsPoint, Scalar};
use ed25519_dalek::Signature;
use grognard_engine::PlayerId;
use grognard_journal::create::{self, NewGame};
use grognard_journal::entry::{signing_message, DiceConfig, DiceMode, PlayerInfo, SignedEntry, Witnesses};
use grognard_journal::game::Game;
use grognard_journal::keys::SecretKey;
use grognard_journal::local;
use grognard_journal::packet::Packet;
use sha2::{Digest, Sha512};

static DUEL: grognard_duel::Duel = grognard_duel::Duel;

/// Another valid ed25519 signature of `entry` by the key of `seed`: the same equation with a
/// nonce of our choosing instead of RFC 8032's deterministic one.
fn second_signature(entry: &SignedEntry, seed: &[u8; 32], salt: &[u8]) -> SignedEntry {
    let expanded: [u8; 64] = Sha512::digest(seed).into();
    let mut secret: [u8; 32] = expanded[..32].try_into().expect("32 bytes");
    secret[0] &= 248;
    secret[31] &= 127;
    secret[31] |= 64;
    let a = Scalar::from_bytes_mod_order(secret);
    let public = EdwardsPoint::mul_base(&a).compress();
    let message = signing_message(&entry.bytes);
    let r =
        Scalar::from_bytes_mod_order_wide(&Sha512::new().chain_update(salt).chain_update(&message).finalize().into());
    let big_r = EdwardsPoint::mul_base(&r).compress();
    let k = Scalar::from_bytes_mod_order_wide(
        &Sha512::new()
            .chain_update(big_r.as_bytes())
            .chain_update(public.as_bytes())
            .chain_update(&message)
            .finalize()
            .into(),
    );
    let s = r + k * a;
    let mut bytes = [0u8; 64];
    bytes[..32].copy_from_slice(big_r.as_bytes());
    bytes[32..].copy_from_slice(s.as_bytes());
    SignedEntry { signature: Signature::from_bytes(&bytes), ..entry.clone() }
}

fn two_copies(tmp: &std::path::Path) -> (Game<'static>, Game<'static>, [SecretKey; 2]) {
    let keys = [SecretKey::from_seed(&[1; 32]), SecretKey::from_seed(&[2; 32])];
    let players = ["red", "blue"]
        .iter()
        .enumerate()
        .map(|(i, power)| PlayerInfo {
            name: format!("Player{i}"),
            email: format!("p{i}@example.org"),
            key: keys[i].public().to_hex(),
            powers: vec![(*power).into()],
        })
        .collect();
    let new = NewGame {
        ruleset: &DUEL,
        setup: grognard_engine::Setup::scenario("standard"),
        players,
        creator: 0,
        dice: DiceConfig { mode: DiceMode::Casual, witnesses: Witnesses::Opponents, faces: Vec::new() },
        chain_length: 16,
    };
    let rulesets: Vec<&dyn grognard_engine::AnyRuleset> = vec![&DUEL];
    let (g0, invitation) = create::create(&tmp.join("p0"), &rulesets, &new, &keys[0]).expect("create");
    let (g1, _) = create::join(&tmp.join("p1"), &rulesets, &invitation, &keys[1]).expect("join");
    (g0, g1, keys)
}

#[test]
fn copies_keep_the_lowest_valid_signature_whatever_the_order_of_arrival() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (mut g0, mut g1, keys) = two_copies(tmp.path());
    g0.import(&g1.packet_for_others(PlayerId(1))).expect("the join");
    local::do_command(&mut g0, PlayerId(0), &keys[0], "initiative").expect("a roll");
    let roll = g0.entries.last().expect("the roll").clone();
    let other = second_signature(&roll, &[1; 32], b"another nonce");
    assert_eq!(other.id, roll.id);
    assert_ne!(other.signature.to_bytes(), roll.signature.to_bytes());
    assert!(other.verify(&keys[0].public()), "a valid signature of the same entry");
    let lowest = if other.signature.to_bytes() < roll.signature.to_bytes() { &other } else { &roll };
    let game = g0.replay.game;
    let packet = |e: &SignedEntry| Packet { game, entries: vec![e.clone()], letters: Vec::new() };

    // Player 1 receives the second signature first, then the first; player 0 holds the first
    // and then receives the second. Both keep the lowest, byte for byte.
    g1.import(&packet(&other)).expect("the roll, signed one way");
    g1.import(&packet(&roll)).expect("the same roll, signed the other way");
    g0.import(&packet(&other)).expect("the same roll again");
    let journal = |dir: &str| std::fs::read(tmp.path().join(dir).join("journal")).expect("journal");
    assert_eq!(journal("p0"), journal("p1"), "the copies are byte-identical");
    assert!(g0.entries.iter().any(|e| e.id == roll.id && e.signature == lowest.signature));
    let reopened = Game::open(&tmp.path().join("p1"), &[&DUEL]).expect("the rewritten journal verifies");
    assert_eq!(reopened.entries.len(), g1.entries.len());

    // An invalid signature on a known entry is refused, and changes nothing.
    let mut bad = roll.clone();
    let mut bytes = bad.signature.to_bytes();
    bytes[40] ^= 1;
    bad.signature = Signature::from_bytes(&bytes);
    let before = journal("p1");
    let err = g1.import(&packet(&bad)).expect_err("refused");
    assert_eq!(err.code(), "bad-signature", "{err}");
    assert_eq!(journal("p1"), before);
}
