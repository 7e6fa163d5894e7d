//! Agreements between two powers and their ends: proposals answered at once (informal peace
//! 4.4.1, alliances 4.5), breaking an alliance (4.7, and wherever a rule breaks one), and
//! the free state declaration (4.8).

use super::{points, Broken, Proposal, Question};
use crate::ctx::Ctx;
use crate::data::politics::Points;
use crate::power::Power;
use crate::state::State;
use grognard_engine::{ApplyError, Event, RuleError};

/// May `from` propose `what` to `to` now (4.4.1, 4.5.1-4.5.3)?
pub fn may_propose(state: &State, from: Power, to: Power, what: Proposal) -> Result<(), RuleError> {
    if from == to || !state.powers.contains_key(&to) {
        return Err(RuleError::new("4.5", format!("{} cannot make a proposal to {}", from.name(), to.name())));
    }
    let proposed = state.politics.round.as_ref().is_some_and(|r| {
        r.proposed.iter().any(|&(a, b, w)| w == what && ((a, b) == (from, to) || (a, b) == (to, from)))
    });
    if proposed {
        return Err(RuleError::new(
            "4.5",
            format!("{} and {} already discussed this this month", from.name(), to.name()),
        ));
    }
    let (a, b) = (from.id(), to.id());
    match what {
        Proposal::InformalPeace if !state.relations.at_war(a, b) => {
            Err(RuleError::new("4.4.1", format!("{} and {} are not at war", from.name(), to.name())))
        }
        Proposal::InformalPeace => super::restrictions::informal(state, from, to),
        Proposal::Alliance if state.relations.allied(a, b) => {
            Err(RuleError::new("4.5.1", format!("{} and {} are already allied", from.name(), to.name())))
        }
        Proposal::Alliance if state.relations.at_war(a, b) => {
            Err(RuleError::new("4.5.2", format!("{} and {} are at war and may not ally", from.name(), to.name())))
        }
        Proposal::Alliance => match state.politics.last_broken(from, to) {
            Some(on) if crate::date::months_between(on, state.date) < 12 => Err(RuleError::new(
                "4.5.3",
                format!(
                    "{} and {} broke an alliance in {on}: they may not ally again for twelve months",
                    from.name(),
                    to.name()
                ),
            )),
            _ => Ok(()),
        },
    }
}

/// `from` proposes `what` to `to`, who is asked at once.
pub fn propose(next: &mut State, from: Power, to: Power, what: Proposal) -> Result<(), RuleError> {
    may_propose(next, from, to, what)?;
    let round = next.politics.round.as_mut().ok_or_else(|| RuleError::new("4.0", "no political phase"))?;
    round.proposed.push((from, to, what));
    round.questions.push(Question::Proposal { from, to, what });
    Ok(())
}

/// `to` answered `from`'s proposal.
pub fn answered(
    ctx: &Ctx,
    next: &mut State,
    from: Power,
    to: Power,
    what: Proposal,
    accept: bool,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    if !accept {
        log.push(Event::new(
            format!("{} declines {}'s proposal", to.name(), from.name()),
            serde_json::json!({"kind": "declined", "from": from, "to": to, "what": what}),
        ));
        return Ok(());
    }
    match what {
        Proposal::Alliance => {
            next.relations.ally(from.id(), to.id());
            log.push(Event::new(
                format!("{} and {} ally (4.5)", from.name(), to.name()),
                serde_json::json!({"kind": "alliance", "powers": [from, to]}),
            ));
            for p in [from, to] {
                points::change(ctx, next, p, Points::Alliance, 1, "4.5", "a new alliance", log);
            }
        }
        Proposal::InformalPeace => {
            next.relations.make_peace(from.id(), to.id());
            log.push(Event::new(
                format!(
                    "{} and {} make an informal peace: no political points, no enforced peace (4.4.1)",
                    from.name(),
                    to.name()
                ),
                serde_json::json!({"kind": "peace", "informal": true, "powers": [from, to]}),
            ));
            super::peace::effects(ctx, next, from, to, log);
            // 4.4.7: an ally of either still at war with the other may demand a break.
            super::separate_peace::ask(next, from, to);
            super::separate_peace::ask(next, to, from);
        }
    }
    Ok(())
}

/// `breaker` breaks its alliance with `other` (`rule`: 4.7, 4.2.1.1, 4.3.1.3): -2 political
/// points, recorded for 4.5.3.
pub fn break_alliance(
    ctx: &Ctx,
    next: &mut State,
    breaker: Power,
    other: Power,
    rule: &str,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !next.relations.allied(breaker.id(), other.id()) {
        return Err(RuleError::new(rule, format!("{} and {} are not allied", breaker.name(), other.name())));
    }
    next.relations.break_alliance(breaker.id(), other.id());
    next.politics.broken.push(Broken { a: breaker, b: other, on: next.date });
    log.push(Event::new(
        format!("{} breaks its alliance with {} ({rule})", breaker.name(), other.name()),
        serde_json::json!({"kind": "alliance-broken", "by": breaker, "with": other, "rule": rule}),
    ));
    points::change(ctx, next, breaker, Points::BreakAlliance, 1, rule, "breaking an alliance", log);
    Ok(())
}

/// 4.8: `power` declares its conquered minor country `minor` a free state.
pub fn free_state(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    minor: &str,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = ctx.map.nation(minor).map_or(minor, |n| n.name.as_str());
    let state = next
        .minors
        .get_mut(minor)
        .filter(|m| m.controller == Some(power))
        .ok_or_else(|| RuleError::new("4.8", format!("{} does not control {name}", power.name())))?;
    if state.free_state {
        return Err(RuleError::new("4.8", format!("{name} is already a free state")));
    }
    let owner = crate::data::cards::Owner::Minor(minor.to_string());
    if ctx.cards.corps_of(&owner).next().is_none() {
        return Err(RuleError::new("4.8", format!("{name} can have no corps: it may not be a free state")));
    }
    state.free_state = true;
    log.push(Event::new(
        format!(
            "{} declares {name} a free state (4.8): its forces may be bought from the next economic phase",
            power.name()
        ),
        serde_json::json!({"kind": "free-state", "power": power, "minor": minor}),
    ));
    Ok(())
}
