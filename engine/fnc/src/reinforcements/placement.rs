//! Entering reinforcements (8.2) and placing the units a random event brings (8.3).

use super::draw::draw_owed;
use super::entry::{check_place, entry_places};
use super::{due_units, unit_name};
use crate::command::Place;
use crate::control;
use crate::ctx::Ctx;
use crate::happened::Happened;
use crate::state::{Decision, DecisionKind, Location, Phase, Side, State, UnitId};
use grognard_engine::{ApplyError, Event, RuleError};

/// `enter UNIT HEX|BOX`: a due reinforcement or recycled unit enters in its side's
/// Reinforcement Arrival Phase (8.2), or a unit an event brought is placed at once (8.3).
pub fn apply_enter(
    ctx: &Ctx,
    state: &State,
    side: Side,
    unit: &UnitId,
    to: &Place,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if ctx.side_of(unit) != Some(side) {
        return Err(RuleError::new("8.2", format!("`{unit}` is not one of your units")).into());
    }
    let event = match &state.decision {
        Some(Decision { by, kind: DecisionKind::Place { units, reason, .. } }) => {
            if *by != side {
                return Err(RuleError::new("8.3", "the other player is placing reinforcements now").into());
            }
            if !units.contains(unit) {
                return Err(RuleError::new("8.3", format!("`{unit}` is not one of the units the event brings")).into());
            }
            Some(reason.clone())
        }
        Some(_) => return Err(RuleError::new("8.2", "a decision is owed first").into()),
        None => {
            if state.phase != Phase::Reinforcement || side != state.phasing {
                return Err(
                    RuleError::new("8.2", "reinforcements enter in their owner's Reinforcement Arrival Phase").into()
                );
            }
            if draw_owed(ctx, state) {
                return Err(RuleError::new("8.2", "make the reinforcement draw (`roll`) first").into());
            }
            if !due_units(ctx, state, side).contains(unit) {
                return Err(RuleError::new("8.2", format!("`{unit}` is not due to enter this turn")).into());
            }
            None
        }
    };
    check_place(ctx, state, side, unit, to, event.as_deref())?;
    let mut s = state.clone();
    let loc = match to {
        Place::Hex(h) => Location::Hex(*h),
        Place::Box(b) => Location::Box(b.clone()),
    };
    s.units.insert(unit.clone(), loc.clone());
    s.logistics.arrivals.remove(unit);
    // Placed, not moved: no water route brought it there (11.23 stricture 6).
    s.water_routes.remove(unit);
    let rule = if event.is_some() { "8.3" } else { "8.2" };
    log.push(
        Happened::Enter { unit: unit.clone(), to: loc, rule: rule.into(), event: Some(event) }
            .event(format!("{} enters at {to} ({rule})", unit_name(ctx, unit))),
    );
    if let Place::Hex(h) = to {
        control::pass_through(ctx, &mut s, side, *h, log);
    }
    if let Some(Decision { kind: DecisionKind::Place { units, count, .. }, .. }) = &mut s.decision {
        units.retain(|u| u != unit);
        *count = count.saturating_sub(1);
    }
    finish_placement_if_done(ctx, &mut s, side, log);
    Ok(s)
}

/// End an event's placement decision when nothing more is to be placed or nothing more can
/// be: units still unplaced wait off-map for a later Reinforcement Arrival Phase (8.2, 8.3).
fn finish_placement_if_done(ctx: &Ctx, s: &mut State, side: Side, log: &mut Vec<Event>) {
    let Some(Decision { kind: DecisionKind::Place { units, count, reason }, .. }) = s.decision.clone() else { return };
    let can_place = units.iter().any(|u| !entry_places(ctx, s, side, u).is_empty());
    if count > 0 && can_place {
        return;
    }
    park_unplaced(s, &units, count, &reason, log);
    s.decision = None;
    s.next_decision();
}

/// Units an event brought but that were not placed. The British of an intervention (8.8)
/// have arrived and wait off-map as due reinforcements (8.2: blocked entry); for events that
/// offer a choice among candidates (militia, a future reinforcement), the candidates not
/// taken stay where they were.
fn park_unplaced(s: &mut State, units: &[UnitId], count: u8, reason: &str, log: &mut Vec<Event>) {
    if count == 0 {
        return;
    }
    if reason == crate::games::random_events::RandomEvent::BritishIntervention.id() {
        for u in units {
            s.units.insert(u.clone(), Location::Track(s.turn));
        }
        log.push(Happened::Blocked { units: units.to_vec(), rule: "8.2".into(), count: None, event: None }.event(
            format!(
                "{} could not be placed now and wait off-map for a later Ottoman Reinforcement Arrival Phase (8.2)",
                units.join(", ")
            ),
        ));
    } else {
        log.push(
            Happened::Blocked {
                units: units.to_vec(),
                rule: "8.3".into(),
                count: Some(count),
                event: Some(reason.into()),
            }
            .event(format!("{count} unit(s) the event brought could not be placed or were declined (8.2, 8.3)")),
        );
    }
}

/// `end` while an event's placement is owed: the player places no more of its units now (8.2
/// voluntary withholding).
pub fn apply_decline(state: &State, side: Side, log: &mut Vec<Event>) -> Result<State, ApplyError> {
    let Some(Decision { by, kind: DecisionKind::Place { units, count, reason } }) = &state.decision else {
        return Err(RuleError::new("8.3", "no event reinforcements are being placed").into());
    };
    if *by != side {
        return Err(RuleError::new("8.3", "the other player is placing reinforcements now").into());
    }
    let mut s = state.clone();
    let (units, count, reason) = (units.clone(), *count, reason.clone());
    park_unplaced(&mut s, &units, count, &reason, log);
    s.decision = None;
    s.next_decision();
    Ok(s)
}
