//! The reinforcement draws (8.4, 8.5): the French cup, one unit a turn, and the Ottoman
//! container, a die minus two units and a second die for their area (8.6).

use super::container::returnable;
use super::unit_name;
use crate::ctx::Ctx;
use crate::data::{SetupCode, UnitType};
use crate::happened::{CupDraw, Happened};
use crate::state::{Decision, DecisionKind, Location, Phase, Side, State, UnitId};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};

/// How a side's reinforcements are generated (8.4, 8.5, 8.9, 8.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// One unit a turn drawn blind from a cup (8.4).
    OnePerTurn,
    /// A die minus two units drawn blind, a second die for the area (8.5).
    DieMinusTwo,
    /// A schedule on the Turn Record Track, nothing to draw (8.9, 8.10).
    Schedule,
}

/// The side's reinforcement procedure, from its counters: a `reinf` cup draws one a turn,
/// a `reinf-?`/`reinf-egypt`/`reinf-sp` container rolls a die (8.4, 8.5).
pub fn draw_kind(ctx: &Ctx, side: Side) -> Draw {
    let id = ctx.rules.side_id(side);
    let codes: Vec<&SetupCode> = ctx.counters.iter().filter(|c| c.side == id).map(|c| &c.setup).collect();
    if codes.iter().any(|c| matches!(c, SetupCode::ReinfAny | SetupCode::ReinfEgypt | SetupCode::ReinfSp)) {
        Draw::DieMinusTwo
    } else if codes.iter().any(|c| **c == SetupCode::Reinf) {
        Draw::OnePerTurn
    } else {
        Draw::Schedule
    }
}

/// The units in the side's cup or container, in id order (8.4, 8.5, 8.7). The British
/// "Random Event" units never go into it (8.8).
pub fn cup(ctx: &Ctx, state: &State, side: Side) -> Vec<UnitId> {
    let draw = draw_kind(ctx, side);
    state
        .units
        .iter()
        .filter(|(_, l)| **l == Location::Pool)
        .filter(|(u, _)| ctx.side_of(u) == Some(side))
        .filter(|(u, _)| {
            ctx.counter(u).is_some_and(|c| match draw {
                Draw::OnePerTurn => c.setup == SetupCode::Reinf,
                Draw::DieMinusTwo => c.setup != SetupCode::RandomEvent && c.nation == c.side,
                Draw::Schedule => false,
            })
        })
        .map(|(u, _)| u.clone())
        .collect()
}

/// Must the phasing side still make its reinforcement draw this phase (8.4, 8.5)?
pub fn draw_owed(ctx: &Ctx, state: &State) -> bool {
    state.phase == Phase::Reinforcement
        && state.turn >= 2
        && draw_kind(ctx, state.phasing) != Draw::Schedule
        && state.logistics.drawn != Some((state.turn, state.phasing))
}

/// Pick one unit of `from` at random with the dice (no die for a single unit).
fn pick(from: &[UnitId], dice: &mut dyn DiceSource) -> Result<(usize, Option<u32>), ApplyError> {
    if from.len() <= 1 {
        return Ok((0, None));
    }
    let die = dice.roll(from.len() as u32)?;
    Ok(((die - 1) as usize, Some(die)))
}

/// `roll` in the Reinforcement Arrival Phase: the French cup draw (8.4) or the Ottoman roll,
/// draws and area (8.5, 8.6).
pub fn apply_roll(
    ctx: &Ctx,
    state: &State,
    side: Side,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if state.phase != Phase::Reinforcement || side != state.phasing {
        return Err(RuleError::new("8.2", "reinforcements are drawn in the owner's Reinforcement Arrival Phase").into());
    }
    if state.turn < 2 {
        return Err(RuleError::new("8.1", "no reinforcement arrives before Game Turn 2").into());
    }
    if state.decision.is_some() {
        return Err(RuleError::new("8.2", "a decision is owed first").into());
    }
    if !draw_owed(ctx, state) {
        return Err(RuleError::new("8.2", "there is no reinforcement draw to make now").into());
    }
    let mut s = state.clone();
    s.logistics.drawn = Some((state.turn, side));
    let name = ctx.rules.side_name(side);
    match draw_kind(ctx, side) {
        Draw::OnePerTurn => {
            let pool = cup(ctx, state, side);
            if pool.is_empty() {
                let empty =
                    Happened::Draw { side, units: Some(Vec::new()), rule: None, cup: None, die: None, unit: None };
                log.push(empty.event(format!("The {name} reinforcement cup is empty (8.4)")));
            } else {
                let (i, die) = pick(&pool, dice)?;
                let unit = pool[i].clone();
                s.units.insert(unit.clone(), Location::Track(state.turn));
                let text = format!(
                    "{name} reinforcement draw (8.4) from {} units in the cup{}: {}",
                    pool.len(),
                    die.map_or(String::new(), |d| format!(", d{} rolled {d}", pool.len())),
                    unit_name(ctx, &unit)
                );
                let drawn = Happened::Draw {
                    side,
                    units: None,
                    rule: Some("8.4".into()),
                    cup: Some(pool),
                    die: Some(die),
                    unit: Some(unit),
                };
                log.push(drawn.event(text));
            }
        }
        Draw::DieMinusTwo => ottoman_roll(ctx, &mut s, side, dice, log)?,
        Draw::Schedule => {}
    }
    Ok(s)
}

/// The Ottoman reinforcement roll (8.5, 8.6): die minus two units drawn at random; a second
/// die for their area; minus one puts a unit of the player's choice back into the container.
fn ottoman_roll(
    ctx: &Ctx,
    s: &mut State,
    side: Side,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let die = dice.roll(6)?;
    let result = die as i32 - 2;
    if result <= 0 {
        let roll = Happened::ReinforcementRoll { rule: "8.5".into(), die, result, draws: None, units: None };
        log.push(roll.event(format!(
            "Ottoman reinforcement roll (8.5): die {die} - 2 = {result}: {}",
            if result == 0 {
                "no reinforcements"
            } else {
                "the Ottoman player returns a unit of his choice to the container"
            }
        )));
        if result < 0 {
            if returnable(ctx, s, side).is_empty() {
                let none = Happened::ReturnToCup { unit: None, from: None, rule: None, units: Some(Vec::new()) };
                log.push(none.event("No Ottoman unit on the map may go back to the container (8.5)"));
            } else {
                s.decision = Some(Decision { by: side, kind: DecisionKind::ReturnToCup });
            }
        }
        return Ok(());
    }
    let mut pool = cup(ctx, s, side);
    let mut drawn = Vec::new();
    let mut draws = Vec::new();
    for _ in 0..result {
        if pool.is_empty() {
            break;
        }
        let (i, d) = pick(&pool, dice)?;
        draws.push(CupDraw { faces: pool.len(), die: d, unit: pool[i].clone() });
        drawn.push(pool.remove(i));
    }
    let text = format!(
        "Ottoman reinforcement roll (8.5): die {die} - 2 = {result}; drawn at random: {}",
        if drawn.is_empty() { "none, the container is empty".to_string() } else { drawn.join(", ") }
    );
    let roll =
        Happened::ReinforcementRoll { rule: "8.5".into(), die, result, draws: Some(draws), units: Some(drawn.clone()) };
    log.push(roll.event(text));
    if drawn.is_empty() {
        return Ok(());
    }
    let Some(areas) = ctx.rules.draw_areas() else {
        return Err(RuleError::new("8.5", "this game has no reinforcement areas to roll for").into());
    };
    let area_die = dice.roll(6)?;
    let area = areas[((area_die - 1) / 2) as usize];
    let roll = Happened::Roll {
        purpose: "Ottoman reinforcement area".into(),
        rule: "8.5".into(),
        die: area_die,
        area: Some(area.into()),
    };
    log.push(roll.event(format!("Ottoman reinforcement area (8.5): die {area_die}: {}", area_name(ctx, area))));
    // An area that is a box takes the units at once; a gunboat needs a river there (8.6).
    // 16.0 1A: units with a printed area ("Reinf. Egypt", "Reinf. S-P") go there instead.
    let facts = ctx.rules;
    for unit in drawn {
        let gunboat = ctx.counter(&unit).is_some_and(|c| c.kind == UnitType::Gunboats);
        let printed = ctx.counter(&unit).and_then(|c| facts.printed_area(c));
        let area = printed.unwrap_or(area);
        let area_box = ctx.map.box_by_id(area);
        if let Some(b) = area_box {
            if gunboat && !b.river {
                let text = format!(
                    "{} cannot arrive in the {} box (no river there) and goes back to the container (8.6)",
                    unit_name(ctx, &unit),
                    b.name
                );
                log.push(Happened::DrawReturned { unit, rule: "8.6".into() }.event(text));
                continue;
            }
            s.units.insert(unit.clone(), Location::Box(b.id.clone()));
            let text = format!("{} arrives in the {} box (8.6)", unit_name(ctx, &unit), b.name);
            log.push(
                Happened::Enter { unit, to: Location::Box(b.id.clone()), rule: "8.6".into(), event: None }.event(text),
            );
        } else {
            let why = if printed.is_some() { "its printed area (16.0 1A)" } else { "the area rolled" };
            let text = format!(
                "{} is due in {area}, {why}: it enters there this phase or waits off-map until it can (8.2, 8.6)",
                unit_name(ctx, &unit)
            );
            let due = Happened::ArrivalArea {
                unit: unit.clone(),
                area: area.into(),
                printed: printed.is_some(),
                rule: "8.6".into(),
            };
            log.push(due.event(text));
            s.units.insert(unit.clone(), Location::Track(s.turn));
            s.logistics.arrivals.insert(unit, area.to_string());
        }
    }
    Ok(())
}

fn area_name(ctx: &Ctx, area: &str) -> String {
    ctx.map.box_by_id(area).map_or_else(|| area.to_string(), |b| b.name.clone())
}
