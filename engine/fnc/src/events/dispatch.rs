//! The commands of the logistics rules, for the game's dispatcher: random events (6.0),
//! reinforcements (8.1-8.10), the recycling and placement choices events leave (6.3, 6.4,
//! 8.3, 8.5) and the Supply Phase (12.1).

use crate::command::Command;
use crate::ctx::Ctx;
use crate::data::SetupCode;
use crate::state::{Decision, DecisionKind, Location, Phase, Side, State};
use crate::{events, reinforcements, supply};
use grognard_engine::{ApplyError, DiceSource, Event, NoDice, RuleError};

/// Apply `command` if it belongs to the logistics rules now: `Some(result)` if it does,
/// `None` if the dispatcher should look elsewhere. `end` in a Reinforcement Arrival Phase
/// is refused here while the reinforcement draw is owed and left to the dispatcher otherwise.
pub fn apply(
    ctx: &Ctx,
    state: &State,
    side: Side,
    command: &Command,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Option<Result<State, ApplyError>> {
    if let Some(Decision { kind, .. }) = &state.decision {
        return match (kind, command) {
            (DecisionKind::Recycle { .. }, Command::Remove { units }) => {
                Some(events::apply_remove(ctx, state, side, units, dice, log))
            }
            (DecisionKind::ReturnToCup, Command::Remove { units }) => {
                Some(reinforcements::apply_return_to_cup(ctx, state, side, units, log))
            }
            (DecisionKind::Place { .. }, Command::Enter { unit, to }) => {
                Some(reinforcements::apply_enter(ctx, state, side, unit, to, log))
            }
            (DecisionKind::Place { .. }, Command::End) => Some(reinforcements::apply_decline(state, side, log)),
            _ => None,
        };
    }
    match (state.phase, command) {
        (Phase::RandomEvents, Command::Roll) => Some(events::apply_roll(ctx, state, side, dice, log)),
        (Phase::Reinforcement, Command::Roll) => Some(reinforcements::apply_roll(ctx, state, side, dice, log)),
        (Phase::Reinforcement, Command::Enter { unit, to }) => {
            Some(reinforcements::apply_enter(ctx, state, side, unit, to, log))
        }
        (Phase::Reinforcement, Command::Commit { division }) => {
            Some(reinforcements::apply_commit(ctx, state, side, division, log))
        }
        (Phase::Reinforcement, Command::End) if reinforcements::draw_owed(ctx, state) => Some(Err(RuleError::new(
            if reinforcements::draw_kind(ctx, side) == reinforcements::Draw::OnePerTurn { "8.4" } else { "8.5" },
            "the reinforcement draw (`roll`) comes first",
        )
        .into())),
        (Phase::Supply, Command::Roll) => Some(supply::apply_supply_phase(ctx, state, side, dice, log)),
        _ => None,
    }
}

/// The logistics commands `side` may give now (for `legal_commands`; the dispatcher adds
/// `end` where a phase may end). A recycling choice (6.3, 6.4) lists every set of units
/// that may be recycled, in the order of the units' ids (at most `legal::MAX_LISTED`).
pub fn legal(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    if let Some(Decision { by, kind }) = &state.decision {
        if *by != side {
            return out;
        }
        match kind {
            DecisionKind::Recycle { count, min_strength, .. } => {
                // 6.3, 6.4: every set of `count` eligible units, each checked by the function
                // `apply` gives the command to.
                let units = events::recyclable_units(ctx, state, side, *min_strength);
                for units in crate::legal::choose(&units, usize::from(*count), crate::legal::MAX_LISTED) {
                    let tried = events::apply_remove(ctx, state, side, &units, &mut NoDice, &mut Vec::new());
                    if crate::legal::accepted(tried) {
                        out.push(Command::Remove { units });
                    }
                }
            }
            DecisionKind::ReturnToCup => {
                for u in reinforcements::returnable(ctx, state, side) {
                    out.push(Command::Remove { units: vec![u] });
                }
            }
            DecisionKind::Place { units, .. } => {
                for u in units {
                    for to in reinforcements::entry_places(ctx, state, side, u) {
                        out.push(Command::Enter { unit: u.clone(), to });
                    }
                }
                out.push(Command::End);
            }
            _ => {}
        }
        return out;
    }
    if side != state.phasing {
        return out;
    }
    match state.phase {
        Phase::RandomEvents if state.turn >= 2 => out.push(Command::Roll),
        Phase::Supply => out.push(Command::Roll),
        Phase::Reinforcement if reinforcements::draw_owed(ctx, state) => out.push(Command::Roll),
        Phase::Reinforcement => {
            for u in reinforcements::due_units(ctx, state, side) {
                for to in reinforcements::entry_places(ctx, state, side, &u) {
                    out.push(Command::Enter { unit: u.clone(), to });
                }
            }
            let mut divisions: Vec<String> = state
                .units
                .iter()
                .filter(|(u, l)| **l == Location::Contingency && ctx.side_of(u) == Some(side))
                .filter_map(|(u, _)| ctx.counter(u))
                .filter(|c| matches!(&c.setup, SetupCode::Contingency(t) if t.contains(&state.turn)))
                .filter_map(|c| c.division.clone())
                .collect();
            divisions.sort();
            divisions.dedup();
            for division in divisions {
                if reinforcements::apply_commit(ctx, state, side, &division, &mut Vec::new()).is_ok() {
                    out.push(Command::Commit { division });
                }
            }
        }
        _ => {}
    }
    out
}
