//! Leaders leaving the map and coming back (5.3): a power retires a leader in its
//! reinforcement step (`retire LEADER`; the Army Reinforcement Step, the Naval Reinforcement
//! Step for NELSON), and places a retired leader with one of its corps (NELSON with one of
//! its fleets) in a later one (`place LEADER with CORPS|FLEET`). A leader in a besieged city
//! may not retire, unless the city is a port that is not blockaded against him.
//!
//! A leader retired this month is [`LeaderPlace::Retiring`] until the month ends, so that he
//! cannot be retired and placed again in one step, which would carry him across the map
//! ("any later reinforcement step"). Rules that take a leader's last corps away (foraging,
//! 7.4.1.3.3; a failed disembarkation, 6.2.5.2) retire him the same way.
//!
//! R5.3 (reconstructed): a leader whose corps leaves the map in any other way (a transfer
//! that empties it, combat losses, an assault) joins another corps of his power in the same
//! area and place (the city or the field), the first by id; with none, he is taken prisoner
//! by an enemy power whose corps stand in the area (the first in power order), or else
//! retires.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::Phase;
use crate::state::{LeaderPlace, State};
use grognard_engine::{Event, RuleError};
use serde_json::json;

fn leader_of(ctx: &Ctx, power: Power, leader: &str) -> Result<bool, RuleError> {
    let l = ctx
        .leaders
        .leaders
        .get(leader)
        .ok_or_else(|| RuleError::new("input", format!("there is no leader `{leader}`")))?;
    if l.power != power {
        return Err(RuleError::new(
            "5.3",
            format!("{} is {}'s leader, not {}'s", l.name, l.power.name(), power.name()),
        ));
    }
    Ok(l.is_naval())
}

/// A leader's name and id, as events show him.
fn display(ctx: &Ctx, leader: &str) -> String {
    ctx.leaders.leaders.get(leader).map_or(leader.to_string(), |l| format!("{} ({leader})", l.name))
}

/// The reinforcement step a leader is retired and placed in (5.3): the naval one for NELSON.
fn in_step(state: &State, naval: bool, what: &str) -> Result<(), RuleError> {
    let (step, name) = if naval {
        (Phase::NavalReinforcement, "naval reinforcement step")
    } else {
        (Phase::ArmyReinforcement, "army reinforcement step")
    };
    if state.sequence.phase != step {
        return Err(RuleError::new("5.3", format!("{what} only in the {name}, not in the {}", state.sequence.phase)));
    }
    Ok(())
}

/// The area of a besieged city a leader stands in, if any: with a corps inside it, or in the
/// city without one.
fn besieged_in(state: &State, place: &LeaderPlace) -> Option<String> {
    let area = match place {
        LeaderPlace::Corps(c) => state.corps.get(c).filter(|k| k.in_city).map(|k| k.area.clone())?,
        LeaderPlace::City(a) => a.clone(),
        _ => return None,
    };
    state.sieges.contains(&area).then_some(area)
}

/// 5.3: `retire LEADER`.
pub fn retire(ctx: &Ctx, state: &State, power: Power, leader: &str, log: &mut Vec<Event>) -> Result<State, RuleError> {
    let naval = leader_of(ctx, power, leader)?;
    in_step(state, naval, "leaders retire")?;
    let place =
        state.leaders.get(leader).ok_or_else(|| RuleError::new("5.3", format!("{leader} is not on the map")))?;
    match place {
        LeaderPlace::Retired | LeaderPlace::Retiring => {
            return Err(RuleError::new("5.3", format!("{leader} is already retired")));
        }
        LeaderPlace::Captured(p) => {
            return Err(RuleError::new("5.3", format!("{leader} is a prisoner of {}", p.name())));
        }
        _ => {}
    }
    if let Some(area) = besieged_in(state, place) {
        let open_port = ctx.map.port(&area).is_some() && !crate::naval::places::blockaded_against(state, power, &area);
        if !open_port {
            return Err(RuleError::new(
                "5.3",
                format!(
                    "{leader} is in the besieged city of {} and may not retire (a besieged port must also be blockaded to hold him)",
                    ctx.name(&area)
                ),
            ));
        }
    }
    let mut next = state.clone();
    next.leaders.insert(leader.to_string(), LeaderPlace::Retiring);
    log.push(Event::new(
        format!(
            "{} retires {} (5.3); he may return from next month's reinforcement step",
            power.name(),
            display(ctx, leader)
        ),
        json!({"kind": "leader-retires", "leader": leader, "power": power, "rule": "5.3"}),
    ));
    Ok(next)
}

/// 5.3: `place LEADER with CORPS|FLEET`: a leader retired in an earlier month joins a corps
/// (NELSON a fleet) of his power.
pub fn place(
    ctx: &Ctx,
    state: &State,
    power: Power,
    leader: &str,
    with: &str,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let naval = leader_of(ctx, power, leader)?;
    in_step(state, naval, "leaders are placed")?;
    match state.leaders.get(leader) {
        Some(LeaderPlace::Retired) => {}
        Some(LeaderPlace::Retiring) => {
            return Err(RuleError::new(
                "5.3",
                format!("{leader} retired this month and returns in a later reinforcement step"),
            ));
        }
        _ => return Err(RuleError::new("5.3", format!("{leader} is not retired: only retired leaders are placed"))),
    }
    let (place, area) = if naval {
        let f = state.fleets.get(with).ok_or_else(|| RuleError::new("input", format!("there is no fleet `{with}`")))?;
        if state.controller_of_nation(&f.nation) != Some(power) {
            return Err(RuleError::new("5.3", format!("fleet {with} is not {}'s", power.name())));
        }
        (LeaderPlace::Fleet(with.to_string()), crate::naval::places::name(ctx, &f.place))
    } else {
        let c = state.corps.get(with).ok_or_else(|| RuleError::new("input", format!("there is no corps `{with}`")))?;
        if state.controller_of_nation(c.side()) != Some(power) {
            return Err(RuleError::new("5.3", format!("corps {with} is not {}'s", power.name())));
        }
        if !c.proper() {
            return Err(RuleError::new("5.3", format!("{with} is an irregular counter: leaders go with corps")));
        }
        (LeaderPlace::Corps(with.to_string()), ctx.name(&c.area).to_string())
    };
    let mut next = state.clone();
    next.leaders.insert(leader.to_string(), place);
    log.push(Event::new(
        format!("{} places {} with {with} in {area} (5.3)", power.name(), display(ctx, leader)),
        json!({"kind": "leader-placed", "leader": leader, "with": with, "power": power, "rule": "5.3"}),
    ));
    Ok(next)
}

/// At the start of a month, leaders retired in the last one become available (5.3).
pub fn new_month(state: &mut State) {
    for place in state.leaders.values_mut() {
        if *place == LeaderPlace::Retiring {
            *place = LeaderPlace::Retired;
        }
    }
}

/// R5.3: after a command, a leader whose corps `before` had and `next` has not joins another
/// corps of his power in the same area and place, or is taken prisoner by an enemy power with
/// corps there, or retires.
pub fn settle(before: &State, next: &mut State, log: &mut Vec<Event>) {
    let orphans: Vec<(String, String)> = next
        .leaders
        .iter()
        .filter_map(|(l, p)| match p {
            LeaderPlace::Corps(c) if !next.corps.contains_key(c) => Some((l.clone(), c.clone())),
            _ => None,
        })
        .collect();
    for (leader, gone) in orphans {
        let Some(old) = before.corps.get(&gone) else {
            // Not on the map before either: nothing tells where he stood; he retires.
            next.leaders.insert(leader, LeaderPlace::Retiring);
            continue;
        };
        // The power he served: his corps' controller before the command (a minor country's
        // corps may have left with the country, turned neutral or conquered).
        let Some(power) = before.controller_of_nation(old.side()).or_else(|| next.controller_of_nation(old.side()))
        else {
            next.leaders.insert(leader, LeaderPlace::Retiring);
            continue;
        };
        let heir = next
            .corps
            .iter()
            .find(|(_, k)| {
                k.area == old.area
                    && k.proper()
                    && k.in_city == old.in_city
                    && k.aboard == old.aboard
                    && next.controller_of_nation(k.side()) == Some(power)
            })
            .map(|(id, _)| id.clone());
        let captor = crate::power::Power::ALL.into_iter().find(|p| {
            next.enemy_of(power, p.id())
                && next.corps.values().any(|k| k.area == old.area && next.controller_of_nation(k.side()) == Some(*p))
        });
        let (place, text) = match (heir, captor) {
            (Some(h), _) => (LeaderPlace::Corps(h.clone()), format!("{leader} joins corps {h} (R5.3)")),
            (None, Some(p)) => (LeaderPlace::Captured(p), format!("{leader} is taken prisoner by {} (R5.3)", p.name())),
            (None, None) => (LeaderPlace::Retiring, format!("{leader} has no corps left and retires (R5.3)")),
        };
        next.leaders.insert(leader.clone(), place);
        log.push(Event::new(
            text,
            json!({"kind": "leader-without-corps", "leader": leader, "corps": gone, "rule": "R5.3"}),
        ));
    }
}

/// Candidate commands for the legal list: every leader of `power` that may retire, and
/// every retired one with every corps or fleet of his power.
pub fn candidates(ctx: &Ctx, state: &State, power: Power) -> Vec<crate::command::Command> {
    use crate::command::Command;
    let naval_step = state.sequence.phase == Phase::NavalReinforcement;
    let mut out = Vec::new();
    for (id, place) in &state.leaders {
        let Some(l) = ctx.leaders.leaders.get(id) else { continue };
        if l.power != power || l.is_naval() != naval_step {
            continue;
        }
        match place {
            LeaderPlace::Retired => {
                if naval_step {
                    for (f, x) in &state.fleets {
                        if state.controller_of_nation(&x.nation) == Some(power) {
                            out.push(Command::PlaceLeader { leader: id.clone(), with: f.clone() });
                        }
                    }
                } else {
                    for (c, k) in &state.corps {
                        if state.controller_of_nation(k.side()) == Some(power) {
                            out.push(Command::PlaceLeader { leader: id.clone(), with: c.clone() });
                        }
                    }
                }
            }
            LeaderPlace::Retiring | LeaderPlace::Captured(_) => {}
            _ => out.push(Command::RetireLeader { leader: id.clone() }),
        }
    }
    out
}
