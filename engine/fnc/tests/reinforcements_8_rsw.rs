//! RSW reinforcements (8.2, 8.9, 8.10): the Russian schedule into the box, contingency
//! divisions, Swedish entry, the Gulf of Finland after a Russian naval victory, stacking.

use crate::logistics_common;

use grognard_fnc::Location;
use logistics_common::*;

fn russian(turn: u8, extra: &str) -> (grognard_fnc::Ctx, grognard_fnc::State) {
    in_phase(rsw(), turn, "reinforcement", "russian", &format!("hex 1612: ru-5-1\n{extra}"))
}

fn swedish(turn: u8, extra: &str) -> (grognard_fnc::Ctx, grognard_fnc::State) {
    in_phase(rsw(), turn, "reinforcement", "swedish", extra)
}

#[test]
fn rule_8_9_russian_reinforcements_enter_into_their_box() {
    let (ctx, state) = russian(2, "");
    assert_eq!(at(&state, "ru-6-1"), Location::Track(2));
    assert_eq!(refused_rule(&ctx, &state, RU, "enter ru-6-1 1612", &[]), "8.9");
    let out = ok(&ctx, &state, RU, "enter ru-6-1 russian", &[]);
    assert_eq!(at(&out.state, "ru-6-1"), Location::Box("russian".into()));
    let (ctx, early) = russian(1, "");
    assert_eq!(refused_rule(&ctx, &early, RU, "enter ru-6-1 russian", &[]), "8.2");
}

#[test]
fn rule_8_9_contingency_divisions_whole_on_turns_6_to_8_two_vp_each_to_sweden() {
    let (ctx, state) = russian(5, "");
    assert_eq!(refused_rule(&ctx, &state, RU, "commit 2", &[]), "8.9");
    let (ctx, state) = russian(6, "");
    let swedes = state.vp[SW.index()].event;
    let out = ok(&ctx, &state, RU, "commit 2", &[]);
    assert_eq!(at(&out.state, "ru-2-1"), Location::Box("russian".into()));
    assert_eq!(at(&out.state, "ru-2-2"), Location::Box("russian".into()));
    assert_eq!(at(&out.state, "ru-4-1"), Location::Contingency);
    assert_eq!(out.state.vp[SW.index()].event, swedes + 2);
    assert_eq!(refused_rule(&ctx, &out.state, RU, "commit 4", &[]), "8.9", "one division a turn");
    assert_eq!(refused_rule(&ctx, &out.state, RU, "commit 2", &[]), "8.9", "already in play");
    let mut next = out.state.clone();
    next.turn = 7;
    let both = ok(&ctx, &next, RU, "commit 4", &[]);
    assert_eq!(both.state.vp[SW.index()].event, swedes + 4);
}

#[test]
fn rule_8_10_swedish_units_enter_at_controlled_supplied_finnish_towns_or_their_box() {
    let (ctx, state) = swedish(3, "track 3: sw-ost\n");
    assert_eq!(refused_rule(&ctx, &state, SW, "enter sw-ost 1612", &[]), "8.10");
    assert_eq!(refused_rule(&ctx, &state, SW, "enter sw-ost russian", &[]), "8.10");
    assert!(run(&ctx, &state, SW, "enter sw-ost 1412", &[]).is_ok());
    assert!(run(&ctx, &state, SW, "enter sw-ost swedish", &[]).is_ok());
    let (ctx, taken) = swedish(3, "track 3: sw-ost\ncontrol russian: 1412\n");
    assert_eq!(refused_rule(&ctx, &taken, SW, "enter sw-ost 1412", &[]), "8.10");
}

#[test]
fn rule_8_10_after_a_russian_naval_victory_gulf_of_finland_locales_need_an_overland_line() {
    // Sveaborg (its garrison gone) and 1406 are Russian: no Swedish source line reaches 1309.
    let body = "track 3: sw-ost\neliminated: sw-fort-sveaborg\ncontrol russian: 1210 1406\n";
    let (ctx, before) = swedish(3, body);
    assert!(run(&ctx, &before, SW, "enter sw-ost 1309", &[]).is_ok(), "supplied by its port");
    let (ctx, after) = swedish(3, &format!("{body}effect naval-victory russian\n"));
    assert_eq!(refused_rule(&ctx, &after, SW, "enter sw-ost 1309", &[]), "8.10");
}

#[test]
fn rule_8_2_stacking_limits_hold_for_arrivals() {
    let (ctx, state) = swedish(3, "hex 1412: sw-sk sw-ost sw-res sw-mil-1 sw-mil-2 sw-mil-3\ntrack 3: sw-jc\n");
    assert_eq!(refused_rule(&ctx, &state, SW, "enter sw-jc 1412", &[]), "7.1");
    assert!(run(&ctx, &state, SW, "enter sw-jc swedish", &[]).is_ok(), "no limit in a box");
}

#[test]
fn rule_8_9_a_committed_division_in_a_position_still_counts_for_the_turn() {
    let (ctx, state) = russian(6, "box russian: ru-2-1 ru-2-2\ncommitted 6 2\n");
    assert_eq!(state.logistics.committed, vec![(6, "2".to_string())]);
    assert_eq!(refused_rule(&ctx, &state, RU, "commit 4", &[]), "8.9");
    let printed = grognard_fnc::position::print(&ctx, &state);
    assert!(printed.contains("committed 6 2"), "{printed}");
}
