//! Where a stack can go by ground movement this phase (9.0): every hex it can reach, with
//! its cheapest cost and one cheapest path. Used by the `reach` aid, by `move UNITS HEX`
//! (the path completed) and by the complete list of movement commands (`movement::legal`).
//!
//! The search never reckons a rule itself: it is Dijkstra's algorithm over paths, and each
//! path it tries is checked step by step by [`ground::Route`], the very check `move`
//! applies (through [`ground::plan`]); a hex is listed only if [`ground::check_end`] lets the
//! move end there. Paths are taken in the order (cost, then the path's hex ids compared
//! lexicographically, 4-digit ids as numbers), so among the cheapest paths to a hex the one
//! listed is the lexicographically smallest: no hash-map order decides anything.

use super::common::{check_movers, movement_allowance, record};
use super::{ground, naval, river};
use crate::ctx::Ctx;
use crate::state::{Location, MoveMode, Side, State, UnitId};
use grognard_board::HexId;
use grognard_engine::RuleError;
use std::collections::{BTreeMap, BTreeSet};

/// A hex the stack can reach, with the cost of its cheapest path (in half movement points,
/// this move alone) and that path (the hexes entered, in order, as `move` takes them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reached {
    pub hex: HexId,
    pub cost: u16,
    pub path: Vec<HexId>,
}

/// Where a stack can go this phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    pub side: Side,
    pub units: Vec<UnitId>,
    /// Where the stack stands (a hex or a holding box).
    pub start: Location,
    /// The stack's allowance and what it has spent already this phase, in half MP (9.7).
    pub allowance: u16,
    pub spent: u16,
    /// The reachable hexes, in hex order.
    pub hexes: Vec<Reached>,
}

impl Reach {
    /// The cheapest path to `hex`, if the stack can end its move there.
    pub fn path_to(&self, hex: HexId) -> Option<&Reached> {
        self.hexes.iter().find(|r| r.hex == hex)
    }
}

/// The hexes a move of `units` may enter first: the neighbours of its hex, or the entry
/// hexes of its box (8.6, 8.9, 8.10).
fn first_steps(ctx: &Ctx, start: &Location) -> Vec<HexId> {
    let mut out: Vec<HexId> = match start {
        Location::Hex(h) => h.neighbours().map(|(_, n)| n).collect(),
        Location::Box(b) => ctx.map.box_by_id(b).map(|bx| bx.entry.clone()).unwrap_or_default(),
        _ => Vec::new(),
    };
    out.sort();
    out.dedup();
    out
}

/// The search: every hex `units` of `side` can reach by ground movement now. Refuses, with
/// the rule `move` would cite, a stack that may not move (9.1, 9.5, 9.6, 9.11...).
pub fn search(ctx: &Ctx, state: &State, side: Side, units: &[UnitId]) -> Result<Reach, RuleError> {
    let (start, _) = check_movers(ctx, state, side, units, MoveMode::Ground)?;
    let allowance = units.iter().map(|u| movement_allowance(ctx, state, u)).min().unwrap_or(0);
    let spent = units.iter().map(|u| record(state, u).map_or(0, |r| r.spent)).max().unwrap_or(0);
    // Candidates ordered by (cost, path): the first one taken for a hex is its answer. Each
    // keeps its checked route, which the next step extends.
    let mut frontier: BTreeMap<(u16, Vec<HexId>), ground::Route> = BTreeMap::new();
    let begun = ground::Route::begin(ctx, state, side, units)?;
    for h in first_steps(ctx, &start) {
        let mut route = begun.clone();
        if route.step(h).is_ok() {
            frontier.insert((route.planned.total, vec![h]), route);
        }
    }
    let mut settled: BTreeSet<HexId> = start.hex().into_iter().collect();
    let mut reached: BTreeMap<HexId, Reached> = BTreeMap::new();
    while let Some(((cost, path), route)) = frontier.pop_first() {
        let Some(&at) = path.last() else { continue };
        if !settled.insert(at) {
            continue;
        }
        if ground::check_end(ctx, &path).is_ok() {
            reached.insert(at, Reached { hex: at, cost, path: path.clone() });
        }
        let mut next: Vec<HexId> = at.neighbours().map(|(_, n)| n).filter(|n| !settled.contains(n)).collect();
        next.sort();
        for n in next {
            let mut longer_route = route.clone();
            if longer_route.step(n).is_ok() {
                let mut longer = path.clone();
                longer.push(n);
                frontier.insert((longer_route.planned.total, longer), longer_route);
            }
        }
    }
    Ok(Reach { side, units: units.to_vec(), start, allowance, spent, hexes: reached.into_values().collect() })
}

/// Where `units` can go by one RCLM move (9.13-9.15): for every hex it may end in, the
/// path with the fewest hexes, ties broken by the smaller sequence of hex ids. Each path is
/// checked by [`river::river_route`], the very check of `river`; `limit` bounds the paths
/// tried.
pub fn river_destinations(ctx: &Ctx, state: &State, side: Side, units: &[UnitId], limit: usize) -> Vec<Vec<HexId>> {
    let Ok(begun) = river::RiverRoute::begin(ctx, state, side, units) else { return Vec::new() };
    let courses = ctx.river_courses();
    // Breadth first: every path of n hexes before any of n + 1; each keeps its checked route.
    let mut level: Vec<(Vec<HexId>, river::RiverRoute)> = vec![(Vec::new(), begun)];
    let mut seen: BTreeSet<HexId> = level[0].1.at.into_iter().collect();
    let mut out: Vec<Vec<HexId>> = Vec::new();
    let mut tried = 0usize;
    while !level.is_empty() && tried < limit {
        let mut next_level = Vec::new();
        for (path, route) in level {
            // Only the steps along a course can pass the check (9.13); the others are not tried.
            let mut steps: Vec<HexId> = match (route.at, &route.start) {
                (Some(at), _) => at.neighbours().map(|(_, n)| n).filter(|n| courses.step(at, *n)).collect(),
                (None, start) => first_steps(ctx, start),
            };
            steps.sort();
            for n in steps {
                if seen.contains(&n) || tried >= limit {
                    continue;
                }
                tried += 1;
                let mut longer = route.clone();
                if longer.step(n).is_err() {
                    continue;
                }
                seen.insert(n);
                let mut p = path.clone();
                p.push(n);
                if river::check_river_end(ctx, n).is_ok() {
                    out.push(p.clone());
                }
                next_level.push((p, longer));
            }
        }
        level = next_level;
    }
    out
}

/// Every coastal hex `units` may sail to by one amphibious move now (10.3-10.7), each
/// checked by [`naval::apply_sail`], the very function `sail` applies.
pub fn sea_destinations(ctx: &Ctx, state: &State, side: Side, units: &[UnitId]) -> Vec<HexId> {
    if naval::areas(ctx, state, side).is_empty() {
        return Vec::new();
    }
    ctx.map
        .land_hexes()
        .filter(|h| ctx.map.is_coastal(*h))
        .filter(|to| naval::apply_sail(ctx, state, side, units, *to, &mut Vec::new()).is_ok())
        .collect()
}
