//! What the local player's program refuses before signing anything.

use grognard_acceptance::{dice, Table};
use grognard_journal::entry::DiceMode;
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
