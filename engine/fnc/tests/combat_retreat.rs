//! Retreat after combat (11.22-11.24) and its strictures.

use crate::combat_harness;

use combat_harness::*;
use grognard_engine::NoDice;
use grognard_fnc::command::RetreatPath;
use grognard_fnc::{combat, DecisionKind, Location, Side, State};

fn group(units: &[&str], path: &[&str]) -> RetreatPath {
    RetreatPath { units: ids(units), path: path.iter().map(|h| hex(h)).collect() }
}

fn retreat(ctx: &grognard_fnc::Ctx, s: &State, groups: &[RetreatPath]) -> Result<State, String> {
    combat::apply_retreat(ctx, s, Side::Second, groups, &mut NoDice, &mut Vec::new()).map_err(rule_of)
}

/// fr-e (9) in 0403 attacks ot-1 + ot-2 (3) in 0404: 300%; die 3: DR. ot-2 is the only
/// minimal loss; ot-1 must retreat.
fn dr_state(extra: &[(&'static str, &'static str)]) -> (grognard_fnc::Ctx, State) {
    let ctx = ctx();
    let mut placed = vec![("fr-e", "0403"), ("ot-1", "0404"), ("ot-2", "0404")];
    placed.extend_from_slice(extra);
    let s = state(&ctx, 4, Side::First, &placed);
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-e"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DR");
    (ctx, s)
}

/// fr-e + fr-f (19) in 0403 attack ot-1 + ot-2 + ot-4 (7) in 0404 while 0405, 0504 and 0304
/// (away from 0403) are held by the French; 0503 and 0303 touch 0403. 271%: 200-299; die 4:
/// DR. The loss is ot-4 (4 of 7). Returns the state after the attack and its log.
fn hemmed_in_dr() -> (grognard_fnc::Ctx, State, Vec<grognard_engine::Event>) {
    let ctx = ctx();
    let s = state(
        &ctx,
        4,
        Side::First,
        &[
            ("fr-e", "0403"),
            ("fr-f", "0403"),
            ("fr-a", "0405"),
            ("fr-b", "0504"),
            ("fr-c", "0304"),
            ("ot-1", "0404"),
            ("ot-2", "0404"),
            ("ot-4", "0404"),
        ],
    );
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-e", "fr-f"], "0404", &[], &[4]).expect("legal");
    (ctx, s, log)
}

#[test]
fn rule_11_22_survivors_retreat_one_hex_then_the_attacker_may_advance() {
    let (ctx, s) = dr_state(&[]);
    assert_eq!(at(&s, "ot-2"), Location::Eliminated);
    assert!(matches!(s.decision.as_ref().map(|d| (&d.kind, d.by)), Some((DecisionKind::Retreat { .. }, Side::Second))));
    let after = retreat(&ctx, &s, &[group(&["ot-1"], &["0405"])]).expect("legal retreat");
    assert_eq!(at(&after, "ot-1"), Location::Hex(hex("0405")));
    assert!(matches!(after.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Advance { .. })));
}

#[test]
fn rule_11_23_stricture_3_away_from_the_attackers_whenever_possible() {
    let (ctx, s) = dr_state(&[]);
    // 0503 touches the attacker's hex 0403 while 0405 does not.
    assert_eq!(retreat(&ctx, &s, &[group(&["ot-1"], &["0503"])]).expect_err("must go away"), "11.23");
}

#[test]
fn rule_11_23_stricture_2_second_hex_only_when_over_stacked() {
    let (ctx, s) = dr_state(&[]);
    assert_eq!(retreat(&ctx, &s, &[group(&["ot-1"], &["0405", "0406"])]).expect_err("one hex"), "11.23");
}

#[test]
fn rule_11_23_stricture_1_never_into_enemy_hexes() {
    let (ctx, s) = dr_state(&[("fr-a", "0405")]);
    assert_eq!(retreat(&ctx, &s, &[group(&["ot-1"], &["0405"])]).expect_err("enemy"), "11.23");
}

#[test]
fn rule_11_23_a_unit_that_can_retreat_may_not_be_left_behind() {
    let (ctx, s) = dr_state(&[]);
    assert_eq!(retreat(&ctx, &s, &[]).expect_err("must retreat"), "11.23");
}

#[test]
fn rule_11_23_stricture_1_eliminated_in_place_when_no_retreat_exists() {
    // French units on every other neighbour of 0404.
    let (_, s) = dr_state(&[("fr-a", "0405"), ("fr-b", "0503"), ("fr-c", "0504"), ("fr-d", "0303"), ("fr-f", "0304")]);
    assert_eq!(at(&s, "ot-1"), Location::Eliminated);
    assert!(matches!(s.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Advance { .. })));
}

#[test]
fn rule_11_23_stricture_3_penalty_unit_when_only_hexes_next_to_the_attackers_remain() {
    let (ctx, s, log) = hemmed_in_dr();
    assert_eq!(battle_event(&log)["result"], "DR");
    assert_eq!(at(&s, "ot-4"), Location::Eliminated);
    assert_eq!(retreat(&ctx, &s, &[group(&["ot-1", "ot-2"], &["0503"])]).expect_err("a penalty unit is owed"), "11.23");
    let after = retreat(&ctx, &s, &[group(&["ot-1"], &["0503"])]).expect("one unit pays");
    assert_eq!(at(&after, "ot-1"), Location::Hex(hex("0503")));
    assert_eq!(at(&after, "ot-2"), Location::Eliminated);
}

#[test]
fn rule_11_24_fortress_defenders_ignore_retreat() {
    let ctx = ctx();
    // 19 against 5 = 380%: 300-399; die 3: DR. The garrison (4 of 5) is the loss; ot-1 stays.
    let s = state(&ctx, 4, Side::First, &[("fr-f", "0505"), ("fr-e", "0505"), ("ot-fort", "0506"), ("ot-1", "0506")]);
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-f", "fr-e"], "0506", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DR");
    assert_eq!(at(&s, "ot-fort"), Location::Eliminated);
    assert_eq!(at(&s, "ot-1"), Location::Hex(hex("0506")));
    assert!(s.decision.is_none());
    assert!(log.iter().any(|e| e.data["type"] == "retreat_ignored"));
}

#[test]
fn rule_11_23_stricture_4_no_retreat_across_the_nile_in_flood() {
    // 0208 has Nile hexsides toward 0207, 0108 and 0308; on flood turn 2 they are closed.
    let ctx = ctx();
    let placed = [("fr-e", "0209"), ("ot-1", "0208"), ("ot-2", "0208")];
    let s = state(&ctx, 2, Side::First, &placed);
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-e"], "0208", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DR");
    assert_eq!(retreat(&ctx, &s, &[group(&["ot-1"], &["0207"])]).expect_err("flooded Nile"), "11.23");
    // The same retreat on a dry turn is fine.
    let dry = state(&ctx, 4, Side::First, &placed);
    let (dry, _, _) = attack(&ctx, &dry, Side::First, &["fr-e"], "0208", &[], &[3]).expect("legal");
    assert!(retreat(&ctx, &dry, &[group(&["ot-1"], &["0207"])]).is_ok());
}

#[test]
fn rule_11_23_listed_retreat_options_are_all_legal() {
    let (ctx, s) = dr_state(&[]);
    let options = combat::retreat_options(&ctx, &s, Side::Second, 50);
    assert!(!options.is_empty());
    for o in &options {
        assert!(retreat(&ctx, &s, o).is_ok(), "{o:?}");
    }
}

#[test]
fn rule_11_23_penalty_answer_is_offered_when_only_hexes_next_to_the_attackers_remain() {
    let (ctx, s, _) = hemmed_in_dr();
    let options = combat::retreat_options(&ctx, &s, Side::Second, 50);
    assert!(options.iter().any(|o| o.len() == 1 && o[0].units.len() == 1), "{options:?}");
}

#[test]
fn rule_11_23_stricture_2_one_more_hex_past_an_over_stacked_hex() {
    let full =
        [("ot-3", "0405"), ("ot-4", "0405"), ("ot-5", "0405"), ("ot-6", "0405"), ("ot-z", "0405"), ("ot-mm", "0405")];
    let (ctx, s) = dr_state(&full);
    assert_eq!(retreat(&ctx, &s, &[group(&["ot-1"], &["0405"])]).expect_err("over-stacked"), "11.23");
    let after = retreat(&ctx, &s, &[group(&["ot-1"], &["0405", "0406"])]).expect("one more hex");
    assert_eq!(at(&after, "ot-1"), Location::Hex(hex("0406")));
}

#[test]
fn rule_11_23_stricture_3_a_lone_unit_next_to_the_attackers_is_the_penalty() {
    // Everything away from 0403 is held by the French: ot-1 could only go next to the
    // attackers, so it is eliminated as the penalty, with no decision owed.
    let (_, s) = dr_state(&[("fr-a", "0405"), ("fr-b", "0504"), ("fr-c", "0304")]);
    assert_eq!(at(&s, "ot-1"), Location::Eliminated);
    assert!(matches!(s.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Advance { .. })));
}

/// fr-gb moved by RCLM from 0205 down the Nile to 0206 in the French movement phase of turn 4;
/// in the Ottoman combat phase ot-5 and ot-6 (11) attack it and fr-a (5) from 0306: 220%,
/// 200-299; die 4: DR, fr-a (3 of the 2.5 owed) is the loss.
/// The Nile also runs along 0206/0106, so 0106 lies on water next to 0206 but off its route.
fn gunboat_battle(die: u32) -> (grognard_fnc::Ctx, State, Vec<grognard_engine::Event>) {
    let ctx = ctx();
    let s = gunboat_down_the_nile(&ctx);
    let (s, log, _) = attack(&ctx, &s, Side::Second, &["ot-5", "ot-6"], "0206", &[], &[die]).expect("legal");
    (ctx, s, log)
}

/// fr-gb moved by RCLM from 0205 down the Nile to 0206 (where fr-a stands) in the French
/// movement phase of turn 4, ot-5 and ot-6 in 0306: the state as the Ottoman combat phase
/// begins.
fn gunboat_down_the_nile(ctx: &grognard_fnc::Ctx) -> State {
    let mut s = state(ctx, 4, Side::First, &[("fr-gb", "0205"), ("fr-a", "0206"), ("ot-5", "0306"), ("ot-6", "0306")]);
    s.phase = grognard_fnc::Phase::Movement;
    let mut log = Vec::new();
    let mut s = grognard_fnc::movement::apply_river(ctx, &s, Side::First, &ids(&["fr-gb"]), &[hex("0206")], &mut log)
        .expect("a legal RCLM move");
    assert_eq!(s.water_routes.get("fr-gb"), Some(&vec![hex("0205"), hex("0206")]), "the move is recorded");
    s.phase = grognard_fnc::Phase::Combat;
    s.phasing = Side::Second;
    s.book = Default::default();
    s
}

fn retreat_first(ctx: &grognard_fnc::Ctx, s: &State, groups: &[RetreatPath]) -> Result<State, String> {
    combat::apply_retreat(ctx, s, Side::First, groups, &mut NoDice, &mut Vec::new()).map_err(rule_of)
}

/// The die that gives a DR at 150% (found from the pinned chart).
fn gunboat_dr() -> (grognard_fnc::Ctx, State) {
    for die in 1..=6 {
        let (ctx, s, log) = gunboat_battle(die);
        if battle_event(&log)["result"] == "DR" && at(&s, "fr-gb") == Location::Hex(hex("0206")) {
            return (ctx, s);
        }
    }
    panic!("no die gives a DR the gunboat survives");
}

#[test]
fn rule_11_23_stricture_6_gunboat_retreats_only_back_along_its_route() {
    let (ctx, s) = gunboat_dr();
    // 0106 is on the Nile too, but the gunboat did not come that way.
    assert_eq!(retreat_first(&ctx, &s, &[group(&["fr-gb"], &["0106"])]).expect_err("off its route"), "11.23");
    // 0105 is dry land.
    assert_eq!(retreat_first(&ctx, &s, &[group(&["fr-gb"], &["0105"])]).expect_err("no water"), "11.23");
    let after = retreat_first(&ctx, &s, &[group(&["fr-gb"], &["0205"])]).expect("back the way it came");
    assert_eq!(at(&after, "fr-gb"), Location::Hex(hex("0205")));
    // Back at the start of its route: the route no longer limits it.
    assert_eq!(after.water_routes.get("fr-gb"), None);
}

#[test]
fn rule_11_23_stricture_6_gunboat_eliminated_when_its_route_is_closed() {
    // An Ottoman unit holds 0205, the way back; 0106 is on the water but off the route.
    let ctx = ctx();
    let mut s = gunboat_down_the_nile(&ctx);
    s.units.insert("ot-1".into(), Location::Hex(hex("0205")));
    for die in 1..=6 {
        let (after, log, _) = attack(&ctx, &s, Side::Second, &["ot-5", "ot-6"], "0206", &[], &[die]).expect("legal");
        if battle_event(&log)["result"] == "DR" {
            assert_eq!(at(&after, "fr-gb"), Location::Eliminated, "0106 is water but not its route");
            assert!(log.iter().any(|e| e.data["type"] == "retreat_blocked"));
            return;
        }
    }
    panic!("no die gives a DR");
}

#[test]
fn rule_11_23_stricture_6_a_gunboat_without_a_route_follows_the_water_it_lies_on() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::Second, &[("fr-gb", "0206"), ("fr-a", "0206"), ("ot-5", "0306"), ("ot-6", "0306")]);
    for die in 1..=6 {
        let (after, log, _) = attack(&ctx, &s, Side::Second, &["ot-5", "ot-6"], "0206", &[], &[die]).expect("legal");
        if battle_event(&log)["result"] == "DR" && at(&after, "fr-gb") == Location::Hex(hex("0206")) {
            assert!(retreat_first(&ctx, &after, &[group(&["fr-gb"], &["0106"])]).is_ok());
            assert!(retreat_first(&ctx, &after, &[group(&["fr-gb"], &["0205"])]).is_ok());
            assert_eq!(retreat_first(&ctx, &after, &[group(&["fr-gb"], &["0105"])]).expect_err("dry"), "11.23");
            return;
        }
    }
    panic!("no die gives a DR the gunboat survives");
}

#[test]
fn rule_11_23_stricture_6_a_position_keeps_each_gunboats_water_route() {
    let (ctx, mut s) = gunboat_dr();
    // The test state never set control nor counted locale VP; a position checks them.
    grognard_fnc::control::initial_control(&ctx, &mut s);
    grognard_fnc::control::recount_locale_vp(&ctx, &mut s);
    let printed = grognard_fnc::position::print(&ctx, &s);
    assert!(printed.contains("water-route fr-gb 0205 0206"), "{printed}");
    let read = grognard_fnc::position::parse(&ctx, &printed).expect("the printed position reads back");
    assert_eq!(read.water_routes, s.water_routes);
}
