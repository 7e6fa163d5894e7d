//! Checks shared by every kind of movement: who may move, movement factors and their
//! event modifiers, the one-stack-at-a-time rule, entering a hex.

use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::stacking;
use crate::state::{Effect, Location, MoveMode, Phase, Side, State, UnitId, UnitMove};
use grognard_board::HexId;
use grognard_engine::RuleError;

/// The movement factor of `unit` this turn, in half movement points, after the random
/// events in force: Disputes in Chain of Command -1 (6.3 event 5), Command Shake-up halved
/// rounding up (6.4 event 3).
pub fn movement_allowance(ctx: &Ctx, state: &State, unit: &str) -> u16 {
    let Some(c) = ctx.counter(unit) else { return 0 };
    let Some(side) = ctx.side_of(unit) else { return 0 };
    let mut mf = u16::from(c.movement);
    if state.has_effect(&Effect::MovementMinusOne(side)) {
        mf = mf.saturating_sub(1);
    }
    if state.has_effect(&Effect::MovementHalved(side)) {
        mf = mf.div_ceil(2);
    }
    mf * 2
}

/// The area a unit is in, for Ottoman Infighting (6.3 event 3): its region or box id.
pub fn area_of(ctx: &Ctx, location: &Location) -> Option<String> {
    match location {
        Location::Hex(h) => ctx.map.region(*h).map(str::to_string),
        Location::Box(b) => Some(b.clone()),
        _ => None,
    }
}

/// Is `location` a box that belongs to region `area` (EC: Upper Egypt in Egypt)?
fn in_box_region(ctx: &Ctx, location: &Location, area: &str) -> bool {
    matches!(location, Location::Box(b) if ctx.rules.box_region(b) == Some(area))
}

/// Is `unit` held by Ottoman Infighting (6.3 event 3)?
pub fn held_by_infighting(ctx: &Ctx, state: &State, unit: &str) -> bool {
    let Some(side) = ctx.side_of(unit) else { return false };
    let Some(c) = ctx.counter(unit) else { return false };
    let Some(loc) = state.location(unit) else { return false };
    let area = area_of(ctx, loc);
    state.effects.iter().any(|e| match &e.effect {
        // Only the side's own nation fights itself: its allies (EC: the British) are not held.
        Effect::Infighting { side: s, area: a, fleet } => {
            e.turn.is_none_or(|t| t == state.turn)
                && *s == side
                && c.nation == ctx.rules.side_id(side)
                && if c.kind == UnitType::Fleet {
                    *fleet
                } else {
                    area.as_deref() == Some(a.as_str()) || in_box_region(ctx, loc, a)
                }
        }
        _ => false,
    })
}

/// The movement record of `unit` this phase, or a fresh one.
pub fn record(state: &State, unit: &str) -> Option<UnitMove> {
    state.book.moved.get(unit).cloned()
}

/// Check that `units` may start (or go on with) a move of `mode` now, and return where they
/// are and where they began the phase (9.2, 9.5, 9.6, 9.11, 9.13).
pub fn check_movers(
    ctx: &Ctx,
    state: &State,
    side: Side,
    units: &[UnitId],
    mode: MoveMode,
) -> Result<(Location, Location), RuleError> {
    if state.phase != Phase::Movement || state.phasing != side {
        return Err(RuleError::new("9.1", "units move only in their own side's movement phase"));
    }
    if units.is_empty() {
        return Err(RuleError::new("input", "name at least one unit to move"));
    }
    let mut seen = units.to_vec();
    seen.sort();
    seen.dedup();
    if seen.len() != units.len() {
        return Err(RuleError::new("input", "a unit is named twice"));
    }
    let mut here: Option<Location> = None;
    let mut origin: Option<Location> = None;
    for u in units {
        let Some(c) = ctx.counter(u) else {
            return Err(RuleError::new("input", format!("there is no unit `{u}` in {}", ctx.rules.title())));
        };
        if ctx.side_of(u) != Some(side) {
            return Err(RuleError::new("9.1", format!("{u} is not a {} unit", ctx.rules.side_name(side))));
        }
        let loc = state.location(u).cloned().unwrap_or(Location::Eliminated);
        if !matches!(loc, Location::Hex(_) | Location::Box(_)) {
            return Err(RuleError::new("9.1", format!("{u} is not on the map or in a holding box")));
        }
        if c.kind == UnitType::Fleet {
            return Err(RuleError::new("10.2", format!("{u} is a fleet: fleets move with `fleet`")));
        }
        if c.movement == 0 {
            return Err(RuleError::new("9.11", format!("{u} has a movement factor of zero and never moves")));
        }
        if c.kind == UnitType::Gunboats && mode != MoveMode::River {
            return Err(RuleError::new("9.13", format!("{u} is a gunboat unit: gunboats move only by RCLM")));
        }
        if held_by_infighting(ctx, state, u) {
            return Err(RuleError::new("6.3", format!("{u} is held by Ottoman Infighting this player turn")));
        }
        let rec = record(state, u);
        let start = rec.as_ref().map_or(loc.clone(), |r| r.origin.clone());
        if let Some(r) = &rec {
            if r.stopped {
                // RCLM is a unit's only movement (9.13); a landing off port ends it (10.3).
                let rule = match r.mode {
                    MoveMode::River => "9.13",
                    MoveMode::Sea => "10.3",
                    MoveMode::Ground => "9.2",
                };
                return Err(RuleError::new(rule, format!("{u} has finished its movement this phase")));
            }
            let continuing_allowed = match (r.mode, mode) {
                (MoveMode::Ground, MoveMode::Ground) => true,
                // 10.3: a force that debarked in a friendly port goes on by land.
                (MoveMode::Sea, MoveMode::Ground) => true,
                _ => false,
            };
            if !continuing_allowed {
                return Err(RuleError::new(
                    if mode == MoveMode::River || r.mode == MoveMode::River { "9.13" } else { "10.3" },
                    format!("{u} has already moved this phase and may not add this kind of movement"),
                ));
            }
        }
        // 9.6: once another parent stack has started moving, an earlier one (its moved units
        // and those it left behind alike) is finished.
        let parent_moved = state.book.moved.values().any(|r| r.origin == start);
        if parent_moved && state.book.moving_origin.as_ref() != Some(&start) {
            return Err(RuleError::new(
                "9.6",
                format!("{u} belongs to a stack whose movement is finished: another stack has moved since"),
            ));
        }
        match &here {
            None => here = Some(loc.clone()),
            Some(h) if *h != loc => {
                return Err(RuleError::new("9.5", "units moving together must start from the same hex or box"))
            }
            _ => {}
        }
        match &origin {
            None => origin = Some(start),
            Some(o) if *o != start => {
                return Err(RuleError::new("9.6", "units moving together must belong to one parent stack"))
            }
            _ => {}
        }
    }
    match (here, origin) {
        (Some(h), Some(o)) => Ok((h, o)),
        _ => Err(RuleError::new("input", "name at least one unit to move")),
    }
}

/// Check that `units` of `side` may enter `hex` (9.4, 7.4, 8.8), leaving `left` behind.
pub fn check_enter(ctx: &Ctx, state: &State, side: Side, units: &[UnitId], hex: HexId) -> Result<(), RuleError> {
    if let Some(enemy) = ctx.occupant(state, hex).filter(|s| *s != side) {
        let _ = enemy;
        return Err(RuleError::new("9.4", format!("{hex} holds enemy units; units may not enter it")));
    }
    stacking::check_entry(ctx, state, hex, units)?;
    check_coast_bound(ctx, units, hex)
}

/// 8.8, 16.0 2A: British units only in coastal hexes: on the Mediterranean (never the gulfs)
/// or the shores of Lakes Bourlos and Menzoleh.
pub fn check_coast_bound(ctx: &Ctx, units: &[UnitId], hex: HexId) -> Result<(), RuleError> {
    match units.iter().find(|u| ctx.counter(u).is_some_and(|c| !ctx.coast_allows(&c.nation, hex))) {
        None => Ok(()),
        Some(u) => Err(RuleError::new(
            "8.8",
            format!("{hex} is off the coast {u} must keep to: its units go only where the game's coast runs"),
        )),
    }
}

/// 5.3: on game turn 1 the side named by the game may not cross a border hexside.
pub fn check_border(ctx: &Ctx, state: &State, side: Side, from: HexId, to: HexId) -> Result<(), RuleError> {
    if state.turn == 1 && ctx.rules.first_turn_border_side() == Some(side) {
        if let Some(border) = ctx.map.hexside(from, to).border {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "on game turn 1 {} units may not cross the {border} border ({from}/{to})",
                    ctx.rules.side_name(side)
                ),
            ));
        }
    }
    Ok(())
}

/// Remove the lone enemy SC a moving force enters (14.3); `true` if one was there.
pub fn lone_sc(ctx: &Ctx, state: &State, side: Side, hex: HexId) -> Option<UnitId> {
    // 7.7: under fog a stack of one is its own top, so every copy knows a lone SC.
    if state.unseen_in(hex, side.other()) > 0 {
        return None;
    }
    let enemy: Vec<&UnitId> =
        state.units_in(hex).into_iter().filter(|u| ctx.side_of(u) == Some(side.other())).collect();
    match enemy.as_slice() {
        [only] if ctx.counter(only).is_some_and(|c| c.kind == UnitType::Sc) => Some((*only).clone()),
        _ => None,
    }
}
