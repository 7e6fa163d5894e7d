//! Positions where the armies are already in contact: the historical deployment with one
//! side's mobile units moved, a few at a time, next to enemy stacks, at the start of that
//! side's combat phase on game turn 2. Random play from there fights at once: attacks, losses,
//! retreats, advances, sieges, over-stacked retreats and the VP they move.
//!
//! The position is written by `position::print` and read back by the ruleset's `setup`,
//! as a player starting a game from a position file would.

use super::scenarios::start;
use grognard_board::HexId;
use grognard_fnc::data::UnitType;
use grognard_fnc::state::Location;
use grognard_fnc::{position, Ctx, Phase, Side, State, UnitId};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// Units that never move (9.11) stay where they stand.
fn mobile(ctx: &Ctx, unit: &str) -> bool {
    ctx.counter(unit).is_some_and(|c| !matches!(c.kind, UnitType::Fortress | UnitType::Fleet | UnitType::Garrison))
}

/// The text of a contact position of `historical` (`ec-historical` or `rsw-historical`)
/// where `side` is about to attack.
pub fn contact_position(historical: &str, side: Side, seed: u64) -> String {
    let (ctx, initial) = start(historical, false);
    let mut state: State = initial;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let enemy_hexes: Vec<HexId> = {
        let mut v: Vec<HexId> = state
            .units
            .iter()
            .filter(|(u, _)| ctx.side_of(u) == Some(side.other()))
            .filter_map(|(_, l)| l.hex())
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let movers: Vec<UnitId> = state
        .units
        .iter()
        .filter(|(u, l)| ctx.side_of(u) == Some(side) && l.hex().is_some() && mobile(ctx, u))
        .map(|(u, _)| u.clone())
        .collect();
    let mut count: BTreeMap<HexId, usize> = BTreeMap::new();
    for chunk in movers.chunks(3) {
        if enemy_hexes.is_empty() {
            break;
        }
        let target = enemy_hexes[(rng.next_u64() % enemy_hexes.len() as u64) as usize];
        let free: Vec<HexId> = ctx
            .map
            .neighbours_on_map(target)
            .into_iter()
            .filter(|h| ctx.map.is_land(*h) && ctx.occupant(&state, *h).is_none_or(|s| s == side))
            .filter(|h| {
                state.units_in(*h).len() + chunk.len() <= 6 && count.get(h).copied().unwrap_or(0) + chunk.len() <= 6
            })
            .collect();
        if free.is_empty() {
            continue;
        }
        let to = free[(rng.next_u64() % free.len() as u64) as usize];
        for u in chunk {
            state.units.insert(u.clone(), Location::Hex(to));
        }
        *count.entry(to).or_default() += chunk.len();
    }
    state.turn = 2;
    state.phase = Phase::Combat;
    state.phasing = side;
    // Control and locale VP follow from the units; the printed ones are those of the start.
    position::print(ctx, &state)
        .lines()
        .filter(|l| !l.starts_with("control ") && !l.starts_with("vp "))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// A contact position kept for the life of the test process, as drivers take `&'static str`.
pub fn leaked_contact_position(historical: &str, side: Side, seed: u64) -> &'static str {
    Box::leak(contact_position(historical, side, seed).into_boxed_str())
}
