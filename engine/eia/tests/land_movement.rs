//! Land movement (7.3): costs, stops, and where a corps may go.

use crate::support;

use grognard_eia::movement::{step_cost, walk};
use grognard_eia::Power;
use support::*;

#[test]
fn r7_3_1_3_1_marsh_and_mountain_areas_cost_two() {
    let state = bare();
    let ctx = ctx();
    assert_eq!(step_cost(ctx, &state, Power::France, "lyon", "dauphine").map(|c| c.points), Ok(2));
    assert_eq!(step_cost(ctx, &state, Power::France, "lyon", "burgundy").map(|c| c.points), Ok(1));
}

#[test]
fn r7_3_1_3_2_a_river_costs_one_more_only_into_an_enemy_corps() {
    let mut state = bare();
    let ctx = ctx();
    // Alsace - the Breisgau (forest, 1) across the Rhine.
    let free = step_cost(ctx, &state, Power::France, "alsace", "breisgau").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((free.points, free.must_stop), (1, false));
    corps(&mut state, "au-2", "austria", "breisgau", 10);
    let held = step_cost(ctx, &state, Power::France, "alsace", "breisgau").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((held.points, held.must_stop), (2, true));
}

#[test]
fn r7_3_1_3_3_a_crossing_arrow_costs_one_more_and_an_enemy_fleet_closes_it() {
    let mut state = bare();
    let ctx = ctx();
    let cost = step_cost(ctx, &state, Power::France, "copenhagen", "funen").unwrap_or_else(|e| panic!("{e}"));
    let terrain = ctx.map.area("funen").map(|a| a.terrain.entry_cost()).unwrap_or(0);
    assert_eq!(cost.points, terrain + 1);
    fleet(&mut state, "br-1", "britain", "western-baltic", 10);
    let e = step_cost(ctx, &state, Power::France, "copenhagen", "funen").err().unwrap_or_else(|| panic!("accepted"));
    assert_eq!(e.rule, "7.3.1.3.3", "{e}");
}

#[test]
fn r12_2_1_an_optional_arrow_is_closed_without_the_option() {
    let state = bare();
    let e = step_cost(ctx(), &state, Power::France, "picardy", "london").err().unwrap_or_else(|| panic!("accepted"));
    assert_eq!(e.rule, "12.2.1", "{e}");
}

#[test]
fn r7_3_1_3_4_costs_are_cumulative() {
    let mut state = bare();
    let ctx = ctx();
    // Into the mountains of the Tyrol across a river? Build the case from the map: find a
    // river border into a mountain or marsh area, put an Austrian corps there.
    let (from, to) = ctx
        .map
        .areas()
        .flat_map(|a| ctx.map.neighbours(&a.id).iter().map(move |b| (a.id.clone(), b.clone())))
        .find(|(_, b)| {
            b.crossing == grognard_board::area::Crossing::River
                && ctx.map.area(&b.to).is_some_and(|t| t.terrain.entry_cost() == 2)
        })
        .map(|(a, b)| (a, b.to))
        .unwrap_or_else(|| panic!("the map has no river into a mountain or marsh area"));
    // Give the area to an enemy of France so that France may enter it.
    state.occupied.insert(to.clone(), "austria".into());
    state.occupied.insert(from.clone(), "france".into());
    corps(&mut state, "au-1", "austria", &to, 5);
    let cost = step_cost(ctx, &state, Power::France, &from, &to).unwrap_or_else(|e| panic!("{from}-{to}: {e}"));
    assert_eq!(cost.points, 3, "{from} - {to}");
}

#[test]
fn r7_3_2_1_a_corps_stops_where_it_meets_an_unbesieged_enemy_corps() {
    let mut state = bare();
    corps(&mut state, "fr-1", "france", "alsace", 8);
    corps(&mut state, "au-2", "austria", "breisgau", 10);
    let e = walk(ctx(), &state, Power::France, "fr-1", &path(&["breisgau", "ulm"]), 4, false)
        .err()
        .unwrap_or_else(|| panic!("accepted"));
    assert_eq!(e.rule, "7.3.2.1", "{e}");
    let w =
        walk(ctx(), &state, Power::France, "fr-1", &path(&["breisgau"]), 4, false).unwrap_or_else(|e| panic!("{e}"));
    assert!(w.record.stopped);
}

#[test]
fn r7_3_2_3_no_area_costing_more_than_the_points_left() {
    let mut state = bare();
    corps(&mut state, "fr-1", "france", "lyon", 8);
    // Lyon - Dauphiné (2) - Savoy (mountain, 2): four points.
    let e = walk(ctx(), &state, Power::France, "fr-1", &path(&["dauphine", "savoy"]), 3, false)
        .err()
        .unwrap_or_else(|| panic!("accepted"));
    assert_eq!(e.rule, "7.3.2.3", "{e}");
    let w = walk(ctx(), &state, Power::France, "fr-1", &path(&["dauphine", "savoy"]), 4, true)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((w.record.spent, w.end.as_str()), (4, "savoy"));
    assert_eq!(w.record.lowest_forage, Some(1));
}

#[test]
fn r10_3_reconstructed_no_march_into_a_neutral_s_territory() {
    let mut state = bare();
    corps(&mut state, "fr-1", "france", "alsace", 8);
    let e = walk(ctx(), &state, Power::France, "fr-1", &path(&["bern"]), 4, false)
        .err()
        .unwrap_or_else(|| panic!("accepted"));
    assert_eq!(e.rule, "R10.3", "{e}");
}

#[test]
fn r7_3_a_corps_moves_once_and_only_its_owner_moves_it() {
    let mut state = bare();
    corps(&mut state, "au-2", "austria", "breisgau", 10);
    let e = walk(ctx(), &state, Power::France, "au-2", &path(&["ulm"]), 3, false)
        .err()
        .unwrap_or_else(|| panic!("accepted"));
    assert_eq!(e.rule, "7.3", "{e}");
}
