//! Sieges: besieging (7.3.7.1), besieged supply (7.4.5) and assaults (R7.5.4.1).

use crate::support;

use grognard_eia::forces::Factors;
use grognard_eia::sequence::{LandStep, Phase, Sequence};
use grognard_eia::state::{Garrison, State};
use grognard_eia::{FactorKind, Power};
use support::*;

/// French corps in the field of the Breisgau, an Austrian garrison of `n` in Freiburg.
fn before_freiburg(n: u16) -> State {
    let mut state = bare();
    state.occupied.insert("breisgau".into(), "austria".into());
    corps(&mut state, "fr-3", "france", "breisgau", 12);
    state.garrisons.insert(
        "breisgau".into(),
        Garrison { nation: "austria".into(), factors: Factors::of(&[(FactorKind::Infantry, n)]) },
    );
    state
}

#[test]
fn r7_3_7_1_corps_in_the_field_besiege_an_enemy_city_holding_forces() {
    let state = before_freiburg(3);
    let next = run(&state, Power::France, "besiege breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(next.besieged("breisgau"));
    assert_eq!(rule_of(run(&next, Power::France, "besiege breisgau", &[])), "7.3.7.1");
    assert_eq!(rule_of(run(&state, Power::France, "besiege alsace", &[])), "7.3.7.1");
    // An empty enemy city is entered, not besieged.
    let mut empty = state.clone();
    empty.garrisons.clear();
    assert_eq!(rule_of(run(&empty, Power::France, "besiege breisgau", &[])), "7.3.7.1");
    // The siege is lifted when the besiegers leave (7.5.4).
    let gone = run(&next, Power::France, "move fr-3 to alsace", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!gone.besieged("breisgau"));
}

#[test]
fn r7_4_5_the_besieged_live_on_the_city_and_starve_above_its_supply_value() {
    let mut state = run(&before_freiburg(3), Power::France, "besiege breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    // Austria's supply step: Freiburg (supply value 1) rolls 4 with no modifier (3 factors):
    // three factors lost, nobody left: the city falls to the besiegers (7.4.5.2).
    let order = Sequence::order_of(Phase::Land(LandStep::Supply), &Power::ALL, 0);
    let index = order.iter().position(|p| *p == Power::Austria).unwrap_or(0);
    state.sequence = Sequence { phase: Phase::Land(LandStep::Supply), order, index };
    state.book = Default::default();
    let supply = ctx().map.city("breisgau").map_or(0, |c| c.supply);
    let next = run(&state, Power::Austria, "end", &[4]).unwrap_or_else(|e| panic!("{e}"));
    let lost = 4u16.saturating_sub(u16::from(supply)).min(3);
    let left = next.garrisons.get("breisgau").map_or(0, |g| g.factors.total());
    assert_eq!(left, 3 - lost);
    if left == 0 {
        assert!(!next.besieged("breisgau"));
        assert_eq!(next.occupied.get("breisgau").map(String::as_str), Some("france"));
    }
}

#[test]
fn r7_5_4_1_reconstructed_an_assault_storms_the_city_once_a_step() {
    let mut state = run(&before_freiburg(1), Power::France, "besiege breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    state.sequence.phase = Phase::Land(LandStep::Combat);
    assert_eq!(rule_of(run(&state, Power::France, "assault alsace", &[6, 1])), "7.5.4.1");
    let next = run(&state, Power::France, "assault breisgau", &[6, 1]).unwrap_or_else(|e| panic!("{e}"));
    let inside = next.garrisons.get("breisgau").map_or(0, |g| g.factors.total());
    if inside == 0 {
        assert_eq!(next.occupied.get("breisgau").map(String::as_str), Some("france"), "the city falls");
        assert!(!next.besieged("breisgau"));
    } else {
        assert_eq!(rule_of(run(&next, Power::France, "assault breisgau", &[6, 1])), "R7.5.4.1");
    }
    // Legal, waiting for dice.
    assert_eq!(rule_of(run(&state, Power::France, "assault breisgau", &[])), "dice");
}

/// Freiburg besieged by fr-3 (12 factors), in Austria's land combat step, with `inside`
/// Austrian garrison factors and corps au-2 of `corps` factors inside the city.
fn sally_ready(inside: u16, corps_inside: u16) -> State {
    let mut state =
        run(&before_freiburg(inside), Power::France, "besiege breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    if corps_inside > 0 {
        corps(&mut state, "au-2", "austria", "breisgau", corps_inside);
        if let Some(c) = state.corps.get_mut("au-2") {
            c.in_city = true;
        }
    }
    let order = Sequence::order_of(Phase::Land(LandStep::Combat), &Power::ALL, 0);
    let index = order.iter().position(|p| *p == Power::Austria).unwrap_or(0);
    state.sequence = Sequence { phase: Phase::Land(LandStep::Combat), order, index };
    state.book = Default::default();
    state
}

fn chits(state: &State, attacker: &str, defender: &str, faces: &[u32]) -> State {
    use grognard_eia::command::Command;
    use grognard_engine::{PlayerId, ScriptedDice};
    let player = |p: Power| PlayerId(state.player_of(p).unwrap_or(0));
    let choices = [
        (player(Power::Austria), Command::parse(attacker).unwrap_or_else(|e| panic!("{e}"))),
        (player(Power::France), Command::parse(defender).unwrap_or_else(|e| panic!("{e}"))),
    ];
    let mut dice = ScriptedDice::new(faces);
    let mut next = grognard_eia::ruleset::apply_sealed(ctx(), state, &choices, &mut dice)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .state;
    // An undecided day is followed by another with the same chits and dice (R7.5.2.13.2).
    if next.battle.is_some() {
        let mut dice = ScriptedDice::new(faces);
        next = grognard_eia::ruleset::apply_sealed(ctx(), &next, &choices, &mut dice)
            .unwrap_or_else(|e| panic!("{e:?}"))
            .state;
    }
    next
}

#[test]
fn r7_5_4_2_the_besieged_attack_the_besiegers_once_a_step_with_sealed_chits() {
    let state = sally_ready(4, 10);
    // Not in another step, not from an unbesieged city, not for a power with nobody inside.
    let mut moving = state.clone();
    moving.sequence.phase = Phase::Land(LandStep::Movement);
    assert_eq!(rule_of(run(&moving, Power::Austria, "sally breisgau", &[])), "7.5.4.2");
    assert_eq!(rule_of(run(&state, Power::Austria, "sally alsace", &[])), "7.5.4.2");
    let started = run(&state, Power::Austria, "sally breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    let battle = started.battle.clone().unwrap_or_else(|| panic!("no battle"));
    assert!(battle.sally);
    assert_eq!(battle.attackers, vec!["au-2".to_string()]);
    assert_eq!(battle.defenders, vec!["fr-3".to_string()]);
    assert!(matches!(grognard_eia::ruleset::pending(ctx(), &started), grognard_engine::Pending::Sealed { .. }));
    // Once a step (R7.5.4.2).
    let mut again = started.clone();
    again.battle = None;
    assert_eq!(rule_of(run(&again, Power::Austria, "sally breisgau", &[])), "R7.5.4.2");
}

#[test]
fn r7_5_4_2_a_winning_sally_lifts_the_siege_and_a_beaten_one_goes_back_inside() {
    let state = run(&sally_ready(4, 10), Power::Austria, "sally breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    // The besieged roll high, the besiegers low.
    let won = chits(&state, "chit assault", "chit defend", &[6, 1, 6, 1, 6, 1, 6, 1]);
    assert!(won.battle.is_none());
    assert_ne!(won.corps.get("fr-3").map(|c| c.area.as_str()), Some("breisgau"), "the besiegers fall back");
    assert!(!won.besieged("breisgau"), "the siege is lifted");
    assert!(won.corps.get("au-2").is_some_and(|c| c.in_city && c.area == "breisgau"));
    // The besieged roll low: the sally is thrown back, the siege goes on.
    let lost = chits(&state, "chit assault", "chit defend", &[1, 6, 1, 6, 1, 6, 1, 6]);
    assert!(lost.besieged("breisgau"));
    assert_eq!(lost.corps.get("fr-3").map(|c| c.area.as_str()), Some("breisgau"));
    if let Some(c) = lost.corps.get("au-2") {
        assert!(c.in_city && c.area == "breisgau", "back behind the walls");
    }
    // The garrison fights too: some of its factors may fall, never more than it had.
    assert!(lost.garrisons.get("breisgau").map_or(0, |g| g.factors.total()) <= 4);
    // Never trivial: one factor against twelve is still fought, with dice (7.5.1.3).
    let few = run(&sally_ready(1, 0), Power::Austria, "sally breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    let choices = [
        (
            grognard_engine::PlayerId(few.player_of(Power::Austria).unwrap_or(0)),
            grognard_eia::command::Command::parse("chit assault").unwrap_or_else(|e| panic!("{e}")),
        ),
        (
            grognard_engine::PlayerId(few.player_of(Power::France).unwrap_or(0)),
            grognard_eia::command::Command::parse("chit defend").unwrap_or_else(|e| panic!("{e}")),
        ),
    ];
    let mut none = grognard_engine::ScriptedDice::new(&[]);
    let needs = grognard_eia::ruleset::apply_sealed(ctx(), &few, &choices, &mut none);
    assert!(matches!(needs, Err(grognard_engine::ApplyError::NeedDice)), "fought, not trivial");
}

#[test]
fn r7_5_4_2_3_reconstructed_a_relieving_force_fights_with_the_besieged_who_stay_inside() {
    // Freiburg: 4 Austrian garrison factors and au-2 (10) inside, besieged by fr-3 (12); au-3
    // (10) marches in from Ulm to relieve it, in Austria's land phase.
    let mut state = sally_ready(4, 10);
    corps(&mut state, "au-3", "austria", "breisgau", 10);
    let started = run(&state, Power::Austria, "battle breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    let battle = started.battle.clone().unwrap_or_else(|| panic!("no battle"));
    assert!(battle.relief && !battle.sally);
    assert_eq!(battle.attackers, vec!["au-2".to_string(), "au-3".to_string()]);
    // Beaten, the relief falls back and the besieged stay inside.
    let lost = chits(&started, "chit assault", "chit defend", &[1, 6, 1, 6, 1, 6, 1, 6]);
    assert!(lost.besieged("breisgau"), "the siege goes on");
    assert_ne!(lost.corps.get("au-3").map(|c| c.area.as_str()), Some("breisgau"), "the relief falls back");
    if let Some(c) = lost.corps.get("au-2") {
        assert!(c.in_city && c.area == "breisgau", "the besieged stay behind the walls");
    }
    // Winning, it lifts the siege.
    let won = chits(&started, "chit assault", "chit defend", &[6, 1, 6, 1, 6, 1, 6, 1]);
    assert!(!won.besieged("breisgau"));
    assert!(won.corps.get("au-2").is_some_and(|c| c.in_city));
}
