//! A player who shows one history to one opponent and another to a second is exposed when
//! the opponents' entries meet: by the two signed entries themselves (equivocation), or by
//! the entry itself once it arrives. An acknowledgement that names another entry for a place
//! proves nothing by itself, and the error says so without blaming anyone.

use grognard_acceptance::{dice, Table};
use grognard_engine::PlayerId;
use grognard_journal::entry::{Body, DiceMode, SignedEntry};
use grognard_journal::error::Problem;
use grognard_journal::game::GameError;
use grognard_journal::packet::Packet;
use grognard_journal::{local, nonce};
use serde_json::json;

const A: PlayerId = PlayerId(0);
const C: PlayerId = PlayerId(2);

/// Player 0 signs two different entries for one place of its feed (two initiative rolls,
/// which differ by their nonces: a re-roll by rollback) and sends one to player 1 and the
/// other to player 2; player 2 then signs an entry of its own (its reveal for the roll it
/// saw). Returns the table, the two conflicting entries and player 2's packet.
fn two_faced() -> (Table, SignedEntry, SignedEntry, Packet) {
    let table = Table::new("melee", 3, dice(DiceMode::Fair, vec![]));
    let g0 = table.open(0);
    let key = &table.seats[0].key;
    let roll = || Body::Command { command: json!("initiative"), nonce: Some(nonce::fresh()) };
    let to_b = g0.sign_next(A, key, roll());
    let to_c = g0.sign_next(A, key, roll());
    assert_eq!(to_b.entry.seq, to_c.entry.seq);
    table
        .deliver(&Packet { game: g0.replay.game, entries: vec![to_b.clone()], letters: Vec::new() }, 1)
        .expect("valid on its own");
    table
        .deliver(&Packet { game: g0.replay.game, entries: vec![to_c.clone()], letters: Vec::new() }, 2)
        .expect("valid on its own");
    let mut g2 = table.open(2);
    let signed = local::settle(&mut g2, C, &table.seats[2].key).expect("player 2 reveals for the roll it saw");
    assert_eq!(signed.len(), 1);
    let packet = g2.packet_for_others(C);
    (table, to_b, to_c, packet)
}

#[test]
fn two_entries_for_one_place_are_equivocation_with_both_as_proof() {
    let (table, to_b, to_c, packet) = two_faced();
    assert!(packet.entries.iter().any(|e| e.id == to_c.id), "player 2 forwards what player 1 has not acked");
    let before = table.journal_bytes(1);
    let err = table.deliver(&packet, 1).expect_err("the second history is refused");
    match &err {
        GameError::Problem(Problem::Equivocation { author, first, second, .. }) => {
            assert_eq!(*author, 0);
            let mut ids = [first.id, second.id];
            ids.sort();
            let mut expected = [to_b.id, to_c.id];
            expected.sort();
            assert_eq!(ids, expected, "the proof is the two signed entries");
            assert!(first.verify(&table.seats[0].key.public()) && second.verify(&table.seats[0].key.public()));
        }
        other => panic!("expected equivocation, got {other}"),
    }
    assert_eq!(table.journal_bytes(1), before);
}

#[test]
fn an_ack_of_a_different_entry_for_a_known_place_blames_nobody_and_asks_the_acker() {
    let (table, _to_b, to_c, mut packet) = two_faced();
    // Without the conflicting entry itself, the acknowledgement alone proves nothing against
    // player 0: player 2 might have invented the id. The error says so and asks player 2.
    packet.entries.retain(|e| e.id != to_c.id);
    let before = table.journal_bytes(1);
    let err = table.deliver(&packet, 1).expect_err("the ack names an entry this journal does not hold");
    assert_eq!(err.code(), "unbacked-ack", "{err}");
    let text = err.to_string();
    assert!(text.contains("ask player 2 for entry"), "{text}");
    assert!(!text.contains("different histories"), "{text}");
    assert_eq!(table.journal_bytes(1), before);
}
