//! Advance after combat (11.25, 13.3), the SC overrun (14.3) and Fort De markers (13.4).

use super::steps::{eliminate, hex_cleared, surviving_attackers, surviving_defenders};
use super::terrain::gunboat_link;
use crate::battle::Battle;
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::happened::Happened;
use crate::state::{Decision, DecisionKind, Location, Side, State, UnitId};
use grognard_board::{Barrier, HexId};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};

/// May this surviving attacker advance into the battle's hex? It must stand next to it, be
/// able to move, not be parted from it by open sea, and could have entered it: gunboats along the water (11.26), British units
/// only on the coast (8.8), no border crossing on game turn 1 (5.3).
fn may_advance(ctx: &Ctx, state: &State, side: Side, unit: &str, hex: HexId) -> bool {
    let Some(Location::Hex(at)) = state.location(unit).cloned() else { return false };
    let Some(counter) = ctx.counter(unit) else { return false };
    if !at.is_adjacent(hex) || counter.movement == 0 || counter.kind == UnitType::Fleet {
        return false;
    }
    if ctx.map.hexside(at, hex).barrier == Some(Barrier::Sea) {
        return false;
    }
    if counter.kind == UnitType::Gunboats
        && (!gunboat_link(ctx, at, hex)
            || !ctx.rules.river_movement_allowed(side, crate::calendar::is_winter(ctx, state)))
    {
        return false;
    }
    if let Some((nation, waters)) = ctx.rules.coast_bound() {
        if counter.nation == nation && !coastal_for(ctx, hex, waters) {
            return false;
        }
    }
    if state.turn == 1 && ctx.rules.first_turn_border_side() == Some(side) && ctx.map.hexside(at, hex).border.is_some()
    {
        return false;
    }
    true
}

/// Is `hex` on the shore of one of `waters`, the coast a coast-bound nation keeps to (8.8,
/// 16.0 2A: the Mediterranean and Lakes Bourlos and Menzoleh, never the gulfs)?
pub fn coastal_for(ctx: &Ctx, hex: HexId, waters: &[&str]) -> bool {
    ctx.on_shore_of(hex, waters)
}

/// The advance step: when the hex is vacated and attackers could enter it, the attacker
/// may advance (a decision); otherwise nothing happens.
pub fn step(
    ctx: &Ctx,
    state: &mut State,
    battle: &Battle,
    _dice: &mut dyn DiceSource,
    _log: &mut Vec<Event>,
) -> Result<Option<Decision>, ApplyError> {
    if !hex_cleared(ctx, state, battle) {
        return Ok(None);
    }
    let units: Vec<UnitId> = surviving_attackers(state, battle)
        .into_iter()
        .filter(|u| may_advance(ctx, state, battle.attacker, u, battle.hex))
        .collect();
    if units.is_empty() {
        return Ok(None);
    }
    Ok(Some(Decision { by: battle.attacker, kind: DecisionKind::Advance { hex: battle.hex, units } }))
}

/// Move `units` into the battle's hex: a lone SC there is eliminated (14.3), and a fortress
/// taken by storm gets its Fort De marker (13.4; not after a siege, 13.3).
pub fn enter(
    ctx: &Ctx,
    state: &mut State,
    battle: &Battle,
    units: &[UnitId],
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let sc: Vec<UnitId> = surviving_defenders(state, battle);
    if !sc.is_empty() {
        log.push(
            Happened::ScOverrun { hex: battle.hex, units: sc.clone(), rule: "14.3".into() }
                .event(format!("The SC alone in {} is overrun: automatic DC (14.3)", battle.hex)),
        );
        eliminate(ctx, state, &sc, "SC overrun (14.3)", dice, log)?;
    }
    for u in units {
        if ctx.counter(u).is_some_and(|c| c.kind == UnitType::Gunboats) {
            super::water_route::after_advance(state, u, battle.hex);
        }
        state.units.insert(u.clone(), Location::Hex(battle.hex));
    }
    if battle.fortress && !battle.siege && state.fort_destroyed.insert(battle.hex) {
        log.push(
            Happened::FortDestroyed { hex: battle.hex, rule: "13.4".into() }
                .event(format!("The fortress of {} is taken by storm: Fort De marker placed (13.4)", battle.hex)),
        );
    }
    Ok(())
}

/// Answer an advance decision (11.25): `units` advance (none = stay). Stacking is observed.
pub fn apply(
    ctx: &Ctx,
    state: &State,
    side: Side,
    units: &[UnitId],
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let Some(Decision { by, kind: DecisionKind::Advance { hex, units: allowed } }) = &state.decision else {
        return Err(RuleError::new("11.25", "no advance after combat is pending").into());
    };
    let battle = super::steps::pending_battle(state, "11.25")?;
    if *by != side {
        return Err(RuleError::new("11.25", "only the victorious attacker advances after combat").into());
    }
    let mut seen = Vec::new();
    for u in units {
        if !allowed.contains(u) {
            return Err(RuleError::new("11.25", format!("{u} may not advance into {hex}")).into());
        }
        if seen.contains(u) {
            return Err(RuleError::new("11.25", format!("{u} is named twice")).into());
        }
        seen.push(u.clone());
    }
    let mut next = state.clone();
    if units.is_empty() {
        log.push(
            Happened::Advance { hex: *hex, units: Vec::new(), rule: "11.25".into() }
                .event(format!("The {} player does not advance into {hex} (11.25)", ctx.rules.side_name(side))),
        );
    } else {
        let friendly: Vec<&str> = state
            .units_in(*hex)
            .into_iter()
            .filter(|u| ctx.side_of(u) == Some(side))
            .map(String::as_str)
            .chain(units.iter().map(String::as_str))
            .collect();
        crate::stacking::check_stack(ctx, state, *hex, &friendly)?;
        let from: Vec<String> = units
            .iter()
            .map(|u| match state.location(u).and_then(Location::hex) {
                Some(h) => format!("{u} from {h}"),
                None => u.clone(),
            })
            .collect();
        log.push(Happened::Advance { hex: *hex, units: units.to_vec(), rule: "11.25".into() }.event(format!(
            "The {} player advances into {hex} with {} (11.25{})",
            ctx.rules.side_name(side),
            from.join(", "),
            if battle.siege { ", 13.3" } else { "" }
        )));
        enter(ctx, &mut next, &battle, units, dice, log)?;
    }
    super::steps::answered(ctx, &mut next, dice, log)?;
    Ok(next)
}
