//! The Ottoman minus-one result (8.5): a unit of the player's choice goes back into the
//! container.

use super::unit_name;
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::happened::Happened;
use crate::state::{Decision, DecisionKind, Location, Side, State, UnitId};
use grognard_engine::{ApplyError, Event, RuleError};

/// The units the Ottoman player may put back into the container on a roll of minus one
/// (8.5): his units on the map other than fortress garrisons (British units excepted: they
/// never belong to the container, 8.8).
pub fn returnable(ctx: &Ctx, state: &State, side: Side) -> Vec<UnitId> {
    state
        .units
        .iter()
        .filter(|(u, l)| l.hex().is_some() && ctx.side_of(u) == Some(side))
        .filter(|(u, _)| {
            ctx.counter(u).is_some_and(|c| c.kind.is_ground() && c.kind != UnitType::Fortress && c.nation == c.side)
        })
        .map(|(u, _)| u.clone())
        .collect()
}

/// `remove UNIT` answering the Ottoman minus-one result (8.5).
pub fn apply_return_to_cup(
    ctx: &Ctx,
    state: &State,
    side: Side,
    units: &[UnitId],
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if !matches!(&state.decision, Some(Decision { by, kind: DecisionKind::ReturnToCup }) if *by == side) {
        return Err(RuleError::new("8.5", "no unit is owed back to the container now").into());
    }
    let [unit] = units else {
        return Err(RuleError::new("8.5", "exactly one unit goes back to the container").into());
    };
    if !returnable(ctx, state, side).contains(unit) {
        return Err(RuleError::new(
            "8.5",
            format!("`{unit}` is not one of your units on the map other than a fortress garrison"),
        )
        .into());
    }
    let mut s = state.clone();
    let from = s.units.insert(unit.clone(), Location::Pool);
    s.decision = None;
    let back =
        Happened::ReturnToCup { unit: Some(unit.clone()), from: Some(from), rule: Some("8.5".into()), units: None };
    log.push(back.event(format!("{} goes back into the Ottoman container (8.5)", unit_name(ctx, unit))));
    s.next_decision();
    Ok(s)
}
