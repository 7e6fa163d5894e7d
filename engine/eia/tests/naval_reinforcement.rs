//! The naval reinforcement step (5.1): transfers of ships (5.1.3) and scuttling (5.1.4).

use crate::naval_support;

use grognard_eia::sequence::Phase;
use grognard_eia::state::LeaderPlace;
use grognard_eia::Power;
use naval_support::*;

fn step(power: Power) -> grognard_eia::State {
    let mut s = naval(power);
    acting(&mut s, Phase::NavalReinforcement, power);
    s
}

#[test]
fn r5_1_3_ships_move_between_fleets_of_one_nation_in_one_place() {
    let mut s = step(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", port("portsmouth"), 12);
    fleet_at(&mut s, "br-fleet-2", "britain", port("portsmouth"), 5);
    let s = ok(&s, Power::Britain, "transfer 4 ships from br-fleet-1 to br-fleet-2", &[]);
    assert_eq!((ships(&s, "br-fleet-1"), ships(&s, "br-fleet-2")), (8, 9));
    assert_eq!(political(&s, Power::Britain), 0);
}

#[test]
fn r5_1_3_a_fleet_emptied_leaves_the_map_at_no_political_cost() {
    let mut s = step(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", blockade("cadiz"), 12);
    fleet_at(&mut s, "br-fleet-2", "britain", blockade("cadiz"), 5);
    nelson_with(&mut s, "br-fleet-2");
    let s = ok(&s, Power::Britain, "transfer 5 ships from br-fleet-2 to br-fleet-1", &[]);
    assert!(!s.fleets.contains_key("br-fleet-2"));
    assert_eq!(ships(&s, "br-fleet-1"), 17);
    assert_eq!(political(&s, Power::Britain), 0);
    assert_eq!(s.leaders.get("nelson"), Some(&LeaderPlace::Fleet("br-fleet-1".into())));
}

#[test]
fn r5_1_3_no_transfer_between_nations_or_places() {
    let mut s = step(Power::France);
    fleet_at(&mut s, "fr-fleet-1", "france", port("copenhagen"), 10);
    fleet_at(&mut s, "dk-fleet-1", "denmark", port("copenhagen"), 10);
    fleet_at(&mut s, "fr-fleet-2", "france", port("brest"), 10);
    assert_eq!(refused(&s, Power::France, "transfer 1 ships from dk-fleet-1 to fr-fleet-1").rule, "5.1.3");
    assert_eq!(refused(&s, Power::France, "transfer 1 ships from fr-fleet-2 to fr-fleet-1").rule, "5.1.3");
    assert_eq!(refused(&s, Power::France, "transfer 11 ships from fr-fleet-1 to fr-fleet-2").rule, "5.1.3");
}

#[test]
fn r5_1_2_a_fleet_takes_no_more_ships_than_its_card_holds() {
    let mut s = step(Power::France);
    fleet_at(&mut s, "fr-fleet-1", "france", port("brest"), 14);
    fleet_at(&mut s, "fr-fleet-2", "france", port("brest"), 10);
    assert_eq!(refused(&s, Power::France, "transfer 2 ships from fr-fleet-2 to fr-fleet-1").rule, "5.1.2");
    let s = ok(&s, Power::France, "transfer 1 ships from fr-fleet-2 to fr-fleet-1", &[]);
    assert_eq!(ships(&s, "fr-fleet-1"), 15);
}

#[test]
fn r5_1_4_1_scuttling_a_fleet_with_ships_costs_a_political_point() {
    let mut s = step(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", port("london"), 3);
    fleet_at(&mut s, "br-fleet-2", "britain", port("london"), 8);
    nelson_with(&mut s, "br-fleet-1");
    let s = ok(&s, Power::Britain, "scuttle br-fleet-1", &[]);
    assert!(!s.fleets.contains_key("br-fleet-1"));
    assert_eq!(political(&s, Power::Britain), -1);
    assert_eq!(s.leaders.get("nelson"), Some(&LeaderPlace::Fleet("br-fleet-2".into())));
    // The last fleet: NELSON retires (5.3).
    let s = ok(&s, Power::Britain, "scuttle br-fleet-2", &[]);
    assert_eq!(political(&s, Power::Britain), -2);
    assert_eq!(s.leaders.get("nelson"), Some(&LeaderPlace::Retiring));
}

#[test]
fn r5_1_4_2_minor_country_fleets_are_not_scuttled_in_this_step() {
    let mut s = step(Power::France);
    fleet_at(&mut s, "dk-fleet-1", "denmark", port("copenhagen"), 10);
    assert_eq!(refused(&s, Power::France, "scuttle dk-fleet-1").rule, "5.1.4.2");
}

#[test]
fn r5_1_transfers_and_scuttling_only_in_the_naval_reinforcement_step() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", port("london"), 3);
    fleet_at(&mut s, "br-fleet-2", "britain", port("london"), 8);
    assert_eq!(refused(&s, Power::Britain, "scuttle br-fleet-1").rule, "5.1.4");
    assert_eq!(refused(&s, Power::Britain, "transfer 1 ships from br-fleet-1 to br-fleet-2").rule, "5.1.3");
    // Another power's fleet is not its to scuttle.
    let mut s = step(Power::France);
    fleet_at(&mut s, "br-fleet-1", "britain", port("london"), 3);
    assert_eq!(refused(&s, Power::France, "scuttle br-fleet-1").rule, "5.1.4");
}
