//! Moving the month on (3.0): the next power, step and phase after `end`, the time record
//! phase (9.0) and the end of the game.
//!
//! A power with nothing to do in a step is passed over (3.0: phases or steps that do not
//! apply may be skipped): a power with no fleets in the naval steps, with no corps in the
//! land phase, with nothing on the map and nothing due in the army reinforcement step.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::{LandStep, Phase, Sequence};
use crate::state::{Book, State};
use grognard_engine::Event;

/// The most steps one `end` can pass over before someone has something to do: every step of
/// every power for two months.
const MAX_SKIPS: usize = 2 * 7 * 8;

/// Does `power` have anything to do in `phase`?
pub fn has_work(state: &State, power: Power, phase: Phase) -> bool {
    let nation_of = |n: &str| state.controller_of_nation(n) == Some(power);
    let corps = state.corps.values().any(|c| nation_of(c.side()));
    let fleets = state.fleets.values().any(|f| nation_of(&f.nation));
    match phase {
        Phase::NavalReinforcement | Phase::Naval => fleets,
        Phase::ArmyReinforcement => {
            corps
                || state.garrisons.values().any(|g| nation_of(&g.nation))
                || state.depots.values().any(|d| d.power == power && !d.garrison.is_empty())
                || state.due.get(&power).is_some_and(|d| !d.is_empty())
        }
        Phase::Land(LandStep::Combat) => {
            !crate::combat::battles_owed(state, power).is_empty()
                || state.sieges.iter().any(|a| {
                    state
                        .corps
                        .values()
                        .any(|c| c.area == *a && !c.in_city && state.controller_of_nation(c.side()) == Some(power))
                })
        }
        Phase::Land(LandStep::Supply) => {
            corps || state.sieges.iter().any(|a| state.garrisons.get(a).is_some_and(|g| nation_of(&g.nation)))
        }
        // 7.4.3.4: a power whose only forces are a besieged port garrison may build a depot in it.
        Phase::Land(LandStep::Depots) => {
            corps
                || (crate::naval::played(state)
                    && state.sieges.iter().any(|a| state.garrisons.get(a).is_some_and(|g| nation_of(&g.nation))))
        }
        Phase::Land(_) => corps,
        Phase::Political(_) | Phase::Economic(_) => true,
        Phase::Over => false,
    }
}

/// The powers of the scenario, in [`Power::ALL`] order.
pub fn present(state: &State) -> Vec<Power> {
    state.powers.keys().copied().collect()
}

/// Start `phase` of the month: its order, first power with something to do.
fn start_phase(ctx: &Ctx, state: &mut State, phase: Phase, log: &mut Vec<Event>) {
    let mut order = Sequence::order_of(phase, &present(state), 0);
    if matches!(phase, Phase::Naval | Phase::Land(_)) {
        // 6.1.2, 7.1.2: allies combining their movement (4.9) move in the last one's place.
        order = crate::politics::combined::arrange(state, order);
    }
    state.sequence = Sequence { phase, order, index: 0 };
    state.book = Book::default();
    // B.4: the corps whose loan is over go back to their nations before anything is played.
    crate::politics::loan::end_loans(ctx, state, log);
    if let Phase::Political(_) = phase {
        crate::politics::start(state);
    }
    crate::naval::start_phase(state, phase);
    log.push(Event::new(
        format!("{}: {}", state.date, phase),
        serde_json::json!({"kind": "phase", "phase": phase, "date": state.date}),
    ));
    crate::economy::start_phase(ctx, state, phase, log);
}

/// The step after the acting power's current one: its next land step, or the next power, or
/// the next phase (a phase of its own ended: the political phase, the economic phase), or
/// the next month. Then steps nobody has work in are passed over.
pub fn advance(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    step_once(ctx, state, log);
    skip_idle(ctx, state, log);
}

/// Pass over the steps of powers with nothing to do in them, from the current one on.
pub fn skip_idle(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    for _ in 0..MAX_SKIPS {
        if crate::naval::waiting(state) {
            return;
        }
        let Some(power) = state.sequence.acting() else { return };
        if has_work(state, power, state.sequence.phase) {
            return;
        }
        step_once(ctx, state, log);
    }
}

/// One step on, without skipping.
fn step_once(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let phase = state.sequence.phase;
    // 7.4.3.4.3: at the end of a movement step (played or passed over), depots inside port
    // cities no longer besieged move out into their areas.
    if phase == Phase::Land(LandStep::Movement) {
        crate::port_city::end_of_movement(ctx, state, log);
    }
    // 4.9: allies combining their movement take each land step in turn, then the next step.
    let run = crate::politics::combined::run_at(state, state.sequence.index);
    if let Phase::Land(step) = phase {
        if state.sequence.index + 1 < run.end {
            state.sequence.index += 1;
            return;
        }
        if let Some(next) = step.next() {
            state.sequence.phase = Phase::Land(next);
            state.sequence.index = run.start;
            return;
        }
    }
    state.book = Book::default();
    let after = if matches!(phase, Phase::Land(_)) { run.end } else { state.sequence.index + 1 };
    if after < state.sequence.order.len() {
        state.sequence.index = after;
        if let Phase::Land(_) = phase {
            state.sequence.phase = Phase::Land(LandStep::Depots);
        }
        return;
    }
    // 7.1.3: after every power's land sequence the conquest step is resolved at once (R7.7).
    if let Phase::Land(_) = phase {
        crate::conquest::step(ctx, state, log);
        // 3.5: the quarter's last month ends with the economic phase, before the time record.
        if crate::economy::due_now(state) {
            start_phase(ctx, state, Phase::Economic(crate::economy::EconomicStep::FIRST), log);
            return;
        }
    }
    let naval = state.options.iter().any(|o| o == crate::scenario::OPTION_NAVAL);
    let phases = Sequence::phases(naval, crate::politics::played(state));
    let here = match phase {
        Phase::Land(_) | Phase::Economic(_) => phases.iter().position(|p| matches!(p, Phase::Land(_))),
        Phase::Political(_) => phases.iter().position(|p| matches!(p, Phase::Political(_))),
        other => phases.iter().position(|p| *p == other),
    };
    match here.and_then(|i| phases.get(i + 1)) {
        Some(&next) => start_phase(ctx, state, next, log),
        None => time_record(ctx, state, log, phases[0]),
    }
}

/// 9.0: the month is recorded; after the scenario's last month the game ends.
fn time_record(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>, first: Phase) {
    let next = state.date.next().filter(|_| state.date < state.last);
    let Some(next) = next else {
        let outcome = crate::scenario::victory(ctx, state);
        log.push(Event::new(
            format!("The game ends after {}: {}", state.date, outcome.result),
            serde_json::json!({"kind": "game-over", "winners": outcome.winners}),
        ));
        state.over = Some(outcome);
        state.sequence = Sequence { phase: Phase::Over, order: Vec::new(), index: 0 };
        return;
    };
    state.date = next;
    start_phase(ctx, state, first, log);
    crate::scenario::new_month(ctx, state, log);
}
