//! Naval retreat and pursuit (6.3.5). The loser of a battle at sea (or the stack that evaded,
//! 6.3.2.1) retreats to one of the nearest unblockaded friendly ports within seven movement
//! points, its choice among the nearest (6.3.5.1), or, if there is none or it prefers, to a
//! sea zone next to the battle that the victor chooses (6.3.5.1.1); the victor may follow into
//! the chosen port's blockade box (pursuit, 6.3.5.1). In a port the attacker always falls back
//! to the blockade box (6.3.5.2); in a blockade box a loser that came out of the port goes back
//! into it (6.3.5.3). Retreats and pursuits are never intercepted (6.3.5.1.1), and do not pass
//! the ice or the Dardanelles without the holder's leave (6.3.5.1.2). A loser with nowhere to
//! go is lost (R6.3.5: the text does not say; it cannot happen on the built-in map outside the
//! winter ice, where no battle is fought).

use crate::ctx::Ctx;
use crate::data::cards::FLEET_MOVEMENT;
use crate::naval::combat::{self, Outcome};
use crate::naval::places::{self, blockaded_against, friendly_port, passage};
use crate::naval::{Aftermath, Battle, Decision, Role};
use crate::power::Power;
use crate::state::{FleetPlace, State};
use grognard_engine::{Event, RuleError};
use serde_json::json;

/// The nearest unblockaded friendly ports of `power` within seven movement points of
/// `place` (6.3.5.1), ascending by area.
pub fn nearest_ports(ctx: &Ctx, state: &State, power: Power, place: &FleetPlace) -> Vec<String> {
    let reach = places::distances(ctx, state, power, place, FLEET_MOVEMENT, true);
    let ports: Vec<(u8, String)> = reach
        .into_iter()
        .filter_map(|(p, d)| match p {
            FleetPlace::Port(a) if friendly_port(ctx, state, power, &a) && !blockaded_against(state, power, &a) => {
                Some((d, a))
            }
            _ => None,
        })
        .collect();
    let Some(best) = ports.iter().map(|(d, _)| *d).min() else { return Vec::new() };
    ports.into_iter().filter(|(d, _)| *d == best).map(|(_, a)| a).collect()
}

/// The sea zones next to `place` a loser of `power` may be driven into (6.3.5.1.1, 6.3.5.1.2).
pub fn retreat_seas(ctx: &Ctx, state: &State, power: Power, place: &FleetPlace) -> Vec<String> {
    places::adjacent_seas(ctx, place)
        .into_iter()
        .filter(|s| passage(ctx, state, power, place, &FleetPlace::Sea(s.clone()), true).is_ok())
        .collect()
}

fn move_fleets(state: &mut State, fleets: &[String], to: &FleetPlace) {
    for f in fleets {
        if let Some(x) = state.fleets.get_mut(f) {
            x.place = to.clone();
        }
    }
}

/// Settle what `battle` leaves (6.3.5), then let a stack under way go on.
pub fn begin(ctx: &Ctx, state: &mut State, battle: &Battle, outcome: &Outcome, log: &mut Vec<Event>) {
    if let FleetPlace::Port(area) = &battle.place {
        let out = outcome.survivors(Role::Attacker).to_vec();
        if !out.is_empty() {
            let to = FleetPlace::Blockade(area.clone());
            move_fleets(state, &out, &to);
            log.push(Event::new(
                format!("{} falls back to {} (6.3.5.2)", out.join(", "), places::name(ctx, &to)),
                json!({"kind": "naval-retreat", "fleets": out, "to": to, "rule": "6.3.5.2"}),
            ));
        }
        resume(ctx, state, log);
        return;
    }
    let Some(w) = outcome.winner else {
        resume(ctx, state, log);
        return;
    };
    let l = w.other();
    let after = Aftermath {
        place: battle.place.clone(),
        victor: battle.power(w),
        victors: outcome.survivors(w).to_vec(),
        loser: battle.power(l),
        losers: outcome.survivors(l).to_vec(),
    };
    if after.losers.is_empty() {
        resume(ctx, state, log);
        return;
    }
    if let FleetPlace::Blockade(area) = &battle.place {
        if battle.from_port == Some(l) {
            let to = FleetPlace::Port(area.clone());
            move_fleets(state, &after.losers, &to);
            log.push(Event::new(
                format!("{} go(es) back into {} (6.3.5.3)", after.losers.join(", "), places::name(ctx, &to)),
                json!({"kind": "naval-retreat", "fleets": after.losers, "to": to, "rule": "6.3.5.3"}),
            ));
            resume(ctx, state, log);
            return;
        }
    }
    start(ctx, state, after, log);
}

/// 6.3.5.1: the loser's choice of port, or straight to the victor's choice of sea zone.
pub fn start(ctx: &Ctx, state: &mut State, after: Aftermath, log: &mut Vec<Event>) {
    let ports = nearest_ports(ctx, state, after.loser, &after.place);
    let seas = retreat_seas(ctx, state, after.loser, &after.place);
    if ports.is_empty() {
        drive_or_settle(ctx, state, after, seas, log);
    } else {
        state.book.naval.decision = Some(Decision::Retreat { after, ports, seas });
    }
}

/// 6.3.5.1.1: the victor chooses the sea zone; with one zone it needs no asking; with none
/// the loser is lost (R6.3.5).
fn drive_or_settle(ctx: &Ctx, state: &mut State, after: Aftermath, seas: Vec<String>, log: &mut Vec<Event>) {
    match seas.as_slice() {
        [] => {
            for f in &after.losers {
                if let Some(x) = state.fleets.get_mut(f) {
                    x.ships = 0;
                }
            }
            log.push(Event::new(
                format!(
                    "{} cannot retreat from {} and are lost (R6.3.5)",
                    after.losers.join(", "),
                    places::name(ctx, &after.place)
                ),
                json!({"kind": "naval-retreat", "fleets": after.losers, "to": null, "rule": "R6.3.5"}),
            ));
            combat::consolidate(ctx, state, &after.losers, after.victor, log);
            resume(ctx, state, log);
        }
        [one] => {
            let to = FleetPlace::Sea(one.clone());
            drive_to(ctx, state, &after, &to, log);
            resume(ctx, state, log);
        }
        _ => state.book.naval.decision = Some(Decision::Drive { after, seas }),
    }
}

fn drive_to(ctx: &Ctx, state: &mut State, after: &Aftermath, to: &FleetPlace, log: &mut Vec<Event>) {
    move_fleets(state, &after.losers, to);
    log.push(Event::new(
        format!("{} retreat(s) into {} (6.3.5.1.1)", after.losers.join(", "), places::name(ctx, to)),
        json!({"kind": "naval-retreat", "fleets": after.losers, "to": to, "rule": "6.3.5.1.1"}),
    ));
}

/// After the retreats and pursuits: a stack under way goes on (or ends, if beaten).
fn resume(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    crate::naval::movement::proceed(ctx, state, log);
}

/// `retreat fleets to PORT` or `retreat fleets to sea` (`None`): the loser's choice.
pub fn retreat(
    ctx: &Ctx,
    state: &State,
    power: Power,
    to: Option<&str>,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let Some(Decision::Retreat { after, ports, seas }) = &state.book.naval.decision else {
        return Err(RuleError::new("6.3.5.1", "no retreat is asked for now"));
    };
    if after.loser != power {
        return Err(RuleError::new("6.3.5.1", format!("{} retreats, not {}", after.loser.name(), power.name())));
    }
    let mut next = state.clone();
    next.book.naval.decision = None;
    let after = after.clone();
    let Some(port) = to else {
        if seas.is_empty() {
            return Err(RuleError::new(
                "6.3.5.1.1",
                format!("no sea zone next to {} is open to the retreat", places::name(ctx, &after.place)),
            ));
        }
        drive_or_settle(ctx, &mut next, after, seas.clone(), log);
        return Ok(next);
    };
    if !ports.iter().any(|p| p == port) {
        return Err(RuleError::new(
            "6.3.5.1",
            format!(
                "the nearest unblockaded friendly ports within 7 are {} (or `retreat fleets to sea`)",
                ports.join(", ")
            ),
        ));
    }
    let to = FleetPlace::Port(port.to_string());
    move_fleets(&mut next, &after.losers, &to);
    log.push(Event::new(
        format!(
            "{} retreat(s) from {} to {} (6.3.5.1)",
            after.losers.join(", "),
            places::name(ctx, &after.place),
            places::name(ctx, &to)
        ),
        json!({"kind": "naval-retreat", "fleets": after.losers, "to": to, "rule": "6.3.5.1"}),
    ));
    // Pursuit: the victor's fleets that can follow within seven points (6.3.5.1, 6.3.5.1.2).
    let bx = FleetPlace::Blockade(port.to_string());
    let reach = places::distances(ctx, &next, after.victor, &after.place, FLEET_MOVEMENT, true);
    let fleets: Vec<String> = if reach.contains_key(&bx) {
        after.victors.iter().filter(|f| next.fleets.contains_key(*f)).cloned().collect()
    } else {
        Vec::new()
    };
    if fleets.is_empty() {
        resume(ctx, &mut next, log);
    } else {
        next.book.naval.decision = Some(Decision::Pursue { after, port: port.to_string(), fleets });
    }
    Ok(next)
}

/// `drive fleets to SEA`: the victor's choice of the loser's sea zone (6.3.5.1.1).
pub fn drive(ctx: &Ctx, state: &State, power: Power, sea: &str, log: &mut Vec<Event>) -> Result<State, RuleError> {
    let Some(Decision::Drive { after, seas }) = &state.book.naval.decision else {
        return Err(RuleError::new("6.3.5.1.1", "no retreat at sea waits for the victor's choice"));
    };
    if after.victor != power {
        return Err(RuleError::new("6.3.5.1.1", format!("{} chooses, not {}", after.victor.name(), power.name())));
    }
    if !seas.iter().any(|s| s == sea) {
        return Err(RuleError::new("6.3.5.1.1", format!("the loser may be driven into {} only", seas.join(", "))));
    }
    let mut next = state.clone();
    let after = after.clone();
    next.book.naval.decision = None;
    drive_to(ctx, &mut next, &after, &FleetPlace::Sea(sea.to_string()), log);
    resume(ctx, &mut next, log);
    Ok(next)
}

/// `pursue fleets FLEET...` or `pursue fleets none`: the victor's fleets that follow the
/// loser into the blockade box of its port (6.3.5.1). Pursuers of a stack under way end
/// their move there.
pub fn pursue(
    ctx: &Ctx,
    state: &State,
    power: Power,
    fleets: &[String],
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let Some(Decision::Pursue { after, port, fleets: may }) = &state.book.naval.decision else {
        return Err(RuleError::new("6.3.5.1", "no pursuit is offered now"));
    };
    if after.victor != power {
        return Err(RuleError::new("6.3.5.1", format!("{} may pursue, not {}", after.victor.name(), power.name())));
    }
    for f in fleets {
        if !may.contains(f) {
            return Err(RuleError::new("6.3.5.1", format!("only {} may pursue", may.join(", "))));
        }
    }
    let mut next = state.clone();
    next.book.naval.decision = None;
    if !fleets.is_empty() {
        let to = FleetPlace::Blockade(port.clone());
        move_fleets(&mut next, fleets, &to);
        for f in fleets {
            next.book.naval.came_from.insert(f.clone(), after.place.clone());
        }
        if let Some(v) = next.book.naval.voyage.as_mut() {
            v.fleets.retain(|f| !fleets.contains(f));
        }
        log.push(Event::new(
            format!("{} pursue(s) {} into {} (6.3.5.1)", fleets.join(", "), after.loser.name(), places::name(ctx, &to)),
            json!({"kind": "naval-pursuit", "fleets": fleets, "to": to, "rule": "6.3.5.1"}),
        ));
    }
    resume(ctx, &mut next, log);
    Ok(next)
}
