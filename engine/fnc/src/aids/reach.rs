//! `reach UNITS`: every hex a stack can reach by ground movement this phase (9.0), with its
//! cheapest cost and one cheapest path.
//!
//! The search never reckons a rule itself: it is Dijkstra's algorithm over paths, and each
//! path it tries is checked step by step by [`ground::plan_route`], the very function `move`
//! applies (through [`ground::plan`]); a hex is listed only if [`ground::check_end`] lets the
//! move end there. Paths are taken in the order (cost, then the path's hex ids compared
//! lexicographically, 4-digit ids as numbers), so among the cheapest paths to a hex the one
//! listed is the lexicographically smallest: no hash-map order decides anything.

use crate::ctx::Ctx;
use crate::movement::common::{check_movers, movement_allowance, record};
use crate::movement::cost::show;
use crate::movement::ground;
use crate::state::{Location, MoveMode, Side, State, UnitId};
use grognard_board::HexId;
use grognard_engine::{AidAnswer, RuleError};
use serde_json::json;
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
    // Candidates ordered by (cost, path): the first one taken for a hex is its answer.
    let mut frontier: BTreeSet<(u16, Vec<HexId>)> = BTreeSet::new();
    for h in first_steps(ctx, &start) {
        if let Ok(p) = ground::plan_route(ctx, state, side, units, &[h]) {
            frontier.insert((p.total, vec![h]));
        }
    }
    let mut settled: BTreeSet<HexId> = start.hex().into_iter().collect();
    let mut reached: BTreeMap<HexId, Reached> = BTreeMap::new();
    while let Some((cost, path)) = frontier.pop_first() {
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
            let mut longer = path.clone();
            longer.push(n);
            if let Ok(p) = ground::plan_route(ctx, state, side, units, &longer) {
                frontier.insert((p.total, longer));
            }
        }
    }
    Ok(Reach { side, units: units.to_vec(), start, allowance, spent, hexes: reached.into_values().collect() })
}

fn place(l: &Location) -> String {
    match l {
        Location::Hex(h) => h.to_string(),
        Location::Box(b) => format!("box {b}"),
        other => format!("{other:?}"),
    }
}

/// The `reach` aid's answer.
pub fn answer(ctx: &Ctx, state: &State, units: &[UnitId]) -> Result<AidAnswer, RuleError> {
    let side = units.first().and_then(|u| ctx.side_of(u)).unwrap_or(state.phasing);
    let r = search(ctx, state, side, units)?;
    let left = r.allowance.saturating_sub(r.spent);
    let mut text = format!(
        "{} from {}: {} MP left of {} (9.7: the slowest unit's); {} hex(es) reachable by ground movement this phase\n\
         (cheapest cost first; among equal costs the path whose hex ids come first; `move UNITS HEX` takes that path)\n",
        units.join(","),
        place(&r.start),
        show(left),
        show(r.allowance),
        r.hexes.len()
    );
    let mut by_cost = r.hexes.clone();
    by_cost.sort_by(|a, b| (a.cost, &a.path).cmp(&(b.cost, &b.path)));
    for h in &by_cost {
        text.push_str(&format!(
            "  {}  {:>4} MP  {}\n",
            h.hex,
            show(h.cost),
            h.path.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
        ));
    }
    let json = json!({
        "aid": "reach", "side": ctx.rules.side_id(side), "side_index": side.index(), "units": units,
        "from": r.start, "from_hex": r.start.hex(),
        "allowance": show(r.allowance), "spent": show(r.spent), "left": show(left),
        "tie_rule": "cheapest cost, then the lexicographically smallest sequence of hex ids",
        "count": r.hexes.len(),
        "hexes": r.hexes.iter().map(|h| json!({"hex": h.hex, "cost": show(h.cost), "half_mp": h.cost, "path": h.path})).collect::<Vec<_>>(),
    });
    Ok(AidAnswer { text, json })
}
