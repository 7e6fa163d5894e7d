//! A witness may not answer a roll from a dice chain it committed to after seeing the
//! request, even by leaving the request out of the new chain entry's acks so that the
//! canonical order places the chain entry first.

use grognard_acceptance::{dice, Table};
use grognard_engine::PlayerId;
use grognard_journal::chain;
use grognard_journal::entry::{Body, DiceMode, SignedEntry, PROTOCOL_V1, PROTOCOL_V2};
use grognard_journal::game::sign_after;
use grognard_journal::packet::Packet;
use grognard_journal::{local, nonce};
use std::collections::HashSet;

fn play(table: &Table, i: usize, command: &str) {
    let seat = &table.seats[i];
    let mut game = table.open(i);
    local::do_command(&mut game, seat.me, &seat.key, command).expect("a legal command");
}

#[test]
fn a_chain_entry_back_dated_before_a_sealed_steps_roll_cannot_answer_it() {
    // Version 1 accepted the back-dated renewal itself and refused only the reveal from it.
    back_dated_chain(PROTOCOL_V1, "had seen dice chain 0");
    // Version 2 refuses the renewal of a chain far from spent; a renewal accepted while a roll
    // waits is never used for that roll either (dice_attacks.rs, the veto).
    back_dated_chain(PROTOCOL_V2, "a chain is renewed only when");
}

fn back_dated_chain(version: u32, refusal: &str) {
    let table = Table::of_version("standard", 2, dice(DiceMode::Fair, vec![]), 64, version);
    play(&table, 0, "initiative");
    table.exchange(0);
    table.exchange(1); // player 1 witnesses the initiative roll
                       // Both lunge, so revealing the stances rolls the clash die (Duel 4.4), witnessed by both.
    play(&table, 1, "stance lunge");
    table.exchange(1);
    play(&table, 0, "stance lunge");
    table.exchange(0); // player 0 opens first
    let request_packet = table.send(1); // player 1 opens last (the roll's request) and reveals
    table.deliver(&request_packet, 0).expect("honest");
    let g0 = table.open(0);
    let request = request_packet
        .entries
        .iter()
        .find(|e| matches!(e.entry.body, Body::Unseal { .. }))
        .expect("player 1's opening")
        .id;

    // Player 0 has seen the request, and now commits to a chain of its choosing, signed as if
    // it had not seen player 1's last entries.
    let key0 = &table.seats[0].key;
    let hidden: HashSet<_> = request_packet.entries.iter().map(|e| e.id).collect();
    let before: Vec<SignedEntry> = g0.entries.iter().filter(|e| !hidden.contains(&e.id)).cloned().collect();
    let origin = g0.replay.chain_origin(PlayerId(0), 1, nonce::for_version(version));
    let fresh = chain::commit(key0, &origin, 64).expect("a length");
    let back_dated = sign_after(&before, 2, PlayerId(0), key0, Body::Chain { chain: fresh });
    let mut all = g0.entries.clone();
    all.push(back_dated.clone());
    let value = chain::reveal_value(key0, &origin, &fresh, 1).expect("in range");
    let reveal = sign_after(&all, 2, PlayerId(0), key0, Body::Reveal { request, generation: 1, index: 1, value });
    let forged = Packet { game: g0.replay.game, entries: vec![back_dated, reveal], letters: Vec::new() };

    let journal = table.journal_bytes(1);
    let err = match table.deliver(&forged, 1) {
        Err(e) => e,
        Ok(_) => panic!("a reveal from a chain committed after the request was accepted"),
    };
    assert_eq!(err.code(), "rejected", "{err}");
    assert!(err.to_string().contains(refusal), "{err}");
    assert_eq!(table.journal_bytes(1), journal, "the refused packet changed nothing");

    // The honest reveal, from the chain the request had seen, settles the roll.
    table.exchange(0);
    assert_eq!(table.journal_bytes(0), table.journal_bytes(1));
    let g1 = table.open(1);
    let clash = g1.replay.log.iter().find(|i| i.entry.id == request).expect("the request's log line");
    assert_eq!(clash.rolls.len(), 1, "the clash die was rolled: {:?}", clash.events);
}
