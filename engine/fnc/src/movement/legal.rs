//! Legal movement commands for `legal_commands`: one-hex ground moves of each unit that
//! may move, checked by the same planner as `move`.

use super::ground;
use crate::command::Command;
use crate::ctx::Ctx;
use crate::state::{Location, Phase, Side, State};

/// One-hex ground moves of every unit of `side` that can make one now.
pub fn moves(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    if state.phase != Phase::Movement || state.phasing != side {
        return out;
    }
    for (unit, loc) in &state.units {
        if ctx.side_of(unit) != Some(side) {
            continue;
        }
        let targets: Vec<_> = match loc {
            Location::Hex(h) => h.neighbours().map(|(_, n)| n).collect(),
            Location::Box(b) => ctx.map.box_by_id(b).map(|bx| bx.entry.clone()).unwrap_or_default(),
            _ => continue,
        };
        let units = vec![unit.clone()];
        for t in targets {
            if ground::plan(ctx, state, side, &units, &[t]).is_ok() {
                out.push(Command::Move { units: units.clone(), path: vec![t] });
            }
        }
    }
    out
}
