//! The minor country control step (4.6): for each neutral minor country war was declared on
//! this month, every eligible major power says whether it seeks to run it; the willing roll,
//! modified (4.6.2.1-4.6.2.3), and the highest runs it (4.6.3). Its declarers then lose their
//! political points for the declaration (4.2.1.2) and the new controller gains its own
//! (4.6.3.1); with nobody to run it, nobody loses any.

use super::{points, Question};
use crate::ctx::Ctx;
use crate::data::politics::Points;
use crate::power::Power;
use crate::state::State;
use grognard_engine::{ApplyError, DiceSource, Event};
use serde::{Deserialize, Serialize};

/// A minor country looking for a controller.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bid {
    pub minor: String,
    /// The powers that declared war on it this month.
    pub declarers: Vec<Power>,
    /// The answers of the eligible powers so far: (power, seeks control).
    pub answers: Vec<(Power, bool)>,
}

/// 4.6: may `power` run `minor`? Not at war with it.
pub fn eligible(state: &State, power: Power, minor: &str) -> bool {
    !state.relations.at_war(power.id(), minor)
}

/// The step begins: a bid for each neutral minor country declared upon, its eligible powers
/// asked in the order of 4.6.3.2.
pub fn begin(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let _ = (ctx, log);
    let order = super::order(state);
    let Some(round) = state.politics.round.as_ref() else { return };
    let mut bids: Vec<Bid> = Vec::new();
    for d in &round.declared {
        if Power::from_id(&d.on).is_some() {
            continue;
        }
        match bids.iter_mut().find(|b| b.minor == d.on) {
            Some(b) => b.declarers.push(d.by),
            None => bids.push(Bid { minor: d.on.clone(), declarers: vec![d.by], answers: Vec::new() }),
        }
    }
    let mut questions = Vec::new();
    for bid in &bids {
        for power in &order {
            if eligible(state, *power, &bid.minor) {
                questions.push(Question::Control { minor: bid.minor.clone(), power: *power });
            }
        }
    }
    if let Some(round) = state.politics.round.as_mut() {
        round.minors = bids;
        round.questions.extend(questions);
    }
}

/// `power` answered whether it seeks control of `minor`.
pub fn answered(next: &mut State, minor: &str, power: Power, seek: bool, log: &mut Vec<Event>) {
    if let Some(bid) = next.politics.round.as_mut().and_then(|r| r.minors.iter_mut().find(|b| b.minor == minor)) {
        bid.answers.push((power, seek));
    }
    log.push(Event::new(
        format!("{} {} control of {minor} (4.6.2)", power.name(), if seek { "seeks" } else { "declines" }),
        serde_json::json!({"kind": "control-answer", "power": power, "minor": minor, "seek": seek}),
    ));
}

/// Every answer is in: each minor country's controller is rolled for. `true`: the step is done.
pub fn settle(
    ctx: &Ctx,
    state: &mut State,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<bool, ApplyError> {
    let Some(round) = state.politics.round.as_ref() else { return Ok(true) };
    if !round.questions.is_empty() {
        return Ok(false);
    }
    let bids = round.minors.clone();
    // Every roll first, then the changes (the rolls read the state before them).
    let mut outcomes = Vec::new();
    for bid in &bids {
        outcomes.push((bid, choose(ctx, state, bid, dice, log)?));
    }
    for (bid, winner) in outcomes {
        assign(ctx, state, bid, winner, log);
    }
    if let Some(round) = state.politics.round.as_mut() {
        round.minors.clear();
    }
    Ok(true)
}

/// 4.6.2.1-4.6.2.3: `power`'s modifier to its roll for `minor`.
pub fn modifier(ctx: &Ctx, state: &State, power: Power, bid: &Bid) -> i32 {
    let national = ctx.politics.national_modifier(&bid.minor, power);
    let status = state.politics.status.get(&power).copied().unwrap_or_else(|| ctx.politics.start(power));
    let zone = ctx.politics.zone(status).modifier;
    let at_war = if bid.declarers.iter().any(|d| state.relations.at_war(power.id(), d.id())) { 2 } else { 0 };
    national + zone + at_war
}

/// The power that will run the minor country of `bid`, if any seeks it.
fn choose(
    ctx: &Ctx,
    state: &State,
    bid: &Bid,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<Option<Power>, ApplyError> {
    let willing: Vec<Power> = bid.answers.iter().filter(|(_, seek)| *seek).map(|(p, _)| *p).collect();
    // 4.6: an ally of a declarer only when no other power is willing.
    let allied = |p: &Power| bid.declarers.iter().any(|d| state.relations.allied(p.id(), d.id()));
    let others: Vec<Power> = willing.iter().copied().filter(|p| !allied(p)).collect();
    let candidates = if others.is_empty() { willing } else { others };
    if candidates.len() == 1 {
        return Ok(candidates.first().copied());
    }
    let mut best: Vec<Power> = Vec::new();
    let mut top = i32::MIN;
    for power in &candidates {
        let face = dice.roll(6).map_err(|_| ApplyError::NeedDice)?;
        let m = modifier(ctx, state, *power, bid);
        let total = i32::try_from(face).unwrap_or(0) + m;
        log.push(Event::new(
            format!("{} rolls {face}{m:+} = {total} for control of {} (4.6.2)", power.name(), bid.minor),
            serde_json::json!({"kind": "control-roll", "power": power, "minor": bid.minor, "die": face, "modifier": m}),
        ));
        if total > top {
            top = total;
            best = vec![*power];
        } else if total == top {
            best.push(*power);
        }
    }
    // 4.6.2: ties by further competitive unmodified rolls.
    let ordered = super::declaration::competitive(best, dice)?;
    Ok(ordered.first().copied())
}

/// The controller found (or not) for `bid`: control, political points (4.2.1.2, 4.6.3.1).
fn assign(ctx: &Ctx, state: &mut State, bid: &Bid, winner: Option<Power>, log: &mut Vec<Event>) {
    let name = ctx.map.nation(&bid.minor).map_or(bid.minor.clone(), |n| n.name.clone());
    let districts = super::districts(ctx, &bid.minor);
    let Some(winner) = winner else {
        log.push(Event::new(
            format!(
                "Nobody runs {name}: its declarers lose no political points (4.2.1.2) and its forces are not set up (4.6)"
            ),
            serde_json::json!({"kind": "control", "minor": bid.minor, "controller": null}),
        ));
        return;
    };
    if let Some(m) = state.minors.get_mut(&bid.minor) {
        m.controller = Some(winner);
        // R4.6.3.3: the minor countries chart's initial strengths are not known; a minor
        // country taken under control this way has no forces set up: a conquered flag.
        m.free_state = false;
    }
    log.push(Event::new(
        format!("{} runs {name} (4.6.3.1)", winner.name()),
        serde_json::json!({"kind": "control", "minor": bid.minor, "controller": winner}),
    ));
    points::change(
        ctx,
        state,
        winner,
        Points::ControlMinorDistrict,
        districts,
        "4.6.3.1",
        &format!("running {name}"),
        log,
    );
    for d in &bid.declarers {
        points::change(
            ctx,
            state,
            *d,
            Points::DeclareWarMinorDistrict,
            districts,
            "4.2.1.2",
            &format!("declaring war on {name}"),
            log,
        );
    }
}
