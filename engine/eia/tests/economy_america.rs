//! Great Britain's victory points and American trade in the economic phase (option
//! `economic`): the British change in victory points (R8.1.2) and stopping American trade,
//! with war with the United States (R8.2.1.2.2.2.2), one test a rule, refusals included.

use crate::economy_support;
use crate::support;

use economy_support::*;
use grognard_eia::economy::{collection, victory};
use grognard_eia::{Command, Eia, Power};
use grognard_engine::{PlayerId, Ruleset};
use support::{ctx, rule_of, run};

#[test]
fn r8_1_2_britain_loses_points_for_each_dominant_power_it_leaves_in_peace() {
    let mut s = economic(9, &[]);
    // Prussia dominates at peace with Britain; France dominates at war with it.
    s.politics.status.insert(Power::Prussia, 22);
    s.politics.status.insert(Power::France, 23);
    assert_eq!(victory::unbalancing(ctx(), &s), vec![Power::Prussia]);
    let after = end_of_land_phase(s.clone());
    let per = ctx().economy.rules.british_balance;
    assert_eq!(after.economy.victory_of(Power::Britain), 3 + per, "Normal, less the balance lost to Prussia");
    assert_eq!(after.economy.victory_of(Power::Prussia), 5);
    assert_eq!(after.economy.victory_of(Power::France), 5);
    // Two powers in peace: twice the loss.
    s.politics.status.insert(Power::Turkey, 21);
    let after = end_of_land_phase(s.clone());
    assert_eq!(after.economy.victory_of(Power::Britain), 3 + 2 * per);
    // At war with Prussia and Turkey, Britain keeps the balance.
    s.relations.declare_war("britain", "prussia");
    s.relations.declare_war("britain", "turkey");
    assert!(victory::unbalancing(ctx(), &s).is_empty());
    let after = end_of_land_phase(s.clone());
    assert_eq!(after.economy.victory_of(Power::Britain), 3);
    // Britain's own dominance changes nothing.
    s.politics.status.insert(Power::Britain, 24);
    assert!(victory::unbalancing(ctx(), &s).is_empty());
    assert_eq!(end_of_land_phase(s).economy.victory_of(Power::Britain), 5);
}

#[test]
fn r8_2_1_2_2_2_2_a_decree_stops_american_trade_to_the_decreeing_power_s_enemies() {
    let s = until(expenditure(economic(9, &[])), Power::Britain);
    let legal = Eia.legal_commands(&s, PlayerId(s.player_of(Power::Britain).unwrap_or(0)));
    assert!(legal.iter().any(|c| c.to_string() == "stop american trade"), "{legal:?}");
    let s = ok(&s, Power::Britain, "stop american trade");
    assert!(s.economy.american_stopped.contains(&Power::Britain));
    // Refusals: twice, or by a power at war with nobody.
    assert_eq!(rule_of(run(&s, Power::Britain, "stop american trade", &[])), "8.2.1.2.2.2.2");
    let prussia = until(ok(&s, Power::Britain, "end"), Power::Prussia);
    assert_eq!(rule_of(run(&prussia, Power::Prussia, "stop american trade", &[])), "8.2.1.2.2.2.2");
    assert_eq!(rule_of(run(&prussia, Power::Prussia, "resume american trade", &[])), "8.2.1.2.2.2.2");
    // France and Spain, at war with Britain, lose half of their American trade (4 and 3).
    let france = collection::income(ctx(), &s, Power::France);
    assert_eq!((france.american_lost, france.overseas), (2, 2));
    let spain = collection::income(ctx(), &s, Power::Spain);
    assert_eq!((spain.american_lost, spain.overseas), (1, 2));
    let britain = collection::income(ctx(), &s, Power::Britain);
    assert_eq!((britain.american_lost, britain.overseas), (0, 61), "the decreeing power keeps its own");
    // Revoked, trade is whole again.
    let s = ok(&s, Power::Britain, "resume american trade");
    assert!(s.economy.american_stopped.is_empty());
    assert_eq!(collection::income(ctx(), &s, Power::France).overseas, 4);
    assert!(
        !Eia.legal_commands(&s, PlayerId(1))
            .iter()
            .any(|c| matches!(c, Command::Economic(_)) && c.to_string().contains("resume")),
        "nothing to resume"
    );
}

#[test]
fn r8_2_1_2_2_2_2_the_united_states_answer_a_decree_with_war_on_the_die() {
    let mut s = expenditure(economic(9, &[]));
    s.economy.american_stopped.insert(Power::Britain);
    let need = ctx().economy.rules.us_war_roll;
    // Ending the expenditure step rolls for Britain (the die of `need` - 1: a protest).
    let calm = end_phase(s.clone(), &[need - 1]);
    assert!(calm.economy.american_war.is_empty());
    assert!(calm.economy.american_stopped.contains(&Power::Britain), "the decree stays in force");
    let war = end_phase(s.clone(), &[need]);
    assert!(war.economy.american_war.contains(&Power::Britain));
    // The roll waits for a die: no die, no end.
    let last = until(s, Power::France);
    assert_eq!(rule_of(run(&last, Power::France, "end", &[])), "dice");
}

#[test]
fn r8_2_1_2_2_2_2_a_decree_lapses_when_its_power_is_at_war_with_no_major_power() {
    let mut s = expenditure(economic(9, &[]));
    s.economy.american_stopped.insert(Power::Britain);
    // Britain makes peace with France and Spain: its decree stops trade to nobody.
    s.relations.make_peace("britain", "france");
    s.relations.make_peace("britain", "spain");
    // No die is rolled for it, and the decree is gone.
    let after = end_phase(s, &[]);
    assert!(after.economy.american_stopped.is_empty(), "the decree lapsed");
    assert!(after.economy.american_war.is_empty());
}

#[test]
fn r8_2_1_2_2_2_2_war_with_the_united_states_costs_trade_money_and_victory_points() {
    let mut s = economic(9, &[]);
    s.economy.american_war.insert(Power::Britain);
    let i = collection::income(ctx(), &s, Power::Britain);
    let cost = ctx().economy.rules.us_war_money;
    assert_eq!((i.american_lost, i.overseas, i.american_war), (6, 55, cost));
    let before = money(&s, Power::Britain);
    let after = end_of_land_phase(s);
    assert_eq!(after.economy.victory_of(Power::Britain), 3 + ctx().economy.rules.us_war_points);
    let collected = after.economy.round.as_ref().map(|_| money(&after, Power::Britain) - before);
    assert_eq!(collected, Some(i.money()));
    assert_eq!(i.money(), i.home + i.held + i.domestic + 55 - cost);
}

#[test]
fn r8_2_1_2_2_2_2_peace_with_the_united_states_once_the_decree_is_revoked() {
    let mut s = expenditure(economic(9, &[]));
    s.economy.american_war.insert(Power::Britain);
    let need = ctx().economy.rules.us_peace_roll;
    let still = end_phase(s.clone(), &[need - 1]);
    assert!(still.economy.american_war.contains(&Power::Britain));
    let peace = end_phase(s.clone(), &[need]);
    assert!(peace.economy.american_war.is_empty());
    // With its decree still in force Britain rolls for nothing: no die is asked.
    s.economy.american_stopped.insert(Power::Britain);
    let on = end_phase(s, &[]);
    assert!(on.economy.american_war.contains(&Power::Britain));
}

#[test]
fn r8_2_1_2_2_2_2_the_roll_concerns_the_decreeing_power_and_the_records_round_trip() {
    let s = until(expenditure(economic(9, &[])), Power::Britain);
    assert!(grognard_eia::economy::concerns(ctx(), &s, &Command::End).is_empty(), "nobody rolls");
    let s = ok(&s, Power::Britain, "stop american trade");
    assert_eq!(grognard_eia::economy::concerns(ctx(), &s, &Command::End), vec![Power::Britain]);
    let mut s = s;
    s.economy.american_war.insert(Power::France);
    let json = serde_json::to_string(&s).unwrap_or_else(|e| panic!("{e}"));
    let back: grognard_eia::state::State = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, s);
    assert!(json.contains("american_stopped") && json.contains("american_war"), "{json}");
}
