//! A player who shows one history to one opponent and another to a second is exposed when
//! the opponents' entries meet: by the two signed entries themselves (equivocation), or by
//! acknowledgements that name different entries for the same place (a fork).

use grognard_acceptance::{dice, Table};
use grognard_engine::PlayerId;
use grognard_journal::chain;
use grognard_journal::entry::{Body, DiceMode, SignedEntry};
use grognard_journal::error::Problem;
use grognard_journal::game::GameError;
use grognard_journal::packet::Packet;

const A: PlayerId = PlayerId(0);
const C: PlayerId = PlayerId(2);

/// Player 0 signs two different entries for one place of its feed and sends one to player 1
/// and the other to player 2; player 2 then signs an entry of its own. Returns the table,
/// the two conflicting entries and player 2's packet.
fn two_faced() -> (Table, SignedEntry, SignedEntry, Packet) {
    let table = Table::new("melee", 3, dice(DiceMode::Fair, vec![]));
    let g0 = table.open(0);
    let key = &table.seats[0].key;
    let anchor = g0.replay.chain_anchor(A, 1);
    let renew = |length| Body::Chain { chain: chain::commit(key, &g0.replay.game, &anchor, 1, length) };
    let to_b = g0.sign_next(A, key, renew(64));
    let to_c = g0.sign_next(A, key, renew(65));
    assert_eq!(to_b.entry.seq, to_c.entry.seq);
    table.deliver(&Packet { game: g0.replay.game, entries: vec![to_b.clone()] }, 1).expect("valid on its own");
    table.deliver(&Packet { game: g0.replay.game, entries: vec![to_c.clone()] }, 2).expect("valid on its own");
    let mut g2 = table.open(2);
    let anchor2 = g2.replay.chain_anchor(C, 1);
    let body = Body::Chain { chain: chain::commit(&table.seats[2].key, &g2.replay.game, &anchor2, 1, 64) };
    g2.append_own(C, &table.seats[2].key, vec![body]).expect("player 2 renews its chain");
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
fn an_ack_of_a_different_entry_for_a_known_place_is_a_fork() {
    let (table, _to_b, to_c, mut packet) = two_faced();
    // Without the conflicting entry itself, the acknowledgement still gives it away.
    packet.entries.retain(|e| e.id != to_c.id);
    let before = table.journal_bytes(1);
    let err = table.deliver(&packet, 1).expect_err("the ack names another history");
    assert_eq!(err.code(), "fork", "{err}");
    assert!(err.to_string().contains("different histories"), "{err}");
    assert_eq!(table.journal_bytes(1), before);
}
