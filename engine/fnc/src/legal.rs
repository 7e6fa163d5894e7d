//! The commands a side may give now, for `legal_commands`.
//!
//! **The contract.** Every command the dispatcher would accept now is listed, each checked
//! by the same code as `apply` (so every listed command is accepted, once its dice are
//! rolled), with three exceptions:
//!
//! - (a) Commands with the same outcome are listed once. A set of units is named once, in
//!   one order (their ids' order, or the battle's order for a battle's decisions): the
//!   same units named in another order are the same choice. A retreat (11.22, 11.23) is
//!   listed by where its units end: for each unit and hex it may end in, one path (the
//!   first the rules allow in a fixed order: the one-hex path, then the two-hex paths in
//!   hex order). Two retreats that leave the same units in the same hexes are one choice.
//! - (b) A choice that a sequence of listed commands makes is not listed again: a batch of
//!   attacks (11.3) is the listed attacks declared together, so no `batch` command is
//!   listed.
//! - (c) At most [`MAX_LISTED`] commands are listed for one kind of choice (the attacks of a
//!   combat phase, the answers to one decision), the first in the order stated below; this
//!   bounds the work and is not reached in the play of the two games (see [`MAX_LISTED`]).
//!
//! What is listed, kind by kind:
//!
//! - Set-up (3.1, 3.2, 4.1, 4.2): each waiting unit to each hex it may be placed in, the
//!   historical set-up, and `end` once every unit is placed.
//! - Attacks (11.1-11.4, 11.8, 11.26, 11.27, 10.2, 10.3): for each enemy-held hex in hex
//!   order, every nonempty group of the units that may attack it (next to it, or offshore
//!   to invade it), by size then in the order of the units' ids, each with every set of the
//!   side's fleets (none first) that may support it.
//! - Losses (11.21, 11.7, 11.8, 14.3): every minimal choice (see `combat::losses`).
//! - Retreat (11.22-11.24): see (a) above and `combat::retreat::options`.
//! - Advance (11.25): every group of the units that may advance, none included, by size.
//! - Over-stack removals (7.4) and recycling (6.3, 6.4): every set of the required number of
//!   units, in the order of the units' ids.
//! - Random events, reinforcements, placements and supply: see `events::dispatch::legal`.
//! - Movement: see `movement::legal`.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::setup;
use crate::stacking;
use crate::state::{DecisionKind, Location, Phase, Side, State, UnitId};
use crate::{combat, events};
use grognard_board::HexId;
use grognard_engine::{ApplyError, NoDice};

/// The most commands listed for one kind of choice at one decision point (the attacks of a
/// combat phase, the answers to one decision), and, where candidates are tried one by one
/// against `apply`, the most tried; a bound on work, never reached in the scenarios of the
/// two games. Tested (tests/legal_complete.rs): the largest recycling choice the counter
/// mixes allow (3 of the 44 Ottoman ground units of EC: 13,244) and the attacks of the
/// contact positions stay below it; the random play of both games in
/// tests/properties_random_play.rs lists at most about 2,100 attacks, 1,000 recycling
/// choices, 64 advances, 23 loss choices and 16 retreats at one decision point.
pub const MAX_LISTED: usize = 20_000;

/// The legal commands of `side` now.
pub fn commands(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    if let Some(d) = &state.decision {
        if d.by != side {
            return out;
        }
        match &d.kind {
            DecisionKind::Overstack { hex, count } => {
                // 7.4: every set of `count` of the over-stacked side's units in the hex.
                let units: Vec<String> = ctx.side_units_in(state, *hex, side.other()).into_iter().cloned().collect();
                for pick in choose(&units, usize::from(*count), MAX_LISTED) {
                    let tried =
                        stacking::apply_removal(ctx, state, side, (*hex, *count), &pick, &mut NoDice, &mut Vec::new());
                    if accepted(tried) {
                        out.push(Command::Remove { units: pick });
                    }
                }
            }
            DecisionKind::Losses { .. } => {
                out.extend(
                    combat::loss_options(ctx, state, MAX_LISTED).into_iter().map(|units| Command::Lose { units }),
                );
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
pub(crate) fn accepted<T>(result: Result<T, ApplyError>) -> bool {
    matches!(result, Ok(_) | Err(ApplyError::NeedDice))
}

/// The `k`-combinations of the indexes `0..n`, in lexicographic order (one empty
/// combination when `k` is 0, none when `k > n`).
#[derive(Clone, Debug)]
pub(crate) struct Combinations {
    n: usize,
    next: Option<Vec<usize>>,
}

impl Iterator for Combinations {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let current = self.next.take()?;
        let (n, k) = (self.n, current.len());
        // The rightmost index that can still move right, then the ones after it packed behind.
        if let Some(i) = (0..k).rev().find(|&i| current[i] < i + n - k) {
            let mut following = current.clone();
            following[i] += 1;
            for j in i + 1..k {
                following[j] = following[j - 1] + 1;
            }
            self.next = Some(following);
        }
        Some(current)
    }
}

/// The `k`-combinations of `0..n` in lexicographic order.
pub(crate) fn combinations(n: usize, k: usize) -> Combinations {
    Combinations { n, next: (k <= n).then(|| (0..k).collect()) }
}

/// Every subset of `0..n` (the empty one first), by size, then in lexicographic order.
pub(crate) fn subsets_by_size(n: usize) -> impl Iterator<Item = Vec<usize>> {
    (0..=n).flat_map(move |k| combinations(n, k))
}

/// The items at `indexes`.
fn pick<T: Clone>(items: &[T], indexes: &[usize]) -> Vec<T> {
    indexes.iter().map(|&i| items[i].clone()).collect()
}

/// The ways to pick `k` of `items` (at most `limit` of them), in lexicographic order.
pub fn choose(items: &[String], k: usize, limit: usize) -> Vec<Vec<String>> {
    combinations(items.len(), k).take(limit).map(|c| pick(items, &c)).collect()
}

/// The units of `side` that may attack `defender`, in id order: the units next to it and
/// the invasion force waiting offshore to invade it (10.3), that `combat::declare::check`
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
        .map(|u| combat::declare::check(ctx, state, side, std::slice::from_ref(u), defender, &[]).is_ok())
        .collect();
    near.iter()
        .enumerate()
        .filter(|(i, u)| {
            alone[*i]
                || near.iter().zip(&alone).any(|(v, ok)| {
                    *ok && combat::declare::check(ctx, state, side, &[(*u).clone(), v.clone()], defender, &[]).is_ok()
                })
        })
        .map(|(_, u)| u.clone())
        .collect()
}

/// Attacks `side` may declare now (11.1-11.4, 10.2, 10.3): on each enemy-held hex in hex
/// order, every nonempty group of the units that may attack it, by size then in the units'
/// order, each with every set of the side's fleets on the map (none first, then by size)
/// that may support it; every attack checked by `combat::declare::check`. At most
/// [`MAX_LISTED`] attacks.
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
            if combat::declare::check(ctx, state, side, &group, defender, &[]).is_err() {
                continue;
            }
            for with in &fleet_sets {
                if out.len() >= MAX_LISTED {
                    return out;
                }
                if combat::declare::check(ctx, state, side, &group, defender, with).is_ok() {
                    out.push(Command::Attack { attackers: group.clone(), defender, fleets: with.clone() });
                }
            }
        }
    }
    out
}

/// Answers to a retreat or advance decision: every group that may advance (none, then by
/// size), and the retreats of `combat::retreat::options`.
fn combat_decision_commands(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    let Some(d) = &state.decision else { return out };
    match &d.kind {
        DecisionKind::Advance { units, .. } => {
            // 11.25: any of the victors may advance, stacking observed (7.1). Stacking is the
            // only limit on the group, and a larger group can only break it: once no group of
            // some size is accepted, no larger one is tried.
            let mut tried = 0;
            for k in 0..=units.len() {
                let mut any = false;
                for group in combinations(units.len(), k) {
                    if tried >= MAX_LISTED {
                        return out;
                    }
                    tried += 1;
                    let group = pick(units, &group);
                    if accepted(combat::apply_advance(ctx, state, side, &group, &mut NoDice, &mut Vec::new())) {
                        out.push(Command::Advance { units: group });
                        any = true;
                    }
                }
                if !any {
                    break;
                }
            }
        }
        DecisionKind::Retreat { .. } => {
            out.extend(
                combat::retreat_options(ctx, state, side, MAX_LISTED)
                    .into_iter()
                    .map(|groups| Command::Retreat { groups }),
            );
        }
        _ => {}
    }
    out
}
