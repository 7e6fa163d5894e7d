//! The optional rules of the economic phase: economic manipulation (option 12.5,
//! `economic-manipulation`, R8.4.2) and militia conversion (option 12.1.1,
//! `militia-conversion`, R8.5.6), one test a rule, refusals included.

use crate::economy_support;
use crate::support;

use economy_support::*;
use grognard_eia::economy::{economic_manipulation, maintenance, EconomicStep};
use grognard_eia::forces::Factors;
use grognard_eia::state::Garrison;
use grognard_eia::{Eia, FactorKind, Power};
use grognard_engine::{PlayerId, Ruleset};
use support::{ctx, rule_of, run};

const MANIPULATION: &str = "economic-manipulation";
const CONVERSION: &str = "militia-conversion";

/// In the manipulation step (option 12.5), every loan passed.
fn manipulation(s: grognard_eia::state::State) -> grognard_eia::state::State {
    let s = end_while(end_of_land_phase(s), EconomicStep::Lending, &[]);
    assert_eq!(step(&s), Some(EconomicStep::Manipulation));
    s
}

#[test]
fn r8_4_2_without_the_option_nobody_acts_in_the_manipulation_step() {
    let s = end_while(end_of_land_phase(economic(9, &[])), EconomicStep::Lending, &[]);
    assert_eq!(step(&s), Some(EconomicStep::Expenditure), "the manipulation step passed by itself");
    assert_eq!(rule_of(run(&s, acting(&s), "raise taxes", &[])), "3.5", "not a command of the expenditure step");
    // The option removed in the step itself: refused by its rule.
    let mut s = manipulation(economic(9, &[MANIPULATION]));
    s.options.retain(|o| o != MANIPULATION);
    assert_eq!(rule_of(run(&s, acting(&s), "raise taxes", &[])), "8.4.2");
}

#[test]
fn r8_4_2_a_power_raises_taxes_for_money_and_manpower_at_a_cost_in_political_points() {
    let s = manipulation(economic(9, &[MANIPULATION]));
    assert_eq!(acting(&s), Power::Spain);
    let legal: Vec<String> = Eia
        .legal_commands(&s, PlayerId(s.player_of(Power::Spain).unwrap_or(0)))
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert!(legal.contains(&"raise taxes".to_string()) && legal.contains(&"lower taxes".to_string()), "{legal:?}");
    let (spain, britain) = (money(&s, Power::Spain), money(&s, Power::Britain));
    let (spain_men, britain_men) = (s.economy.manpower_of(Power::Spain), s.economy.manpower_of(Power::Britain));
    let s = ok(&s, Power::Spain, "raise taxes");
    assert_eq!(s.economy.manipulation_of(Power::Spain), 1);
    assert_eq!(rule_of(run(&s, Power::Spain, "raise taxes", &[])), "8.4.2", "one box a phase");
    assert_eq!(rule_of(run(&s, Power::Spain, "lower taxes", &[])), "8.4.2", "one box a phase");
    let s = ok(&ok(&s, Power::Spain, "end"), Power::Britain, "lower taxes");
    assert_eq!(s.economy.manipulation_of(Power::Britain), -1);
    let s = end_while(s, EconomicStep::Manipulation, &[]);
    assert_eq!(step(&s), Some(EconomicStep::Expenditure));
    let (per_money, per_men) = economic_manipulation::per_box(ctx(), Power::Spain);
    assert_eq!(per_money, 3, "a tenth of Spain's printed tax value of 32");
    assert_eq!(maintenance::upkeep(ctx(), &s, "spain"), 0);
    assert_eq!(maintenance::upkeep(ctx(), &s, "britain"), 0);
    let points = ctx().economy.rules.manipulation_points;
    assert_eq!(money(&s, Power::Spain), spain + per_money);
    assert_eq!(s.economy.manpower_of(Power::Spain), spain_men + per_men);
    assert_eq!(s.powers[&Power::Spain].political, points);
    let (b_money, b_men) = economic_manipulation::per_box(ctx(), Power::Britain);
    assert_eq!(money(&s, Power::Britain), britain - b_money);
    assert_eq!(s.economy.manpower_of(Power::Britain), britain_men - b_men);
    assert_eq!(s.powers[&Power::Britain].political, -points, "lower taxes win points");
}

#[test]
fn r8_4_2_the_marker_stays_within_the_display() {
    let mut s = economic(9, &[MANIPULATION]);
    let limit = ctx().economy.rules.manipulation_limit;
    s.economy.manipulation.insert(Power::Spain, limit);
    let s = manipulation(s);
    assert_eq!(rule_of(run(&s, Power::Spain, "raise taxes", &[])), "8.4.2");
    let legal: Vec<String> = Eia
        .legal_commands(&s, PlayerId(s.player_of(Power::Spain).unwrap_or(0)))
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert!(!legal.contains(&"raise taxes".to_string()), "{legal:?}");
    let s = ok(&s, Power::Spain, "lower taxes");
    assert_eq!(s.economy.manipulation_of(Power::Spain), limit - 1);
    // The marker stays from phase to phase: it still yields after the step.
    let s = end_while(s, EconomicStep::Manipulation, &[]);
    assert_eq!(s.economy.manipulation_of(Power::Spain), limit - 1);
}

/// The expenditure step with a French militia garrison of 6 in Paris and one in Munich.
fn garrisoned(options: &[&str]) -> grognard_eia::state::State {
    let mut s = economic(9, options);
    for area in ["paris", "munich"] {
        s.garrisons.insert(
            area.into(),
            Garrison { nation: "france".into(), factors: Factors::of(&[(FactorKind::Militia, 6)]) },
        );
    }
    until(expenditure(s), Power::France)
}

#[test]
fn r8_5_6_militia_converts_at_home_only() {
    let s = garrisoned(&[CONVERSION]);
    let legal: Vec<String> = Eia
        .legal_commands(&s, PlayerId(s.player_of(Power::France).unwrap_or(0)))
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert!(legal.contains(&"convert 1 militia at paris".to_string()), "{legal:?}");
    assert!(!legal.iter().any(|c| c.contains("munich")), "Munich is Bavarian: {legal:?}");
    assert_eq!(rule_of(run(&s, Power::France, "convert 1 militia at munich", &[])), "8.5.6");
    assert_eq!(rule_of(run(&s, Power::France, "convert 1 militia at atlantis", &[])), "input", "no such area");
    assert_eq!(rule_of(run(&s, Power::France, "convert 7 militia at paris", &[])), "8.5.6", "6 militia there");
    assert_eq!(rule_of(run(&s, Power::France, "convert 1 militia at lyon", &[])), "8.5.6", "no garrison");
    let before = money(&s, Power::France);
    let s = ok(&s, Power::France, "convert 2 militia at paris");
    let g = &s.garrisons["paris"].factors;
    assert_eq!((g.get(FactorKind::Militia), g.get(FactorKind::Infantry)), (4, 2));
    assert_eq!(money(&s, Power::France), before - 2 * ctx().economy.rules.conversion_money);
}

#[test]
fn r8_5_6_militia_conversion_is_limited_paid_and_optional() {
    let s = garrisoned(&[CONVERSION]);
    let limit = ctx().economy.rules.conversion_limit;
    let s = ok(&s, Power::France, &format!("convert {limit} militia at paris"));
    assert_eq!(rule_of(run(&s, Power::France, "convert 1 militia at paris", &[])), "8.5.6", "the phase's limit");
    // Not without the money.
    let mut poor = garrisoned(&[CONVERSION]);
    if let Some(p) = poor.powers.get_mut(&Power::France) {
        p.money = 1;
    }
    assert_eq!(rule_of(run(&poor, Power::France, "convert 1 militia at paris", &[])), "8.5.6");
    // Not in debt (R8.5.2).
    let mut owing = garrisoned(&[CONVERSION]);
    owing.economy.debts.insert(Power::France, 5);
    assert_eq!(rule_of(run(&owing, Power::France, "convert 1 militia at paris", &[])), "R8.5.2");
    // Not without the option.
    let plain = garrisoned(&[]);
    assert_eq!(rule_of(run(&plain, Power::France, "convert 1 militia at paris", &[])), "8.5.6");
    let legal: Vec<String> = Eia
        .legal_commands(&plain, PlayerId(plain.player_of(Power::France).unwrap_or(0)))
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert!(!legal.iter().any(|c| c.starts_with("convert")), "{legal:?}");
}

#[test]
fn r8_4_2_r8_5_6_the_marker_and_the_conversions_round_trip() {
    let mut s = garrisoned(&[CONVERSION, MANIPULATION]);
    s.economy.manipulation.insert(Power::Turkey, -2);
    let s = ok(&s, Power::France, "convert 1 militia at paris");
    let json = serde_json::to_string(&s).unwrap_or_else(|e| panic!("{e}"));
    let back: grognard_eia::state::State = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, s);
    assert_eq!(back.economy.manipulation_of(Power::Turkey), -2);
    assert!(json.contains("converted"), "{json}");
}
