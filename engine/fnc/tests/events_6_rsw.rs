//! The RSW Random Events Table (6.4): Norwegian Front, Naval Victory, Command Shake-up,
//! Truce, Volunteers and Uprising, with their limits and the choices they leave.

use crate::logistics_common;

use grognard_fnc::state::Effect;
use grognard_fnc::{Decision, DecisionKind, Location};
use logistics_common::*;

const UNITS: &str = "hex 1412: sw-sk sw-ost\nhex 1409: ru-5-1\ntrack 5: sw-jc\n";

fn events_phase(turn: u8, extra: &str) -> (grognard_fnc::Ctx, grognard_fnc::State) {
    in_phase(rsw(), turn, "random-events", "russian", &format!("{UNITS}{extra}"))
}

#[test]
fn rule_6_4_naval_victory_gives_two_vp_and_is_once_per_game() {
    let (ctx, state) = events_phase(3, "");
    let before = state.vp[RU.index()].event;
    let out = ok(&ctx, &state, RU, "roll", &[2, 5]);
    assert!(out.state.has_effect(&Effect::NavalVictory(RU)));
    assert_eq!(out.state.vp[RU.index()].event, before + 2);
    let out = ok(&ctx, &state, RU, "roll", &[2, 3]);
    assert!(out.state.has_effect(&Effect::NavalVictory(SW)));
    let (ctx, state) = events_phase(4, "event 3 naval-victory\neffect naval-victory swedish\n");
    let out = ok(&ctx, &state, RU, "roll", &[2]);
    assert!(out.text().contains("No Event"));
    assert!(!out.state.has_effect(&Effect::NavalVictory(RU)));
}

#[test]
fn rule_6_4_command_shake_up_halves_the_rolled_side() {
    let (ctx, state) = events_phase(3, "");
    let out = ok(&ctx, &state, RU, "roll", &[3, 2]);
    assert!(out.state.has_effect(&Effect::MovementHalved(SW)));
    let out = ok(&ctx, &state, RU, "roll", &[3, 3]);
    assert!(out.state.has_effect(&Effect::MovementHalved(RU)));
}

#[test]
fn rule_6_4_truce_this_turn_but_no_event_if_first_rolled_on_the_last_turn() {
    let (ctx, state) = events_phase(5, "");
    let out = ok(&ctx, &state, RU, "roll", &[4]);
    assert!(out.state.has_effect(&Effect::Truce));
    let (ctx, state) = events_phase(8, "");
    let out = ok(&ctx, &state, RU, "roll", &[4]);
    assert!(!out.state.has_effect(&Effect::Truce));
    assert!(out.text().contains("No Event"), "{}", out.text());
}

#[test]
fn rule_6_4_volunteers_one_militia_placed_at_once() {
    let (ctx, state) = events_phase(3, "");
    let out = ok(&ctx, &state, RU, "roll", &[5]);
    let Some(Decision { by, kind: DecisionKind::Place { units, count, .. } }) = &out.state.decision else {
        panic!("a placement is owed: {:?}", out.state.decision)
    };
    assert_eq!(*by, SW);
    assert_eq!(*count, 1);
    assert_eq!(units, &vec!["sw-mil-1".to_string(), "sw-mil-2".into(), "sw-mil-3".into()]);
    assert_eq!(refused_rule(&ctx, &out.state, SW, "enter sw-mil-2 1612", &[]), "8.10");
    let placed = ok(&ctx, &out.state, SW, "enter sw-mil-2 1412", &[]);
    assert_eq!(at(&placed.state, "sw-mil-2"), Location::Hex(hex("1412")));
    assert_eq!(at(&placed.state, "sw-mil-1"), Location::Pool);
    assert_eq!(placed.state.decision, None);
}

#[test]
fn rule_6_4_uprising_as_many_militia_as_rolled_if_available() {
    let (ctx, state) = events_phase(3, "");
    let out = ok(&ctx, &state, RU, "roll", &[6, 5]);
    assert!(
        matches!(&out.state.decision, Some(Decision { kind: DecisionKind::Place { count: 3, .. }, .. })),
        "only three exist"
    );
    let a = ok(&ctx, &out.state, SW, "enter sw-mil-1 swedish", &[]);
    // The rest may be withheld (8.2).
    let b = ok(&ctx, &a.state, SW, "end", &[]);
    assert_eq!(b.state.decision, None);
    assert_eq!(at(&b.state, "sw-mil-1"), Location::Box("swedish".into()));
    assert_eq!(at(&b.state, "sw-mil-2"), Location::Pool);
}

#[test]
fn rule_6_4_norwegian_front_winning_brings_a_future_reinforcement_to_the_box() {
    let (ctx, state) = events_phase(3, "");
    let out = ok(&ctx, &state, RU, "roll", &[1, 2]);
    let Some(Decision { kind: DecisionKind::Place { units, count: 1, .. }, .. }) = &out.state.decision else {
        panic!("a placement is owed: {:?}", out.state.decision)
    };
    assert!(units.contains(&"sw-jc".to_string()), "recyclers count: {units:?}");
    assert!(units.contains(&"sw-res".to_string()));
    assert_eq!(refused_rule(&ctx, &out.state, SW, "enter sw-jc 1412", &[]), "6.4");
    let placed = ok(&ctx, &out.state, SW, "enter sw-jc swedish", &[]);
    assert_eq!(at(&placed.state, "sw-jc"), Location::Box("swedish".into()));
    assert_eq!(placed.state.decision, None);
}

#[test]
fn rule_6_4_norwegian_front_losing_recycles_a_unit_of_strength_three_or_more() {
    let (ctx, state) = events_phase(3, "");
    let out = ok(&ctx, &state, RU, "roll", &[1, 6]);
    assert!(
        matches!(&out.state.decision, Some(Decision { by, kind: DecisionKind::Recycle { count: 1, min_strength: 3, .. } }) if *by == SW)
    );
    assert_eq!(refused_rule(&ctx, &out.state, SW, "remove sw-ost", &[2]), "6.4");
    assert_eq!(refused_rule(&ctx, &out.state, SW, "remove sw-sk,sw-jc", &[2, 2]), "6.4");
    let done = ok(&ctx, &out.state, SW, "remove sw-sk", &[2]);
    assert_eq!(at(&done.state, "sw-sk"), Location::Track(5));
    let (ctx, state) = events_phase(4, "event 3 norwegian-front\n");
    assert!(ok(&ctx, &state, RU, "roll", &[1]).text().contains("No Event"));
}

#[test]
fn rule_8_3_event_reinforcements_are_placed_at_once_under_the_regular_restrictions() {
    use grognard_engine::ScriptedDice;
    use grognard_fnc::{ruleset, Command, Phase};
    let (ctx, state) = events_phase(3, "control russian: 1406\n");
    let mut dice = ScriptedDice::new(&[5]);
    let rolled = ruleset::apply_command(&ctx, &state, RU, &Command::Roll, &mut dice).expect("the events roll");
    assert_eq!(rolled.state.phase, Phase::RandomEvents, "the Swedes place their militia first");
    // In the Russian player's Random Events Phase, the Swedish militia goes where 8.10 allows.
    assert_eq!(refused_rule(&ctx, &rolled.state, SW, "enter sw-mil-1 1406", &[]), "8.10");
    let mut no_dice = ScriptedDice::new(&[]);
    let placed = ruleset::apply_command(
        &ctx,
        &rolled.state,
        SW,
        &Command::parse("enter sw-mil-1 1412").expect("a command"),
        &mut no_dice,
    )
    .expect("placed at once");
    assert_eq!(at(&placed.state, "sw-mil-1"), Location::Hex(hex("1412")));
    assert_eq!(placed.state.phase, Phase::Reinforcement, "the phase ends once the choice is made");
}
