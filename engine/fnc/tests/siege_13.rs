//! Sieges (13.0).

use crate::combat_harness;

use combat_harness::*;
use grognard_engine::{NoDice, ScriptedDice};
use grognard_fnc::combat::siege;
use grognard_fnc::state::{Effect, LastingEffect};
use grognard_fnc::{combat, DecisionKind, Location, Phase, Side, State};

/// The Ottoman garrison of Castellum (0506) with French units on all six landward
/// neighbours, the siege train among them; the French siege phase of turn 4.
fn besieged(ctx: &grognard_fnc::Ctx, with_train: bool) -> State {
    let mut placed = vec![
        ("ot-fort", "0506"),
        ("fr-a", "0505"),
        ("fr-b", "0507"),
        ("fr-c", "0606"),
        ("fr-d", "0607"),
        ("fr-e", "0406"),
        ("fr-f", "0407"),
    ];
    if with_train {
        placed.push(("fr-siege", "0505"));
    }
    let mut s = state(ctx, 4, Side::First, &placed);
    s.phase = Phase::Siege;
    s
}

fn roll(ctx: &grognard_fnc::Ctx, s: &State, faces: &[u32]) -> (State, Vec<grognard_engine::Event>, usize) {
    let mut dice = ScriptedDice::new(faces);
    let mut log = Vec::new();
    let next = siege::apply_sieges(ctx, s, Side::First, &mut dice, &mut log).expect("sieges resolve");
    (next, log, dice.used())
}

#[test]
fn rule_13_1_every_landward_neighbour_must_be_occupied() {
    let ctx = ctx();
    let mut s = besieged(&ctx, false);
    assert_eq!(siege::sieges(&ctx, &s, Side::First).len(), 1);
    s.units.insert("fr-f".into(), Location::Pool);
    assert!(siege::sieges(&ctx, &s, Side::First).is_empty());
    let (_, _, used) = roll(&ctx, &s, &[6]);
    assert_eq!(used, 0);
}

#[test]
fn rule_13_2_siege_continues_on_five_or_less() {
    let ctx = ctx();
    let s = besieged(&ctx, false);
    let (after, log, used) = roll(&ctx, &s, &[5]);
    assert_eq!(used, 1);
    assert_eq!(at(&after, "ot-fort"), Location::Hex(hex("0506")));
    assert!(log.iter().any(|e| e.data["type"] == "siege" && e.data["surrender"] == false));
    assert!(after.book.rolled);
}

#[test]
fn rule_13_2_supplied_siege_train_adds_one_and_13_3_surrender() {
    let ctx = ctx();
    let s = besieged(&ctx, true);
    let found = siege::sieges(&ctx, &s, Side::First);
    assert_eq!(found[0].modifiers.iter().map(|m| m.0).sum::<i32>(), 1, "{:?}", found[0].modifiers);
    let (after, _, _) = roll(&ctx, &s, &[5]);
    assert_eq!(at(&after, "ot-fort"), Location::Eliminated);
    // 13.3: BVP for a force of 4: 1 VP; the victor may advance; the fortress stays intact.
    assert_eq!(after.vp[0].battle, 1);
    let Some(d) = &after.decision else { panic!("an advance decision") };
    assert!(matches!(d.kind, DecisionKind::Advance { .. }));
    let moved = combat::apply_advance(&ctx, &after, Side::First, &ids(&["fr-a"]), &mut NoDice, &mut Vec::new())
        .expect("advance");
    assert_eq!(at(&moved, "fr-a"), Location::Hex(hex("0506")));
    assert!(moved.fort_destroyed.is_empty());
    assert!(moved.decision.is_none());
}

#[test]
fn rule_13_2_vp_and_british_modifiers() {
    let ctx = ctx();
    let mut s = besieged(&ctx, false);
    s.units.insert("br-rm".into(), Location::Hex(hex("0506")));
    s.vp[1].locale = 12;
    let found = siege::sieges(&ctx, &s, Side::First);
    let total: i32 = found[0].modifiers.iter().map(|m| m.0).sum();
    assert_eq!(total, -2, "{:?}", found[0].modifiers);
    s.vp[1].locale = 0;
    s.vp[0].locale = 10;
    let found = siege::sieges(&ctx, &s, Side::First);
    assert_eq!(found[0].modifiers.iter().map(|m| m.0).sum::<i32>(), 0, "{:?}", found[0].modifiers);
}

#[test]
fn rule_6_4_truce_forbids_sieges() {
    let ctx = ctx();
    let mut s = besieged(&ctx, false);
    s.effects.push(LastingEffect { effect: Effect::Truce, turn: Some(4) });
    let (after, _, used) = roll(&ctx, &s, &[6]);
    assert_eq!(used, 0);
    assert_eq!(at(&after, "ot-fort"), Location::Hex(hex("0506")));
}

#[test]
fn rule_13_1_only_in_the_besiegers_siege_phase() {
    let ctx = ctx();
    let mut s = besieged(&ctx, false);
    s.phase = Phase::Combat;
    let mut log = Vec::new();
    let e = siege::apply_sieges(&ctx, &s, Side::First, &mut NoDice, &mut log).expect_err("wrong phase");
    assert_eq!(rule_of(e), "13.1");
}

#[test]
fn rule_13_1_an_empty_fortress_is_not_besieged() {
    let ctx = ctx();
    let mut s = besieged(&ctx, false);
    s.units.insert("ot-fort".into(), Location::Eliminated);
    s.control.insert(hex("0506"), Side::Second);
    assert!(siege::sieges(&ctx, &s, Side::First).is_empty());
}

#[test]
fn rule_13_2_alexandria_is_harder_to_besiege() {
    // The game's own map: Alexandria (1127) held by its French garrison, Ottoman units on
    // every landward neighbour.
    let ctx = grognard_fnc::Ctx::embedded(grognard_fnc::Game::Ec).expect("the EC data");
    let ring = ctx.map.landward_neighbours(hex("1127"));
    assert!(!ring.is_empty());
    let ottomans: Vec<String> = ctx
        .counters
        .iter()
        .filter(|c| c.side == "ottoman" && c.nation == "ottoman" && c.kind == grognard_fnc::data::UnitType::Infantry)
        .map(|c| c.id.clone())
        .take(ring.len())
        .collect();
    assert_eq!(ottomans.len(), ring.len(), "enough Ottoman infantry for the ring");
    let mut placed: Vec<(String, String)> = vec![("fr-fort".into(), "1127".into())];
    placed.extend(ottomans.iter().cloned().zip(ring.iter().map(|h| h.to_string())));
    let refs: Vec<(&str, &str)> = placed.iter().map(|(u, h)| (u.as_str(), h.as_str())).collect();
    let mut s = state(ctx, 4, Side::Second, &refs);
    s.phase = Phase::Siege;
    let found = siege::sieges(ctx, &s, Side::Second);
    assert_eq!(found.len(), 1);
    assert!(
        found[0].modifiers.iter().any(|(m, why)| *m == -1 && why.contains("Alexandria")),
        "{:?}",
        found[0].modifiers
    );
}

#[test]
fn rule_13_2_the_siege_log_names_the_ring_the_die_each_modifier_and_the_threshold() {
    let ctx = ctx();
    let mut s = besieged(&ctx, true);
    s.vp[0].locale = 10;
    let (_, log, _) = roll(&ctx, &s, &[3, 2]);
    let text = &log.iter().find(|e| e.data["type"] == "siege").expect("a siege event").text;
    for part in [
        "Castellum (0506)",
        "ot-fort",
        "0505",
        "fr-siege",
        "die 3",
        "+1 supplied siege train fr-siege",
        "+1 the besieger has 10 or more VP more",
        "= 5",
        "6 or more surrenders",
        "the siege continues",
        "13.2",
    ] {
        assert!(text.contains(part), "`{part}` missing from: {text}");
    }
}

#[test]
fn rule_13_3_surrendered_units_are_eliminated_and_the_eligible_ones_recycle() {
    let ctx = ctx();
    let mut s = besieged(&ctx, true);
    s.units.insert("br-rm".into(), Location::Hex(hex("0506")));
    // Die 6 +1 siege train -1 British = 6: surrender. Then the Royal Marines' recycling die 2.
    let (after, log, used) = roll(&ctx, &s, &[6, 2]);
    assert_eq!(used, 2, "one siege die, one recycling die");
    assert_eq!(at(&after, "ot-fort"), Location::Eliminated, "8.11: garrisons never recycle");
    assert_eq!(at(&after, "br-rm"), Location::Track(6), "8.12: die 2 = back two turns later");
    assert!(log.iter().any(|e| e.data["type"] == "recycling" && e.data["unit"] == "br-rm"));
    // BVP from the whole surrendered force: 4 + 2 = 6 defense points, 2 VP.
    assert_eq!(after.vp[0].battle, 2);
    assert!(after.fort_destroyed.is_empty(), "13.3: taken by siege, the fortress stays intact");
}
