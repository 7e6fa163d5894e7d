//! `legal::commands` lists every legal command at a decision point, not a sample (see the
//! contract in `legal.rs`): for attacks (11.1-11.4, 11.8, 10.2), advances (11.25),
//! retreats (11.22, 11.23), losses (11.21), over-stack removals (7.4) and recycling (6.3,
//! 6.4), on hand-made positions of the combat test map whose answers are counted by hand
//! from the rules. Each test also tries the commands left out and finds `apply` refusing
//! every one of them.

use crate::combat_harness;
use crate::support;

use combat_harness::*;
use grognard_engine::{ApplyError, NoDice};
use grognard_fnc::command::{Command, RetreatPath};
use grognard_fnc::ruleset::apply_command;
use grognard_fnc::state::Decision;
use grognard_fnc::{stacking, table, Ctx, DecisionKind, Side, State};
use std::collections::BTreeSet;

/// Does `apply` take `command` (now, or once its dice are rolled)?
fn accepted(ctx: &Ctx, s: &State, side: Side, command: &Command) -> bool {
    matches!(apply_command(ctx, s, side, command, &mut NoDice), Ok(_) | Err(ApplyError::NeedDice))
}

/// Every subset of `items`, as lists in the items' order.
fn subsets(items: &[&str]) -> Vec<Vec<String>> {
    (0u32..1 << items.len())
        .map(|bits| {
            items.iter().enumerate().filter(|(i, _)| bits & (1 << i) != 0).map(|(_, u)| u.to_string()).collect()
        })
        .collect()
}

/// The listed commands, each once, and checked: every one is accepted.
fn listed(ctx: &Ctx, s: &State, side: Side) -> Vec<Command> {
    let list = table::commands(ctx, s, side);
    let distinct: BTreeSet<String> = list.iter().map(|c| c.to_string()).collect();
    assert_eq!(distinct.len(), list.len(), "a command is listed twice: {list:?}");
    for c in &list {
        assert!(accepted(ctx, s, side, c), "`{c}` is listed but apply refuses it");
    }
    list
}

/// Of `candidates`, those listed are exactly those apply accepts.
fn listed_iff_accepted(ctx: &Ctx, s: &State, side: Side, list: &[Command], candidates: &[Command]) {
    for c in candidates {
        assert_eq!(list.contains(c), accepted(ctx, s, side, c), "`{c}`: listed and accepted differ");
    }
}

fn attack_on(attackers: &[&str], defender: &str, fleets: &[&str]) -> Command {
    Command::Attack { attackers: ids(attackers), defender: hex(defender), fleets: ids(fleets), from: Vec::new() }
}

fn group(units: &[&str], path: &[&str]) -> RetreatPath {
    RetreatPath { units: ids(units), path: path.iter().map(|h| hex(h)).collect() }
}

fn retreat(groups: &[RetreatPath]) -> Command {
    Command::Retreat { groups: groups.to_vec() }
}

/// Castellum (0506), an intact fortress held by its garrison, with fr-a, the siege train
/// and the SC in 0505 and fr-b, fr-c in 0406: two stacks of two attackers, besides the SC.
fn castellum() -> (Ctx, State) {
    let ctx = ctx();
    let s = state(
        &ctx,
        4,
        Side::First,
        &[
            ("ot-fort", "0506"),
            ("fr-a", "0505"),
            ("fr-siege", "0505"),
            ("fr-sc", "0505"),
            ("fr-b", "0406"),
            ("fr-c", "0406"),
        ],
    );
    (ctx, s)
}

#[test]
fn rule_11_3_every_group_of_the_adjacent_units_may_attack() {
    let (ctx, s) = castellum();
    let list = listed(&ctx, &s, Side::First);
    // Every nonempty group of fr-a, fr-b, fr-c and the siege train: 15, less the siege train
    // alone (11.8: it never attacks alone), by size then in the units' order. The SC never
    // attacks (11.27).
    let expected: Vec<Command> = [
        &["fr-a"][..],
        &["fr-b"],
        &["fr-c"],
        &["fr-a", "fr-b"],
        &["fr-a", "fr-c"],
        &["fr-a", "fr-siege"],
        &["fr-b", "fr-c"],
        &["fr-b", "fr-siege"],
        &["fr-c", "fr-siege"],
        &["fr-a", "fr-b", "fr-c"],
        &["fr-a", "fr-b", "fr-siege"],
        &["fr-a", "fr-c", "fr-siege"],
        &["fr-b", "fr-c", "fr-siege"],
        &["fr-a", "fr-b", "fr-c", "fr-siege"],
    ]
    .iter()
    .map(|g| attack_on(g, "0506", &[]))
    .chain([Command::End])
    .collect();
    assert_eq!(list, expected);
    assert_eq!(list.len(), 14 + 1);
    // Every group of the five units next to Castellum: listed exactly when accepted (the
    // siege train alone and every group with the SC refused).
    let all: Vec<Command> = subsets(&["fr-a", "fr-b", "fr-c", "fr-sc", "fr-siege"])
        .into_iter()
        .map(|g| Command::Attack { attackers: g, defender: hex("0506"), fleets: Vec::new(), from: Vec::new() })
        .collect();
    listed_iff_accepted(&ctx, &s, Side::First, &list, &all);
    assert!(!accepted(&ctx, &s, Side::First, &attack_on(&["fr-siege"], "0506", &[])));
    assert!(!accepted(&ctx, &s, Side::First, &attack_on(&["fr-a", "fr-sc"], "0506", &[])));
}

#[test]
fn rule_11_3_a_unit_that_attacked_this_turn_is_in_no_listed_group() {
    let (ctx, mut s) = castellum();
    s.book.attacked_units.insert("fr-c".into());
    let list = listed(&ctx, &s, Side::First);
    // fr-a, fr-b and the siege train: 7 groups, less the siege train alone.
    let expected: Vec<Command> = [
        &["fr-a"][..],
        &["fr-b"],
        &["fr-a", "fr-b"],
        &["fr-a", "fr-siege"],
        &["fr-b", "fr-siege"],
        &["fr-a", "fr-b", "fr-siege"],
    ]
    .iter()
    .map(|g| attack_on(g, "0506", &[]))
    .chain([Command::End])
    .collect();
    assert_eq!(list, expected);
    let all: Vec<Command> = subsets(&["fr-a", "fr-b", "fr-c", "fr-siege"])
        .into_iter()
        .map(|g| Command::Attack { attackers: g, defender: hex("0506"), fleets: Vec::new(), from: Vec::new() })
        .collect();
    listed_iff_accepted(&ctx, &s, Side::First, &list, &all);
}

#[test]
fn rule_10_2_every_group_with_and_without_the_fleet() {
    // Portus (0402) is coastal; the fleet is in the all-sea hex 0401; fr-a in 0403 and fr-b
    // in 0302 are next to Portus.
    let ctx = ctx();
    let placed = [("fr-a", "0403"), ("fr-b", "0302"), ("fr-fleet", "0401"), ("ot-6", "0402")];
    let mut s = state(&ctx, 4, Side::First, &placed);
    let list = listed(&ctx, &s, Side::First);
    // 3 groups, each without and with the fleet: 6.
    let expected = vec![
        attack_on(&["fr-a"], "0402", &[]),
        attack_on(&["fr-a"], "0402", &["fr-fleet"]),
        attack_on(&["fr-b"], "0402", &[]),
        attack_on(&["fr-b"], "0402", &["fr-fleet"]),
        attack_on(&["fr-a", "fr-b"], "0402", &[]),
        attack_on(&["fr-a", "fr-b"], "0402", &["fr-fleet"]),
        Command::End,
    ];
    assert_eq!(list, expected);
    // A fleet supports once a game turn (10.2): then only the 3 groups alone.
    s.book.fleets_used.insert("fr-fleet".into());
    let list = listed(&ctx, &s, Side::First);
    assert_eq!(list.len(), 3 + 1);
    assert!(!list.contains(&attack_on(&["fr-a"], "0402", &["fr-fleet"])));
    assert!(!accepted(&ctx, &s, Side::First, &attack_on(&["fr-a"], "0402", &["fr-fleet"])));
}

#[test]
fn rule_11_25_every_subset_of_the_victors_may_advance() {
    // Seven attackers (34) against ot-1 (1) from 0403 and 0503: >=600%, a 3 is DC.
    let ctx = ctx();
    let attackers = ["fr-1-1", "fr-1-2", "fr-a", "fr-b", "fr-c", "fr-d", "fr-e"];
    let s = state(
        &ctx,
        4,
        Side::First,
        &[
            ("fr-1-1", "0403"),
            ("fr-1-2", "0403"),
            ("fr-a", "0403"),
            ("fr-b", "0403"),
            ("fr-c", "0503"),
            ("fr-d", "0503"),
            ("fr-e", "0503"),
            ("ot-1", "0404"),
        ],
    );
    let (s, log, _) = attack_hex(&ctx, &s, Side::First, &attackers, hex("0404"), &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DC");
    let Some(Decision { by: Side::First, kind: DecisionKind::Advance { units, .. } }) = s.decision.clone() else {
        panic!("the attacker may advance: {:?}", s.decision)
    };
    assert_eq!(units, ids(&attackers));
    let list = listed(&ctx, &s, Side::First);
    // 2^7 = 128 groups (none included); all seven together would over-stack 0404 (7.1).
    assert_eq!(list.len(), 127);
    assert_eq!(list[0], Command::Advance { units: Vec::new() });
    let everyone = Command::Advance { units: ids(&attackers) };
    assert!(!list.contains(&everyone));
    let all: Vec<Command> = subsets(&attackers).into_iter().map(|units| Command::Advance { units }).collect();
    listed_iff_accepted(&ctx, &s, Side::First, &list, &all);
}

/// fr-e + fr-f (19) in 0403 attack ot-1 + ot-2 + ot-4 (7) in 0404: 271%, 200-299; a 4 is
/// DR and ot-4 is the only minimal loss (4 of 7), so ot-1 and ot-2 retreat. `extra` units
/// are placed too.
fn dr_with(extra: &[(&str, &str)]) -> (Ctx, State) {
    let ctx = ctx();
    let mut placed = vec![("fr-e", "0403"), ("fr-f", "0403"), ("ot-1", "0404"), ("ot-2", "0404"), ("ot-4", "0404")];
    placed.extend_from_slice(extra);
    let s = state(&ctx, 4, Side::First, &placed);
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-e", "fr-f"], "0404", &[], &[4]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DR");
    assert!(
        matches!(&s.decision, Some(Decision { by: Side::Second, kind: DecisionKind::Retreat { units, .. } }) if *units == ids(&["ot-1", "ot-2"])),
        "ot-1 and ot-2 retreat: {:?}",
        s.decision
    );
    (ctx, s)
}

/// Every retreat of ot-1 and ot-2 whose groups take one-hex paths into the neighbours of
/// 0404, or two-hex paths through them, with at most one unit left out: the candidates
/// `apply` is tried on.
fn retreat_candidates() -> Vec<Command> {
    let mut ends: Vec<Vec<&str>> = Vec::new();
    for a in ["0303", "0304", "0403", "0405", "0503", "0504"] {
        ends.push(vec![a]);
        for (_, b) in hex(a).neighbours() {
            if b != hex("0404") {
                ends.push(vec![a, Box::leak(b.to_string().into_boxed_str())]);
            }
        }
    }
    let mut out = Vec::new();
    for p in &ends {
        out.push(retreat(&[group(&["ot-1", "ot-2"], p)]));
        out.push(retreat(&[group(&["ot-1"], p)]));
        out.push(retreat(&[group(&["ot-2"], p)]));
        for q in &ends {
            out.push(retreat(&[group(&["ot-1"], p), group(&["ot-2"], q)]));
        }
    }
    out.push(retreat(&[]));
    out
}

/// The end hex of each unit in a retreat (the outcome two equivalent retreats share).
fn outcome(c: &Command) -> Vec<(String, String)> {
    let Command::Retreat { groups } = c else { panic!("a retreat: {c}") };
    let mut out: Vec<(String, String)> = groups
        .iter()
        .flat_map(|g| g.units.iter().map(|u| (u.clone(), g.path.last().map(|h| h.to_string()).unwrap_or_default())))
        .collect();
    out.sort();
    out
}

/// The listed retreats cover every outcome `apply` accepts among the candidates, once.
fn every_outcome_once(ctx: &Ctx, s: &State, list: &[Command]) {
    let listed: Vec<Vec<(String, String)>> = list.iter().map(outcome).collect();
    let distinct: BTreeSet<_> = listed.iter().cloned().collect();
    assert_eq!(distinct.len(), listed.len(), "one retreat per outcome: {list:?}");
    for c in retreat_candidates() {
        if accepted(ctx, s, Side::Second, &c) {
            assert!(distinct.contains(&outcome(&c)), "`{c}` is accepted but its outcome is not listed");
        }
    }
}

#[test]
fn rule_11_22_a_force_of_two_with_two_clear_hexes_has_four_retreats() {
    // fr-a holds 0304; 0303 and 0503 touch the attackers in 0403, so ot-1 and ot-2, which
    // can retreat away from them, must (11.23 stricture 3): into 0405 or 0504, each unit
    // either: 2 x 2 = 4. Nobody may be left out (no penalty is due), and no hex is
    // over-stacked, so there is no two-hex retreat (stricture 2).
    let (ctx, s) = dr_with(&[("fr-a", "0304")]);
    let list = listed(&ctx, &s, Side::Second);
    let expected = vec![
        retreat(&[group(&["ot-1", "ot-2"], &["0405"])]),
        retreat(&[group(&["ot-1"], &["0405"]), group(&["ot-2"], &["0504"])]),
        retreat(&[group(&["ot-1"], &["0504"]), group(&["ot-2"], &["0405"])]),
        retreat(&[group(&["ot-1", "ot-2"], &["0504"])]),
    ];
    assert_eq!(list, expected);
    every_outcome_once(&ctx, &s, &list);
    for refused in [
        retreat(&[group(&["ot-1", "ot-2"], &["0503"])]),
        retreat(&[group(&["ot-1"], &["0405"])]),
        retreat(&[group(&["ot-1", "ot-2"], &["0405", "0406"])]),
    ] {
        assert!(!list.contains(&refused));
        assert!(!accepted(&ctx, &s, Side::Second, &refused), "`{refused}` is refused (11.23)");
    }
}

#[test]
fn rule_11_23_stricture_3_one_unit_pays_for_a_retreat_next_to_the_attackers() {
    // French units hold 0405, 0504 and 0304: only 0303 and 0503, next to the attackers,
    // remain. One unit is eliminated as the penalty and the other retreats into either hex:
    // 2 units x 2 hexes = 4.
    let (ctx, s) = dr_with(&[("fr-a", "0405"), ("fr-b", "0504"), ("fr-c", "0304")]);
    let list = listed(&ctx, &s, Side::Second);
    let expected = vec![
        retreat(&[group(&["ot-1"], &["0303"])]),
        retreat(&[group(&["ot-1"], &["0503"])]),
        retreat(&[group(&["ot-2"], &["0303"])]),
        retreat(&[group(&["ot-2"], &["0503"])]),
    ];
    assert_eq!(list, expected);
    every_outcome_once(&ctx, &s, &list);
    for refused in [
        retreat(&[group(&["ot-1", "ot-2"], &["0303"])]),
        retreat(&[group(&["ot-1"], &["0303"]), group(&["ot-2"], &["0503"])]),
        retreat(&[]),
    ] {
        assert!(!list.contains(&refused));
        assert!(!accepted(&ctx, &s, Side::Second, &refused), "`{refused}` is refused (11.23 stricture 3)");
    }
}

#[test]
fn rule_11_23_stricture_2_the_force_that_over_stacks_a_hex_goes_one_hex_further() {
    // As with two clear hexes, but five Ottoman units stand in 0405: one more fits there,
    // two do not. So: one unit into 0405 and the other into 0504 (2 ways), both into 0504,
    // or both through 0405 (which they would over-stack together) one hex further, into
    // 0305, 0406 or 0505 (0504 is reached directly; 0304 is French): 2 + 1 + 3 = 6. A unit
    // alone fits in 0405, so it may not go through it alone.
    let five = [("ot-3", "0405"), ("ot-5", "0405"), ("ot-6", "0405"), ("ot-mm", "0405"), ("ot-z", "0405")];
    let mut extra = vec![("fr-a", "0304")];
    extra.extend_from_slice(&five);
    let (ctx, s) = dr_with(&extra);
    let list = listed(&ctx, &s, Side::Second);
    let expected = vec![
        retreat(&[group(&["ot-1"], &["0405"]), group(&["ot-2"], &["0504"])]),
        retreat(&[group(&["ot-1"], &["0504"]), group(&["ot-2"], &["0405"])]),
        retreat(&[group(&["ot-1", "ot-2"], &["0504"])]),
        retreat(&[group(&["ot-1", "ot-2"], &["0405", "0305"])]),
        retreat(&[group(&["ot-1", "ot-2"], &["0405", "0406"])]),
        retreat(&[group(&["ot-1", "ot-2"], &["0405", "0505"])]),
    ];
    assert_eq!(list, expected);
    every_outcome_once(&ctx, &s, &list);
    for refused in [
        retreat(&[group(&["ot-1", "ot-2"], &["0405"])]),
        retreat(&[group(&["ot-1"], &["0405", "0406"]), group(&["ot-2"], &["0504"])]),
    ] {
        assert!(!list.contains(&refused));
        assert!(!accepted(&ctx, &s, Side::Second, &refused), "`{refused}` is refused (11.23 stricture 2)");
    }
}

#[test]
fn rule_11_21_every_minimal_loss_is_listed() {
    // fr-e + fr-f (19) against ot-1, ot-2, ot-3, ot-4 (10) in 0404: 190%, 150-199; a 4 is
    // DES. The defender owes 5 of 10 first: the sets reaching 5 with no needless unit are
    // {ot-1, ot-4}, {ot-2, ot-3}, {ot-2, ot-4} and {ot-3, ot-4}: 4.
    let ctx = ctx();
    let s = state(
        &ctx,
        4,
        Side::First,
        &[("fr-e", "0403"), ("fr-f", "0403"), ("ot-1", "0404"), ("ot-2", "0404"), ("ot-3", "0404"), ("ot-4", "0404")],
    );
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-e", "fr-f"], "0404", &[], &[4]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DES");
    assert!(matches!(&s.decision, Some(Decision { by: Side::Second, kind: DecisionKind::Losses { .. } })));
    let list = listed(&ctx, &s, Side::Second);
    let lose = |units: &[&str]| Command::Lose { units: ids(units) };
    let got: BTreeSet<String> = list.iter().map(|c| c.to_string()).collect();
    let expected: BTreeSet<String> =
        [lose(&["ot-1", "ot-4"]), lose(&["ot-2", "ot-3"]), lose(&["ot-2", "ot-4"]), lose(&["ot-3", "ot-4"])]
            .iter()
            .map(|c| c.to_string())
            .collect();
    assert_eq!(got, expected);
    // Every set of the four: listed exactly when accepted ({ot-1, ot-2, ot-3} holds a
    // needless unit, {ot-1, ot-3} is short).
    let all: Vec<Command> =
        subsets(&["ot-1", "ot-2", "ot-3", "ot-4"]).into_iter().map(|units| Command::Lose { units }).collect();
    listed_iff_accepted(&ctx, &s, Side::Second, &list, &all);
    assert!(!accepted(&ctx, &s, Side::Second, &lose(&["ot-1", "ot-2", "ot-3"])));
    assert!(!accepted(&ctx, &s, Side::Second, &lose(&["ot-1", "ot-3"])));
    // Then the attacker owes 25% of 19, 5: fr-e (9) or fr-f (10).
    let after = apply_command(&ctx, &s, Side::Second, &lose(&["ot-1", "ot-4"]), &mut NoDice).expect("legal");
    let list = listed(&ctx, &after.state, Side::First);
    assert_eq!(list, vec![lose(&["fr-e"]), lose(&["fr-f"])]);
}

#[test]
fn rule_11_21_every_minimal_loss_of_a_large_force_is_listed() {
    // Eight attackers (44) from 0403 and 0503 against ot-6, ot-5, ot-4 and ot-mm (20) in
    // 0404: 220%, 200-299; a 1 is AES, and the attacker owes 22 of 44 first. The sets of
    // fr-1-1 (5), fr-1-2 (4), fr-a (3), fr-b (3), fr-c (4), fr-d (6), fr-e (9), fr-f (10)
    // that reach 22 with no needless unit: fr-e and fr-f (19) with any one other (6);
    // no two units reach 22, nor three without both fr-e and fr-f (at most 10+6+5); then
    // 25 sets of four and 6 of five (counted one by one): 37 in all, more than the 20
    // listed before.
    let ctx = ctx();
    let attackers = ["fr-1-1", "fr-1-2", "fr-a", "fr-b", "fr-c", "fr-d", "fr-e", "fr-f"];
    let s = state(
        &ctx,
        4,
        Side::First,
        &[
            ("fr-1-1", "0403"),
            ("fr-1-2", "0403"),
            ("fr-a", "0403"),
            ("fr-b", "0403"),
            ("fr-c", "0503"),
            ("fr-d", "0503"),
            ("fr-e", "0503"),
            ("fr-f", "0503"),
            ("ot-6", "0404"),
            ("ot-5", "0404"),
            ("ot-4", "0404"),
            ("ot-mm", "0404"),
        ],
    );
    let (s, log, _) = attack_hex(&ctx, &s, Side::First, &attackers, hex("0404"), &[], &[1]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "AES");
    assert!(matches!(&s.decision, Some(Decision { by: Side::First, kind: DecisionKind::Losses { .. } })));
    let list = listed(&ctx, &s, Side::First);
    assert_eq!(list.len(), 37);
    let size = |n: usize| list.iter().filter(|c| matches!(c, Command::Lose { units } if units.len() == n)).count();
    assert_eq!([size(3), size(4), size(5)], [6, 25, 6]);
    for other in ["fr-1-1", "fr-1-2", "fr-a", "fr-b", "fr-c", "fr-d"] {
        let mut three: Vec<String> = ids(&[other, "fr-e", "fr-f"]);
        three.sort_by_key(|u| attackers.iter().position(|a| a == u));
        assert!(list.contains(&Command::Lose { units: three }), "{other} with fr-e and fr-f");
    }
    let all: Vec<Command> = subsets(&attackers).into_iter().map(|units| Command::Lose { units }).collect();
    listed_iff_accepted(&ctx, &s, Side::First, &list, &all);
}

#[test]
fn rule_7_4_every_removal_of_the_excess_is_listed() {
    // Eight French units and the fleet in Portus (0402): 2 over the limit of 6 (the fleet
    // does not count, 7.3). The Ottoman player removes any 2 of the 8 ground units: 28. A
    // pair with the fleet leaves 7 and is refused.
    let ctx = ctx();
    let units = ["fr-1-1", "fr-1-2", "fr-a", "fr-b", "fr-c", "fr-d", "fr-e", "fr-f", "fr-fleet"];
    let placed: Vec<(&str, &str)> = units.iter().map(|u| (*u, "0402")).collect();
    let mut s = state(&ctx, 4, Side::First, &placed);
    stacking::check_overstacks(&ctx, &mut s, &mut Vec::new());
    assert!(matches!(&s.decision, Some(Decision { by: Side::Second, kind: DecisionKind::Overstack { count: 2, .. } })));
    let list = listed(&ctx, &s, Side::Second);
    assert_eq!(list.len(), 28);
    assert_eq!(list[0], Command::Remove { units: ids(&["fr-1-1", "fr-1-2"]) });
    let pairs: Vec<Command> = subsets(&units)
        .into_iter()
        .filter(|p| p.len() == 2 || p.len() == 1 || p.len() == 3)
        .map(|units| Command::Remove { units })
        .collect();
    listed_iff_accepted(&ctx, &s, Side::Second, &list, &pairs);
    assert!(!accepted(&ctx, &s, Side::Second, &Command::Remove { units: ids(&["fr-a", "fr-fleet"]) }));
}

/// The French, with `placed` on the map in game turn 4, owe `count` units to recycle of
/// combat factor `min_strength` or more (6.3, 6.4).
fn recycling(ctx: &Ctx, placed: &[(&str, &str)], count: u8, min_strength: u8, reason: &str) -> State {
    let mut s = state(ctx, 4, Side::First, placed);
    s.decision =
        Some(Decision { by: Side::First, kind: DecisionKind::Recycle { count, min_strength, reason: reason.into() } });
    s
}

fn remove(units: &[&str]) -> Command {
    Command::Remove { units: ids(units) }
}

/// `remove` of every non-empty subset of `units`.
fn every_removal(units: &[&str]) -> Vec<Command> {
    subsets(units).into_iter().map(|units| Command::Remove { units }).collect()
}

#[test]
fn rule_6_3_every_set_of_units_to_recycle_is_listed() {
    // The French owe 2 units (Plague, 6.3); four ground units are in play and the fleet
    // (not a ground unit) at sea: C(4, 2) = 6.
    let ctx = ctx();
    let placed = [("fr-a", "0303"), ("fr-r", "0303"), ("fr-d", "0505"), ("fr-eng", "0606"), ("fr-fleet", "0401")];
    let s = recycling(&ctx, &placed, 2, 0, "plague");
    let list = listed(&ctx, &s, Side::First);
    let expected = vec![
        remove(&["fr-a", "fr-d"]),
        remove(&["fr-a", "fr-eng"]),
        remove(&["fr-a", "fr-r"]),
        remove(&["fr-d", "fr-eng"]),
        remove(&["fr-d", "fr-r"]),
        remove(&["fr-eng", "fr-r"]),
    ];
    assert_eq!(list, expected);
    listed_iff_accepted(&ctx, &s, Side::First, &list, &every_removal(&["fr-a", "fr-d", "fr-eng", "fr-fleet", "fr-r"]));
    assert!(!accepted(&ctx, &s, Side::First, &remove(&["fr-a", "fr-fleet"])));
}

#[test]
fn rule_6_4_only_units_of_the_event_s_strength_are_recycled() {
    // 6.4 event 1 asks for units with a combat factor of 3 or more: fr-a (3), fr-d (6) and
    // fr-e (9) qualify, fr-r (2) and fr-eng (1) do not: one of three, 3 choices.
    let ctx = ctx();
    let placed = [("fr-a", "0303"), ("fr-r", "0303"), ("fr-d", "0505"), ("fr-e", "0505"), ("fr-eng", "0606")];
    let s = recycling(&ctx, &placed, 1, 3, "norwegian-front");
    let list = listed(&ctx, &s, Side::First);
    assert_eq!(list, vec![remove(&["fr-a"]), remove(&["fr-d"]), remove(&["fr-e"])]);
    listed_iff_accepted(&ctx, &s, Side::First, &list, &every_removal(&["fr-a", "fr-d", "fr-e", "fr-eng", "fr-r"]));
    assert!(!accepted(&ctx, &s, Side::First, &remove(&["fr-r"])));
}

/// 6.3: the most units an event makes a side recycle is half a die rounded up, 3. Every
/// set of 3 ground units of one side of either game stays within the bound.
#[test]
fn rule_6_3_the_largest_recycling_choice_stays_within_the_bound() {
    use grognard_fnc::Game;
    let choose3 = |n: usize| n * n.saturating_sub(1) * n.saturating_sub(2) / 6;
    let mut largest = 0;
    for game in [Game::Ec, Game::Rsw] {
        let ctx = Ctx::embedded(game).expect("the game's data");
        for side in [Side::First, Side::Second] {
            let side_id = ctx.rules.side_id(side);
            let ground = ctx.counters.iter().filter(|c| c.side == side_id && c.kind.is_ground()).count();
            largest = largest.max(choose3(ground));
        }
    }
    assert_eq!(largest, 13_244, "3 of the 44 Ottoman ground units of EC");
    assert!(largest < grognard_fnc::choices::MAX_LISTED);
}

/// 11.3: in the contact positions of both games (the armies moved next to each other, as
/// the property tests start their battles), the attacks listed on each hex are exactly the
/// groups of the adjacent units `apply` accepts, and all the attacks stay within the bound.
#[test]
fn rule_11_3_the_attacks_of_the_contact_positions_are_complete_and_within_the_bound() {
    let mut most = 0;
    for (historical, seeds) in [("ec-historical", 8000u64..8006), ("rsw-historical", 9000..9006)] {
        for seed in seeds {
            let side = if seed % 2 == 0 { Side::First } else { Side::Second };
            let position = support::contact::contact_position(historical, side, seed);
            let (ctx, s) = support::scenarios::start(&position, false);
            let list = table::commands(ctx, &s, side);
            let attacks: Vec<&Command> = list.iter().filter(|c| matches!(c, Command::Attack { .. })).collect();
            most = most.max(attacks.len());
            assert!(
                attacks.len() < grognard_fnc::choices::MAX_LISTED,
                "{historical} seed {seed}: {} attacks",
                attacks.len()
            );
            let mut targets: Vec<_> = attacks
                .iter()
                .filter_map(|c| match c {
                    Command::Attack { defender, .. } => Some(*defender),
                    _ => None,
                })
                .collect();
            targets.dedup();
            for target in targets {
                // The side's units next to the target, fleets aside (they only support, 10.2).
                let near: Vec<&str> = s
                    .units
                    .iter()
                    .filter(|(u, l)| {
                        ctx.side_of(u) == Some(side)
                            && l.hex().is_some_and(|h| h.is_adjacent(target))
                            && ctx.counter(u).is_some_and(|c| c.kind != grognard_fnc::data::UnitType::Fleet)
                    })
                    .map(|(u, _)| u.as_str())
                    .collect();
                if near.len() > 10 {
                    continue;
                }
                let bare: Vec<&Command> = attacks
                    .iter()
                    .filter(|c| matches!(c, Command::Attack { defender, fleets, .. } if *defender == target && fleets.is_empty()))
                    .copied()
                    .collect();
                let mut accepted_groups = 0;
                for g in subsets(&near).into_iter().filter(|g| !g.is_empty()) {
                    let c = Command::Attack { attackers: g, defender: target, fleets: Vec::new(), from: Vec::new() };
                    if accepted(ctx, &s, side, &c) {
                        accepted_groups += 1;
                        assert!(bare.contains(&&c), "{historical} seed {seed}: `{c}` is accepted, not listed");
                    }
                }
                assert_eq!(bare.len(), accepted_groups, "{historical} seed {seed}, {target}");
            }
        }
    }
    assert!(most > 3, "the contact positions offer attacks: at most {most}");
}
