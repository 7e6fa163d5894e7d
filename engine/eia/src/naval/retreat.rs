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
//!
//! 6.3.5.3 EXCEPTION: once the retreat and pursuit of a battle in a blockade box are settled,
//! the victor is asked whether its fleets still in the box move into the port (`enter port`
//! or `stay in box`), if the port is friendly to it (held by it, a minor it controls or an
//! ally, whose leave is presumed: R6.2.1.2) and no fleet at war with it lies in the port
//! (R6.3.5.3: going in would be an attack, not a move after the combat). A stack under way
//! that goes in ends its move there (the port is a stop); one that stays goes on with its
//! route. The fleets of a port the enemy took that beat its blockaders stay in the box
//! ([`Aftermath::holds`], 6.2.6.1): they neither pursue nor are asked, the port being the
//! enemy's.

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
        holds: false,
    };
    if after.losers.is_empty() {
        settle(ctx, state, &after, log);
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
            settle(ctx, state, &after, log);
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
            settle(ctx, state, &after, log);
        }
        [one] => {
            let to = FleetPlace::Sea(one.clone());
            drive_to(ctx, state, &after, &to, log);
            settle(ctx, state, &after, log);
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

/// The retreat and pursuit after `after` are over: the victor of a battle in a blockade box
/// may be asked whether it moves into the port (6.3.5.3 EXCEPTION); otherwise, or once it
/// answers, a stack under way goes on.
pub fn settle(ctx: &Ctx, state: &mut State, after: &Aftermath, log: &mut Vec<Event>) {
    match port_offer(ctx, state, after) {
        Some(d) => state.book.naval.decision = Some(d),
        None => resume(ctx, state, log),
    }
}

/// 6.3.5.3 EXCEPTION: the question to the victor of a battle in a blockade box, if its port is
/// friendly (an ally's leave presumed, R6.2.1.2), holds no fleet at war with the victor
/// (R6.3.5.3) and some of the victor's fleets are still in the box.
fn port_offer(ctx: &Ctx, state: &State, after: &Aftermath) -> Option<Decision> {
    let FleetPlace::Blockade(area) = &after.place else { return None };
    // 6.2.6.1: the fleets of a port the enemy took stay in the box.
    if after.holds || !friendly_port(ctx, state, after.victor, area) {
        return None;
    }
    let port = FleetPlace::Port(area.clone());
    if places::enemy_fleet_at(state, after.victor, &port)
        || passage(ctx, state, after.victor, &after.place, &port, true).is_err()
    {
        return None;
    }
    let fleets: Vec<String> = after
        .victors
        .iter()
        .filter(|f| state.fleets.get(*f).is_some_and(|x| x.place == after.place))
        .cloned()
        .collect();
    (!fleets.is_empty()).then(|| Decision::EnterPort { after: after.clone(), fleets })
}

/// `enter port` (`enter` true) or `stay in box`: the victor's answer to 6.3.5.3's EXCEPTION.
/// A stack under way that goes in ends its move in the port (the port is a stop, 6.3.5.3),
/// even with movement points left; one that stays goes on with its route.
pub fn enter_port(
    ctx: &Ctx,
    state: &State,
    power: Power,
    enter: bool,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let Some(Decision::EnterPort { after, fleets }) = &state.book.naval.decision else {
        return Err(RuleError::new("6.3.5.3", "no victor of a blockade box battle is offered its port now"));
    };
    if after.victor != power {
        return Err(RuleError::new("6.3.5.3", format!("{} decides, not {}", after.victor.name(), power.name())));
    }
    let FleetPlace::Blockade(area) = &after.place else {
        return Err(RuleError::new("6.3.5.3", "only the victor of a battle in a blockade box may move into the port"));
    };
    let mut next = state.clone();
    next.book.naval.decision = None;
    let bx = after.place.clone();
    let to = FleetPlace::Port(area.clone());
    if enter {
        move_fleets(&mut next, fleets, &to);
        for f in fleets {
            next.book.naval.came_from.insert(f.clone(), bx.clone());
        }
        // 6.3.5.3: the port is a stop: a stack under way ends its move there.
        if let Some(v) = next.book.naval.voyage.as_mut() {
            if !v.halted && v.fleets.iter().any(|f| fleets.contains(f)) {
                v.route.clear();
                v.from = Some(bx.clone());
                v.at = to.clone();
                v.path.push(to.clone());
                v.settled = true;
            }
        }
        log.push(Event::new(
            format!(
                "{} move(s) from {} into {} after the battle (6.3.5.3)",
                fleets.join(", "),
                places::name(ctx, &bx),
                places::name(ctx, &to)
            ),
            json!({"kind": "naval-enter-port", "fleets": fleets, "to": to, "rule": "6.3.5.3"}),
        ));
    } else {
        log.push(Event::new(
            format!("{} stay(s) in {} after the battle (6.3.5.3)", fleets.join(", "), places::name(ctx, &bx)),
            json!({"kind": "naval-stay-in-box", "fleets": fleets, "at": bx, "rule": "6.3.5.3"}),
        ));
    }
    resume(ctx, &mut next, log);
    Ok(next)
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
    // Pursuit: the victor's fleets that can follow within seven points (6.3.5.1, 6.3.5.1.2);
    // none when the victor holds its place (6.2.6.1).
    let bx = FleetPlace::Blockade(port.to_string());
    let reach = places::distances(ctx, &next, after.victor, &after.place, FLEET_MOVEMENT, true);
    let fleets: Vec<String> = if !after.holds && reach.contains_key(&bx) {
        after.victors.iter().filter(|f| next.fleets.contains_key(*f)).cloned().collect()
    } else {
        Vec::new()
    };
    if fleets.is_empty() {
        settle(ctx, &mut next, &after, log);
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
    settle(ctx, &mut next, &after, log);
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
    let after = after.clone();
    settle(ctx, &mut next, &after, log);
    Ok(next)
}
