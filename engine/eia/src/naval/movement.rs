//! Naval movement (6.2.1, 6.2.2): a stack of one power's fleets sails from place to place,
//! each fleet spending at most seven movement points (6.2.1), picking up fleets where it
//! passes (6.2.2.2) and dropping some off (6.2.2.3); a fleet moves once a sequence (6.2.2.4).
//!
//! `sail` checks the whole route against the state as it is, then the stack goes leg by leg
//! ([`proceed`]): where an enemy may intercept it (6.2.3) it waits for that enemy's decision.
//! If a battle on the way changes the situation so that a later leg is no longer allowed, the
//! stack stops where it is (an event says why).

use crate::ctx::Ctx;
use crate::data::cards::FLEET_MOVEMENT;
use crate::naval::places::{self, friendly_port, may_blockade, passage, step_cost};
use crate::naval::{Leg, Voyage};
use crate::power::Power;
use crate::sequence::Phase;
use crate::state::{FleetPlace, State};
use grognard_engine::{Event, RuleError};
use serde_json::json;
use std::collections::BTreeMap;

/// The next place the route enters after `legs[0..]`, if no pick or drop comes first
/// (challenges are skipped).
fn next_place(ctx: &Ctx, legs: &[Leg]) -> Option<FleetPlace> {
    for leg in legs {
        match leg {
            Leg::Challenge => continue,
            Leg::To(t) => return places::resolve(ctx, t).ok(),
            Leg::Pick(_) | Leg::Drop(_) => return None,
        }
    }
    None
}

/// Does a corps ride on one of `fleets` (6.2.5)?
pub fn transporting(state: &State, fleets: &[String]) -> bool {
    state.corps.values().any(|c| c.aboard.as_ref().is_some_and(|f| fleets.contains(f)))
}

/// Check entering `to` from `at` for the stack `stack` of `power`, whose fleets have spent
/// `spent`; `rest` is the route after this leg. Returns the cost.
#[allow(clippy::too_many_arguments)]
pub fn check_leg(
    ctx: &Ctx,
    state: &State,
    power: Power,
    stack: &[String],
    spent: &BTreeMap<String, u8>,
    at: &FleetPlace,
    to: &FleetPlace,
    rest: &[Leg],
) -> Result<u8, RuleError> {
    let Some(cost) = step_cost(ctx, at, to) else {
        if matches!((at, to), (FleetPlace::Sea(_), FleetPlace::Port(_)) | (FleetPlace::Port(_), FleetPlace::Sea(_))) {
            return Err(RuleError::new(
                "6.2.1.2",
                format!(
                    "fleets enter and leave a port only through its blockade box: {} and {} do not touch",
                    places::name(ctx, at),
                    places::name(ctx, to)
                ),
            ));
        }
        return Err(RuleError::new(
            "6.2.1.1",
            format!("{} does not touch {}", places::name(ctx, at), places::name(ctx, to)),
        ));
    };
    passage(ctx, state, power, at, to, false)?;
    for f in stack {
        let used = spent.get(f).copied().unwrap_or(0);
        if used.saturating_add(cost) > FLEET_MOVEMENT {
            return Err(RuleError::new(
                "6.2.1",
                format!(
                    "fleet {f} has spent {used} of its {FLEET_MOVEMENT} movement points and cannot enter {}",
                    places::name(ctx, to)
                ),
            ));
        }
    }
    let further = rest.iter().any(|l| matches!(l, Leg::To(_)));
    match to {
        FleetPlace::Blockade(p) if !may_blockade(ctx, state, power, p) => {
            let ahead = next_place(ctx, rest);
            let transit = match (at, &ahead) {
                (FleetPlace::Port(q), Some(FleetPlace::Sea(_))) => q == p,
                (FleetPlace::Sea(_), Some(FleetPlace::Port(q))) => q == p,
                _ => false,
            };
            if !transit {
                return Err(RuleError::new(
                    "6.2.7",
                    format!(
                        "{} is neither at war with the holder of the port nor facing an enemy fleet there: it may only pass through {}",
                        power.name(),
                        places::name(ctx, to)
                    ),
                ));
            }
        }
        FleetPlace::Port(p) if !friendly_port(ctx, state, power, p) => {
            if transporting(state, stack) {
                return Err(RuleError::new(
                    "6.2.5.1",
                    format!("fleets carrying corps enter only friendly ports, and {} is not", places::name(ctx, to)),
                ));
            }
            if !places::enemy_fleet_at(state, power, to) {
                return Err(RuleError::new(
                    "6.2.1.2",
                    format!(
                        "{} is not {}'s nor an ally's: a fleet enters it only to attack a fleet there",
                        places::name(ctx, to),
                        power.name()
                    ),
                ));
            }
            if further {
                return Err(RuleError::new(
                    "6.2.4",
                    format!("a stack entering {} to attack must end its move there", places::name(ctx, to)),
                ));
            }
        }
        _ => {}
    }
    Ok(cost)
}

/// May a fleet join the stack at `at` (6.2.2.2, 6.2.2.4)?
fn check_pick(state: &State, power: Power, fleet: &str, at: &FleetPlace, stack: &[String]) -> Result<(), RuleError> {
    let f = state.fleets.get(fleet).ok_or_else(|| RuleError::new("input", format!("there is no fleet `{fleet}`")))?;
    if state.controller_of_nation(&f.nation) != Some(power) {
        return Err(RuleError::new("6.2.2", format!("fleet {fleet} is not {}'s to move", power.name())));
    }
    if &f.place != at {
        return Err(RuleError::new("6.2.2.2", format!("fleet {fleet} is not where the stack is ({at})")));
    }
    if stack.iter().any(|s| s == fleet) {
        return Err(RuleError::new("6.2.2.2", format!("fleet {fleet} is already in the stack")));
    }
    if state.book.fleets.contains_key(fleet) {
        return Err(RuleError::new("6.2.2.4", format!("fleet {fleet} has already moved this sequence")));
    }
    Ok(())
}

/// Check a fleet dropped at `at` may stay there (6.2.2.3, 6.2.7).
fn check_drop(
    ctx: &Ctx,
    state: &State,
    power: Power,
    fleet: &str,
    at: &FleetPlace,
    stack: &[String],
) -> Result<(), RuleError> {
    if !stack.iter().any(|s| s == fleet) {
        return Err(RuleError::new("6.2.2.3", format!("fleet {fleet} is not in the moving stack")));
    }
    if let FleetPlace::Blockade(p) = at {
        if !may_blockade(ctx, state, power, p) {
            return Err(RuleError::new("6.2.7", format!("fleet {fleet} may not stay in {}", places::name(ctx, at))));
        }
    }
    Ok(())
}

/// 6.2.1-6.2.2: start moving `fleets` (one power's, in one place, none moved yet) along
/// `route`.
pub fn sail(
    ctx: &Ctx,
    state: &State,
    power: Power,
    fleets: &[String],
    route: &[Leg],
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    if state.sequence.phase != Phase::Naval {
        return Err(RuleError::new(
            "6.2",
            format!("fleets move in the naval phase, not in the {}", state.sequence.phase),
        ));
    }
    if state.book.naval.combat_step {
        return Err(RuleError::new("6.1.3", "the naval combat step has begun: no more movement this sequence"));
    }
    if state.book.naval.voyage.is_some() {
        return Err(RuleError::new("6.2.2", "a stack is still under way"));
    }
    let mut start: Option<FleetPlace> = None;
    let mut stack: Vec<String> = Vec::new();
    for f in fleets {
        let fleet = state.fleets.get(f).ok_or_else(|| RuleError::new("input", format!("there is no fleet `{f}`")))?;
        if state.controller_of_nation(&fleet.nation) != Some(power) {
            return Err(RuleError::new("6.2", format!("fleet {f} is not {}'s to move", power.name())));
        }
        if state.book.fleets.contains_key(f) {
            return Err(RuleError::new("6.2.2.4", format!("fleet {f} has already moved this sequence")));
        }
        if stack.contains(f) {
            return Err(RuleError::new("input", format!("fleet {f} is named twice")));
        }
        match &start {
            None => start = Some(fleet.place.clone()),
            Some(p) if p != &fleet.place => {
                return Err(RuleError::new(
                    "6.2.2.1",
                    format!("a stack starts from one place: fleet {f} is at {}, not {p}", fleet.place),
                ));
            }
            Some(_) => {}
        }
        stack.push(f.clone());
    }
    let Some(start) = start else {
        return Err(RuleError::new("input", "a move names at least one fleet"));
    };
    // Check the whole route as things stand.
    let mut at = start.clone();
    let mut spent: BTreeMap<String, u8> = BTreeMap::new();
    let mut moving = stack.clone();
    for (i, leg) in route.iter().enumerate() {
        if moving.is_empty() {
            return Err(RuleError::new("6.2.2.3", "every fleet has been dropped: the route goes on without a stack"));
        }
        match leg {
            Leg::To(t) => {
                let to = places::resolve(ctx, t)?;
                let cost = check_leg(ctx, state, power, &moving, &spent, &at, &to, &route[i + 1..])?;
                for f in &moving {
                    *spent.entry(f.clone()).or_insert(0) += cost;
                }
                at = to;
            }
            Leg::Pick(f) => {
                check_pick(state, power, f, &at, &moving)?;
                moving.push(f.clone());
            }
            Leg::Drop(f) => {
                check_drop(ctx, state, power, f, &at, &moving)?;
                moving.retain(|m| m != f);
            }
            Leg::Challenge => {
                let after_box = i > 0 && matches!(&route[i - 1], Leg::To(t) if t.starts_with(places::BLOCKADE_PREFIX));
                if !after_box {
                    return Err(RuleError::new("6.2.3.1.2.1", "`challenge` follows the blockade box it is made in"));
                }
            }
        }
    }
    if !route.iter().any(|l| matches!(l, Leg::To(_))) {
        return Err(RuleError::new("input", "a move enters at least one place"));
    }
    if let FleetPlace::Blockade(p) = &at {
        if !moving.is_empty() && !may_blockade(ctx, state, power, p) {
            return Err(RuleError::new(
                "6.2.7",
                format!("the stack may not end its move in {}", places::name(ctx, &at)),
            ));
        }
    }
    let mut next = state.clone();
    for f in &stack {
        next.book.fleets.insert(f.clone(), 0);
    }
    next.book.naval.voyage = Some(Voyage {
        power,
        fleets: stack,
        at: start.clone(),
        from: None,
        route: route.to_vec(),
        path: vec![start],
        asked: Vec::new(),
        settled: true,
        halted: false,
    });
    proceed(ctx, &mut next, log);
    Ok(next)
}

/// Does the stack entering `at` meet possible interception there? Not in a port, nor in a
/// blockade box it only passes through into the port without a challenge (6.2.3.1.2.1).
fn interceptable(ctx: &Ctx, at: &FleetPlace, rest: &[Leg]) -> bool {
    match at {
        FleetPlace::Sea(_) => true,
        FleetPlace::Port(_) => false,
        FleetPlace::Blockade(p) => {
            let challenged = matches!(rest.first(), Some(Leg::Challenge));
            let into_port = matches!(next_place(ctx, rest), Some(FleetPlace::Port(q)) if &q == p);
            challenged || !into_port
        }
    }
}

/// Go on with the voyage under way until it waits for a decision or ends. Never fails: a leg
/// no longer allowed ends the move where the stack is.
pub fn proceed(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    // Each pass moves one leg or settles one place; a route is short, the bound is a guard.
    for _ in 0..256 {
        if state.book.naval.decision.is_some() {
            return;
        }
        let Some(mut v) = state.book.naval.voyage.clone() else { return };
        v.fleets.retain(|f| state.fleets.contains_key(f));
        if v.halted || v.fleets.is_empty() {
            finish(ctx, state, v, None, log);
            return;
        }
        if !v.settled {
            if let Some(d) = crate::naval::interception::next_decision(ctx, state, &v) {
                state.book.naval.voyage = Some(v);
                state.book.naval.decision = Some(d);
                return;
            }
            v.settled = true;
        }
        let Some(leg) = v.route.first().cloned() else {
            finish(ctx, state, v, None, log);
            return;
        };
        v.route.remove(0);
        match leg {
            Leg::Challenge => {}
            Leg::Drop(f) => {
                if v.fleets.contains(&f) {
                    v.fleets.retain(|x| x != &f);
                    log.push(Event::new(
                        format!("Fleet {f} stays in {}", places::name(ctx, &v.at)),
                        json!({"kind": "fleet-dropped", "fleet": f, "at": v.at, "rule": "6.2.2.3"}),
                    ));
                }
            }
            Leg::Pick(f) => match check_pick(state, v.power, &f, &v.at, &v.fleets) {
                Ok(()) => {
                    state.book.fleets.insert(f.clone(), 0);
                    v.fleets.push(f.clone());
                    log.push(Event::new(
                        format!("Fleet {f} joins the stack in {}", places::name(ctx, &v.at)),
                        json!({"kind": "fleet-picked", "fleet": f, "at": v.at, "rule": "6.2.2.2"}),
                    ));
                }
                Err(e) => log.push(Event::new(
                    format!("Fleet {f} cannot join the stack: {e}"),
                    json!({"kind": "fleet-not-picked", "fleet": f, "rule": e.rule}),
                )),
            },
            Leg::To(t) => {
                let spent = state.book.fleets.clone();
                let checked = places::resolve(ctx, &t).and_then(|to| {
                    check_leg(ctx, state, v.power, &v.fleets, &spent, &v.at, &to, &v.route).map(|c| (to, c))
                });
                let (to, cost) = match checked {
                    Ok(x) => x,
                    Err(e) => {
                        finish(ctx, state, v, Some(e), log);
                        return;
                    }
                };
                for f in &v.fleets {
                    if let Some(fleet) = state.fleets.get_mut(f) {
                        fleet.place = to.clone();
                    }
                    *state.book.fleets.entry(f.clone()).or_insert(0) += cost;
                    state.book.naval.came_from.insert(f.clone(), v.at.clone());
                }
                v.from = Some(v.at.clone());
                v.at = to.clone();
                v.path.push(to.clone());
                v.asked.clear();
                v.settled = !interceptable(ctx, &to, &v.route);
            }
        }
        state.book.naval.voyage = Some(v);
    }
}

/// The voyage ends (its route done, stopped by `why`, or halted by a lost interception).
fn finish(ctx: &Ctx, state: &mut State, v: Voyage, why: Option<RuleError>, log: &mut Vec<Event>) {
    state.book.naval.voyage = None;
    let names: Vec<String> = v.path.iter().map(|p| places::name(ctx, p)).collect();
    let mut text = format!("{}'s stack sails {}", v.power.name(), names.join(" - "));
    // Where the fleets are now: a beaten stack may have been driven on, or back into its port
    // (6.3.5); fleets sunk are gone.
    let afloat: Vec<&String> = v.fleets.iter().filter(|f| state.fleets.contains_key(*f)).collect();
    if let Some(at) = afloat.first().and_then(|f| state.fleets.get(*f)).map(|f| f.place.clone()) {
        let names: Vec<&str> = afloat.iter().map(|f| f.as_str()).collect();
        text.push_str(&format!("; {} end(s) the move in {}", names.join(", "), places::name(ctx, &at)));
    }
    if let Some(e) = &why {
        text.push_str(&format!("; it stops there: {e}"));
    }
    if v.halted {
        text.push_str(" (beaten by an interception, it moves no more, 6.2.3.4.1)");
    }
    let path: Vec<String> = v.path.iter().map(places::token).collect();
    log.push(Event::new(
        text,
        json!({"kind": "fleet-move", "power": v.power, "fleets": v.fleets, "path": path, "stopped": why.as_ref().map(|e| e.rule.clone()), "rule": "6.2.2"}),
    ));
}

/// Could fleet `fleet` of `power` leave its place this sequence (a place it may enter next,
/// within its movement)? Used by 6.2.7.1.
pub fn can_leave(ctx: &Ctx, state: &State, power: Power, fleet: &str) -> bool {
    let Some(f) = state.fleets.get(fleet) else { return false };
    places::neighbours(ctx, &f.place).into_iter().any(|(to, _)| {
        let Ok(()) = passage(ctx, state, power, &f.place, &to, false) else { return false };
        match &to {
            FleetPlace::Sea(_) => true,
            FleetPlace::Port(p) => friendly_port(ctx, state, power, p),
            FleetPlace::Blockade(_) => false,
        }
    })
}
