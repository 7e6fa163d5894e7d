//! 7.3.8.3, step three of the declaration of combat: when the phasing power declares a
//! combat (`battle AREA`) against an ally of a major power whose field forces stand in the
//! area, that power may now declare war on the attacker, losing the political points of a
//! declaration (4.2.1.1), with no allies called; its forces then fight as defenders, in one
//! force with its ally's. A power that does not, or may not (4.2.2), leaves the area with
//! the others not at war with the attacker (step four, `declaration::clear_the_field`).
//!
//! 7.3.8 is a rule of the campaign games and declarations of war are the political phase's:
//! the question is asked when the political phase is played. Each power that may declare is
//! asked in turn, in the order of the political phase (4.0), before the battle begins: `declare
//! war on POWER` or `stand aside`. Who is asked is settled as the combat is declared, by the
//! alliances and wars of that moment (R7.3.8.3).

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use crate::Command;
use grognard_engine::{Event, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The question 7.3.8.3 puts, before a battle, to the powers that may join the defence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarQuestion {
    /// The area of the combat declared.
    pub area: String,
    /// The phasing power that declared it.
    pub attacker: Power,
    /// The powers still to answer, the first answering now.
    pub asked: Vec<Power>,
}

/// The powers that may declare war on `attacker` over the combat it declares in `area`: with
/// field forces there, allied to a power defending there, not at war with the attacker, and
/// not restricted by 4.2.2; in the order of the political phase.
pub fn askable(ctx: &Ctx, state: &State, attacker: Power, area: &str) -> Vec<Power> {
    if !crate::politics::played(state) {
        return Vec::new();
    }
    let defending = super::declaration::defending_powers(state, attacker, area);
    crate::politics::order(state)
        .into_iter()
        .filter(|p| {
            *p != attacker
                && !defending.contains(p)
                && !state.relations.at_war(p.id(), attacker.id())
                && has_field_forces(state, *p, area)
                && defending.iter().any(|d| state.relations.allied(p.id(), d.id()))
                && crate::politics::declaration::check_one(ctx, state, *p, attacker.id()).is_ok()
        })
        .collect()
}

fn has_field_forces(state: &State, power: Power, area: &str) -> bool {
    state.corps.values().any(|c| {
        c.area == area && !c.in_city && c.aboard.is_none() && state.controller_of_nation(c.side()) == Some(power)
    })
}

/// The power whose answer the rules wait for, if any.
pub fn decider(state: &State) -> Option<Power> {
    state.book.war_question.as_ref().and_then(|q| q.asked.first().copied())
}

/// The answers of the power asked: standing aside first.
pub fn answers(q: &WarQuestion) -> [Command; 2] {
    [Command::WarAnswer { on: None }, Command::WarAnswer { on: Some(q.attacker) }]
}

/// The prompt of the question.
pub fn prompt(ctx: &Ctx, state: &State, q: &WarQuestion) -> String {
    let Some(asked) = q.asked.first() else { return String::new() };
    let allies: Vec<&str> = super::declaration::defending_powers(state, q.attacker, &q.area)
        .into_iter()
        .filter(|d| state.relations.allied(asked.id(), d.id()))
        .map(|d| d.name())
        .collect();
    format!(
        "{}: {} declares a combat in {} against your ally {}, where your field forces stand (7.3.8.3): \
         `declare war on {}` (a declaration's political points, no allies called; your forces fight as \
         defenders) or `stand aside` (your forces leave the area, 7.3.8.4)",
        asked.name(),
        q.attacker.name(),
        ctx.name(&q.area),
        allies.join(" and "),
        q.attacker.id()
    )
}

/// The answer of `power` (`declare war on POWER` or `stand aside`); once the last power asked
/// has answered, the battle begins.
pub fn answer(
    ctx: &Ctx,
    state: &State,
    power: Power,
    command: &Command,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let q = state
        .book
        .war_question
        .clone()
        .ok_or_else(|| RuleError::new("7.3.8.3", "no combat asks for a declaration of war now"))?;
    if q.asked.first() != Some(&power) {
        return Err(RuleError::new("7.3.8.3", format!("{} is not asked to declare war now", power.name())));
    }
    let Command::WarAnswer { on } = command else {
        return Err(RuleError::new(
            "7.3.8.3",
            format!(
                "{}: first answer the question: `declare war on {}` or `stand aside`",
                power.name(),
                q.attacker.id()
            ),
        ));
    };
    let mut next = state.clone();
    match on {
        Some(on) if *on != q.attacker => {
            return Err(RuleError::new(
                "7.3.8.3",
                format!("{} may declare war only on the attacker, {}", power.name(), q.attacker.name()),
            ))
        }
        Some(_) => {
            // The limitations of 4.2.2 as they stand now (the question was asked when they allowed it).
            crate::politics::declaration::check_one(ctx, state, power, q.attacker.id())?;
            log.push(Event::new(
                format!(
                    "{} declares war on {} over the combat in {}; no allies are called (7.3.8.3)",
                    power.name(),
                    q.attacker.name(),
                    ctx.name(&q.area)
                ),
                json!({"kind": "declaration", "by": power, "on": q.attacker, "area": q.area, "rule": "7.3.8.3"}),
            ));
            crate::politics::declaration::war_on_major(ctx, &mut next, power, q.attacker, "7.3.8.3", log);
        }
        None => log.push(Event::new(
            format!("{} stands aside from the combat in {} (7.3.8.3)", power.name(), ctx.name(&q.area)),
            json!({"kind": "stand-aside", "power": power, "area": q.area, "rule": "7.3.8.3"}),
        )),
    }
    let mut rest = q.clone();
    rest.asked.remove(0);
    if rest.asked.is_empty() {
        next.book.war_question = None;
        super::battle::open_battle(ctx, &next, q.attacker, &q.area, log)
    } else {
        next.book.war_question = Some(rest);
        Ok(next)
    }
}
