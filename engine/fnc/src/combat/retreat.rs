//! Retreat after combat (11.22-11.24) and its seven strictures.
//!
//! The owner gives each retreating group a path of one hex, or of two when the first hex
//! would be over-stacked (stricture 2). A unit left out of every group is eliminated; that
//! is allowed only for a unit that has no legal retreat at all (strictures 1, 2, 4, 6) or as
//! the single penalty unit owed when the force retreats next to the attackers (stricture 3).

use super::advance::coastal_for;
use super::battle::Battle;
use super::steps::{attacker_positions, eliminate, surviving_defenders};
use super::water_route;
use crate::command::RetreatPath;
use crate::ctx::Ctx;
use crate::data::{Cost, HexTerrain, UnitType};
use crate::state::{Decision, DecisionKind, Side, State, UnitId};
use grognard_board::{Barrier, HexId};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde_json::json;
use std::collections::BTreeMap;

/// How well a unit can retreat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reach {
    /// No legal retreat: eliminated in place (11.23 strictures 1, 2, 4, 6).
    None,
    /// Only into hexes next to the attacking force (stricture 3: penalty unit).
    NextToAttackers,
    /// Into a hex away from the attacking force.
    Clear,
}

/// May `unit` (of side `owner`) step from `from` into `to` while retreating?
fn legal_step(ctx: &Ctx, state: &State, owner: Side, unit: &str, from: HexId, to: HexId) -> Result<(), String> {
    if !from.is_adjacent(to) {
        return Err(format!("{to} is not next to {from}"));
    }
    // Stricture 1: no enemy hexes, no prohibited terrain, not off the map.
    if !ctx.map.is_land(to) {
        return Err(format!("{to} is not a land hex of the map (11.23 stricture 1)"));
    }
    if ctx.occupant(state, to) == Some(owner.other()) {
        return Err(format!("{to} holds enemy units (11.23 stricture 1)"));
    }
    let side = ctx.map.hexside(from, to);
    if side.barrier == Some(Barrier::Sea) {
        return Err(format!("{from}/{to} is an all-sea hexside (11.23 stricture 1)"));
    }
    if let (Some(turn), Some(terrain)) = (ctx.turn(state.turn), HexTerrain::of_hex(&ctx.map, to)) {
        if ctx.charts.entry_cost(terrain, turn) == Cost::Prohibited {
            return Err(format!("{to} is prohibited terrain (11.23 stricture 1)"));
        }
    }
    let counter = ctx.counter(unit).ok_or_else(|| format!("no unit `{unit}`"))?;
    if counter.kind == UnitType::Gunboats {
        // Stricture 6: gunboats only back along the water they came by; Nile floods do not
        // matter to them.
        if !water_route::may_retreat(ctx, state, unit, from, to) {
            return Err(format!(
                "{unit} retreats only back along the water it moved on to reach {from}, not to {to} (11.23 stricture 6)"
            ));
        }
    } else if crate::sequence::is_flood(ctx, state)
        && side.barrier == Some(Barrier::River)
        && side.name.as_deref() == Some("Nile")
        && !side.road
    {
        // Stricture 4.
        return Err(format!("{from}/{to} is an unbridged Nile hexside in flood (11.23 stricture 4)"));
    }
    if let Some((nation, waters)) = ctx.rules.coast_bound() {
        if counter.nation == nation && !coastal_for(ctx, to, waters) {
            return Err(format!("{unit} may be only in coastal hexes (8.8)"));
        }
    }
    Ok(())
}

/// Would `units` fit in `hex` with the friendly units already there (7.1)?
fn fits(ctx: &Ctx, state: &State, hex: HexId, units: &[&str]) -> bool {
    let mut all: Vec<&str> = state.units_in(hex).into_iter().map(String::as_str).collect();
    for u in units {
        if !all.contains(u) {
            all.push(u);
        }
    }
    crate::stacking::check_stack(ctx, state, hex, &all).is_ok()
}

/// Is `path` (one or two hexes from the battle's hex) a legal retreat for `units` alone?
fn check_path(ctx: &Ctx, state: &State, battle: &Battle, units: &[&str], path: &[HexId]) -> Result<(), String> {
    let owner = battle.attacker.other();
    let (first, second) = match path {
        [a] => (*a, None),
        [a, b] => (*a, Some(*b)),
        _ => return Err("a retreat is one hex, or two when the first would be over-stacked (11.22, 11.23)".into()),
    };
    for u in units {
        legal_step(ctx, state, owner, u, battle.hex, first)?;
    }
    if let Some(b) = second {
        if fits(ctx, state, first, units) {
            return Err(format!("{first} would not be over-stacked: no second hex of retreat (11.23 stricture 2)"));
        }
        if b == battle.hex {
            return Err("a retreat may not come back into the battle's hex (11.22)".into());
        }
        for u in units {
            legal_step(ctx, state, owner, u, first, b)?;
        }
    }
    Ok(())
}

/// The best reach of `unit` alone, given the attackers' positions.
pub fn reach(ctx: &Ctx, state: &State, battle: &Battle, unit: &str) -> Reach {
    let attackers = attacker_positions(state, battle);
    let mut best = Reach::None;
    for (_, a) in battle.hex.neighbours() {
        let mut paths = vec![vec![a]];
        paths.extend(a.neighbours().map(|(_, b)| vec![a, b]));
        for path in paths {
            if check_path(ctx, state, battle, &[unit], &path).is_err() {
                continue;
            }
            let Some(end) = path.last().copied() else { continue };
            if !fits(ctx, state, end, &[unit]) {
                continue;
            }
            let near = attackers.iter().any(|h| h.is_adjacent(end));
            best = best.max(if near { Reach::NextToAttackers } else { Reach::Clear });
            if best == Reach::Clear {
                return best;
            }
        }
    }
    best
}

/// The retreat step: fortress defenders ignore it (11.24); a force that cannot retreat at
/// all is eliminated in place; otherwise the owner decides.
pub fn step(
    ctx: &Ctx,
    state: &mut State,
    battle: &Battle,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<Option<Decision>, ApplyError> {
    let survivors = surviving_defenders(state, battle);
    if survivors.is_empty() {
        return Ok(None);
    }
    if battle.fortress {
        log.push(Event::new(
            format!("The defenders of the intact fortress {} ignore the retreat (11.24)", battle.hex),
            json!({"type": "retreat_ignored", "hex": battle.hex, "rule": "11.24"}),
        ));
        return Ok(None);
    }
    let reaches: Vec<Reach> = survivors.iter().map(|u| reach(ctx, state, battle, u)).collect();
    if reaches.iter().all(|r| *r == Reach::None) {
        log.push(Event::new(
            format!("The defenders of {} have no legal retreat and are eliminated in place (11.23)", battle.hex),
            json!({"type": "retreat_blocked", "hex": battle.hex, "units": survivors, "rule": "11.23"}),
        ));
        eliminate(ctx, state, &survivors, &format!("no retreat from {}", battle.hex), dice, log)?;
        return Ok(None);
    }
    // One unit could retreat, but only next to the attackers: it is the penalty unit itself
    // (stricture 3, "even if just one unit"), and nobody is left to choose for.
    if reaches.iter().filter(|r| **r != Reach::None).count() == 1 && !reaches.contains(&Reach::Clear) {
        log.push(Event::new(
            format!(
                "The defenders of {} could retreat only next to the attackers, which costs the one unit able to \
                 retreat; none survives (11.23 strictures 1 and 3)",
                battle.hex
            ),
            json!({"type": "retreat_penalty", "hex": battle.hex, "units": survivors, "rule": "11.23"}),
        ));
        eliminate(ctx, state, &survivors, &format!("retreat from {} next to the attackers", battle.hex), dice, log)?;
        return Ok(None);
    }
    Ok(Some(Decision {
        by: battle.attacker.other(),
        kind: DecisionKind::Retreat { hex: battle.hex, units: survivors, attackers: attacker_positions(state, battle) },
    }))
}

/// Answer a retreat decision (11.22-11.24) with the groups' paths (see the module doc).
pub fn apply(
    ctx: &Ctx,
    state: &State,
    side: Side,
    groups: &[RetreatPath],
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let Some(Decision { by, kind: DecisionKind::Retreat { hex, units, .. } }) = &state.decision else {
        return Err(RuleError::new("11.22", "no retreat is pending").into());
    };
    let battle = super::steps::pending_battle(state, "11.22")?;
    if *by != side {
        return Err(RuleError::new("11.23", "the owner of the retreating units conducts the retreat").into());
    }
    let attackers = attacker_positions(state, &battle);
    let mut placed: BTreeMap<UnitId, Vec<HexId>> = BTreeMap::new();
    let mut arriving: BTreeMap<HexId, Vec<&str>> = BTreeMap::new();
    let mut near_attackers = false;
    for g in groups {
        if g.units.is_empty() {
            return Err(RuleError::new("11.22", "a retreat group names no unit").into());
        }
        for u in &g.units {
            if !units.contains(u) {
                return Err(RuleError::new("11.22", format!("{u} is not retreating from {hex}")).into());
            }
            if placed.insert(u.clone(), g.path.clone()).is_some() {
                return Err(RuleError::new("11.23", format!("{u} is given two retreats")).into());
            }
        }
        let names: Vec<&str> = g.units.iter().map(String::as_str).collect();
        check_path(ctx, state, &battle, &names, &g.path).map_err(|m| RuleError::new("11.23", m))?;
        let Some(end) = g.path.last().copied() else {
            return Err(RuleError::new("11.22", "a retreat path names no hex").into());
        };
        if attackers.iter().any(|a| a.is_adjacent(end)) {
            // Stricture 3: only when no unit of the group could retreat away from them.
            if let Some(u) = g.units.iter().find(|u| reach(ctx, state, &battle, u) == Reach::Clear) {
                return Err(RuleError::new(
                    "11.23",
                    format!("{u} can retreat to a hex not next to the attackers, so it must (stricture 3)"),
                )
                .into());
            }
            near_attackers = true;
        }
        arriving.entry(end).or_default().extend(names);
    }
    for (end, list) in &arriving {
        if !fits(ctx, state, *end, list) {
            return Err(RuleError::new("11.23", format!("the retreat would over-stack {end} (stricture 2)")).into());
        }
    }
    // Units left out: those with no retreat, plus at most one penalty unit (stricture 3).
    let left: Vec<UnitId> = units.iter().filter(|u| !placed.contains_key(*u)).cloned().collect();
    let mut penalty: Vec<UnitId> = Vec::new();
    for u in &left {
        match reach(ctx, state, &battle, u) {
            Reach::None => {}
            Reach::NextToAttackers => penalty.push(u.clone()),
            Reach::Clear => penalty.push(u.clone()),
        }
    }
    let penalty_due = near_attackers || left.iter().any(|u| reach(ctx, state, &battle, u) == Reach::NextToAttackers);
    if penalty.len() > usize::from(penalty_due) {
        return Err(RuleError::new(
            "11.23",
            format!("{} can retreat and must be given a path", penalty.last().map_or("a unit", String::as_str)),
        )
        .into());
    }
    if near_attackers && penalty.is_empty() {
        return Err(RuleError::new(
            "11.23",
            "retreating next to the attackers costs one unit of the retreating force: leave it out of the groups (stricture 3)",
        )
        .into());
    }
    let mut next = state.clone();
    for g in groups {
        log.push(Event::new(
            format!(
                "{} retreat from {hex} to {} (11.22)",
                g.units.join(", "),
                g.path.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" then ")
            ),
            json!({"type": "retreat", "from": hex, "units": g.units, "path": g.path, "rule": "11.22"}),
        ));
        if let Some(end) = g.path.last() {
            for u in &g.units {
                if ctx.counter(u).is_some_and(|c| c.kind == UnitType::Gunboats) {
                    water_route::after_retreat(&mut next, u, &g.path);
                }
                next.units.insert(u.clone(), crate::state::Location::Hex(*end));
            }
        }
    }
    let forced: Vec<UnitId> = left.iter().filter(|u| !penalty.contains(u)).cloned().collect();
    if !forced.is_empty() {
        log.push(Event::new(
            format!("{} cannot retreat and are eliminated in place (11.23)", forced.join(", ")),
            json!({"type": "retreat_blocked", "hex": hex, "units": forced, "rule": "11.23"}),
        ));
        eliminate(ctx, &mut next, &forced, &format!("no retreat from {hex}"), dice, log)?;
    }
    if !penalty.is_empty() {
        log.push(Event::new(
            format!("{} is eliminated for retreating next to the attackers (11.23 stricture 3)", penalty.join(", ")),
            json!({"type": "retreat_penalty", "hex": hex, "units": penalty, "rule": "11.23"}),
        ));
        eliminate(ctx, &mut next, &penalty, "retreat next to the attackers", dice, log)?;
    }
    super::steps::answered(ctx, &mut next, dice, log)?;
    Ok(next)
}

/// Some legal answers to the pending retreat decision (for `legal_commands`): the whole
/// force along each path, the force less one penalty unit, the units that cannot retreat
/// left behind, and a split of the force over the paths when one hex cannot hold it all.
/// Every answer listed is accepted by [`apply`].
pub fn options(ctx: &Ctx, state: &State, side: Side, limit: usize) -> Vec<Vec<RetreatPath>> {
    let Some(Decision { kind: DecisionKind::Retreat { hex, units, .. }, .. }) = &state.decision else {
        return Vec::new();
    };
    let Some(battle) = state.battles.first() else { return Vec::new() };
    let mut paths: Vec<Vec<HexId>> = Vec::new();
    for (_, a) in hex.neighbours() {
        paths.push(vec![a]);
        paths.extend(a.neighbours().map(|(_, b)| vec![a, b]).filter(|p| p[1] != *hex));
    }
    let attackers = attacker_positions(state, battle);
    let near = |p: &[HexId]| p.last().is_some_and(|e| attackers.iter().any(|a| a.is_adjacent(*e)));
    paths.sort_by_key(|p| (near(p), p.len()));
    let movable: Vec<UnitId> = units.iter().filter(|u| reach(ctx, state, battle, u) != Reach::None).cloned().collect();
    let mut candidates: Vec<Vec<RetreatPath>> = Vec::new();
    for p in &paths {
        let names: Vec<&str> = movable.iter().map(String::as_str).collect();
        if check_path(ctx, state, battle, &names, p).is_err() {
            continue;
        }
        candidates.push(vec![RetreatPath { units: movable.clone(), path: p.clone() }]);
        for out in &movable {
            let rest: Vec<UnitId> = movable.iter().filter(|u| *u != out).cloned().collect();
            if !rest.is_empty() {
                candidates.push(vec![RetreatPath { units: rest, path: p.clone() }]);
            }
        }
    }
    // A split: each unit to the first path whose end still has room.
    let mut split: Vec<RetreatPath> = Vec::new();
    let mut arriving: BTreeMap<HexId, Vec<&str>> = BTreeMap::new();
    for u in &movable {
        for p in &paths {
            let Some(end) = p.last().copied() else { continue };
            let mut there = arriving.get(&end).cloned().unwrap_or_default();
            there.push(u);
            if check_path(ctx, state, battle, &[u], p).is_ok() && fits(ctx, state, end, &there) {
                arriving.insert(end, there);
                split.push(RetreatPath { units: vec![u.clone()], path: p.clone() });
                break;
            }
        }
    }
    if !split.is_empty() {
        candidates.push(split);
    }
    let mut out = Vec::new();
    for c in candidates {
        if out.len() >= limit {
            break;
        }
        let ok = matches!(
            apply(ctx, state, side, &c, &mut grognard_engine::NoDice, &mut Vec::new()),
            Ok(_) | Err(ApplyError::NeedDice)
        );
        if ok && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}
