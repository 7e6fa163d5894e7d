//! Besieged friendly port cities under the naval option: depots inside them (7.4.3.4,
//! 7.2.2.1, 7.2.2.2) and corps landing straight into them (7.3.5).

use crate::naval_support;
use crate::support;

use grognard_eia::forces::Factors;
use grognard_eia::sequence::{LandStep, Phase};
use grognard_eia::state::{Garrison, State};
use grognard_eia::{FactorKind, Power};
use naval_support::*;
use support::{corps, ctx, depot, fleet};

/// France's depot step with the naval rules: a depot in Toulon (a supply source) with a French
/// fleet in its port; a French garrison of `n` in Cádiz (Spain's, an ally's port), besieged by
/// British corps br-1 in the field.
fn cadiz_besieged(n: u16) -> State {
    let mut s = naval(Power::France);
    acting(&mut s, Phase::Land(LandStep::Depots), Power::France);
    depot(&mut s, Power::France, "toulon");
    fleet_at(&mut s, "fr-fleet-1", "france", port("toulon"), 10);
    s.garrisons.insert(
        "cadiz".into(),
        Garrison { nation: "france".into(), factors: Factors::of(&[(FactorKind::Infantry, n)]) },
    );
    corps(&mut s, "br-1", "britain", "cadiz", 10);
    s.sieges.insert("cadiz".into());
    s
}

fn money(state: &State, power: Power) -> i32 {
    state.powers.get(&power).map_or(0, |p| p.money)
}

/// 7.4.3.4, 7.2.2.1: `depot cadiz` builds the depot inside the besieged city, besiegers or not,
/// when a depot of a valid chain links to the port by sea; 7.2.2.2: an enemy's depot may stand
/// in the area meanwhile, not a friend's.
#[test]
fn r7_4_3_4_a_depot_is_built_inside_a_besieged_port_reached_by_sea_supply() {
    let s = cadiz_besieged(3);
    let built = ok(&s, Power::France, "depot cadiz", &[]);
    assert_eq!(built.city_depots.get("cadiz"), Some(&Power::France));
    assert!(!built.depots.contains_key("cadiz"), "inside the city, not in the area (7.4.3.4.2)");
    assert_eq!(money(&built, Power::France), money(&s, Power::France) - 1);
    assert_eq!(refused(&built, Power::France, "depot cadiz").rule, "7.2");
    // 7.2.2.2: an enemy's depot in the area does not stop it; the power's own does.
    let mut t = s.clone();
    depot(&mut t, Power::Britain, "cadiz");
    let both = ok(&t, Power::France, "depot cadiz", &[]);
    assert_eq!(both.depots.get("cadiz").map(|d| d.power), Some(Power::Britain));
    assert_eq!(both.city_depots.get("cadiz"), Some(&Power::France));
    let mut t = s.clone();
    depot(&mut t, Power::France, "cadiz");
    assert_eq!(refused(&t, Power::France, "depot cadiz").rule, "7.2.2.2");
    // No friendly fleet in Toulon: no sea supply source.
    let mut t = s.clone();
    t.fleets.remove("fr-fleet-1");
    assert_eq!(refused(&t, Power::France, "depot cadiz").rule, "7.4.3.4");
    // The port blockaded: no depot in it.
    let mut t = s.clone();
    fleet_at(&mut t, "br-fleet-1", "britain", blockade("cadiz"), 10);
    assert_eq!(refused(&t, Power::France, "depot cadiz").rule, "7.4.3.4");
    // The counter mix and the money still count (7.2).
    let mut t = s.clone();
    if let Some(p) = t.powers.get_mut(&Power::France) {
        p.money = 0;
    }
    assert_eq!(refused(&t, Power::France, "depot cadiz").rule, "7.2");
    // Without the naval rules the ordinary rules hold: enemy corps stand in the area.
    let mut t = s.clone();
    t.options.clear();
    assert!(refused(&t, Power::France, "depot cadiz").rule.starts_with("7.2"));
    // An ally finds the city's depot there (7.2); once the siege is lifted, and until the
    // depot moves out, an area depot of a friend is refused too (7.2.2.2).
    let mut spain = built.clone();
    acting(&mut spain, Phase::Land(LandStep::Depots), Power::Spain);
    assert_eq!(refused(&spain, Power::Spain, "depot cadiz").rule, "7.2");
    spain.sieges.clear();
    spain.corps.remove("br-1");
    assert_eq!(refused(&spain, Power::Spain, "depot cadiz").rule, "7.2.2.2");
    // Removed like any depot (7.2).
    let gone = ok(&built, Power::France, "remove depot cadiz", &[]);
    assert!(gone.city_depots.is_empty());
    assert!(grognard_eia::invariants::broken(ctx(), &built).is_empty());
}

/// 7.4.3.4.1, 7.4.2.1.2: the forces inside live off sea supply rather than besieged supply:
/// the corps inside pays half a money point, the garrison half a money point, and the city
/// rolls no die.
#[test]
fn r7_4_3_4_1_a_depot_in_a_besieged_port_feeds_its_garrison_by_sea() {
    let s = cadiz_besieged(3);
    let mut s = ok(&s, Power::France, "depot cadiz", &[]);
    corps(&mut s, "fr-1", "france", "cadiz", 4);
    if let Some(c) = s.corps.get_mut("fr-1") {
        c.in_city = true;
    }
    acting(&mut s, Phase::Land(LandStep::Supply), Power::France);
    let before = money(&s, Power::France);
    let (next, events) = try_do(&s, Power::France, "end", &[]).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(money(&next, Power::France), before - 1, "two halves: the corps and the garrison");
    assert_eq!(next.garrisons.get("cadiz").map(|g| g.factors.total()), Some(3));
    let text = texts(&events).join("\n");
    assert!(text.contains("sea supply"), "{text}");
    assert!(text.contains("garrison of"), "{text}");
    // Without the depot the city checks besieged supply: a die is needed.
    let mut t = s.clone();
    t.city_depots.clear();
    assert!(matches!(try_do(&t, Power::France, "end", &[]), Err(grognard_engine::ApplyError::NeedDice)));
    // Without the money for the garrison, it checks besieged supply instead (7.4.5).
    let mut t = s.clone();
    t.corps.remove("fr-1");
    if let Some(p) = t.powers.get_mut(&Power::France) {
        p.money = 0;
    }
    assert!(matches!(try_do(&t, Power::France, "end", &[]), Err(grognard_engine::ApplyError::NeedDice)));
}

/// 7.4.3.4.3: at the end of a movement step a depot in a city no longer besieged moves out
/// into the area, destroying an enemy depot there.
#[test]
fn r7_4_3_4_3_the_depot_moves_out_when_the_siege_is_over_and_destroys_an_enemy_depot() {
    let s = cadiz_besieged(3);
    let mut s = ok(&s, Power::France, "depot cadiz", &[]);
    depot(&mut s, Power::Britain, "cadiz");
    land_movement(&mut s, Power::Britain);
    let lifted = ok(&s, Power::Britain, "move br-1 to seville", &[]);
    assert!(!lifted.besieged("cadiz"));
    assert_eq!(lifted.city_depots.get("cadiz"), Some(&Power::France), "it waits for the end of the step");
    let ended = ok(&lifted, Power::Britain, "end", &[]);
    assert!(ended.city_depots.is_empty());
    assert_eq!(ended.depots.get("cadiz").map(|d| d.power), Some(Power::France));
    // Still besieged at the end of the step: it stays inside.
    let stays = ok(&s, Power::Britain, "end", &[]);
    assert_eq!(stays.city_depots.get("cadiz"), Some(&Power::France));
    assert_eq!(stays.depots.get("cadiz").map(|d| d.power), Some(Power::Britain));
}

/// 7.4.3.4.4: the depot goes as soon as no unblockaded sea supply source reaches it: the
/// fleet leaves Toulon, or the port is blockaded.
#[test]
fn r7_4_3_4_4_the_depot_is_removed_when_its_sea_supply_source_is_gone() {
    let s = cadiz_besieged(3);
    let built = ok(&s, Power::France, "depot cadiz", &[]);
    let mut t = built.clone();
    if let Some(f) = t.fleets.get_mut("fr-fleet-1") {
        f.place = sea("gulf-of-lion");
    }
    let mut log = Vec::new();
    grognard_eia::port_city::check(ctx(), &mut t, &mut log);
    assert!(t.city_depots.is_empty());
    assert!(texts(&log).join(" ").contains("7.4.3.4.4"));
    // Through a command: a British fleet sails into the blockade box of Cádiz.
    let mut u = built.clone();
    fleet(&mut u, "br-fleet-1", "britain", "gulf-of-cadiz", 10);
    acting(&mut u, Phase::Naval, Power::Britain);
    let v = ok(&u, Power::Britain, "sail br-fleet-1 to blockade:cadiz", &[]);
    assert!(v.city_depots.is_empty(), "blockaded: removed at once");
    // Still linked: it stays.
    let mut w = built.clone();
    grognard_eia::port_city::check(ctx(), &mut w, &mut log);
    assert_eq!(w.city_depots.get("cadiz"), Some(&Power::France));
}

/// R7.4.3.4.5: when the forces inside are eliminated and the city falls, the depot inside is
/// destroyed (never converted).
#[test]
fn r7_4_3_4_5_reconstructed_the_depot_is_destroyed_when_the_city_falls() {
    let s = cadiz_besieged(3);
    let mut t = ok(&s, Power::France, "depot cadiz", &[]);
    t.garrisons.remove("cadiz");
    let mut log = Vec::new();
    grognard_eia::siege::update(ctx(), &mut t, &mut log);
    assert_eq!(t.occupied.get("cadiz").map(String::as_str), Some("britain"), "the city falls (7.4.5.2)");
    assert!(t.city_depots.is_empty() && !t.depots.contains_key("cadiz"));
    assert!(texts(&log).join(" ").contains("R7.4.3.4.5"));
}

/// A state saved before depots in port cities existed still reads (serde defaults), and one
/// holding such a depot reads back the same.
#[test]
fn r7_4_3_4_states_read_back_with_and_without_city_depots() {
    let s = cadiz_besieged(3);
    let built = ok(&s, Power::France, "depot cadiz", &[]);
    let json = serde_json::to_string(&built).unwrap_or_else(|e| panic!("{e}"));
    let back: State = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, built);
    let old = serde_json::to_string(&s).unwrap_or_else(|e| panic!("{e}"));
    assert!(!old.contains("city_depots"), "an empty map is not written");
    let back: State = serde_json::from_str(&old).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, s);
}

/// France's land movement step: corps fr-2 (`n` infantry) at sea on fr-fleet-2 in the Gulf of
/// Cádiz, next to besieged Cádiz (garrison of `garrison`).
fn landing(n: u16, garrison: u16) -> State {
    let mut s = cadiz_besieged(garrison);
    land_movement(&mut s, Power::France);
    fleet_at(&mut s, "fr-fleet-2", "france", sea("gulf-of-cadiz"), 5);
    corps(&mut s, "fr-2", "france", "toulon", n);
    if let Some(c) = s.corps.get_mut("fr-2") {
        c.aboard = Some("fr-fleet-2".into());
    }
    s
}

/// 7.3.5: a corps lands straight into a besieged friendly port city of the area if there is
/// room, or into the area, as its owner chooses.
#[test]
fn r7_3_5_a_corps_lands_straight_into_a_besieged_friendly_port_with_room() {
    let s = landing(4, 3);
    let t = ok(&s, Power::France, "disembark fr-2 cadiz into city", &[]);
    let c = t.corps.get("fr-2").unwrap_or_else(|| panic!("no corps"));
    assert_eq!((c.area.as_str(), c.in_city, c.aboard.as_deref()), ("cadiz", true, None));
    let record = t.book.corps.get("fr-2").unwrap_or_else(|| panic!("no record"));
    assert_eq!(record.spent, record.allowance, "its movement is spent");
    assert!(t.besieged("cadiz"), "the siege goes on");
    // Or into the area, in the field with the besiegers.
    let u = ok(&s, Power::France, "disembark fr-2 cadiz", &[]);
    assert_eq!(u.corps.get("fr-2").map(|c| c.in_city), Some(false));
    // The area must be named when the sea touches several.
    assert_eq!(refused(&s, Power::France, "disembark fr-2 into city").rule, "7.3.5");
    // No room: Cádiz holds 15 factors, 13 are inside.
    let full = landing(4, 13);
    let e = refused(&full, Power::France, "disembark fr-2 cadiz into city");
    assert_eq!(e.rule, "7.3.5", "{e}");
    assert!(e.message.contains("room"), "{e}");
    // A city not besieged is entered from the area (7.3.4).
    let mut open = s.clone();
    open.sieges.clear();
    assert_eq!(refused(&open, Power::France, "disembark fr-2 cadiz into city").rule, "7.3.5");
    // Not an enemy's city, and not an area without a port city.
    let mut enemy = s.clone();
    if let Some(g) = enemy.garrisons.get_mut("cadiz") {
        g.nation = "britain".into();
    }
    enemy.corps.remove("br-1");
    corps(&mut enemy, "fr-3", "france", "cadiz", 5);
    assert_eq!(refused(&enemy, Power::France, "disembark fr-2 cadiz into city").rule, "7.3.5");
    assert_eq!(refused(&s, Power::France, "disembark fr-2 seville into city").rule, "7.3.5");
    // The legal list offers both landings.
    let legal: Vec<String> =
        grognard_eia::ruleset::legal_commands(ctx(), &s, player(Power::France)).iter().map(|c| c.to_string()).collect();
    assert!(legal.iter().any(|c| c == "disembark fr-2 cadiz into city"), "{legal:?}");
    assert!(legal.iter().any(|c| c == "disembark fr-2 cadiz"), "{legal:?}");
    assert!(!legal.iter().any(|c| c == "disembark fr-2 seville into city"), "{legal:?}");
    assert!(grognard_eia::invariants::broken(ctx(), &t).is_empty());
}

/// 7.3.5 with hidden strengths (2.4.2): the room check reads veiled factors, so the landing is
/// concealed as a checked command; a projection's copy counts only the factors every player
/// knows, as `enter` does.
#[test]
fn r7_3_5_a_landing_into_a_port_city_reads_hidden_strengths_as_entering_it_does() {
    let mut s = landing(4, 13);
    s.options.push(grognard_eia::scenario::OPTION_HIDDEN.to_string());
    if let Some(c) = s.corps.get_mut("fr-2") {
        c.veil.insert(grognard_eia::state::Veil { player: 0, index: 0, opened: false });
    }
    let command = grognard_eia::Command::parse("disembark fr-2 cadiz into city").unwrap_or_else(|e| panic!("{e}"));
    let projection = grognard_eia::veiled::projection(&s, player(Power::France), &command);
    assert!(projection.is_some(), "concealed: it reads a veiled corps' strength");
    let plain = grognard_eia::Command::parse("disembark fr-2 cadiz").unwrap_or_else(|e| panic!("{e}"));
    assert!(grognard_eia::veiled::projection(&s, player(Power::France), &plain).is_none());
    // The owner's copy refuses it; a copy applying the projection leaves it to the opening.
    assert_eq!(refused(&s, Power::France, "disembark fr-2 cadiz into city").rule, "7.3.5");
    let mut lenient = s.clone();
    lenient.lenient = true;
    ok(&lenient, Power::France, "disembark fr-2 cadiz into city", &[]);
}

/// 7.4.3.4: the legal list offers the depot inside the city and its removal, and every command
/// it offers is accepted.
#[test]
fn r7_4_3_4_the_legal_list_offers_the_depot_inside_the_city() {
    let s = cadiz_besieged(3);
    let legal = grognard_eia::ruleset::legal_commands(ctx(), &s, player(Power::France));
    let texts: Vec<String> = legal.iter().map(|c| c.to_string()).collect();
    assert!(texts.iter().any(|c| c == "depot cadiz"), "{texts:?}");
    let built = ok(&s, Power::France, "depot cadiz", &[]);
    let legal = grognard_eia::ruleset::legal_commands(ctx(), &built, player(Power::France));
    let texts: Vec<String> = legal.iter().map(|c| c.to_string()).collect();
    assert!(texts.iter().any(|c| c == "remove depot cadiz"), "{texts:?}");
    assert!(!texts.iter().any(|c| c == "depot cadiz"), "{texts:?}");
    for command in &legal {
        let next = ok(&built, Power::France, &command.to_string(), &[]);
        assert!(grognard_eia::invariants::broken(ctx(), &next).is_empty(), "{command}");
    }
}
