//! Control of locales and supply sources, victory points and victory (12.9, 14.0, 15.0).

use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::happened::Happened;
use crate::state::{Phase, Side, State, VpKind};
use grognard_board::HexId;
use grognard_engine::Event;

/// The hexes whose control is tracked: every locale and every supply source.
pub fn tracked_hexes(ctx: &Ctx) -> Vec<HexId> {
    let mut hexes: Vec<HexId> = ctx.map.locales().map(|l| l.hex).collect();
    for side in Side::BOTH {
        hexes.extend(ctx.map.sources(ctx.rules.side_id(side)).iter().copied());
    }
    hexes.sort();
    hexes.dedup();
    hexes
}

/// Control at the start of play (14.2, 15.2): a hex holding units belongs to their side;
/// other hexes to the side the game gives its region.
pub fn initial_control(ctx: &Ctx, state: &mut State) {
    state.control.clear();
    for hex in tracked_hexes(ctx) {
        let side = ctx.occupant(state, hex).unwrap_or_else(|| ctx.rules.initial_owner(ctx.map.region(hex)));
        state.control.insert(hex, side);
    }
    recount_locale_vp(ctx, state);
}

/// The side controlling `hex`, if it is tracked.
pub fn controller(state: &State, hex: HexId) -> Option<Side> {
    state.control.get(&hex).copied()
}

/// A side's units entered or passed through `hex`: it now controls it (12.9, 14.2).
pub fn pass_through(ctx: &Ctx, state: &mut State, side: Side, hex: HexId, log: &mut Vec<Event>) {
    let Some(old) = state.control.get(&hex).copied() else { return };
    if old == side {
        return;
    }
    state.control.insert(hex, side);
    let name = ctx.map.locale(hex).map_or_else(|| hex.to_string(), |l| format!("{} ({hex})", l.name));
    let vp = ctx.map.locale(hex).map_or(0, |l| i32::from(l.vp));
    log.push(Happened::Control { hex, side, from: old, vp }.event(format!(
        "{} take control of {name} from the {}{}",
        ctx.rules.side_name(side),
        ctx.rules.side_name(old),
        if vp > 0 { format!(": {vp} VP change hands (14.2, 15.2)") } else { String::new() }
    )));
    recount_locale_vp(ctx, state);
}

/// Bring control up to date with the units on the map (after any change of positions).
pub fn update(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let occupied: Vec<(HexId, Side)> =
        state.control.keys().filter_map(|h| ctx.occupant(state, *h).map(|s| (*h, s))).collect();
    for (hex, side) in occupied {
        pass_through(ctx, state, side, hex, log);
    }
}

/// Set each side's locale VP to the VP of the locales it controls (14.2, 15.2): a change of
/// control moves the locale's VP from one side to the other.
pub fn recount_locale_vp(ctx: &Ctx, state: &mut State) {
    let mut totals = [0i32; 2];
    for l in ctx.map.locales() {
        if let Some(side) = state.control.get(&l.hex) {
            totals[side.index()] += i32::from(l.vp);
        }
    }
    for side in Side::BOTH {
        state.vp[side.index()].locale = totals[side.index()];
    }
}

/// The SC loots the unlooted ruins it stands in at the end of a game turn (14.3).
pub fn sc_looting(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let scs: Vec<(String, HexId)> = state
        .units
        .iter()
        .filter(|(u, _)| ctx.counter(u).is_some_and(|c| c.kind == UnitType::Sc))
        .filter_map(|(u, l)| l.hex().map(|h| (u.clone(), h)))
        .collect();
    for (unit, hex) in scs {
        let Some(side) = ctx.side_of(&unit) else { continue };
        let ruins = ctx.map.locale(hex).is_some_and(|l| l.ruins);
        if ruins && state.looted.insert(hex) {
            state.award_vp(side, VpKind::Looting, 1);
            let name = ctx.map.locale(hex).map_or_else(String::new, |l| l.name.clone());
            log.push(Happened::Looting { hex, side, vp: 1 }.event(format!(
                "The SC loots the ruins of {name} ({hex}): VP Taken, +1 VP to the {} (14.3)",
                ctx.rules.side_name(side)
            )));
        }
    }
}

/// The end of the last game turn: the ratio side wins with at least twice the other's VP,
/// the other side otherwise; no draws (14.5, 15.4).
pub fn decide_victory(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let ratio = ctx.rules.ratio_side();
    let mine = state.vp[ratio.index()].total();
    let theirs = state.vp[ratio.other().index()].total();
    let winner = if mine >= 2 * theirs { ratio } else { ratio.other() };
    state.phase = Phase::GameOver;
    state.winner = Some(winner);
    log.push(Happened::Victory { winner, vp: [state.vp[0].total(), state.vp[1].total()] }.event(format!(
        "The game ends: {} {mine} VP, {} {theirs} VP; the {} win (14.5, 15.4: 2:1 needed)",
        ctx.rules.side_name(ratio),
        ctx.rules.side_name(ratio.other()),
        ctx.rules.side_name(winner)
    )));
}
