//! Sieges: besieging (7.3.7.1), besieged supply (7.4.5) and assaults (R7.5.4.1).

mod support;

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
