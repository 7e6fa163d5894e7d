//! Combat results: losses and their choice (11.14-11.21, 11.7), battle VP (11.13), advance
//! after combat (11.25), Fort De (13.4), the SC (14.3), invasions (10.3), recycling (8.12).

use crate::combat_harness;

use combat_harness::*;
use grognard_engine::{NoDice, ScriptedDice};
use grognard_fnc::{combat, DecisionKind, Location, Side};

/// fr-a + fr-b + fr-c in 0403 attack ot-5 + ot-6 in 0404: 10 against 11 = 90%, the 50-99
/// column; die 2: AR. Half of 10 = 5 points to lose. Returns the state after the attack and
/// its log.
fn attacker_repulsed() -> (grognard_fnc::Ctx, grognard_fnc::State, Vec<grognard_engine::Event>) {
    let ctx = ctx();
    let s = state(
        &ctx,
        4,
        Side::First,
        &[("fr-a", "0403"), ("fr-b", "0403"), ("fr-c", "0403"), ("ot-5", "0404"), ("ot-6", "0404")],
    );
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-a", "fr-b", "fr-c"], "0404", &[], &[2]).expect("legal");
    (ctx, s, log)
}

#[test]
fn rule_11_21_owner_chooses_losses_with_no_needless_unit() {
    let (ctx, s, log) = attacker_repulsed();
    assert_eq!(battle_event(&log)["result"], "AR");
    let d = s.decision.clone().expect("a loss decision");
    assert_eq!(d.by, Side::First);
    assert!(matches!(d.kind, DecisionKind::Losses { strength: 5, .. }));
    // 11.15: the BVP come after the losses.
    assert_eq!(s.vp[1].battle, 0);
    let lose = |units: &[&str]| combat::apply_losses(&ctx, &s, Side::First, &ids(units), &mut NoDice, &mut Vec::new());
    assert_eq!(rule_of(lose(&["fr-a"]).expect_err("too few")), "11.21");
    assert_eq!(rule_of(lose(&["fr-a", "fr-b", "fr-c"]).expect_err("needless")), "11.21");
    assert_eq!(rule_of(lose(&["fr-a", "fr-x"]).expect_err("not involved")), "11.21");
    let after = lose(&["fr-a", "fr-c"]).expect("a minimal choice");
    assert_eq!(at(&after, "fr-a"), Location::Eliminated);
    assert_eq!(at(&after, "fr-c"), Location::Eliminated);
    assert_eq!(at(&after, "fr-b"), Location::Hex(hex("0403")));
    assert_eq!(after.decision, None);
    assert!(after.battles.is_empty());
    // 11.13: the defender gains BVP for a loser's force of 10: 2 VP.
    assert_eq!(after.vp[1].battle, 2);
}

#[test]
fn rule_11_21_only_the_owner_chooses() {
    let (ctx, s, _) = attacker_repulsed();
    let e = combat::apply_losses(&ctx, &s, Side::Second, &ids(&["fr-a", "fr-c"]), &mut NoDice, &mut Vec::new());
    assert_eq!(rule_of(e.expect_err("not the owner")), "11.21");
}

#[test]
fn rule_11_7_engineer_is_the_first_loss() {
    let ctx = ctx();
    // 7 against the garrison's 4 = 175%, engineers +1: 200-299; die 1: AES. The attacker
    // owes 4 of 7: the infantry alone would do, but the engineer must go first.
    let s = state(&ctx, 4, Side::First, &[("fr-d", "0505"), ("fr-eng", "0505"), ("ot-fort", "0506")]);
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-d", "fr-eng"], "0506", &[], &[1]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "AES");
    assert_eq!(at(&s, "fr-eng"), Location::Eliminated);
    assert_eq!(at(&s, "fr-d"), Location::Eliminated);
    // AES: the defender loses a quarter of 4: the garrison.
    assert_eq!(at(&s, "ot-fort"), Location::Eliminated);
}

#[test]
fn rule_11_8_siege_train_is_the_last_loss() {
    let ctx = ctx();
    // (4 doubled = 8) + 3 = 11 against 4: 275%, 200-299; die 1: AES. The attacker owes 4 of
    // 7 printed points: fr-c (4) alone; the siege train is never needed.
    let s =
        state(&ctx, 4, Side::First, &[("fr-c", "0505"), ("fr-siege", "0505"), ("fr-a", "0606"), ("ot-fort", "0506")]);
    let (s, _, _) = attack(&ctx, &s, Side::First, &["fr-c", "fr-siege", "fr-a"], "0506", &[], &[1]).expect("legal");
    assert_eq!(at(&s, "fr-c"), Location::Eliminated);
    assert_eq!(at(&s, "fr-siege"), Location::Hex(hex("0505")));
    assert_eq!(at(&s, "fr-a"), Location::Hex(hex("0606")));
}

#[test]
fn rule_11_14_attacker_catastrophe_and_recycling() {
    let ctx = ctx();
    // 2 against 6: <=49; die 1: AC. fr-r may recycle (8.12): die 3, -1 French = 2: back on turn 6.
    let s = state(&ctx, 4, Side::First, &[("fr-r", "0403"), ("ot-6", "0404")]);
    let (s, log, used) = attack(&ctx, &s, Side::First, &["fr-r"], "0404", &[], &[1, 3]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "AC");
    assert_eq!(used, 2);
    assert_eq!(at(&s, "fr-r"), Location::Track(6));
    // 11.13: loser's force of 2: 1 VP to the defender.
    assert_eq!(s.vp[1].battle, 1);
}

#[test]
fn rule_11_13_battle_vp_doubled_in_ruins() {
    let ctx = ctx();
    // 9 against 1 in the ruins 0707: >=600; die 3: DC; 1 VP doubled.
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0706"), ("ot-1", "0707")]);
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-e"], "0707", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DC");
    assert_eq!(s.vp[0].battle, 2);
    assert_eq!(s.vp[0].total(), s.vp[0].locale + 2);
}

#[test]
fn rule_11_25_advance_is_optional_and_observes_stacking() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0706"), ("fr-a", "0706"), ("ot-1", "0707")]);
    let (s, _, _) = attack(&ctx, &s, Side::First, &["fr-e", "fr-a"], "0707", &[], &[3]).expect("legal");
    let Some(d) = &s.decision else { panic!("an advance decision") };
    assert!(matches!(&d.kind, DecisionKind::Advance { units, .. } if units.len() == 2));
    let mut log = Vec::new();
    let stay = combat::apply_advance(&ctx, &s, Side::First, &[], &mut NoDice, &mut log).expect("may stay");
    assert_eq!(at(&stay, "fr-e"), Location::Hex(hex("0706")));
    assert!(stay.decision.is_none());
    let go = combat::apply_advance(&ctx, &s, Side::First, &ids(&["fr-e"]), &mut NoDice, &mut log).expect("advance");
    assert_eq!(at(&go, "fr-e"), Location::Hex(hex("0707")));
    assert_eq!(at(&go, "fr-a"), Location::Hex(hex("0706")));
    let bad = combat::apply_advance(&ctx, &s, Side::First, &ids(&["fr-b"]), &mut NoDice, &mut log);
    assert_eq!(rule_of(bad.expect_err("not an attacker")), "11.25");
}

#[test]
fn rule_13_4_fortress_taken_by_storm_gets_fort_de() {
    let ctx = ctx();
    // 19 against 4 = 475%: 400-599; die 4: DC.
    let s = state(&ctx, 4, Side::First, &[("fr-f", "0505"), ("fr-e", "0505"), ("ot-fort", "0506")]);
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-f", "fr-e"], "0506", &[], &[4]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DC");
    assert!(s.fort_destroyed.is_empty());
    let after =
        combat::apply_advance(&ctx, &s, Side::First, &ids(&["fr-f"]), &mut NoDice, &mut Vec::new()).expect("advance");
    assert!(after.fort_destroyed.contains(&hex("0506")));
}

#[test]
fn rule_14_3_sc_alone_is_an_automatic_dc() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::Second, &[("ot-6", "0403"), ("fr-sc", "0404")]);
    let (s, log, used) = attack(&ctx, &s, Side::Second, &["ot-6"], "0404", &[], &[]).expect("no die needed");
    assert_eq!(used, 0);
    assert_eq!(battle_event(&log)["result"], "DC");
    assert_eq!(battle_event(&log)["automatic"], true);
    assert_eq!(at(&s, "fr-sc"), Location::Eliminated);
}

#[test]
fn rule_14_3_sc_is_the_last_loss() {
    let ctx = ctx();
    // 6 against 1 (the SC adds nothing): >=600; die 2: DR. The defender owes 1: fr-r, never the SC.
    let s = state(&ctx, 4, Side::Second, &[("ot-6", "0403"), ("fr-r", "0404"), ("fr-sc", "0404")]);
    let faces = [2, 3];
    let mut dice = ScriptedDice::new(&faces);
    let mut log = Vec::new();
    let s = combat::apply_attack(&ctx, &s, Side::Second, &ids(&["ot-6"]), hex("0404"), &[], &mut dice, &mut log)
        .expect("legal");
    assert_ne!(at(&s, "fr-r"), Location::Hex(hex("0404")));
    assert_eq!(at(&s, "fr-sc"), Location::Hex(hex("0404")));
    assert!(matches!(s.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Retreat { .. })));
}

#[test]
fn rule_10_3_failed_invasion_force_is_eliminated_besides_the_losses() {
    let ctx = ctx();
    let mut s = state(&ctx, 4, Side::First, &[("ot-6", "0402")]);
    for u in ["fr-d", "fr-a"] {
        s.units.insert(u.into(), Location::Offshore { sea: hex("0401"), target: hex("0402") });
    }
    // 9 against 6 = 150%: 150-199; die 1: AR. Half of 9 = 5: fr-d; then the hex is still
    // held, so fr-a is lost too (10.3).
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-d", "fr-a"], "0402", &[], &[1]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "AR");
    assert_eq!(at(&s, "fr-d"), Location::Eliminated);
    assert_eq!(at(&s, "fr-a"), Location::Eliminated);
    assert!(log.iter().any(|e| e.data["type"] == "invasion_failed"));
    assert_eq!(at(&s, "ot-6"), Location::Hex(hex("0402")));
}

#[test]
fn rule_10_3_successful_invasion_comes_ashore() {
    let ctx = ctx();
    let mut s = state(&ctx, 4, Side::First, &[("ot-2", "0402")]);
    for u in ["fr-f", "fr-e"] {
        s.units.insert(u.into(), Location::Offshore { sea: hex("0401"), target: hex("0402") });
    }
    let (s, _, _) = attack(&ctx, &s, Side::First, &["fr-f", "fr-e"], "0402", &[], &[3]).expect("legal");
    assert_eq!(at(&s, "fr-f"), Location::Hex(hex("0402")));
    assert_eq!(at(&s, "fr-e"), Location::Hex(hex("0402")));
    assert_eq!(at(&s, "ot-2"), Location::Eliminated);
}

#[test]
fn rule_11_2_a_battle_through_the_dispatcher_attack_losses_then_advance() {
    use grognard_fnc::ruleset::apply_command;
    use grognard_fnc::Command;
    let ctx = ctx();
    // 10 against 6 = 166%: 150-199; die 1: AR; half of 10 = 5: a choice for the French.
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0403"), ("fr-b", "0403"), ("fr-c", "0403"), ("ot-6", "0404")]);
    let attack = Command::Attack {
        attackers: ids(&["fr-a", "fr-b", "fr-c"]),
        defender: hex("0404"),
        fleets: vec![],
        from: vec![],
    };
    let applied = apply_command(&ctx, &s, Side::First, &attack, &mut ScriptedDice::new(&[1])).expect("attack");
    assert!(applied.events.iter().any(|e| e.data["type"] == "battle"));
    let s = applied.state;
    assert!(matches!(s.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Losses { .. })));
    let wrong = apply_command(&ctx, &s, Side::Second, &Command::Lose { units: ids(&["fr-a", "fr-b"]) }, &mut NoDice);
    assert_eq!(rule_of(wrong.expect_err("not the Ottoman's decision")), "5.1");
    let lose = Command::Lose { units: ids(&["fr-b", "fr-c"]) };
    let applied = apply_command(&ctx, &s, Side::First, &lose, &mut NoDice).expect("losses");
    assert!(applied.state.decision.is_none());
    assert_eq!(at(&applied.state, "fr-a"), Location::Hex(hex("0403")));
    assert!(applied.events.iter().any(|e| e.data["type"] == "losses"));
}

#[test]
fn rule_11_20_des_defender_first_then_attacker_quarter() {
    let ctx = ctx();
    // 12 against 3 = 400%: 400-599; die 1: DES. The defender's 2 of 3 is ot-3 (forced); the
    // attacker then owes 3 of 12: fr-a or fr-e, his choice.
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0403"), ("fr-a", "0403"), ("ot-3", "0404")]);
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-e", "fr-a"], "0404", &[], &[1]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DES");
    assert_eq!(at(&s, "ot-3"), Location::Eliminated);
    let d = s.decision.clone().expect("attacker's losses");
    assert_eq!(d.by, Side::First);
    assert!(matches!(d.kind, DecisionKind::Losses { strength: 3, .. }));
    assert_eq!(combat::loss_options(&ctx, &s, 10).len(), 2);
    let after =
        combat::apply_losses(&ctx, &s, Side::First, &ids(&["fr-a"]), &mut NoDice, &mut Vec::new()).expect("minimal");
    assert!(matches!(after.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Advance { .. })));
    assert_eq!(after.vp[0].battle, 1);
}

#[test]
fn rule_11_17_bloodbath_gives_no_battle_vp() {
    let ctx = ctx();
    // 6 against 6 = 100%: 100-149; die 4: BB; each side loses its only unit.
    let s = state(&ctx, 4, Side::First, &[("fr-d", "0403"), ("ot-6", "0404")]);
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-d"], "0404", &[], &[4]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "BB");
    assert_eq!(at(&s, "fr-d"), Location::Eliminated);
    assert_eq!(at(&s, "ot-6"), Location::Eliminated);
    assert_eq!((s.vp[0].battle, s.vp[1].battle), (0, 0));
}

#[test]
fn rule_14_3_advancing_into_a_lone_sc_eliminates_it() {
    let ctx = ctx();
    // The French hold the intact fortress 0506 with fr-a and the SC. 10 against 3 = 333%:
    // 300-399; die 3: DR. fr-a is the loss, the SC stays (11.24) and is alone.
    let s = state(&ctx, 4, Side::Second, &[("ot-5", "0505"), ("ot-6", "0505"), ("fr-a", "0506"), ("fr-sc", "0506")]);
    let (s, log, _) = attack(&ctx, &s, Side::Second, &["ot-5", "ot-6"], "0506", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DR");
    assert_eq!(at(&s, "fr-a"), Location::Eliminated);
    assert_eq!(at(&s, "fr-sc"), Location::Hex(hex("0506")));
    let mut log = Vec::new();
    let after = combat::apply_advance(&ctx, &s, Side::Second, &ids(&["ot-6"]), &mut NoDice, &mut log).expect("advance");
    assert_eq!(at(&after, "fr-sc"), Location::Eliminated);
    assert_eq!(at(&after, "ot-6"), Location::Hex(hex("0506")));
    assert!(log.iter().any(|e| e.data["type"] == "sc_overrun"));
    assert!(after.fort_destroyed.contains(&hex("0506")));
}

#[test]
fn rule_8_8_british_units_advance_only_into_coastal_hexes() {
    let ctx = ctx();
    // 0302 is on the coast, 0303 is not: after the automatic DC on the lone SC, only ot-6 may advance.
    let s = state(&ctx, 4, Side::Second, &[("ot-6", "0302"), ("br-rm", "0302"), ("fr-sc", "0303")]);
    let (s, _, _) = attack(&ctx, &s, Side::Second, &["ot-6", "br-rm"], "0303", &[], &[]).expect("legal");
    let Some(DecisionKind::Advance { units, .. }) = s.decision.as_ref().map(|d| &d.kind) else {
        panic!("an advance decision")
    };
    assert_eq!(units, &ids(&["ot-6"]));
}

#[test]
fn rule_11_15_attacker_routed_loses_half_and_the_defender_gains_bvp() {
    let ctx = ctx();
    // 7 against 6 = 116%: 100-149; die 1: AR. Half of 7 rounds up to 4: fr-c is the only
    // minimal loss. Defender gains BVP for a beaten force of 7: 2 VP. Nobody retreats.
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0403"), ("fr-c", "0403"), ("ot-6", "0404")]);
    let (after, log, _) = attack(&ctx, &s, Side::First, &["fr-a", "fr-c"], "0404", &[], &[1]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "AR");
    let losses = &log.iter().find(|e| e.data["type"] == "losses").expect("a losses event").text;
    for part in ["AR (11.15)", "50%", "7 involved", ": 4", "loses fr-c"] {
        assert!(losses.contains(part), "`{part}` missing from: {losses}");
    }
    assert_eq!(at(&after, "fr-c"), Location::Eliminated);
    assert_eq!(at(&after, "fr-a"), Location::Hex(hex("0403")));
    assert_eq!(at(&after, "ot-6"), Location::Hex(hex("0404")));
    assert_eq!(after.vp[1].battle, 2);
    assert!(after.decision.is_none(), "no retreat, no advance");
}

#[test]
fn rule_11_16_aes_attacker_half_then_defender_quarter_and_the_defender_gains_bvp() {
    let ctx = ctx();
    // 7 against 6 = 116%: 100-149; die 3: AES. The attacker's 4 of 7 is fr-c (forced); the
    // defender then owes 2 of 6: ot-2 or ot-4, his choice; the defender gains 2 VP.
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0403"), ("fr-c", "0403"), ("ot-2", "0404"), ("ot-4", "0404")]);
    let (after, log, _) = attack(&ctx, &s, Side::First, &["fr-a", "fr-c"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "AES");
    assert_eq!(at(&after, "fr-c"), Location::Eliminated);
    let d = after.decision.clone().expect("the defender's losses");
    assert_eq!(d.by, Side::Second);
    assert!(log.iter().any(|e| e.data["type"] == "losses_owed" && e.text.contains("AES (11.16)")));
    assert_eq!(combat::loss_options(&ctx, &after, 10).len(), 2);
    let done =
        combat::apply_losses(&ctx, &after, Side::Second, &ids(&["ot-2"]), &mut NoDice, &mut Vec::new()).expect("ok");
    assert_eq!(at(&done, "ot-4"), Location::Hex(hex("0404")), "no retreat on AES");
    assert_eq!(done.vp[1].battle, 2);
    assert!(done.decision.is_none());
}

#[test]
fn rule_11_18_defender_catastrophe_eliminates_every_defender_and_the_attacker_may_advance() {
    let ctx = ctx();
    // 19 against 3 = 633%: >=600; die 3: DC. The beaten force of 3 gives the attacker 1 VP.
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0403"), ("fr-f", "0403"), ("ot-1", "0404"), ("ot-2", "0404")]);
    let (after, log, _) = attack(&ctx, &s, Side::First, &["fr-e", "fr-f"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DC");
    // (The test counters give the Ottomans no container: they are simply out of play.)
    assert_eq!((at(&after, "ot-1"), at(&after, "ot-2")), (Location::Eliminated, Location::Eliminated));
    assert_eq!(after.vp[0].battle, 1);
    assert!(matches!(after.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Advance { .. })));
}

#[test]
fn rule_11_19_defender_routed_half_lost_survivors_retreat_attacker_gains_bvp() {
    let ctx = ctx();
    // 9 against 3 = 300%: 300-399; die 3: DR. ot-2 (2 of 3) is lost, ot-1 must retreat; the
    // attacker gains 1 VP for a beaten force of 3.
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0403"), ("ot-1", "0404"), ("ot-2", "0404")]);
    let (after, log, _) = attack(&ctx, &s, Side::First, &["fr-e"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "DR");
    assert_eq!(at(&after, "ot-2"), Location::Eliminated);
    assert_eq!(at(&after, "ot-1"), Location::Hex(hex("0404")), "waiting to retreat");
    assert!(matches!(
        after.decision.as_ref().map(|d| (&d.kind, d.by)),
        Some((DecisionKind::Retreat { .. }, Side::Second))
    ));
    // 11.19 step 3: the BVP come once the survivors have retreated.
    assert_eq!(after.vp[0].battle, 0);
    let done = retreat_to_0405(&ctx, &after);
    assert_eq!(done.vp[0].battle, 1);
}

fn retreat_to_0405(ctx: &grognard_fnc::Ctx, s: &grognard_fnc::State) -> grognard_fnc::State {
    let path = grognard_fnc::command::RetreatPath { units: ids(&["ot-1"]), path: vec![hex("0405")] };
    combat::apply_retreat(ctx, s, Side::Second, &[path], &mut NoDice, &mut Vec::new()).expect("a legal retreat")
}

#[test]
fn rule_14_4_battle_vp_are_never_debited_from_the_loser() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0403"), ("ot-1", "0404"), ("ot-2", "0404")]);
    let before = s.vp;
    let (after, _, _) = attack(&ctx, &s, Side::First, &["fr-e"], "0404", &[], &[3]).expect("legal");
    let after = retreat_to_0405(&ctx, &after);
    assert_eq!(after.vp[0].battle, before[0].battle + 1);
    assert_eq!(after.vp[1], before[1], "the loser keeps every VP");
}

#[test]
fn rule_11_12_sub_steps_in_order_recycling_before_the_battle_vp() {
    let ctx = ctx();
    // The Ottomans lead by 9 VP. AC (11.14): the French recycle fr-r (step 2) before the
    // defender gains his BVP (step 3), so the recycling roll has no +1 for a 10 VP lead:
    // die 3 -1 French = 2, back on turn 6 (not 3, turn 7).
    let mut s = state(&ctx, 4, Side::First, &[("fr-r", "0403"), ("ot-6", "0404")]);
    s.vp = Default::default();
    s.vp[1].locale = 9;
    let (s, log, _) = attack(&ctx, &s, Side::First, &["fr-r"], "0404", &[], &[1, 3]).expect("legal");
    assert_eq!(battle_event(&log)["result"], "AC");
    assert_eq!(at(&s, "fr-r"), Location::Track(6));
    assert_eq!(s.vp[1].battle, 1, "then the defender gains his BVP");
    let order: Vec<&str> = log.iter().filter_map(|e| e.data["type"].as_str()).collect();
    let recycled = order.iter().position(|t| *t == "recycling").expect("a recycling roll");
    let vp = order.iter().position(|t| *t == "vp").expect("a BVP award");
    assert!(recycled < vp, "{order:?}");
}
