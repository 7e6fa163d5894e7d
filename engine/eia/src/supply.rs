//! Supply (7.2.3, 7.4.2): which depots form valid supply chains back to a supply source, and
//! what depot supply costs a corps.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_board::area::{ProvinceKind, Reach};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// How far a corps may be from a depot and still draw depot supply (7.4.2.1.1); a corps this
/// far or farther must forage (7.4.1: four or more areas).
pub const DEPOT_REACH: u32 = 3;

/// How far apart the depots of a chain may be (7.2.3.2) and how far from one a new depot may
/// be placed (7.2.3).
pub const CHAIN_LINK: u32 = 2;

/// Is `area` in the home nation of `power`, or in a minor country it controls (7.2.3.1)?
pub fn home_or_controlled_minor(ctx: &Ctx, state: &State, power: Power, area: &str) -> bool {
    let Some(province) = ctx.map.province_of(area) else { return false };
    if province.nation == power.id() {
        return province.kind == ProvinceKind::Home;
    }
    state.minors.get(&province.nation).is_some_and(|m| m.controller == Some(power))
}

/// Is the depot in `area` a supply source of `power` (7.2.3.1): an unbesieged city area it
/// controls in its home nation or a controlled minor, with no enemy forces in it?
pub fn is_supply_source(ctx: &Ctx, state: &State, power: Power, area: &str) -> bool {
    state.depots.get(area).is_some_and(|d| d.power == power)
        && ctx.map.city(area).is_some()
        && !state.besieged(area)
        && home_or_controlled_minor(ctx, state, power, area)
        && state.area_controller(ctx, area).and_then(|n| state.controller_of_nation(n)) == Some(power)
        && !enemy_forces_in(state, power, area)
}

fn enemy_forces_in(state: &State, power: Power, area: &str) -> bool {
    state.corps.values().any(|c| c.area == area && c.aboard.is_none() && state.enemy_of(power, c.side()))
        || state.garrisons.get(area).is_some_and(|g| state.enemy_of(power, &g.nation) && !g.factors.is_empty())
}

/// The land steps from `area` a supply line may take for `power`: land borders and the
/// standard crossing arrows whose sea holds no enemy fleet (7.2.3.2.2).
fn supply_steps<'a>(ctx: &'a Ctx, state: &State, power: Power, area: &str) -> Vec<&'a str> {
    ctx.map
        .neighbours(area)
        .iter()
        .filter(|b| match b.crossing.strait_sea() {
            Some(sea) => {
                let optional = matches!(b.crossing, grognard_board::area::Crossing::Strait { optional: true, .. });
                (!optional || state.options.iter().any(|o| o == crate::scenario::OPTION_ARROWS))
                    && !state.enemy_fleet_at_sea(power, sea)
            }
            None => true,
        })
        .map(|b| b.to.as_str())
        .collect()
}

/// The distance in areas from `from` to every area within `limit` whose intervening areas
/// (every area of the route but its two ends) are not blocked for `power` (7.2.3.2.1,
/// 7.4.2.1.1).
pub fn unblocked_distances<'a>(
    ctx: &'a Ctx,
    state: &State,
    power: Power,
    from: &'a str,
    limit: u32,
) -> BTreeMap<&'a str, u32> {
    let mut found: BTreeMap<&str, u32> = BTreeMap::new();
    let Some(start) = ctx.map.area(from).map(|a| a.id.as_str()) else {
        return found;
    };
    found.insert(start, 0);
    let mut queue = VecDeque::from([start]);
    while let Some(place) = queue.pop_front() {
        let d = found.get(place).copied().unwrap_or(0);
        if d >= limit || (d > 0 && state.blocks_supply(power, place)) {
            continue;
        }
        for next in supply_steps(ctx, state, power, place) {
            if !found.contains_key(next) {
                found.insert(next, d + 1);
                queue.push_back(next);
            }
        }
    }
    found
}

/// The depots of `power` in a valid supply chain (7.2.3.2): the supply sources, and every
/// depot within two unblocked areas of one already in the chain. Depots placed this turn
/// count (a chain is traced when supply is drawn); 7.2.3's "already existing" restriction on
/// placing new depots is the depot step's.
pub fn valid_depots(ctx: &Ctx, state: &State, power: Power) -> BTreeSet<String> {
    chain_lengths(ctx, state, power, |_| true).into_keys().collect()
}

/// The depots of `power` in a valid supply chain starting at a supply source in an area
/// `starts` accepts, each with the number of depots of its shortest chain, itself included
/// (a source is 1; 5.2.2.2.3.1 counts chains in depots).
pub fn chain_lengths(ctx: &Ctx, state: &State, power: Power, starts: impl Fn(&str) -> bool) -> BTreeMap<String, u32> {
    let mine: Vec<&str> = state.depots.iter().filter(|(_, d)| d.power == power).map(|(a, _)| a.as_str()).collect();
    let mut length: BTreeMap<String, u32> = mine
        .iter()
        .filter(|a| starts(a) && is_supply_source(ctx, state, power, a))
        .map(|a| (a.to_string(), 1))
        .collect();
    let mut queue: VecDeque<String> = length.keys().cloned().collect();
    let sea = crate::naval::played(state);
    while let Some(depot) = queue.pop_front() {
        let here = length.get(&depot).copied().unwrap_or(1);
        let near = unblocked_distances(ctx, state, power, &depot, CHAIN_LINK);
        let by_sea = if sea { sea_links(ctx, state, power, &depot) } else { BTreeSet::new() };
        for other in &mine {
            if (near.contains_key(other) || by_sea.contains(*other)) && !length.contains_key(*other) {
                length.insert(other.to_string(), here + 1);
                queue.push_back(other.to_string());
            }
        }
    }
    length
}

/// Is the port of `area` a link of a sea supply chain of `power` (7.4.3.1): a friendly
/// controlled port that is not blockaded?
fn open_port(ctx: &Ctx, state: &State, power: Power, area: &str) -> bool {
    ctx.map.port(area).is_some()
        && crate::naval::places::friendly_port(ctx, state, power, area)
        && !crate::naval::places::blockaded_against(state, power, area)
}

/// 7.4.3 (option `naval`): the ports whose depots the depot in `area`, already in a valid
/// chain, links to by sea as if they were adjacent (7.4.3.1): `area` is an unblockaded
/// friendly port holding a fleet of `power` or an ally, and the other port is one too, with a
/// way by sea between them. Enemy fleets at sea do not cut it (7.4.3.2); the ice in winter
/// and the Dardanelles without Constantinople's leave do (7.4.3.3).
pub fn sea_links(ctx: &Ctx, state: &State, power: Power, area: &str) -> BTreeSet<String> {
    use crate::state::FleetPlace;
    let port = FleetPlace::Port(area.to_string());
    let fleet = state.fleets.values().any(|f| {
        f.place == port
            && f.ships > 0
            && state.controller_of_nation(&f.nation).is_some_and(|c| state.friendly_to(power, c.id()))
    });
    if !fleet || !open_port(ctx, state, power, area) {
        return BTreeSet::new();
    }
    crate::naval::places::distances(ctx, state, power, &port, u8::MAX, true)
        .into_keys()
        .filter_map(|p| match p {
            FleetPlace::Port(other) if other != area && open_port(ctx, state, power, &other) => Some(other),
            _ => None,
        })
        .collect()
}

/// What depot supply costs a corps of `power` in `area`, in half money points (7.4.2.1.1):
/// one half in the area of a depot of a valid chain, else the number of unblocked areas to
/// the nearest such depot (two halves an area), up to three; doubled in winter in the winter
/// zone (7.4.2.1.3). `None` when no such depot is within three areas: the corps must forage
/// (7.4.1).
pub fn depot_cost_halves(
    ctx: &Ctx,
    state: &State,
    power: Power,
    area: &str,
    valid: &BTreeSet<String>,
    winter: bool,
) -> Option<u32> {
    let distances = unblocked_distances(ctx, state, power, area, DEPOT_REACH);
    let nearest = distances.iter().filter(|(a, _)| valid.contains(**a)).map(|(_, d)| *d).min();
    let by_land = nearest.map(|n| if n == 0 { 1 } else { n * 2 });
    // 7.4.4: a depot on a fleet in a sea next to the area.
    let by_sea = crate::invasion::cost_halves(ctx, state, power, area, valid);
    let halves = match (by_land, by_sea) {
        (Some(l), Some(s)) => l.min(s),
        (l, s) => l.or(s)?,
    };
    let doubled = winter && ctx.map.area(area).is_some_and(|a| a.winter);
    Some(if doubled { halves * 2 } else { halves })
}

/// The distance in areas (over land and standard arrows, ignoring forces) between two areas.
pub fn land_distance(ctx: &Ctx, a: &str, b: &str) -> Option<u32> {
    ctx.map.distance(a, b, Reach::LAND)
}
