//! RSW combat and siege rules on the game's own data: Russian divisional integrity (11.10),
//! fleet support limits (10.5) and Sveaborg reached only through 1309 (13.1, errata 6A).

use grognard_board::HexId;
use grognard_fnc::combat::siege;
use grognard_fnc::{Ctx, Phase, Side, State};

use crate::combat_harness;
use combat_harness::{attack_hex, battle_event, hex, state_in as state};

use crate::logistics_common;
use logistics_common::rsw_game_data as ctx;

/// Two adjacent land hexes of the map, the first not a fortress.
fn land_pair(ctx: &Ctx) -> (HexId, HexId) {
    ctx.map
        .land_hexes()
        .filter(|h| ctx.map.locale(*h).is_none())
        .find_map(|a| {
            ctx.map
                .landward_neighbours(a)
                .into_iter()
                .find(|b| ctx.map.locale(*b).is_none() && ctx.map.hexside(a, *b).barrier.is_none())
                .map(|b| (a, b))
        })
        .expect("two adjacent land hexes")
}

/// The four brigades of the Russian 5th division (all needed for 11.10).
const DIVISION: [&str; 4] = ["ru-5-1", "ru-5-2", "ru-5-3", "ru-5-cav"];

/// The Russian 5th division in one hex of a land pair and the lone Swedish sw-sk in the other,
/// in the Russian combat phase of turn 4; returns sw-sk's hex and the state.
fn division_next_to_sw_sk(ctx: &Ctx) -> (HexId, State) {
    let (from, to) = land_pair(ctx);
    let mut placed: Vec<(&str, HexId)> = DIVISION.iter().map(|u| (*u, from)).collect();
    placed.push(("sw-sk", to));
    (to, state(ctx, 4, Phase::Combat, Side::First, &placed))
}

fn attack_strength(ctx: &Ctx, s: &State, attackers: &[&str], target: HexId) -> serde_json::Value {
    let (_, log, _) = attack_hex(ctx, s, Side::First, attackers, target, &[], &[3, 3, 3, 3]).expect("legal attack");
    battle_event(&log)["attack_strength"].clone()
}

#[test]
fn rule_11_10_russian_division_needs_all_four_brigades() {
    let ctx = ctx();
    let (to, s) = division_next_to_sw_sk(&ctx);
    // 4 + 4 + 4 + 2, each +1.
    assert_eq!(attack_strength(&ctx, &s, &DIVISION, to), 18);
    assert_eq!(attack_strength(&ctx, &s, &DIVISION[..3], to), 12);
}

#[test]
fn rule_10_5_russian_fleets_only_on_the_gulf_of_finland_and_never_in_winter() {
    let ctx = ctx();
    let bothnia = ctx.map.water_by_name("Gulf of Bothnia").expect("Bothnia");
    let finland = ctx.map.water_by_name("Gulf of Finland").expect("Finland");
    // A land hex on the Gulf of Bothnia only, with a land neighbour.
    let (target, from, sea) = ctx
        .map
        .land_hexes()
        .filter(|h| ctx.map.shore_of(*h) == vec![bothnia])
        .find_map(|h| {
            let n = ctx.map.landward_neighbours(h).into_iter().find(|n| ctx.map.hexside(h, *n).barrier.is_none())?;
            let sea = ctx.map.adjacent_water(h).into_iter().next()?;
            Some((h, n, sea))
        })
        .expect("a Bothnian coast hex");
    let s = state(&ctx, 4, Phase::Combat, Side::First, &[("ru-5-1", from), ("ru-fleet", sea), ("sw-ost", target)]);
    let e = attack_hex(&ctx, &s, Side::First, &["ru-5-1"], target, &["ru-fleet"], &[3]).expect_err("Bothnia refused");
    assert!(e.to_string().starts_with("10.5"), "{e}");
    // Sveaborg is on the Gulf of Finland: support allowed on turn 4, refused in the winter turn 1.
    let sveaborg = hex("1210");
    let sea = ctx
        .map
        .adjacent_water(sveaborg)
        .into_iter()
        .find(|h| ctx.map.terrain(*h).and_then(|t| t.water()) == Some(finland))
        .expect("a Gulf of Finland hex next to Sveaborg");
    let placed = [("ru-5-1", hex("1309")), ("ru-fleet", sea), ("sw-fort-sveaborg", sveaborg)];
    let s = state(&ctx, 4, Phase::Combat, Side::First, &placed);
    let ok = attack_hex(&ctx, &s, Side::First, &["ru-5-1"], sveaborg, &["ru-fleet"], &[3, 3, 3]);
    assert!(ok.is_ok(), "{ok:?}");
    let winter = state(&ctx, 1, Phase::Combat, Side::First, &placed);
    let e =
        attack_hex(&ctx, &winter, Side::First, &["ru-5-1"], sveaborg, &["ru-fleet"], &[3]).expect_err("winter refused");
    assert!(e.to_string().starts_with("10.5"), "{e}");
}

#[test]
fn rule_13_1_errata_6a_sveaborg_is_besieged_from_1309_alone() {
    let ctx = ctx();
    let sveaborg = hex("1210");
    assert_eq!(ctx.map.landward_neighbours(sveaborg), vec![hex("1309")]);
    let s = state(
        &ctx,
        4,
        Phase::Siege,
        Side::First,
        &[("sw-fort-sveaborg", sveaborg), ("ru-5-1", hex("1309")), ("ru-siege", hex("1310"))],
    );
    let found = siege::sieges(&ctx, &s, Side::First);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].hex, sveaborg);
    // 16.0 6A: a siege train in 1310 does not count.
    assert!(found[0].modifiers.iter().all(|(_, why)| !why.contains("siege train")), "{:?}", found[0].modifiers);
    assert!(!found[0].besiegers.contains(&"ru-siege".to_string()));
}

#[test]
fn rule_16_0_errata_6a_no_attack_on_sveaborg_across_open_sea() {
    let ctx = ctx();
    let sveaborg = hex("1210");
    let s = state(&ctx, 4, Phase::Combat, Side::First, &[("sw-fort-sveaborg", sveaborg), ("ru-5-1", hex("1310"))]);
    let e = attack_hex(&ctx, &s, Side::First, &["ru-5-1"], sveaborg, &[], &[3]).expect_err("across the sea");
    assert!(e.to_string().starts_with("11.3"), "{e}");
}

#[test]
fn rule_15_3_battle_vp_go_to_the_victor_and_are_never_debited_from_the_loser() {
    let ctx = ctx();
    let (to, s) = division_next_to_sw_sk(&ctx);
    let defense: u32 = ctx.counter("sw-sk").map(|c| u32::from(c.defense)).expect("sw-sk");
    // 18 against the lone Swedish unit: find the die that destroys it.
    for die in 1..=6 {
        let (after, log, _) =
            attack_hex(&ctx, &s, Side::First, &DIVISION, to, &[], &[die, 3, 3, 3]).expect("legal attack");
        let result = battle_event(&log)["result"].clone();
        if result == "DC" {
            let expected = match defense {
                1..=5 => 1,
                6..=10 => 2,
                _ => 3,
            };
            assert_eq!(after.vp[0].battle, s.vp[0].battle + expected, "11.13 table for {defense} points");
            assert_eq!(after.vp[1], s.vp[1], "the Swedes lose no VP for it");
            return;
        }
    }
    panic!("no die gives a DC at these odds");
}

#[test]
fn rule_11_26_no_gunboat_attack_in_the_winter_turn_when_no_rclm_is_possible() {
    // 9.15: Swedish RCLM only on non-winter turns; 11.26: gunboats attack only where they
    // could move. Find a lake hexside of Finland between two land hexes.
    let ctx = ctx();
    let courses = ctx.river_courses();
    let (a, b) = ctx
        .map
        .land_hexes()
        .filter(|h| ctx.map.locale(*h).is_none() && ctx.map.region(*h) == Some("Finland"))
        .find_map(|a| {
            ctx.map
                .landward_neighbours(a)
                .into_iter()
                .find(|b| ctx.map.locale(*b).is_none() && courses.qualifies(a, *b))
                .map(|b| (a, b))
        })
        .expect("a lake hexside in Finland");
    let placed = [("sw-af-1", a), ("ru-5-1", b)];
    let attack = |turn: u8| {
        let s = state(&ctx, turn, Phase::Combat, Side::Second, &placed);
        attack_hex(&ctx, &s, Side::Second, &["sw-af-1"], b, &[], &[3, 3, 3])
    };
    match attack(1) {
        Err(grognard_engine::ApplyError::Rule(e)) => assert_eq!(e.rule, "11.26"),
        other => panic!("a winter gunboat attack was not refused: {:?}", other.map(|_| ())),
    }
    assert!(attack(4).is_ok(), "the same attack in a summer turn");
}
