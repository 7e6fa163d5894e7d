//! The state's invariants (state.rs), checked after every command by the property tests and
//! the self-play harness. Each failure names the rule it breaks.

use crate::ctx::Ctx;
use crate::land::DEPOT_GARRISON_CAPACITY;
use crate::state::{FleetPlace, State};

/// Every broken invariant of `state`, in words (empty when all hold).
pub fn broken(ctx: &Ctx, state: &State) -> Vec<String> {
    let mut out = Vec::new();
    for (id, c) in &state.corps {
        if ctx.map.area(&c.area).is_none() {
            out.push(format!("corps {id} stands in `{}`, not a land area of the map", c.area));
        }
        if c.factors.is_empty() {
            out.push(format!("7.3.3.1.2: corps {id} holds no factor"));
        }
        if c.in_city && ctx.map.city(&c.area).is_none() {
            out.push(format!("corps {id} is inside a city that {} does not have", c.area));
        }
        if let Some(kind) = c.irregular() {
            // R10.1: an irregular counter is one factor of its kind, on land, open to all.
            if c.factors.total() != 1 || c.aboard.is_some() || !c.veil.is_empty() || c.loan.is_some() {
                out.push(format!("R10.1: irregular counter {id} ({kind}) is not one open factor on land"));
            }
        } else if let Some(card) = ctx.cards.corps_card(id) {
            let mut data = crate::data::cards::Factors::new();
            for (k, n) in c.factors.iter() {
                data.add(k, n);
            }
            if let Err(why) = card.capacity.check(&data, state.date) {
                out.push(format!("2.4.2.1.1: corps {id}: {why}"));
            }
        } else {
            out.push(format!("corps {id} has no national card"));
        }
    }
    for (leader, place) in &state.leaders {
        if let crate::state::LeaderPlace::Corps(c) = place {
            if !state.corps.contains_key(c) {
                out.push(format!("R5.3: {leader} is with corps {c}, which is not on the map"));
            }
        }
    }
    for (id, f) in &state.fleets {
        if f.ships == 0 {
            out.push(format!("6.3.6: fleet {id} has no ships"));
        }
        let known = match &f.place {
            FleetPlace::Sea(s) => ctx.map.sea(s).is_some(),
            FleetPlace::Port(a) | FleetPlace::Blockade(a) => ctx.map.port(a).is_some(),
        };
        if !known {
            out.push(format!("fleet {id} is at {}, not a place of the map", f.place));
        }
    }
    for (area, g) in &state.garrisons {
        let Some(city) = ctx.map.city(area) else {
            out.push(format!("a garrison stands in {area}, which has no city"));
            continue;
        };
        let inside = g.factors.total()
            + state.corps.values().filter(|c| c.area == *area && c.in_city).map(|c| c.factors.total()).sum::<u16>();
        if inside > city.garrison_capacity() {
            out.push(format!(
                "7.3.3.4: {} holds {inside} factors, more than its {}",
                city.name,
                city.garrison_capacity()
            ));
        }
    }
    for (area, d) in &state.depots {
        if ctx.map.area(area).is_none() {
            out.push(format!("a depot stands in `{area}`, not a land area"));
        }
        if d.garrison.total() > DEPOT_GARRISON_CAPACITY {
            out.push(format!("7.3.3.5: the depot in {area} holds {} factors", d.garrison.total()));
        }
    }
    for (area, power) in &state.city_depots {
        if ctx.map.port(area).is_none() || ctx.map.city(area).is_none() {
            out.push(format!(
                "7.4.3.4.2: a depot of {} stands in the city of `{area}`, which has no port city",
                power.name()
            ));
        }
        if state.depots.get(area).is_some_and(|d| !state.enemy_of(*power, d.power.id())) {
            out.push(format!("7.2.2.2: {area} holds a depot in its city and one in its area, not an enemy's"));
        }
    }
    if let Some(acting) = state.sequence.acting() {
        for id in state.book.corps.keys() {
            if let Some(c) = state.corps.get(id) {
                // 4.9: allies combining their movement share the land steps' record.
                let group = crate::politics::combined::group_of(state, acting).unwrap_or(std::slice::from_ref(&acting));
                if !state.controller_of_nation(c.side()).is_some_and(|p| group.contains(&p)) {
                    out.push(format!("corps {id} moved in {}'s step but is not its", acting.name()));
                }
            }
        }
    }
    out.extend(crate::naval::invariants::broken(ctx, state));
    out
}
