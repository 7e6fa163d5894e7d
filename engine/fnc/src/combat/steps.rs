//! Carrying out a combat result step by step (11.12): losses, retreat, the fate of an
//! invasion force, advance after combat. A step that leaves the owner no choice is done at
//! once; otherwise the owner owes a decision and the battle waits for it.

use super::advance;
use super::losses::{minimal_choices, required_strength, LossCandidate, LossRequirement};
use super::retreat;
use crate::battle::{Battle, Step};
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::happened::{ChosenBy, Happened};
use crate::state::{Decision, DecisionKind, Location, Side, State, UnitId, VpKind};
use grognard_board::HexId;
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};

/// Units lost in combat are eliminated and recycled like any others (8.11-8.13).
pub use crate::recycling::eliminate;

/// The attackers of `battle` still in play (on the map or offshore).
pub fn surviving_attackers(state: &State, battle: &Battle) -> Vec<UnitId> {
    battle
        .attackers
        .iter()
        .filter(|u| matches!(state.location(u), Some(Location::Hex(_) | Location::Offshore { .. })))
        .cloned()
        .collect()
}

/// The defenders of `battle` still in its hex.
pub fn surviving_defenders(state: &State, battle: &Battle) -> Vec<UnitId> {
    battle.defenders.iter().filter(|u| state.location(u) == Some(&Location::Hex(battle.hex))).cloned().collect()
}

/// Is the battle's hex clear of defenders? The SC alone does not hold a hex: advancing
/// into it is an automatic DC (14.3).
pub fn hex_cleared(ctx: &Ctx, state: &State, battle: &Battle) -> bool {
    surviving_defenders(state, battle).iter().all(|u| ctx.counter(u).is_some_and(|c| c.kind == UnitType::Sc))
}

/// The units a side may give up for a loss step, with their ordering rules.
pub fn loss_candidates(ctx: &Ctx, state: &State, battle: &Battle, attacker: bool) -> Vec<LossCandidate<UnitId>> {
    let units = if attacker { surviving_attackers(state, battle) } else { surviving_defenders(state, battle) };
    units
        .into_iter()
        .map(|u| {
            let counter = ctx.counter(&u);
            let kind = counter.map(|c| c.kind);
            let strength =
                counter.map_or(0, |c| if attacker { c.attack.map_or(0, u32::from) } else { u32::from(c.defense) });
            let first = attacker && battle.engineer.as_ref() == Some(&u);
            // 11.8: attacking siege trains go last in an attack on a fortress; 14.3: the SC
            // goes last.
            let last =
                kind == Some(UnitType::Sc) || (attacker && battle.fortress && kind == Some(UnitType::SiegeTrain));
            LossCandidate { unit: u, strength, first, last }
        })
        .collect()
}

fn side_name(ctx: &Ctx, side: Side) -> &'static str {
    ctx.rules.side_name(side)
}

/// Carry out the steps of the pending battles until one needs a player's decision or all
/// are done.
pub fn proceed(
    ctx: &Ctx,
    state: &mut State,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    state.decision = None;
    loop {
        let Some(battle) = state.battles.first().cloned() else { return Ok(()) };
        let Some(step) = battle.steps.first().copied() else {
            state.battles.remove(0);
            continue;
        };
        if let Some(decision) = run_step(ctx, state, &battle, step, dice, log)? {
            state.decision = Some(decision);
            return Ok(());
        }
        finish_step(state);
    }
}

/// The battle whose step is waiting for a decision; refused under `rule` when there is none.
pub fn pending_battle(state: &State, rule: &str) -> Result<Battle, ApplyError> {
    state.battles.first().cloned().ok_or_else(|| RuleError::new(rule, "no battle is pending").into())
}

/// The pending battle's current step has been answered: drop it and carry on (see [`proceed`]).
pub fn answered(
    ctx: &Ctx,
    state: &mut State,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    finish_step(state);
    proceed(ctx, state, dice, log)
}

/// Drop the current step of the first pending battle.
fn finish_step(state: &mut State) {
    if let Some(b) = state.battles.first_mut() {
        if !b.steps.is_empty() {
            b.steps.remove(0);
        }
    }
}

/// Do one step; `Some(decision)` when it waits for a player.
fn run_step(
    ctx: &Ctx,
    state: &mut State,
    battle: &Battle,
    step: Step,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<Option<Decision>, ApplyError> {
    match step {
        Step::AttackerLosses(req) => losses_step(ctx, state, battle, true, req, dice, log),
        Step::DefenderLosses(req) => losses_step(ctx, state, battle, false, req, dice, log),
        Step::Retreat => retreat::step(ctx, state, battle, dice, log),
        Step::BattleVp { winner, points, loser_strength, ruins } => {
            state.award_vp(winner, VpKind::Battle, points as i32);
            let vp = Happened::Vp {
                kind: VpKind::Battle,
                side: winner,
                points,
                loser_strength,
                ruins,
                rule: "11.13".into(),
            };
            log.push(vp.event(format!(
                "The {} player gains {points} battle VP (the beaten force had {loser_strength} strength points{}) (11.13)",
                side_name(ctx, winner),
                if ruins { ", doubled for ruins" } else { "" }
            )));
            Ok(None)
        }
        Step::Invasion => {
            invasion_step(ctx, state, battle, dice, log)?;
            Ok(None)
        }
        Step::Advance => advance::step(ctx, state, battle, dice, log),
    }
}

fn losses_step(
    ctx: &Ctx,
    state: &mut State,
    battle: &Battle,
    attacker: bool,
    req: LossRequirement,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<Option<Decision>, ApplyError> {
    let candidates = loss_candidates(ctx, state, battle, attacker);
    let side = if attacker { battle.attacker } else { battle.attacker.other() };
    let involved: u32 = candidates.iter().map(|c| c.strength).sum();
    let needed = required_strength(req, involved);
    let choices = minimal_choices(req, &candidates, 2);
    let rule = result_rule(&battle.result);
    let owed = match req {
        LossRequirement::All => "every involved unit".to_string(),
        LossRequirement::Percent(p) => {
            format!("units printed at {p}% or more of {involved} involved strength points: {needed}")
        }
        LossRequirement::None => "nothing".to_string(),
    };
    match choices.as_slice() {
        [] => Ok(None),
        [only] => {
            let units: Vec<UnitId> = only.iter().map(|i| candidates[*i].unit.clone()).collect();
            if units.is_empty() {
                return Ok(None);
            }
            let forced = Happened::Losses {
                hex: battle.hex,
                side,
                units: units.clone(),
                required: needed,
                involved,
                chosen_by: ChosenBy::Forced,
                rule: rule.into(),
            };
            log.push(forced.event(format!(
                "{} ({rule}): the {} player owes {owed}; he loses {} (no other choice, 11.21)",
                battle.result,
                side_name(ctx, side),
                units.join(", "),
            )));
            eliminate(ctx, state, &units, &format!("{} in the battle for {}", battle.result, battle.hex), dice, log)?;
            Ok(None)
        }
        _ => {
            let owed_event =
                Happened::LossesOwed { hex: battle.hex, side, required: needed, involved, rule: rule.into() };
            log.push(owed_event.event(format!(
                "{} ({rule}): the {} player owes {owed}, and chooses which units (11.21)",
                battle.result,
                side_name(ctx, side)
            )));
            Ok(Some(Decision {
                by: side,
                kind: DecisionKind::Losses {
                    hex: battle.hex,
                    units: candidates.iter().map(|c| c.unit.clone()).collect(),
                    strength: u16::try_from(needed).unwrap_or(u16::MAX),
                },
            }))
        }
    }
}

/// The rule of a combat result (11.14-11.20), by its code.
pub fn result_rule(code: &str) -> &'static str {
    match code {
        "AC" => "11.14",
        "AR" => "11.15",
        "AES" => "11.16",
        "BB" => "11.17",
        "DC" => "11.18",
        "DR" => "11.19",
        "DES" => "11.20",
        _ => "11.21",
    }
}

/// 10.3: when the invaded hex is cleared the invasion force comes ashore; otherwise it is
/// eliminated, over and above the result's losses.
fn invasion_step(
    ctx: &Ctx,
    state: &mut State,
    battle: &Battle,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let survivors: Vec<UnitId> = battle
        .invasion
        .iter()
        .filter(|u| matches!(state.location(u), Some(Location::Offshore { .. })))
        .cloned()
        .collect();
    if survivors.is_empty() {
        return Ok(());
    }
    if hex_cleared(ctx, state, battle) {
        log.push(
            Happened::InvasionLanded { hex: battle.hex, units: survivors.clone(), rule: "10.3".into() }.event(format!(
                "The invasion force ({}) comes ashore in {} (10.3)",
                survivors.join(", "),
                battle.hex
            )),
        );
        advance::enter(ctx, state, battle, &survivors, dice, log)?;
    } else {
        log.push(Happened::InvasionFailed { hex: battle.hex, units: survivors.clone(), rule: "10.3".into() }.event(
            format!(
                "The invasion of {} failed to clear the hex: the invasion force ({}) is eliminated (10.3)",
                battle.hex,
                survivors.join(", ")
            ),
        ));
        eliminate(ctx, state, &survivors, &format!("failed invasion of {}", battle.hex), dice, log)?;
    }
    Ok(())
}

/// The hexes the attacking force's surviving units stand in (11.23 stricture 3).
pub fn attacker_positions(state: &State, battle: &Battle) -> Vec<HexId> {
    let mut hexes: Vec<HexId> = surviving_attackers(state, battle)
        .iter()
        .filter_map(|u| match state.location(u) {
            Some(Location::Hex(h)) => Some(*h),
            Some(Location::Offshore { sea, .. }) => Some(*sea),
            _ => None,
        })
        .collect();
    hexes.sort();
    hexes.dedup();
    hexes
}
