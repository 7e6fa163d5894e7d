//! Attacks declared together (11.3) and standing orders answering the decisions of
//! battles (11.21, 11.22, 11.25, 7.4), on the hand-made combat test map.

use crate::combat_harness;

use combat_harness::*;
use grognard_engine::{ApplyError, NoDice, ScriptedDice};
use grognard_fnc::command::Command;
use grognard_fnc::orders::Orders;
use grognard_fnc::ruleset::apply_command;
use grognard_fnc::{DecisionKind, Location, Side, State};

/// fr-e (9) in 0202 against ot-1 (1) in 0203: >=600%; fr-a + fr-b (6) in 0707 against
/// ot-6 (6) in 0708: 100%, the 100-149 column. The two defending hexes are 5 apart.
fn two_fronts(ctx: &grognard_fnc::Ctx) -> State {
    state(
        ctx,
        4,
        Side::First,
        &[("fr-e", "0202"), ("ot-1", "0203"), ("fr-a", "0707"), ("fr-b", "0707"), ("ot-6", "0708")],
    )
}

fn batch(text: &str) -> Command {
    Command::parse(text).expect("a batch command")
}

#[test]
fn rule_11_3_batch_text_round_trips() {
    let c = batch("batch attack fr-e 0203; attack fr-a,fr-b 0708 -- losses cheapest; advance all");
    assert_eq!(c.to_string(), "batch attack fr-e 0203; attack fr-a,fr-b 0708 -- losses cheapest; advance all");
    assert_eq!(Command::parse(&c.to_string()).unwrap(), c);
    assert_eq!(Command::parse("batch attack fr-e 0203; move fr-a 0706").expect_err("not an attack").rule, "input");
}

#[test]
fn rule_11_3_batch_rolls_every_die_in_one_command_and_resolves_in_order() {
    let ctx = ctx();
    let s = two_fronts(&ctx);
    let c = batch("batch attack fr-e 0203; attack fr-a,fr-b 0708 -- losses cheapest; advance none");
    // The command waits for its dice before anything happens (the NeedDice contract)...
    assert!(matches!(apply_command(&ctx, &s, Side::First, &c, &mut NoDice), Err(ApplyError::NeedDice)));
    // ...and one source gives them all: 3 at >=600% is DC; 1 at 100-149 is AR.
    let mut dice = ScriptedDice::new(&[3, 1]);
    let a = apply_command(&ctx, &s, Side::First, &c, &mut dice).expect("legal batch");
    assert_eq!(dice.used(), 2);
    let results: Vec<String> = a
        .events
        .iter()
        .filter(|e| e.data["type"] == "battle")
        .map(|e| format!("{} {}", e.data["hex"].as_str().unwrap_or(""), e.data["result"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(results, vec!["0203 DC", "0708 AR"]);
    // DC: ot-1 is gone; "advance none" kept fr-e home. AR: the attacker owed 3 of 6, and the
    // batch's "losses cheapest" gave up fr-a (equal worth: the first id).
    assert_eq!(at(&a.state, "ot-1"), Location::Eliminated);
    assert_eq!(at(&a.state, "fr-e"), Location::Hex(hex("0202")));
    assert_eq!(at(&a.state, "fr-a"), Location::Eliminated);
    assert_eq!(at(&a.state, "fr-b"), Location::Hex(hex("0707")));
    assert!(a.events.iter().any(|e| e.data["type"] == "batch_order" && e.data["order"] == "losses cheapest"));
    assert_eq!(a.state.decision, None);
    assert_eq!(a.state.batch, None);
    assert!(a.state.battles.is_empty());
}

#[test]
fn rule_11_3_batch_waits_for_the_defender_then_goes_on() {
    let ctx = ctx();
    let s = state(
        &ctx,
        4,
        Side::First,
        &[
            ("fr-e", "0202"),
            ("ot-1", "0203"),
            ("ot-2", "0203"),
            ("ot-3", "0203"),
            ("fr-a", "0707"),
            ("fr-b", "0707"),
            ("ot-6", "0708"),
        ],
    );
    // 9 against 6: 150-199; a 4 is DES: the defender owes 3 of 6: ot-3, or ot-1 and ot-2.
    let c = batch("batch attack fr-e 0203; attack fr-a,fr-b 0708 -- advance none");
    let mut dice = ScriptedDice::new(&[4, 6]);
    let a = apply_command(&ctx, &s, Side::First, &c, &mut dice).expect("legal batch");
    let d = a.state.decision.clone().expect("the first battle waits");
    assert_eq!(d.by, Side::Second);
    assert!(matches!(d.kind, DecisionKind::Losses { .. }));
    // The second battle has not begun.
    assert_eq!(at(&a.state, "ot-6"), Location::Hex(hex("0708")));
    // The defender's standing orders answer it, as his client would.
    let orders = Orders::parse("losses cheapest").unwrap();
    let (answer, why) =
        grognard_fnc::standing::answer(&ctx, &a.state, Side::Second, &orders).unwrap().expect("an answer");
    assert_eq!(why, "losses cheapest");
    // Equal worth (6 printed factors either way): the fewer units.
    assert_eq!(answer, Command::Lose { units: ids(&["ot-3"]) });
    let mut rest = a.state.clone();
    let mut guard = 0;
    let mut all = a.events.clone();
    let mut next_cmd = Some((Side::Second, answer));
    while let Some((side, cmd)) = next_cmd.take() {
        let b = apply_command(&ctx, &rest, side, &cmd, &mut NoDice).expect("the answer is legal");
        all.extend(b.events);
        rest = b.state;
        guard += 1;
        assert!(guard < 10);
        if let Some(d) = &rest.decision {
            // The attacker's own losses of the first battle: his batch gave no loss order.
            let legal = grognard_fnc::table::commands(&ctx, &rest, d.by);
            next_cmd = legal.into_iter().next().map(|c| (d.by, c));
        }
    }
    // Then the second battle was fought with the die rolled at declaration: 6 at 100-149 is DES.
    let second = all.iter().filter(|e| e.data["type"] == "battle").nth(1).expect("the second battle");
    assert_eq!(second.data["die"], 6);
    assert_eq!(second.data["result"], "DES");
    assert_eq!(rest.batch, None);
}

#[test]
fn rule_11_3_batch_battles_must_be_five_hexes_apart() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0304"), ("ot-1", "0305"), ("fr-a", "0506"), ("ot-6", "0507")]);
    let c = batch("batch attack fr-e 0305; attack fr-a 0507");
    let e = apply_command(&ctx, &s, Side::First, &c, &mut ScriptedDice::new(&[1, 1])).expect_err("too close");
    assert_eq!(rule_of(e), "11.3");
}

#[test]
fn rule_11_3_batch_of_one_attack_or_one_unit_twice_is_refused() {
    let ctx = ctx();
    let s = two_fronts(&ctx);
    let one = batch("batch attack fr-e 0203");
    assert_eq!(rule_of(apply_command(&ctx, &s, Side::First, &one, &mut NoDice).expect_err("one")), "11.3");
    let twice = batch("batch attack fr-e 0203; attack fr-e,fr-a 0708");
    assert_eq!(rule_of(apply_command(&ctx, &s, Side::First, &twice, &mut NoDice).expect_err("twice")), "11.3");
}

#[test]
fn rule_11_4_batch_may_not_attack_one_hex_twice() {
    let ctx = ctx();
    let s = two_fronts(&ctx);
    let c = batch("batch attack fr-e 0203; attack fr-a 0203");
    assert_eq!(rule_of(apply_command(&ctx, &s, Side::First, &c, &mut NoDice).expect_err("same hex")), "11.4");
}

#[test]
fn rule_11_3_batch_checks_each_declaration_as_attack_does() {
    let ctx = ctx();
    let s = two_fronts(&ctx);
    // Each declaration is checked as `attack` checks it: fr-e is not next to 0708 (11.3).
    let c = batch("batch attack fr-a,fr-b 0203; attack fr-e 0708");
    assert_eq!(rule_of(apply_command(&ctx, &s, Side::First, &c, &mut NoDice).expect_err("not adjacent")), "11.3");
}

#[test]
fn rule_11_21_standing_order_keeps_the_kept_units_or_waits() {
    let ctx = ctx();
    let s = state(
        &ctx,
        4,
        Side::First,
        &[("fr-a", "0403"), ("fr-b", "0403"), ("fr-c", "0403"), ("ot-5", "0404"), ("ot-6", "0404")],
    );
    // 10 against 11: 50-99; a 2 is AR: 5 of 10 to lose: {fr-a, fr-b}, {fr-a, fr-c}, {fr-b, fr-c}.
    let (s, _, _) = attack(&ctx, &s, Side::First, &["fr-a", "fr-b", "fr-c"], "0404", &[], &[2]).unwrap();
    let answer =
        |text: &str| grognard_fnc::standing::answer(&ctx, &s, Side::First, &Orders::parse(text).unwrap()).unwrap();
    // Cheapest: fr-a + fr-b (3+6 and 3+6 printed worth) rather than anything with fr-c (4+6).
    assert_eq!(answer("losses cheapest").unwrap().0, Command::Lose { units: ids(&["fr-a", "fr-b"]) });
    assert_eq!(answer("losses cheapest keep fr-a").unwrap().0, Command::Lose { units: ids(&["fr-b", "fr-c"]) });
    // No choice spares both: the decision waits for the player.
    assert_eq!(answer("losses cheapest keep fr-a,fr-b"), None);
    // No loss order: waits too; the other side's orders never answer it.
    assert_eq!(answer("advance all"), None);
    assert_eq!(
        grognard_fnc::standing::answer(&ctx, &s, Side::Second, &Orders::parse("losses cheapest").unwrap()).unwrap(),
        None
    );
}

#[test]
fn rule_11_22_standing_order_retreats_toward_the_target() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0404"), ("fr-f", "0404"), ("ot-5", "0405"), ("ot-1", "0405")]);
    // 19 against 6: 300-399; a 3 is DR: ot-5 is the forced loss, ot-1 retreats.
    let (s, _, _) = attack(&ctx, &s, Side::First, &["fr-e", "fr-f"], "0405", &[], &[3]).unwrap();
    assert!(matches!(s.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Retreat { .. })));
    for target in ["0408", "0705", "0105"] {
        let (c, why) = grognard_fnc::standing::answer(
            &ctx,
            &s,
            Side::Second,
            &Orders::parse(&format!("retreat toward {target}")).unwrap(),
        )
        .unwrap()
        .expect("a retreat");
        assert_eq!(why, format!("retreat toward {target}"));
        let Command::Retreat { groups } = &c else { panic!("a retreat command") };
        let end = *groups[0].path.last().unwrap();
        // Every legal retreat ends at least as far from the target.
        for other in grognard_fnc::combat::retreat_options(&ctx, &s, Side::Second, 400) {
            let e = *other[0].path.last().unwrap();
            assert!(e.distance(hex(target)) >= end.distance(hex(target)), "{e} nearer {target} than {end}");
        }
        let after = apply_command(&ctx, &s, Side::Second, &c, &mut NoDice).expect("legal");
        assert_eq!(at(&after.state, "ot-1"), Location::Hex(end));
    }
}

#[test]
fn rule_11_25_standing_order_advances_all_or_none() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0404"), ("fr-a", "0404"), ("ot-1", "0405")]);
    // 12 against 1: >=600; a 3 is DC: the hex is cleared, the attacker may advance.
    let (s, _, _) = attack(&ctx, &s, Side::First, &["fr-e", "fr-a"], "0405", &[], &[3]).unwrap();
    assert!(matches!(s.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Advance { .. })));
    let all =
        grognard_fnc::standing::answer(&ctx, &s, Side::First, &Orders::parse("advance all").unwrap()).unwrap().unwrap();
    assert_eq!(all.0, Command::Advance { units: ids(&["fr-e", "fr-a"]) });
    let none = grognard_fnc::standing::answer(&ctx, &s, Side::First, &Orders::parse("advance none").unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(none.0, Command::Advance { units: Vec::new() });
    let after = apply_command(&ctx, &s, Side::First, &all.0, &mut NoDice).expect("legal");
    assert_eq!(at(&after.state, "fr-e"), Location::Hex(hex("0405")));
}

#[test]
fn standing_orders_refuse_unknown_units_and_places() {
    let ctx = ctx();
    assert_eq!(
        Orders::parse("losses cheapest keep fr-nobody").unwrap().check(&ctx).expect_err("no unit").rule,
        "input"
    );
    assert_eq!(Orders::parse("retreat toward Atlantis").unwrap().check(&ctx).expect_err("no place").rule, "input");
    assert!(Orders::parse("retreat toward 0405; losses cheapest keep fr-a").unwrap().check(&ctx).is_ok());
}

#[test]
fn rule_11_3_batch_then_end_closes_the_combat_phase_after_the_last_battle() {
    let ctx = ctx();
    let s = two_fronts(&ctx);
    let c = batch("batch attack fr-e 0203; attack fr-a,fr-b 0708 -- losses cheapest; advance none; then end");
    let a = apply_command(&ctx, &s, Side::First, &c, &mut ScriptedDice::new(&[3, 1])).expect("legal batch");
    assert!(a.events.iter().any(|e| e.data["order"] == "then end"));
    assert_ne!(a.state.phase, grognard_fnc::Phase::Combat);
    // Without it the phase stays open for more attacks.
    let c = batch("batch attack fr-e 0203; attack fr-a,fr-b 0708 -- losses cheapest; advance none");
    let b = apply_command(&ctx, &s, Side::First, &c, &mut ScriptedDice::new(&[3, 1])).expect("legal batch");
    assert_eq!(b.state.phase, grognard_fnc::Phase::Combat);
}
