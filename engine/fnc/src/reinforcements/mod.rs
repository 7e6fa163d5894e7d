//! Reinforcements (8.1-8.10): the French cup (8.4), the Ottoman die roll, draws and areas
//! (8.5, 8.6), the British (8.8), the Russian schedule and contingency divisions (8.9), the
//! Swedish entry (8.10), recycled units coming back (8.13, errata 4A) and reinforcements
//! brought by random events (8.3).
//!
//! A unit is *due* when it waits on the Turn Record Track for this turn or an earlier one
//! ([`Location::Track`]); a due unit enters with `enter UNIT HEX|BOX` in its side's
//! Reinforcement Arrival Phase, or stays off-map (withheld, or blocked for want of an entry
//! hex, 8.2) for a later one.
//!
//! Random draws (8.4, 8.5) use the dice: the cup's units are taken in id order and a die with
//! as many faces as there are units picks one (no die when only one unit is left).
//!
//! The module is split by concept: [`draw`] (the cup and the Ottoman container, 8.4, 8.5),
//! [`container`] (the Ottoman minus-one return, 8.5), [`entry`] (where a unit may enter,
//! 8.4-8.10), [`placement`] (entering and event placements, 8.2, 8.3) and [`contingency`]
//! (8.9). What differs between the games comes from `games::logistics_facts`.

pub mod container;
pub mod contingency;
pub mod draw;
pub mod entry;
pub mod placement;

pub use container::{apply_return_to_cup, returnable};
pub use contingency::apply_commit;
pub use draw::{apply_roll, cup, draw_kind, draw_owed, Draw};
pub use entry::{entry_places, EntryRule};
pub use placement::{apply_decline, apply_enter};

use crate::command::Command;
use crate::ctx::Ctx;
use crate::data::SetupCode;
pub use crate::state::Logistics;
use crate::state::{Decision, DecisionKind, Location, Side, State, UnitId};

/// The units of `side` due to enter now: on the track for this turn or earlier (8.2, 8.13).
pub fn due_units(ctx: &Ctx, state: &State, side: Side) -> Vec<UnitId> {
    state
        .units
        .iter()
        .filter(|(u, l)| matches!(l, Location::Track(t) if *t <= state.turn) && ctx.side_of(u) == Some(side))
        .map(|(u, _)| u.clone())
        .collect()
}

/// A unit's name and id, for the log.
pub(crate) fn unit_name(ctx: &Ctx, unit: &str) -> String {
    ctx.counter(unit).map_or_else(|| unit.to_string(), |c| format!("{} ({unit})", c.name))
}

/// Every unit the Ottoman player may put back into the cup (8.5).
pub fn returns(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    returnable(ctx, state, side).into_iter().map(|u| Command::Remove { units: vec![u] }).collect()
}

/// Every placement of a unit an event brings (8.3, 8.8): each unit to each place it may enter.
pub fn event_placements(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let Some(Decision { kind: DecisionKind::Place { units, .. }, .. }) = &state.decision else { return Vec::new() };
    let mut out = Vec::new();
    for u in units {
        for to in entry_places(ctx, state, side, u) {
            out.push(Command::Enter { unit: u.clone(), to });
        }
    }
    out
}

/// Every entry of a due unit (8.2-8.10, 8.13): each to each place it may enter.
pub fn entries(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    for u in due_units(ctx, state, side) {
        for to in entry_places(ctx, state, side, &u) {
            out.push(Command::Enter { unit: u.clone(), to });
        }
    }
    out
}

/// Every contingency division the Russian player may commit now (8.9).
pub fn commits(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
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
    divisions
        .into_iter()
        .filter(|division| apply_commit(ctx, state, side, division, &mut Vec::new()).is_ok())
        .map(|division| Command::Commit { division })
        .collect()
}

/// Does `side` hold contingency divisions that wait off the map (8.9)?
pub fn has_contingency(ctx: &Ctx, state: &State, side: Side) -> bool {
    state.units.iter().any(|(u, l)| *l == Location::Contingency && ctx.side_of(u) == Some(side))
}
