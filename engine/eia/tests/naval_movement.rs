//! The naval order (6.1) and naval movement (6.2.1, 6.2.2, 6.2.7).

use crate::naval_support;

use grognard_eia::date::Month;
use grognard_eia::sequence::Phase;
use grognard_eia::Power;
use naval_support::*;

#[test]
fn r6_1_great_britain_announces_its_place_in_the_naval_order() {
    // The last power of the army reinforcement step ends it: the naval phase begins with
    // Great Britain's announcement.
    let mut s = naval(Power::France);
    acting(&mut s, Phase::ArmyReinforcement, Power::France);
    fleet_at(&mut s, "br-fleet-1", "britain", port("portsmouth"), 10);
    fleet_at(&mut s, "fr-fleet-1", "france", port("brest"), 10);
    let s = ok(&s, Power::France, "end", &[]);
    assert_eq!(s.sequence.phase, Phase::Naval);
    let (who, options) = choice(&s);
    assert_eq!(who, player(Power::Britain));
    assert_eq!(options.first().map(String::as_str), Some("position 1"));
    assert_eq!(options.last().map(String::as_str), Some("position 7"));
    assert_eq!(refused(&s, Power::Britain, "position 8").rule, "6.1");
    assert_eq!(refused(&s, Power::Britain, "end").rule, "6.1");
    // Sixth: after Russia, Turkey, Austria, Prussia and France, before Spain. France has
    // fleets and moves first; Great Britain after it.
    let s = ok(&s, Power::Britain, "position 6", &[]);
    assert_eq!(
        s.sequence.order,
        vec![Power::Russia, Power::Turkey, Power::Austria, Power::Prussia, Power::France, Power::Britain, Power::Spain]
    );
    assert_eq!(s.sequence.acting(), Some(Power::France));
    let s = ok(&s, Power::France, "end", &[]);
    assert_eq!(s.sequence.acting(), Some(Power::Britain));
}

#[test]
fn r6_2_1_1_and_6_2_1_2_sea_zones_and_boxes_cost_one_ports_nothing_from_their_box() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-5", "britain", port("portsmouth"), 8);
    let s = ok(&s, Power::Britain, "sail br-fleet-5 to blockade:portsmouth channel bay-of-biscay", &[]);
    assert_eq!(place_of(&s, "br-fleet-5"), Some(sea("bay-of-biscay")));
    assert_eq!(s.book.fleets.get("br-fleet-5"), Some(&2));
    let mut s = naval(Power::France);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("bay-of-biscay"), 8);
    let s = ok(&s, Power::France, "sail fr-fleet-1 to blockade:brest brest", &[]);
    assert_eq!(place_of(&s, "fr-fleet-1"), Some(port("brest")));
    assert_eq!(s.book.fleets.get("fr-fleet-1"), Some(&1));
}

#[test]
fn r6_2_1_a_fleet_spends_at_most_seven_movement_points() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-5", "britain", port("portsmouth"), 8);
    let seven = "sail br-fleet-5 to blockade:portsmouth channel bay-of-biscay coast-of-portugal gulf-of-cadiz \
                 strait-of-gibraltar western-mediterranean tyrrhenian-sea";
    let t = ok(&s, Power::Britain, seven, &[]);
    assert_eq!(t.book.fleets.get("br-fleet-5"), Some(&7));
    let e = refused(&s, Power::Britain, &format!("{seven} ionian-sea"));
    assert_eq!(e.rule, "6.2.1", "{e}");
}

#[test]
fn r6_2_1_2_a_port_is_entered_only_through_its_blockade_box() {
    let mut s = naval(Power::France);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("bay-of-biscay"), 8);
    assert_eq!(refused(&s, Power::France, "sail fr-fleet-1 to brest").rule, "6.2.1.2");
    assert_eq!(refused(&s, Power::France, "sail fr-fleet-1 to western-baltic").rule, "6.2.1.1");
    assert_eq!(refused(&s, Power::France, "sail fr-fleet-1 to atlantis").rule, "input");
}

#[test]
fn r6_2_1_2_other_powers_ports_only_an_ally_s_or_to_attack_a_fleet_there() {
    let mut s = naval(Power::France);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("gulf-of-cadiz"), 8);
    fleet_at(&mut s, "fr-fleet-2", "france", sea("coast-of-portugal"), 8);
    // Spain is France's ally (R6.2.1.2: leave presumed).
    ok(&s, Power::France, "sail fr-fleet-1 to blockade:cadiz cadiz", &[]);
    // Portugal is neutral.
    assert_eq!(refused(&s, Power::France, "sail fr-fleet-2 to blockade:lisbon lisbon").rule, "6.2.1.2");
    // An enemy port with no fleet in it.
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("gulf-of-lion"), 20);
    assert_eq!(refused(&s, Power::Britain, "sail br-fleet-1 to blockade:toulon toulon").rule, "6.2.1.2");
    // With a French fleet in it, to attack it: the move ends there and the attack is due.
    fleet_at(&mut s, "fr-fleet-6", "france", port("toulon"), 2);
    assert_eq!(
        refused(&s, Power::Britain, "sail br-fleet-1 to blockade:toulon toulon blockade:toulon gulf-of-lion").rule,
        "6.2.4"
    );
    let t = ok(&s, Power::Britain, "sail br-fleet-1 to blockade:toulon toulon", &[]);
    assert_eq!(place_of(&t, "br-fleet-1"), Some(port("toulon")));
    assert_eq!(refused(&t, Power::Britain, "end").rule, "6.2.4");
}

#[test]
fn r6_2_1_3_the_dardanelles_only_with_constantinople() {
    let mut s = naval(Power::France);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("aegean-sea"), 8);
    assert_eq!(refused(&s, Power::France, "sail fr-fleet-1 to dardanelles").rule, "6.2.1.3");
    let mut s = naval(Power::Turkey);
    fleet_at(&mut s, "tu-fleet-1", "turkey", sea("aegean-sea"), 8);
    let s = ok(&s, Power::Turkey, "sail tu-fleet-1 to dardanelles western-black-sea", &[]);
    assert_eq!(place_of(&s, "tu-fleet-1"), Some(sea("western-black-sea")));
}

#[test]
fn r6_2_1_4_no_fleet_crosses_the_ice_line_in_winter() {
    let mut s = naval(Power::Russia);
    fleet_at(&mut s, "ru-fleet-1", "russia", port("reval"), 10);
    fleet_at(&mut s, "ru-fleet-2", "russia", sea("eastern-baltic"), 10);
    ok(&s, Power::Russia, "sail ru-fleet-1 to blockade:reval gulf-of-finland eastern-baltic", &[]);
    s.date = Month::new(1806, 1).unwrap_or_else(|| panic!("a month"));
    assert_eq!(refused(&s, Power::Russia, "sail ru-fleet-1 to blockade:reval gulf-of-finland").rule, "6.2.1.4");
    assert_eq!(refused(&s, Power::Russia, "sail ru-fleet-2 to gulf-of-finland").rule, "6.2.1.4");
    ok(&s, Power::Russia, "sail ru-fleet-2 to western-baltic", &[]);
}

#[test]
fn r6_2_2_2_and_6_2_2_3_a_stack_picks_up_and_drops_off_fleets_on_its_way() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", port("portsmouth"), 20);
    fleet_at(&mut s, "br-fleet-2", "britain", sea("channel"), 20);
    let s = ok(
        &s,
        Power::Britain,
        "sail br-fleet-1 to blockade:portsmouth channel pick br-fleet-2 bay-of-biscay drop br-fleet-1 coast-of-portugal",
        &[],
    );
    assert_eq!(place_of(&s, "br-fleet-1"), Some(sea("bay-of-biscay")));
    assert_eq!(place_of(&s, "br-fleet-2"), Some(sea("coast-of-portugal")));
    assert_eq!(s.book.fleets.get("br-fleet-1"), Some(&2));
    assert_eq!(s.book.fleets.get("br-fleet-2"), Some(&2));
    // 6.2.2.4: a fleet moves once.
    assert_eq!(refused(&s, Power::Britain, "sail br-fleet-1 to channel").rule, "6.2.2.4");
}

#[test]
fn r6_2_2_1_a_stack_starts_from_one_place_with_its_own_fleets() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", port("portsmouth"), 20);
    fleet_at(&mut s, "br-fleet-2", "britain", sea("channel"), 20);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("channel"), 10);
    assert_eq!(refused(&s, Power::Britain, "sail br-fleet-1 br-fleet-2 to irish-sea").rule, "6.2.2.1");
    assert_eq!(refused(&s, Power::Britain, "sail fr-fleet-1 to irish-sea").rule, "6.2");
    assert_eq!(refused(&s, Power::Britain, "sail br-fleet-2 to irish-sea pick br-fleet-1").rule, "6.2.2.2");
    assert_eq!(refused(&s, Power::Britain, "sail br-fleet-2 to irish-sea drop br-fleet-1").rule, "6.2.2.3");
}

#[test]
fn r6_2_7_a_blockade_box_only_at_war_with_the_port_s_holder_or_facing_an_enemy_fleet() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("coast-of-portugal"), 20);
    fleet_at(&mut s, "br-fleet-2", "britain", port("portsmouth"), 20);
    // Portugal is neutral: its box is not Great Britain's to hold.
    assert_eq!(refused(&s, Power::Britain, "sail br-fleet-1 to blockade:lisbon").rule, "6.2.7");
    // Spain is an enemy.
    ok(&s, Power::Britain, "sail br-fleet-1 to blockade:galicia", &[]);
    // Its own port's box is passed through, not held.
    ok(&s, Power::Britain, "sail br-fleet-2 to blockade:portsmouth channel", &[]);
    assert_eq!(refused(&s, Power::Britain, "sail br-fleet-2 to blockade:portsmouth").rule, "6.2.7");
    // A French fleet in Lisbon would open the box.
    fleet_at(&mut s, "fr-fleet-1", "france", port("lisbon"), 5);
    ok(&s, Power::Britain, "sail br-fleet-1 to blockade:lisbon", &[]);
}

#[test]
fn r6_2_7_1_a_stack_in_a_box_it_may_not_hold_must_leave_it() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", blockade("lisbon"), 20);
    assert_eq!(refused(&s, Power::Britain, "end").rule, "6.2.7.1");
    let s = ok(&s, Power::Britain, "sail br-fleet-1 to coast-of-portugal", &[]);
    ok(&s, Power::Britain, "end", &[]);
}

#[test]
fn r6_1_3_no_more_movement_once_the_combat_step_has_begun() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", port("portsmouth"), 20);
    s.book.naval.combat_step = true;
    assert_eq!(refused(&s, Power::Britain, "sail br-fleet-1 to blockade:portsmouth channel").rule, "6.1.3");
}

#[test]
fn r6_2_naval_moves_only_in_the_naval_phase_and_by_the_acting_power() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("channel"), 20);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("bay-of-biscay"), 20);
    assert_eq!(refused(&s, Power::France, "sail fr-fleet-1 to channel").rule, "3.0");
    land_movement(&mut s, Power::Britain);
    assert_eq!(refused(&s, Power::Britain, "sail br-fleet-1 to irish-sea").rule, "6.2");
}
