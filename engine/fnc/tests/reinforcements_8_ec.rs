//! EC reinforcements (8.1-8.8, 8.13 with errata 4A): the French cup draw and placement, the
//! Ottoman die-minus-two roll, random draws and areas, the minus-one return to the
//! container, recycled units coming back, the British.

use crate::logistics_common;

use grognard_engine::ApplyError;
use grognard_fnc::{Decision, DecisionKind, Location};
use logistics_common::*;

fn french(turn: u8, extra: &str) -> (grognard_fnc::Ctx, grognard_fnc::State) {
    in_phase(ec(), turn, "reinforcement", "french", &format!("hex 0808: fr-1-1\n{extra}"))
}

fn ottoman(turn: u8, extra: &str) -> (grognard_fnc::Ctx, grognard_fnc::State) {
    in_phase(ec(), turn, "reinforcement", "ottoman", &format!("hex 1203: ot-jn-1\n{extra}"))
}

#[test]
fn rule_8_1_no_reinforcements_on_game_turn_1() {
    let (ctx, state) = french(1, "");
    assert_eq!(refused_rule(&ctx, &state, FR, "roll", &[1]), "8.1");
}

#[test]
fn rule_8_4_the_french_draw_one_unit_from_the_cup_each_turn() {
    let (ctx, state) = french(2, "");
    // The cup holds fr-dc, fr-gb and fr-mar (id order); a d3 picks one.
    assert_eq!(refused_rule(&ctx, &state, FR, "enter fr-gb 0808", &[]), "8.2");
    let out = ok(&ctx, &state, FR, "roll", &[2]);
    assert_eq!(at(&out.state, "fr-gb"), Location::Track(2));
    assert_eq!(at(&out.state, "fr-dc"), Location::Pool);
    assert!(out.text().contains("d3 rolled 2"), "{}", out.text());
    assert_eq!(refused_rule(&ctx, &out.state, FR, "roll", &[1]), "8.2", "one draw a turn");
    let last = position(&ctx, "turn 4\nphase reinforcement\nphasing french\nhex 0808: fr-1-1\ntrack 3: fr-dc fr-gb\n");
    let out = ok(&ctx, &last, FR, "roll", &[]);
    assert_eq!(out.used, 0, "no die for the last unit in the cup");
    assert_eq!(at(&out.state, "fr-mar"), Location::Track(4));
}

#[test]
fn rule_8_4_french_units_enter_at_a_french_controlled_and_supplied_town_in_egypt() {
    let (ctx, state) = french(3, "track 3: fr-dc\ncontrol french: 0808 2805\n");
    let drawn = ok(&ctx, &state, FR, "roll", &[1]);
    let s = drawn.state;
    assert_eq!(refused_rule(&ctx, &s, FR, "enter fr-dc 1203", &[]), "8.4", "Cairo is Ottoman");
    assert_eq!(refused_rule(&ctx, &s, FR, "enter fr-dc 2805", &[]), "8.4", "Damascus is not in Egypt");
    assert_eq!(refused_rule(&ctx, &s, FR, "enter fr-dc 0809", &[]), "8.4", "not a town");
    assert_eq!(refused_rule(&ctx, &s, FR, "enter fr-dc anatolia", &[]), "8.4");
    let entered = ok(&ctx, &s, FR, "enter fr-dc 0808", &[]);
    assert_eq!(at(&entered.state, "fr-dc"), Location::Hex(hex("0808")));
    // A town cut off from Alexandria is not a place to enter.
    let cut = position(
        &ctx,
        "turn 3\nphase reinforcement\nphasing french\ntrack 3: fr-dc\ncontrol french: 1806\nhex 0803: ot-jn-1\n",
    );
    let drawn = ok(&ctx, &cut, FR, "roll", &[1]);
    assert_eq!(refused_rule(&ctx, &drawn.state, FR, "enter fr-dc 1806", &[]), "8.4");
}

#[test]
fn rule_8_4_the_gunboats_need_a_river_canal_or_lake_hexside() {
    let (ctx, state) = french(2, "control french: 0808 0510\n");
    let drawn = ok(&ctx, &state, FR, "roll", &[2]);
    assert_eq!(at(&drawn.state, "fr-gb"), Location::Track(2));
    assert_eq!(refused_rule(&ctx, &drawn.state, FR, "enter fr-gb 0808", &[]), "8.4");
    let entered = ok(&ctx, &drawn.state, FR, "enter fr-gb 0510", &[]);
    assert_eq!(at(&entered.state, "fr-gb"), Location::Hex(hex("0510")));
}

#[test]
fn rule_8_13_errata_4a_recycled_units_come_back_by_the_normal_entry_rules() {
    let (ctx, state) = french(5, "track 4: fr-cav\ntrack 6: fr-1-2\n");
    let drawn = ok(&ctx, &state, FR, "roll", &[1]);
    let s = drawn.state;
    assert_eq!(refused_rule(&ctx, &s, FR, "enter fr-1-2 0202", &[]), "8.2", "due on turn 6, not yet");
    let back = ok(&ctx, &s, FR, "enter fr-cav 0202", &[]);
    assert_eq!(at(&back.state, "fr-cav"), Location::Hex(hex("0202")));
}

#[test]
fn rule_8_5_ottoman_die_minus_two_draws_and_anatolian_area() {
    // Container in id order: ot-gb, ot-ni-1, ot-se-1, ot-si-1.
    let (ctx, state) = ottoman(2, "");
    let out = ok(&ctx, &state, OT, "roll", &[4, 2, 1, 1]);
    assert_eq!(out.used, 4);
    assert_eq!(at(&out.state, "ot-ni-1"), Location::Box("anatolia".into()));
    assert_eq!(at(&out.state, "ot-gb"), Location::Pool, "8.6: no gunboats in the Anatolian box");
    assert!(out.text().contains("die 4 - 2 = 2"), "{}", out.text());
}

#[test]
fn rule_8_6_ottoman_arrivals_in_syria_palestine_enter_controlled_supplied_fortresses() {
    let (ctx, state) = ottoman(2, "");
    let out = ok(&ctx, &state, OT, "roll", &[3, 2, 3]);
    assert_eq!(at(&out.state, "ot-ni-1"), Location::Track(2));
    let s = out.state;
    assert_eq!(refused_rule(&ctx, &s, OT, "enter ot-ni-1 1806", &[]), "8.6");
    assert_eq!(refused_rule(&ctx, &s, OT, "enter ot-ni-1 anatolia", &[]), "8.6");
    let jaffa = ok(&ctx, &s, OT, "enter ot-ni-1 2502", &[]);
    assert_eq!(at(&jaffa.state, "ot-ni-1"), Location::Hex(hex("2502")));
    assert!(jaffa.state.logistics.arrivals.is_empty());
}

#[test]
fn rule_16_0_1a_units_with_a_printed_area_arrive_there_whatever_the_area_die() {
    // The random area is for the plain "Reinf ?" units only: ot-se-1 (Reinf. Egypt) drawn
    // with an area die of 3 (Syria-Palestine) still arrives in Egypt.
    let (ctx, state) = ottoman(2, "");
    let out = ok(&ctx, &state, OT, "roll", &[3, 3, 3]);
    assert_eq!(at(&out.state, "ot-se-1"), Location::Track(2));
    assert_eq!(out.state.logistics.arrivals.get("ot-se-1").map(String::as_str), Some("Egypt"));
    assert!(out.text().contains("printed area (16.0 1A)"), "{}", out.text());
    assert_eq!(refused_rule(&ctx, &out.state, OT, "enter ot-se-1 2805", &[]), "8.6");
    assert!(run(&ctx, &out.state, OT, "enter ot-se-1 1203", &[]).is_ok());
    // ot-si-1 (Reinf. S-P) drawn with an area die of 6 (Egypt) goes to Syria-Palestine.
    let out = ok(&ctx, &state, OT, "roll", &[3, 4, 6]);
    assert_eq!(at(&out.state, "ot-si-1"), Location::Track(2), "{}", out.text());
    assert_eq!(out.state.logistics.arrivals.get("ot-si-1").map(String::as_str), Some("Syria-Palestine"));
    assert_eq!(refused_rule(&ctx, &out.state, OT, "enter ot-si-1 1203", &[]), "8.6");
}

#[test]
fn rule_8_6_ottoman_arrivals_in_egypt_enter_upper_egypt_or_a_friendly_cairo_or_el_minya() {
    let (ctx, state) = ottoman(2, "control french: 1806\n");
    let out = ok(&ctx, &state, OT, "roll", &[3, 1, 6]);
    assert_eq!(at(&out.state, "ot-gb"), Location::Track(2));
    let s = out.state;
    assert_eq!(refused_rule(&ctx, &s, OT, "enter ot-gb 1806", &[]), "8.6", "El Minya is French");
    assert_eq!(refused_rule(&ctx, &s, OT, "enter ot-gb 2502", &[]), "8.6");
    assert!(run(&ctx, &s, OT, "enter ot-gb 1203", &[]).is_ok());
    let boxed = ok(&ctx, &s, OT, "enter ot-gb upper-egypt", &[]);
    assert_eq!(at(&boxed.state, "ot-gb"), Location::Box("upper-egypt".into()));
}

#[test]
fn rule_8_5_zero_brings_nothing_and_minus_one_returns_a_unit_to_the_container() {
    let (ctx, state) = ottoman(3, "");
    let none = ok(&ctx, &state, OT, "roll", &[2]);
    assert_eq!(none.used, 1);
    assert_eq!(none.state.decision, None);
    let minus = ok(&ctx, &state, OT, "roll", &[1]);
    assert_eq!(minus.state.decision, Some(Decision { by: OT, kind: DecisionKind::ReturnToCup }));
    assert_eq!(refused_rule(&ctx, &minus.state, OT, "remove ot-fort-jaffa", &[]), "8.5");
    assert_eq!(refused_rule(&ctx, &minus.state, OT, "remove ot-jn-1,ot-fort-jaffa", &[]), "8.5");
    let back = ok(&ctx, &minus.state, OT, "remove ot-jn-1", &[]);
    assert_eq!(at(&back.state, "ot-jn-1"), Location::Pool);
    assert_eq!(back.state.decision, None);
}

#[test]
fn rule_8_2_the_draw_comes_before_the_end_of_the_phase() {
    let (ctx, state) = ottoman(3, "");
    assert_eq!(refused_rule(&ctx, &state, OT, "end", &[]), "8.5");
    assert!(matches!(run(&ctx, &state, OT, "roll", &[]), Err(ApplyError::NeedDice)));
}

#[test]
fn rule_8_8_recycled_british_units_return_at_a_friendly_mediterranean_port_or_anatolia() {
    let (ctx, state) = ottoman(4, "track 4: br-rm br-phil\n");
    let s = ok(&ctx, &state, OT, "roll", &[2]).state;
    assert_eq!(refused_rule(&ctx, &s, OT, "enter br-rm 1203", &[]), "8.8", "Cairo is no port");
    assert!(run(&ctx, &s, OT, "enter br-rm 1502", &[]).is_ok());
    assert!(run(&ctx, &s, OT, "enter br-phil anatolia", &[]).is_ok());
}

#[test]
fn rule_8_6_reinf_anat_units_arrive_in_the_anatolian_box_from_turn_2() {
    let ctx = ec();
    let state = position(&ctx, "turn 2\nphase reinforcement\nphasing ottoman\nhex 1203: ot-jn-1\ntrack 2: ot-si-1\n");
    assert_eq!(at(&state, "ot-og"), Location::Track(2), "set aside at the start (3.2), due on turn 2");
    let s = ok(&ctx, &state, OT, "roll", &[2]).state;
    assert_eq!(refused_rule(&ctx, &s, OT, "enter ot-og 2502", &[]), "8.6");
    let boxed = ok(&ctx, &s, OT, "enter ot-og anatolia", &[]);
    assert_eq!(at(&boxed.state, "ot-og"), Location::Box("anatolia".into()));
    // A unit due without a rolled area and not set aside for Anatolia comes only from the
    // container.
    assert_eq!(refused_rule(&ctx, &s, OT, "enter ot-si-1 2502", &[]), "8.5");
}

#[test]
fn rule_8_2_a_reinforcement_phase_through_the_game_dispatcher() {
    use grognard_engine::ScriptedDice;
    use grognard_fnc::{ruleset, Command, Phase};
    let (ctx, state) = french(3, "control french: 0808 0510\n");
    let apply = |s: &grognard_fnc::State, text: &str, faces: &[u32]| {
        let mut dice = ScriptedDice::new(faces);
        ruleset::apply_command(&ctx, s, FR, &Command::parse(text).expect("a command"), &mut dice)
    };
    match apply(&state, "end", &[]) {
        Err(grognard_engine::ApplyError::Rule(e)) => assert_eq!(e.rule, "8.4", "the draw comes first: {e}"),
        other => panic!("the draw comes first: {other:?}"),
    }
    let drawn = apply(&state, "roll", &[1]).expect("the draw").state;
    assert_eq!(at(&drawn, "fr-dc"), Location::Track(3));
    let entered = apply(&drawn, "enter fr-dc 0808", &[]).expect("the entry").state;
    assert_eq!(at(&entered, "fr-dc"), Location::Hex(hex("0808")));
    let next = apply(&entered, "end", &[]).expect("the end of the phase").state;
    assert_eq!(next.phase, Phase::Movement);
    assert_eq!(next.phasing, FR);
}

#[test]
fn rule_8_2_blocked_ottoman_arrivals_keep_their_area_in_positions() {
    let ctx = ec();
    let body = "turn 4\nphase reinforcement\nphasing ottoman\nhex 1203: ot-jn-1\ntrack 3: ot-ni-1\narrival ot-ni-1 Syria-Palestine\n";
    let state = position(&ctx, body);
    assert_eq!(state.logistics.arrivals.get("ot-ni-1").map(String::as_str), Some("Syria-Palestine"));
    let printed = grognard_fnc::position::print(&ctx, &state);
    assert!(printed.contains("arrival ot-ni-1 Syria-Palestine"), "{printed}");
    assert_eq!(grognard_fnc::position::parse(&ctx, &printed).expect("reparsed"), state);
    let s = ok(&ctx, &state, OT, "roll", &[2]).state;
    assert_eq!(refused_rule(&ctx, &s, OT, "enter ot-ni-1 1203", &[]), "8.6");
    assert!(run(&ctx, &s, OT, "enter ot-ni-1 2502", &[]).is_ok());
}
