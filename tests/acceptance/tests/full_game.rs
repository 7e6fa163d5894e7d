//! Whole games between players who share nothing but packets.

use grognard_acceptance::{dice, Lcg, Table};
use grognard_journal::entry::DiceMode;

#[test]
fn two_players_fair_dice_journals_end_identical() {
    let table = Table::new("standard", 2, dice(DiceMode::Fair, vec![]));
    let rounds = table.play_to_end(&mut Lcg(7), 400);
    assert!(rounds > 3);
    assert_eq!(table.journal_bytes(0), table.journal_bytes(1));
    let g = table.open(1);
    assert!(g.replay.over().is_some());
    assert!(g.entries.len() > 20);
}

#[test]
fn three_players_fair_dice_with_several_witnesses() {
    let table = Table::new("melee", 3, dice(DiceMode::Fair, vec![]));
    table.play_to_end(&mut Lcg(11), 600);
    let a = table.journal_bytes(0);
    assert_eq!(a, table.journal_bytes(1));
    assert_eq!(a, table.journal_bytes(2));
}

#[test]
fn casual_and_scripted_dice_games_end_identical() {
    let table = Table::new("standard", 2, dice(DiceMode::Casual, vec![]));
    table.play_to_end(&mut Lcg(3), 400);
    assert_eq!(table.journal_bytes(0), table.journal_bytes(1));
    let faces: Vec<u32> = (0..2000).map(|i| (i * 7 % 6) + 1).collect();
    let table = Table::new("standard", 2, dice(DiceMode::Scripted, faces));
    table.play_to_end(&mut Lcg(5), 400);
    assert_eq!(table.journal_bytes(0), table.journal_bytes(1));
}

#[test]
fn dice_chains_are_renewed_when_they_run_low() {
    // Chains of 16 values (renewed below 8 left): a game needs several re-commitments.
    let table = Table::with_chain("marathon", 2, dice(DiceMode::Fair, vec![]), 16);
    assert_eq!(table.play(&mut Lcg(9), 200), None, "a marathon does not end in 200 rounds");
    let g = table.open(0);
    let rechains = g.entries.iter().filter(|e| e.entry.body.kind() == "chain").count();
    assert!(rechains >= 4, "expected a fresh dice chain");
    assert_eq!(table.journal_bytes(0), table.journal_bytes(1));
}
