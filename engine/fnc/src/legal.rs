//! The commands a side may give now, for `legal_commands`: every command the dispatcher
//! would accept of the kinds listed, checked by the same rules as `apply`.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::setup;
use crate::stacking;
use crate::state::{DecisionKind, Location, Phase, Side, State};
use crate::{combat, events};
use grognard_board::HexId;
use grognard_engine::{ApplyError, NoDice};

/// The legal commands of `side` now.
pub fn commands(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    if let Some(d) = &state.decision {
        if d.by != side {
            return out;
        }
        match &d.kind {
            DecisionKind::Overstack { hex, count } => {
                let units: Vec<String> = ctx.side_units_in(state, *hex, side.other()).into_iter().cloned().collect();
                for pick in choose(&units, usize::from(*count), 20) {
                    let tried =
                        stacking::apply_removal(ctx, state, side, (*hex, *count), &pick, &mut NoDice, &mut Vec::new());
                    if accepted(tried) {
                        out.push(Command::Remove { units: pick });
                    }
                }
            }
            DecisionKind::Losses { .. } => {
                out.extend(combat::loss_options(ctx, state, 20).into_iter().map(|units| Command::Lose { units }));
            }
            DecisionKind::Retreat { .. } | DecisionKind::Advance { .. } => {
                out.extend(combat_decision_commands(ctx, state, side));
            }
            _ => out.extend(events::dispatch::legal(ctx, state, side)),
        }
        return out;
    }
    if state.phasing != side {
        return out;
    }
    match state.phase {
        Phase::Setup(_) => {
            let waiting = setup::unplaced(ctx, state, side);
            // Where set-up units may go: towns and cities and the start hexes (3.1, 3.2, 4.1),
            // or anywhere in the home regions (4.2).
            let hexes: Vec<HexId> = if ctx.rules.setup_in_towns(side) {
                let mut h: Vec<HexId> = ctx.map.locales().map(|l| l.hex).collect();
                h.extend(ctx.rules.start_hexes(side).iter().filter_map(|n| HexId::parse(&format!("{n:04}")).ok()));
                h.sort();
                h.dedup();
                h
            } else {
                ctx.map.land_hexes().collect()
            };
            for unit in &waiting {
                for &hex in &hexes {
                    if setup::check_place(ctx, state, side, unit, hex).is_ok() {
                        out.push(Command::Place { unit: unit.clone(), hex });
                    }
                }
            }
            if setup::apply_historical(ctx, state, side, &mut Vec::new()).is_ok() {
                out.push(Command::Historical);
            }
            if waiting.is_empty() {
                out.push(Command::End);
            }
        }
        Phase::RandomEvents | Phase::Supply => out.extend(events::dispatch::legal(ctx, state, side)),
        Phase::Siege => out.push(Command::Roll),
        Phase::GameOver => {}
        Phase::Reinforcement => {
            out.extend(events::dispatch::legal(ctx, state, side));
            if !crate::reinforcements::draw_owed(ctx, state) {
                out.push(Command::End);
            }
        }
        Phase::Movement => {
            out.extend(crate::movement::legal::moves(ctx, state, side));
            out.push(Command::End);
        }
        Phase::Combat => {
            out.extend(attacks(ctx, state, side));
            out.push(Command::End);
        }
    }
    out
}

/// Accepted now, or accepted once its dice are rolled.
fn accepted<T>(result: Result<T, ApplyError>) -> bool {
    matches!(result, Ok(_) | Err(ApplyError::NeedDice))
}

/// The ways to pick `k` of `items` (at most `limit` of them), in lexicographic order.
pub fn choose(items: &[String], k: usize, limit: usize) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let n = items.len();
    if k > n {
        return out;
    }
    let mut pick: Vec<usize> = (0..k).collect();
    while out.len() < limit {
        out.push(pick.iter().map(|&i| items[i].clone()).collect());
        // Find the rightmost index that can still move right.
        let Some(i) = (0..k).rev().find(|&i| pick[i] < i + n - k) else { break };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
    out
}

/// Attacks `side` may declare now: on each enemy hex, all adjacent units that may attack it,
/// with the invasion force waiting offshore to invade it (10.3); and the same attack with
/// every fleet of the side that may support it (10.2), when there is one.
fn attacks(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut targets: Vec<HexId> =
        state.units.iter().filter(|(u, _)| ctx.side_of(u) == Some(side.other())).filter_map(|(_, l)| l.hex()).collect();
    targets.sort();
    targets.dedup();
    let fleets: Vec<String> = state
        .units
        .iter()
        .filter(|(u, l)| {
            ctx.side_of(u) == Some(side)
                && l.hex().is_some()
                && ctx.counter(u).is_some_and(|c| c.kind == crate::data::UnitType::Fleet)
        })
        .map(|(u, _)| u.clone())
        .collect();
    let mut out = Vec::new();
    for defender in targets {
        let attackers: Vec<String> = state
            .units
            .iter()
            .filter(|(u, l)| {
                let placed = match l {
                    Location::Hex(h) => h.is_adjacent(defender),
                    // 10.3: the force landed offshore attacks the hex it came to invade.
                    Location::Offshore { target, .. } => *target == defender,
                    _ => false,
                };
                ctx.side_of(u) == Some(side) && placed && ctx.counter(u).is_some_and(|c| c.can_attack())
            })
            .map(|(u, _)| u.clone())
            .collect();
        for group in [attackers.clone()].into_iter().chain(attackers.iter().map(|u| vec![u.clone()])) {
            if group.is_empty() {
                continue;
            }
            if combat::declare::check(ctx, state, side, &group, defender, &[]).is_ok() {
                // 10.2: the fleets that may support it (each alone, then all together).
                let mut supported: Vec<Vec<String>> = fleets.iter().map(|f| vec![f.clone()]).collect();
                if fleets.len() > 1 {
                    supported.push(fleets.clone());
                }
                for with in supported {
                    if combat::declare::check(ctx, state, side, &group, defender, &with).is_ok() {
                        out.push(Command::Attack { attackers: group.clone(), defender, fleets: with });
                    }
                }
                out.push(Command::Attack { attackers: group, defender, fleets: Vec::new() });
                break;
            }
        }
    }
    out
}

/// Answers to a retreat or advance decision: advancing with nobody, with everybody or with
/// each unit alone; retreating every unit together into each neighbouring hex.
fn combat_decision_commands(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    let Some(d) = &state.decision else { return out };
    match &d.kind {
        DecisionKind::Advance { units, .. } => {
            let mut options = vec![Vec::new(), units.clone()];
            options.extend(units.iter().map(|u| vec![u.clone()]));
            for units in options {
                if accepted(combat::apply_advance(ctx, state, side, &units, &mut NoDice, &mut Vec::new())) {
                    out.push(Command::Advance { units });
                }
            }
        }
        DecisionKind::Retreat { .. } => {
            // The combat module lists checked answers (whole force, less a penalty unit, split).
            out.extend(
                combat::retreat_options(ctx, state, side, 20).into_iter().map(|groups| Command::Retreat { groups }),
            );
        }
        _ => {}
    }
    out.dedup();
    out
}
