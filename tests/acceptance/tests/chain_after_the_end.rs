//! PROTOCOL.md section 11 (a gap of version 1 closed by version 2): a dice chain committed
//! after the game is over is refused. Nothing is rolled any more, so a renewal could only
//! ever serve to make entries nobody needs; version 1 accepted it.
//!
//! The attack: a whole game of Duel with fair dice is played to its end, then player 1 signs
//! a fresh dice chain after the last entry and sends it. Player 0's copy refuses it, naming
//! the rule, and its journal stays byte for byte what it was.

use grognard_acceptance::{dice, Lcg, Table};
use grognard_engine::PlayerId;
use grognard_journal::chain;
use grognard_journal::entry::{Body, DiceMode};
use grognard_journal::game::sign_after;
use grognard_journal::nonce;
use grognard_journal::packet::Packet;

#[test]
fn a_dice_chain_committed_after_the_end_of_the_game_is_refused() {
    let table = Table::new("standard", 2, dice(DiceMode::Fair, vec![]));
    let mut rng = Lcg(7);
    table.play_to_end(&mut rng, 400);
    assert!(table.over(), "the game ended");
    let g1 = table.open(1);
    let key1 = &table.seats[1].key;
    let generation = g1.replay.chains[1].last().map_or(0, |c| c.state.commit.generation) + 1;
    let origin = g1.replay.chain_origin(PlayerId(1), generation, nonce::for_version(g1.replay.version));
    let fresh = chain::commit(key1, &origin, 64).expect("a length");
    let late = sign_after(&g1.entries, 2, PlayerId(1), key1, Body::Chain { chain: fresh });
    let packet = Packet { game: g1.replay.game, entries: vec![late], letters: Vec::new() };
    let before = table.journal_bytes(0);
    let refused = table.deliver(&packet, 0).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(refused.contains("the game is over"), "{refused}");
    assert!(refused.contains("no dice chain is needed any more"), "{refused}");
    assert_eq!(table.journal_bytes(0), before, "nothing was written");
}
