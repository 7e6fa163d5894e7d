//! The Supply Phase (12.1): every unit and stack of the phasing side is checked, each check
//! logged with its line or the reasons there is none; unsupplied units are eliminated and
//! recycled when eligible (8.11-8.13).

use crate::logistics_common;

use grognard_engine::{ApplyError, ScriptedDice};
use grognard_fnc::{ruleset, Command, Location, Phase};
use logistics_common::*;

const BODY: &str = "turn 3\nphase supply\nphasing french\nhex 2612: fr-1-1 fr-dc\nhex 0510: fr-1-2\n";

#[test]
fn rule_12_1_unsupplied_units_are_eliminated_and_recycled() {
    let ctx = ec();
    let state = position(&ctx, BODY);
    // fr-1-1 recycles (8.12): die 4, -1 French = 3: back on turn 6. fr-dc is a French
    // reinforcement and never recycles (8.4): no die for it.
    let out = ok(&ctx, &state, FR, "roll", &[4]);
    assert_eq!(out.used, 1);
    assert_eq!(at(&out.state, "fr-1-1"), Location::Track(6));
    assert_eq!(at(&out.state, "fr-dc"), Location::Eliminated);
    assert_eq!(at(&out.state, "fr-1-2"), Location::Hex(hex("0510")), "in supply, it stays");
    let text = out.text();
    assert!(text.contains("fr-1-2 in 0510 in supply"), "{text}");
    assert!(text.contains("0510 0"), "the traced hexes are logged: {text}");
    assert!(text.contains("fr-1-1, fr-dc in 2612 out of supply"), "{text}");
    assert!(text.contains("die 4 -1 French unit = 3: returns on turn 6"), "{text}");
    assert!(out.state.book.rolled);
}

#[test]
fn rule_12_1_supply_roll_waits_for_its_dice_and_only_in_the_supply_phase() {
    let ctx = ec();
    let state = position(&ctx, BODY);
    assert!(matches!(run(&ctx, &state, FR, "roll", &[]), Err(ApplyError::NeedDice)));
    let mut moving = state.clone();
    moving.phase = Phase::Movement;
    let mut dice = ScriptedDice::new(&[4]);
    let got = grognard_fnc::supply::apply_supply_phase(&ctx, &moving, FR, &mut dice, &mut Vec::new());
    assert!(matches!(got, Err(ApplyError::Rule(e)) if e.rule == "12.1"));
    let mut dice = ScriptedDice::new(&[4]);
    let got = grognard_fnc::supply::apply_supply_phase(&ctx, &state, OT, &mut dice, &mut Vec::new());
    assert!(matches!(got, Err(ApplyError::Rule(e)) if e.rule == "12.1"), "only the phasing side's units");
}

#[test]
fn rule_12_1_the_supply_phase_ends_with_its_check() {
    let ctx = ec();
    let state = position(&ctx, BODY);
    let mut dice = ScriptedDice::new(&[4]);
    let applied = ruleset::apply_command(&ctx, &state, FR, &Command::Roll, &mut dice).expect("the supply roll");
    assert_eq!(applied.state.phase, Phase::Siege);
    assert_eq!(at(&applied.state, "fr-1-1"), Location::Track(6));
}
