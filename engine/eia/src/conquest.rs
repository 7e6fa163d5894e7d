//! The conquest step (7.7, reconstructed R7.7): after every major power's land sequence of a
//! month (7.1.3), minor countries are conquered, all at once. A minor country is conquered by
//! a major power at war with it (directly or through its controller) when that power holds
//! the city of its capital and every other city of its land is held by that power or its
//! allies, and no corps of the minor country's own stands in its land. The conquered country
//! passes to the conqueror as a conquered minor country (4.6.3.1: it keeps no forces of its
//! own, so its garrisons, corps and fleets are removed) and leaves every war and alliance it
//! was in (it now follows its controller, as every minor does).

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_board::area::NationKind;
use grognard_engine::Event;
use serde_json::json;

/// The power that conquers `minor` now, if one does (R7.7).
pub fn conqueror(ctx: &Ctx, state: &State, minor: &str) -> Option<Power> {
    let capital = ctx.map.nation(minor)?.capital.clone();
    let holder =
        |area: &str| crate::scenario::city_holder(ctx, state, area).and_then(|n| state.controller_of_nation(n));
    let p = holder(&capital)?;
    if !state.enemy_of(p, minor) {
        return None;
    }
    for a in ctx.map.areas_of(minor) {
        if ctx.map.city(&a.id).is_none() {
            continue;
        }
        match holder(&a.id) {
            Some(h) if h == p || state.relations.allied(h.id(), p.id()) => {}
            _ => return None,
        }
    }
    let own_corps =
        state.corps.values().any(|c| c.nation == minor && ctx.map.area(&c.area).is_some_and(|a| a.nation == minor));
    (!own_corps).then_some(p)
}

/// The conquest step: every minor country a power conquers now passes to it (R7.7).
pub fn step(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let minors: Vec<String> = ctx.map.nations().filter(|n| n.kind == NationKind::Minor).map(|n| n.id.clone()).collect();
    let taken: Vec<(String, Power)> =
        minors.iter().filter_map(|m| conqueror(ctx, state, m).map(|p| (m.clone(), p))).collect();
    for (minor, power) in taken {
        let name = ctx.map.nation(&minor).map_or(minor.clone(), |n| n.name.clone());
        let before = state.minors.get(&minor).and_then(|m| m.controller);
        let m = state
            .minors
            .entry(minor.clone())
            .or_insert(crate::state::MinorState { controller: None, free_state: false });
        m.controller = Some(power);
        m.free_state = false;
        // 4.6.3.1: a conquered country keeps no forces of its own.
        state.remove_forces_of(&minor);
        state.relations.wars.retain(|(a, b)| *a != minor && *b != minor);
        state.relations.alliances.retain(|(a, b)| *a != minor && *b != minor);
        log.push(Event::new(
            format!(
                "{} conquers {name}{} (R7.7): a conquered minor country, its own forces gone",
                power.name(),
                before.map_or(String::new(), |b| format!(", taken from {}", b.name()))
            ),
            json!({"kind": "conquest", "minor": minor, "power": power, "from": before, "rule": "R7.7"}),
        ));
    }
}
