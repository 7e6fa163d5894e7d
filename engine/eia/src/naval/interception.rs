//! Naval interception (6.2.3): a stack entering a sea zone may be intercepted by enemy stacks
//! in that zone, in the zones next to it and in the unblockaded ports whose boxes touch it
//! (6.2.3.1, 6.2.3.1.2.2); a stack entering a blockade box by the enemy stacks in that box,
//! automatically if they wish (6.2.3.1.2.3, 6.2.3.2.1). The powers are asked in the naval order
//! of 6.1 (6.2.3.1.1); each chooses one stack (6.2.3.1.2.5). At sea a die decides
//! (6.2.3.2.2: reconstructed, a success on 1-2, R6.2.3.2.2; NELSON takes one off, 6.2.3.2.3).
//! A successful interceptor joins the moving stack and fights it at once, as the attacker
//! (6.2.3.2.4, 6.2.3.3, 6.3.1.1); the mover goes on only if it wins (6.2.3.4).

use crate::ctx::Ctx;
use crate::naval::places::{self, passage};
use crate::naval::{combat, retreat, Battle, Decision, Role, Voyage};
use crate::power::Power;
use crate::state::{FleetPlace, State};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde_json::json;

/// Is `power` an enemy of the moving stack: at war with one of its fleets or with a corps it
/// carries (6.2.3.1)?
pub fn enemy_of_stack(state: &State, power: Power, fleets: &[String]) -> bool {
    let fleet_enemy = fleets.iter().filter_map(|f| state.fleets.get(f)).any(|f| state.enemy_of(power, &f.nation));
    let corps_enemy = state
        .corps
        .values()
        .any(|c| c.aboard.as_ref().is_some_and(|f| fleets.contains(f)) && state.enemy_of(power, c.side()));
    fleet_enemy || corps_enemy
}

/// The fleets of `power`'s stack at `place` that may still intercept this sequence.
pub fn stack_at(state: &State, power: Power, place: &FleetPlace) -> Vec<String> {
    places::side_fleets(state, power, place).into_iter().filter(|f| !state.book.naval.beaten.contains(f)).collect()
}

/// The places from which `power` could intercept a stack entering `at` (6.2.3.1.2).
pub fn interception_places(ctx: &Ctx, state: &State, power: Power, at: &FleetPlace) -> Vec<FleetPlace> {
    let mut candidates: Vec<FleetPlace> = Vec::new();
    match at {
        FleetPlace::Sea(t) => {
            candidates.push(at.clone());
            candidates.extend(ctx.map.sea_neighbours(t).iter().map(|n| FleetPlace::Sea(n.clone())));
            for p in ctx.map.ports_on(t) {
                if !places::blockaded_against(state, power, &p.area) {
                    candidates.push(FleetPlace::Port(p.area.clone()));
                }
            }
        }
        FleetPlace::Blockade(_) => candidates.push(at.clone()),
        FleetPlace::Port(_) => {}
    }
    candidates
        .into_iter()
        .filter(|from| !stack_at(state, power, from).is_empty())
        .filter(|from| {
            if from == at {
                return !places::iced(ctx, state, at);
            }
            // The interceptor must be able to reach the stack (6.2.3.1.2.4, 6.2.1.4): out of a
            // port through its box, or from the next sea zone.
            match from {
                FleetPlace::Port(p) => {
                    let bx = FleetPlace::Blockade(p.clone());
                    passage(ctx, state, power, from, &bx, false).is_ok()
                        && passage(ctx, state, power, &bx, at, false).is_ok()
                }
                _ => passage(ctx, state, power, from, at, false).is_ok(),
            }
        })
        .collect()
}

/// The next power to ask whether it intercepts the voyage at its place, in the order of 6.1.
pub fn next_decision(ctx: &Ctx, state: &State, v: &Voyage) -> Option<Decision> {
    let mut order: Vec<Power> = state.sequence.order.clone();
    for p in crate::turn::present(state) {
        if !order.contains(&p) {
            order.push(p);
        }
    }
    order
        .into_iter()
        .filter(|p| *p != v.power && !v.asked.contains(p) && enemy_of_stack(state, *p, &v.fleets))
        .find_map(|p| {
            let from = interception_places(ctx, state, p, &v.at);
            (!from.is_empty()).then_some(Decision::Intercept { power: p, from })
        })
}

/// `intercept PLACE [declaring war]` or `intercept none` (`None`): the answer of the power
/// asked. Declaring war on a stack of a power it is not at war with (6.3.1.2.2), the war
/// begins as the interception is tried; without, the interception is an attack without a
/// declaration (6.3.1.2.1).
pub fn answer(
    ctx: &Ctx,
    state: &State,
    power: Power,
    (place, declaring): (Option<&str>, bool),
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let Some(Decision::Intercept { power: asked, from }) = &state.book.naval.decision else {
        return Err(RuleError::new("6.2.3", "no interception is offered now").into());
    };
    if *asked != power {
        return Err(RuleError::new("6.2.3", format!("{} is asked, not {}", asked.name(), power.name())).into());
    }
    let v = state.book.naval.voyage.clone().ok_or_else(|| RuleError::new("6.2.3", "no stack is moving"))?;
    let mut next = state.clone();
    next.book.naval.decision = None;
    let mut voyage = v.clone();
    voyage.asked.push(power);
    let Some(place) = place else {
        log.push(Event::new(
            format!("{} does not intercept {}'s stack in {}", power.name(), v.power.name(), places::name(ctx, &v.at)),
            json!({"kind": "no-interception", "power": power, "at": v.at, "rule": "6.2.3"}),
        ));
        next.book.naval.voyage = Some(voyage);
        crate::naval::movement::proceed(ctx, &mut next, log);
        return Ok(next);
    };
    let source = places::resolve(ctx, place)?;
    if !from.contains(&source) {
        let offered: Vec<String> = from.iter().map(places::token).collect();
        return Err(RuleError::new(
            "6.2.3.1.2",
            format!("{} may intercept only from {}", power.name(), offered.join(", ")),
        )
        .into());
    }
    crate::naval::attack::declaration(ctx, state, power, v.power, declaring)?;
    if declaring {
        log.push(Event::new(
            format!("{} declares war on {} at sea; no allies are called (6.3.1.2.2)", power.name(), v.power.name()),
            json!({"kind": "declaration", "by": power, "on": v.power, "rule": "6.3.1.2.2"}),
        ));
        crate::politics::declaration::war_on_major(ctx, &mut next, power, v.power, "6.3.1.2.2", log);
    }
    let interceptors = stack_at(state, power, &source);
    // 6.2.3.2.1: automatic in a blockade box; 6.2.3.2.2: a die at sea.
    let automatic = matches!(v.at, FleetPlace::Blockade(_));
    let nelson = places::naval_leader_with(ctx, state, &interceptors);
    if !automatic {
        let die = dice.roll(6).map_err(|_| ApplyError::NeedDice)?;
        let modified = i64::from(die) - i64::from(nelson.is_some());
        let needed = i64::from(ctx.rules.naval_interception);
        let success = modified <= needed;
        log.push(Event::new(
            format!(
                "{} tries to intercept {}'s stack in {} from {}: die {die}{}: {}",
                power.name(),
                v.power.name(),
                places::name(ctx, &v.at),
                places::name(ctx, &source),
                if nelson.is_some() { " - 1 (NELSON, 6.2.3.2.3)" } else { "" },
                if success { "intercepted" } else { "missed" }
            ),
            json!({"kind": "interception-roll", "power": power, "from": source, "at": v.at, "die": die, "modified": modified, "needed": needed, "success": success, "rule": "R6.2.3.2.2"}),
        ));
        if !success {
            next.book.naval.voyage = Some(voyage);
            crate::naval::movement::proceed(ctx, &mut next, log);
            return Ok(next);
        }
    }
    // 6.2.3.1.1: once one power succeeds, no other tries here.
    voyage.settled = true;
    for f in &interceptors {
        if let Some(fleet) = next.fleets.get_mut(f) {
            fleet.place = v.at.clone();
        }
    }
    log.push(Event::new(
        format!(
            "{} intercepts {}'s stack in {} with {} (6.2.3.2.4)",
            power.name(),
            v.power.name(),
            places::name(ctx, &v.at),
            interceptors.join(", ")
        ),
        json!({"kind": "interception", "power": power, "fleets": interceptors, "at": v.at, "automatic": automatic, "rule": if automatic { "6.2.3.2.1" } else { "6.2.3.2.4" }}),
    ));
    let from_port = match (&v.at, &v.from) {
        (FleetPlace::Blockade(a), Some(FleetPlace::Port(b))) if a == b => Some(Role::Defender),
        _ => None,
    };
    let battle = Battle {
        place: v.at.clone(),
        attacker: power,
        attackers: interceptors,
        defender: v.power,
        defenders: v.fleets.clone(),
        interception: true,
        from_port,
    };
    next.book.naval.voyage = Some(voyage);
    let outcome = combat::fight(ctx, &mut next, &battle, dice, log)?;
    // 6.2.3.4: the mover goes on only if it won; a beaten interceptor intercepts no more.
    if let Some(v) = next.book.naval.voyage.as_mut() {
        v.halted = outcome.winner != Some(Role::Defender);
    }
    if outcome.winner == Some(Role::Defender) {
        next.book.naval.beaten.extend(outcome.survivors(Role::Attacker).iter().cloned());
    }
    retreat::begin(ctx, &mut next, &battle, &outcome, log);
    Ok(next)
}
