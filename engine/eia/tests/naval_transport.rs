//! Corps at sea (6.2.5), landing (7.3.5) and fleets in a port the enemy takes (6.2.6).

use crate::naval_support;
use crate::support;

use grognard_eia::naval::transport::disembarked;
use grognard_eia::sequence::Phase;
use grognard_eia::state::LeaderPlace;
use grognard_eia::{Power, State};
use naval_support::*;
use support::corps;

/// Great Britain's naval phase: corps br-1 and br-2 at Portsmouth with fleets br-fleet-5 and
/// br-fleet-6 in its port.
fn portsmouth() -> State {
    let mut s = naval(Power::Britain);
    corps(&mut s, "br-1", "britain", "portsmouth", 8);
    corps(&mut s, "br-2", "britain", "portsmouth", 6);
    fleet_at(&mut s, "br-fleet-5", "britain", port("portsmouth"), 8);
    fleet_at(&mut s, "br-fleet-6", "britain", port("portsmouth"), 8);
    s
}

fn aboard(state: &State, corps: &str) -> Option<String> {
    state.corps.get(corps).and_then(|c| c.aboard.clone())
}

#[test]
fn r6_2_5_1_a_corps_boards_a_fleet_in_the_friendly_port_where_both_are() {
    let s = portsmouth();
    let s = ok(&s, Power::Britain, "embark br-1 on br-fleet-5", &[]);
    assert_eq!(aboard(&s, "br-1"), Some("br-fleet-5".into()));
    // One corps a fleet (6.2.5).
    assert_eq!(refused(&s, Power::Britain, "embark br-2 on br-fleet-5").rule, "6.2.5");
    let mut t = s.clone();
    fleet_at(&mut t, "br-fleet-7", "britain", sea("channel"), 8);
    corps(&mut t, "br-3", "britain", "london", 8);
    assert_eq!(refused(&t, Power::Britain, "embark br-2 on br-fleet-7").rule, "6.2.5.1");
    assert_eq!(refused(&t, Power::Britain, "embark br-3 on br-fleet-6").rule, "6.2.5.1");
    // Not another power's corps, nor after the fleet has moved.
    corps(&mut t, "fr-1", "france", "portsmouth", 8);
    assert_eq!(refused(&t, Power::Britain, "embark fr-1 on br-fleet-6").rule, "6.2.5");
    let t = ok(&t, Power::Britain, "sail br-fleet-6 to blockade:portsmouth channel", &[]);
    assert_eq!(refused(&t, Power::Britain, "embark br-2 on br-fleet-6").rule, "6.2.5.1");
    // Only in the naval phase.
    let mut t = portsmouth();
    land_movement(&mut t, Power::Britain);
    assert_eq!(refused(&t, Power::Britain, "embark br-1 on br-fleet-5").rule, "6.2.5");
}

#[test]
fn r6_2_5_1_fleets_carrying_corps_enter_only_friendly_ports() {
    let s = portsmouth();
    let mut s = ok(&s, Power::Britain, "embark br-1 on br-fleet-5", &[]);
    fleet_at(&mut s, "fr-fleet-1", "france", port("normandy"), 3);
    let e = refused(&s, Power::Britain, "sail br-fleet-5 to blockade:portsmouth channel blockade:normandy normandy");
    assert_eq!(e.rule, "6.2.5.1", "{e}");
    // The empty fleet may go in to attack.
    ok(&s, Power::Britain, "sail br-fleet-6 to blockade:portsmouth channel blockade:normandy normandy", &[]);
}

#[test]
fn r7_3_5_a_corps_lands_from_the_sea_next_to_its_fleet_and_its_movement_is_spent() {
    let s = portsmouth();
    let s = ok(&s, Power::Britain, "embark br-1 on br-fleet-5", &[]);
    let mut s = ok(&s, Power::Britain, "sail br-fleet-5 to blockade:portsmouth channel", &[]);
    // Not on land before landing.
    land_movement(&mut s, Power::Britain);
    assert_eq!(refused(&s, Power::Britain, "move br-1 to london").rule, "7.3.5");
    assert_eq!(refused(&s, Power::Britain, "enter br-1").rule, "7.3.5");
    assert_eq!(refused(&s, Power::Britain, "disembark br-1 alsace").rule, "7.3.5");
    assert_eq!(refused(&s, Power::Britain, "disembark br-1").rule, "7.3.5");
    let t = ok(&s, Power::Britain, "disembark br-1 normandy", &[]);
    let c = t.corps.get("br-1").unwrap_or_else(|| panic!("no corps"));
    assert_eq!((c.area.as_str(), c.aboard.as_deref()), ("normandy", None));
    let record = t.book.corps.get("br-1").unwrap_or_else(|| panic!("no record"));
    assert_eq!(record.spent, record.allowance);
    assert!(record.across_river && record.stopped && disembarked(&t, "br-1"));
    assert_eq!(refused(&t, Power::Britain, "move br-1 to brest").rule, "7.3.2");
    // Not in the naval phase.
    let mut u = s.clone();
    acting(&mut u, Phase::Naval, Power::Britain);
    assert_eq!(refused(&u, Power::Britain, "disembark br-1 normandy").rule, "7.3.5");
}

#[test]
fn r7_3_5_from_a_port_or_a_blockade_box_only_into_the_port_s_area() {
    let s = portsmouth();
    let mut s = ok(&s, Power::Britain, "embark br-1 on br-fleet-5", &[]);
    land_movement(&mut s, Power::Britain);
    assert_eq!(refused(&s, Power::Britain, "disembark br-1 london").rule, "7.3.5");
    let t = ok(&s, Power::Britain, "disembark br-1", &[]);
    assert_eq!(t.corps.get("br-1").map(|c| c.area.as_str()), Some("portsmouth"));
}

#[test]
fn r6_2_5_2_a_corps_still_at_sea_when_its_land_movement_ends_is_lost() {
    let s = portsmouth();
    let s = ok(&s, Power::Britain, "embark br-1 on br-fleet-5", &[]);
    let mut s = ok(&s, Power::Britain, "sail br-fleet-5 to blockade:portsmouth channel", &[]);
    s.leaders.insert("moore".into(), LeaderPlace::Corps("br-1".into()));
    land_movement(&mut s, Power::Britain);
    let t = ok(&s, Power::Britain, "end", &[]);
    assert!(!t.corps.contains_key("br-1"));
    assert_eq!(t.leaders.get("moore"), Some(&LeaderPlace::Retiring));
    assert!(t.corps.contains_key("br-2"));
}

#[test]
fn r6_2_5_3_corps_beyond_the_fleets_left_go_down_with_their_fleets() {
    let mut s = portsmouth();
    fleet_at(&mut s, "br-fleet-7", "britain", port("portsmouth"), 1);
    for f in ["br-fleet-5", "br-fleet-6"] {
        if let Some(x) = s.fleets.get_mut(f) {
            x.ships = 1;
        }
    }
    s.leaders.insert("moore".into(), LeaderPlace::Corps("br-1".into()));
    fleet_at(&mut s, "fr-fleet-1", "france", sea("bay-of-biscay"), 15);
    let s = ok(&s, Power::Britain, "embark br-1 on br-fleet-5", &[]);
    let s = ok(&s, Power::Britain, "embark br-2 on br-fleet-6", &[]);
    let s = ok(
        &s,
        Power::Britain,
        "sail br-fleet-5 br-fleet-6 br-fleet-7 to blockade:portsmouth channel bay-of-biscay",
        &[],
    );
    // France, in the zone next to the Channel, may intercept there: it waits for the Bay.
    let s = ok(&s, Power::France, "intercept none", &[]);
    // Intercepted on a 1; gauge France 6, Britain 1 + 1; France's 15 fire 1: 10% = 2 ships,
    // taken from the fleet carrying no corps first (R6.3.6), then br-fleet-5; Britain's last
    // ship replies with 1 + 1: nothing.
    let t = ok(&s, Power::France, "intercept bay-of-biscay", &[1, 6, 1, 1, 1]);
    assert!(!t.fleets.contains_key("br-fleet-7") && !t.fleets.contains_key("br-fleet-5"));
    assert_eq!(ships(&t, "br-fleet-6"), 1);
    // Two corps, one fleet left: br-2 stays on its fleet, br-1 is lost, MOORE taken.
    assert!(!t.corps.contains_key("br-1"));
    assert_eq!(aboard(&t, "br-2"), Some("br-fleet-6".into()));
    assert_eq!(t.leaders.get("moore"), Some(&LeaderPlace::Captured(Power::France)));
}

#[test]
fn r6_2_6_a_fleet_in_a_port_the_enemy_takes_leaves_for_the_box_or_is_scuttled_if_blockaded() {
    let mut s = naval(Power::France);
    land_movement(&mut s, Power::France);
    corps(&mut s, "fr-1", "france", "portsmouth", 8);
    fleet_at(&mut s, "br-fleet-5", "britain", port("portsmouth"), 8);
    // French corps enter the vacant city and take it (R10.3.2).
    let t = ok(&s, Power::France, "enter fr-1", &[]);
    assert_eq!(place_of(&t, "br-fleet-5"), Some(blockade("portsmouth")));
    assert_eq!(political(&t, Power::Britain), 0);
    // Blockaded by a French fleet, it is scuttled: -1, NELSON taken by France.
    fleet_at(&mut s, "fr-fleet-1", "france", blockade("portsmouth"), 8);
    nelson_with(&mut s, "br-fleet-5");
    let t = ok(&s, Power::France, "enter fr-1", &[]);
    // Great Britain chooses to scuttle rather than fight the blockaders (6.2.6.1).
    let t = ok(&t, Power::Britain, "scuttle in port", &[]);
    assert!(!t.fleets.contains_key("br-fleet-5"));
    assert_eq!(political(&t, Power::Britain), -1);
    assert_eq!(t.leaders.get("nelson"), Some(&LeaderPlace::Captured(Power::France)));
    // Without the option nothing happens to fleets.
    let mut u = s.clone();
    u.options.clear();
    let t = ok(&u, Power::France, "enter fr-1", &[]);
    assert_eq!(place_of(&t, "br-fleet-5"), Some(port("portsmouth")));
}

#[test]
fn r6_2_5_a_fleet_carries_an_ally_s_corps_only_in_combined_movement() {
    // France's naval phase: corps fr-1 at Cadiz with the Spanish fleet sp-fleet-1 in its port.
    let mut s = naval(Power::France);
    corps(&mut s, "fr-1", "france", "cadiz", 8);
    fleet_at(&mut s, "sp-fleet-1", "spain", port("cadiz"), 10);
    assert_eq!(refused(&s, Power::France, "embark fr-1 on sp-fleet-1").rule, "6.2.5", "allies, but not combining");
    s.politics.combined = vec![vec![Power::France, Power::Spain]];
    let t = ok(&s, Power::France, "embark fr-1 on sp-fleet-1", &[]);
    assert_eq!(aboard(&t, "fr-1"), Some("sp-fleet-1".into()));
    assert!(
        grognard_eia::invariants::broken(support::ctx(), &t).is_empty(),
        "{:?}",
        grognard_eia::invariants::broken(support::ctx(), &t)
    );
    // The legal list offers the boarding.
    let player = grognard_engine::PlayerId(t.player_of(Power::France).unwrap_or(0));
    let moves: Vec<String> =
        grognard_eia::legal::commands(support::ctx(), &s, player).iter().map(|c| c.to_string()).collect();
    assert!(moves.iter().any(|m| m == "embark fr-1 on sp-fleet-1"), "{moves:?}");
    // Spain, moving next in the group's place, sails it; France lands it in its land phase.
    let mut t = t;
    acting(&mut t, Phase::Naval, Power::Spain);
    let t = ok(&t, Power::Spain, "sail sp-fleet-1 to blockade:cadiz gulf-of-cadiz", &[]);
    assert_eq!(aboard(&t, "fr-1"), Some("sp-fleet-1".into()));
    let mut t = t;
    land_movement(&mut t, Power::France);
    let t = ok(&t, Power::France, "disembark fr-1 seville", &[]);
    assert_eq!(t.corps.get("fr-1").map(|c| c.area.as_str()), Some("seville"));
}
