//! Stacking (7.0): 12 units in an intact fortress, 6 elsewhere, one siege train a hex,
//! fleets free, boxes unlimited; over-stacked hexes found at phase boundaries are cut down
//! by the opponent (7.4).

use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::happened::Happened;
use crate::recycling;
use crate::state::{Decision, DecisionKind, Side, State, UnitId};
use grognard_board::HexId;
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};

/// Does this unit count for stacking? Fleets are markers and do not (7.3, 10.2).
pub fn counts(ctx: &Ctx, unit: &str) -> bool {
    ctx.counter(unit).is_some_and(|c| c.kind != UnitType::Fleet)
}

/// Is this unit always in view under fog of war (7.7)? The SC: where it stands at the end of
/// a game turn scores looting VP (14.3), which both sides must be able to check, and a lone
/// SC is overrun by any enemy moving force. A ruling (engine/fnc/FOG_OF_WAR.md section 6).
pub fn always_seen(ctx: &Ctx, unit: &str) -> bool {
    ctx.counter(unit).is_some_and(|c| c.kind == UnitType::Sc)
}

/// The unit of `candidates` that goes on top of a stack: a fortress garrison always (7.8),
/// else the first by id.
pub fn preferred_top<'a>(ctx: &Ctx, candidates: impl IntoIterator<Item = &'a UnitId>) -> Option<&'a UnitId> {
    let list: Vec<&UnitId> = candidates.into_iter().collect();
    list.iter().find(|u| ctx.counter(u).is_some_and(|c| c.kind == UnitType::Fortress)).or(list.first()).copied()
}

/// Is `hex` an intact fortress (a fortress without a Fort De marker, 13.4)?
pub fn intact_fortress(ctx: &Ctx, state: &State, hex: HexId) -> bool {
    ctx.map.locale(hex).is_some_and(|l| l.fortress) && !state.fort_destroyed.contains(&hex)
}

/// The stacking limit of `hex` (7.1).
pub fn limit(ctx: &Ctx, state: &State, hex: HexId) -> usize {
    if intact_fortress(ctx, state, hex) {
        12
    } else {
        6
    }
}

/// Check that `units` of one side may stand together in `hex` (7.1, 7.2).
pub fn check_stack(ctx: &Ctx, state: &State, hex: HexId, units: &[&str]) -> Result<(), RuleError> {
    // Under fog of war, the side's counters this copy cannot name count too (7.1: every
    // ground unit counts one; unseen counters are ground units, fleets being markers).
    let unseen = units.first().and_then(|u| ctx.side_of(u)).map_or(0, |s| usize::from(state.unseen_in(hex, s)));
    let counted = units.iter().filter(|u| counts(ctx, u)).count() + unseen;
    let max = limit(ctx, state, hex);
    if counted > max {
        return Err(RuleError::new(
            "7.1",
            format!(
                "{counted} units in {hex} exceed its stacking limit of {max} (12 in an intact fortress, 6 elsewhere)"
            ),
        ));
    }
    let trains = units.iter().filter(|u| ctx.counter(u).is_some_and(|c| c.kind == UnitType::SiegeTrain)).count();
    if trains > 1 {
        return Err(RuleError::new("7.2", format!("{trains} siege trains in {hex}: at most one siege train a hex")));
    }
    Ok(())
}

/// Check that `arriving` may join the units already in `hex` (7.4: instant by instant).
pub fn check_entry(ctx: &Ctx, state: &State, hex: HexId, arriving: &[UnitId]) -> Result<(), RuleError> {
    let mut all: Vec<&str> = state.units_in(hex).into_iter().map(String::as_str).collect();
    for u in arriving {
        if !all.contains(&u.as_str()) {
            all.push(u);
        }
    }
    check_stack(ctx, state, hex, &all)
}

/// How many units the opponent must remove from `hex` to bring it within limits (7.4): the
/// excess over the limit, or over one siege train, whichever is more.
pub fn excess(ctx: &Ctx, state: &State, hex: HexId) -> usize {
    let units = state.units_in(hex);
    let counted = units.iter().filter(|u| counts(ctx, u)).count();
    let trains = units.iter().filter(|u| ctx.counter(u).is_some_and(|c| c.kind == UnitType::SiegeTrain)).count();
    counted.saturating_sub(limit(ctx, state, hex)).max(trains.saturating_sub(1))
}

/// Look for over-stacked hexes (7.4); for the first found, the opponent of its owner owes a
/// removal decision.
pub fn check_overstacks(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    if state.decision.is_some() {
        return;
    }
    let mut hexes: Vec<HexId> = state.units.values().filter_map(|l| l.hex()).collect();
    hexes.sort();
    hexes.dedup();
    for hex in hexes {
        let count = excess(ctx, state, hex);
        if count == 0 {
            continue;
        }
        let Some(owner) = ctx.occupant(state, hex) else { continue };
        let count = u8::try_from(count).unwrap_or(u8::MAX);
        log.push(Happened::Overstack { hex, side: owner, count }.event(format!(
            "{hex} is over-stacked: the {} player removes {count} {} unit(s) there (7.4)",
            ctx.rules.side_name(owner.other()),
            ctx.rules.side_name(owner)
        )));
        state.decision = Some(Decision { by: owner.other(), kind: DecisionKind::Overstack { hex, count } });
        return;
    }
}

/// The opponent removes over-stacked units (7.4) owed as `(hex, count)`; they are eliminated
/// and recycle if eligible.
pub fn apply_removal(
    ctx: &Ctx,
    state: &State,
    side: Side,
    (hex, count): (HexId, u8),
    units: &[UnitId],
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let owner = side.other();
    let mut distinct = units.to_vec();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != units.len() {
        return Err(RuleError::new("7.4", "a unit is named twice").into());
    }
    for u in units {
        if state.location(u).and_then(|l| l.hex()) != Some(hex) || ctx.side_of(u) != Some(owner) {
            return Err(
                RuleError::new("7.4", format!("{u} is not a {} unit in {hex}", ctx.rules.side_name(owner))).into()
            );
        }
    }
    if units.len() != usize::from(count) {
        return Err(RuleError::new(
            "7.4",
            format!("remove exactly {count} unit(s) from {hex}, the fewest that bring it within the limits"),
        )
        .into());
    }
    let rest: Vec<&str> = state.units_in(hex).into_iter().filter(|u| !units.contains(u)).map(String::as_str).collect();
    check_stack(ctx, state, hex, &rest).map_err(|e| {
        RuleError::new("7.4", format!("after those removals {hex} would still be over-stacked ({})", e.message))
    })?;
    let mut next = state.clone();
    next.decision = None;
    recycling::eliminate(ctx, &mut next, units, "over-stacking (7.4)", dice, log)?;
    crate::control::update(ctx, &mut next, log);
    check_overstacks(ctx, &mut next, log);
    Ok(next)
}

/// Every over-stack removal the opponent may choose (7.4): every set of the required number
/// of the over-stacked side's units in the hex, in the order of the units' ids.
pub fn removals(ctx: &Ctx, state: &State, side: Side) -> Vec<crate::command::Command> {
    let Some(Decision { kind: DecisionKind::Overstack { hex, count }, .. }) = &state.decision else {
        return Vec::new();
    };
    let units: Vec<UnitId> = ctx.side_units_in(state, *hex, side.other()).into_iter().cloned().collect();
    crate::choices::choose(&units, usize::from(*count), crate::choices::MAX_LISTED)
        .into_iter()
        .filter(|pick| {
            crate::choices::accepted(apply_removal(
                ctx,
                state,
                side,
                (*hex, *count),
                pick,
                &mut grognard_engine::NoDice,
                &mut Vec::new(),
            ))
        })
        .map(|units| crate::command::Command::Remove { units })
        .collect()
}
