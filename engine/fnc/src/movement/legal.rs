//! The complete list of movement commands for `legal_commands`, each checked by the same
//! code as the command itself.
//!
//! The command table (`table.rs`) has one row per kind of movement command, each listing
//! with one function here: [`ground`], [`river`], [`sail`], [`fleet`]. Every choice of
//! movement is listed once by the command that makes it, where
//!
//! - a **ground move** is listed by its cheapest path to each hex it may end in
//!   ([`reach::search`]): a ground move may be continued in the same phase (9.2), so any
//!   other path is a chain of listed moves, each to a hex of that path;
//! - an **RCLM move** (9.13) is listed by its shortest path to each hex it may end in
//!   ([`reach::river_destinations`]). RCLM is a unit's whole move, so a longer path to the
//!   same hex that passes other locales (whose control it takes, 12.9) is a different
//!   outcome the list does not give: `river UNITS PATH` takes any path;
//! - an **amphibious move** (10.3) is listed for each coastal hex `sail` accepts;
//! - a **fleet** (10.2) is listed for each all-sea hex `fleet` accepts;
//! - the movers are each unit alone and the whole group that may move together (units in
//!   one hex or box that belong to one parent stack, 9.5, 9.6). Units moving together along
//!   a path reach what the same units moving one after another along it reach (cost is per
//!   unit, 9.7; capacity per unit, 10.3), so the other subsets are chains of listed moves.
//!
//! [`MAX_PATHS`] bounds the RCLM search of one group.

use super::common::check_movers;
use super::{naval, reach};
use crate::command::Command;
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::state::{Location, MoveMode, Phase, Side, State, UnitId};
use grognard_board::WaterId;
use std::collections::BTreeMap;

/// The most RCLM paths tried for one group of movers (a bound on work: a river move covers
/// at most 20 hexes, and the rivers, canals and lakes of both maps give far fewer paths).
pub const MAX_PATHS: usize = 20_000;

/// The groups of movers of `side`: each unit alone, and the whole parent stack in a hex or
/// box when it has more than one unit, among the units that may move now.
fn movers(ctx: &Ctx, state: &State, side: Side, mode: MoveMode) -> Vec<Vec<UnitId>> {
    let mut stacks: BTreeMap<(Location, Location), Vec<UnitId>> = BTreeMap::new();
    for (unit, loc) in &state.units {
        if ctx.side_of(unit) != Some(side) || !matches!(loc, Location::Hex(_) | Location::Box(_)) {
            continue;
        }
        if let Ok((here, origin)) = check_movers(ctx, state, side, std::slice::from_ref(unit), mode) {
            stacks.entry((here, origin)).or_default().push(unit.clone());
        }
    }
    let mut out = Vec::new();
    for units in stacks.into_values() {
        out.extend(units.iter().map(|u| vec![u.clone()]));
        if units.len() > 1 && check_movers(ctx, state, side, &units, mode).is_ok() {
            out.push(units);
        }
    }
    out
}

/// Every ground move (9.0): each group of movers by its cheapest path to each hex.
pub fn ground(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    if state.phase != Phase::Movement || state.phasing != side {
        return out;
    }
    for units in movers(ctx, state, side, MoveMode::Ground) {
        if let Ok(found) = reach::search(ctx, state, side, &units) {
            out.extend(found.hexes.into_iter().map(|r| Command::Move {
                units: units.clone(),
                path: r.path,
                from: None,
                left_top: None,
            }));
        }
    }
    out
}

/// Every RCLM move (9.13): each group by its shortest path to each hex.
pub fn river(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    if state.phase != Phase::Movement || state.phasing != side {
        return out;
    }
    for units in movers(ctx, state, side, MoveMode::River) {
        // Each path passed every check of `river` (`river_route`, `check_river_end`).
        for path in reach::river_destinations(ctx, state, side, &units, MAX_PATHS) {
            out.push(Command::River { units: units.clone(), path });
        }
    }
    out
}

/// Every amphibious move (10.3): each group to each coastal hex `sail` accepts.
pub fn sail(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    if state.phase != Phase::Movement || state.phasing != side {
        return out;
    }
    for units in movers(ctx, state, side, MoveMode::Sea) {
        for to in reach::sea_destinations(ctx, state, side, &units) {
            out.push(Command::Sail { units: units.clone(), to });
        }
    }
    out
}

/// Every fleet move (10.2): each fleet to each all-sea hex `fleet` accepts.
pub fn fleet(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    if state.phase != Phase::Movement || state.phasing != side {
        return out;
    }
    let fleets: Vec<UnitId> = state
        .units
        .iter()
        .filter(|(u, l)| {
            ctx.side_of(u) == Some(side)
                && ctx.counter(u).is_some_and(|c| c.kind == UnitType::Fleet)
                && matches!(l, Location::Hex(_) | Location::Box(_))
        })
        .map(|(u, _)| u.clone())
        .collect();
    // 10.2: one reach per fleet and sea, every hex of that sea it reaches a destination.
    let mut seas: Vec<WaterId> = ctx.map.hexes().filter_map(|h| naval::sea_body(ctx, h)).collect();
    seas.sort_unstable();
    seas.dedup();
    for fleet in &fleets {
        let Ok(from) = naval::fleet_may_sail(ctx, state, side, fleet) else { continue };
        if state.book.fleets_moved.contains(fleet) {
            continue;
        }
        let mut targets = std::collections::BTreeSet::new();
        for sea in &seas {
            if let Ok(reach) = naval::fleet_reach(ctx, state, side, fleet, &from, *sea) {
                targets.extend(
                    reach.into_iter().filter(|h| naval::sea_body(ctx, *h) == Some(*sea) && from != Location::Hex(*h)),
                );
            }
        }
        out.extend(targets.into_iter().map(|to| Command::Fleet { fleet: fleet.clone(), to }));
    }
    out
}
