//! What every peace does (4.4.6): prisoners exchanged (4.4.6.1) and forces repatriated
//! (4.4.6.2): corps and garrisons in the other power's territory go to the nearest friendly
//! areas, depots there are picked up, and areas one held of the other's are given back.

use crate::ctx::Ctx;
use crate::forces::Factors;
use crate::power::Power;
use crate::state::{Garrison, LeaderPlace, State};
use grognard_engine::Event;
use std::collections::{BTreeSet, VecDeque};

/// 4.4.6.1: the leaders each of `a` and `b` holds of the other go back, to be placed as
/// reinforcements (5.3).
pub fn exchange_prisoners(ctx: &Ctx, state: &mut State, a: Power, b: Power, log: &mut Vec<Event>) {
    for (captor, owner) in [(a, b), (b, a)] {
        let freed: Vec<String> = state
            .leaders
            .iter()
            .filter(|(id, place)| {
                **place == LeaderPlace::Captured(captor) && ctx.leaders.get(id).is_some_and(|l| l.power == owner)
            })
            .map(|(id, _)| id.clone())
            .collect();
        for id in freed {
            state.leaders.insert(id.clone(), LeaderPlace::Retired);
            log.push(Event::new(
                format!("{} frees {id}, who returns to {} (4.4.6.1)", captor.name(), owner.name()),
                serde_json::json!({"kind": "prisoner-exchange", "leader": id, "to": owner}),
            ));
        }
    }
}

/// 4.4.6.2 both ways between `a` and `b`; `access`: a victor of peace term C.5, whose corps
/// and depots stay and whose garrisons leave only the capital cities (the EXCEPTION).
pub fn repatriate(ctx: &Ctx, state: &mut State, a: Power, b: Power, access: Option<Power>, log: &mut Vec<Event>) {
    for (power, host) in [(a, b), (b, a)] {
        give_back(ctx, state, power, host, log);
        if access == Some(power) {
            let capital = |_: &State, area: &str| {
                ctx.map.is_capital(area) && ctx.map.area(area).is_some_and(|x| x.nation == host.id())
            };
            move_garrisons(ctx, state, power, capital, log);
            continue;
        }
        move_corps(ctx, state, power, host, log);
        move_garrisons(ctx, state, power, |s: &State, area: &str| s.in_territory(ctx, host, area), log);
        pick_up_depots(ctx, state, power, host, log);
    }
    crate::siege::update(ctx, state, log);
}

/// Areas of `host` (or of minors it runs) that `power` holds go back to their nation.
fn give_back(ctx: &Ctx, state: &mut State, power: Power, host: Power, log: &mut Vec<Event>) {
    let back: Vec<String> = state
        .occupied
        .iter()
        .filter(|(area, holder)| {
            !state.politics.ceded.contains(area)
                && state.controller_of_nation(holder) == Some(power)
                && ctx.map.area(area).and_then(|x| state.controller_of_nation(&x.nation)) == Some(host)
        })
        .map(|(area, _)| area.clone())
        .collect();
    for area in back {
        state.occupied.remove(&area);
        log.push(Event::new(
            format!("{} returns to {} (4.4.6.2)", ctx.name(&area), host.name()),
            serde_json::json!({"kind": "returned", "area": area, "to": host}),
        ));
    }
}

/// Is `area` friendly-controlled for `power`: its own territory or an ally's?
fn friendly_area(ctx: &Ctx, state: &State, power: Power, area: &str) -> bool {
    state.area_controller(ctx, area).is_some_and(|n| state.friendly_to(power, n))
}

/// The friendly areas nearest `from` by land that `fits` accepts, the first by id among the
/// nearest (R4.4.6.2: the owner is not asked between equidistant areas).
fn nearest(ctx: &Ctx, state: &State, power: Power, from: &str, fits: impl Fn(&str) -> bool) -> Option<String> {
    let mut seen: BTreeSet<String> = BTreeSet::from([from.to_string()]);
    let mut ring: VecDeque<String> = VecDeque::from([from.to_string()]);
    while !ring.is_empty() {
        let mut next_ring = VecDeque::new();
        let mut found: Vec<String> = Vec::new();
        for area in &ring {
            for border in ctx.map.neighbours(area) {
                if seen.insert(border.to.clone()) {
                    if friendly_area(ctx, state, power, &border.to) && fits(&border.to) {
                        found.push(border.to.clone());
                    }
                    next_ring.push_back(border.to.clone());
                }
            }
        }
        if let Some(first) = found.into_iter().min() {
            return Some(first);
        }
        ring = next_ring;
    }
    None
}

/// Corps `id` of `power` goes from `from` to the nearest friendly area (4.4.6.2), or leaves
/// the map when there is none; `how` words the event, `rule` cites.
fn relocate(
    ctx: &Ctx,
    state: &mut State,
    power: Power,
    id: &str,
    from: &str,
    (how, rule): (&str, &str),
    log: &mut Vec<Event>,
) {
    match nearest(ctx, state, power, from, |_| true) {
        Some(to) => {
            if let Some(c) = state.corps.get_mut(id) {
                c.area = to.clone();
                c.in_city = false;
            }
            log.push(Event::new(
                format!("{id} {how} from {} to {} ({rule})", ctx.name(from), ctx.name(&to)),
                serde_json::json!({"kind": "repatriated", "corps": id, "from": from, "to": to}),
            ));
        }
        None => crate::land::remove_emptied(state, id, rule, log),
    }
}

fn move_corps(ctx: &Ctx, state: &mut State, power: Power, host: Power, log: &mut Vec<Event>) {
    let away: Vec<(String, String)> = state
        .corps
        .iter()
        .filter(|(_, c)| {
            c.aboard.is_none()
                && state.controller_of_nation(c.side()) == Some(power)
                && state.in_territory(ctx, host, &c.area)
        })
        .map(|(id, c)| (id.clone(), c.area.clone()))
        .collect();
    for (id, from) in away {
        relocate(ctx, state, power, &id, &from, ("is repatriated", "4.4.6.2"), log);
    }
}

/// Corps `id`, back with `power` (B.4), goes to the nearest area friendly to it when the area
/// it stands in is not, as in 4.4.6.2.
pub fn send_home(ctx: &Ctx, state: &mut State, power: Power, id: &str, log: &mut Vec<Event>) {
    let Some(from) = state.corps.get(id).map(|c| c.area.clone()) else { return };
    if friendly_area(ctx, state, power, &from) {
        return;
    }
    relocate(ctx, state, power, id, &from, ("goes", "B.4, 4.4.6.2"), log);
    crate::siege::update(ctx, state, log);
}

/// 4.6.6: the garrisons, cossacks and freikorps of `power` in minor country `minor` go home
/// as in 4.4.6.2.
pub fn leave_minor(ctx: &Ctx, state: &mut State, power: Power, minor: &str, log: &mut Vec<Event>) {
    let irregulars: Vec<(String, String)> = state
        .corps
        .iter()
        .filter(|(_, c)| {
            !c.proper()
                && state.controller_of_nation(c.side()) == Some(power)
                && ctx.map.area(&c.area).is_some_and(|a| a.nation == minor)
        })
        .map(|(id, c)| (id.clone(), c.area.clone()))
        .collect();
    for (id, from) in irregulars {
        relocate(ctx, state, power, &id, &from, ("is repatriated", "4.6.6, 4.4.6.2"), log);
    }
    move_garrisons(
        ctx,
        state,
        power,
        |_: &State, area: &str| ctx.map.area(area).is_some_and(|a| a.nation == minor),
        log,
    );
}

fn move_garrisons(
    ctx: &Ctx,
    state: &mut State,
    power: Power,
    inside: impl Fn(&State, &str) -> bool,
    log: &mut Vec<Event>,
) {
    let away: Vec<(String, Garrison)> = state
        .garrisons
        .iter()
        .filter(|(area, g)| state.controller_of_nation(&g.nation) == Some(power) && inside(state, area))
        .map(|(a, g)| (a.clone(), g.clone()))
        .collect();
    for (from, garrison) in away {
        state.garrisons.remove(&from);
        let total = garrison.factors.total();
        let fits = |area: &str| {
            crate::land::city_room(ctx, state, power, area).is_some_and(|room| room >= total)
                && state.garrisons.get(area).is_none_or(|g| g.nation == garrison.nation)
        };
        match nearest(ctx, state, power, &from, fits) {
            Some(to) => {
                let g = state
                    .garrisons
                    .entry(to.clone())
                    .or_insert_with(|| Garrison { nation: garrison.nation.clone(), factors: Factors::new() });
                g.factors.add_all(&garrison.factors);
                log.push(Event::new(
                    format!("the garrison of {} is repatriated to {} (4.4.6.2)", ctx.name(&from), ctx.name(&to)),
                    serde_json::json!({"kind": "repatriated", "garrison": from, "to": to}),
                ));
            }
            None => log.push(Event::new(
                format!(
                    "the garrison of {} has no friendly city that can hold it and is disbanded (R4.4.6.2)",
                    ctx.name(&from)
                ),
                serde_json::json!({"kind": "disbanded", "garrison": from}),
            )),
        }
    }
}

fn pick_up_depots(ctx: &Ctx, state: &mut State, power: Power, host: Power, log: &mut Vec<Event>) {
    let away: Vec<String> = state
        .depots
        .iter()
        .filter(|(area, d)| d.power == power && state.in_territory(ctx, host, area))
        .map(|(a, _)| a.clone())
        .collect();
    for area in away {
        state.depots.remove(&area);
        log.push(Event::new(
            format!("{}'s depot in {} is picked up (4.4.6.2)", power.name(), ctx.name(&area)),
            serde_json::json!({"kind": "depot-removed", "area": area, "power": power}),
        ));
    }
}
