//! Ground movement (9.0): a unit or stack moves hex by hex along a path, paying terrain and
//! water costs, at the pace of its slowest unit, never into enemy hexes, within the
//! stacking limits at every instant; units leave holding boxes through their entry hexes.

use super::common::{check_border, check_enter, check_movers, lone_sc, movement_allowance, record};
use super::cost::{is_water, show, step_cost};
use crate::control;
use crate::ctx::Ctx;
use crate::happened::{Happened, MoveStep};
use crate::recycling;
use crate::state::{Location, MoveMode, MoveTrace, Side, State, UnitId, UnitMove};
use grognard_board::HexId;
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};

/// A checked ground move: each step's cost and any SC overrun (14.3).
#[derive(Clone, Debug)]
pub struct PlannedMove {
    pub origin: Location,
    pub start: Location,
    pub steps: Vec<(HexId, u16, String)>,
    pub spent_before: u16,
    pub total: u16,
    pub overrun: Vec<(HexId, UnitId)>,
}

/// Check a ground move completely (9.1-9.12, 9.16-9.22, 5.3, 8.6, 8.8, 14.3): every step
/// ([`plan_route`]) and where it ends ([`check_end`]). `do move` and the `reach` aid (which
/// searches paths step by step with [`plan_route`]) both check moves here.
pub fn plan(ctx: &Ctx, state: &State, side: Side, units: &[UnitId], path: &[HexId]) -> Result<PlannedMove, RuleError> {
    let planned = plan_route(ctx, state, side, units, path)?;
    check_end(ctx, path)?;
    Ok(planned)
}

/// 9.13, 9.18: no unit ends its move in an all-water hex (it may cross a frozen lake).
pub fn check_end(ctx: &Ctx, path: &[HexId]) -> Result<(), RuleError> {
    if let Some(&end) = path.last() {
        if is_water(ctx, end) {
            return Err(RuleError::new("9.18", format!("{end} is an all-water hex; no unit ends its move there")));
        }
    }
    Ok(())
}

/// Check every step of a ground move (who moves, each step's cost against the allowance,
/// borders, enemy units, stacking at every instant, coasts, SC overruns), but not yet
/// whether the move may end at the path's last hex ([`check_end`]).
pub fn plan_route(
    ctx: &Ctx,
    state: &State,
    side: Side,
    units: &[UnitId],
    path: &[HexId],
) -> Result<PlannedMove, RuleError> {
    if path.is_empty() {
        check_movers(ctx, state, side, units, MoveMode::Ground)?;
        return Err(RuleError::new("input", "name the hexes to move through"));
    }
    let mut route = Route::begin(ctx, state, side, units)?;
    for &next in path {
        route.step(next)?;
    }
    Ok(route.planned)
}

/// A ground move checked so far, which [`Route::step`] takes one hex further: [`plan_route`]
/// checks a path with it, and the `reach` search extends its routes with it (so a path of n
/// hexes is checked in n steps, not n times from its start).
#[derive(Clone)]
pub struct Route<'a> {
    ctx: &'a Ctx,
    state: &'a State,
    side: Side,
    units: &'a [UnitId],
    turn: &'a crate::data::Turn,
    allowance: u16,
    fresh: bool,
    at: Option<HexId>,
    /// The state as the move goes, copied only once it differs from `state` in a way the
    /// checks see: an SC overrun, or the units coming back to the hex they left (the copy
    /// has them where they are on the way). The checks are the same either way.
    sim: Option<State>,
    /// The move so far.
    pub planned: PlannedMove,
}

impl<'a> Route<'a> {
    /// Who moves and from where (9.1, 9.5, 9.6, 9.11, 9.13, 5.4), before the first step.
    pub fn begin(ctx: &'a Ctx, state: &'a State, side: Side, units: &'a [UnitId]) -> Result<Self, RuleError> {
        let (start, origin) = check_movers(ctx, state, side, units, MoveMode::Ground)?;
        let Some(turn) = ctx.turn(state.turn) else {
            return Err(RuleError::new("5.4", format!("turn {} is not on the turn record track", state.turn)));
        };
        // 9.7: a stack moves at the rate of its slowest unit.
        let spent_before = units.iter().map(|u| record(state, u).map_or(0, |r| r.spent)).max().unwrap_or(0);
        let allowance = units.iter().map(|u| movement_allowance(ctx, state, u)).min().unwrap_or(0);
        let fresh = units.iter().all(|u| record(state, u).is_none_or(|r| r.spent == 0 && r.mode == MoveMode::Ground));
        if !matches!(start, Location::Hex(_) | Location::Box(_)) {
            return Err(RuleError::new("9.1", "the units are not on the map or in a box"));
        }
        Ok(Route {
            ctx,
            state,
            side,
            units,
            turn,
            allowance,
            fresh,
            at: start.hex(),
            sim: None,
            planned: PlannedMove { origin, start, steps: Vec::new(), spent_before, total: 0, overrun: Vec::new() },
        })
    }

    /// Where the move is now (`None` while still in its box).
    pub fn at(&self) -> Option<HexId> {
        self.at
    }

    fn moved_to(&self, at: Option<HexId>) -> State {
        let mut copy = self.state.clone();
        if let Some(h) = at {
            for u in self.units {
                copy.units.insert(u.clone(), Location::Hex(h));
            }
        }
        copy
    }

    /// Enter `next`: its cost against the allowance (9.2, 9.3, 9.8-9.10), the border (5.3),
    /// a lone SC overrun (14.3), enemy units, stacking and coasts (9.4, 7.1, 8.8).
    pub fn step(&mut self, next: HexId) -> Result<(), RuleError> {
        let (ctx, side) = (self.ctx, self.side);
        let first = self.planned.steps.is_empty();
        let (half, why) = match self.at {
            Some(from) => {
                check_border(ctx, self.state, side, from, next)?;
                let c = step_cost(ctx, self.turn, from, next)?;
                (c.half_mp, c.why)
            }
            None => {
                // 8.6, 8.9, 8.10: out of a box only through its entry hexes, paying from the first.
                let rule = ctx.rules.rule_numbers().box_exit[side.index()];
                let Location::Box(b) = &self.planned.start else {
                    return Err(RuleError::new("9.1", "the units are not on the map or in a box"));
                };
                let Some(bx) = ctx.map.box_by_id(b) else {
                    return Err(RuleError::new(rule, format!("there is no holding box `{b}`")));
                };
                if !first || !bx.entry.contains(&next) {
                    return Err(RuleError::new(
                        rule,
                        format!("units leave the {} box only through its entry hexes, and {next} is not one", bx.name),
                    ));
                }
                let Some(t) = super::cost::hex_terrain(ctx, next) else {
                    return Err(RuleError::new("9.21", format!("{next} is not on the map")));
                };
                let entry = ctx
                    .charts
                    .entry_cost(t, self.turn)
                    .half_mp()
                    .ok_or_else(|| RuleError::new("9.9", format!("{next} ({}) may not be entered", t.name())))?;
                (entry, format!("entry from the box, {} {}", t.name(), show(entry)))
            }
        };
        let (spent_before, total, allowance) = (self.planned.spent_before, self.planned.total, self.allowance);
        let after = spent_before + total + half;
        // 9.3: a unit may always move one hex by spending its whole allowance.
        let minimum_move = first && self.fresh;
        if after > allowance && !minimum_move {
            return Err(RuleError::new(
                "9.2",
                format!(
                    "entering {next} costs {} MP ({why}); the stack has {} MP left of {}",
                    show(half),
                    show(allowance.saturating_sub(spent_before + total)),
                    show(allowance)
                ),
            ));
        }
        if self.sim.is_none() && Some(next) == self.planned.start.hex() {
            self.sim = Some(self.moved_to(self.at));
        }
        if let Some(sc) = lone_sc(ctx, self.sim.as_ref().unwrap_or(self.state), side, next) {
            // 14.3: a moving force entering a lone SC's hex eliminates it and may go on.
            if self.sim.is_none() {
                self.sim = Some(self.moved_to(self.at));
            }
            if let Some(copy) = self.sim.as_mut() {
                copy.units.insert(sc.clone(), Location::Eliminated);
            }
            self.planned.overrun.push((next, sc));
        }
        check_enter(ctx, self.sim.as_ref().unwrap_or(self.state), side, self.units, next)?;
        if let Some(copy) = self.sim.as_mut() {
            for u in self.units {
                copy.units.insert(u.clone(), Location::Hex(next));
            }
        }
        self.planned.total =
            if minimum_move && after > allowance { allowance.saturating_sub(spent_before) } else { total + half };
        self.planned.steps.push((next, half, why));
        self.at = Some(next);
        Ok(())
    }
}

/// Apply a ground move: the units end at the path's last hex; control changes hands along
/// the way (12.9, 14.2); the move and its cost are logged.
pub fn apply_move(
    ctx: &Ctx,
    state: &State,
    side: Side,
    units: &[UnitId],
    path: &[HexId],
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let plan = plan(ctx, state, side, units, path)?;
    let mut next = state.clone();
    if !plan.overrun.is_empty() {
        for (hex, sc) in &plan.overrun {
            log.push(
                Happened::Overrun { units: None, unit: Some(sc.clone()), hex: Some(*hex) }
                    .event(format!("The moving force overruns the lone {sc} in {hex} (14.3)")),
            );
        }
        let scs: Vec<UnitId> = plan.overrun.iter().map(|(_, u)| u.clone()).collect();
        recycling::eliminate(ctx, &mut next, &scs, "overrun by a moving force (14.3)", dice, log)?;
    }
    let last = *path.last().ok_or_else(|| RuleError::new("input", "empty path"))?;
    for u in units {
        next.units.insert(u.clone(), Location::Hex(last));
        let mut rec = record(state, u).unwrap_or(UnitMove {
            origin: plan.origin.clone(),
            spent: 0,
            river_hexes: 0,
            mode: MoveMode::Ground,
            stopped: false,
        });
        rec.spent = plan.spent_before + plan.total;
        if rec.mode == MoveMode::Sea {
            rec.mode = MoveMode::Ground;
        }
        next.book.moved.insert(u.clone(), rec);
    }
    next.book.moving_origin = Some(plan.origin.clone());
    let mut trace: Vec<HexId> = plan.start.hex().into_iter().collect();
    trace.extend(path.iter().copied());
    next.last_moves.push(MoveTrace { side, units: units.to_vec(), path: trace.clone() });
    let steps: Vec<MoveStep> =
        plan.steps.iter().map(|(h, c, why)| MoveStep { hex: *h, cost: show(*c), why: why.clone() }).collect();
    let text = format!(
        "{} move {} -> {} for {} MP ({})",
        units.join(", "),
        match &plan.start {
            Location::Box(b) => b.clone(),
            l => l.hex().map(|h| h.to_string()).unwrap_or_default(),
        },
        path.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" "),
        show(plan.total),
        plan.steps.iter().map(|(h, c, why)| format!("{h}: {} [{why}]", show(*c))).collect::<Vec<_>>().join(", ")
    );
    let moved =
        Happened::Move { units: units.to_vec(), from: plan.start.clone(), path: trace, cost: show(plan.total), steps };
    log.push(moved.event(text));
    for (hex, _, _) in &plan.steps {
        control::pass_through(ctx, &mut next, side, *hex, log);
    }
    Ok(next)
}
