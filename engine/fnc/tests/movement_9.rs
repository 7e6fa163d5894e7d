//! Ground movement (9.0) on the small core test map.

use crate::core_common;

use core_common::{cmd, ec, movement, refused, try_cmd};
use grognard_board::HexId;
use grognard_fnc::{Location, Side};

fn hex(n: &str) -> Location {
    Location::Hex(HexId::parse(n).unwrap())
}

#[test]
fn rule_9_12_lake_hexside_into_swamp_costs_six() {
    let ctx = ec();
    // Turn 4: no flood, no summer. fr-1-1 has 6 MP: 3 for the swamp, 3 for the lake hexside.
    let s = movement(ctx, 4, "french", "hex 1127: fr-1-1");
    let (next, events) = try_cmd(ctx, &s, Side::First, "move fr-1-1 1228", &[]).unwrap();
    assert_eq!(next.location("fr-1-1"), Some(&hex("1228")));
    assert_eq!(next.book.moved["fr-1-1"].spent, 12, "6 MP = 12 half-MP");
    assert!(events.iter().any(|e| e.text.contains("for 6 MP")), "{events:?}");
}

#[test]
fn rule_9_2_movement_points_are_not_exceeded() {
    let ctx = ec();
    // 1127 -> 1228 costs 6, the unit's whole allowance: nothing left for another hex.
    let s = movement(ctx, 4, "french", "hex 1127: fr-1-1");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-1-1 1228 1229"), "9.2");
}

#[test]
fn rule_9_19_road_costs_half_and_negates_the_nile() {
    let ctx = ec();
    // Along the desert road: 1028 1128 1228 1328 1428, crossing the Nile by its bridge.
    let s = movement(ctx, 2, "french", "hex 1028: fr-1-1");
    let next = cmd(ctx, &s, Side::First, "move fr-1-1 1128 1228 1328 1428");
    assert_eq!(next.book.moved["fr-1-1"].spent, 4, "four road hexes at 0.5 MP");
}

#[test]
fn rule_9_16_nile_in_flood_costs_two_extra() {
    let ctx = ec();
    // 1329 (city) -> 1429 (hills 2) across the unbridged Nile: +2 in flood turn 2, +1 in turn 4.
    let flood = movement(ctx, 2, "french", "hex 1329: fr-1-1");
    let n = cmd(ctx, &flood, Side::First, "move fr-1-1 1429");
    assert_eq!(n.book.moved["fr-1-1"].spent, 8);
    let dry = movement(ctx, 4, "french", "hex 1329: fr-1-1");
    let n = cmd(ctx, &dry, Side::First, "move fr-1-1 1429");
    assert_eq!(n.book.moved["fr-1-1"].spent, 6);
}

#[test]
fn rule_9_17_desert_costs_four_in_summer() {
    let ctx = ec();
    let summer = movement(ctx, 10, "french", "hex 1428: fr-1-1");
    let n = cmd(ctx, &summer, Side::First, "move fr-1-1 1528");
    assert_eq!(n.book.moved["fr-1-1"].spent, 8);
    let winter = movement(ctx, 6, "french", "hex 1428: fr-1-1");
    let n = cmd(ctx, &winter, Side::First, "move fr-1-1 1528");
    assert_eq!(n.book.moved["fr-1-1"].spent, 4);
}

#[test]
fn rule_9_3_a_unit_may_always_move_one_hex() {
    let ctx = ec();
    // The siege train (3 MP) may enter the swamp across the lake hexside (6 MP) as its only hex.
    let s = movement(ctx, 4, "french", "hex 1127: fr-siege");
    let next = cmd(ctx, &s, Side::First, "move fr-siege 1228");
    assert_eq!(next.location("fr-siege"), Some(&hex("1228")));
    assert_eq!(refused(ctx, &next, Side::First, "move fr-siege 1229"), "9.2");
}

#[test]
fn rule_9_4_no_entry_into_enemy_hex() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1127: fr-1-1\nhex 1128: ot-jn-1");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-1-1 1128"), "9.4");
}

#[test]
fn rule_14_3_moving_force_overruns_a_lone_sc() {
    let ctx = ec();
    let s = movement(ctx, 4, "ottoman", "hex 1128: fr-sc\nhex 1329: ot-mm-1");
    let next = cmd(ctx, &s, Side::Second, "move ot-mm-1 1229 1128 1028");
    assert_eq!(next.location("fr-sc"), Some(&Location::Eliminated));
    assert_eq!(next.location("ot-mm-1"), Some(&hex("1028")));
}

#[test]
fn rule_9_7_stack_moves_at_slowest_rate() {
    let ctx = ec();
    // fr-gu has 8 MP, fr-siege 3: together they stop after 3 MP.
    let s = movement(ctx, 4, "french", "hex 1128: fr-gu fr-siege");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-gu,fr-siege 1129 1229 1230 1330"), "9.2");
    let n = cmd(ctx, &s, Side::First, "move fr-gu,fr-siege 1129 1229 1230");
    assert_eq!(n.location("fr-siege"), Some(&hex("1230")));
}

#[test]
fn rule_9_6_an_earlier_stack_is_finished_once_another_moves() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1128: fr-1-1 fr-1-2\nhex 1028: fr-2-1");
    // Split: fr-1-1 moves, then fr-1-2 from the same parent stack, then fr-1-1 again.
    let s = cmd(ctx, &s, Side::First, "move fr-1-1 1129");
    let s = cmd(ctx, &s, Side::First, "move fr-1-2 1228");
    let s = cmd(ctx, &s, Side::First, "move fr-1-1 1130");
    // A different stack moves: the first one is finished.
    let s = cmd(ctx, &s, Side::First, "move fr-2-1 1029");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-1-1 1230"), "9.6");
}

#[test]
fn rule_9_11_zero_movement_units_never_move() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1127: fr-fort fr-1-1");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-fort 1128"), "9.11");
}

#[test]
fn rule_7_4_stacking_is_checked_instant_by_instant() {
    let ctx = ec();
    // 1128 holds six French units: a seventh may not pass through it.
    let s = movement(ctx, 4, "french", "hex 1128: fr-2-1 fr-2-2 fr-3-1 fr-3-2 fr-4-1 fr-4-2\nhex 1028: fr-1-1");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-1-1 1128 1129"), "7.1");
    // Around it is fine.
    cmd(ctx, &s, Side::First, "move fr-1-1 1029 1129");
}

#[test]
fn rule_7_2_one_siege_train_a_hex() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1128: fr-siege\nhex 1028: fr-1-1");
    let h = HexId::parse("1128").unwrap();
    let err = grognard_fnc::stacking::check_stack(ctx, &s, h, &["fr-siege", "ot-siege"]).unwrap_err();
    assert_eq!(err.rule, "7.2");
    grognard_fnc::stacking::check_stack(ctx, &s, h, &["fr-siege", "fr-1-1"]).unwrap();
}

#[test]
fn rule_7_1_twelve_in_an_intact_fortress_six_elsewhere() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1028: fr-1-1");
    let seven = ["fr-1-1", "fr-1-2", "fr-2-1", "fr-2-2", "fr-3-1", "fr-3-2", "fr-4-1"];
    let alexandria = HexId::parse("1127").unwrap();
    let camp = HexId::parse("1028").unwrap();
    assert_eq!(grognard_fnc::stacking::check_stack(ctx, &s, camp, &seven).unwrap_err().rule, "7.1");
    grognard_fnc::stacking::check_stack(ctx, &s, alexandria, &seven).unwrap();
    // A fleet is a marker and does not count (7.3).
    grognard_fnc::stacking::check_stack(
        ctx,
        &s,
        camp,
        &seven[..6].iter().copied().chain(["ot-fleet"]).collect::<Vec<_>>(),
    )
    .unwrap();
    // Once the fortress is destroyed (13.4) the limit is six.
    let mut destroyed = s.clone();
    destroyed.fort_destroyed.insert(alexandria);
    assert_eq!(grognard_fnc::stacking::check_stack(ctx, &destroyed, alexandria, &seven).unwrap_err().rule, "7.1");
}

#[test]
fn rule_5_3_no_ottoman_border_crossing_on_turn_1() {
    let ctx = ec();
    let s = movement(ctx, 1, "ottoman", "hex 1628: ot-se-1");
    assert_eq!(refused(ctx, &s, Side::Second, "move ot-se-1 1528"), "5.3");
    let later = movement(ctx, 2, "ottoman", "hex 1628: ot-se-1");
    cmd(ctx, &later, Side::Second, "move ot-se-1 1528");
}

#[test]
fn rule_8_8_british_units_stay_on_the_coast() {
    let ctx = ec();
    let s = movement(ctx, 4, "ottoman", "hex 1426: br-rm");
    // 1427 and 1428 touch Lake Bourlos (its shore counts, 16.0 2A); 1429 touches no water.
    let n = cmd(ctx, &s, Side::Second, "move br-rm 1427 1428");
    assert_eq!(refused(ctx, &n, Side::Second, "move br-rm 1429"), "8.8");
}

#[test]
fn rule_8_6_units_leave_a_box_through_its_entry_hexes() {
    let ctx = ec();
    let s = movement(ctx, 4, "ottoman", "box upper-egypt: ot-mm-1");
    assert_eq!(refused(ctx, &s, Side::Second, "move ot-mm-1 1031"), "8.6");
    let n = cmd(ctx, &s, Side::Second, "move ot-mm-1 1331 1330");
    assert_eq!(n.location("ot-mm-1"), Some(&hex("1330")));
}

#[test]
fn rule_9_21_no_entry_off_the_map_or_onto_water() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1127: fr-1-1");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-1-1 1126"), "9.9");
}

#[test]
fn rule_9_1_only_the_phasing_side_moves() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1127: fr-1-1\nhex 1329: ot-mm-1");
    assert_eq!(refused(ctx, &s, Side::Second, "move ot-mm-1 1330"), "5.1");
}

#[test]
fn rule_9_5_units_move_together_only_from_one_hex() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1128: fr-1-1 fr-1-2\nhex 1028: fr-2-1");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-1-1,fr-2-1 1129"), "9.5");
    // Units of one hex need not move together.
    let n = cmd(ctx, &s, Side::First, "move fr-1-1 1129");
    assert_eq!(n.location("fr-1-2"), Some(&hex("1128")));
}

#[test]
fn rule_9_22_border_hexsides_do_not_hinder_movement_after_turn_1() {
    let ctx = ec();
    // 1527 -> 1627 crosses the Egypt/Syria-Palestine border: clear going, no extra cost.
    let s = movement(ctx, 4, "french", "hex 1527: fr-1-1");
    let n = cmd(ctx, &s, Side::First, "move fr-1-1 1627");
    assert_eq!(n.book.moved["fr-1-1"].spent, 2);
}

#[test]
fn rule_7_3_fleets_do_not_count_for_stacking() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1028: fr-1-1");
    let camp = HexId::parse("1028").unwrap();
    let six_and_a_fleet = ["fr-1-1", "fr-1-2", "fr-2-1", "fr-2-2", "fr-3-1", "fr-3-2", "ot-fleet"];
    grognard_fnc::stacking::check_stack(ctx, &s, camp, &six_and_a_fleet).unwrap();
}

#[test]
fn rule_9_6_units_left_behind_by_a_finished_stack_stay() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1128: fr-1-1 fr-1-2\nhex 1028: fr-2-1");
    let s = cmd(ctx, &s, Side::First, "move fr-1-1 1129");
    let s = cmd(ctx, &s, Side::First, "move fr-2-1 1029");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-1-2 1228"), "9.6");
}

#[test]
fn rule_6_3_infighting_holds_ottoman_units_of_the_rolled_area() {
    let ctx = ec();
    let units = "hex 1329: ot-mm-1\nbox upper-egypt: ot-mm-2\nhex 1630: ot-se-1\nhex 1426: br-rm\n";
    let s = movement(ctx, 4, "ottoman", &format!("{units}effect infighting ottoman Egypt turn 4"));
    assert_eq!(refused(ctx, &s, Side::Second, "move ot-mm-1 1330"), "6.3");
    assert_eq!(refused(ctx, &s, Side::Second, "move ot-mm-2 1331"), "6.3", "Upper Egypt is in Egypt");
    cmd(ctx, &s, Side::Second, "move ot-se-1 1631");
    cmd(ctx, &s, Side::Second, "move br-rm 1427");
    // Only on the turn it was rolled.
    let later = movement(ctx, 5, "ottoman", &format!("{units}effect infighting ottoman Egypt turn 4"));
    cmd(ctx, &later, Side::Second, "move ot-mm-1 1330");
}

#[test]
fn rule_6_3_disputes_cut_movement_by_one_and_rule_6_4_shake_up_halves_it() {
    let ctx = ec();
    // fr-siege has 3 MP: with Disputes 2, so 1128 -> 1129 -> 1229 -> 1230 (3 MP) is refused.
    let s = movement(ctx, 4, "french", "hex 1128: fr-siege\neffect movement-minus-one french turn 4");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-siege 1129 1229 1230"), "9.2");
    cmd(ctx, &s, Side::First, "move fr-siege 1129 1229");
    // Halved, rounding up: 3 -> 2.
    let s = movement(ctx, 4, "french", "hex 1128: fr-siege\neffect movement-halved french turn 4");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-siege 1129 1229 1230"), "9.2");
    cmd(ctx, &s, Side::First, "move fr-siege 1129 1229");
}

#[test]
fn rule_8_8_errata_2a_british_coast_is_the_mediterranean_not_the_gulfs() {
    // On the game's own map: a land hex on the gulfs' shore only, next to another one.
    let ctx = grognard_fnc::Ctx::embedded(grognard_fnc::Game::Ec).unwrap();
    let shore =
        |h: HexId| -> Vec<String> { ctx.map.shore_of(h).into_iter().map(|w| ctx.map.water(w).name.clone()).collect() };
    let gulf_only =
        |h: HexId| ctx.map.is_land(h) && !shore(h).is_empty() && shore(h).iter().all(|n| n.contains("Gulf"));
    let (from, to) = ctx
        .map
        .hexes()
        .filter(|h| gulf_only(*h) && ctx.map.locale(*h).is_none())
        .find_map(|h| h.neighbours().map(|(_, n)| n).find(|n| gulf_only(*n)).map(|n| (h, n)))
        .expect("two neighbouring gulf-shore hexes");
    let s = core_common::pos(
        ctx,
        &format!("fnc-position 1\ngame ec\nturn 4\nphase movement\nphasing ottoman\nhex {from}: br-rm\n"),
    );
    assert_eq!(refused(ctx, &s, Side::Second, &format!("move br-rm {to}")), "8.8");
    let mut ot = s.clone();
    ot.units.insert("ot-jn-1".into(), Location::Hex(from));
    ot.units.insert("br-rm".into(), Location::Eliminated);
    let _ = cmd(ctx, &ot, Side::Second, &format!("move ot-jn-1 {to}"));
}

#[test]
fn rule_9_20_costs_add_up_and_the_log_gives_the_path_and_each_cost() {
    let ctx = ec();
    // Turn 4: 1329 -> 1429 is hills 2 + the unbridged Nile 1 = 3; 1429 -> 1430 clear 1.
    let s = movement(ctx, 4, "french", "hex 1329: fr-1-1");
    let (n, events) = try_cmd(ctx, &s, Side::First, "move fr-1-1 1429 1430", &[]).unwrap();
    assert_eq!(n.book.moved["fr-1-1"].spent, 8, "4 MP");
    let moved = events.iter().find(|e| e.data["type"] == "move").unwrap_or_else(|| panic!("{events:?}"));
    assert_eq!(moved.data["cost"], "4");
    assert_eq!(moved.data["path"], serde_json::json!(["1329", "1429", "1430"]));
    assert_eq!(moved.data["steps"][0]["cost"], "3");
    let why = moved.data["steps"][0]["why"].as_str().unwrap_or_default();
    assert!(why.contains("hills 2") && why.contains("Nile") && why.contains("1"), "{why}");
    assert_eq!(moved.data["steps"][1]["cost"], "1");
    assert!(moved.text.contains("for 4 MP"), "{}", moved.text);
}

#[test]
fn rule_9_10_towns_cities_ports_and_fortresses_cost_their_clear_terrain() {
    let ctx = ec();
    // Alexandria (city, port, fortress) and Rosetta (town, port) are clear hexes: 1 MP each.
    let s = movement(ctx, 4, "french", "hex 1028: fr-1-1\nhex 1427: fr-1-2");
    let n = cmd(ctx, &s, Side::First, "move fr-1-1 1127");
    assert_eq!(n.book.moved["fr-1-1"].spent, 2);
    let n = cmd(ctx, &n, Side::First, "move fr-1-2 1426");
    assert_eq!(n.book.moved["fr-1-2"].spent, 2);
}

#[test]
fn rule_7_5_british_and_ottoman_units_stack_and_move_together() {
    let ctx = ec();
    let s = movement(ctx, 4, "ottoman", "hex 1426: br-rm ot-ni-1\nhex 1428: ot-mm-1");
    let n = cmd(ctx, &s, Side::Second, "move br-rm,ot-ni-1 1427");
    assert_eq!(n.location("br-rm"), Some(&hex("1427")));
    assert_eq!(n.location("ot-ni-1"), Some(&hex("1427")));
    let n = cmd(ctx, &n, Side::Second, "move ot-mm-1 1427");
    assert_eq!(n.units_in(HexId::parse("1427").unwrap()).len(), 3, "friends share a hex");
}

#[test]
fn rule_10_1_naval_operations_fit_anywhere_in_the_movement_phase() {
    let ctx = ec();
    let s = movement(ctx, 3, "ottoman", "hex 1427: ot-mm-1\nhex 1329: ot-mm-2\nbox anatolia: ot-ni-1");
    let n = cmd(ctx, &s, Side::Second, "move ot-mm-1 1428");
    let n = cmd(ctx, &n, Side::Second, "sail ot-ni-1 1426");
    assert_eq!(n.location("ot-ni-1"), Some(&hex("1426")));
    let n = cmd(ctx, &n, Side::Second, "move ot-mm-2 1330");
    assert_eq!(n.location("ot-mm-2"), Some(&hex("1330")));
    // Naval movement is movement: the stacks moved before it are finished (9.6).
    assert_eq!(refused(ctx, &n, Side::Second, "move ot-mm-1 1429"), "9.6");
}

#[test]
fn rule_8_8_errata_2a_one_coast_test_for_moves_landings_retreats_and_advances() {
    // On the game's own map: Damietta (2126) is on the Mediterranean, Suez (2533) on the
    // gulfs; the shores of Lake Menzoleh count, inland hexes never.
    let ctx = grognard_fnc::Ctx::embedded(grognard_fnc::Game::Ec).unwrap();
    let h = |n: &str| HexId::parse(n).unwrap();
    assert!(ctx.coast_allows("british", h("2126")));
    assert!(!ctx.coast_allows("british", h("2533")), "errata 2A: never the gulfs");
    assert!(!ctx.coast_allows("british", h("1833")), "Cairo is inland");
    assert!(ctx.coast_allows("ottoman", h("2533")), "only the British are bound to the coast");
    let menzoleh_only = ctx
        .map
        .land_hexes()
        .find(|x| ctx.on_shore_of(*x, &["Lake Menzoleh"]) && !ctx.on_shore_of(*x, &["Mediterranean"]));
    let shore = menzoleh_only.unwrap_or_else(|| panic!("a shore hex of Lake Menzoleh off the sea"));
    assert!(ctx.coast_allows("british", shore), "{shore}: the lake's shore counts (8.8)");
}

#[test]
fn rule_8_9_rule_8_10_rsw_units_leave_their_boxes_through_its_entry_hexes() {
    // On the game's own map: the Russian box opens on 1318, 1419 and 1420; the Swedish box
    // on Tornia (3808) and 3908.
    let ctx = grognard_fnc::Ctx::embedded(grognard_fnc::Game::Rsw).unwrap();
    let russians = core_common::pos(
        ctx,
        "fnc-position 1\ngame rsw\nturn 3\nphase movement\nphasing russian\nbox russian: ru-5-1\n",
    );
    assert_eq!(refused(ctx, &russians, Side::First, "move ru-5-1 1515"), "8.9");
    let n = cmd(ctx, &russians, Side::First, "move ru-5-1 1419");
    assert_eq!(n.location("ru-5-1"), Some(&hex("1419")));
    let swedes = core_common::pos(
        ctx,
        "fnc-position 1\ngame rsw\nturn 3\nphase movement\nphasing swedish\nbox swedish: sw-sk\n",
    );
    assert_eq!(refused(ctx, &swedes, Side::Second, "move sw-sk 3510"), "8.10");
    let n = cmd(ctx, &swedes, Side::Second, "move sw-sk 3808");
    assert_eq!(n.location("sw-sk"), Some(&hex("3808")));
}
