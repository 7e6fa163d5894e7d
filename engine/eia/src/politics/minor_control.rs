//! The minor country control step (4.6): for each neutral minor country war was declared on
//! this month, every eligible major power says whether it seeks to run it; the willing roll,
//! modified (4.6.2.1-4.6.2.3), and the highest runs it (4.6.3). Its declarers then lose their
//! political points for the declaration (4.2.1.2) and the new controller gains its own
//! (4.6.3.1); with nobody to run it, nobody loses any. Several declarers may back down, in
//! secret, and those who stay go to war with each other (4.6.4); the controller may then
//! declare war on the aggressors (4.6.5). A war on a minor country with no corps of its
//! aggressor inside lapses in a later peace step (4.6.6).

use super::{points, Question};
use crate::ctx::Ctx;
use crate::data::politics::Points;
use crate::power::Power;
use crate::state::State;
use grognard_engine::{ApplyError, DiceSource, Event, PlayerId, RuleError};
use serde::{Deserialize, Serialize};

/// A minor country looking for a controller.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bid {
    pub minor: String,
    /// The powers that declared war on it this month.
    pub declarers: Vec<Power>,
    /// The answers of the eligible powers so far: (power, seeks control).
    pub answers: Vec<(Power, bool)>,
    /// The controller has been rolled for (4.6.2).
    #[serde(default)]
    pub resolved: bool,
    /// The power chosen to run it (4.6.3), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<Power>,
    /// The declarers still at war choose in secret to back down or not (4.6.4).
    #[serde(default)]
    pub backdown_open: bool,
    /// The controller was asked about supporting it (4.6.5).
    #[serde(default)]
    pub support_asked: bool,
}

/// 4.6: may `power` run `minor`? Not at war with it.
pub fn eligible(state: &State, power: Power, minor: &str) -> bool {
    !state.relations.at_war(power.id(), minor)
}

fn name(ctx: &Ctx, minor: &str) -> String {
    ctx.map.nation(minor).map_or(minor.to_string(), |n| n.name.clone())
}

/// R4.6.1: at the start of the step, each minor free state run by a power in an unstable
/// zone of the status display turns neutral on a die of at most the zone's `revert`.
pub fn instability(
    ctx: &Ctx,
    state: &mut State,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let shaky: Vec<(String, Power, u32)> = state
        .minors
        .iter()
        .filter(|(_, m)| m.free_state)
        .filter_map(|(id, m)| {
            let c = m.controller?;
            let status = state.politics.status.get(&c).copied().unwrap_or_else(|| ctx.politics.start(c));
            let revert = ctx.politics.zone(status).revert;
            (revert > 0).then(|| (id.clone(), c, revert))
        })
        .collect();
    let mut faces = Vec::new();
    for _ in &shaky {
        faces.push(dice.roll(6).map_err(|_| ApplyError::NeedDice)?);
    }
    for ((minor, controller, revert), face) in shaky.into_iter().zip(faces) {
        let name = name(ctx, &minor);
        if face > revert {
            log.push(Event::new(
                format!("{name} stays with {} despite its unstable status: {face} (R4.6.1)", controller.name()),
                serde_json::json!({"kind": "instability", "minor": minor, "die": face, "reverts": false}),
            ));
            continue;
        }
        if let Some(m) = state.minors.get_mut(&minor) {
            m.controller = None;
            m.free_state = true;
        }
        state.remove_forces_of(&minor);
        log.push(Event::new(
            format!(
                "{name} breaks away from {}, whose status is unstable: {face}; it turns neutral and its forces leave \
                 the map (4.6.1, R4.6.1)",
                controller.name()
            ),
            serde_json::json!({"kind": "instability", "minor": minor, "die": face, "reverts": true}),
        ));
    }
    Ok(())
}

/// The step begins: a bid for each neutral minor country declared upon, its eligible powers
/// asked in the order of 4.6.3.2.
pub fn begin(state: &mut State) {
    let order = super::order(state);
    let Some(round) = state.politics.round.as_ref() else { return };
    let mut bids: Vec<Bid> = Vec::new();
    for d in &round.declared {
        if Power::from_id(&d.on).is_some() {
            continue;
        }
        match bids.iter_mut().find(|b| b.minor == d.on) {
            Some(b) => b.declarers.push(d.by),
            None => bids.push(Bid {
                minor: d.on.clone(),
                declarers: vec![d.by],
                answers: Vec::new(),
                resolved: false,
                controller: None,
                backdown_open: false,
                support_asked: false,
            }),
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
pub fn answered(ctx: &Ctx, next: &mut State, minor: &str, power: Power, seek: bool, log: &mut Vec<Event>) {
    if let Some(bid) = next.politics.round.as_mut().and_then(|r| r.minors.iter_mut().find(|b| b.minor == minor)) {
        bid.answers.push((power, seek));
    }
    log.push(Event::new(
        format!("{} {} control of {} (4.6.2)", power.name(), if seek { "seeks" } else { "declines" }, name(ctx, minor)),
        serde_json::json!({"kind": "control-answer", "power": power, "minor": minor, "seek": seek}),
    ));
}

fn bids(state: &State) -> Vec<Bid> {
    state.politics.round.as_ref().map(|r| r.minors.clone()).unwrap_or_default()
}

fn update(state: &mut State, bid: &Bid) {
    if let Some(b) = state.politics.round.as_mut().and_then(|r| r.minors.iter_mut().find(|b| b.minor == bid.minor)) {
        *b = bid.clone();
    }
}

/// The step goes on once every question is answered: controllers rolled for, back-downs
/// forced or asked, support asked. `true`: the step is done.
pub fn settle(
    ctx: &Ctx,
    state: &mut State,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<bool, ApplyError> {
    loop {
        if state.politics.round.as_ref().is_none_or(|r| !r.questions.is_empty()) {
            return Ok(state.politics.round.is_none());
        }
        let all = bids(state);
        if all.iter().any(|b| !b.resolved) {
            // Every roll first, then the changes (the rolls read the state before them).
            let mut outcomes = Vec::new();
            for bid in all.iter().filter(|b| !b.resolved) {
                outcomes.push((bid.clone(), choose(ctx, state, bid, dice, log)?));
            }
            for (mut bid, winner) in outcomes {
                assign(ctx, state, &bid, winner, log);
                bid.resolved = true;
                bid.controller = winner;
                forced_backdowns(ctx, state, &bid, log);
                bid.backdown_open = at_war_declarers(state, &bid).len() > 1;
                update(state, &bid);
            }
            continue;
        }
        if all.iter().any(|b| b.backdown_open) {
            return Ok(false);
        }
        if let Some(mut bid) = all.iter().find(|b| !b.support_asked).cloned() {
            bid.support_asked = true;
            update(state, &bid);
            if let Some(controller) = bid.controller {
                if !support_options(ctx, state, &bid, controller).is_empty() {
                    if let Some(round) = state.politics.round.as_mut() {
                        round.questions.push(Question::Support { minor: bid.minor.clone(), power: controller });
                    }
                }
            }
            continue;
        }
        if let Some(round) = state.politics.round.as_mut() {
            round.minors.clear();
        }
        return Ok(true);
    }
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
            format!("{} rolls {face}{m:+} = {total} for control of {} (4.6.2)", power.name(), name(ctx, &bid.minor)),
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
    let name = name(ctx, &bid.minor);
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
    }
    log.push(Event::new(
        format!("{} runs {name} (4.6.3.1)", winner.name()),
        serde_json::json!({"kind": "control", "minor": bid.minor, "controller": winner}),
    ));
    // 4.6.3.1: a minor country with forces sets them up under a free state flag (4.6.3.3,
    // 4.6.3.4); one without gets a conquered flag.
    let set_up = super::minor_setup::set_up(ctx, state, &bid.minor, winner, log);
    if let Some(m) = state.minors.get_mut(&bid.minor) {
        m.free_state = set_up;
    }
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

/// The declarers of `bid` still at war with its minor country.
pub fn at_war_declarers(state: &State, bid: &Bid) -> Vec<Power> {
    bid.declarers.iter().copied().filter(|d| state.relations.at_war(d.id(), &bid.minor)).collect()
}

/// May `a` go to war with `b` now (at war already, or free to declare it, 4.2.2)?
fn may_fight(ctx: &Ctx, state: &State, a: Power, b: Power) -> bool {
    state.relations.at_war(a.id(), b.id()) || super::declaration::check_one(ctx, state, a, b.id()).is_ok()
}

/// 4.6.4: declarers in an enforced peace with each other both back down; a declarer that
/// cannot declare war on another (4.2.2.1, 4.2.2.2, its own enforced peace) backs down.
fn forced_backdowns(ctx: &Ctx, state: &mut State, bid: &Bid, log: &mut Vec<Event>) {
    let declarers = at_war_declarers(state, bid);
    if declarers.len() < 2 {
        return;
    }
    let mut out: Vec<Power> = Vec::new();
    for &a in &declarers {
        for &b in declarers.iter().filter(|b| **b != a) {
            let mutual = state.politics.enforced_peace(a, b, state.date).is_some()
                && state.politics.enforced_peace(b, a, state.date).is_some();
            if (mutual || !may_fight(ctx, state, a, b)) && !out.contains(&a) {
                out.push(a);
            }
        }
    }
    for power in out {
        back_down(ctx, state, power, &bid.minor, "4.6.4", log);
    }
}

fn back_down(ctx: &Ctx, state: &mut State, power: Power, minor: &str, rule: &str, log: &mut Vec<Event>) {
    state.relations.make_peace(power.id(), minor);
    log.push(Event::new(
        format!(
            "{} backs down from its war on {} ({rule}): its political points stay lost, no alliance is broken",
            power.name(),
            name(ctx, minor)
        ),
        serde_json::json!({"kind": "back-down", "power": power, "minor": minor, "rule": rule}),
    ));
}

/// The sealed back-down waiting, if any: its minor country and the players who choose.
pub fn backdown(state: &State) -> Option<(String, Vec<PlayerId>)> {
    let bid = state.politics.round.as_ref()?.minors.iter().find(|b| b.backdown_open)?;
    let mut players: Vec<PlayerId> =
        at_war_declarers(state, bid).iter().filter_map(|p| state.player_of(*p)).map(PlayerId).collect();
    players.sort();
    players.dedup();
    Some((bid.minor.clone(), players))
}

/// A back-down choice sealed by `player`.
pub fn check_backdown(state: &State, player: PlayerId, c: &super::command::PoliticalCommand) -> Result<(), RuleError> {
    let Some((minor, players)) = backdown(state) else {
        return Err(RuleError::new("4.6.4", "nobody is to back down now"));
    };
    if !players.contains(&player) {
        return Err(RuleError::new("4.6.4", format!("{player} declared no war on {minor} still standing")));
    }
    match c {
        super::command::PoliticalCommand::BackDown { .. } => Ok(()),
        _ => Err(RuleError::new(
            "4.6.4",
            format!("several powers declared war on {minor}: `back down` or `remain at war`"),
        )),
    }
}

/// 4.6.4: the back-downs are open; those who stay go to war with each other (4.6.4.2).
pub fn reveal_backdowns(
    ctx: &Ctx,
    state: &State,
    choices: &[(PlayerId, super::command::PoliticalCommand)],
) -> Result<(State, Vec<Event>), ApplyError> {
    for (player, c) in choices {
        check_backdown(state, *player, c)?;
    }
    let mut next = state.clone();
    let mut log = Vec::new();
    let Some(mut bid) = next.politics.round.as_ref().and_then(|r| r.minors.iter().find(|b| b.backdown_open).cloned())
    else {
        return Err(RuleError::new("4.6.4", "nobody is to back down now").into());
    };
    for (player, c) in choices {
        if *c != (super::command::PoliticalCommand::BackDown { back: true }) {
            continue;
        }
        for power in at_war_declarers(&next, &bid) {
            if next.player_of(power) == Some(player.0) {
                back_down(ctx, &mut next, power, &bid.minor, "4.6.4", &mut log);
            }
        }
    }
    let staying = at_war_declarers(&next, &bid);
    if staying.len() > 1 {
        forced_wars(ctx, &mut next, &staying, &mut log);
    } else {
        log.push(Event::new(
            format!("{} keeps its controller (4.6.4.1)", name(ctx, &bid.minor)),
            serde_json::json!({"kind": "retained", "minor": bid.minor}),
        ));
    }
    bid.backdown_open = false;
    update(&mut next, &bid);
    Ok((next, log))
}

/// 4.6.4.2: the declarers that stayed declare war on each other: one declaration's points in
/// all (4.6.4.2.1), two for every alliance broken, on both allies (4.6.4.2.2, R4.6.4.2.2), no
/// calls (4.6.4.2.3).
fn forced_wars(ctx: &Ctx, next: &mut State, staying: &[Power], log: &mut Vec<Event>) {
    let mut declared: Vec<Power> = Vec::new();
    for (i, &a) in staying.iter().enumerate() {
        for &b in &staying[i + 1..] {
            if next.relations.at_war(a.id(), b.id()) {
                continue;
            }
            if next.relations.allied(a.id(), b.id()) {
                for (x, y) in [(a, b), (b, a)] {
                    points::change(
                        ctx,
                        next,
                        x,
                        Points::BreakAlliance,
                        1,
                        "4.6.4.2.2",
                        &format!("its alliance with {} broken", y.name()),
                        log,
                    );
                }
                next.politics.broken.push(super::Broken { a, b, on: next.date });
            }
            super::term_effects::break_marriage(ctx, next, a, b, &[a, b], "4.6.4.2.2", log);
            next.relations.declare_war(a.id(), b.id());
            let date = next.date;
            next.politics.went_to_war(a, b, date, false);
            log.push(Event::new(
                format!("{} and {} go to war over a minor country both attack (4.6.4.2)", a.name(), b.name()),
                serde_json::json!({"kind": "declaration", "by": a, "on": b, "rule": "4.6.4.2"}),
            ));
            for p in [a, b] {
                if !declared.contains(&p) {
                    declared.push(p);
                }
            }
        }
    }
    for p in declared {
        points::change(
            ctx,
            next,
            p,
            Points::DeclareWarMajor,
            1,
            "4.6.4.2.1",
            "the declarations of war forced by 4.6.4.2",
            log,
        );
    }
}

/// 4.6.5: the aggressors of `bid`'s minor country its controller may declare war on now.
pub fn support_options(ctx: &Ctx, state: &State, bid: &Bid, controller: Power) -> Vec<Power> {
    at_war_declarers(state, bid)
        .into_iter()
        .filter(|a| *a != controller && super::declaration::check_one(ctx, state, controller, a.id()).is_ok())
        .collect()
}

/// The answers the controller of `minor` may give (4.6.5): none, each aggressor alone, all.
pub fn support_answers(ctx: &Ctx, state: &State, minor: &str, controller: Power) -> Vec<Vec<Power>> {
    let Some(bid) = state.politics.round.as_ref().and_then(|r| r.minors.iter().find(|b| b.minor == minor)) else {
        return Vec::new();
    };
    let options = support_options(ctx, state, bid, controller);
    let mut out = vec![Vec::new()];
    out.extend(options.iter().map(|p| vec![*p]));
    if options.len() > 1 {
        out.push(options);
    }
    out
}

/// 4.6.5, 4.6.5.1: the controller declares war on `against`: one declaration's points in all,
/// two for each alliance broken, no calls.
pub fn support(ctx: &Ctx, next: &mut State, minor: &str, controller: Power, against: &[Power], log: &mut Vec<Event>) {
    if against.is_empty() {
        log.push(Event::new(
            format!("{} declares no war for {} (4.6.5)", controller.name(), name(ctx, minor)),
            serde_json::json!({"kind": "support", "power": controller, "minor": minor, "against": []}),
        ));
        return;
    }
    for &a in against {
        if next.relations.allied(controller.id(), a.id()) {
            let _ = super::alliance::break_alliance(ctx, next, controller, a, "4.6.5.1", log);
        }
        super::term_effects::break_marriage(ctx, next, controller, a, &[controller], "4.6.5", log);
        next.relations.declare_war(controller.id(), a.id());
        let date = next.date;
        next.politics.went_to_war(controller, a, date, false);
        log.push(Event::new(
            format!("{} declares war on {} in support of {} (4.6.5)", controller.name(), a.name(), name(ctx, minor)),
            serde_json::json!({"kind": "declaration", "by": controller, "on": a, "rule": "4.6.5"}),
        ));
    }
    points::change(
        ctx,
        next,
        controller,
        Points::DeclareWarMajor,
        1,
        "4.6.5.1",
        "its declarations in support of a minor country",
        log,
    );
}

/// 4.6.6: at the start of the peace step, a war on a minor country lapses for each aggressor
/// with no corps inside it, unless declared this month (R4.6.6); its garrisons go home.
pub fn lapse(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let this_month: Vec<(Power, String)> = state
        .politics
        .round
        .as_ref()
        .map(|r| r.declared.iter().map(|d| (d.by, d.on.clone())).collect())
        .unwrap_or_default();
    let wars: Vec<(Power, String)> = state
        .relations
        .wars
        .iter()
        .filter_map(|(a, b)| match (Power::from_id(a), Power::from_id(b)) {
            (Some(p), None) => Some((p, b.clone())),
            (None, Some(p)) => Some((p, a.clone())),
            _ => None,
        })
        .collect();
    for (power, minor) in wars {
        if this_month.contains(&(power, minor.clone()))
            || state.minors.get(&minor).is_some_and(|m| m.controller == Some(power))
        {
            continue;
        }
        let inside = state.corps.values().any(|c| {
            c.proper()
                && state.controller_of_nation(c.side()) == Some(power)
                && ctx.map.area(&c.area).is_some_and(|a| a.nation == minor)
        });
        if inside {
            continue;
        }
        state.relations.make_peace(power.id(), &minor);
        log.push(Event::new(
            format!("{}'s war on {} lapses: none of its corps is inside (4.6.6)", power.name(), name(ctx, &minor)),
            serde_json::json!({"kind": "lapse", "power": power, "minor": minor}),
        ));
        super::repatriation::leave_minor(ctx, state, power, &minor, log);
    }
}
