//! Depots and supply chains (7.2), foraging and depot supply (7.4), cities (7.3.4, R10.3.2).

use crate::support;

use grognard_eia::sequence::{LandStep, Phase};
use grognard_eia::state::State;
use grognard_eia::supply::{depot_cost_halves, is_supply_source, valid_depots};
use grognard_eia::{FactorKind, Power};
use support::*;

#[test]
fn r7_2_3_1_a_supply_source_is_a_depot_in_a_home_city_free_of_enemies() {
    let mut state = bare();
    depot(&mut state, Power::France, "paris");
    depot(&mut state, Power::France, "burgundy");
    assert!(is_supply_source(ctx(), &state, Power::France, "paris"));
    // Burgundy has a city? Only a city area is a source.
    let burgundy_city = ctx().map.city("burgundy").is_some();
    assert_eq!(is_supply_source(ctx(), &state, Power::France, "burgundy"), burgundy_city);
    corps(&mut state, "au-1", "austria", "paris", 5);
    assert!(!is_supply_source(ctx(), &state, Power::France, "paris"));
}

#[test]
fn r7_2_3_2_a_chain_links_depots_two_areas_apart_and_enemies_block_it() {
    let mut state = bare();
    depot(&mut state, Power::France, "paris");
    // Brussels (Belgium, held, not home: no supply source of its own) is two areas from Paris
    // through Champagne; Antwerp is three.
    depot(&mut state, Power::France, "brussels");
    depot(&mut state, Power::France, "antwerp");
    assert!(!is_supply_source(ctx(), &state, Power::France, "brussels"));
    let valid = valid_depots(ctx(), &state, Power::France);
    assert!(valid.contains("paris") && valid.contains("brussels"));
    assert!(valid.contains("antwerp"), "one area from Brussels, which is in the chain");
    state.depots.remove("brussels");
    assert!(!valid_depots(ctx(), &state, Power::France).contains("antwerp"), "three areas from Paris");
    depot(&mut state, Power::France, "brussels");
    // 7.2.3.2.1: an Austrian corps alone in Champagne blocks the link.
    corps(&mut state, "au-1", "austria", "champagne", 5);
    assert!(!valid_depots(ctx(), &state, Power::France).contains("brussels"));
    // A French corps there too unblocks it.
    corps(&mut state, "fr-3", "france", "champagne", 5);
    assert!(valid_depots(ctx(), &state, Power::France).contains("brussels"));
}

#[test]
fn r7_4_2_1_1_depot_supply_costs_half_in_the_depot_area_and_one_an_area_up_to_three() {
    let mut state = bare();
    depot(&mut state, Power::France, "paris");
    let valid = valid_depots(ctx(), &state, Power::France);
    let cost = |state: &State, area: &str| depot_cost_halves(ctx(), state, Power::France, area, &valid, false);
    assert_eq!(cost(&state, "paris"), Some(1));
    assert_eq!(cost(&state, "champagne"), Some(2));
    assert_eq!(cost(&state, "lorraine"), Some(4));
    assert_eq!(cost(&state, "alsace"), Some(4), "Paris - Burgundy - Alsace");
    assert_eq!(cost(&state, "karlsruhe"), Some(6));
    assert_eq!(cost(&state, "stuttgart"), None, "four areas away: it must forage (7.4.1)");
    // 7.4.2.1.3: doubled in winter in the winter zone only (Paris is outside it).
    assert_eq!(depot_cost_halves(ctx(), &state, Power::France, "paris", &valid, true), Some(1));
    corps(&mut state, "au-1", "austria", "champagne", 5);
    corps(&mut state, "au-2", "austria", "burgundy", 5);
    let blocked = depot_cost_halves(ctx(), &state, Power::France, "lorraine", &valid, false);
    assert_eq!(blocked, None, "the routes through Champagne and Burgundy are blocked");
}

#[test]
fn r7_4_1_a_force_marched_corps_forages_as_it_stops_and_chooses_its_losses() {
    let mut state = bare();
    corps(&mut state, "fr-3", "france", "lyon", 6);
    if let Some(c) = state.corps.get_mut("fr-3") {
        c.factors.add(FactorKind::Cavalry, 1);
    }
    // Lyon - Dauphiné - Savoy (forage 1) force marched: four points of the (3) corps' 4 + 1 under
    // France. Die 6 + 1 (force march) - 1 (a point unused) - 1 (in French territory) = 5
    // against 1: four factors lost, chosen by France.
    let next = run(&state, Power::France, "move fr-3 to dauphine savoy force", &[6]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next.losses.len(), 1);
    assert_eq!(next.losses[0].count, 4);
    assert_eq!(rule_of(run(&next, Power::France, "end", &[])), "7.4.1.3");
    assert_eq!(rule_of(run(&next, Power::France, "lose 4 cavalry", &[])), "7.4.1.3");
    let after = run(&next, Power::France, "lose 3 infantry 1 cavalry", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(after.corps.get("fr-3").map(|c| c.factors.total()), Some(3));
    assert!(after.losses.is_empty());
}

#[test]
fn r7_4_1_2_5_a_corps_at_home_that_stays_forages_with_minus_one() {
    let mut state = bare();
    state.sequence.phase = Phase::Land(LandStep::Supply);
    corps(&mut state, "fr-3", "france", "paris", 6);
    // Paris forage 6; die 6, -3 unused points (allowance 4 under France? 3 or 4), -1 at home.
    let next = run(&state, Power::France, "forage fr-3", &[6]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next.corps.get("fr-3").map(|c| c.factors.total()), Some(6));
    assert_eq!(rule_of(run(&next, Power::France, "forage fr-3", &[6])), "7.4");
}

#[test]
fn r7_4_2_1_the_supply_step_ends_by_paying_for_depot_supply_or_refuses_without_money() {
    let mut state = bare();
    state.sequence.phase = Phase::Land(LandStep::Supply);
    depot(&mut state, Power::France, "paris");
    corps(&mut state, "fr-3", "france", "lorraine", 6); // two areas: 2 money
    corps(&mut state, "fr-5", "france", "paris", 6); // half
    let money = state.powers.get(&Power::France).map_or(0, |p| p.money);
    let next = run(&state, Power::France, "end", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next.powers.get(&Power::France).map(|p| p.money), Some(money - 3), "2 + 1/2 rounded up");
    if let Some(p) = state.powers.get_mut(&Power::France) {
        p.money = 2;
    }
    assert_eq!(rule_of(run(&state, Power::France, "end", &[])), "7.4.2.1");
    let foraged = run(&state, Power::France, "forage fr-3", &[1]).unwrap_or_else(|e| panic!("{e}"));
    assert!(run(&foraged, Power::France, "end", &[]).is_ok());
}

#[test]
fn r7_2_depots_one_per_area_for_money_in_a_friendly_city_or_near_a_chain() {
    let mut state = bare();
    state.sequence.phase = Phase::Land(LandStep::Depots);
    depot(&mut state, Power::France, "paris");
    let next = run(&state, Power::France, "depot lorraine", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next.powers.get(&Power::France).map(|p| p.money), Some(19));
    assert_eq!(rule_of(run(&next, Power::France, "depot lorraine", &[])), "7.2");
    // Ulm (Bavaria, a French free state): far from any chain and no French corps there.
    assert_eq!(rule_of(run(&state, Power::France, "depot tyrol", &[])), "7.2.3");
    if let Some(p) = state.powers.get_mut(&Power::France) {
        p.money = 0;
    }
    assert_eq!(rule_of(run(&state, Power::France, "depot lorraine", &[])), "7.2");
}

#[test]
fn r7_3_4_and_r10_3_2_a_corps_entering_a_vacant_enemy_city_takes_it() {
    let mut state = bare();
    state.occupied.insert("breisgau".into(), "austria".into());
    corps(&mut state, "fr-3", "france", "breisgau", 4);
    let next = run(&state, Power::France, "enter fr-3", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(next.occupied.get("breisgau").map(String::as_str), Some("france"));
    assert!(next.corps.get("fr-3").is_some_and(|c| c.in_city));
    let out = run(&next, Power::France, "leave fr-3", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(out.corps.get("fr-3").is_some_and(|c| !c.in_city));
    // 7.3.3.4: a city holds five factors a spire.
    let mut big = bare();
    corps(&mut big, "fr-4", "france", "breisgau", 40);
    big.occupied.insert("breisgau".into(), "austria".into());
    assert_eq!(rule_of(run(&big, Power::France, "enter fr-4", &[])), "7.3.3.4");
}

/// 7.4.3.1 (option `naval`): two depots in unblockaded friendly ports link as if adjacent
/// when the one already in the chain holds a friendly fleet; 7.4.3.2: only a blockade cuts
/// the link, not an enemy fleet at sea; without the naval rules there is no sea supply.
#[test]
fn r7_4_3_1_sea_supply_links_two_ports_when_the_chained_one_holds_a_fleet() {
    let mut state = bare();
    state.options.push(grognard_eia::scenario::OPTION_NAVAL.to_string());
    depot(&mut state, Power::France, "toulon");
    depot(&mut state, Power::France, "cadiz");
    assert!(is_supply_source(ctx(), &state, Power::France, "toulon"));
    assert!(!valid_depots(ctx(), &state, Power::France).contains("cadiz"), "no fleet in Toulon: no sea link");
    fleet(&mut state, "fr-fleet-1", "france", "gulf-of-lion", 10);
    if let Some(f) = state.fleets.get_mut("fr-fleet-1") {
        f.place = grognard_eia::state::FleetPlace::Port("toulon".into());
    }
    assert!(valid_depots(ctx(), &state, Power::France).contains("cadiz"), "Spain's port, an ally's, links by sea");
    fleet(&mut state, "br-fleet-1", "britain", "western-mediterranean", 20);
    assert!(valid_depots(ctx(), &state, Power::France).contains("cadiz"), "7.4.3.2: a fleet at sea does not cut it");
    if let Some(f) = state.fleets.get_mut("br-fleet-1") {
        f.place = grognard_eia::state::FleetPlace::Blockade("cadiz".into());
    }
    assert!(!valid_depots(ctx(), &state, Power::France).contains("cadiz"), "7.4.3.2: a blockaded port is no link");
    state.fleets.remove("br-fleet-1");
    state.options.clear();
    assert!(!valid_depots(ctx(), &state, Power::France).contains("cadiz"), "7.4.3 is a campaign rule (option naval)");
}

/// 7.4.4 (option `naval`): a depot built on a fleet at sea, traced by sea from a port of a
/// valid chain (7.4.4.1), supplies corps next to that sea and no farther, at one money point
/// (R7.4.4); it is lost when the fleet moves (7.4.4.2).
#[test]
fn r7_4_4_invasion_supply_from_a_depot_on_a_fleet_at_sea() {
    let mut state = bare();
    state.sequence.phase = Phase::Land(LandStep::Depots);
    depot(&mut state, Power::France, "brest");
    fleet(&mut state, "fr-fleet-1", "france", "channel", 10);
    let e = run(&state, Power::France, "depot on fr-fleet-1", &[]).err().unwrap_or_default();
    assert!(e.contains("naval option"), "{e}");
    state.options.push(grognard_eia::scenario::OPTION_NAVAL.to_string());
    let money = state.powers[&Power::France].money;
    let built = run(&state, Power::France, "depot on fr-fleet-1", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(built.powers[&Power::France].money, money - 1);
    let valid = valid_depots(ctx(), &built, Power::France);
    let shore = ctx().map.shore("channel");
    assert!(shore.iter().any(|a| a == "portsmouth"), "the Channel touches Portsmouth");
    assert_eq!(depot_cost_halves(ctx(), &built, Power::France, "portsmouth", &valid, false), Some(2));
    assert_eq!(
        depot_cost_halves(ctx(), &state, Power::France, "portsmouth", &valid, false),
        None,
        "no depot on the fleet"
    );
    let inland = ctx().map.neighbours("portsmouth").iter().map(|b| b.to.clone()).find(|a| !ctx().map.is_coastal(a));
    if let Some(inland) = inland {
        assert_eq!(
            depot_cost_halves(ctx(), &built, Power::France, &inland, &valid, false),
            None,
            "{inland}: not beyond"
        );
    }
    // 7.4.4.1: the trace from the port must be open: Brest blockaded cuts it.
    let mut blockaded = built.clone();
    fleet(&mut blockaded, "br-fleet-1", "britain", "channel", 20);
    if let Some(f) = blockaded.fleets.get_mut("br-fleet-1") {
        f.place = grognard_eia::state::FleetPlace::Blockade("brest".into());
    }
    let valid_b = valid_depots(ctx(), &blockaded, Power::France);
    assert_eq!(depot_cost_halves(ctx(), &blockaded, Power::France, "portsmouth", &valid_b, false), None);
    // 7.4.4.2: the fleet sails on and the depot is lost.
    let mut moved = built.clone();
    if let Some(f) = moved.fleets.get_mut("fr-fleet-1") {
        f.place = grognard_eia::state::FleetPlace::Sea("bay-of-biscay".into());
    }
    let mut log = Vec::new();
    grognard_eia::invasion::lose_moved(&mut moved, &mut log);
    assert!(moved.fleet_depots.is_empty() && !log.is_empty());
    // A fleet in port carries no depot; nor a fleet of another power.
    let e = run(&built, Power::France, "depot on fr-fleet-1", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.4.4|"), "{e}");
}

/// 7.3.6.1: a corps that moved into an area holding an ungarrisoned enemy depot destroys it,
/// and lives off it this turn, or converts it to its own power's depot at no cost if it is
/// then part of a valid chain; a garrisoned depot is fought for (7.3.6.2).
#[test]
fn r7_3_6_1_a_corps_destroys_or_converts_an_ungarrisoned_enemy_depot() {
    let mut state = bare();
    depot(&mut state, Power::France, "paris");
    depot(&mut state, Power::Austria, "brussels");
    corps(&mut state, "fr-3", "france", "champagne", 10);
    let e = run(&state, Power::France, "destroy depot with fr-3", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.6.1|"), "{e}");
    let moved = run(&state, Power::France, "move fr-3 to brussels", &[]).unwrap_or_else(|e| panic!("{e}"));
    let destroyed = run(&moved, Power::France, "destroy depot with fr-3", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!destroyed.depots.contains_key("brussels"));
    assert!(destroyed.book.supplied.contains("fr-3"), "it counts as having foraged with no loss");
    let money = moved.powers[&Power::France].money;
    let converted = run(&moved, Power::France, "convert depot with fr-3", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(converted.depots["brussels"].power, Power::France);
    assert_eq!(converted.powers[&Power::France].money, money, "no cost");
    let mut far = moved.clone();
    far.depots.remove("paris");
    let e = run(&far, Power::France, "convert depot with fr-3", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.6.1|"), "not in a valid chain without Paris: {e}");
    let mut garrisoned = moved.clone();
    if let Some(d) = garrisoned.depots.get_mut("brussels") {
        d.garrison.add(FactorKind::Infantry, 2);
    }
    let e = run(&garrisoned, Power::France, "destroy depot with fr-3", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.6.2|"), "{e}");
}

#[test]
fn r7_3_6_1_a_corps_passing_through_takes_an_enemy_depot_on_its_way_but_does_not_live_off_it() {
    let mut state = bare();
    depot(&mut state, Power::France, "paris");
    depot(&mut state, Power::Austria, "brussels");
    corps(&mut state, "fr-3", "france", "champagne", 10);
    let moved = run(&state, Power::France, "move fr-3 to brussels antwerp", &[]).unwrap_or_else(|e| panic!("{e}"));
    // Where it stands there is no depot; on its way there was.
    let e = run(&moved, Power::France, "destroy depot with fr-3", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.6.1|"), "{e}");
    let e = run(&moved, Power::France, "destroy depot with fr-3 in flanders", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.6.1|"), "it did not pass through Flanders: {e}");
    let destroyed =
        run(&moved, Power::France, "destroy depot with fr-3 in brussels", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!destroyed.depots.contains_key("brussels"));
    assert!(!destroyed.book.supplied.contains("fr-3"), "only a corps stopping there lives off the depot");
    let converted =
        run(&moved, Power::France, "convert depot with fr-3 in brussels", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(converted.depots["brussels"].power, Power::France);
    // The legal list offers both.
    let legal = grognard_eia::legal::commands(
        ctx(),
        &moved,
        grognard_engine::PlayerId(moved.player_of(Power::France).unwrap_or(0)),
    );
    let texts: Vec<String> = legal.iter().map(|c| c.to_string()).collect();
    assert!(texts.iter().any(|t| t == "destroy depot with fr-3 in brussels"), "{texts:?}");
}

/// A French corps marches from Champagne onto the Austrian depot in Brussels, garrisoned.
fn onto_garrisoned_depot(garrison: u16) -> State {
    let mut state = bare();
    depot(&mut state, Power::France, "paris");
    depot(&mut state, Power::Austria, "brussels");
    if let Some(d) = state.depots.get_mut("brussels") {
        d.garrison.add(FactorKind::Infantry, garrison);
    }
    corps(&mut state, "fr-3", "france", "champagne", 10);
    run(&state, Power::France, "move fr-3 to brussels", &[]).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn r7_3_6_2_the_owner_of_a_garrisoned_depot_is_asked_at_once_and_may_keep_it() {
    let moved = onto_garrisoned_depot(2);
    // Austria answers before anything else happens.
    let pending = grognard_eia::ruleset::pending(ctx(), &moved);
    let grognard_engine::Pending::Choice { player, options, .. } = pending else { panic!("{pending:?}") };
    assert_eq!(Some(player.0), moved.player_of(Power::Austria));
    assert!(options.contains(&"keep depot".to_string()), "{options:?}");
    assert_eq!(rule_of(run(&moved, Power::France, "end", &[])), "3.0");
    assert_eq!(rule_of(run(&moved, Power::Austria, "end", &[])), "7.3.6.2");
    let kept = run(&moved, Power::Austria, "keep depot", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kept.depots["brussels"].garrison.total(), 2);
    assert!(kept.book.depot_question.is_none());
    // France goes on with its step.
    assert_eq!(rule_of(run(&kept, Power::France, "end", &[])), "accepted");
}

#[test]
fn r7_3_6_2_a_destroyed_depot_s_garrison_goes_into_the_city_or_surrenders() {
    let moved = onto_garrisoned_depot(2);
    let inside = run(&moved, Power::Austria, "destroy depot", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!inside.depots.contains_key("brussels"));
    let g = inside.garrisons.get("brussels").map(|g| (g.nation.clone(), g.factors.total()));
    assert_eq!(g, Some(("austria".to_string(), 2)));
    let gone = run(&moved, Power::Austria, "destroy depot surrendering", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!gone.depots.contains_key("brussels"));
    assert_eq!(gone.garrisons.get("brussels").map_or(0, |g| g.factors.total()), 0);
    // A garrison larger than the city's room goes in whole or not at all (R7.3.6.2).
    let room = ctx().map.city("brussels").map_or(0, |c| c.garrison_capacity());
    let big = onto_garrisoned_depot(room + 1);
    assert_eq!(rule_of(run(&big, Power::Austria, "destroy depot", &[])), "R7.3.6.2");
    // A corps passing through asks nothing: it does not stop there.
    let mut state = bare();
    depot(&mut state, Power::Austria, "brussels");
    if let Some(d) = state.depots.get_mut("brussels") {
        d.garrison.add(FactorKind::Infantry, 2);
    }
    corps(&mut state, "fr-3", "france", "champagne", 10);
    let passed = run(&state, Power::France, "move fr-3 to brussels antwerp", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(passed.book.depot_question.is_none());
}

#[test]
fn r7_3_6_1_reconstructed_a_depot_defended_by_enemy_corps_is_not_taken_by_marching_in() {
    let mut state = bare();
    depot(&mut state, Power::France, "paris");
    depot(&mut state, Power::Austria, "brussels");
    corps(&mut state, "au-2", "austria", "brussels", 10);
    corps(&mut state, "fr-3", "france", "champagne", 10);
    let moved = run(&state, Power::France, "move fr-3 to brussels", &[]).unwrap_or_else(|e| panic!("{e}"));
    let e = run(&moved, Power::France, "destroy depot with fr-3", &[]).err().unwrap_or_default();
    assert!(e.starts_with("R7.3.6.1|"), "{e}");
}

#[test]
fn r7_4_4_a_besieged_port_city_garrison_lives_off_invasion_supply() {
    // A French garrison besieged in a Channel port other than Brest; a depot on a French fleet
    // in the Channel, traced from Brest's depot.
    let area = ctx()
        .map
        .shore("channel")
        .iter()
        .find(|a| {
            a.as_str() != "brest"
                && ctx().map.port(a).is_some()
                && ctx().map.city(a).is_some()
                && ctx().map.area(a).is_some_and(|x| x.nation == "france")
        })
        .cloned()
        .unwrap_or_else(|| panic!("a French Channel port"));
    let mut state = bare();
    state.options.push(grognard_eia::scenario::OPTION_NAVAL.to_string());
    depot(&mut state, Power::France, "brest");
    fleet(&mut state, "fr-fleet-1", "france", "channel", 10);
    state
        .fleet_depots
        .insert("fr-fleet-1".into(), grognard_eia::state::FleetDepot { power: Power::France, sea: "channel".into() });
    state.garrisons.insert(
        area.clone(),
        grognard_eia::state::Garrison {
            nation: "france".into(),
            factors: grognard_eia::forces::Factors::of(&[(FactorKind::Infantry, 3)]),
        },
    );
    corps(&mut state, "br-1", "britain", &area, 10);
    state.sieges.insert(area.clone());
    let order = grognard_eia::sequence::Sequence::order_of(Phase::Land(LandStep::Supply), &Power::ALL, 0);
    let index = order.iter().position(|p| *p == Power::France).unwrap_or(0);
    state.sequence = grognard_eia::sequence::Sequence { phase: Phase::Land(LandStep::Supply), order, index };
    let money = state.powers[&Power::France].money;
    // No besieged supply roll (no dice given): the garrison pays as a corps one area away.
    let fed = run(&state, Power::France, "end", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(fed.garrisons[&area].factors.total(), 3);
    assert_eq!(fed.powers[&Power::France].money, money - 1);
    // Blockaded, the port is cut off from the fleet (R7.4.4): the city rolls.
    let mut cut = state.clone();
    fleet(&mut cut, "br-fleet-1", "britain", "channel", 20);
    if let Some(f) = cut.fleets.get_mut("br-fleet-1") {
        f.place = grognard_eia::state::FleetPlace::Blockade(area.clone());
    }
    assert_eq!(rule_of(run(&cut, Power::France, "end", &[])), "dice");
}

#[test]
fn r7_4_1_3_a_supply_step_waiting_for_chosen_losses_ends_once_they_are_chosen() {
    let mut state = bare();
    corps(&mut state, "fr-3", "france", "lyon", 6);
    if let Some(c) = state.corps.get_mut("fr-3") {
        c.factors.add(FactorKind::Cavalry, 1);
    }
    // Force marched to Savoy (forage 1): no depot feeds it, so it forages as it stops and
    // France chooses its four losses; the step's `end` then has nothing left to wait for.
    let moved = run(&state, Power::France, "move fr-3 to dauphine savoy", &[]).unwrap_or_else(|e| panic!("{e}"));
    let supply = run(&moved, Power::France, "end", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(supply.sequence.phase, grognard_eia::sequence::Phase::Land(LandStep::Supply));
    let owed = run(&supply, Power::France, "end", &[6]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(owed.losses.len(), 1, "the forage at the step's end costs factors of two kinds");
    let count = owed.losses[0].count;
    let text = if count > 1 { format!("lose {} infantry 1 cavalry", count - 1) } else { "lose 1 cavalry".into() };
    let chosen = run(&owed, Power::France, &text, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(chosen.losses.is_empty());
    assert_ne!(chosen.sequence.phase, owed.sequence.phase, "the supply step ended with the choice");
}
