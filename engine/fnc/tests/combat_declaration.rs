//! Attack declaration rules (11.1, 11.3, 11.4, 11.26, 11.27, 10.2, 6.4, 5.3).

use crate::combat_harness;

use combat_harness::*;
use grognard_fnc::state::{Effect, LastingEffect};
use grognard_fnc::{Location, Side};

#[test]
fn rule_11_3_unit_attacks_once_per_player_turn() {
    let ctx = ctx();
    // 9 against 1 then the same unit against another hex.
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0403"), ("ot-1", "0404"), ("ot-2", "0402")]);
    let (after, _, _) = attack(&ctx, &s, Side::First, &["fr-e"], "0404", &[], &[6]).expect("legal");
    let mut after = after;
    if after.decision.is_some() {
        // Decline the advance so the phase can go on.
        let mut log = Vec::new();
        after =
            grognard_fnc::combat::apply_advance(&ctx, &after, Side::First, &[], &mut grognard_engine::NoDice, &mut log)
                .expect("stay");
    }
    let e = attack(&ctx, &after, Side::First, &["fr-e"], "0402", &[], &[3]).expect_err("refused");
    assert_eq!(rule_of(e), "11.3");
}

#[test]
fn rule_11_4_a_hex_is_attacked_once_per_combat_phase() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0403"), ("fr-b", "0405"), ("ot-6", "0404")]);
    // 3 against 6 = 50%, die 1: AC; the attacker loses everything, the hex stays defended.
    let (after, _, _) = attack(&ctx, &s, Side::First, &["fr-a"], "0404", &[], &[1]).expect("legal");
    assert_eq!(after.decision, None);
    let e = attack(&ctx, &after, Side::First, &["fr-b"], "0404", &[], &[3]).expect_err("refused");
    assert_eq!(rule_of(e), "11.4");
}

#[test]
fn rule_11_3_attackers_must_be_adjacent() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0406"), ("ot-6", "0404")]);
    assert_eq!(rule_of(attack(&ctx, &s, Side::First, &["fr-a"], "0404", &[], &[3]).expect_err("refused")), "11.3");
}

#[test]
fn rule_11_1_only_enemy_occupied_hexes_are_attacked() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0403")]);
    assert_eq!(rule_of(attack(&ctx, &s, Side::First, &["fr-a"], "0404", &[], &[3]).expect_err("refused")), "11.1");
}

#[test]
fn rule_11_27_zero_attack_units_never_attack() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::Second, &[("ot-z", "0403"), ("fr-a", "0404")]);
    assert_eq!(rule_of(attack(&ctx, &s, Side::Second, &["ot-z"], "0404", &[], &[3]).expect_err("refused")), "11.27");
}

#[test]
fn rule_6_4_truce_forbids_attacks() {
    let ctx = ctx();
    let mut s = state(&ctx, 4, Side::First, &[("fr-a", "0403"), ("ot-6", "0404")]);
    s.effects.push(LastingEffect { effect: Effect::Truce, turn: Some(4) });
    assert_eq!(rule_of(attack(&ctx, &s, Side::First, &["fr-a"], "0404", &[], &[3]).expect_err("refused")), "6.4");
}

#[test]
fn rule_6_3_ottoman_infighting_forbids_attacks_in_the_rolled_area() {
    let ctx = ctx();
    let mut s = state(&ctx, 4, Side::Second, &[("ot-6", "0403"), ("fr-a", "0404")]);
    s.effects.push(LastingEffect {
        effect: Effect::Infighting { side: Side::Second, area: "Egypt".into(), fleet: false },
        turn: Some(4),
    });
    assert_eq!(rule_of(attack(&ctx, &s, Side::Second, &["ot-6"], "0404", &[], &[3]).expect_err("refused")), "6.3");
}

#[test]
fn rule_11_26_gunboats_attack_only_along_the_water() {
    let ctx = ctx();
    // The Nile runs along 0205/0206: a gunboat in 0205 reaches 0206, a gunboat in 0305 (no
    // water between) does not.
    let s = state(&ctx, 4, Side::First, &[("fr-gb", "0305"), ("ot-1", "0206")]);
    assert_eq!(rule_of(attack(&ctx, &s, Side::First, &["fr-gb"], "0206", &[], &[3]).expect_err("refused")), "11.26");
    let s = state(&ctx, 4, Side::First, &[("fr-gb", "0205"), ("ot-1", "0206")]);
    assert!(attack(&ctx, &s, Side::First, &["fr-gb"], "0206", &[], &[3]).is_ok());
}

#[test]
fn rule_11_26_gunboats_attack_only_across_water_they_could_move_on() {
    // 9.14: in EC, RCLM follows only the Nile, the Yussef Canal and the lakes joined to them.
    // The Aqua river (0603/0604) is water, but no gunboat could move along it.
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-gb", "0603"), ("ot-1", "0604")]);
    assert_eq!(rule_of(attack(&ctx, &s, Side::First, &["fr-gb"], "0604", &[], &[3]).expect_err("refused")), "11.26");
}

#[test]
fn rule_10_2_fleet_support_adds_its_attack_factor_and_leaves_the_map() {
    let ctx = ctx();
    // Portus 0402 is coastal; the fleet is in the all-sea hex 0401.
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0403"), ("fr-fleet", "0401"), ("ot-6", "0402")]);
    let (after, log, _) = attack(&ctx, &s, Side::First, &["fr-a"], "0402", &["fr-fleet"], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["attack_strength"], 6);
    assert_eq!(at(&after, "fr-fleet"), Location::Spent);
    assert!(after.book.fleets_used.contains("fr-fleet"));
}

#[test]
fn rule_10_2_fleets_support_only_attacks_on_coastal_hexes() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0403"), ("fr-fleet", "0401"), ("ot-6", "0404")]);
    assert_eq!(
        rule_of(attack(&ctx, &s, Side::First, &["fr-a"], "0404", &["fr-fleet"], &[3]).expect_err("refused")),
        "10.2"
    );
}

#[test]
fn rule_10_2_a_fleet_supports_once_per_turn() {
    let ctx = ctx();
    let mut s = state(&ctx, 4, Side::First, &[("fr-a", "0403"), ("fr-fleet", "0401"), ("ot-6", "0402")]);
    s.book.fleets_used.insert("fr-fleet".into());
    assert_eq!(
        rule_of(attack(&ctx, &s, Side::First, &["fr-a"], "0402", &["fr-fleet"], &[3]).expect_err("refused")),
        "10.2"
    );
}

#[test]
fn rule_11_2_need_dice_only_after_every_check() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0403"), ("ot-6", "0404")]);
    assert_eq!(rule_of(attack(&ctx, &s, Side::First, &["fr-a"], "0404", &[], &[]).expect_err("waits")), "need-dice");
    assert_eq!(rule_of(attack(&ctx, &s, Side::First, &["fr-a", "fr-a"], "0404", &[], &[]).expect_err("bad")), "11.2");
}

#[test]
fn rule_5_3_no_ottoman_attack_across_the_border_on_game_turn_one() {
    let ctx = ctx();
    // 0803 is in Syria-Palestine, 0703 in Egypt.
    let placed = [("ot-6", "0803"), ("fr-a", "0703")];
    let s = state(&ctx, 1, Side::Second, &placed);
    assert_eq!(rule_of(attack(&ctx, &s, Side::Second, &["ot-6"], "0703", &[], &[3]).expect_err("refused")), "5.3");
    let later = state(&ctx, 2, Side::Second, &placed);
    assert!(attack(&ctx, &later, Side::Second, &["ot-6"], "0703", &[], &[3]).is_ok());
}
