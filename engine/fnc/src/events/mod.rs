//! The Random Events Phase (6.0): one die on the game's table at the start of every game
//! turn after the first, the follow-on rolls of each event, the once-per-game and
//! once-per-calendar-year limits (6.2) and the choices events leave to the players.
//!
//! The choices are [`Decision`]s: units to recycle (answered by `remove`, see
//! [`apply_remove`]) and reinforcements to place at once (8.3, answered by `enter`, see
//! `crate::reinforcements::apply_enter`, or declined by `end`). Lasting effects go into
//! [`State::effects`] for the movement, combat, siege and supply rules to read.

pub use crate::games::random_events as table;

use crate::ctx::Ctx;
use crate::data::{SetupCode, UnitType};
use crate::happened::{EventEffect, Happened};
use crate::recycling;
use crate::state::{
    Decision, DecisionKind, Effect, LastingEffect, Location, Phase, Side, State, UnitId, UsedEvent, VpKind,
};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use table::{half_up, Limit, RandomEvent};

pub use table::{EC_TABLE, RSW_TABLE};

/// Victory points for the winner of the RSW naval victory (6.4 event 2).
pub const NAVAL_VICTORY_VP: i32 = 2;

/// The game's Random Events Table (6.3, 6.4).
pub fn table(ctx: &Ctx) -> &'static [RandomEvent; 6] {
    match ctx.game {
        crate::games::Game::Ec => &EC_TABLE,
        crate::games::Game::Rsw => &RSW_TABLE,
    }
}

/// The calendar year of a game turn, from the Turn Record Track (6.2).
fn year_of(ctx: &Ctx, turn: u8) -> Option<u16> {
    ctx.turn(turn).map(|t| t.year)
}

/// Has `event` already used up its limit (6.2)?
pub fn exhausted(ctx: &Ctx, state: &State, event: RandomEvent) -> bool {
    let earlier = state.events_used.iter().filter(|u| u.event == event.id());
    match event.limit() {
        Limit::Unlimited => false,
        Limit::OncePerGame => earlier.count() > 0,
        Limit::OncePerYear => {
            let year = year_of(ctx, state.turn);
            earlier.into_iter().any(|u| year_of(ctx, u.turn) == year)
        }
    }
}

/// The side's units now in play (on the map or in a box) that an event may make it recycle,
/// with at least `min_strength` combat factor (6.3 events 1 and 4, 6.4 event 1). Fleets are
/// markers, not units (10.2), and are never chosen.
pub fn recyclable_units(ctx: &Ctx, state: &State, side: Side, min_strength: u8) -> Vec<UnitId> {
    let side_id = ctx.rules.side_id(side);
    state
        .units
        .iter()
        .filter(|(_, loc)| matches!(loc, Location::Hex(_) | Location::Box(_)))
        .filter_map(|(id, _)| ctx.counters.get(id).map(|c| (id, c)))
        .filter(|(_, c)| c.side == side_id && c.kind.is_ground())
        .filter(|(_, c)| combat_factor(c) >= min_strength)
        .map(|(id, _)| id.clone())
        .collect()
}

/// A unit's combat factor for event 1 of 6.4: the larger of its attack and defense factors.
pub fn combat_factor(counter: &crate::data::Counter) -> u8 {
    counter.attack.unwrap_or(0).max(counter.defense)
}

/// Swedish militia units not yet in play (6.4 events 5 and 6: "if available").
pub fn available_militia(ctx: &Ctx, state: &State, side: Side) -> Vec<UnitId> {
    let side_id = ctx.rules.side_id(side);
    state
        .units
        .iter()
        .filter(|(_, loc)| **loc == Location::Pool)
        .filter_map(|(id, _)| ctx.counters.get(id).map(|c| (id, c)))
        .filter(|(_, c)| c.side == side_id && c.kind == UnitType::Militia)
        .map(|(id, _)| id.clone())
        .collect()
}

/// Future Swedish reinforcements, recycling units included (6.4 event 1): units set aside in
/// the pool or waiting on the Turn Record Track for a later turn.
pub fn future_reinforcements(ctx: &Ctx, state: &State, side: Side) -> Vec<UnitId> {
    let side_id = ctx.rules.side_id(side);
    state
        .units
        .iter()
        .filter(|(_, loc)| match loc {
            Location::Pool => true,
            Location::Track(t) => *t > state.turn,
            _ => false,
        })
        .filter_map(|(id, _)| ctx.counters.get(id).map(|c| (id, c)))
        .filter(|(_, c)| c.side == side_id && c.kind.is_ground())
        .map(|(id, _)| id.clone())
        .collect()
}

/// The British units an intervention brings (8.8): the Ottoman side's "Random Event" units.
pub fn british_units(ctx: &Ctx, state: &State) -> Vec<UnitId> {
    state
        .units
        .iter()
        .filter(|(id, loc)| {
            !matches!(loc, Location::Hex(_) | Location::Box(_) | Location::Eliminated)
                && ctx.counters.get(id).is_some_and(|c| c.setup == SetupCode::RandomEvent)
        })
        .map(|(id, _)| id.clone())
        .collect()
}

fn roll_event(dice: &mut dyn DiceSource, log: &mut Vec<Event>, purpose: &str, rule: &str) -> Result<u32, ApplyError> {
    let die = dice.roll(6)?;
    log.push(
        Happened::Roll { purpose: purpose.into(), rule: rule.into(), die, area: None }
            .event(format!("{purpose} ({rule}): die {die}")),
    );
    Ok(die)
}

/// `roll` in the Random Events Phase (6.1): roll on the game's table and carry out the event.
/// Either player may roll. Ends the phase unless the event leaves a choice owed.
pub fn apply_roll(
    ctx: &Ctx,
    state: &State,
    side: Side,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if state.phase != Phase::RandomEvents {
        return Err(RuleError::new("6.1", "random events are rolled only in the Random Events Phase").into());
    }
    if state.turn <= 1 {
        return Err(RuleError::new("5.3", "there is no Random Events Phase on Game Turn 1").into());
    }
    if state.decision.is_some() {
        return Err(RuleError::new("6.1", "the rolled event is still being carried out").into());
    }
    let mut s = state.clone();
    let die = dice.roll(6)?;
    let event = table(ctx)[(die - 1) as usize];
    let mut text = format!(
        "Random Events Table (6.1) rolled by the {} player: die {die}: {}",
        ctx.rules.side_name(side),
        event.name()
    );
    let last = ctx.last_turn();
    let no_event = if exhausted(ctx, state, event) {
        Some("6.2: it already happened within its limit, so No Event")
    } else if event == RandomEvent::Truce && state.turn >= last {
        Some("6.4: a Truce first rolled on the last turn is No Event")
    } else {
        None
    };
    if let Some(why) = no_event {
        text.push_str(&format!(" ({why})"));
        log.push(
            Happened::RandomEvent {
                die,
                event: event.id().into(),
                rule: event.rule().into(),
                no_event: Some(why.into()),
            }
            .event(text),
        );
        s.book.rolled = true;
        return Ok(s);
    }
    log.push(
        Happened::RandomEvent { die, event: event.id().into(), rule: event.rule().into(), no_event: None }.event(text),
    );
    s.book.rolled = true;
    s.events_used.push(UsedEvent { turn: state.turn, event: event.id().to_string() });
    resolve(ctx, &mut s, event, dice, log)?;
    s.next_decision();
    Ok(s)
}

/// Carry out an event that takes effect: its follow-on rolls, effects and owed choices.
fn resolve(
    ctx: &Ctx,
    s: &mut State,
    event: RandomEvent,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let first = Side::First;
    let second = Side::Second;
    let turn = s.turn;
    match event {
        RandomEvent::AntiFrenchRevolt => {
            let die =
                roll_event(dice, log, "Anti-French Revolt: French units to recycle, half the die rounded up", "6.3")?;
            owe_recycle(ctx, s, first, half_up(die), 0, event, log);
        }
        RandomEvent::Plague => {
            let a = roll_event(dice, log, "Plague: French units to recycle, half the die rounded up", "6.3")?;
            let b = roll_event(dice, log, "Plague: Ottoman units to recycle, half the die rounded up", "6.3")?;
            owe_recycle(ctx, s, first, half_up(a), 0, event, log);
            owe_recycle(ctx, s, second, half_up(b), 0, event, log);
        }
        RandomEvent::OttomanInfighting => {
            let Some(areas) = ctx.rules.infighting_areas() else {
                return Err(RuleError::new("6.3", "this game has no Ottoman Infighting event").into());
            };
            let die = roll_event(dice, log, "Ottoman Infighting: the area affected", "6.3")?;
            let area = areas[((die - 1) / 2) as usize];
            let fleet = die >= 5;
            log.push(Happened::Effect(EventEffect::Infighting { area: area.into(), fleet, turn }).event(format!(
                "Ottoman units in {area} may not move or attack this Ottoman player turn (6.3){}; British units are not affected",
                if fleet { "; the Ottoman fleet is affected too" } else { "" }
            )));
            s.effects.push(LastingEffect {
                effect: Effect::Infighting { side: second, area: area.to_string(), fleet },
                turn: Some(turn),
            });
        }
        RandomEvent::ChainOfCommand => {
            let die = roll_event(
                dice,
                log,
                "Disputes in Chain of Command: the side affected (1-2 French, 3-6 Ottomans and British)",
                "6.3",
            )?;
            let side = if die <= 2 { first } else { second };
            log.push(
                Happened::Effect(EventEffect::MovementMinusOne { side, turn }).event(format!(
                    "{} movement factors are reduced by one this turn (6.3)",
                    ctx.rules.side_name(side)
                )),
            );
            s.effects.push(LastingEffect { effect: Effect::MovementMinusOne(side), turn: Some(turn) });
        }
        RandomEvent::BritishIntervention => {
            s.effects.push(LastingEffect { effect: Effect::BritishIntervention, turn: None });
            let units = british_units(ctx, s);
            log.push(Happened::Effect(EventEffect::BritishIntervention { units: units.clone() }).event(format!(
                "The British intervene (6.3, 8.8): {} arrive now via a friendly Mediterranean port or the Anatolian box; Ottoman Mediterranean amphibious capacity becomes 12 (10.4); Ottoman units in ports are in supply (12.6)",
                if units.is_empty() { "no British units".to_string() } else { units.join(", ") }
            )));
            if !units.is_empty() {
                let count = units.len() as u8;
                s.owe(Decision {
                    by: second,
                    kind: DecisionKind::Place { units, count, reason: event.id().to_string() },
                });
            }
        }
        RandomEvent::NorwegianFront => {
            let die = roll_event(dice, log, "Norwegian Front: 1-3 the Swedes are winning, 4-6 losing", "6.4")?;
            let sweden = second;
            if die <= 3 {
                let units = future_reinforcements(ctx, s, sweden);
                if units.is_empty() {
                    log.push(
                        Happened::Effect(EventEffect::NorwegianFront { won: true, units: Some(Vec::new()) }).event(
                            "The Swedes are winning in Norway but have no future reinforcement to receive (6.4)",
                        ),
                    );
                } else {
                    log.push(Happened::Effect(EventEffect::NorwegianFront { won: true, units: Some(units.clone()) }).event(
                        "The Swedes are winning in Norway: they choose one future reinforcement to place in their box now (6.4, 8.3)",
                    ));
                    s.owe(Decision {
                        by: sweden,
                        kind: DecisionKind::Place { units, count: 1, reason: event.id().to_string() },
                    });
                }
            } else {
                log.push(Happened::Effect(EventEffect::NorwegianFront { won: false, units: None }).event(
                    "The Swedes are losing in Norway: they must recycle one unit with a combat factor of 3 or more (6.4)",
                ));
                owe_recycle(ctx, s, sweden, 1, 3, event, log);
            }
        }
        RandomEvent::NavalVictory => {
            let die = roll_event(dice, log, "Naval Victory: 1-3 Swedish, 4-6 Russian", "6.4")?;
            let winner = if die <= 3 { second } else { first };
            s.award_vp(winner, VpKind::Event, NAVAL_VICTORY_VP);
            s.effects.push(LastingEffect { effect: Effect::NavalVictory(winner), turn: None });
            log.push(Happened::Effect(EventEffect::NavalVictory { winner, vp: NAVAL_VICTORY_VP }).event(format!(
                "The {} win a naval victory (6.4): +{NAVAL_VICTORY_VP} VP; the {} may no longer conduct naval operations in the Gulf of Finland (fleet support, amphibious movement, port supply)",
                ctx.rules.side_name(winner),
                ctx.rules.side_name(winner.other())
            )));
        }
        RandomEvent::CommandShakeUp => {
            let die = roll_event(dice, log, "Command Shake-up: the side affected (1-2 Swedes, 3-6 Russians)", "6.4")?;
            let side = if die <= 2 { second } else { first };
            log.push(Happened::Effect(EventEffect::MovementHalved { side, turn }).event(format!(
                "{} movement factors are halved, rounding up, this turn (6.4)",
                ctx.rules.side_name(side)
            )));
            s.effects.push(LastingEffect { effect: Effect::MovementHalved(side), turn: Some(turn) });
        }
        RandomEvent::Truce => {
            log.push(
                Happened::Effect(EventEffect::Truce { turn }).event("Truce (6.4): no attacks and no sieges this turn"),
            );
            s.effects.push(LastingEffect { effect: Effect::Truce, turn: Some(turn) });
        }
        RandomEvent::Volunteers => {
            owe_militia(ctx, s, second, 1, event, log);
        }
        RandomEvent::Uprising => {
            let die = roll_event(dice, log, "Uprising: Swedish militia units received", "6.4")?;
            owe_militia(ctx, s, second, die, event, log);
        }
    }
    Ok(())
}

/// Owe `side` the recycling of `wanted` units of its choice (at most the units it has).
fn owe_recycle(
    ctx: &Ctx,
    s: &mut State,
    side: Side,
    wanted: u32,
    min_strength: u8,
    event: RandomEvent,
    log: &mut Vec<Event>,
) {
    let available = recyclable_units(ctx, s, side, min_strength).len() as u32;
    let count = wanted.min(available);
    let owed = Happened::OwedRecycling { side, due: wanted, count, min_strength, event: event.id().into() };
    log.push(owed.event(format!(
        "The {} player must recycle {count} unit(s) of his choice ({}: {wanted} due, {available} eligible)",
        ctx.rules.side_name(side),
        event.name()
    )));
    if count > 0 {
        s.owe(Decision {
            by: side,
            kind: DecisionKind::Recycle { count: count as u8, min_strength, reason: event.id().to_string() },
        });
    }
}

/// Owe `side` the placement of up to `wanted` militia units now (6.4 events 5 and 6, 8.3).
fn owe_militia(ctx: &Ctx, s: &mut State, side: Side, wanted: u32, event: RandomEvent, log: &mut Vec<Event>) {
    let units = available_militia(ctx, s, side);
    let count = (wanted as usize).min(units.len());
    let (due, available) = (wanted, units.clone());
    // Only the two militia events (6.4 events 5 and 6) owe militia.
    debug_assert!(matches!(event, RandomEvent::Volunteers | RandomEvent::Uprising), "{event:?} owes no militia");
    let effect = if event == RandomEvent::Uprising {
        EventEffect::Uprising { due, available, count }
    } else {
        EventEffect::Volunteers { due, available, count }
    };
    log.push(Happened::Effect(effect).event(format!(
        "{} (6.4): {wanted} militia unit(s) due, {} available; the {} player places {count} now (8.3)",
        event.name(),
        units.len(),
        ctx.rules.side_name(side)
    )));
    if count > 0 {
        s.owe(Decision {
            by: side,
            kind: DecisionKind::Place { units, count: count as u8, reason: event.id().to_string() },
        });
    }
}

/// `remove UNITS` answering an event's recycling decision (6.3 events 1 and 4, 6.4 event 1):
/// exactly the owed number of the side's own units in play, each with the required combat
/// factor. The units are eliminated and go through recycling (8.11-8.13).
pub fn apply_remove(
    ctx: &Ctx,
    state: &State,
    side: Side,
    units: &[UnitId],
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let Some(Decision { by, kind: DecisionKind::Recycle { count, min_strength, reason } }) = &state.decision else {
        return Err(RuleError::new("6.2", "no recycling is owed now").into());
    };
    // The rule of the event that owes the choice (6.3 or 6.4).
    let rule = RandomEvent::from_id(reason).map_or("6.2", RandomEvent::rule);
    if *by != side {
        return Err(RuleError::new(rule, "the other player chooses the units to recycle").into());
    }
    let eligible = recyclable_units(ctx, state, side, *min_strength);
    let mut seen = std::collections::BTreeSet::new();
    for u in units {
        if !seen.insert(u) {
            return Err(RuleError::new("input", format!("unit `{u}` is named twice")).into());
        }
        if !eligible.contains(u) {
            return Err(RuleError::new(
                rule,
                format!(
                    "`{u}` is not one of your units in play{}",
                    if *min_strength > 0 {
                        format!(" with a combat factor of {min_strength} or more")
                    } else {
                        String::new()
                    }
                ),
            )
            .into());
        }
    }
    if units.len() != usize::from(*count) {
        return Err(
            RuleError::new(rule, format!("exactly {count} unit(s) must be recycled, not {}", units.len())).into()
        );
    }
    let reason = reason.clone();
    let mut s = state.clone();
    s.decision = None;
    let cause = RandomEvent::from_id(&reason).map_or(reason.clone(), |e| format!("{} ({})", e.name(), e.rule()));
    recycling::eliminate(ctx, &mut s, units, &cause, dice, log)?;
    s.next_decision();
    Ok(s)
}

impl RandomEvent {
    /// The event with this id.
    pub fn from_id(id: &str) -> Option<RandomEvent> {
        EC_TABLE.iter().chain(RSW_TABLE.iter()).copied().find(|e| e.id() == id)
    }
}

/// Every set of units the side may recycle for an event (6.3, 6.4), in the order of the
/// units' ids, each checked by [`apply_remove`].
pub fn recycling_choices(ctx: &Ctx, state: &State, side: Side) -> Vec<crate::command::Command> {
    let Some(Decision { kind: DecisionKind::Recycle { count, min_strength, .. }, .. }) = &state.decision else {
        return Vec::new();
    };
    let units = recyclable_units(ctx, state, side, *min_strength);
    crate::choices::choose(&units, usize::from(*count), crate::choices::MAX_LISTED)
        .into_iter()
        .filter(|units| {
            crate::choices::accepted(apply_remove(
                ctx,
                state,
                side,
                units,
                &mut grognard_engine::NoDice,
                &mut Vec::new(),
            ))
        })
        .map(|units| crate::command::Command::Remove { units })
        .collect()
}
