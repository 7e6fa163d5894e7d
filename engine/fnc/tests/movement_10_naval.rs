//! Naval operations in the movement phase (10.1-10.7) on the small core test map: Alexandria
//! (1127) and Rosetta (1426) are Mediterranean ports; the Anatolian box is a port on the
//! Mediterranean.

use crate::core_common;

use core_common::{cmd, ec, movement, refused};
use grognard_board::HexId;
use grognard_fnc::{Game, Location, Side};

fn hex(n: &str) -> Location {
    Location::Hex(HexId::parse(n).unwrap())
}

const SEVEN: &str = "box anatolia: ot-ni-1 ot-ni-2 ot-jn-7 ot-jn-8 ot-jn-9 ot-og ot-su";

#[test]
fn rule_10_4_no_ottoman_amphibious_movement_before_turn_2() {
    let ctx = ec();
    let s = movement(ctx, 1, "ottoman", "box anatolia: ot-ni-1");
    assert_eq!(refused(ctx, &s, Side::Second, "sail ot-ni-1 1426"), "10.4");
}

#[test]
fn rule_10_3_debark_in_a_friendly_port_and_go_on() {
    let ctx = ec();
    let s = movement(ctx, 2, "ottoman", "box anatolia: ot-ni-1");
    let n = cmd(ctx, &s, Side::Second, "sail ot-ni-1 1426");
    assert_eq!(n.location("ot-ni-1"), Some(&hex("1426")));
    assert_eq!(n.book.moved["ot-ni-1"].spent, 2, "1 MP to debark");
    let n = cmd(ctx, &n, Side::Second, "move ot-ni-1 1427");
    assert_eq!(n.location("ot-ni-1"), Some(&hex("1427")));
}

#[test]
fn rule_10_3_landing_on_a_non_port_coast_ends_the_move() {
    let ctx = ec();
    let s = movement(ctx, 2, "ottoman", "box anatolia: ot-ni-1");
    let n = cmd(ctx, &s, Side::Second, "sail ot-ni-1 1227");
    assert_eq!(n.location("ot-ni-1"), Some(&hex("1227")));
    assert_eq!(refused(ctx, &n, Side::Second, "move ot-ni-1 1228"), "10.3");
}

#[test]
fn rule_10_3_an_invasion_force_waits_offshore() {
    let ctx = ec();
    let s = movement(ctx, 2, "ottoman", "box anatolia: ot-ni-1\nhex 1127: fr-1-1");
    let n = cmd(ctx, &s, Side::Second, "sail ot-ni-1 1127");
    assert!(
        matches!(n.location("ot-ni-1"), Some(Location::Offshore { target, .. }) if target.to_string() == "1127"),
        "{:?}",
        n.location("ot-ni-1")
    );
}

#[test]
fn rule_10_4_six_units_in_the_mediterranean_twelve_after_british_intervention() {
    let ctx = ec();
    let six = "sail ot-ni-1,ot-ni-2,ot-jn-7,ot-jn-8,ot-jn-9,ot-og 1426";
    // The first six land and march on, leaving room in Rosetta for a seventh.
    let onward = "move ot-ni-1,ot-ni-2,ot-jn-7,ot-jn-8,ot-jn-9,ot-og 1427";
    let s = movement(ctx, 2, "ottoman", SEVEN);
    let s = cmd(ctx, &cmd(ctx, &s, Side::Second, six), Side::Second, onward);
    assert_eq!(refused(ctx, &s, Side::Second, "sail ot-su 1426"), "10.4");
    let british = movement(ctx, 2, "ottoman", &format!("{SEVEN}\neffect british-intervention"));
    let british = cmd(ctx, &cmd(ctx, &british, Side::Second, six), Side::Second, onward);
    let n = cmd(ctx, &british, Side::Second, "sail ot-su 1426");
    assert_eq!(n.location("ot-su"), Some(&hex("1426")));
}

#[test]
fn rule_10_4_one_origin_and_one_destination_a_turn() {
    let ctx = ec();
    let s = movement(ctx, 2, "ottoman", SEVEN);
    let n = cmd(ctx, &s, Side::Second, "sail ot-ni-1 1426");
    assert_eq!(refused(ctx, &n, Side::Second, "sail ot-ni-2 1227"), "10.4");
    cmd(ctx, &n, Side::Second, "sail ot-ni-2 1426");
}

#[test]
fn rule_10_7_ottoman_siege_trains_sail_only_after_british_intervention() {
    let ctx = ec();
    let s = movement(ctx, 2, "ottoman", "box anatolia: ot-siege");
    assert_eq!(refused(ctx, &s, Side::Second, "sail ot-siege 1426"), "10.7");
    let british = movement(ctx, 2, "ottoman", "box anatolia: ot-siege\neffect british-intervention");
    // Only into a friendly controlled port.
    assert_eq!(refused(ctx, &british, Side::Second, "sail ot-siege 1227"), "10.7");
    cmd(ctx, &british, Side::Second, "sail ot-siege 1426");
}

#[test]
fn rule_10_2_fleets_move_only_at_sea() {
    let ctx = ec();
    let s = movement(ctx, 2, "ottoman", "box anatolia: ot-fleet");
    let n = cmd(ctx, &s, Side::Second, "fleet ot-fleet 1125");
    assert_eq!(n.location("ot-fleet"), Some(&hex("1125")));
    assert_eq!(refused(ctx, &n, Side::Second, "fleet ot-fleet 1326"), "10.2");
    assert_eq!(refused(ctx, &n, Side::Second, "fleet ot-fleet 1125"), "10.2", "a move that goes nowhere");
    assert_eq!(refused(ctx, &n, Side::Second, "fleet ot-fleet 1025"), "9.2", "one move a phase reaches anywhere");
}

#[test]
fn rule_10_5_no_naval_activity_in_the_rsw_winter_turn() {
    let rules = Game::Rsw.rules();
    assert!(rules.naval_areas(Side::Second, 1, false, None, true).is_empty());
    assert!(rules.naval_areas(Side::First, 1, false, None, true).is_empty());
}

#[test]
fn rule_10_6_naval_victory_limits_the_loser() {
    let rules = Game::Rsw.rules();
    // Russians: the Gulf of Finland until a Swedish naval victory, then nothing.
    assert_eq!(rules.naval_areas(Side::First, 3, false, None, false).len(), 1);
    assert!(rules.naval_areas(Side::First, 3, false, Some(Side::Second), false).is_empty());
    // Swedes: both gulfs, one gulf to the other; only Bothnia after a Russian victory.
    assert_eq!(rules.naval_areas(Side::Second, 3, false, None, false).len(), 2);
    assert!(rules.naval_areas_joined(Side::Second, None));
    let after = rules.naval_areas(Side::Second, 3, false, Some(Side::First), false);
    assert_eq!(after.len(), 1);
    assert_eq!(after[0].name, "Gulf of Bothnia");
    assert!(!rules.naval_areas_joined(Side::Second, Some(Side::First)));
}

#[test]
fn rule_10_3_an_invasion_force_that_never_attacks_is_lost() {
    let ctx = ec();
    let s = core_common::pos(
        ctx,
        "fnc-position 1\ngame ec\nturn 2\nphase combat\nphasing ottoman\noffshore 1126 1127: ot-ni-1\nhex 1127: fr-1-1\n",
    );
    let n = cmd(ctx, &s, Side::Second, "end");
    // 8.7: an eliminated Ottoman unit goes back into the reinforcement container.
    assert_eq!(n.location("ot-ni-1"), Some(&Location::Pool));
}

#[test]
fn rule_10_2_spent_fleets_are_back_for_the_next_game_turn() {
    let ctx = ec();
    let s = core_common::pos(ctx, "fnc-position 1\ngame ec\nturn 3\nphase siege\nphasing ottoman\nspent: ot-fleet\n");
    let n = cmd(ctx, &s, Side::Second, "roll");
    assert_eq!(n.turn, 4);
    assert_eq!(n.location("ot-fleet"), Some(&Location::Box("anatolia".into())));
}

#[test]
fn rule_10_4_gulfs_are_one_sea_and_never_reach_the_mediterranean() {
    // On the game's own map: Suez (2533) and Aqaba (3735) are gulf ports; Rosetta (1427) and
    // Damietta (2126) Mediterranean ones.
    let ctx = grognard_fnc::Ctx::embedded(Game::Ec).unwrap();
    let s =
        core_common::pos(ctx, "fnc-position 1\ngame ec\nturn 3\nphase movement\nphasing ottoman\nhex 2533: ot-jn-1\n");
    let refusal = core_common::refused(ctx, &s, Side::Second, "sail ot-jn-1 2126");
    assert_eq!(refusal, "10.4");
    let n = cmd(ctx, &s, Side::Second, "sail ot-jn-1 3735");
    assert_eq!(n.location("ot-jn-1"), Some(&hex("3735")));
}

#[test]
fn rule_10_6_russian_fleets_never_sail_into_the_gulf_of_bothnia() {
    // On the game's own map, 1004 is in the Gulf of Finland, 1003 and 1001 in the Gulf of
    // Bothnia, the two gulfs touching between them.
    let ctx = grognard_fnc::Ctx::embedded(Game::Rsw).unwrap();
    let s = core_common::pos(
        ctx,
        "fnc-position 1\ngame rsw\nturn 3\nphase movement\nphasing russian\nhex 1004: ru-fleet\n",
    );
    assert_eq!(core_common::refused(ctx, &s, Side::First, "fleet ru-fleet 1001"), "10.6");
    assert_eq!(core_common::refused(ctx, &s, Side::First, "fleet ru-fleet 1003"), "10.6");
    let n = cmd(ctx, &s, Side::First, "fleet ru-fleet 1005");
    assert_eq!(n.location("ru-fleet"), Some(&hex("1005")));
}

#[test]
fn rule_6_4_the_loser_of_the_naval_victory_keeps_out_of_the_gulf_of_finland() {
    let ctx = grognard_fnc::Ctx::embedded(Game::Rsw).unwrap();
    let head = "fnc-position 1\ngame rsw\nturn 3\nphase movement\nphasing swedish\nhex 1003: sw-fleet\n";
    let s = core_common::pos(ctx, head);
    cmd(ctx, &s, Side::Second, "fleet sw-fleet 1004");
    let lost = core_common::pos(ctx, &format!("{head}effect naval-victory russian\n"));
    assert_eq!(core_common::refused(ctx, &lost, Side::Second, "fleet sw-fleet 1004"), "6.4");
    let n = cmd(ctx, &lost, Side::Second, "fleet sw-fleet 1001");
    assert_eq!(n.location("sw-fleet"), Some(&hex("1001")));
    let russians = "fnc-position 1\ngame rsw\nturn 3\nphase movement\nphasing russian\nhex 1004: ru-fleet\n\
                    effect naval-victory swedish\n";
    let r = core_common::pos(ctx, russians);
    assert_eq!(core_common::refused(ctx, &r, Side::First, "fleet ru-fleet 1005"), "6.4");
}

#[test]
fn rule_6_3_infighting_holds_the_ottoman_fleet_never_the_british_squadron() {
    let ctx = ec();
    let s =
        movement(ctx, 4, "ottoman", "box anatolia: ot-fleet br-rn\neffect infighting ottoman anatolia fleet turn 4");
    assert_eq!(refused(ctx, &s, Side::Second, "fleet ot-fleet 1125"), "6.3");
    let n = cmd(ctx, &s, Side::Second, "fleet br-rn 1125");
    assert_eq!(n.location("br-rn"), Some(&hex("1125")));
}

#[test]
fn rule_10_3_the_log_gives_each_amphibious_move_its_path_and_cost() {
    let ctx = ec();
    let s = movement(ctx, 2, "ottoman", "box anatolia: ot-ni-1 ot-ni-2\nhex 1426: ot-jn-1");
    let (_, events) = core_common::try_cmd(ctx, &s, Side::Second, "sail ot-ni-1 1426", &[]).unwrap();
    let e = events.iter().find(|e| e.data["type"] == "amphibious").unwrap_or_else(|| panic!("{events:?}"));
    assert_eq!((e.data["to"].as_str(), e.data["cost"].as_str()), (Some("1426"), Some("1")), "debark: 1 MP");
    let (_, events) = core_common::try_cmd(ctx, &s, Side::Second, "sail ot-ni-1 1227", &[]).unwrap();
    let e = events.iter().find(|e| e.data["type"] == "amphibious").unwrap_or_else(|| panic!("{events:?}"));
    assert_eq!(e.data["cost"], "all", "a landing off port ends the move");
}

#[test]
fn rule_10_6_swedish_amphibious_six_a_turn_from_one_place_to_one_place() {
    // On the game's own map: the Swedish box is a port on both gulfs; Helsingfors (1309) is
    // on the Gulf of Finland, Vasa (2604) on the Gulf of Bothnia.
    let ctx = grognard_fnc::Ctx::embedded(Game::Rsw).unwrap();
    let head = "fnc-position 1\ngame rsw\nturn 3\nphase movement\nphasing swedish\n\
                box swedish: sw-sk sw-nf sw-sf-1 sw-sf-2 sw-ost sw-jc sw-ag\n";
    let s = core_common::pos(ctx, head);
    let n = cmd(ctx, &s, Side::Second, "sail sw-sk,sw-nf,sw-sf-1 1309");
    assert_eq!(core_common::refused(ctx, &n, Side::Second, "sail sw-sf-2 2604"), "10.6", "one destination");
    let n = cmd(ctx, &n, Side::Second, "sail sw-sf-2,sw-ost,sw-jc 1309");
    assert_eq!(core_common::refused(ctx, &n, Side::Second, "sail sw-ag 1309"), "10.6", "six a turn in all");
    // 10.6: from one gulf to the other until a Russian naval victory, then the Gulf of Bothnia only.
    cmd(ctx, &s, Side::Second, "sail sw-sk 2604");
    let lost = core_common::pos(ctx, &format!("{head}effect naval-victory russian\n"));
    assert_eq!(core_common::refused(ctx, &lost, Side::Second, "sail sw-sk 1309"), "10.6");
    cmd(ctx, &lost, Side::Second, "sail sw-sk 2604");
    // 10.5: nothing in the winter turn.
    let winter = core_common::pos(ctx, &head.replace("turn 3", "turn 1"));
    assert_eq!(core_common::refused(ctx, &winter, Side::Second, "sail sw-sk 2604"), "10.5");
}

#[test]
fn rule_8_8_10_2_a_fleet_that_arrived_in_a_port_sails_out_into_its_sea() {
    // 8.8 brings the British squadron into play in a friendly Mediterranean port; a port,
    // like the Anatolian box, opens on its sea: the fleet sails from it through all-sea hexes.
    let ctx = ec();
    let s = movement(ctx, 4, "ottoman", "hex 1426: ot-ni-1 br-rn\nhex 1127: fr-1-1");
    let n = cmd(ctx, &s, Side::Second, "fleet br-rn 1125");
    assert_eq!(n.location("br-rn"), Some(&hex("1125")));
    let legal = grognard_fnc::table::commands(ctx, &s, Side::Second);
    assert!(legal.iter().any(|c| c.to_string() == "fleet br-rn 1126"), "listed too (off the enemy in 1127)");
    // Inland it would still be stranded: only ports, boxes and all-sea hexes are starts.
    let inland = movement(ctx, 4, "ottoman", "hex 1427: br-rn");
    assert_eq!(refused(ctx, &inland, Side::Second, "fleet br-rn 1125"), "10.2");
}

#[test]
fn rule_10_3_the_invasion_waiting_offshore_is_a_listed_attack() {
    let ctx = ec();
    let s = core_common::pos(
        ctx,
        "fnc-position 1\ngame ec\nturn 2\nphase combat\nphasing ottoman\noffshore 1126 1127: ot-ni-1\nhex 1127: fr-1-1\n",
    );
    let legal: Vec<String> =
        grognard_fnc::table::commands(ctx, &s, Side::Second).iter().map(ToString::to_string).collect();
    assert!(legal.iter().any(|c| c == "attack ot-ni-1 1127"), "{legal:?}");
    // And every listed command is accepted.
    for c in &legal {
        core_common::try_cmd(ctx, &s, Side::Second, c, &[1, 1, 1, 1, 1, 1]).unwrap_or_else(|e| panic!("{c}: {e}"));
    }
}

#[test]
fn rule_10_2_a_fleet_at_sea_is_offered_in_support_of_a_coastal_attack() {
    let ctx = ec();
    let s = core_common::pos(
        ctx,
        "fnc-position 1\ngame ec\nturn 2\nphase combat\nphasing ottoman\noffshore 1126 1127: ot-ni-1\nhex 1126: ot-fleet\nhex 1127: fr-1-1\n",
    );
    let legal: Vec<String> =
        grognard_fnc::table::commands(ctx, &s, Side::Second).iter().map(ToString::to_string).collect();
    assert!(legal.iter().any(|c| c.starts_with("attack ot-ni-1 1127 ot-fleet")), "{legal:?}");
}
