//! The conquest step (7.7, reconstructed R7.7).

use crate::support;

use grognard_eia::state::State;
use grognard_eia::Power;
use support::*;

/// Austria holds Munich's city with au-2 and every other Bavarian city is occupied by it or
/// its British ally; ba-1, Bavaria's corps, stands in Baden.
fn bavaria_overrun() -> State {
    let mut state = bare();
    corps(&mut state, "au-2", "austria", "munich", 10);
    if let Some(c) = state.corps.get_mut("au-2") {
        c.in_city = true;
    }
    for a in ctx().map.areas_of("bavaria") {
        if a.id != "munich" && ctx().map.city(&a.id).is_some() {
            let holder = if a.id == "ulm" { "britain" } else { "austria" };
            state.occupied.insert(a.id.clone(), holder.into());
        }
    }
    corps(&mut state, "ba-1", "bavaria", "karlsruhe", 8);
    state.relations.ally("austria", "britain");
    state
}

#[test]
fn r7_7_reconstructed_a_minor_country_whose_cities_the_enemy_holds_is_conquered() {
    let mut state = bavaria_overrun();
    assert_eq!(grognard_eia::conquest::conqueror(ctx(), &state, "bavaria"), Some(Power::Austria));
    let mut log = Vec::new();
    grognard_eia::conquest::step(ctx(), &mut state, &mut log);
    let m = &state.minors["bavaria"];
    assert_eq!((m.controller, m.free_state), (Some(Power::Austria), false));
    assert!(!state.corps.contains_key("ba-1"), "a conquered country keeps no forces of its own (4.6.3.1)");
    assert!(log.iter().any(|e| e.data["rule"] == "R7.7"));
    // Bavaria's land is now Austria's: Munich's area counts as Austrian territory.
    assert!(state.in_territory(ctx(), Power::Austria, "wurzburg"));
    assert!(!state.enemy_of(Power::Austria, "bavaria"));
    assert!(grognard_eia::invariants::broken(ctx(), &state).is_empty());
    // Baden, France's too, untouched.
    assert_eq!(state.minors["baden"].controller, Some(Power::France));
}

#[test]
fn r7_7_reconstructed_no_conquest_while_a_city_holds_out_or_its_own_corps_stand_in_it() {
    let mut held = bavaria_overrun();
    held.occupied.remove("wurzburg");
    assert_eq!(grognard_eia::conquest::conqueror(ctx(), &held, "bavaria"), None, "Würzburg is still Bavarian");
    let mut defended = bavaria_overrun();
    corps(&mut defended, "ba-2", "bavaria", "wurzburg", 4);
    assert_eq!(
        grognard_eia::conquest::conqueror(ctx(), &defended, "bavaria"),
        None,
        "a Bavarian corps stands in Bavaria"
    );
    // A neutral is never conquered in this step: nobody is at war with Switzerland.
    let mut swiss = bare();
    corps(&mut swiss, "au-2", "austria", "bern", 10);
    if let Some(c) = swiss.corps.get_mut("au-2") {
        c.in_city = true;
    }
    assert_eq!(grognard_eia::conquest::conqueror(ctx(), &swiss, "switzerland"), None);
}
