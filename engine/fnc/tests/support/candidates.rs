//! Commands beyond the list `legal_commands` gives (which names one path per destination
//! and no part of a stack but single units): stacks moving together along random paths,
//! river and sea moves, fleets, attacks by random groups with fleet support, split
//! retreats, partial advances, random picks for losses and removals, reinforcements to
//! random places. They are only candidates: the driver keeps those `apply` accepts, so
//! random play also tries commands in forms the list does not give (other paths, parts of
//! stacks, refused ones).

use super::random::{below, one_in};
use grognard_board::HexId;
use grognard_fnc::combat::batch::BatchAttack;
use grognard_fnc::command::{Place, RetreatPath};
use grognard_fnc::data::UnitType;
use grognard_fnc::orders::Orders;
use grognard_fnc::state::{DecisionKind, Location};
use grognard_fnc::{Command, Ctx, Phase, Side, State, UnitId};
use rand_chacha::rand_core::RngCore;
use rand_chacha::ChaCha8Rng;

fn one_of<'a, T>(rng: &mut ChaCha8Rng, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        Some(&items[below(rng, items.len())])
    }
}

/// A random non-empty subset of `items` (each kept with even odds, at least one).
fn subset(rng: &mut ChaCha8Rng, items: &[UnitId]) -> Vec<UnitId> {
    let mut out: Vec<UnitId> = items.iter().filter(|_| one_in(rng, 2)).cloned().collect();
    if out.is_empty() {
        if let Some(u) = one_of(rng, items) {
            out.push(u.clone());
        }
    }
    out
}

/// A walk of `len` steps from `from` over map hexes, never stepping back at once.
fn walk(ctx: &Ctx, rng: &mut ChaCha8Rng, from: HexId, len: usize) -> Vec<HexId> {
    let mut path: Vec<HexId> = Vec::new();
    let mut at = from;
    for _ in 0..len {
        let next: Vec<HexId> = ctx
            .map
            .neighbours_on_map(at)
            .into_iter()
            .filter(|h| path.len() < 2 || path[path.len() - 2] != *h)
            .collect();
        let Some(n) = one_of(rng, &next) else { break };
        path.push(*n);
        at = *n;
    }
    path
}

fn own_units(ctx: &Ctx, state: &State, side: Side) -> Vec<(UnitId, Location)> {
    state.units.iter().filter(|(u, _)| ctx.side_of(u) == Some(side)).map(|(u, l)| (u.clone(), l.clone())).collect()
}

fn is_fleet(ctx: &Ctx, unit: &str) -> bool {
    ctx.counter(unit).is_some_and(|c| c.kind == UnitType::Fleet)
}

/// Up to `n` candidate commands for `side` now.
pub fn candidates(ctx: &Ctx, state: &State, side: Side, rng: &mut ChaCha8Rng, n: usize) -> Vec<Command> {
    let mut out = Vec::new();
    if let Some(d) = &state.decision {
        if d.by != side {
            return out;
        }
        for _ in 0..n {
            if let Some(c) = decision_candidate(ctx, state, side, &d.kind, rng) {
                out.push(c);
            }
        }
        return out;
    }
    if state.phasing != side {
        return out;
    }
    for _ in 0..n {
        let c = match state.phase {
            Phase::Movement => movement_candidate(ctx, state, side, rng),
            Phase::Combat if one_in(rng, 2) => batch_candidate(ctx, state, side, rng),
            Phase::Combat => attack_candidate(ctx, state, side, rng),
            Phase::Reinforcement => enter_candidate(ctx, state, side, rng),
            _ => None,
        };
        out.extend(c);
    }
    out
}

fn movement_candidate(ctx: &Ctx, state: &State, side: Side, rng: &mut ChaCha8Rng) -> Option<Command> {
    let units = own_units(ctx, state, side);
    let (unit, loc) = one_of(rng, &units)?.clone();
    if is_fleet(ctx, &unit) {
        let seas: Vec<HexId> = ctx.map.hexes().filter(|h| !ctx.map.is_land(*h)).collect();
        return one_of(rng, &seas).map(|to| Command::Fleet { fleet: unit, to: *to });
    }
    let mates: Vec<UnitId> =
        units.iter().filter(|(u, l)| *l == loc && !is_fleet(ctx, u)).map(|(u, _)| u.clone()).collect();
    let group = subset(rng, &mates);
    let start = match &loc {
        Location::Hex(h) => *h,
        Location::Box(b) => *one_of(rng, &ctx.map.box_by_id(b)?.entry)?,
        _ => return None,
    };
    let len = 1 + below(rng, 5);
    match rng.next_u32() % 8 {
        0 => {
            let coast: Vec<HexId> = ctx.map.land_hexes().filter(|h| ctx.map.is_coastal(*h)).collect();
            one_of(rng, &coast).map(|to| Command::Sail { units: group, to: *to })
        }
        1 => Some(Command::River { units: group, path: walk(ctx, rng, start, len * 3) }),
        _ => {
            let mut path = if matches!(loc, Location::Box(_)) { vec![start] } else { Vec::new() };
            path.extend(walk(ctx, rng, start, len));
            Some(Command::Move { units: group, path, from: None, left_top: None })
        }
    }
}

fn attack_candidate(ctx: &Ctx, state: &State, side: Side, rng: &mut ChaCha8Rng) -> Option<Command> {
    let enemy: Vec<HexId> =
        state.units.iter().filter(|(u, _)| ctx.side_of(u) == Some(side.other())).filter_map(|(_, l)| l.hex()).collect();
    let defender = *one_of(rng, &enemy)?;
    let adjacent: Vec<UnitId> = state
        .units
        .iter()
        .filter(|(u, l)| {
            ctx.side_of(u) == Some(side) && !is_fleet(ctx, u) && l.hex().is_some_and(|h| h.is_adjacent(defender))
        })
        .map(|(u, _)| u.clone())
        .collect();
    let fleets: Vec<UnitId> =
        state.units.keys().filter(|u| ctx.side_of(u) == Some(side) && is_fleet(ctx, u)).cloned().collect();
    let attackers = if adjacent.is_empty() { Vec::new() } else { subset(rng, &adjacent) };
    let fleets = if fleets.is_empty() || one_in(rng, 2) { Vec::new() } else { subset(rng, &fleets) };
    Some(Command::Attack { attackers, defender, fleets, from: Vec::new() })
}

/// A batch (11.3) of the legal attacks whose defenders lie far enough apart, in a random
/// order, with random orders for the attacker's own decisions.
fn batch_candidate(ctx: &Ctx, state: &State, side: Side, rng: &mut ChaCha8Rng) -> Option<Command> {
    let mut attacks: Vec<BatchAttack> = grognard_fnc::table::commands(ctx, state, side)
        .into_iter()
        .filter_map(|c| match c {
            Command::Attack { attackers, defender, fleets, from } => {
                Some(BatchAttack { attackers, defender, fleets, from })
            }
            _ => None,
        })
        .collect();
    // A random order, then keep those apart from the ones kept before.
    for i in (1..attacks.len()).rev() {
        attacks.swap(i, below(rng, i + 1));
    }
    let mut kept: Vec<BatchAttack> = Vec::new();
    for a in attacks {
        if kept.iter().all(|k| k.defender.distance(a.defender) >= grognard_fnc::combat::batch::APART) {
            kept.push(a);
        }
    }
    if kept.len() < 2 {
        return None;
    }
    const ORDERS: [&str; 4] = [
        "",
        "losses cheapest; advance all",
        "advance none; then end",
        "losses cheapest; advance all; overstack strongest; then end",
    ];
    let orders = Orders::parse(ORDERS[below(rng, ORDERS.len())]).ok()?;
    Some(Command::Batch { attacks: kept, orders })
}

fn enter_candidate(ctx: &Ctx, state: &State, side: Side, rng: &mut ChaCha8Rng) -> Option<Command> {
    let waiting: Vec<UnitId> = own_units(ctx, state, side)
        .into_iter()
        .filter(|(_, l)| matches!(l, Location::Pool | Location::Track(_)))
        .map(|(u, _)| u)
        .collect();
    let unit = one_of(rng, &waiting)?.clone();
    enter_somewhere(ctx, state, unit, rng)
}

fn enter_somewhere(ctx: &Ctx, state: &State, unit: UnitId, rng: &mut ChaCha8Rng) -> Option<Command> {
    if one_in(rng, 3) {
        let b = one_of(rng, ctx.map.boxes())?;
        return Some(Command::Enter { unit, to: Place::Box(b.id.clone()) });
    }
    // Friendly locales are where most reinforcements may appear.
    let side = ctx.side_of(&unit)?;
    let friendly: Vec<HexId> = state.control.iter().filter(|(_, s)| **s == side).map(|(h, _)| *h).collect();
    one_of(rng, &friendly).map(|h| Command::Enter { unit, to: Place::Hex(*h) })
}

fn decision_candidate(
    ctx: &Ctx,
    state: &State,
    side: Side,
    kind: &DecisionKind,
    rng: &mut ChaCha8Rng,
) -> Option<Command> {
    match kind {
        DecisionKind::Overstack { hex, .. } => {
            let there: Vec<UnitId> = state.units_in(*hex).into_iter().cloned().collect();
            Some(Command::Remove { units: subset(rng, &there) })
        }
        DecisionKind::Losses { units, .. } => Some(Command::Lose { units: subset(rng, units) }),
        DecisionKind::Retreat { hex, units, .. } => {
            let mut groups = Vec::new();
            let first = subset(rng, units);
            let rest: Vec<UnitId> = units.iter().filter(|u| !first.contains(u)).cloned().collect();
            for group in [first, rest] {
                if group.is_empty() {
                    continue;
                }
                let len = 1 + below(rng, 3);
                groups.push(RetreatPath { units: group, path: walk(ctx, rng, *hex, len) });
            }
            Some(Command::Retreat { groups })
        }
        DecisionKind::Advance { units, .. } => Some(Command::Advance { units: subset(rng, units) }),
        DecisionKind::ReturnToCup | DecisionKind::Recycle { .. } => {
            let mine: Vec<UnitId> = own_units(ctx, state, side)
                .into_iter()
                .filter(|(_, l)| matches!(l, Location::Hex(_) | Location::Box(_)))
                .map(|(u, _)| u)
                .collect();
            let n = match kind {
                DecisionKind::Recycle { count, .. } => usize::from(*count),
                _ => 1,
            };
            let mut pick = Vec::new();
            for _ in 0..n {
                if let Some(u) = one_of(rng, &mine) {
                    if !pick.contains(u) {
                        pick.push(u.clone());
                    }
                }
            }
            Some(Command::Remove { units: pick })
        }
        DecisionKind::Place { units, .. } => {
            let unit = one_of(rng, units)?.clone();
            enter_somewhere(ctx, state, unit, rng)
        }
    }
}
