//! The call to allies step (4.3): the defenders, then the aggressors who may, call their
//! allies in the order the competitive rolls gave (`declaration::reveal`); each ally called
//! answers at once, declaring war on the caller's enemy (4.3.2) or refusing and breaking the
//! alliance (4.3.1.3).

use super::{alliance, points, Question};
use crate::ctx::Ctx;
use crate::data::politics::Points;
use crate::power::Power;
use crate::state::State;
use grognard_engine::{ApplyError, Event, RuleError};

/// The enemies `caller` may call its allies against this month: the aggressors that declared
/// war on it (a defender), or the defenders it declared war on whose own call came first
/// (an aggressor, 4.3.1.1).
pub fn enemies(state: &State, caller: Power, defender: bool) -> Vec<Power> {
    let Some(round) = &state.politics.round else { return Vec::new() };
    let majors = round.declared.iter().filter_map(|d| Some((d.by, Power::from_id(&d.on)?)));
    let mutual = |a: Power, b: Power| {
        round.declared.iter().any(|d| d.by == a && d.on == b.id())
            && round.declared.iter().any(|d| d.by == b && d.on == a.id())
    };
    let mut out: Vec<Power> = majors
        .filter(|&(by, on)| !mutual(by, on))
        .filter_map(|(by, on)| match defender {
            true if on == caller => Some(by),
            false if by == caller && round.attempted.contains(&(on, by)) => Some(on),
            _ => None,
        })
        .collect();
    out.dedup();
    out
}

/// May `ally` be called by `caller` against `enemy` (4.3, 4.3.1.4)?
pub fn callable(state: &State, caller: Power, ally: Power, enemy: Power) -> Result<(), RuleError> {
    if ally == caller || ally == enemy || !state.relations.allied(caller.id(), ally.id()) {
        return Err(RuleError::new("4.3", format!("{} is not an ally of {}", ally.name(), caller.name())));
    }
    if state.relations.at_war(ally.id(), enemy.id()) {
        return Err(RuleError::new("4.3", format!("{} is already at war with {}", ally.name(), enemy.name())));
    }
    if let Some(until) = state.politics.enforced_peace(ally, enemy, state.date) {
        return Err(RuleError::new(
            "4.3.1.4",
            format!("{} may not be called: its enforced peace with {} lasts until {until}", ally.name(), enemy.name()),
        ));
    }
    let asked = state.politics.round.as_ref().is_some_and(|r| {
        r.questions.iter().any(|q| matches!(q, Question::Call { ally: a, enemy: e, .. } if *a == ally && *e == enemy))
    });
    if asked {
        return Err(RuleError::new("4.3", format!("{} is already called against {}", ally.name(), enemy.name())));
    }
    Ok(())
}

/// `caller` calls `allies` against `enemy`: each is asked in turn.
pub fn call(
    ctx: &Ctx,
    next: &mut State,
    caller: Power,
    allies: &[Power],
    enemy: &str,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let _ = ctx;
    let round = next.politics.round.as_ref().ok_or_else(|| RuleError::new("4.3", "no political phase"))?;
    let defender = round.callers.get(round.next_caller).is_some_and(|c| c.power == caller && c.defender);
    let enemy = Power::from_id(enemy).filter(|e| enemies(next, caller, defender).contains(e)).ok_or_else(|| {
        let list: Vec<&str> = enemies(next, caller, defender).iter().map(|p| p.name()).collect();
        RuleError::new(
            if defender { "4.3" } else { "4.3.1.1" },
            format!(
                "{} may call its allies only against {} (an aggressor only against a defender who called first; \
                     powers who declared war on each other call nobody, 4.3.1.2)",
                caller.name(),
                if list.is_empty() { "nobody".to_string() } else { list.join(", ") }
            ),
        )
    })?;
    for (i, ally) in allies.iter().enumerate() {
        if allies[..i].contains(ally) {
            return Err(RuleError::new("4.3", format!("{} is called twice", ally.name())).into());
        }
        callable(next, caller, *ally, enemy)?;
    }
    let round = next.politics.round.as_mut().ok_or_else(|| RuleError::new("4.3", "no political phase"))?;
    if defender && !round.attempted.contains(&(caller, enemy)) {
        round.attempted.push((caller, enemy));
    }
    for ally in allies {
        round.questions.push(Question::Call { caller, ally: *ally, enemy, caller_is_aggressor: !defender });
        log.push(Event::new(
            format!("{} calls {} to war against {} (4.3)", caller.name(), ally.name(), enemy.name()),
            serde_json::json!({"kind": "call", "caller": caller, "ally": ally, "enemy": enemy}),
        ));
    }
    Ok(())
}

/// Can `ally` answer a call against `enemy`, or must it refuse (4.3.1.4: 4.2.2.1, 4.2.2.2)?
pub fn may_answer(ctx: &Ctx, state: &State, ally: Power, enemy: Power) -> bool {
    super::declaration::check_one(ctx, state, ally, enemy.id()).is_ok()
}

/// `ally` answered `caller`'s call against `enemy`.
#[allow(clippy::too_many_arguments)]
pub fn answered(
    ctx: &Ctx,
    next: &mut State,
    caller: Power,
    ally: Power,
    enemy: Power,
    caller_is_aggressor: bool,
    join: bool,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    if join {
        // R4.3.2: answering a call costs no political points; declaring war on one's own
        // ally still breaks that alliance (4.2.1.1).
        if next.relations.allied(ally.id(), enemy.id()) {
            alliance::break_alliance(ctx, next, ally, enemy, "4.2.1.1", log)?;
        }
        super::term_effects::break_marriage(ctx, next, ally, enemy, &[ally], "4.2.1.1", log);
        next.relations.declare_war(ally.id(), enemy.id());
        let date = next.date;
        next.politics.went_to_war(ally, enemy, date, true);
        log.push(Event::new(
            format!("{} answers {}'s call and declares war on {} (4.3.2)", ally.name(), caller.name(), enemy.name()),
            serde_json::json!({"kind": "declaration", "by": ally, "on": enemy, "call": caller}),
        ));
        return Ok(());
    }
    log.push(Event::new(
        format!("{} refuses {}'s call against {} (4.3.1.3)", ally.name(), caller.name(), enemy.name()),
        serde_json::json!({"kind": "refusal", "ally": ally, "caller": caller, "enemy": enemy}),
    ));
    alliance::break_alliance(ctx, next, ally, caller, "4.3.1.3", log)?;
    if caller_is_aggressor {
        points::change(ctx, next, caller, Points::BreakAlliance, 1, "4.3.1.3", "an ally refused its call", log);
    }
    Ok(())
}
