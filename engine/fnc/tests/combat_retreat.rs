//! Retreat after combat (11.22-11.24) and its strictures.

mod combat_harness;

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
    // 0405, 0504 and 0304 (away from 0403) are held by the French; 0503 and 0303 touch 0403.
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
    // 19 against 7 = 271%: 200-299; die 4: DR. The loss is ot-4 (4 of 7).
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-e", "fr-f"], "0404", &[], &[4]).expect("legal");
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
    let (s, _, _) = attack(&ctx, &s, Side::First, &["fr-e", "fr-f"], "0404", &[], &[4]).expect("legal");
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
