//! The declarations of war step (4.2): every player writes down in secret the major powers and
//! neutral minor countries each of its powers declares war on; all are revealed together.
//! Checked when sealed (4.2.2 limitations, 4.2.3 extent) and applied when every player's is
//! open: wars begin, political points are lost (4.2.1), and the callers of 4.3 are ordered by
//! competitive rolls.

use super::command::{Declarations, PoliticalCommand};
use super::{points, Caller, Declared, PoliticalStep};
use crate::ctx::Ctx;
use crate::data::politics::Points;
use crate::power::Power;
use crate::state::State;
use grognard_board::area::ProvinceKind;
use grognard_engine::{ApplyError, DiceSource, Event, PlayerId, RuleError};

/// A target of a declaration: a major power or a neutral minor country.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Major(Power),
    Minor(String),
}

/// The declarations of `player`'s command, each power resolved, checked against the rules
/// of 4.2.2 and 4.2.3 in `state`.
pub fn check(
    ctx: &Ctx,
    state: &State,
    player: PlayerId,
    command: &PoliticalCommand,
) -> Result<Vec<Declared>, RuleError> {
    let PoliticalCommand::Declare { powers } = command else {
        return Err(RuleError::new("4.2", "the declarations of war step asks for `declare ...` (or `declare none`)"));
    };
    let mine = state.powers_of(player.0);
    let mut seen: Vec<Power> = Vec::new();
    let mut out = Vec::new();
    for Declarations { by, on } in powers {
        let power = match by {
            Some(p) => *p,
            None if mine.len() == 1 => mine[0],
            None => {
                return Err(RuleError::new(
                    "4.2",
                    "you run several powers: name the one declaring (`declare POWER on TARGET...`)",
                ))
            }
        };
        if !mine.contains(&power) {
            return Err(RuleError::new("4.2", format!("{player} does not run {}", power.name())));
        }
        if seen.contains(&power) {
            return Err(RuleError::new("4.2", format!("{}'s declarations are written once", power.name())));
        }
        seen.push(power);
        let mut targets: Vec<&String> = Vec::new();
        for target in on {
            if targets.contains(&target) {
                return Err(RuleError::new("4.2", format!("{} declares war on {target} twice", power.name())));
            }
            targets.push(target);
            check_one(ctx, state, power, target)?;
            out.push(Declared { by: power, on: target.clone() });
        }
    }
    out.sort_by_key(|d| super::ORDER.iter().position(|p| *p == d.by));
    Ok(out)
}

/// What `id` names for a declaration by `power`.
pub fn target(ctx: &Ctx, state: &State, power: Power, id: &str) -> Result<Target, RuleError> {
    if let Some(major) = Power::from_id(id) {
        if major == power {
            return Err(RuleError::new("4.2", format!("{} cannot declare war on itself", power.name())));
        }
        if !state.powers.contains_key(&major) {
            return Err(RuleError::new("4.2", format!("{} is not in this game", major.name())));
        }
        return Ok(Target::Major(major));
    }
    let Some(minor) = state.minors.get(id) else {
        let known = ctx.map.nation(id).is_some();
        return Err(RuleError::new(
            "4.2",
            if known {
                format!("`{id}` is not a minor country of this game")
            } else {
                format!("`{id}` is not a nation")
            },
        ));
    };
    if let Some(controller) = minor.controller {
        return Err(RuleError::new(
            "4.2.3",
            format!(
                "{} is run by {}: controlled minor countries may not have war declared on them separately (declare \
                 war on {})",
                nation_name(ctx, id),
                controller.name(),
                controller.id()
            ),
        ));
    }
    Ok(Target::Minor(id.to_string()))
}

fn nation_name<'a>(ctx: &'a Ctx, id: &'a str) -> &'a str {
    ctx.map.nation(id).map_or(id, |n| n.name.as_str())
}

/// Every limitation of 4.2.2 on `power` declaring war on `id`.
pub fn check_one(ctx: &Ctx, state: &State, power: Power, id: &str) -> Result<(), RuleError> {
    let target = target(ctx, state, power, id)?;
    if state.relations.at_war(power.id(), id) {
        return Err(RuleError::new("4.2", format!("{} is already at war with {}", power.name(), nation_name(ctx, id))));
    }
    if let Some(area) = forces_inside(ctx, state, power, id) {
        return Err(RuleError::new(
            "4.2.2.1",
            format!(
                "{} may not declare war on {}: it has forces within its territory ({})",
                power.name(),
                nation_name(ctx, id),
                ctx.name(&area)
            ),
        ));
    }
    match target {
        Target::Major(major) => {
            if let Some(area) = invaded(ctx, state, power) {
                return Err(RuleError::new(
                    "4.2.2.2",
                    format!(
                        "{} is at war and unbesieged enemy infantry corps stand in its home nation ({}): it may not \
                         declare war on other major powers",
                        power.name(),
                        ctx.name(&area)
                    ),
                ));
            }
            if let Some(until) = state.politics.enforced_peace(power, major, state.date) {
                return Err(RuleError::new(
                    "4.2.2.4",
                    format!(
                        "{} may not declare war on {} before {until}: an enforced peace (4.4.6.3)",
                        power.name(),
                        major.name()
                    ),
                ));
            }
        }
        Target::Minor(minor) => {
            if !reachable(ctx, state, power, &minor) {
                return Err(RuleError::new(
                    "4.2.2.3",
                    format!(
                        "{} cannot enter {} this turn: no land of its own or its corps borders it (R4.2.2.3)",
                        power.name(),
                        nation_name(ctx, &minor)
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// 4.2.2.1: an area of `id`'s territory holding corps or a garrison of `power` (or of a
/// minor it runs).
fn forces_inside(ctx: &Ctx, state: &State, power: Power, id: &str) -> Option<String> {
    let theirs = |area: &str| match Power::from_id(id) {
        Some(major) => state.in_territory(ctx, major, area),
        None => state.area_controller(ctx, area) == Some(id),
    };
    let ours = |nation: &str| state.controller_of_nation(nation) == Some(power);
    let corps = state.corps.values().filter(|c| ours(c.side()) && theirs(&c.area)).map(|c| c.area.clone());
    let garrisons = state.garrisons.iter().filter(|(a, g)| ours(&g.nation) && theirs(a)).map(|(a, _)| a.clone());
    corps.chain(garrisons).min()
}

/// 4.2.2.2: an area of `power`'s home nation holding an unbesieged enemy infantry corps, if
/// `power` is at war with a major power.
pub fn invaded(ctx: &Ctx, state: &State, power: Power) -> Option<String> {
    if super::enemies(state, power).is_empty() {
        return None;
    }
    state
        .corps
        .iter()
        .filter(|(id, c)| {
            home_area(ctx, power, &c.area)
                && state.enemy_of(power, c.side())
                && !(c.in_city && state.besieged(&c.area))
                && !crate::corps_card::is_cavalry(ctx, id)
        })
        .map(|(_, c)| c.area.clone())
        .min()
}

/// Is `area` in the home nation of `power` (its home provinces on the map)?
pub fn home_area(ctx: &Ctx, power: Power, area: &str) -> bool {
    ctx.map.province_of(area).is_some_and(|p| p.nation == power.id() && p.kind == ProvinceKind::Home)
}

/// R4.2.2.3: `power` can enter `minor` this turn when an area of it borders by land an area
/// of `power`'s territory or one holding a corps of `power`, or, with the naval rules played,
/// when it has a port and `power` has a fleet.
fn reachable(ctx: &Ctx, state: &State, power: Power, minor: &str) -> bool {
    let ours = |area: &str| {
        state.in_territory(ctx, power, area)
            || state.corps.values().any(|c| c.area == area && state.controller_of_nation(c.side()) == Some(power))
    };
    let areas = ctx.map.areas_of(minor);
    let by_land = areas.iter().any(|a| ctx.map.neighbours(&a.id).iter().any(|b| ours(&b.to)));
    let by_sea = crate::naval::played(state)
        && areas.iter().any(|a| ctx.map.port(&a.id).is_some())
        && state.fleets.values().any(|f| state.controller_of_nation(&f.nation) == Some(power));
    by_land || by_sea
}

/// Every player's declarations are open: wars begin (4.2.3: a major power's controlled minor
/// countries with it), political points are lost for wars on major powers (4.2.1.1; those for
/// minor countries wait for the minor country control step, 4.2.1.2), and the callers of 4.3
/// are ordered by competitive rolls.
pub fn reveal(
    ctx: &Ctx,
    state: &State,
    choices: &[(PlayerId, PoliticalCommand)],
    dice: &mut dyn DiceSource,
) -> Result<(State, Vec<Event>), ApplyError> {
    let mut declared = Vec::new();
    for (player, choice) in choices {
        declared.extend(check(ctx, state, *player, choice)?);
    }
    declared.sort_by_key(|d| super::ORDER.iter().position(|p| *p == d.by));
    let callers = callers(&declared);
    // Every roll before any change: the checks are done.
    let ordered = roll_order(&callers, dice)?;
    let mut next = state.clone();
    let mut log = Vec::new();
    if declared.is_empty() {
        log.push(Event::new("No declarations of war (4.2)", serde_json::json!({"kind": "declarations", "count": 0})));
    }
    for d in &declared {
        log.push(Event::new(
            format!("{} declares war on {} (4.2)", d.by.name(), nation_name(ctx, &d.on)),
            serde_json::json!({"kind": "declaration", "by": d.by, "on": d.on}),
        ));
        if let Some(major) = Power::from_id(&d.on) {
            war_on_major(ctx, &mut next, d.by, major, "4.2.1.1", &mut log);
        } else {
            next.relations.declare_war(d.by.id(), &d.on);
        }
    }
    let round = next.politics.round.get_or_insert_with(Default::default);
    round.declared = declared;
    round.callers = ordered;
    round.next_caller = 0;
    for c in &round.callers {
        log.push(Event::new(
            format!(
                "{} may call its allies ({})",
                c.power.name(),
                if c.defender { "a defender" } else { "an aggressor" }
            ),
            serde_json::json!({"kind": "caller", "power": c.power, "defender": c.defender}),
        ));
    }
    next.sequence.phase = crate::sequence::Phase::Political(PoliticalStep::CallToAllies);
    Ok((next, log))
}

/// `by` declares war on the major power `major` (4.2.1.1, also for the declarations of other
/// times, 7.3.8.3): three political points lost, two more and the alliance broken if they were
/// allied, a royal marriage between their houses broken (B.5, 4.6.4.2.2), and the war begins,
/// recorded for the order of peace (4.4.5.2). `rule` names the rule the points are lost under.
pub fn war_on_major(ctx: &Ctx, next: &mut State, by: Power, major: Power, rule: &str, log: &mut Vec<Event>) {
    let allied = next.relations.allied(by.id(), major.id());
    points::change(ctx, next, by, Points::DeclareWarMajor, 1, rule, "a declaration of war on a major power", log);
    if allied {
        points::change(ctx, next, by, Points::BreakAlliance, 1, rule, "breaking an alliance by declaring war", log);
        next.politics.broken.push(super::Broken { a: by, b: major, on: next.date });
    }
    super::term_effects::break_marriage(ctx, next, by, major, &[by], rule, log);
    next.relations.declare_war(by.id(), major.id());
    let date = next.date;
    next.politics.went_to_war(by, major, date, false);
}

/// 4.3.1.1, 4.3.1.2: the powers that may call allies: the major powers declared upon, then the
/// aggressors against major powers; a power that both declared on and was declared upon by
/// the same power is an aggressor there only.
pub fn callers(declared: &[Declared]) -> Vec<Caller> {
    let majors: Vec<(Power, Power)> = declared.iter().filter_map(|d| Some((d.by, Power::from_id(&d.on)?))).collect();
    let mutual = |a: Power, b: Power| majors.contains(&(a, b)) && majors.contains(&(b, a));
    let mut out: Vec<Caller> = Vec::new();
    for defender in [true, false] {
        for &(by, on) in &majors {
            if mutual(by, on) {
                continue;
            }
            let power = if defender { on } else { by };
            if !out.iter().any(|c| c.power == power && c.defender == defender) {
                out.push(Caller { power, defender });
            }
        }
    }
    out
}

/// 3.1 C, 4.3: the defenders call first, then the aggressors, each group in the order of
/// competitive rolls (highest first; ties rolled again, at most ten times, then the order of
/// 4.6.3.2).
fn roll_order(callers: &[Caller], dice: &mut dyn DiceSource) -> Result<Vec<Caller>, ApplyError> {
    let mut out = Vec::new();
    for defender in [true, false] {
        let mut group: Vec<Caller> = callers.iter().filter(|c| c.defender == defender).cloned().collect();
        group.sort_by_key(|c| super::ORDER.iter().position(|p| *p == c.power));
        out.extend(competitive(group, dice)?);
    }
    Ok(out)
}

/// Order `group` by competitive rolls: each rolls a die, highest first; a tie is rolled again
/// among the tied (at most ten times, then they keep the order they came in).
pub fn competitive<T: Clone>(group: Vec<T>, dice: &mut dyn DiceSource) -> Result<Vec<T>, ApplyError> {
    if group.len() < 2 {
        return Ok(group);
    }
    let mut keyed: Vec<(Vec<u32>, usize, T)> = group.into_iter().enumerate().map(|(i, t)| (Vec::new(), i, t)).collect();
    for _ in 0..10 {
        let mut tied = false;
        let before: Vec<Vec<u32>> = keyed.iter().map(|k| k.0.clone()).collect();
        for i in 0..keyed.len() {
            let shares = before.iter().enumerate().filter(|(j, k)| *j != i && **k == before[i]).count() > 0;
            if shares {
                tied = true;
                let face = dice.roll(6).map_err(|_| ApplyError::NeedDice)?;
                keyed[i].0.push(face);
            }
        }
        if !tied {
            break;
        }
    }
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    Ok(keyed.into_iter().map(|k| k.2).collect())
}
