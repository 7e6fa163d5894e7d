//! River, canal and lake movement (9.13-9.15) on the small core test map: the Nile runs
//! between columns 13 and 14 from 1328 to 1431; Lake Bourlos (1326, 1327) touches it.

use crate::core_common;

use core_common::{cmd, ec, movement, refused};
use grognard_board::HexId;
use grognard_fnc::{Game, Location, Side};

fn hex(n: &str) -> Location {
    Location::Hex(HexId::parse(n).unwrap())
}

#[test]
fn rule_9_13_along_the_nile_and_through_a_contiguous_lake() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1329: fr-1-1");
    let n = cmd(ctx, &s, Side::First, "river fr-1-1 1328 1327 1227");
    assert_eq!(n.location("fr-1-1"), Some(&hex("1227")));
}

#[test]
fn rule_9_13_never_ends_on_an_all_water_hex() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1329: fr-1-1");
    assert_eq!(refused(ctx, &s, Side::First, "river fr-1-1 1328 1327"), "9.13");
}

#[test]
fn rule_9_13_only_along_contiguous_water_hexsides() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1329: fr-1-1");
    assert_eq!(refused(ctx, &s, Side::First, "river fr-1-1 1229"), "9.13");
    let dry = movement(ctx, 4, "french", "hex 1229: fr-1-1");
    assert_eq!(refused(ctx, &dry, Side::First, "river fr-1-1 1329"), "9.13", "must start on the water");
}

#[test]
fn rule_9_13_stops_on_becoming_adjacent_to_an_enemy() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1329: fr-1-1\nhex 1228: ot-jn-1");
    assert_eq!(refused(ctx, &s, Side::First, "river fr-1-1 1328 1327 1227"), "9.13");
    let n = cmd(ctx, &s, Side::First, "river fr-1-1 1328");
    assert_eq!(n.location("fr-1-1"), Some(&hex("1328")));
}

#[test]
fn rule_9_13_siege_trains_never_gunboats_only() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1329: fr-siege fr-gb");
    assert_eq!(refused(ctx, &s, Side::First, "river fr-siege 1330"), "9.13");
    assert_eq!(refused(ctx, &s, Side::First, "move fr-gb 1330"), "9.13");
    let n = cmd(ctx, &s, Side::First, "river fr-gb 1330 1431");
    assert_eq!(n.location("fr-gb"), Some(&hex("1431")));
}

#[test]
fn rule_9_13_no_other_movement_in_the_same_phase() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1329: fr-1-1 fr-1-2");
    let after_river = cmd(ctx, &s, Side::First, "river fr-1-1 1330");
    assert_eq!(refused(ctx, &after_river, Side::First, "move fr-1-1 1230"), "9.13");
    let after_ground = cmd(ctx, &s, Side::First, "move fr-1-2 1229");
    assert_eq!(refused(ctx, &after_ground, Side::First, "river fr-1-2 1330"), "9.13");
}

#[test]
fn rule_9_16_rclm_is_unaffected_by_the_flood() {
    let ctx = ec();
    let s = movement(ctx, 2, "french", "hex 1329: fr-1-1");
    let n = cmd(ctx, &s, Side::First, "river fr-1-1 1330 1431");
    assert_eq!(n.location("fr-1-1"), Some(&hex("1431")));
}

#[test]
fn rule_9_15_russians_never_swedes_not_in_winter() {
    let rules = Game::Rsw.rules();
    assert!(!rules.river_movement_allowed(Side::First, false));
    assert!(!rules.river_movement_allowed(Side::Second, true));
    assert!(rules.river_movement_allowed(Side::Second, false));
    assert!(Game::Ec.rules().river_movement_allowed(Side::First, false), "9.14: both sides every turn in EC");
}

#[test]
fn rule_9_13_the_log_gives_the_path_and_the_hexes_counted() {
    let ctx = ec();
    let s = movement(ctx, 4, "french", "hex 1329: fr-1-1");
    let (_, events) = core_common::try_cmd(ctx, &s, Side::First, "river fr-1-1 1328 1327 1227", &[]).unwrap();
    let e = events.iter().find(|e| e.data["type"] == "river_move").unwrap_or_else(|| panic!("{events:?}"));
    assert_eq!(e.data["path"], serde_json::json!(["1329", "1328", "1327", "1227"]));
    assert_eq!(e.data["cost"], "3 of 20 hexes");
}

#[test]
fn rule_8_6_rule_9_13_gunboats_leave_the_upper_egypt_box_along_the_nile() {
    // On the game's own map: the Upper Egypt box has a river (8.6) and its entry hex 1448
    // lies on the Nile (1448/1547), which runs on past 1447.
    let ctx = grognard_fnc::Ctx::embedded(Game::Ec).unwrap();
    let s = core_common::pos(
        ctx,
        "fnc-position 1\ngame ec\nturn 3\nphase movement\nphasing ottoman\nbox upper-egypt: ot-gb ot-jn-1\n\
         box anatolia: ot-jn-2\n",
    );
    let n = cmd(ctx, &s, Side::Second, "river ot-gb 1448 1447");
    assert_eq!(n.location("ot-gb"), Some(&hex("1447")));
    assert_eq!(refused(ctx, &s, Side::Second, "river ot-gb 0848"), "9.13", "an entry hex off the river");
    assert_eq!(refused(ctx, &s, Side::Second, "river ot-gb 1447"), "9.13", "not an entry hex of the box");
    assert_eq!(refused(ctx, &s, Side::Second, "river ot-jn-2 3909"), "9.13", "the Anatolian box has no river");
}

#[test]
fn rule_8_6_rule_9_13_listed_rclm_moves_out_of_the_upper_egypt_box_are_accepted() {
    let ctx = grognard_fnc::Ctx::embedded(Game::Ec).unwrap();
    let s = core_common::pos(
        ctx,
        "fnc-position 1\ngame ec\nturn 3\nphase movement\nphasing ottoman\nbox upper-egypt: ot-gb\n",
    );
    let legal = grognard_fnc::table::commands(ctx, &s, Side::Second);
    let river: Vec<String> = legal.iter().map(|c| c.to_string()).filter(|c| c.starts_with("river")).collect();
    assert!(river.contains(&"river ot-gb 1448".to_string()), "{river:?}");
    for c in river {
        cmd(ctx, &s, Side::Second, &c);
    }
}

#[test]
fn rule_14_3_rclm_overruns_a_lone_sc_and_goes_on() {
    let ctx = ec();
    let s = movement(ctx, 4, "ottoman", "hex 1429: fr-sc\nhex 1329: ot-mm-1");
    let (n, events) = core_common::try_cmd(ctx, &s, Side::Second, "river ot-mm-1 1429 1430", &[]).unwrap();
    assert_eq!(n.location("fr-sc"), Some(&Location::Eliminated), "the SC never recycles (8.11)");
    assert_eq!(n.location("ot-mm-1"), Some(&hex("1430")));
    assert!(events.iter().any(|e| e.data["type"] == "overrun"), "{events:?}");
    // With a French unit beside it the SC is not alone: no entry (9.4).
    let guarded = movement(ctx, 4, "ottoman", "hex 1429: fr-sc fr-1-1\nhex 1329: ot-mm-1");
    assert_eq!(refused(ctx, &guarded, Side::Second, "river ot-mm-1 1429"), "9.4");
}
