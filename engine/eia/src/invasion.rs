//! Invasion supply (7.4.4, option `naval`): a depot built on a fleet in a sea area supplies
//! corps in the land areas next to that sea, and no farther, at the depot supply costs; it
//! can be used only while supply can be traced to the fleet by sea from an unblockaded
//! friendly port that is a supply source or holds a depot of a valid chain (7.4.4.1), and it
//! is lost when the fleet moves (7.4.4.2).

use crate::ctx::Ctx;
use crate::land::DEPOT_COST;
use crate::power::Power;
use crate::state::{FleetDepot, FleetPlace, State};
use grognard_engine::{Event, RuleError};
use serde_json::json;
use std::collections::BTreeSet;

/// What a corps next to the fleet pays, in half money points, before winter doubles it
/// (R7.4.4: as for a depot one area away, 7.4.2.1.1: the land areas next to a sea are one
/// step from the depot on it).
pub const INVASION_COST_HALVES: u32 = 2;

fn rule(message: impl Into<String>) -> RuleError {
    RuleError::new("7.4.4", message)
}

/// 7.4.4.1: can supply be traced by sea to `sea` from an unblockaded friendly port of
/// `power` that is a supply source or holds a depot of a valid chain (`valid`)?
pub fn traced(ctx: &Ctx, state: &State, power: Power, sea: &str, valid: &BTreeSet<String>) -> bool {
    let target = FleetPlace::Sea(sea.to_string());
    valid.iter().filter(|area| ctx.map.port(area).is_some()).any(|area| {
        crate::naval::places::friendly_port(ctx, state, power, area)
            && !crate::naval::places::blockaded_against(state, power, area)
            && crate::naval::places::distances(ctx, state, power, &FleetPlace::Port(area.clone()), u8::MAX, true)
                .contains_key(&target)
    })
}

/// The depots `power` has on the map, on land, in port cities (7.4.3.4) and on fleets (the
/// counter mix, 7.2).
pub fn depots_of(state: &State, power: Power) -> usize {
    state.depots.values().filter(|d| d.power == power).count()
        + state.city_depots.values().filter(|p| **p == power).count()
        + state.fleet_depots.values().filter(|d| d.power == power).count()
}

/// `depot on FLEET`: build a depot on a fleet of `power` at sea (7.4.4), in the depot step, for
/// one money point, within the counter mix (7.2).
pub fn build(ctx: &Ctx, state: &State, power: Power, fleet: &str, log: &mut Vec<Event>) -> Result<State, RuleError> {
    if !crate::naval::played(state) {
        return Err(rule("invasion supply is a rule of the naval option (`--option naval`)"));
    }
    crate::land::in_step(state, crate::sequence::LandStep::Depots, "7.4.4", "depots are built")?;
    let f = state.fleets.get(fleet).ok_or_else(|| RuleError::new("input", format!("there is no fleet `{fleet}`")))?;
    if f.nation != power.id() {
        return Err(rule(format!(
            "fleet {fleet} is not {}'s: the depot on a ship is of the fleet's power",
            power.name()
        )));
    }
    let FleetPlace::Sea(sea) = &f.place else {
        return Err(rule(format!("fleet {fleet} is not in a sea area")));
    };
    if state.fleet_depots.contains_key(fleet) {
        return Err(rule(format!("fleet {fleet} already carries a depot")));
    }
    crate::land::may_build_depot(ctx, state, power)?;
    let valid = crate::supply::valid_depots(ctx, state, power);
    if !traced(ctx, state, power, sea, &valid) {
        return Err(RuleError::new(
            "7.4.4.1",
            format!(
                "no unblockaded friendly port of {}'s supply chains traces supply by sea to {}",
                power.name(),
                ctx.name(sea)
            ),
        ));
    }
    let mut next = state.clone();
    if let Some(p) = next.powers.get_mut(&power) {
        p.money -= DEPOT_COST;
    }
    next.fleet_depots.insert(fleet.to_string(), FleetDepot { power, sea: sea.clone() });
    log.push(Event::new(
        format!("{} builds a depot on fleet {fleet} in {} (7.4.4)", power.name(), ctx.name(sea)),
        json!({"kind": "fleet-depot", "fleet": fleet, "sea": sea, "rule": "7.4.4"}),
    ));
    Ok(next)
}

/// `remove depot on FLEET` (7.2, 7.4.4).
pub fn remove(state: &State, power: Power, fleet: &str, log: &mut Vec<Event>) -> Result<State, RuleError> {
    crate::land::in_step(state, crate::sequence::LandStep::Depots, "7.2", "depots are removed")?;
    match state.fleet_depots.get(fleet) {
        Some(d) if d.power == power => {}
        _ => return Err(rule(format!("fleet {fleet} carries no depot of {}'s", power.name()))),
    }
    let mut next = state.clone();
    next.fleet_depots.remove(fleet);
    log.push(Event::new(
        format!("{} removes its depot on fleet {fleet}", power.name()),
        json!({"kind": "fleet-depot-removed", "fleet": fleet, "rule": "7.2"}),
    ));
    Ok(next)
}

/// 7.4.4.2: a depot whose fleet moved, or is gone, is lost.
pub fn lose_moved(state: &mut State, log: &mut Vec<Event>) {
    let moved: Vec<String> = state
        .fleet_depots
        .iter()
        .filter(|(fleet, d)| state.fleets.get(*fleet).is_none_or(|f| f.place != FleetPlace::Sea(d.sea.clone())))
        .map(|(fleet, _)| fleet.clone())
        .collect();
    for fleet in moved {
        state.fleet_depots.remove(&fleet);
        log.push(Event::new(
            format!("The depot on fleet {fleet} is lost: the fleet moved (7.4.4.2)"),
            json!({"kind": "fleet-depot-lost", "fleet": fleet, "rule": "7.4.4.2"}),
        ));
    }
}

/// What invasion supply costs a corps of `power` in `area`, in half money points before winter:
/// `Some` when a depot of `power` on a fleet in a sea next to `area` can be used (7.4.4.1).
pub fn cost_halves(ctx: &Ctx, state: &State, power: Power, area: &str, valid: &BTreeSet<String>) -> Option<u32> {
    state
        .fleet_depots
        .values()
        .filter(|d| d.power == power && ctx.map.shore(&d.sea).iter().any(|a| a == area))
        .any(|d| traced(ctx, state, power, &d.sea, valid))
        .then_some(INVASION_COST_HALVES)
}

/// 7.4.4: what invasion supply costs `power`'s forces besieged in the port city of `area`, in
/// half money points before winter, a corps or the garrison: `Some` when a depot of `power` on
/// a fleet in a sea next to the area can be used and the port is not blockaded against it
/// (R7.4.4: the blockaders stand between the fleet and the port). They then live off it
/// instead of rolling besieged supply (7.4.5).
pub fn feeds_besieged(ctx: &Ctx, state: &State, power: Power, area: &str, valid: &BTreeSet<String>) -> Option<u32> {
    if ctx.map.port(area).is_none()
        || !state.besieged(area)
        || crate::naval::places::blockaded_against(state, power, area)
    {
        return None;
    }
    cost_halves(ctx, state, power, area, valid)
}
