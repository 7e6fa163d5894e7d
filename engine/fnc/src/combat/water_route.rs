//! The water route of a riverine gunboat (11.23 stricture 6, 11.26): a gunboat retreats only
//! back along the water body it moved on to reach the battle's hex.
//!
//! `State::water_routes` keeps, per gunboat, the hexes of its last RCLM move (start first).
//! The route counts only while it ends in the gunboat's hex; a retreat walks it backward,
//! an advance after combat extends it. A gunboat with no such route (set up or placed there,
//! or back at the start of its route) may retreat along the water it lies on.

use super::terrain::gunboat_link;
use crate::ctx::Ctx;
use crate::state::{Location, State};
use grognard_board::HexId;

/// The route of `unit` read backward from its hex, if the recorded route ends there and has
/// at least one step.
fn way_back(state: &State, unit: &str) -> Option<Vec<HexId>> {
    let Some(Location::Hex(at)) = state.location(unit) else { return None };
    let route = state.water_routes.get(unit)?;
    (route.len() >= 2 && route.last() == Some(at)).then(|| route.iter().rev().copied().collect())
}

/// May the gunboat `unit` retreat from `from` to `to` (11.23 stricture 6)? Along the water,
/// and back along its route when it has one.
pub fn may_retreat(ctx: &Ctx, state: &State, unit: &str, from: HexId, to: HexId) -> bool {
    if !gunboat_link(ctx, from, to) {
        return false;
    }
    match way_back(state, unit) {
        Some(back) => back.windows(2).any(|w| w[0] == from && w[1] == to),
        None => true,
    }
}

/// Keep the route of a gunboat that retreated along `path`: it is now that many hexes back
/// along it (or it has none left to follow when it had no route).
pub fn after_retreat(state: &mut State, unit: &str, path: &[HexId]) {
    match way_back(state, unit) {
        Some(_) => {
            if let Some(route) = state.water_routes.get_mut(unit) {
                route.truncate(route.len().saturating_sub(path.len()));
                // Back at the start of its route: nothing left to follow.
                if route.len() < 2 {
                    state.water_routes.remove(unit);
                }
            }
        }
        None => {
            state.water_routes.remove(unit);
        }
    }
}

/// Extend the route of a gunboat advancing after combat from its hex into `to` (11.25, 11.26).
pub fn after_advance(state: &mut State, unit: &str, to: HexId) {
    let Some(Location::Hex(at)) = state.location(unit).cloned() else { return };
    let route = match way_back(state, unit) {
        Some(_) => state.water_routes.entry(unit.to_string()).or_default(),
        None => state.water_routes.entry(unit.to_string()).or_insert_with(|| vec![at]),
    };
    route.push(to);
}
