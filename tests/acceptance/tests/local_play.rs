//! What the local player's program refuses before signing anything.

use grognard_acceptance::{dice, Table};
use grognard_journal::entry::{Body, DiceMode, PROTOCOL_V1};
use grognard_journal::local;

fn try_do(table: &Table, i: usize, text: &str) -> Result<(), String> {
    let seat = &table.seats[i];
    let mut game = table.open(i);
    local::do_command(&mut game, seat.me, &seat.key, text).map(|_| ()).map_err(|e| e.to_string())
}

#[test]
fn duel_4_1_a_sealed_step_takes_only_a_stance_before_and_after_the_first_seal() {
    let table = Table::new("standard", 2, dice(DiceMode::Casual, vec![]));
    try_do(&table, 0, "initiative").expect("initiative");
    table.exchange(0);
    let before = table.journal_bytes(1);
    // Nobody has sealed yet.
    let err = try_do(&table, 1, "rest").expect_err("not a stance");
    assert!(err.starts_with("4.1"), "{err}");
    assert_eq!(table.journal_bytes(1), before, "nothing was signed");
    // Player 0 seals first; player 1's choice is still checked before it is committed.
    try_do(&table, 0, "stance guard").expect("a stance");
    table.exchange(0);
    let before = table.journal_bytes(1);
    let err = try_do(&table, 1, "fire 0").expect_err("not a stance");
    assert!(err.starts_with("4.1"), "{err}");
    assert_eq!(table.journal_bytes(1), before, "nothing was signed");
    try_do(&table, 1, "stance lunge").expect("a stance");
    // A second choice for the same step is refused.
    let err = try_do(&table, 1, "stance guard").expect_err("already sealed");
    assert!(err.starts_with("not now"), "{err}");
}

#[test]
fn staged_commands_can_be_undone_but_rolls_cannot() {
    let table = Table::new("standard", 2, dice(DiceMode::Casual, vec![]));
    let seat = &table.seats[0];
    let mut game = table.open(0);
    // The initiative roll is signed at once (casual dice: rolled at once, too).
    let done = local::do_command(&mut game, seat.me, &seat.key, "initiative").expect("initiative");
    assert!(matches!(done, local::DoOutcome::Signed { .. }), "{done:?}");
    assert!(local::undo(&game, true).expect("undo").is_empty(), "nothing staged to undo");
    assert!(game.replay.log.last().is_some_and(|i| !i.rolls.is_empty()), "the roll is in the journal");
}

#[test]
fn staged_commands_survive_other_players_entries_but_never_apply_twice() {
    // A version-1 game: its players could renew a dice chain at any time, which makes another
    // player's entry arrive while a command is staged (in version 2 that happens only when a
    // chain runs low; the staging logic is the same).
    let table = Table::of_version("melee", 3, dice(DiceMode::Fair, vec![]), 64, PROTOCOL_V1);
    try_do(&table, 0, "initiative").expect("initiative");
    for i in 0..3 {
        table.exchange(i); // the witnesses reveal
    }
    for i in 0..3 {
        try_do(&table, i, "stance guard").expect("a stance");
    }
    for _ in 0..2 {
        for i in 0..3 {
            table.exchange(i); // seals cross, then openings
        }
    }
    let g = table.open(0);
    let acting = grognard_engine::AnyRuleset::pending(g.replay.ruleset, &g.replay.state).players()[0];
    let i = usize::from(acting.0);
    // The acting player stages a command that rolls no dice: nothing is signed yet.
    let before = table.journal_bytes(i);
    if try_do(&table, i, "rest").is_err() {
        try_do(&table, i, "bonus bandage").expect("the bonus due first");
    }
    assert_eq!(table.journal_bytes(i), before, "staged, not signed");
    let staged_file = table.seats[i].dir.join("staged.json");
    let staged_bytes = std::fs::read(&staged_file).expect("staged.json");

    // Another player's entry arrives meanwhile: a fresh dice chain.
    let other = (i + 1) % 3;
    let seat = &table.seats[other];
    let mut g_other = table.open(other);
    let origin = g_other.replay.chain_origin(seat.me, 1, None);
    let fresh = grognard_journal::chain::commit(&seat.key, &origin, 64).expect("a length");
    g_other.append_own(seat.me, &seat.key, vec![Body::Chain { chain: fresh }]).expect("a fresh chain");
    table.deliver(&g_other.packet_for_others(seat.me), i).expect("honest");
    assert_ne!(table.journal_bytes(i), before, "the other player's entry is in");
    assert_eq!(local::staged(&table.open(i)).expect("staged").commands.len(), 1, "still staged");

    // Signed and sent; then, as after a crash before staged.json was cleared, it comes back.
    let packet = table.send(i);
    assert!(packet.entries.iter().any(|e| e.entry.author == acting.0), "the staged command was signed");
    std::fs::write(&staged_file, &staged_bytes).expect("restore the stale file");
    assert!(local::staged(&table.open(i)).expect("staged").commands.is_empty(), "never applied twice");
}
