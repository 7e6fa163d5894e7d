//! Concealed ground moves under fog of war (7.7, engine/fnc/FOG_OF_WAR.md): what the other
//! side sees of a move (its projection), how a copy that sees only that applies it, and the
//! public bookkeeping every copy keeps (the stacks' tops and the provenance of their
//! counters). Work in progress: river and amphibious moves, reveals and views are to come.

use super::ground::check_end;
use crate::command::{Command, Place};
use crate::control;
use crate::ctx::Ctx;
use crate::stacking;
use crate::state::{Location, Side, State, UnitId};
use grognard_board::HexId;
use grognard_engine::{Event, RuleError};
use std::collections::BTreeSet;

/// The projection of `command` under fog of war: a ground move whose origin the client
/// wrote shows its number of counters, its top (the first unit listed), its path and the
/// unit left on top of the origin. `None`: the command is public (no fog, or another kind).
pub fn projection(ctx: &Ctx, state: &State, command: &Command) -> Option<Command> {
    state.fog.as_ref()?;
    let Command::Move { units, path, from: Some(from), left_top } = command else { return None };
    Some(Command::Moved {
        from: from.clone(),
        path: path.clone(),
        count: u8::try_from(units.len()).ok()?,
        top: units.first()?.clone(),
        left_top: left_top.clone(),
        shown: units.iter().skip(1).filter(|u| stacking::always_seen(ctx, u)).cloned().collect(),
    })
}

/// The ground units of `side` this copy names in `hex`.
fn named(ctx: &Ctx, state: &State, hex: HexId, side: Side) -> Vec<UnitId> {
    ctx.side_units_in(state, hex, side).into_iter().filter(|u| stacking::counts(ctx, u)).cloned().collect()
}

/// How many counters of `side` stand in `hex`: those this copy names and those it cannot.
pub fn counters(ctx: &Ctx, state: &State, hex: HexId, side: Side) -> usize {
    named(ctx, state, hex, side).len() + usize::from(state.unseen_in(hex, side))
}

fn set_unseen(state: &mut State, hex: HexId, side: Side, n: usize) -> Result<(), RuleError> {
    let n = u8::try_from(n).map_err(|_| RuleError::new("7.7", format!("too many counters in {hex}")))?;
    if let Some(fog) = state.fog.as_mut() {
        let slot = fog.unseen.entry(hex).or_insert([0, 0]);
        slot[side.index()] = n;
        if *slot == [0, 0] {
            fog.unseen.remove(&hex);
        }
    }
    Ok(())
}

/// Before a concealed move is applied whole in a copy that held some of its units unseen:
/// they were among the unseen counters of the origin, and are named there now.
pub fn materialise(state: &mut State, side: Side, units: &[UnitId], from: &Place) -> Result<(), RuleError> {
    let Place::Hex(hex) = from else { return Ok(()) };
    for u in units {
        if state.units.get(u) != Some(&Location::Unseen) {
            continue;
        }
        let left = state.unseen_in(*hex, side);
        if left == 0 {
            return Err(RuleError::new(
                "7.7",
                format!("the move names {u} in {hex}, which holds no more counters this copy cannot name"),
            ));
        }
        set_unseen(state, *hex, side, usize::from(left) - 1)?;
        state.units.insert(u.clone(), Location::Hex(*hex));
    }
    Ok(())
}

/// What every copy knows of a concealed move: whose, its index among the side's concealed
/// commands, where from and to, its top and the unit it left on top.
pub struct Trace<'a> {
    pub side: Side,
    pub index: u32,
    pub from: &'a Place,
    pub to: HexId,
    pub top: &'a UnitId,
    pub left_top: Option<&'a UnitId>,
}

/// The public bookkeeping of a move, in every copy: the top of the stack it reaches, the top
/// it leaves behind, and the provenance of the counters.
pub fn record(ctx: &Ctx, state: &mut State, trace: &Trace<'_>) {
    let Trace { side, index, from, to, top, left_top } = *trace;
    let origin = match from {
        Place::Hex(h) => Some(*h),
        Place::Box(_) => None,
    };
    let empty = origin.map(|o| counters(ctx, state, o, side) == 0);
    // 7.8: a fortress garrison stays on top of the stack the move joins.
    let garrison_on_top = state
        .fog
        .as_ref()
        .and_then(|f| f.tops.get(&to))
        .is_some_and(|t| ctx.counter(t).is_some_and(|c| c.kind == crate::data::UnitType::Fortress));
    let Some(fog) = state.fog.as_mut() else { return };
    if !garrison_on_top {
        fog.tops.insert(to, top.clone());
    }
    let provenance = &mut fog.provenance[side.index()];
    match origin {
        Some(o) => {
            if let Some(l) = left_top {
                fog.tops.insert(o, l.clone());
            }
            if empty == Some(true) {
                fog.tops.remove(&o);
            }
            let carried = {
                let set = provenance.entry(o).or_default();
                set.insert(index);
                set.clone()
            };
            provenance.entry(to).or_default().extend(carried);
        }
        None => {
            provenance.entry(to).or_default().insert(index);
        }
    }
}

/// Apply what the other side sees of a concealed ground move (7.7): checked against what
/// is public (the origin's counters, each step's adjacency, enemy units (9.4) and the
/// stacking limit counted in counters (7.1), the end (9.18)); the counters move, the units
/// this copy named in the origin beneath its top become unseen, control changes hands along
/// the path (14.2), and the public bookkeeping is kept. What the projection does not show
/// (movement allowances, siege trains, the coast) is checked when the move is opened.
pub fn apply_public(
    ctx: &Ctx,
    state: &State,
    side: Side,
    index: u32,
    moved: &Command,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let Command::Moved { from, path, count, top, left_top, shown } = moved else {
        return Err(RuleError::new("7.7", "only a move is concealed"));
    };
    let count = usize::from(*count);
    let Place::Hex(origin) = from else {
        return Err(RuleError::new("7.7", "a move out of a box is in the open: its units are public"));
    };
    let (Some(&to), true) = (path.last(), count > 0) else {
        return Err(RuleError::new("input", "a move has units and a path"));
    };
    let before = counters(ctx, state, *origin, side);
    if before < count {
        return Err(RuleError::new(
            "7.7",
            format!("{origin} holds {before} counters of the moving side, not the {count} that move"),
        ));
    }
    let mut at = *origin;
    let mut overrun = Vec::new();
    for &next in path {
        if !at.is_adjacent(next) {
            return Err(RuleError::new("9.1", format!("{next} is not next to {at}")));
        }
        if let Some(sc) = super::common::lone_sc(ctx, state, side, next) {
            // 14.3: the lone SC is a stack of one, its own top: every copy sees the overrun.
            overrun.push((next, sc));
        } else if ctx.occupant(state, next) == Some(side.other()) {
            return Err(RuleError::new("9.4", format!("{next} holds enemy units; units may not enter it")));
        }
        // The moving counters are still counted in their origin: back there, count them once.
        let there = counters(ctx, state, next, side) + if next == *origin { 0 } else { count };
        let max = stacking::limit(ctx, state, next);
        if there > max {
            return Err(RuleError::new(
                "7.1",
                format!("{there} counters in {next} exceed its stacking limit of {max}"),
            ));
        }
        at = next;
    }
    check_end(ctx, path)?;
    let mut next = state.clone();
    for (hex, sc) in &overrun {
        log.push(
            crate::happened::Happened::Overrun { units: None, unit: Some(sc.clone()), hex: Some(*hex) }
                .event(format!("The moving force overruns the lone {sc} in {hex} (14.3)")),
        );
    }
    let scs: Vec<UnitId> = overrun.into_iter().map(|(_, u)| u).collect();
    // The SC never recycles (8.11): its elimination rolls no die.
    crate::recycling::eliminate(
        ctx,
        &mut next,
        &scs,
        "overrun by a moving force (14.3)",
        &mut grognard_engine::NoDice,
        log,
    )
    .map_err(|e| RuleError::new("14.3", format!("the overrun could not be applied: {e:?}")))?;
    let old_top = next.fog.as_ref().and_then(|f| f.tops.get(origin).cloned());
    let names = named(ctx, state, *origin, side);
    let remaining = before - count;
    // The units every copy names as they move: the top and those always in view (14.3).
    let mut moving: BTreeSet<UnitId> = shown.iter().cloned().collect();
    moving.insert(top.clone());
    if moving.len() > count || shown.iter().any(|u| !stacking::always_seen(ctx, u) || !names.contains(u)) {
        return Err(RuleError::new("7.7", format!("the units shown moving are not in view in {origin}")));
    }
    // Who stays named in the origin: the unit left on top, or else the old top if it stayed,
    // and the units always in view that did not move.
    let stays: Option<UnitId> = match (left_top, old_top) {
        (Some(l), _) => Some(l.clone()),
        (None, Some(t)) if t != *top && remaining > 0 => Some(t),
        _ => None,
    };
    let mut staying: BTreeSet<UnitId> =
        names.iter().filter(|u| stacking::always_seen(ctx, u) && !moving.contains(*u)).cloned().collect();
    staying.extend(stays.iter().cloned());
    for u in &names {
        if !moving.contains(u) && !staying.contains(u) {
            next.units.insert(u.clone(), Location::Unseen);
        }
    }
    for u in &staying {
        next.units.insert(u.clone(), Location::Hex(*origin));
    }
    for u in &moving {
        next.units.insert(u.clone(), Location::Hex(to));
    }
    let unseen_origin = remaining.checked_sub(staying.len()).ok_or_else(|| {
        RuleError::new("7.7", format!("{origin} cannot keep {} named: not so many counters are left", staying.len()))
    })?;
    set_unseen(&mut next, *origin, side, unseen_origin)?;
    let unseen_to = usize::from(state.unseen_in(to, side)) + count - moving.len();
    set_unseen(&mut next, to, side, unseen_to)?;
    for hex in path {
        control::pass_through(ctx, &mut next, side, *hex, log);
    }
    record(ctx, &mut next, &Trace { side, index, from, to, top, left_top: stays.as_ref() });
    let shown_path = path.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" ");
    log.push(
        crate::happened::Happened::ConcealedMove {
            side,
            from: *origin,
            path: path.clone(),
            count: u8::try_from(count).unwrap_or(u8::MAX),
            top: top.clone(),
        }
        .event(format!("{count} counters topped by {top} move {origin} -> {shown_path} (7.7: the rest is not seen)")),
    );
    Ok(next)
}
