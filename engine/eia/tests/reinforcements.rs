//! The army reinforcement step (5.2) and factor transfers (5.2.3, 7.3.3).

use crate::support;

use grognard_eia::command::Holder;
use grognard_eia::forces::Factors;
use grognard_eia::reinforcement::Due;
use grognard_eia::sequence::{LandStep, Phase, Sequence};
use grognard_eia::state::State;
use grognard_eia::{Eia, FactorKind, Power};
use grognard_engine::{Ruleset, Seats, Setup};
use support::*;

fn army_step(mut state: State, power: Power) -> State {
    let order = Sequence::order_of(Phase::ArmyReinforcement, &Power::ALL, 0);
    let index = order.iter().position(|p| *p == power).unwrap_or(0);
    state.sequence = Sequence { phase: Phase::ArmyReinforcement, order, index };
    state
}

#[test]
fn r5_2_1_1_a_corps_due_is_placed_in_its_area_and_refused_in_an_enemy_held_one() {
    let mut state = army_step(bare(), Power::France);
    state.due.insert(
        Power::France,
        vec![Due::Corps {
            corps: "fr-7".into(),
            nation: "france".into(),
            area: "alsace".into(),
            factors: Factors::of(&[(FactorKind::Infantry, 5)]),
            leaders: vec![],
            campaign: false,
        }],
    );
    let next = run(&state, Power::France, "place corps fr-7", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next.corps.get("fr-7").map(|c| c.area.as_str()), Some("alsace"));
    assert!(next.due.get(&Power::France).is_none_or(|d| d.is_empty()));
    corps(&mut state, "au-2", "austria", "alsace", 10);
    assert_eq!(rule_of(run(&state, Power::France, "place corps fr-7", &[])), "5.2.1.1");
    // Unplaceable, it is lost when the step ends.
    let ended = run(&state, Power::France, "end", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!ended.corps.contains_key("fr-7"));
}

#[test]
fn r5_2_2_reinforcements_may_not_be_delayed_and_fit_their_holder() {
    let mut state = army_step(bare(), Power::France);
    corps(&mut state, "fr-3", "france", "alsace", 10);
    state.due.insert(
        Power::France,
        vec![Due::Factors {
            nation: "france".into(),
            area: "alsace".into(),
            kind: FactorKind::Infantry,
            count: 4,
            campaign: false,
        }],
    );
    assert_eq!(rule_of(run(&state, Power::France, "end", &[])), "5.2.2");
    let next = run(&state, Power::France, "place 3 infantry in fr-3", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next.corps.get("fr-3").map(|c| c.factors.get(FactorKind::Infantry)), Some(13));
    let next = run(&next, Power::France, "place 1 infantry in city alsace", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next.garrisons.get("alsace").map(|g| g.factors.get(FactorKind::Infantry)), Some(1));
    assert!(run(&next, Power::France, "end", &[]).is_ok());
    // More than was due, or in another area: refused.
    assert_eq!(rule_of(run(&state, Power::France, "place 5 infantry in fr-3", &[])), "5.2.2.1");
    assert_eq!(rule_of(run(&state, Power::France, "place 1 cavalry in fr-3", &[])), "5.2.2.1");
}

#[test]
fn r2_4_2_1_1_a_corps_takes_no_more_than_its_card_box() {
    let mut state = army_step(bare(), Power::France);
    let card = ctx().cards.corps_card("fr-3").unwrap_or_else(|| panic!("fr-3's card"));
    let max = card.capacity.box_of(FactorKind::Infantry).map_or(0, |b| b.max);
    corps(&mut state, "fr-3", "france", "alsace", max);
    state.due.insert(
        Power::France,
        vec![Due::Factors {
            nation: "france".into(),
            area: "alsace".into(),
            kind: FactorKind::Infantry,
            count: 1,
            campaign: false,
        }],
    );
    assert_eq!(rule_of(run(&state, Power::France, "place 1 infantry in fr-3", &[])), "2.4.2.1.1");
}

#[test]
fn r5_2_3_corps_of_one_area_exchange_factors_and_an_emptied_corps_leaves() {
    let mut state = army_step(bare(), Power::France);
    corps(&mut state, "fr-3", "france", "alsace", 6);
    corps(&mut state, "fr-5", "france", "alsace", 2);
    corps(&mut state, "fr-6", "france", "lorraine", 2);
    let next =
        run(&state, Power::France, "transfer 2 infantry from fr-5 to fr-3", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next.corps.get("fr-3").map(|c| c.factors.total()), Some(8));
    assert!(!next.corps.contains_key("fr-5"));
    assert_eq!(rule_of(run(&state, Power::France, "transfer 1 infantry from fr-6 to fr-3", &[])), "5.2.3");
    assert_eq!(rule_of(run(&state, Power::France, "transfer 9 infantry from fr-5 to fr-3", &[])), "5.2.3");
    // Into the city garrison of the area.
    let next = run(&state, Power::France, "transfer 1 infantry from fr-3 to city alsace", &[])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next.garrisons.get("alsace").map(|g| g.factors.total()), Some(1));
}

#[test]
fn r7_3_3_1_2_detaching_never_empties_a_corps_and_7_3_3_2_cavalry_becomes_infantry() {
    let mut state = bare();
    state.sequence.phase = Phase::Land(LandStep::Movement);
    corps(&mut state, "fr-3", "france", "alsace", 2);
    if let Some(c) = state.corps.get_mut("fr-3") {
        c.factors.add(FactorKind::Cavalry, 1);
    }
    assert_eq!(rule_of(run(&state, Power::France, "transfer 1 infantry from fr-3 to fr-5", &[])), "input");
    let next = run(&state, Power::France, "transfer 1 cavalry from fr-3 to city alsace", &[])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next.garrisons.get("alsace").map(|g| g.factors.get(FactorKind::Infantry)), Some(1));
    let next = run(&next, Power::France, "transfer 1 infantry from fr-3 to city alsace", &[])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rule_of(run(&next, Power::France, "transfer 1 infantry from fr-3 to city alsace", &[])), "7.3.3.1.2");
}

#[test]
fn r5_2_4_demobilising_removes_corps_and_garrison_factors() {
    let mut state = army_step(bare(), Power::France);
    corps(&mut state, "fr-3", "france", "alsace", 6);
    let next = run(&state, Power::France, "demobilise fr-3", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!next.corps.contains_key("fr-3"));
    assert_eq!(rule_of(run(&state, Power::France, "demobilise au-1", &[])), "input");
    let mut land = state.clone();
    land.sequence.phase = Phase::Land(LandStep::Movement);
    assert_eq!(rule_of(run(&land, Power::France, "demobilise fr-3", &[])), "5.2.4");
}

#[test]
fn r5_2_5_scenario_money_arrives_every_month() {
    let eia = Eia;
    let info = eia.scenarios().into_iter().find(|s| s.id == "1805").unwrap_or_else(|| panic!("1805"));
    let seats = Seats::round_robin(&info.powers, 7).unwrap_or_else(|e| panic!("{e}"));
    let state = eia.setup(&Setup::scenario("1805"), &seats).unwrap_or_else(|e| panic!("{e}"));
    let s = &ctx().scenarios[0];
    for (power, p) in &state.powers {
        let m = s.money.get(power).copied().unwrap_or_default();
        assert_eq!(p.money, i32::from(m.start) + i32::from(m.monthly), "{power}");
    }
    let _ = Holder::City(String::new());
}
