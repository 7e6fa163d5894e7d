//! Irregular forces (10.1, reconstructed R10.1): Russian cossacks, Austrian and Prussian
//! freikorps and Spanish guerrillas.
//!
//! What the text fixes, played as it says: each cossack or freikorps counter is one factor
//! (2.4.1; a guerrilla counter here too, R10.1.1); cossacks and freikorps move five points and
//! guerrillas one area whatever it costs (7.3.1.1), never force marching (7.3.1.2) nor going
//! by sea (6.2.5); cossacks and freikorps do not stop where enemies stand (7.3.2.2) and an area
//! holding only irregulars does not stop a corps (7.3.2.1); they need no supply unless
//! besieged (7.4); they bar enemy depots (7.2) and block supply chains (7.2.3.2.1); they may
//! garrison cities (and cossacks and freikorps depots, 7.3.3.3.1); cossacks and freikorps
//! fight in field combats and outflank, guerrillas are never attacked and fight only when
//! their side attacks, with the pinning force (7.5.1, 7.5.1.2, 7.5.2.3).
//!
//! An irregular counter stands in `State::corps` (it moves, fights, retreats and is lost as a
//! corps is), with one factor of its kind and an id `NATION-KIND-N`; [`Corps::irregular`]
//! tells it from a corps proper. What the text leaves open (`data/irregulars.txt`): the levy
//! step (8.10) of every economic phase raises a nation's irregulars while it is at war (or
//! invaded), up to its counters, where the file says, and sends them home when it no longer
//! is. The guerrilla step (7.6) is `guerrilla.rs`.

use crate::corps_card::CorpsRules;
use crate::ctx::Ctx;
use crate::data::irregulars::{Counters, Muster, Raised};
use crate::forces::Factors;
use crate::power::Power;
use crate::state::{Corps, State};
use crate::FactorKind;
use grognard_engine::Event;
use serde_json::json;
use std::collections::BTreeSet;

/// 7.3.1.1: Austrian and Prussian freikorps and Russian cossacks move five points.
pub const RIDING_ALLOWANCE: u8 = 5;

/// 7.3.1.1, 7.3.1.2: how an irregular counter of `kind` moves: cossacks and freikorps five
/// points, guerrillas one area whatever its terrain; none force marches.
pub fn movement(kind: FactorKind) -> CorpsRules {
    match kind {
        FactorKind::Guerrilla => CorpsRules { allowance: 1, may_force_march: false, areas: Some(1) },
        _ => CorpsRules { allowance: RIDING_ALLOWANCE, may_force_march: false, areas: None },
    }
}

/// The areas of `power`'s home nation an enemy holds or has a corps in, in the map's order
/// (R10.1: where the nation is invaded).
pub fn invaded_areas(ctx: &Ctx, state: &State, power: Power) -> Vec<String> {
    ctx.map
        .areas()
        .filter(|a| crate::politics::declaration::home_area(ctx, power, &a.id))
        .filter(|a| {
            let held = state.area_controller(ctx, &a.id).is_some_and(|n| state.enemy_of(power, n));
            let stood_in = state
                .corps
                .values()
                .any(|c| c.area == a.id && c.proper() && c.aboard.is_none() && state.enemy_of(power, c.side()));
            held || stood_in
        })
        .map(|a| a.id.clone())
        .collect()
}

/// Does the levy raise `counters`' irregulars now (R10.1)?
fn raised_now(ctx: &Ctx, state: &State, counters: &Counters) -> bool {
    let war = state.at_war_with_a_major(counters.power);
    match counters.when {
        Raised::War => war,
        Raised::Invaded => war && !invaded_areas(ctx, state, counters.power).is_empty(),
    }
}

/// The irregular counters of `nation` and `kind` on the map, by id: in the field, in cities.
fn counters_on_map<'a>(state: &'a State, nation: &'a str, kind: FactorKind) -> impl Iterator<Item = &'a str> + 'a {
    state
        .corps
        .iter()
        .filter(move |(_, c)| c.nation == nation && c.irregular() == Some(kind))
        .map(|(id, _)| id.as_str())
}

/// How many of `nation`'s `kind` counters stand on the map: the counters, and the factors of
/// that kind in its city and depot garrisons (7.3.3.3.1).
pub fn on_map(state: &State, nation: &str, kind: FactorKind) -> u16 {
    let counters = counters_on_map(state, nation, kind).count() as u16;
    let cities: u16 = state.garrisons.values().filter(|g| g.nation == nation).map(|g| g.factors.get(kind)).sum();
    let depots: u16 = state.depots.values().filter(|d| d.power.id() == nation).map(|d| d.garrison.get(kind)).sum();
    counters + cities + depots
}

/// The id of a new counter: `NATION-KIND-N`, the lowest N free.
fn next_id(state: &State, nation: &str, kind: FactorKind) -> String {
    (1..)
        .map(|n| format!("{nation}-{kind}-{n}"))
        .find(|id| !state.corps.contains_key(id))
        .unwrap_or_else(|| format!("{nation}-{kind}"))
}

/// Place `count` new counters of `counters` in `area`; their ids.
fn place(state: &mut State, counters: &Counters, area: &str, count: u16) -> Vec<String> {
    let nation = counters.power.id();
    let mut ids = Vec::new();
    for _ in 0..count {
        let id = next_id(state, nation, counters.kind);
        state.corps.insert(
            id.clone(),
            Corps {
                nation: nation.to_string(),
                area: area.to_string(),
                in_city: false,
                factors: Factors::of(&[(counters.kind, 1)]),
                aboard: None,
                veil: BTreeSet::new(),
                loan: None,
            },
        );
        ids.push(id);
    }
    ids
}

/// May `power` raise irregulars in `area`: its own ground, free of enemy corps?
fn free_ground(ctx: &Ctx, state: &State, power: Power, area: &str) -> bool {
    state.in_territory(ctx, power, area) && !state.has_unbesieged_enemy_corps(power, area)
}

/// R10.1: the levy step of an economic phase raises every nation's irregulars whose time has
/// come, and sends home those of a nation whose war is over.
pub fn levy(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    for counters in &ctx.irregulars.counters {
        if !state.powers.contains_key(&counters.power) {
            continue;
        }
        if raised_now(ctx, state, counters) {
            raise(ctx, state, counters, log);
        } else {
            disband(state, counters, log);
        }
    }
}

fn raise(ctx: &Ctx, state: &mut State, counters: &Counters, log: &mut Vec<Event>) {
    let power = counters.power;
    let mut left = counters.counters.saturating_sub(on_map(state, power.id(), counters.kind));
    let mut placed: Vec<(String, Vec<String>)> = Vec::new();
    match &counters.muster {
        Muster::Areas(areas) => {
            if let Some(area) = areas.iter().find(|a| free_ground(ctx, state, power, a)) {
                let ids = place(state, counters, area, counters.raised.min(left));
                placed.push((area.clone(), ids));
            }
        }
        Muster::Invaded => {
            for area in invaded_areas(ctx, state, power) {
                let here = state
                    .corps
                    .values()
                    .filter(|c| c.area == area && c.nation == power.id() && c.irregular() == Some(counters.kind))
                    .count() as u16;
                let room = ctx.irregulars.guerrilla_per_area.saturating_sub(here);
                let count = counters.raised.min(room).min(left);
                if count > 0 {
                    left -= count;
                    let ids = place(state, counters, &area, count);
                    placed.push((area, ids));
                }
            }
        }
    }
    for (area, ids) in placed.into_iter().filter(|(_, ids)| !ids.is_empty()) {
        log.push(Event::new(
            format!(
                "{} raises {} {} in {} (R10.1): {}",
                power.name(),
                ids.len(),
                plural(counters.kind, ids.len()),
                ctx.name(&area),
                ids.join(", ")
            ),
            json!({"kind": "irregulars-raised", "power": power, "area": area, "counters": ids, "rule": "R10.1"}),
        ));
    }
}

/// R10.1: a nation no longer at war (or invaded) sends its irregulars home: its counters and
/// the factors of their kind in its garrisons leave the map.
fn disband(state: &mut State, counters: &Counters, log: &mut Vec<Event>) {
    let nation = counters.power.id();
    let kind = counters.kind;
    let ids: Vec<String> = counters_on_map(state, nation, kind).map(str::to_string).collect();
    let mut gone = ids.len();
    for id in &ids {
        state.corps.remove(id);
    }
    for g in state.garrisons.values_mut().filter(|g| g.nation == nation) {
        let n = g.factors.get(kind);
        g.factors.take(kind, n);
        gone += usize::from(n);
    }
    for d in state.depots.values_mut().filter(|d| d.power.id() == nation) {
        let n = d.garrison.get(kind);
        d.garrison.take(kind, n);
        gone += usize::from(n);
    }
    state.garrisons.retain(|_, g| !g.factors.is_empty());
    if gone > 0 {
        log.push(Event::new(
            format!("{}'s {gone} {} go home: its war is over (R10.1)", counters.power.name(), plural(kind, gone)),
            json!({"kind": "irregulars-disbanded", "power": counters.power, "counters": ids, "factors": gone, "rule": "R10.1"}),
        ));
    }
}

/// What the counter `id` is called in events: `corps`, or its irregular kind (`cossack`).
pub fn noun(state: &State, id: &str) -> &'static str {
    state.corps.get(id).and_then(|c| c.irregular()).map_or("corps", FactorKind::id)
}

/// `cossack` or `cossacks`, for `n` of them.
pub fn plural(kind: FactorKind, n: usize) -> String {
    if n == 1 || kind == FactorKind::Freikorps {
        kind.id().to_string()
    } else {
        format!("{}s", kind.id())
    }
}
