//! Odds: strengths, percentage, columns and shifts (11.2, 11.5-11.11, 5.3).

use crate::combat_harness;

use combat_harness::*;
use grognard_fnc::Side;

#[test]
fn rule_11_2_worked_example_fifteen_against_eleven_in_hills_die_six_aes() {
    let ctx = ctx();
    // 15 attack factors against 11 defense factors in a hills hex (0303).
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0302"), ("fr-d", "0403"), ("ot-5", "0303"), ("ot-6", "0303")]);
    let (_, log, used) = attack(&ctx, &s, Side::First, &["fr-e", "fr-d"], "0303", &[], &[6]).expect("legal attack");
    assert_eq!(used, 1);
    let b = battle_event(&log);
    assert_eq!(b["attack_strength"], 15);
    assert_eq!(b["defense_strength"], 11);
    assert_eq!(b["percent"], 136);
    assert_eq!(b["base_column"], "100-149");
    assert_eq!(b["net_shift"], -2);
    assert_eq!(b["final_column"], "<=49");
    assert_eq!(b["result"], "AES");
}

#[test]
fn rule_11_6_mud_flat_and_river_cancel() {
    let ctx = ctx();
    // 0604 is a mud flat; both attackers cross river hexsides (0603/0604, 0503/0604).
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0603"), ("fr-b", "0503"), ("ot-3", "0604")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-a", "fr-b"], "0604", &[], &[3]).expect("legal attack");
    let b = battle_event(&log);
    let causes: Vec<String> = b["shifts"].as_array().expect("shifts").iter().map(|s| s["cause"].to_string()).collect();
    assert_eq!(causes.len(), 2, "{causes:?}");
    assert_eq!(b["net_shift"], 0);
    assert_eq!(b["base_column"], "200-299");
    assert_eq!(b["final_column"], "200-299");
}

#[test]
fn rule_16_0_errata_3a_river_shift_only_if_every_attacker_crosses() {
    let ctx = ctx();
    // One attacker across the river, one (0704) not: only the mud flat's +1.
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0603"), ("fr-b", "0704"), ("ot-3", "0604")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-a", "fr-b"], "0604", &[], &[3]).expect("legal attack");
    assert_eq!(battle_event(&log)["net_shift"], 1);
}

#[test]
fn rule_11_11_extreme_column_then_two_left() {
    let ctx = ctx();
    // 20 against 2 = 1000%: the >=600 column; hills two left: 300-399.
    let s = state(&ctx, 4, Side::First, &[("fr-f", "0302"), ("fr-e", "0403"), ("fr-eng", "0302"), ("ot-2", "0303")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-f", "fr-e", "fr-eng"], "0303", &[], &[1]).expect("legal");
    let b = battle_event(&log);
    assert_eq!(b["percent"], 1000);
    assert_eq!(b["base_column"], ">=600");
    assert_eq!(b["final_column"], "300-399");
}

#[test]
fn rule_11_11_shifts_past_the_edge_are_held() {
    let ctx = ctx();
    // 3 against 6 in hills: 50%, the 50-99 column; two left runs past <=49 and is held there.
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0302"), ("ot-6", "0303")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-a"], "0303", &[], &[1]).expect("legal");
    let b = battle_event(&log);
    assert_eq!(b["final_column"], "<=49");
    assert_eq!(b["clamped"], true);
}

#[test]
fn rule_11_10_divisional_integrity_both_brigades_in_one_hex_in_egypt() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-1-1", "0403"), ("fr-1-2", "0403"), ("ot-6", "0404")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-1-1", "fr-1-2"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["attack_strength"], 11);
}

#[test]
fn rule_11_10_no_bonus_when_the_brigades_are_in_different_hexes() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-1-1", "0403"), ("fr-1-2", "0503"), ("ot-6", "0404")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-1-1", "fr-1-2"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["attack_strength"], 9);
}

#[test]
fn rule_11_10_divisional_integrity_on_defense() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::Second, &[("fr-1-1", "0404"), ("fr-1-2", "0404"), ("ot-6", "0403")]);
    let (_, log, _) = attack(&ctx, &s, Side::Second, &["ot-6"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["defense_strength"], 11);
}

#[test]
fn rule_11_8_siege_train_doubles_its_hex_against_an_intact_fortress() {
    let ctx = ctx();
    // Castellum 0506 is an intact fortress; the siege train doubles fr-c in 0505, not fr-a in 0606.
    let s =
        state(&ctx, 4, Side::First, &[("fr-c", "0505"), ("fr-siege", "0505"), ("fr-a", "0606"), ("ot-fort", "0506")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-c", "fr-siege", "fr-a"], "0506", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["attack_strength"], 11);
}

#[test]
fn rule_11_8_siege_train_only_against_an_intact_fortress() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-c", "0403"), ("fr-siege", "0403"), ("ot-3", "0404")]);
    let e = attack(&ctx, &s, Side::First, &["fr-c", "fr-siege"], "0404", &[], &[3]).expect_err("refused");
    assert_eq!(rule_of(e), "11.8");
}

#[test]
fn rule_11_7_engineers_one_shift_against_an_intact_fortress() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-d", "0505"), ("fr-eng", "0505"), ("ot-fort", "0506")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-d", "fr-eng"], "0506", &[], &[3]).expect("legal");
    let b = battle_event(&log);
    assert_eq!(b["net_shift"], 1);
    assert!(b["shifts"][0]["cause"].as_str().expect("cause").starts_with("11.7"));
}

#[test]
fn rule_11_9_concentric_from_opposite_hexes_for_the_french() {
    let ctx = ctx();
    // 0404's neighbours 0403 (north) and 0405 (south) are opposite.
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0403"), ("fr-b", "0405"), ("ot-6", "0404")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-a", "fr-b"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["net_shift"], 1);
}

#[test]
fn rule_11_9_no_concentric_bonus_for_the_ottomans() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::Second, &[("ot-3", "0403"), ("ot-4", "0405"), ("fr-d", "0404")]);
    let (_, log, _) = attack(&ctx, &s, Side::Second, &["ot-3", "ot-4"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["net_shift"], 0);
}

#[test]
fn rule_11_9_no_concentric_bonus_against_an_intact_fortress() {
    let ctx = ctx();
    // 0506's neighbours 0505 and 0507 are opposite.
    let s = state(&ctx, 4, Side::First, &[("fr-a", "0505"), ("fr-b", "0507"), ("ot-fort", "0506")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-a", "fr-b"], "0506", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["net_shift"], 0);
}

#[test]
fn rule_5_3_mameluke_ferocity_on_game_turn_one() {
    let ctx = ctx();
    let placed = [("ot-mm", "0403"), ("ot-3", "0403"), ("fr-d", "0404")];
    let s = state(&ctx, 1, Side::Second, &placed);
    let (_, log, _) = attack(&ctx, &s, Side::Second, &["ot-mm", "ot-3"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["net_shift"], 1);
    let later = state(&ctx, 2, Side::Second, &placed);
    let (_, log, _) = attack(&ctx, &later, Side::Second, &["ot-mm", "ot-3"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["net_shift"], 0);
}

#[test]
fn rule_5_3_no_ferocity_when_mamelukes_are_under_half() {
    let ctx = ctx();
    let s = state(&ctx, 1, Side::Second, &[("ot-mm", "0403"), ("ot-6", "0403"), ("fr-d", "0404")]);
    let (_, log, _) = attack(&ctx, &s, Side::Second, &["ot-mm", "ot-6"], "0404", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["net_shift"], 0);
}

#[test]
fn rule_11_10_no_french_divisional_bonus_outside_egypt() {
    let ctx = ctx();
    // 0803 is in Syria-Palestine.
    let s = state(&ctx, 4, Side::First, &[("fr-1-1", "0803"), ("fr-1-2", "0803"), ("ot-6", "0804")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-1-1", "fr-1-2"], "0804", &[], &[3]).expect("legal");
    assert_eq!(battle_event(&log)["attack_strength"], 9);
}

#[test]
fn rule_11_5_attacker_and_defender_shifts_net_out_and_the_log_names_each() {
    let ctx = ctx();
    // ot-6 in the hills of 0303 (-2 for the defender), attacked from the opposite hexes 0302
    // and 0304 (concentric, +1 for the attacker): 12 against 6 = 200%, 200-299, net -1: 150-199.
    let s = state(&ctx, 4, Side::First, &[("fr-d", "0302"), ("fr-a", "0304"), ("fr-b", "0304"), ("ot-6", "0303")]);
    let (_, log, _) = attack(&ctx, &s, Side::First, &["fr-d", "fr-a", "fr-b"], "0303", &[], &[3]).expect("legal");
    let battle = battle_event(&log);
    assert_eq!(battle["net_shift"], -1);
    assert_eq!(battle["base_column"], "200-299");
    assert_eq!(battle["final_column"], "150-199");
    let text = &log.iter().find(|e| e.data["type"] == "battle").expect("battle").text;
    for part in [
        "12",
        "200%",
        "-2 (11.6 defender in",
        "for the defender",
        "+1 (11.9 concentric attack, for the attacker)",
        "net -1",
        "column 150-199",
        "die 3",
    ] {
        assert!(text.contains(part), "`{part}` missing from: {text}");
    }
}
