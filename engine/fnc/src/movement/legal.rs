//! Legal movement commands for `legal_commands`: a sample of every kind of move, each
//! checked by the same code as the command itself. Listed for each hex or box of the side:
//! each unit alone and the whole group, one and two hexes by land, one step by RCLM (also out
//! of a box with a river), sea
//! moves to every port and every enemy-held coast of the reachable seas; fleets to the sea
//! off every enemy-held coastal hex.

use super::{ground, naval, river};
use crate::command::Command;
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::state::{Location, Phase, Side, State, UnitId};
use grognard_board::{HexId, WaterKind};
use std::collections::BTreeMap;

fn ground_targets(ctx: &Ctx, from: &Location) -> Vec<HexId> {
    match from {
        Location::Hex(h) => h.neighbours().map(|(_, n)| n).collect(),
        Location::Box(b) => ctx.map.box_by_id(b).map(|bx| bx.entry.clone()).unwrap_or_default(),
        _ => Vec::new(),
    }
}

fn sea_hex(ctx: &Ctx, h: HexId) -> bool {
    ctx.map.terrain(h).and_then(|t| t.water()).is_some_and(|w| ctx.map.water(w).kind == WaterKind::Sea)
}

/// Movement commands `side` may give now.
pub fn moves(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    if state.phase != Phase::Movement || state.phasing != side {
        return out;
    }
    let mut groups: BTreeMap<Location, Vec<UnitId>> = BTreeMap::new();
    for (unit, loc) in &state.units {
        let movable = ctx.counter(unit).is_some_and(|c| c.movement > 0 && c.kind != UnitType::Fleet);
        if movable && ctx.side_of(unit) == Some(side) && matches!(loc, Location::Hex(_) | Location::Box(_)) {
            groups.entry(loc.clone()).or_default().push(unit.clone());
        }
    }
    let coasts: Vec<HexId> = ctx
        .map
        .land_hexes()
        .filter(|h| {
            ctx.map.is_coastal(*h)
                && (ctx.map.locale(*h).is_some_and(|l| l.port) || ctx.occupant(state, *h) == Some(side.other()))
        })
        .collect();
    for (loc, units) in &groups {
        let mut candidates: Vec<Vec<UnitId>> = units.iter().map(|u| vec![u.clone()]).collect();
        if units.len() > 1 {
            candidates.push(units.clone());
        }
        for group in candidates {
            for t in ground_targets(ctx, loc) {
                if ground::plan(ctx, state, side, &group, &[t]).is_err() {
                    continue;
                }
                out.push(Command::Move { units: group.clone(), path: vec![t] });
                for (_, t2) in t.neighbours() {
                    if Some(t2) != loc.hex() && ground::plan(ctx, state, side, &group, &[t, t2]).is_ok() {
                        out.push(Command::Move { units: group.clone(), path: vec![t, t2] });
                        break;
                    }
                }
            }
            // RCLM one step: to a neighbour, or out of a box with a river onto its entry hexes (8.6).
            let river_targets: Vec<HexId> = match loc {
                Location::Hex(h) => h.neighbours().map(|(_, n)| n).collect(),
                Location::Box(b) if ctx.map.box_by_id(b).is_some_and(|bx| bx.river) => ground_targets(ctx, loc),
                _ => Vec::new(),
            };
            for t in river_targets {
                if river::apply_river(ctx, state, side, &group, &[t], &mut Vec::new()).is_ok() {
                    out.push(Command::River { units: group.clone(), path: vec![t] });
                }
            }
            if !naval::areas(ctx, state, side).is_empty() {
                for to in &coasts {
                    if naval::apply_sail(ctx, state, side, &group, *to, &mut Vec::new()).is_ok() {
                        out.push(Command::Sail { units: group.clone(), to: *to });
                    }
                }
            }
        }
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
    if !fleets.is_empty() {
        let mut seas: Vec<HexId> = state
            .units
            .iter()
            .filter(|(u, _)| ctx.side_of(u) == Some(side.other()))
            .filter_map(|(_, l)| l.hex())
            .flat_map(|h| h.neighbours().map(|(_, n)| n).collect::<Vec<_>>())
            .filter(|n| sea_hex(ctx, *n))
            .collect();
        seas.sort();
        seas.dedup();
        for fleet in &fleets {
            for to in &seas {
                if naval::apply_fleet(ctx, state, side, fleet, *to, &mut Vec::new()).is_ok() {
                    out.push(Command::Fleet { fleet: fleet.clone(), to: *to });
                }
            }
        }
    }
    out
}
