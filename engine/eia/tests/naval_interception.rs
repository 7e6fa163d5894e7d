//! Naval interception (6.2.3): who may intercept, in which order, the roll, the automatic
//! interception in a blockade box, and what the battle decides for the moving stack.

use crate::naval_support;

use grognard_eia::naval::{Decision, NavalCommand};
use grognard_eia::Command;
use grognard_eia::Power;
use naval_support::*;

#[test]
fn r6_2_3_1_1_enemies_in_or_next_to_the_zone_are_asked_in_the_order_of_6_1() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("channel"), 20);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("bay-of-biscay"), 10);
    fleet_at(&mut s, "sp-fleet-1", "spain", sea("coast-of-portugal"), 15);
    let s = ok(&s, Power::Britain, "sail br-fleet-1 to bay-of-biscay", &[]);
    // The stack waits in the Bay of Biscay; France (before Spain in 6.1) is asked first.
    assert_eq!(place_of(&s, "br-fleet-1"), Some(sea("bay-of-biscay")));
    let (who, options) = choice(&s);
    assert_eq!(who, player(Power::France));
    assert_eq!(options, vec!["intercept none".to_string(), "intercept bay-of-biscay".to_string()]);
    assert_eq!(refused(&s, Power::France, "intercept coast-of-portugal").rule, "6.2.3.1.2");
    assert_eq!(refused(&s, Power::France, "end").rule, "6.2.3");
    let s = ok(&s, Power::France, "intercept none", &[]);
    let (who, options) = choice(&s);
    assert_eq!(who, player(Power::Spain));
    assert!(options.contains(&"intercept coast-of-portugal".to_string()), "{options:?}");
    // 6.2.3.2.2 (R): a 3 misses; the stack ends its move.
    let s = ok(&s, Power::Spain, "intercept coast-of-portugal", &[3]);
    assert!(s.book.naval.decision.is_none() && s.book.naval.voyage.is_none());
    assert_eq!(place_of(&s, "sp-fleet-1"), Some(sea("coast-of-portugal")));
}

#[test]
fn r6_2_3_4_2_a_mover_that_wins_goes_on_and_its_beaten_interceptor_intercepts_no_more() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("channel"), 20);
    fleet_at(&mut s, "sp-fleet-1", "spain", sea("coast-of-portugal"), 15);
    let s = ok(&s, Power::Britain, "sail br-fleet-1 to bay-of-biscay coast-of-portugal", &[]);
    assert_eq!(choice(&s).0, player(Power::Spain));
    // 6.2.3.2.2 (R): a 2 intercepts. Wind gauge: Spain 1, Britain 1 + 1: Britain fires first,
    // 6 + 1 = 7: 30% of 20 = 6; Spain's 9 reply with a 1: 10% of 9 = 1.
    let (s, events) =
        try_do(&s, Power::Spain, "intercept coast-of-portugal", &[2, 1, 1, 6, 1]).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!((ships(&s, "br-fleet-1"), ships(&s, "sp-fleet-1")), (19, 9), "{:?}", texts(&events));
    assert_eq!((political(&s, Power::Britain), political(&s, Power::Spain)), (1, -1));
    // Spain retreats (6.3.5.1), Great Britain declines to pursue.
    let Some(Decision::Retreat { ports, .. }) = &s.book.naval.decision else {
        panic!("no retreat: {:?}", s.book.naval.decision)
    };
    assert!(ports.contains(&"galicia".to_string()), "{ports:?}");
    let s = ok(&s, Power::Spain, "retreat fleets to galicia", &[]);
    assert_eq!(choice(&s).0, player(Power::Britain));
    let s = ok(&s, Power::Britain, "pursue fleets none", &[]);
    // The British stack went on into the Coast of Portugal; the Spanish fleet in Galicia,
    // whose box touches it, was beaten and is not asked again (6.2.3.4.2).
    assert_eq!(place_of(&s, "sp-fleet-1"), Some(port("galicia")));
    assert_eq!(place_of(&s, "br-fleet-1"), Some(sea("coast-of-portugal")));
    assert!(s.book.naval.decision.is_none() && s.book.naval.voyage.is_none());
}

#[test]
fn r6_2_3_4_1_a_beaten_mover_retreats_and_stops() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("channel"), 5);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("bay-of-biscay"), 15);
    let s = ok(&s, Power::Britain, "sail br-fleet-1 to bay-of-biscay coast-of-portugal", &[]);
    // Intercepted on a 1; gauge France 6, Britain 1 + 1; France fires 6: 25% of 15 = 4;
    // Britain's last ship replies with 1 + 1: 10% of 1 = 0.
    let s = ok(&s, Power::France, "intercept bay-of-biscay", &[1, 6, 1, 6, 1]);
    assert_eq!((ships(&s, "br-fleet-1"), ships(&s, "fr-fleet-1")), (1, 15));
    let Some(Decision::Retreat { ports, .. }) = &s.book.naval.decision else {
        panic!("no retreat: {:?}", s.book.naval.decision)
    };
    assert!(ports.contains(&"portsmouth".to_string()), "{ports:?}");
    assert_eq!(choice(&s).0, player(Power::Britain));
    let s = ok(&s, Power::Britain, "retreat fleets to portsmouth", &[]);
    let s = ok(&s, Power::France, "pursue fleets none", &[]);
    // It moves no more: not on to the Coast of Portugal.
    assert_eq!(place_of(&s, "br-fleet-1"), Some(port("portsmouth")));
    assert!(s.book.naval.voyage.is_none());
    assert_eq!(refused(&s, Power::Britain, "sail br-fleet-1 to blockade:portsmouth channel").rule, "6.2.2.4");
}

#[test]
fn r6_2_3_2_3_nelson_takes_one_off_the_interception_roll() {
    let setup = |nelson: bool| {
        let mut s = naval(Power::France);
        fleet_at(&mut s, "br-fleet-1", "britain", sea("bay-of-biscay"), 20);
        fleet_at(&mut s, "fr-fleet-1", "france", port("nantes"), 15);
        if nelson {
            nelson_with(&mut s, "br-fleet-1");
        }
        ok(&s, Power::France, "sail fr-fleet-1 to blockade:nantes bay-of-biscay", &[])
    };
    // Without NELSON a 3 misses.
    let s = ok(&setup(false), Power::Britain, "intercept bay-of-biscay", &[3]);
    assert_eq!(place_of(&s, "fr-fleet-1"), Some(sea("bay-of-biscay")));
    assert!(s.book.naval.decision.is_none());
    // With him 3 - 1 = 2 intercepts. Gauge 1 + 1 + 1 against 1: Britain fires 7: 30% of 20 =
    // 6; France's 9 reply with 1: 1. Britain wins: +1 a beaten fleet, +1 NELSON.
    let s = ok(&setup(true), Power::Britain, "intercept bay-of-biscay", &[3, 1, 1, 6, 1]);
    assert_eq!((ships(&s, "br-fleet-1"), ships(&s, "fr-fleet-1")), (19, 9));
    assert_eq!((political(&s, Power::Britain), political(&s, Power::France)), (2, -1));
    assert!(matches!(s.book.naval.decision, Some(Decision::Retreat { .. })));
}

#[test]
fn r6_2_3_2_1_interception_in_a_blockade_box_is_automatic_and_the_blockader_has_the_gauge() {
    let mut s = naval(Power::France);
    fleet_at(&mut s, "br-fleet-3", "britain", blockade("brest"), 20);
    fleet_at(&mut s, "fr-fleet-3", "france", port("brest"), 15);
    let s = ok(&s, Power::France, "sail fr-fleet-3 to blockade:brest bay-of-biscay", &[]);
    let (who, options) = choice(&s);
    assert_eq!(
        (who, options),
        (player(Power::Britain), vec!["intercept none".into(), "intercept blockade:brest".into()])
    );
    // No interception roll; the blockader fires first (6.3.3.1): 6 + 1: 30% of 20 = 6; the
    // French 9 reply with a 1: 1. Beaten coming out of its port, the French fleet goes back in
    // (6.3.5.3) and stops.
    let s = ok(&s, Power::Britain, "intercept blockade:brest", &[6, 1]);
    assert_eq!((ships(&s, "br-fleet-3"), ships(&s, "fr-fleet-3")), (19, 9));
    assert_eq!(place_of(&s, "fr-fleet-3"), Some(port("brest")));
    assert!(s.book.naval.decision.is_none() && s.book.naval.voyage.is_none());
}

#[test]
fn r6_2_3_1_2_1_a_stack_entering_a_port_is_not_intercepted_in_its_box_unless_it_asks() {
    let mut s = naval(Power::France);
    fleet_at(&mut s, "br-fleet-3", "britain", blockade("brest"), 20);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("bay-of-biscay"), 15);
    let t = ok(&s, Power::France, "sail fr-fleet-1 to blockade:brest brest", &[]);
    assert_eq!(place_of(&t, "fr-fleet-1"), Some(port("brest")));
    assert!(t.book.naval.decision.is_none());
    let t = ok(&s, Power::France, "sail fr-fleet-1 to blockade:brest challenge brest", &[]);
    assert_eq!(choice(&t).0, player(Power::Britain));
    assert_eq!(refused(&s, Power::France, "sail fr-fleet-1 to challenge blockade:brest brest").rule, "6.2.3.1.2.1");
}

#[test]
fn r6_2_3_1_2_2_a_blockaded_port_does_not_intercept() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("channel"), 20);
    fleet_at(&mut s, "fr-fleet-3", "france", port("brest"), 15);
    let t = ok(&s, Power::Britain, "sail br-fleet-1 to bay-of-biscay", &[]);
    assert_eq!(choice(&t).1, vec!["intercept none".to_string(), "intercept brest".to_string()]);
    fleet_at(&mut s, "br-fleet-2", "britain", blockade("brest"), 20);
    let t = ok(&s, Power::Britain, "sail br-fleet-1 to bay-of-biscay", &[]);
    assert!(t.book.naval.decision.is_none() && t.book.naval.voyage.is_none());
}

#[test]
fn r6_2_3_1_only_enemies_intercept() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("aegean-sea"), 20);
    fleet_at(&mut s, "tu-fleet-1", "turkey", sea("ionian-sea"), 12);
    let s = ok(&s, Power::Britain, "sail br-fleet-1 to ionian-sea", &[]);
    assert!(s.book.naval.decision.is_none());
}

#[test]
fn naval_concerns_name_the_other_side_of_the_roll() {
    let mut s = naval(Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("channel"), 20);
    fleet_at(&mut s, "fr-fleet-1", "france", sea("bay-of-biscay"), 10);
    let s = ok(&s, Power::Britain, "sail br-fleet-1 to bay-of-biscay", &[]);
    let intercept = Command::Naval(NavalCommand::Intercept { place: Some("bay-of-biscay".into()), declaring: false });
    assert_eq!(grognard_eia::naval::concerns(&s, &intercept), vec![Power::Britain]);
    let none = Command::Naval(NavalCommand::Intercept { place: None, declaring: false });
    assert!(grognard_eia::naval::concerns(&s, &none).is_empty());
    let s = ok(&s, Power::France, "intercept none", &[]);
    let engage = Command::parse("engage france at bay-of-biscay").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(grognard_eia::naval::concerns(&s, &engage), vec![Power::France]);
    let s = ok(&s, Power::Britain, "engage france at bay-of-biscay", &[]);
    let stand = Command::parse("accept battle").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(grognard_eia::naval::concerns(&s, &stand), vec![Power::Britain]);
}

#[test]
fn r6_3_1_2_2_an_interceptor_of_a_neutral_stack_carrying_enemy_corps_may_declare_war() {
    let mut s = naval(Power::Turkey);
    fleet_at(&mut s, "tu-fleet-1", "turkey", sea("coast-of-portugal"), 10);
    fleet_at(&mut s, "br-fleet-1", "britain", sea("bay-of-biscay"), 20);
    crate::support::corps(&mut s, "fr-3", "france", "bordeaux", 6);
    if let Some(c) = s.corps.get_mut("fr-3") {
        c.aboard = Some("tu-fleet-1".into());
    }
    let s = ok(&s, Power::Turkey, "sail tu-fleet-1 to bay-of-biscay", &[]);
    let (who, options) = choice(&s);
    assert_eq!(who, player(Power::Britain));
    assert_eq!(
        options,
        vec![
            "intercept none".to_string(),
            "intercept bay-of-biscay".to_string(),
            "intercept bay-of-biscay declaring war".to_string()
        ]
    );
    // 6.3.1.2.1: without a declaration, a miss leaves Turkey and Britain at peace.
    let missed = ok(&s, Power::Britain, "intercept bay-of-biscay", &[6]);
    assert!(!missed.relations.at_war("britain", "turkey"));
    // 6.3.1.2.2: declaring, the war begins as the interception is tried, hit or miss.
    let declared = ok(&s, Power::Britain, "intercept bay-of-biscay declaring war", &[6]);
    assert!(declared.relations.at_war("britain", "turkey"));
    assert_eq!(political(&declared, Power::Britain), political(&s, Power::Britain) - 3);
}
