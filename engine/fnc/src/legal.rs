//! The commands a side may give now, for `legal_commands`: every command the dispatcher
//! would accept of the kinds listed, checked by the same rules as `apply`.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::setup;
use crate::state::{DecisionKind, Phase, Side, State};

/// The legal commands of `side` now.
pub fn commands(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    if let Some(d) = &state.decision {
        if d.by != side {
            return out;
        }
        if let DecisionKind::Overstack { hex, count } = &d.kind {
            let units: Vec<String> =
                ctx.side_units_in(state, *hex, side.other()).into_iter().cloned().collect();
            let pick: Vec<String> = units.iter().take(usize::from(*count)).cloned().collect();
            out.push(Command::Remove { units: pick });
        }
        return out;
    }
    if state.phasing != side {
        return out;
    }
    match state.phase {
        Phase::Setup(_) => {
            let waiting = setup::unplaced(ctx, state, side);
            for unit in &waiting {
                for hex in ctx.map.land_hexes() {
                    if setup::check_place(ctx, state, side, unit, hex).is_ok() {
                        out.push(Command::Place { unit: unit.clone(), hex });
                    }
                }
            }
            if setup::apply_historical(ctx, state, side, &mut Vec::new()).is_ok() {
                out.push(Command::Historical);
            }
            if waiting.is_empty() {
                out.push(Command::End);
            }
        }
        Phase::RandomEvents | Phase::Supply | Phase::Siege => out.push(Command::Roll),
        Phase::GameOver => {}
        Phase::Reinforcement | Phase::Movement | Phase::Combat => {
            out.extend(crate::movement::legal::moves(ctx, state, side));
            out.push(Command::End);
        }
    }
    out
}
