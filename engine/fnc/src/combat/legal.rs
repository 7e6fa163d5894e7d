//! The combat phase's legal lists: the attacks a side may declare (11.1-11.4, 11.8, 11.26,
//! 11.27, 10.2, 10.3) and the answers to a battle's advance (11.25) and retreat (11.22-11.24)
//! decisions, each checked by the code that applies the command.

use crate::choices::{accepted, combinations, pick, subsets_by_size, MAX_LISTED};
use crate::command::Command;
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::state::{DecisionKind, Location, Side, State, UnitId};
use grognard_board::HexId;
use grognard_engine::NoDice;

/// The units of `side` that may attack `defender`, in id order: the units next to it and
/// the invasion force waiting offshore to invade it (10.3), that `super::declare::check`
/// accepts in some attack. That check judges each unit on its own (11.3, 11.26, 11.27, 10.3,
/// 5.3, 6.3) except for 11.8: a siege train never attacks alone, so a unit refused alone is
/// kept when it is accepted with one of the units accepted alone. A unit dropped here is in
/// no accepted attack, so leaving out the groups that hold it changes no list, only the work.
fn attackers_of(ctx: &Ctx, state: &State, side: Side, defender: HexId) -> Vec<UnitId> {
    let near: Vec<UnitId> = state
        .units
        .iter()
        .filter(|(u, l)| {
            let placed = match l {
                Location::Hex(h) => h.is_adjacent(defender),
                // 10.3: the force landed offshore attacks the hex it came to invade.
                Location::Offshore { target, .. } => *target == defender,
                _ => false,
            };
            // Fleets only support (10.2); units with a zero attack factor never attack
            // (11.27); siege trains, without one, go along on attacks on fortresses (11.8).
            let attacker = ctx.counter(u).is_some_and(|c| c.kind != UnitType::Fleet && c.attack != Some(0));
            ctx.side_of(u) == Some(side) && placed && attacker
        })
        .map(|(u, _)| u.clone())
        .collect();
    let alone: Vec<bool> = near
        .iter()
        .map(|u| super::declare::check(ctx, state, side, std::slice::from_ref(u), defender, &[]).is_ok())
        .collect();
    near.iter()
        .enumerate()
        .filter(|(i, u)| {
            alone[*i]
                || near.iter().zip(&alone).any(|(v, ok)| {
                    *ok && super::declare::check(ctx, state, side, &[(*u).clone(), v.clone()], defender, &[]).is_ok()
                })
        })
        .map(|(_, u)| u.clone())
        .collect()
}

/// Attacks `side` may declare now (11.1-11.4, 10.2, 10.3): on each enemy-held hex in hex
/// order, every nonempty group of the units that may attack it, by size then in the units'
/// order, each with every set of the side's fleets on the map (none first, then by size)
/// that may support it; every attack checked by `super::declare::check`. At most
/// [`MAX_LISTED`] attacks.
pub fn attacks(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
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
                && ctx.counter(u).is_some_and(|c| c.kind == UnitType::Fleet)
        })
        .map(|(u, _)| u.clone())
        .collect();
    let fleet_sets: Vec<Vec<String>> = subsets_by_size(fleets.len()).map(|s| pick(&fleets, &s)).collect();
    let mut out = Vec::new();
    for defender in targets {
        let attackers = attackers_of(ctx, state, side, defender);
        for group in subsets_by_size(attackers.len()).skip(1) {
            let group = pick(&attackers, &group);
            if super::declare::check(ctx, state, side, &group, defender, &[]).is_err() {
                continue;
            }
            for with in &fleet_sets {
                if out.len() >= MAX_LISTED {
                    return out;
                }
                if super::declare::check(ctx, state, side, &group, defender, with).is_ok() {
                    out.push(Command::Attack {
                        attackers: group.clone(),
                        defender,
                        fleets: with.clone(),
                        from: Vec::new(),
                    });
                }
            }
        }
    }
    out
}

/// Every group of the victors that may advance into the vacated hex (11.25), none first,
/// then by size.
pub fn advances(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    let Some(DecisionKind::Advance { units, .. }) = state.decision.as_ref().map(|d| &d.kind) else { return out };
    // 11.25: any of the victors may advance, stacking observed (7.1). Stacking is the only
    // limit on the group, and a larger group can only break it: once no group of some size
    // is accepted, no larger one is tried.
    let mut tried = 0;
    for k in 0..=units.len() {
        let mut any = false;
        for group in combinations(units.len(), k) {
            if tried >= MAX_LISTED {
                return out;
            }
            tried += 1;
            let group = pick(units, &group);
            if accepted(super::apply_advance(ctx, state, side, &group, &mut NoDice, &mut Vec::new())) {
                out.push(Command::Advance { units: group });
                any = true;
            }
        }
        if !any {
            break;
        }
    }
    out
}

/// Every retreat of the defenders (11.22-11.24), by where its units end (`retreat::options`).
pub fn retreats(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    super::retreat_options(ctx, state, side, MAX_LISTED).into_iter().map(|groups| Command::Retreat { groups }).collect()
}

/// Every minimal choice of losses (11.21, see `losses`).
pub fn losses(ctx: &Ctx, state: &State, _side: Side) -> Vec<Command> {
    super::loss_options(ctx, state, MAX_LISTED).into_iter().map(|units| Command::Lose { units }).collect()
}
