//! Views under fog of war (7.7, engine/fnc/FOG_OF_WAR.md section 8): the state as one viewer
//! may know it, and the board picture drawn from it.
//!
//! 7.7: "You may not look beneath the top unit of any enemy stack". A side's stack whose
//! composition depends on concealed moves not yet opened (its provenance set is not empty)
//! shows the public only its top and its number of counters. The view of a side *as the
//! public sees it* therefore counts every other counting unit of such a stack in
//! `fog.unseen`, and leaves its id out of the view altogether: out of `units` (where a copy
//! holds it at [`Location::Unseen`]) and out of the rest of the state, with whatever tells
//! which of the side's units moved.
//!
//! The view is a function of the public part of a copy, so the owner's copy and the
//! opponent's copy of one game give the same view for [`Viewer::Everyone`]. Without fog the
//! view is the state itself.

use crate::battle::Battle;
use crate::ctx::Ctx;
use crate::stacking;
use crate::state::{DecisionKind, Location, Side, State, UnitId};
use grognard_board::BoardView;
use grognard_engine::Viewer;
use std::collections::BTreeSet;

/// Which sides `viewer` sees in full: the sides a player runs (`state.owners`); none for
/// everyone.
fn full_sides(state: &State, viewer: Viewer) -> [bool; 2] {
    match viewer {
        Viewer::Everyone => [false, false],
        Viewer::Player(p) => [state.owners[0] == p, state.owners[1] == p],
    }
}

/// What `viewer` may know of `state` (7.7): the sides the viewer runs as this copy knows
/// them, the other sides as the public sees them. Without fog, the state itself.
pub fn player_view(state: &State, viewer: Viewer) -> State {
    if state.fog.is_none() {
        return state.clone();
    }
    let full = full_sides(state, viewer);
    if full.iter().all(|f| *f) {
        // Solitaire: one player runs both sides and knows both.
        return state.clone();
    }
    match Ctx::embedded(state.game) {
        Ok(ctx) => public_view(ctx, state, full),
        // No data for the game: nothing tells a unit's side, so every unit beneath a top is
        // left out (never shown, never counted).
        Err(_) => blind_view(state),
    }
}

/// The board picture `viewer` may see: drawn from [`player_view`], so that no unit the
/// viewer may not know reaches it; the counters beneath a top that the viewer cannot name
/// are drawn face down.
pub fn board_view(ctx: &Ctx, state: &State, viewer: Viewer) -> BoardView {
    crate::view::board_view(ctx, &player_view(state, viewer))
}

/// The view with the sides not in `full` as the public sees them (7.7).
fn public_view(ctx: &Ctx, state: &State, full: [bool; 2]) -> State {
    let mut view = state.clone();
    let Some(fog) = &state.fog else { return view };
    let mut unseen = fog.unseen.clone();
    for side in Side::BOTH.into_iter().filter(|s| !full[s.index()]) {
        for (hex, set) in &fog.provenance[side.index()] {
            if set.is_empty() {
                continue;
            }
            let top = fog.tops.get(hex);
            // 7.7: beneath the top of a stack whose composition concealed moves decided, the
            // public cannot name a counter (fleets are not counters of the stack, 7.1).
            let beneath: Vec<&UnitId> = ctx
                .side_units_in(state, *hex, side)
                .into_iter()
                .filter(|u| Some(*u) != top && stacking::counts(ctx, u) && !stacking::always_seen(ctx, u))
                .collect();
            if beneath.is_empty() {
                continue;
            }
            let slot = unseen.entry(*hex).or_insert([0, 0]);
            let added = u8::try_from(beneath.len()).unwrap_or(u8::MAX);
            slot[side.index()] = slot[side.index()].saturating_add(added);
            for u in beneath {
                view.units.insert(u.clone(), Location::Unseen);
            }
        }
    }
    if let Some(f) = view.fog.as_mut() {
        f.unseen = unseen;
    }
    let hidden_side = |u: &str| ctx.side_of(u).is_none_or(|s| !full[s.index()]);
    scrub(&mut view, hidden_side, |s| !full[s.index()]);
    view
}

/// The view when the game's data cannot be had: every unit on the map other than a stack's
/// top is left out, and what names moves is taken out for both sides.
fn blind_view(state: &State) -> State {
    let mut view = state.clone();
    let tops: BTreeSet<UnitId> = state.fog.as_ref().map(|f| f.tops.values().cloned().collect()).unwrap_or_default();
    for (u, at) in view.units.iter_mut() {
        if at.hex().is_some() && !tops.contains(u) {
            *at = Location::Unseen;
        }
    }
    scrub(&mut view, |_| true, |_| true);
    view
}

/// Take out of `view` every unit id it holds at [`Location::Unseen`], and what tells which units of a hidden
/// side moved this phase (`hidden_unit`: the unit belongs to a side not shown in full;
/// `hidden`: that side is not shown in full).
fn scrub(view: &mut State, hidden_unit: impl Fn(&str) -> bool, hidden: impl Fn(Side) -> bool) {
    let unseen: BTreeSet<UnitId> =
        view.units.iter().filter(|(_, l)| **l == Location::Unseen).map(|(u, _)| u.clone()).collect();
    let named = |u: &UnitId| !unseen.contains(u);
    // 9.2, 9.6: which units of a hidden side moved, and from where the stack now moving
    // came, are the concealed part of its moves (7.7); the public copy never learns them
    // before the moves are opened.
    view.book.moved.retain(|u, _| !hidden_unit(u) && named(u));
    if hidden(view.phasing) {
        view.book.moving_origin = None;
    }
    // The paths of a hidden side's moves this player turn: the opponent's copy has only the
    // projections, so the traces (which list the units) are left out for everyone.
    view.last_moves.retain(|m| !hidden(m.side));
    view.book.attacked_units.retain(named);
    view.book.fleets_used.retain(named);
    view.book.fleets_moved.retain(named);
    view.water_routes.retain(|u, _| named(u));
    view.logistics.arrivals.retain(|u, _| named(u));
    if let Some(d) = view.decision.as_mut() {
        scrub_decision(&mut d.kind, &named);
    }
    for d in &mut view.logistics.queued {
        scrub_decision(&mut d.kind, &named);
    }
    for b in &mut view.battles {
        scrub_battle(b, &named);
    }
    if let Some(batch) = view.batch.as_mut() {
        for q in &mut batch.queued {
            q.attack.attackers.retain(named);
            q.attack.fleets.retain(named);
        }
    }
    // Last, the units themselves: a unit the view cannot place is left out of `units`
    // altogether, so that its id appears nowhere in the view; `fog.unseen` counts it.
    view.units.retain(|u, _| named(u));
}

fn scrub_decision(kind: &mut DecisionKind, named: &impl Fn(&UnitId) -> bool) {
    match kind {
        DecisionKind::Losses { units, .. }
        | DecisionKind::Retreat { units, .. }
        | DecisionKind::Advance { units, .. }
        | DecisionKind::Place { units, .. } => units.retain(named),
        DecisionKind::Overstack { .. } | DecisionKind::ReturnToCup | DecisionKind::Recycle { .. } => {}
    }
}

fn scrub_battle(battle: &mut Battle, named: &impl Fn(&UnitId) -> bool) {
    battle.attackers.retain(named);
    battle.invasion.retain(named);
    battle.defenders.retain(named);
    if battle.engineer.as_ref().is_some_and(|e| !named(e)) {
        battle.engineer = None;
    }
}
