//! Retreat after combat (11.22-11.24) and its seven strictures.
//!
//! The owner gives each retreating group a path of one hex, or of two when the first hex
//! would be over-stacked (stricture 2). A unit left out of every group is eliminated; that
//! is allowed only for a unit that has no legal retreat at all (strictures 1, 2, 4, 6) or as
//! the single penalty unit owed when the force retreats next to the attackers (stricture 3).

use super::advance::coastal_for;
use super::steps::{attacker_positions, eliminate, surviving_defenders};
use super::water_route;
use crate::battle::Battle;
use crate::command::RetreatPath;
use crate::ctx::Ctx;
use crate::data::{Cost, HexTerrain, UnitType};
use crate::happened::Happened;
use crate::state::{Decision, DecisionKind, Side, State, UnitId};
use grognard_board::{Barrier, HexId};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
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
    } else if crate::calendar::is_flood(ctx, state)
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
        log.push(
            Happened::RetreatIgnored { hex: battle.hex, rule: "11.24".into() }
                .event(format!("The defenders of the intact fortress {} ignore the retreat (11.24)", battle.hex)),
        );
        return Ok(None);
    }
    let reaches: Vec<Reach> = survivors.iter().map(|u| reach(ctx, state, battle, u)).collect();
    if reaches.iter().all(|r| *r == Reach::None) {
        log.push(Happened::RetreatBlocked { hex: battle.hex, units: survivors.clone(), rule: "11.23".into() }.event(
            format!("The defenders of {} have no legal retreat and are eliminated in place (11.23)", battle.hex),
        ));
        eliminate(ctx, state, &survivors, &format!("no retreat from {}", battle.hex), dice, log)?;
        return Ok(None);
    }
    // One unit could retreat, but only next to the attackers: it is the penalty unit itself
    // (stricture 3, "even if just one unit"), and nobody is left to choose for.
    if reaches.iter().filter(|r| **r != Reach::None).count() == 1 && !reaches.contains(&Reach::Clear) {
        log.push(Happened::RetreatPenalty { hex: battle.hex, units: survivors.clone(), rule: "11.23".into() }.event(
            format!(
                "The defenders of {} could retreat only next to the attackers, which costs the one unit able to \
                 retreat; none survives (11.23 strictures 1 and 3)",
                battle.hex
            ),
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
        log.push(
            Happened::Retreat { from: *hex, units: g.units.clone(), path: g.path.clone(), rule: "11.22".into() }.event(
                format!(
                    "{} retreat from {hex} to {} (11.22)",
                    g.units.join(", "),
                    g.path.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" then ")
                ),
            ),
        );
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
        log.push(
            Happened::RetreatBlocked { hex: *hex, units: forced.clone(), rule: "11.23".into() }
                .event(format!("{} cannot retreat and are eliminated in place (11.23)", forced.join(", "))),
        );
        eliminate(ctx, &mut next, &forced, &format!("no retreat from {hex}"), dice, log)?;
    }
    if !penalty.is_empty() {
        log.push(Happened::RetreatPenalty { hex: *hex, units: penalty.clone(), rule: "11.23".into() }.event(format!(
            "{} is eliminated for retreating next to the attackers (11.23 stricture 3)",
            penalty.join(", ")
        )));
        eliminate(ctx, &mut next, &penalty, "retreat next to the attackers", dice, log)?;
    }
    super::steps::answered(ctx, &mut next, dice, log)?;
    Ok(next)
}

/// The paths of retreat from `hex` in the fixed order of [`options`]: the one-hex paths in
/// hex order, then the two-hex paths in hex order (never back into `hex`, 11.22).
fn paths_from(hex: HexId) -> Vec<Vec<HexId>> {
    let mut firsts: Vec<HexId> = hex.neighbours().map(|(_, a)| a).collect();
    firsts.sort();
    let mut seconds: Vec<Vec<HexId>> =
        firsts.iter().flat_map(|a| a.neighbours().map(|(_, b)| vec![*a, b])).filter(|p| p[1] != hex).collect();
    seconds.sort();
    firsts.into_iter().map(|a| vec![a]).chain(seconds).collect()
}

/// Could `unit` take `path` in some group of the `retreating` units? Each step must be
/// legal for it (strictures 1, 4, 6; 8.8), and a second hex is open only when the first
/// would be over-stacked by the group (stricture 2), which needs it to be over-stacked by
/// all the retreating units together.
fn open_for(ctx: &Ctx, state: &State, battle: &Battle, unit: &str, path: &[HexId], retreating: &[&str]) -> bool {
    let owner = battle.attacker.other();
    match path {
        [a] => legal_step(ctx, state, owner, unit, battle.hex, *a).is_ok(),
        [a, b] => {
            *b != battle.hex
                && !fits(ctx, state, *a, retreating)
                && legal_step(ctx, state, owner, unit, battle.hex, *a).is_ok()
                && legal_step(ctx, state, owner, unit, *a, *b).is_ok()
        }
        _ => false,
    }
}

/// The groups of one retreat where `ends[i]` is the end hex of `movable[i]` (`None`: left
/// out): the units ending in one hex form one group on the first path in the fixed order
/// that the group may take (11.23 stricture 2: the second hex only when the group
/// over-stacks the first); when there is none, each unit takes its own first path, units
/// on the same path together. Groups are ordered by their first unit. `None` when some
/// unit has no path to its end.
fn groups_for(
    ctx: &Ctx,
    state: &State,
    battle: &Battle,
    paths: &[Vec<HexId>],
    movable: &[UnitId],
    ends: &[Option<HexId>],
) -> Option<Vec<RetreatPath>> {
    let mut by_end: BTreeMap<HexId, Vec<usize>> = BTreeMap::new();
    for (i, e) in ends.iter().enumerate() {
        if let Some(e) = e {
            by_end.entry(*e).or_default().push(i);
        }
    }
    // (first unit's index, group)
    let mut groups: Vec<(usize, RetreatPath)> = Vec::new();
    for (end, members) in by_end {
        let names: Vec<&str> = members.iter().map(|&i| movable[i].as_str()).collect();
        let to_end = || paths.iter().filter(|p| p.last() == Some(&end));
        if let Some(p) = to_end().find(|p| check_path(ctx, state, battle, &names, p).is_ok()) {
            let units = members.iter().map(|&i| movable[i].clone()).collect();
            groups.push((members[0], RetreatPath { units, path: p.clone() }));
            continue;
        }
        let mut own: Vec<(usize, RetreatPath)> = Vec::new();
        for &i in &members {
            let p = to_end().find(|p| check_path(ctx, state, battle, &[movable[i].as_str()], p).is_ok())?;
            match own.iter_mut().find(|(_, g)| g.path == *p) {
                Some((_, g)) => g.units.push(movable[i].clone()),
                None => own.push((i, RetreatPath { units: vec![movable[i].clone()], path: p.clone() })),
            }
        }
        groups.extend(own);
    }
    groups.sort_by_key(|(first, _)| *first);
    Some(groups.into_iter().map(|(_, g)| g).collect())
}

/// The legal answers to the pending retreat decision (for `legal_commands`), complete up
/// to the same outcome: two retreats that leave the same units in the same hexes are one
/// answer, listed with one path per end hex (see `groups_for`).
///
/// Each retreating unit that can retreat (a unit with no legal retreat is never named,
/// strictures 1, 2, 4, 6) either ends in one of the hexes it may reach (in the order of
/// their first paths: one-hex paths, then two-hex ones, hex order; away from the attackers
/// if it can go there at all, stricture 3) or is left out, as the penalty unit of stricture
/// 3 (at most one unit). The answers are the combinations of those choices, the first unit's
/// choice varying slowest, that keep every end hex within the stacking limits (stricture 2,
/// 7.1) and that [`apply`] accepts. At most `limit` answers, and at most
/// `legal::MAX_LISTED` combinations are tried.
pub fn options(ctx: &Ctx, state: &State, side: Side, limit: usize) -> Vec<Vec<RetreatPath>> {
    let Some(Decision { kind: DecisionKind::Retreat { hex, units, .. }, .. }) = &state.decision else {
        return Vec::new();
    };
    let Some(battle) = state.battles.first() else { return Vec::new() };
    let paths = paths_from(*hex);
    let attackers = attacker_positions(state, battle);
    let near = |e: HexId| attackers.iter().any(|a| a.is_adjacent(e));
    let movable: Vec<UnitId> = units.iter().filter(|u| reach(ctx, state, battle, u) != Reach::None).cloned().collect();
    let names: Vec<&str> = movable.iter().map(String::as_str).collect();
    let choices: Vec<Vec<HexId>> = movable
        .iter()
        .map(|u| {
            let clear = reach(ctx, state, battle, u) == Reach::Clear;
            let mut ends: Vec<HexId> = Vec::new();
            for p in &paths {
                let Some(end) = p.last().copied() else { continue };
                if ends.contains(&end)
                    || (clear && near(end))
                    || !fits(ctx, state, end, &[u])
                    || !open_for(ctx, state, battle, u, p, &names)
                {
                    continue;
                }
                ends.push(end);
            }
            ends
        })
        .collect();
    let penalty_alone: Vec<bool> =
        movable.iter().map(|u| reach(ctx, state, battle, u) == Reach::NextToAttackers).collect();
    let mut walk = Walk {
        ctx,
        state,
        battle,
        side,
        paths: &paths,
        movable: &movable,
        choices: &choices,
        penalty_alone: &penalty_alone,
        near: &near,
        limit,
        tried: 0,
        out: Vec::new(),
    };
    walk.step(&mut Vec::new());
    walk.out
}

/// The search of [`options`]: `ends` holds the choices of the first units.
struct Walk<'a> {
    ctx: &'a Ctx,
    state: &'a State,
    battle: &'a Battle,
    side: Side,
    paths: &'a [Vec<HexId>],
    movable: &'a [UnitId],
    choices: &'a [Vec<HexId>],
    /// Units that may be left out as the penalty unit without any unit ending next to the
    /// attackers: those that could retreat only next to them (stricture 3).
    penalty_alone: &'a [bool],
    near: &'a dyn Fn(HexId) -> bool,
    limit: usize,
    tried: usize,
    out: Vec<Vec<RetreatPath>>,
}

impl Walk<'_> {
    fn step(&mut self, ends: &mut Vec<Option<HexId>>) {
        if self.out.len() >= self.limit || self.tried >= crate::choices::MAX_LISTED {
            return;
        }
        let i = ends.len();
        if i == self.movable.len() {
            self.leaf(ends);
            return;
        }
        for &end in &self.choices[i] {
            // Stricture 2, 7.1: the units ending in one hex must fit there.
            let mut there: Vec<&str> =
                (0..i).filter(|&j| ends[j] == Some(end)).map(|j| self.movable[j].as_str()).collect();
            there.push(&self.movable[i]);
            if fits(self.ctx, self.state, end, &there) {
                ends.push(Some(end));
                self.step(ends);
                ends.pop();
            }
        }
        // Stricture 3: one unit at most is left out, as the penalty unit.
        if !ends.contains(&None) {
            ends.push(None);
            self.step(ends);
            ends.pop();
        }
    }

    fn leaf(&mut self, ends: &[Option<HexId>]) {
        // Stricture 3 as `apply` reads it: a unit is left out exactly when the penalty is
        // due, because a unit ends next to the attackers or the one left out could go only
        // there.
        let near = ends.iter().flatten().any(|e| (self.near)(*e));
        let left = ends.iter().position(Option::is_none);
        let due = near || left.is_some_and(|i| self.penalty_alone[i]);
        if left.is_some() != due {
            return;
        }
        let Some(groups) = groups_for(self.ctx, self.state, self.battle, self.paths, self.movable, ends) else {
            return;
        };
        self.tried += 1;
        let ok = matches!(
            apply(self.ctx, self.state, self.side, &groups, &mut grognard_engine::NoDice, &mut Vec::new()),
            Ok(_) | Err(ApplyError::NeedDice)
        );
        if ok {
            self.out.push(groups);
        }
    }
}
