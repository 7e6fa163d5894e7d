//! Depots inside besieged port cities (7.4.3.4, 7.2.2.1, 7.2.2.2, option `naval`).
//!
//! `depot AREA` in the depot step, where `AREA`'s port city is besieged and held by a friendly
//! nation, builds the depot inside the city (7.2.2.1, 7.4.3.4.2), provided the port is not
//! blockaded and a depot of a valid chain links to it by sea (7.4.3.4, 7.4.3.1: in an
//! unblockaded friendly port holding a friendly fleet, `supply::sea_links`). It is the only
//! depot in a city; an enemy's depot may stand in the area at the same time (7.2.2.2). It
//! adds no garrison capacity to the city (7.3.3.5.3) and holds no garrison.
//!
//! While it is linked, the power's forces inside the city live off sea supply instead of
//! besieged supply (7.4.3.4.1): each corps inside pays half a money point (as in a depot's
//! area, 7.4.2.1.1), the city garrison half a money point (7.4.2.1.2), doubled in winter in
//! the winter zone (7.4.2.1.3). It supplies nobody outside the city and is no link on to other
//! depots (R7.4.3.4).
//!
//! At the end of every movement step a depot in a city no longer besieged moves out into the
//! area, destroying an enemy depot there (7.4.3.4.3). After every command a depot whose sea
//! link is gone is removed (7.4.3.4.4), and one whose city has passed to a non-friendly
//! holder (its forces surrendered or were eliminated) is destroyed (R7.4.3.4.5: never
//! converted).

use crate::ctx::Ctx;
use crate::land::DEPOT_COST;
use crate::power::Power;
use crate::scenario::city_holder;
use crate::state::State;
use grognard_engine::{Event, RuleError};
use serde_json::json;
use std::collections::BTreeSet;

/// What sea supply through a depot in the port city costs a corps or the garrison inside, in
/// half money points, before winter (7.4.2.1.1, 7.4.2.1.2: half a money point).
pub const CITY_DEPOT_COST_HALVES: u32 = 1;

/// Is the city of `area` held by a nation friendly to `power` (7.4.3.4: a friendly controlled
/// port)?
fn friendly_city(ctx: &Ctx, state: &State, power: Power, area: &str) -> bool {
    city_holder(ctx, state, area).is_some_and(|n| state.friendly_to(power, n))
}

/// 7.2.2.1, 7.4.3.4: does `depot AREA` of `power` build its depot inside the city: the naval
/// rules are played and `area` holds a besieged port city held by a friendly nation?
pub fn applies(ctx: &Ctx, state: &State, power: Power, area: &str) -> bool {
    crate::naval::played(state)
        && ctx.map.port(area).is_some()
        && ctx.map.city(area).is_some()
        && state.besieged(area)
        && friendly_city(ctx, state, power, area)
}

/// 7.4.3.4, 7.2.2: is there a friendly unblockaded sea supply source to the port of `area`:
/// a depot of `power` in a valid chain (`valid`) whose sea links (7.4.3.1) reach it?
pub fn linked(ctx: &Ctx, state: &State, power: Power, area: &str, valid: &BTreeSet<String>) -> bool {
    valid.iter().any(|d| d != area && crate::supply::sea_links(ctx, state, power, d).contains(area))
}

/// 7.4.3.4.1: does a depot of `power` inside the city of `area` feed the forces there by sea
/// now (`valid`: `power`'s depots in a valid chain)?
pub fn feeds(ctx: &Ctx, state: &State, power: Power, area: &str, valid: &BTreeSet<String>) -> bool {
    state.city_depots.get(area) == Some(&power) && linked(ctx, state, power, area, valid)
}

/// The cities whose forces of `power` live off sea supply through a depot inside, each with
/// what its garrison (if `power` holds one there) pays in half money points (7.4.2.1.2,
/// doubled in winter in the winter zone, 7.4.2.1.3), or 0.
pub fn fed_cities(ctx: &Ctx, state: &State, power: Power) -> Vec<(String, u32)> {
    if !state.city_depots.values().any(|p| *p == power) {
        return Vec::new();
    }
    let valid = crate::supply::valid_depots(ctx, state, power);
    let winter = ctx.rules.winter(state.date.month());
    state
        .city_depots
        .keys()
        .filter(|area| feeds(ctx, state, power, area, &valid))
        .map(|area| {
            let garrison = state
                .garrisons
                .get(area)
                .is_some_and(|g| !g.factors.is_empty() && state.controller_of_nation(&g.nation) == Some(power));
            let doubled = winter && ctx.map.area(area).is_some_and(|a| a.winter);
            let halves = if !garrison {
                0
            } else if doubled {
                CITY_DEPOT_COST_HALVES * 2
            } else {
                CITY_DEPOT_COST_HALVES
            };
            (area.clone(), halves)
        })
        .collect()
}

fn rule(message: impl Into<String>) -> RuleError {
    RuleError::new("7.4.3.4", message)
}

/// `depot AREA` where [`applies`]: the depot goes inside the besieged port city (7.2.2.1,
/// 7.4.3.4), for one money point within the counter mix (7.2). The besiegers in the area do
/// not forbid it (7.4.3.4: even if besieged).
pub fn place(ctx: &Ctx, state: &State, power: Power, area: &str, log: &mut Vec<Event>) -> Result<State, RuleError> {
    let city = ctx.map.city(area).map_or_else(|| ctx.name(area).to_string(), |c| c.name.clone());
    if crate::naval::places::blockaded_against(state, power, area) {
        return Err(rule(format!("the port of {city} is blockaded: no depot is built in it")));
    }
    if state.city_depots.contains_key(area) {
        return Err(RuleError::new("7.2", format!("{city} already holds a depot")));
    }
    if let Some(d) = state.depots.get(area) {
        if !state.enemy_of(power, d.power.id()) {
            return Err(RuleError::new(
                "7.2.2.2",
                format!(
                    "{} already holds a depot of {}'s: only an enemy's depot may stand in the area of a port city holding one",
                    ctx.name(area),
                    d.power.name()
                ),
            ));
        }
    }
    crate::land::may_build_depot(ctx, state, power)?;
    let valid = crate::supply::valid_depots(ctx, state, power);
    if !linked(ctx, state, power, area, &valid) {
        return Err(rule(format!(
            "no friendly unblockaded sea supply source reaches {city}: a depot of {}'s valid chains in an unblockaded friendly port holding a friendly fleet, with a way by sea (7.4.3.1)",
            power.name()
        )));
    }
    let mut next = state.clone();
    next.city_depots.insert(area.to_string(), power);
    if let Some(p) = next.powers.get_mut(&power) {
        p.money -= DEPOT_COST;
    }
    log.push(Event::new(
        format!(
            "{} places a depot inside besieged {city} ({DEPOT_COST} money point): its forces there live off sea supply (7.4.3.4)",
            power.name()
        ),
        json!({"kind": "city-depot", "power": power, "area": area, "rule": "7.4.3.4"}),
    ));
    Ok(next)
}

/// `remove depot AREA` (7.2) of a depot inside the city of `area`: `None` when `power` has no
/// depot there.
pub fn remove(ctx: &Ctx, state: &State, power: Power, area: &str, log: &mut Vec<Event>) -> Option<State> {
    if state.city_depots.get(area) != Some(&power) {
        return None;
    }
    let mut next = state.clone();
    next.city_depots.remove(area);
    log.push(Event::new(
        format!("{} removes its depot in the city of {}", power.name(), ctx.name(area)),
        json!({"kind": "city-depot-removed", "power": power, "area": area, "rule": "7.2"}),
    ));
    Some(next)
}

/// After every command: a depot in a port city whose city passed to a holder not friendly to
/// its power (the forces inside surrendered or were eliminated) is destroyed (R7.4.3.4.5);
/// one with no unblockaded sea supply source any more is removed (7.4.3.4.4).
pub fn check(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    if state.city_depots.is_empty() {
        return;
    }
    let depots: Vec<(String, Power)> = state.city_depots.iter().map(|(a, p)| (a.clone(), *p)).collect();
    let mut valid: std::collections::BTreeMap<Power, BTreeSet<String>> = std::collections::BTreeMap::new();
    for (area, power) in depots {
        let name = ctx.map.city(&area).map_or_else(|| ctx.name(&area).to_string(), |c| c.name.clone());
        if !friendly_city(ctx, state, power, &area) {
            state.city_depots.remove(&area);
            log.push(Event::new(
                format!("{}'s depot in {name} is destroyed with the city's fall (R7.4.3.4.5)", power.name()),
                json!({"kind": "city-depot-destroyed", "power": power, "area": area, "rule": "R7.4.3.4.5"}),
            ));
            continue;
        }
        let chain = valid.entry(power).or_insert_with(|| crate::supply::valid_depots(ctx, state, power));
        if !linked(ctx, state, power, &area, chain) {
            state.city_depots.remove(&area);
            log.push(Event::new(
                format!(
                    "{}'s depot in {name} is removed: no unblockaded sea supply source reaches it any more (7.4.3.4.4)",
                    power.name()
                ),
                json!({"kind": "city-depot-removed", "power": power, "area": area, "rule": "7.4.3.4.4"}),
            ));
        }
    }
}

/// 7.4.3.4.3: at the end of a movement step, a depot in a port city no longer besieged moves
/// out into the area; an enemy depot there is destroyed. A depot of its own power or of a
/// friend already there stays, and the city's goes back to the counter mix (one depot an
/// area, 7.2).
pub fn end_of_movement(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let free: Vec<(String, Power)> =
        state.city_depots.iter().filter(|(a, _)| !state.besieged(a)).map(|(a, p)| (a.clone(), *p)).collect();
    for (area, power) in free {
        state.city_depots.remove(&area);
        let mut text = format!(
            "The siege of {} is over: {}'s depot in the city moves out into the area (7.4.3.4.3)",
            ctx.name(&area),
            power.name()
        );
        match state.depots.get(&area) {
            Some(d) if !state.enemy_of(power, d.power.id()) => {
                text = format!(
                    "The siege of {} is over: {} already has a depot of {}'s, and {}'s depot in the city leaves the map (7.4.3.4.3, 7.2)",
                    ctx.name(&area),
                    ctx.name(&area),
                    d.power.name(),
                    power.name()
                );
            }
            other => {
                if let Some(enemy) = other.map(|d| d.power) {
                    text.push_str(&format!(", destroying {}'s depot there", enemy.name()));
                }
                state.depots.insert(area.clone(), crate::state::Depot { power, garrison: Default::default() });
            }
        }
        log.push(Event::new(
            text,
            json!({"kind": "city-depot-moved", "power": power, "area": area, "rule": "7.4.3.4.3"}),
        ));
    }
}
