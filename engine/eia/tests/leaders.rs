//! Leaders retired and returned (5.3), and leaders whose corps leaves the map (R5.3).

use crate::naval_support;
use crate::support;

use grognard_eia::sequence::Phase;
use grognard_eia::state::{LeaderPlace, State};
use grognard_eia::Power;
use naval_support::{acting, blockade, fleet_at, nelson_with};
use support::*;

fn army_step(power: Power) -> State {
    let mut s = bare();
    acting(&mut s, Phase::ArmyReinforcement, power);
    s
}

fn with_corps(state: &mut State, leader: &str, corps: &str) {
    state.leaders.insert(leader.into(), LeaderPlace::Corps(corps.into()));
}

fn place_of(state: &State, leader: &str) -> Option<LeaderPlace> {
    state.leaders.get(leader).cloned()
}

fn done(state: &State, power: Power, text: &str) -> State {
    run(state, power, text, &[]).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn r5_3_a_leader_retires_in_the_reinforcement_step_and_returns_in_a_later_one() {
    let mut s = army_step(Power::France);
    corps(&mut s, "fr-3", "france", "alsace", 10);
    corps(&mut s, "fr-5", "france", "picardy", 8);
    with_corps(&mut s, "davout", "fr-3");
    let retired = done(&s, Power::France, "retire davout");
    assert_eq!(place_of(&retired, "davout"), Some(LeaderPlace::Retiring));
    // Not back in the same step: that would carry him across the map.
    assert_eq!(rule_of(run(&retired, Power::France, "place davout with fr-5", &[])), "5.3");
    assert_eq!(rule_of(run(&retired, Power::France, "retire davout", &[])), "5.3");
    // Next month he is placed with any French corps.
    let mut later = retired.clone();
    grognard_eia::retirement::new_month(&mut later);
    assert_eq!(place_of(&later, "davout"), Some(LeaderPlace::Retired));
    let back = done(&later, Power::France, "place davout with fr-5");
    assert_eq!(place_of(&back, "davout"), Some(LeaderPlace::Corps("fr-5".into())));
    // Only in the reinforcement step.
    let mut moving = later.clone();
    acting(&mut moving, grognard_eia::sequence::Phase::Land(grognard_eia::sequence::LandStep::Movement), Power::France);
    assert_eq!(rule_of(run(&moving, Power::France, "place davout with fr-5", &[])), "5.3");
}

#[test]
fn r5_3_a_power_retires_and_places_only_its_own_leaders_with_its_own_corps() {
    let mut s = army_step(Power::France);
    corps(&mut s, "fr-3", "france", "alsace", 10);
    corps(&mut s, "au-1", "austria", "bavaria-south", 10);
    with_corps(&mut s, "mack", "au-1");
    assert_eq!(rule_of(run(&s, Power::France, "retire mack", &[])), "5.3");
    s.leaders.insert("davout".into(), LeaderPlace::Retired);
    assert_eq!(rule_of(run(&s, Power::France, "place davout with au-1", &[])), "5.3");
    assert_eq!(rule_of(run(&s, Power::France, "place davout with fr-9", &[])), "input");
    // A leader on the map is not placed again.
    with_corps(&mut s, "davout", "fr-3");
    assert_eq!(rule_of(run(&s, Power::France, "place davout with fr-3", &[])), "5.3");
    // A prisoner does not retire.
    s.leaders.insert("davout".into(), LeaderPlace::Captured(Power::Austria));
    assert_eq!(rule_of(run(&s, Power::France, "retire davout", &[])), "5.3");
}

#[test]
fn r5_3_a_leader_in_a_besieged_city_may_not_retire_unless_the_port_is_open() {
    // Davout inside the besieged city of Brest, a British corps outside.
    let mut s = army_step(Power::France);
    s.options = vec!["naval".into()];
    corps(&mut s, "fr-3", "france", "brest", 4);
    if let Some(c) = s.corps.get_mut("fr-3") {
        c.in_city = true;
    }
    corps(&mut s, "br-1", "britain", "brest", 10);
    s.sieges.insert("brest".into());
    with_corps(&mut s, "davout", "fr-3");
    // The port is open: he leaves by sea.
    let retired = done(&s, Power::France, "retire davout");
    assert_eq!(place_of(&retired, "davout"), Some(LeaderPlace::Retiring));
    // A British fleet blockades it: he stays.
    fleet_at(&mut s, "br-fleet-1", "britain", blockade("brest"), 10);
    assert_eq!(rule_of(run(&s, Power::France, "retire davout", &[])), "5.3");
    // A besieged inland city holds him too.
    let mut inland = army_step(Power::France);
    corps(&mut inland, "fr-3", "france", "alsace", 4);
    if let Some(c) = inland.corps.get_mut("fr-3") {
        c.in_city = true;
    }
    inland.sieges.insert("alsace".into());
    with_corps(&mut inland, "davout", "fr-3");
    assert_eq!(rule_of(run(&inland, Power::France, "retire davout", &[])), "5.3");
}

#[test]
fn r5_3_nelson_retires_and_returns_in_the_naval_reinforcement_step() {
    let mut s = bare();
    s.options = vec!["naval".into()];
    acting(&mut s, Phase::NavalReinforcement, Power::Britain);
    fleet_at(&mut s, "br-fleet-1", "britain", blockade("brest"), 10);
    fleet_at(&mut s, "br-fleet-2", "britain", blockade("brest"), 5);
    nelson_with(&mut s, "br-fleet-1");
    let retired = done(&s, Power::Britain, "retire nelson");
    assert_eq!(place_of(&retired, "nelson"), Some(LeaderPlace::Retiring));
    let mut later = retired.clone();
    grognard_eia::retirement::new_month(&mut later);
    assert_eq!(rule_of(run(&later, Power::Britain, "place nelson with br-1", &[])), "input");
    let back = done(&later, Power::Britain, "place nelson with br-fleet-2");
    assert_eq!(place_of(&back, "nelson"), Some(LeaderPlace::Fleet("br-fleet-2".into())));
    // Not in the army's step.
    let mut army = later.clone();
    acting(&mut army, Phase::ArmyReinforcement, Power::Britain);
    assert_eq!(rule_of(run(&army, Power::Britain, "place nelson with br-fleet-2", &[])), "5.3");
}

#[test]
fn r5_3_reconstructed_a_leader_whose_corps_is_emptied_joins_another_corps_of_the_area() {
    let mut s = army_step(Power::France);
    s.options.clear();
    corps(&mut s, "fr-3", "france", "alsace", 2);
    corps(&mut s, "fr-5", "france", "alsace", 8);
    with_corps(&mut s, "davout", "fr-3");
    let next = done(&s, Power::France, "transfer 2 infantry from fr-3 to fr-5 emptying");
    assert!(!next.corps.contains_key("fr-3"));
    assert_eq!(place_of(&next, "davout"), Some(LeaderPlace::Corps("fr-5".into())));
    // With no corps of his power left in the area, he retires.
    let mut alone = army_step(Power::France);
    alone.options.clear();
    corps(&mut alone, "fr-3", "france", "alsace", 2);
    with_corps(&mut alone, "davout", "fr-3");
    let next = done(&alone, Power::France, "transfer 2 infantry from fr-3 to city alsace emptying");
    assert_eq!(place_of(&next, "davout"), Some(LeaderPlace::Retiring));
    assert!(grognard_eia::invariants::broken(ctx(), &next).is_empty());
}

#[test]
fn r5_3_reconstructed_a_leader_whose_minor_corps_left_with_its_country_follows_his_power() {
    // Bavaria (France's free state in `bare`) turns neutral and its corps leave the map: the
    // French leader with its corps joins the French corps of the area, or retires.
    let mut before = bare();
    corps(&mut before, "ba-1", "bavaria", "ulm", 6);
    corps(&mut before, "fr-2", "france", "ulm", 8);
    corps(&mut before, "ba-2", "bavaria", "munich", 6);
    with_corps(&mut before, "ney", "ba-1");
    with_corps(&mut before, "lannes", "ba-2");
    let mut next = before.clone();
    next.corps.retain(|_, c| c.nation != "bavaria");
    if let Some(m) = next.minors.get_mut("bavaria") {
        m.controller = None;
    }
    let mut log = Vec::new();
    grognard_eia::retirement::settle(&before, &mut next, &mut log);
    assert_eq!(place_of(&next, "ney"), Some(LeaderPlace::Corps("fr-2".into())));
    assert_eq!(place_of(&next, "lannes"), Some(LeaderPlace::Retiring));
    assert!(
        grognard_eia::invariants::broken(ctx(), &next).is_empty(),
        "{:?}",
        grognard_eia::invariants::broken(ctx(), &next)
    );
}
