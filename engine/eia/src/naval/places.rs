//! Where fleets may be and go (6.2.1): sea zones, ports and their blockade boxes, the costs
//! between them (6.2.1.1, 6.2.1.2), the ice line (6.2.1.4), the Dardanelles (6.2.1.3), whose
//! ports a fleet may enter (6.2.1.2) and whose blockade boxes (6.2.7).

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::{FleetPlace, State};
use grognard_engine::RuleError;

/// The area of Constantinople, whose holder opens or closes the Dardanelles (6.2.1.3).
pub const CONSTANTINOPLE: &str = "constantinople";

/// The prefix naming a blockade box in commands (`blockade:cadiz`), as in the scenario file.
pub const BLOCKADE_PREFIX: &str = "blockade:";

/// The place a command names: a sea zone id, a port's area id, or `blockade:AREA`.
pub fn resolve(ctx: &Ctx, token: &str) -> Result<FleetPlace, RuleError> {
    if let Some(area) = token.strip_prefix(BLOCKADE_PREFIX) {
        if ctx.map.port(area).is_none() {
            return Err(RuleError::new("6.2.1.2", format!("`{area}` is not a port: it has no blockade box")));
        }
        return Ok(FleetPlace::Blockade(area.to_string()));
    }
    if ctx.map.sea(token).is_some() {
        return Ok(FleetPlace::Sea(token.to_string()));
    }
    if ctx.map.port(token).is_some() {
        return Ok(FleetPlace::Port(token.to_string()));
    }
    Err(RuleError::new(
        "input",
        format!("`{token}` is neither a sea zone nor a port (a blockade box is written {BLOCKADE_PREFIX}AREA)"),
    ))
}

/// The token a command uses for `place` (the inverse of [`resolve`]).
pub fn token(place: &FleetPlace) -> String {
    match place {
        FleetPlace::Sea(s) | FleetPlace::Port(s) => s.clone(),
        FleetPlace::Blockade(a) => format!("{BLOCKADE_PREFIX}{a}"),
    }
}

/// The place in words, for events and errors.
pub fn name(ctx: &Ctx, place: &FleetPlace) -> String {
    let city = |a: &str| ctx.map.city(a).map_or(a.to_string(), |c| c.name.clone());
    match place {
        FleetPlace::Sea(s) => ctx.map.sea(s).map_or(s.clone(), |z| z.name.clone()),
        FleetPlace::Port(a) => format!("the port of {}", city(a)),
        FleetPlace::Blockade(a) => format!("the blockade box of {}", city(a)),
    }
}

/// What moving from `from` to `to` costs (6.2.1.1, 6.2.1.2): one into a sea zone, one between
/// a sea zone and a blockade box touching it, none between a port and its box; `None` if the
/// two places do not touch (a port is entered only through its box).
pub fn step_cost(ctx: &Ctx, from: &FleetPlace, to: &FleetPlace) -> Option<u8> {
    let touches = |port: &str, sea: &str| ctx.map.port(port).is_some_and(|p| p.seas.iter().any(|s| s == sea));
    match (from, to) {
        (FleetPlace::Sea(a), FleetPlace::Sea(b)) => ctx.map.sea_neighbours(a).iter().any(|n| n == b).then_some(1),
        (FleetPlace::Sea(s), FleetPlace::Blockade(p)) | (FleetPlace::Blockade(p), FleetPlace::Sea(s)) => {
            touches(p, s).then_some(1)
        }
        (FleetPlace::Blockade(a), FleetPlace::Port(b)) | (FleetPlace::Port(a), FleetPlace::Blockade(b)) => {
            (a == b).then_some(0)
        }
        _ => None,
    }
}

/// The places one step from `place`, with their cost.
pub fn neighbours(ctx: &Ctx, place: &FleetPlace) -> Vec<(FleetPlace, u8)> {
    match place {
        FleetPlace::Sea(s) => {
            let mut out: Vec<(FleetPlace, u8)> =
                ctx.map.sea_neighbours(s).iter().map(|n| (FleetPlace::Sea(n.clone()), 1)).collect();
            out.extend(ctx.map.ports_on(s).into_iter().map(|p| (FleetPlace::Blockade(p.area.clone()), 1)));
            out
        }
        FleetPlace::Blockade(a) => {
            let mut out = vec![(FleetPlace::Port(a.clone()), 0)];
            if let Some(p) = ctx.map.port(a) {
                out.extend(p.seas.iter().map(|s| (FleetPlace::Sea(s.clone()), 1)));
            }
            out
        }
        FleetPlace::Port(a) => vec![(FleetPlace::Blockade(a.clone()), 0)],
    }
}

/// The sea zones next to `place` a loser may be driven into (6.3.5.1.1): a sea zone's
/// neighbours, the seas touching a blockade box.
pub fn adjacent_seas(ctx: &Ctx, place: &FleetPlace) -> Vec<String> {
    match place {
        FleetPlace::Sea(s) => ctx.map.sea_neighbours(s).to_vec(),
        FleetPlace::Blockade(a) | FleetPlace::Port(a) => ctx.map.port(a).map(|p| p.seas.clone()).unwrap_or_default(),
    }
}

/// Is it a winter month (R9.1, for 6.2.1.4)?
pub fn winter(ctx: &Ctx, state: &State) -> bool {
    ctx.rules.winter(state.date.month())
}

/// Is `place` north of the ice line (6.2.1.4): a sea zone marked `ice`, or a port (and its
/// box) whose box touches only such zones?
pub fn north_of_ice_line(ctx: &Ctx, place: &FleetPlace) -> bool {
    match place {
        FleetPlace::Sea(s) => ctx.map.sea(s).is_some_and(|z| z.ice),
        FleetPlace::Port(a) | FleetPlace::Blockade(a) => ctx
            .map
            .port(a)
            .is_some_and(|p| !p.seas.is_empty() && p.seas.iter().all(|s| ctx.map.sea(s).is_some_and(|z| z.ice))),
    }
}

/// Is `place` closed by the ice this month (6.2.1.4: no fleet leaves or enters it, no naval
/// combat is fought there)?
pub fn iced(ctx: &Ctx, state: &State, place: &FleetPlace) -> bool {
    winter(ctx, state) && north_of_ice_line(ctx, place)
}

/// Is `place` the Dardanelles sea area?
pub fn is_dardanelles(ctx: &Ctx, place: &FleetPlace) -> bool {
    matches!(place, FleetPlace::Sea(s) if ctx.map.sea(s).is_some_and(|z| z.dardanelles))
}

/// May fleets of `power` enter the Dardanelles (6.2.1.3)? If it, a minor it controls or an
/// ally holds Constantinople (access between allies is presumed, as on land, R10.3), or it
/// besieges the city with a corps of its own in the area. With `leave_only` (retreats and
/// pursuits, 6.3.5.1.2) only the holder's leave counts: the siege does not.
pub fn dardanelles_open(ctx: &Ctx, state: &State, power: Power, leave_only: bool) -> bool {
    let Some(holder) = state.area_controller(ctx, CONSTANTINOPLE) else { return true };
    if state.friendly_to(power, holder) {
        return true;
    }
    !leave_only
        && state.besieged(CONSTANTINOPLE)
        && state.corps.values().any(|c| {
            c.area == CONSTANTINOPLE
                && c.aboard.is_none()
                && !c.in_city
                && state.controller_of_nation(c.side()) == Some(power)
        })
}

/// The major power controlling fleet `fleet` (its own, or the controller of its minor, 6.1.1).
pub fn controller(state: &State, fleet: &str) -> Option<Power> {
    state.fleets.get(fleet).and_then(|f| state.controller_of_nation(&f.nation))
}

/// The fleets `power` controls at `place`, ascending by id.
pub fn side_fleets(state: &State, power: Power, place: &FleetPlace) -> Vec<String> {
    state
        .fleets
        .iter()
        .filter(|(_, f)| &f.place == place && state.controller_of_nation(&f.nation) == Some(power))
        .map(|(id, _)| id.clone())
        .collect()
}

/// Does `place` hold a fleet at war with `power` (an enemy fleet, 6.2.3.1, 6.3.1.2)?
pub fn enemy_fleet_at(state: &State, power: Power, place: &FleetPlace) -> bool {
    state.fleets.values().any(|f| &f.place == place && state.enemy_of(power, &f.nation))
}

/// May `power` attack fleet `fleet` at `place` (6.3.1.2): at war with its nation, or the fleet
/// carries corps of a power at war with `power`, or its power combines its movement (4.9)
/// with a power at war with `power` whose fleets are at `place` too?
pub fn attackable(state: &State, power: Power, fleet: &str) -> bool {
    let Some(f) = state.fleets.get(fleet) else { return false };
    if state.enemy_of(power, &f.nation) {
        return true;
    }
    let carries = state.corps.values().any(|c| c.aboard.as_deref() == Some(fleet) && state.enemy_of(power, c.side()));
    let combined = state
        .controller_of_nation(&f.nation)
        .and_then(|owner| crate::politics::combined::group_of(state, owner))
        .is_some_and(|group| {
            state.fleets.values().any(|g| {
                g.place == f.place
                    && state.controller_of_nation(&g.nation).is_some_and(|p| group.contains(&p))
                    && state.enemy_of(power, &g.nation)
            })
        });
    carries || combined
}

/// The powers not at war with `power` whose fleets at `place` it may attack all the same
/// (6.3.1.2: carrying enemy corps, combining with an enemy), in [`Power::ALL`] order.
pub fn attackable_powers_at(state: &State, power: Power, place: &FleetPlace) -> Vec<Power> {
    let mut out: Vec<Power> = state
        .fleets
        .iter()
        .filter(|(id, f)| &f.place == place && !state.enemy_of(power, &f.nation) && attackable(state, power, id))
        .filter_map(|(_, f)| state.controller_of_nation(&f.nation))
        .filter(|p| *p != power)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The powers whose fleets at `place` are at war with `power`, in [`Power::ALL`] order.
pub fn enemy_powers_at(state: &State, power: Power, place: &FleetPlace) -> Vec<Power> {
    let mut out: Vec<Power> = state
        .fleets
        .values()
        .filter(|f| &f.place == place && state.enemy_of(power, &f.nation))
        .filter_map(|f| state.controller_of_nation(&f.nation))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Is the port of `area` friendly to `power`: held by it, a minor it controls or an ally
/// (6.2.1.2: an ally's leave to enter is presumed, R6.2.1.2)?
pub fn friendly_port(ctx: &Ctx, state: &State, power: Power, area: &str) -> bool {
    state.area_controller(ctx, area).is_some_and(|n| state.friendly_to(power, n))
}

/// Is the port of `area` blockaded against `power`: a fleet at war with it in the box?
pub fn blockaded_against(state: &State, power: Power, area: &str) -> bool {
    enemy_fleet_at(state, power, &FleetPlace::Blockade(area.to_string()))
}

/// 6.2.7: may a stack of `power` stand in the blockade box of `area`? If at war with the
/// port's holder, or an enemy fleet is in the box or the port.
pub fn may_blockade(ctx: &Ctx, state: &State, power: Power, area: &str) -> bool {
    let at_war = state.area_controller(ctx, area).is_some_and(|n| state.enemy_of(power, n));
    at_war
        || enemy_fleet_at(state, power, &FleetPlace::Blockade(area.to_string()))
        || enemy_fleet_at(state, power, &FleetPlace::Port(area.to_string()))
}

/// 6.2.1.3, 6.2.1.4: may a fleet of `power` pass from `from` into `to` as far as the ice and
/// the Dardanelles go? The reason it may not, with its rule, otherwise.
pub fn passage(
    ctx: &Ctx,
    state: &State,
    power: Power,
    from: &FleetPlace,
    to: &FleetPlace,
    leave_only: bool,
) -> Result<(), RuleError> {
    if iced(ctx, state, from) || iced(ctx, state, to) {
        return Err(RuleError::new(
            "6.2.1.4",
            format!(
                "no fleet leaves or enters a sea area north of the ice line in winter ({} to {})",
                name(ctx, from),
                name(ctx, to)
            ),
        ));
    }
    if is_dardanelles(ctx, to) && !is_dardanelles(ctx, from) && !dardanelles_open(ctx, state, power, leave_only) {
        return Err(RuleError::new(
            if leave_only { "6.3.5.1.2" } else { "6.2.1.3" },
            format!("{} neither holds Constantinople nor has leave to enter the Dardanelles", power.name()),
        ));
    }
    Ok(())
}

/// The distances in movement points from `from` to every place a fleet of `power` could
/// reach within `limit` by the costs of 6.2.1.1-6.2.1.2, passing the ice and the Dardanelles
/// as `passage` allows, and passing through no port (ports end a way).
pub fn distances(
    ctx: &Ctx,
    state: &State,
    power: Power,
    from: &FleetPlace,
    limit: u8,
    leave_only: bool,
) -> std::collections::BTreeMap<FleetPlace, u8> {
    let mut best = std::collections::BTreeMap::new();
    best.insert(from.clone(), 0u8);
    let mut frontier = vec![from.clone()];
    // Costs are 0 or 1 and the graph is small: relax until nothing changes.
    while let Some(here) = frontier.pop() {
        let spent = best.get(&here).copied().unwrap_or(0);
        if matches!(here, FleetPlace::Port(_)) && &here != from {
            continue;
        }
        for (next, cost) in neighbours(ctx, &here) {
            let total = spent.saturating_add(cost);
            if total > limit || best.get(&next).is_some_and(|b| *b <= total) {
                continue;
            }
            if passage(ctx, state, power, &here, &next, leave_only).is_err() {
                continue;
            }
            best.insert(next.clone(), total);
            frontier.push(next);
        }
    }
    best
}

/// The naval leader (NELSON) with one of `fleets`, if any.
pub fn naval_leader_with(ctx: &Ctx, state: &State, fleets: &[String]) -> Option<String> {
    state
        .leaders
        .iter()
        .find(|(id, place)| {
            ctx.leaders.leaders.get(id.as_str()).is_some_and(|l| l.is_naval())
                && matches!(place, crate::state::LeaderPlace::Fleet(f) if fleets.contains(f))
        })
        .map(|(id, _)| id.clone())
}

/// The total of ships in `fleets`.
pub fn ships(state: &State, fleets: &[String]) -> u32 {
    fleets.iter().filter_map(|f| state.fleets.get(f)).map(|f| u32::from(f.ships)).sum()
}
