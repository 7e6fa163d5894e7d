//! Replacement recycling (8.11-8.13) and where eliminated units go (8.7): the
//! Unit-Recycling Table, its modifiers, the worked example of 8.13 and the units that never
//! recycle.

use crate::logistics_common;

use grognard_engine::{ApplyError, ScriptedDice};
use grognard_fnc::recycling::{self, TableResult};
use grognard_fnc::{Ctx, Location, State, VpKind};
use logistics_common::*;

fn eliminate(ctx: &Ctx, state: &State, units: &[&str], faces: &[u32]) -> Result<(State, usize, String), ApplyError> {
    let mut s = state.clone();
    let mut dice = ScriptedDice::new(faces);
    let mut log = Vec::new();
    let ids: Vec<String> = units.iter().map(|u| u.to_string()).collect();
    recycling::eliminate(ctx, &mut s, &ids, "test", &mut dice, &mut log)?;
    let text = log.iter().map(|e| e.text.clone()).collect::<Vec<_>>().join("\n");
    Ok((s, dice.used(), text))
}

fn ec_turn(turn: u8) -> (Ctx, State) {
    in_phase(
        ec(),
        turn,
        "combat",
        "french",
        "hex 0808: fr-1-1 fr-1-2 fr-cav fr-dc fr-sc\nhex 1203: ot-jn-1 ot-mm-1 br-rm br-phil\n",
    )
}

#[test]
fn rule_8_12_table() {
    assert_eq!(recycling::table(0), TableResult::Returns(1), "8.13: zero counts as one");
    for n in 1..=5 {
        assert_eq!(recycling::table(n), TableResult::Returns(n as u8));
    }
    assert_eq!(recycling::table(6), TableResult::Permanent);
    assert_eq!(recycling::table(7), TableResult::Permanent);
}

#[test]
fn rule_8_13_worked_example_rolled_on_turn_2_final_3_returns_on_turn_5() {
    let (ctx, state) = ec_turn(2);
    let (s, used, text) = eliminate(&ctx, &state, &["br-rm"], &[3]).expect("rolled");
    assert_eq!(used, 1);
    assert_eq!(at(&s, "br-rm"), Location::Track(5));
    assert!(text.contains("die 3 = 3: returns on turn 5"), "{text}");
    // A French unit needs a 4 for the same final 3 (-1 French).
    let (s, _, _) = eliminate(&ctx, &state, &["fr-1-1"], &[4]).expect("rolled");
    assert_eq!(at(&s, "fr-1-1"), Location::Track(5));
}

#[test]
fn rule_8_12_french_one_gives_zero_which_counts_as_one() {
    let (ctx, state) = ec_turn(4);
    let (s, _, _) = eliminate(&ctx, &state, &["fr-cav"], &[1]).expect("rolled");
    assert_eq!(at(&s, "fr-cav"), Location::Track(5));
}

#[test]
fn rule_8_12_six_and_seven_are_permanent_and_the_enemy_lead_adds_one() {
    let (ctx, mut state) = ec_turn(3);
    let (s, _, _) = eliminate(&ctx, &state, &["br-rm"], &[6]).expect("rolled");
    assert_eq!(at(&s, "br-rm"), Location::Eliminated);
    let (s, _, _) = eliminate(&ctx, &state, &["br-rm"], &[5]).expect("rolled");
    assert_eq!(at(&s, "br-rm"), Location::Track(8));
    // The French lead the Ottoman side by 10 or more: +1 to Ottoman-side rolls.
    let lead = state.vp[OT.index()].total() - state.vp[FR.index()].total() + 10;
    state.award_vp(FR, VpKind::Event, lead);
    let (s, _, text) = eliminate(&ctx, &state, &["br-rm"], &[5]).expect("rolled");
    assert_eq!(at(&s, "br-rm"), Location::Eliminated, "5 + 1 = 6");
    assert!(text.contains("+1 the enemy has 10 or more VP more"), "{text}");
    // A lead of 9 is not enough.
    state.award_vp(FR, VpKind::Event, -1);
    let (s, _, _) = eliminate(&ctx, &state, &["br-rm"], &[5]).expect("rolled");
    assert_eq!(at(&s, "br-rm"), Location::Track(8));
}

#[test]
fn rule_8_13_a_return_after_the_last_turn_is_permanent() {
    let (ctx, state) = ec_turn(10);
    let (s, _, text) = eliminate(&ctx, &state, &["br-phil"], &[2]).expect("rolled");
    assert_eq!(at(&s, "br-phil"), Location::Eliminated);
    assert!(text.contains("after the last turn"), "{text}");
    let (s, _, _) = eliminate(&ctx, &state, &["br-phil"], &[1]).expect("rolled");
    assert_eq!(at(&s, "br-phil"), Location::Track(11));
}

#[test]
fn rule_8_11_units_that_never_recycle_and_the_ottoman_container() {
    let (ctx, state) = ec_turn(3);
    let (s, used, text) =
        eliminate(&ctx, &state, &["fr-dc", "fr-sc", "fr-fort", "ot-jn-1", "ot-mm-1"], &[]).expect("no dice");
    assert_eq!(used, 0, "none of them rolls");
    assert_eq!(at(&s, "fr-dc"), Location::Eliminated, "8.4: French reinforcements");
    assert_eq!(at(&s, "fr-sc"), Location::Eliminated, "8.4: the SC");
    assert_eq!(at(&s, "fr-fort"), Location::Eliminated, "8.11: fortress garrisons");
    assert_eq!(at(&s, "ot-jn-1"), Location::Pool, "8.7: back into the container");
    assert_eq!(at(&s, "ot-mm-1"), Location::Eliminated, "8.7: the Mameluke 5-8 never come back");
    assert!(text.contains("8.7"), "{text}");
}

#[test]
fn rule_8_8_british_ground_units_recycle() {
    let (ctx, state) = ec_turn(3);
    assert!(matches!(eliminate(&ctx, &state, &["br-rm"], &[]), Err(ApplyError::NeedDice)));
    let (s, used, _) = eliminate(&ctx, &state, &["br-rm", "br-phil"], &[2, 3]).expect("rolled");
    assert_eq!(used, 2);
    assert_eq!(at(&s, "br-rm"), Location::Track(5));
    assert_eq!(at(&s, "br-phil"), Location::Track(6));
}
