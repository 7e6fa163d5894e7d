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

use crate::ctx::Ctx;
use crate::state::{Decision, Location, Side, State, UnitId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The reinforcement bookkeeping kept in the state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logistics {
    /// Ottoman reinforcements drawn and not yet placed, with their area (8.5, 8.6: rolled, or
    /// printed on the counter, 16.0 1A): `Syria-Palestine` or `Egypt`.
    #[serde(default)]
    pub arrivals: BTreeMap<UnitId, String>,
    /// The last turn and side whose reinforcement draw was made (8.4, 8.5).
    #[serde(default)]
    pub drawn: Option<(u8, Side)>,
    /// Contingency divisions committed and the turn of each (8.9).
    #[serde(default)]
    pub committed: Vec<(u8, String)>,
    /// Decisions owed after the current one, in order (6.3 Plague: the Ottoman choice
    /// follows the French).
    #[serde(default)]
    pub queued: Vec<Decision>,
}

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
