//! Ground movement (9.0): a unit or stack moves hex by hex along a path, paying terrain and
//! water costs, at the pace of its slowest unit, never into enemy hexes, within the
//! stacking limits at every instant; units leave holding boxes through their entry hexes.

use super::common::{check_border, check_enter, check_movers, lone_sc, movement_allowance, record};
use super::cost::{is_water, show, step_cost};
use crate::control;
use crate::ctx::Ctx;
use crate::recycling;
use crate::state::{Location, MoveMode, MoveTrace, Side, State, UnitId, UnitMove};
use grognard_board::HexId;
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde_json::json;

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
    let (start, origin) = check_movers(ctx, state, side, units, MoveMode::Ground)?;
    if path.is_empty() {
        return Err(RuleError::new("input", "name the hexes to move through"));
    }
    let Some(turn) = ctx.turn(state.turn) else {
        return Err(RuleError::new("5.4", format!("turn {} is not on the turn record track", state.turn)));
    };
    // 9.7: a stack moves at the rate of its slowest unit.
    let spent_before = units.iter().map(|u| record(state, u).map_or(0, |r| r.spent)).max().unwrap_or(0);
    let allowance = units.iter().map(|u| movement_allowance(ctx, state, u)).min().unwrap_or(0);
    let fresh = units.iter().all(|u| record(state, u).is_none_or(|r| r.spent == 0 && r.mode == MoveMode::Ground));
    let mut at: Option<HexId> = None;
    match &start {
        Location::Hex(h) => at = Some(*h),
        Location::Box(b) => {
            // 8.6, 8.9, 8.10: out of a box only through its entry hexes, paying from the first.
            let rule = ctx.rules.rule_numbers().box_exit[side.index()];
            let Some(bx) = ctx.map.box_by_id(b) else {
                return Err(RuleError::new(rule, format!("there is no holding box `{b}`")));
            };
            if !bx.entry.contains(&path[0]) {
                return Err(RuleError::new(
                    rule,
                    format!("units leave the {} box only through its entry hexes, and {} is not one", bx.name, path[0]),
                ));
            }
        }
        _ => return Err(RuleError::new("9.1", "the units are not on the map or in a box")),
    }
    let mut sim = state.clone();
    let mut steps = Vec::new();
    let mut overrun = Vec::new();
    let mut total = 0u16;
    for (i, &next) in path.iter().enumerate() {
        let (half, why) = match at {
            Some(from) => {
                check_border(ctx, state, side, from, next)?;
                let c = step_cost(ctx, turn, from, next)?;
                (c.half_mp, c.why)
            }
            None => {
                let Some(t) = super::cost::hex_terrain(ctx, next) else {
                    return Err(RuleError::new("9.21", format!("{next} is not on the map")));
                };
                let entry = ctx
                    .charts
                    .entry_cost(t, turn)
                    .half_mp()
                    .ok_or_else(|| RuleError::new("9.9", format!("{next} ({}) may not be entered", t.name())))?;
                (entry, format!("entry from the box, {} {}", t.name(), show(entry)))
            }
        };
        let after = spent_before + total + half;
        // 9.3: a unit may always move one hex by spending its whole allowance.
        let minimum_move = i == 0 && fresh;
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
        if let Some(sc) = lone_sc(ctx, &sim, side, next) {
            // 14.3: a moving force entering a lone SC's hex eliminates it and may go on.
            sim.units.insert(sc.clone(), Location::Eliminated);
            overrun.push((next, sc));
        }
        check_enter(ctx, &sim, side, units, next)?;
        for u in units {
            sim.units.insert(u.clone(), Location::Hex(next));
        }
        total = if minimum_move && after > allowance { allowance.saturating_sub(spent_before) } else { total + half };
        steps.push((next, half, why));
        at = Some(next);
    }
    Ok(PlannedMove { origin, start, steps, spent_before, total, overrun })
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
            log.push(Event::new(
                format!("The moving force overruns the lone {sc} in {hex} (14.3)"),
                json!({"type": "overrun", "unit": sc, "hex": hex}),
            ));
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
    let steps: Vec<_> = plan.steps.iter().map(|(h, c, why)| json!({"hex": h, "cost": show(*c), "why": why})).collect();
    log.push(Event::new(
        format!(
            "{} move {} -> {} for {} MP ({})",
            units.join(", "),
            match &plan.start {
                Location::Box(b) => b.clone(),
                l => l.hex().map(|h| h.to_string()).unwrap_or_default(),
            },
            path.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" "),
            show(plan.total),
            plan.steps.iter().map(|(h, c, why)| format!("{h}: {} [{why}]", show(*c))).collect::<Vec<_>>().join(", ")
        ),
        json!({"type": "move", "units": units, "from": plan.start, "path": trace, "cost": show(plan.total), "steps": steps}),
    ));
    for (hex, _, _) in &plan.steps {
        control::pass_through(ctx, &mut next, side, *hex, log);
    }
    Ok(next)
}
