//! Ceding territory by peace terms (B.7, C.4; 4.4.6.4) and the final peace (4.4.8): the victor
//! names the loser's home provinces or controlled minor countries it takes, one at a time; a
//! province passes with all its areas, a minor country with its control (a free state stays
//! one, 4.4.6.4); the province of the loser's capital only when no other is left, and then
//! the loser is out of the game.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_board::area::ProvinceKind;
use grognard_engine::{Event, RuleError};

/// What `victor` may still take from `loser`: home provinces the loser holds (its capital's
/// last, 4.4.8; none when `minors_only`, A.5) and minor countries it controls.
pub fn options(ctx: &Ctx, state: &State, loser: Power, victor: Power, minors_only: bool) -> Vec<String> {
    let mut out = Vec::new();
    if !minors_only {
        let capital = ctx.map.capital(loser.id()).map(|a| a.province.clone());
        let held: Vec<String> = ctx
            .map
            .provinces_of(loser.id())
            .into_iter()
            .filter(|p| p.kind == ProvinceKind::Home)
            .filter(|p| ctx.map.areas_of_province(&p.id).iter().any(|a| state.in_territory(ctx, loser, &a.id)))
            .map(|p| p.id.clone())
            .collect();
        let others: Vec<String> = held.iter().filter(|p| Some(*p) != capital.as_ref()).cloned().collect();
        if others.is_empty() {
            out.extend(held);
        } else {
            out.extend(others);
        }
    }
    // R11.9.1 (option 11.9): never below half its home provinces.
    out.retain(|p| super::restrictions::may_cede(ctx, state, loser, p));
    out.extend(state.minors.iter().filter(|(_, m)| m.controller == Some(loser)).map(|(id, _)| id.clone()));
    let _ = victor;
    out
}

/// Land area `area` is ceded to the nation `holder` (B.7, C.4): `holder` controls it, and no
/// later peace gives it back (4.4.6.2 returns only what was occupied). A peace's cession and a
/// scenario's ceded areas at the start (13.1.3, `[held]`) both record it here.
pub fn record_ceded(state: &mut State, area: &str, holder: &str) {
    state.occupied.insert(area.to_string(), holder.to_string());
    if !state.politics.ceded.iter().any(|a| a == area) {
        state.politics.ceded.push(area.to_string());
    }
}

/// `victor` takes `what` from `loser` (checked against [`options`] by the caller). Returns
/// whether the loser is out of the game (4.4.8).
pub fn cede(
    ctx: &Ctx,
    state: &mut State,
    loser: Power,
    victor: Power,
    what: &str,
    log: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    if let Some(m) = state.minors.get_mut(what) {
        if m.controller != Some(loser) {
            return Err(RuleError::new("4.4.6.4", format!("{} does not control {what}", loser.name())));
        }
        m.controller = Some(victor);
        log.push(Event::new(
            format!("{} cedes {} to {} (4.4.6.4)", loser.name(), nation_name(ctx, what), victor.name()),
            serde_json::json!({"kind": "ceded", "minor": what, "from": loser, "to": victor}),
        ));
        return Ok(false);
    }
    let province = ctx
        .map
        .province(what)
        .filter(|p| p.nation == loser.id() && p.kind == ProvinceKind::Home)
        .ok_or_else(|| RuleError::new("4.4.3", format!("`{what}` is no home province of {}", loser.name())))?;
    let capital = ctx.map.capital(loser.id()).is_some_and(|a| a.province == province.id);
    for area in ctx.map.areas_of_province(&province.id) {
        record_ceded(state, &area.id, victor.id());
    }
    log.push(Event::new(
        format!("{} cedes {} to {}", loser.name(), province.name, victor.name()),
        serde_json::json!({"kind": "ceded", "province": province.id, "from": loser, "to": victor}),
    ));
    if capital {
        final_peace(ctx, state, loser, log);
    }
    Ok(capital)
}

fn nation_name(ctx: &Ctx, id: &str) -> String {
    ctx.map.nation(id).map_or(id.to_string(), |n| n.name.clone())
}

/// 4.4.8: `loser` ceded its capital's province: it is out of the game, every force of its
/// home nation leaves the map for good.
pub fn final_peace(ctx: &Ctx, state: &mut State, loser: Power, log: &mut Vec<Event>) {
    let id = loser.id();
    state.remove_forces_of(id);
    state.depots.retain(|_, d| d.power != loser);
    state.due.remove(&loser);
    let wars: Vec<(String, String)> =
        state.relations.wars.iter().filter(|(a, b)| a == id || b == id).cloned().collect();
    for (a, b) in wars {
        state.relations.make_peace(&a, &b);
    }
    let alliances: Vec<(String, String)> =
        state.relations.alliances.iter().filter(|(a, b)| a == id || b == id).cloned().collect();
    for (a, b) in alliances {
        state.relations.break_alliance(&a, &b);
    }
    if !state.politics.out.contains(&loser) {
        state.politics.out.push(loser);
    }
    let _ = ctx;
    log.push(Event::new(
        format!("{} ceded its capital's province: a final peace, it is out of the game (4.4.8)", loser.name()),
        serde_json::json!({"kind": "final-peace", "power": loser}),
    ));
}

/// 4.4.6.4, 8.8.5: the minor free state `minor`, just acquired, becomes a conquered minor
/// country: its forces leave the map, its treasury and the forces bought for it are lost.
pub fn conquer(ctx: &Ctx, state: &mut State, minor: &str, rule: &str, log: &mut Vec<Event>) {
    let Some(m) = state.minors.get_mut(minor) else { return };
    m.free_state = false;
    state.remove_forces_of(minor);
    state.economy.minors.remove(minor);
    state.economy.orders.retain(|o| match o {
        crate::economy::Order::Factors { nation, .. }
        | crate::economy::Order::Corps { nation, .. }
        | crate::economy::Order::Fleet { nation, .. } => nation != minor,
        crate::economy::Order::Ships { .. } => true,
    });
    log.push(Event::new(
        format!("{} becomes a conquered minor country: its forces leave the map ({rule})", nation_name(ctx, minor)),
        serde_json::json!({"kind": "conquered", "minor": minor, "rule": rule}),
    ));
}
