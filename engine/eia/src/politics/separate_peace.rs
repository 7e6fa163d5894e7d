//! Separate peace and allies (4.4.7): when a power makes peace with a common enemy while its
//! ally fights on, the ally still at war may demand that the alliance be broken; the power
//! that made peace then breaks it and loses its political points for it.

use super::Question;
use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_engine::{Event, RuleError};

/// After `peacemaker` made peace with `enemy`: every ally of the peacemaker still at war with
/// the enemy is asked, in the order of 4.6.3.2, whether it demands the alliance be broken.
pub fn ask(state: &mut State, peacemaker: Power, enemy: Power) {
    let askers: Vec<Power> = super::order(state)
        .into_iter()
        .filter(|w| {
            *w != peacemaker
                && state.relations.allied(w.id(), peacemaker.id())
                && state.relations.at_war(w.id(), enemy.id())
        })
        .collect();
    if let Some(round) = state.politics.round.as_mut() {
        for demander in askers {
            round.questions.push(Question::Separate { demander, ally: peacemaker });
        }
    }
}

/// `demander` answered: with a demand, `ally` breaks their alliance (4.4.7).
pub fn answered(
    ctx: &Ctx,
    next: &mut State,
    demander: Power,
    ally: Power,
    demand: bool,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !demand {
        log.push(Event::new(
            format!("{} lets {}'s separate peace stand with their alliance (4.4.7)", demander.name(), ally.name()),
            serde_json::json!({"kind": "separate-peace", "demander": demander, "ally": ally, "demand": false}),
        ));
        return Ok(());
    }
    if !next.relations.allied(demander.id(), ally.id()) {
        return Ok(());
    }
    log.push(Event::new(
        format!(
            "{} demands that {} break their alliance after its separate peace (4.4.7)",
            demander.name(),
            ally.name()
        ),
        serde_json::json!({"kind": "separate-peace", "demander": demander, "ally": ally, "demand": true}),
    ));
    super::alliance::break_alliance(ctx, next, ally, demander, "4.4.7", log)
}
