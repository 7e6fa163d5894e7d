//! The set-up of a minor country's forces when a major power takes it under control
//! (4.6.3.1, 4.6.3.3-4.6.3.5): the initial strengths of the MINOR COUNTRIES CHART
//! (`data/politics.txt` `[strengths]`, reconstructed) become its corps, garrison and fleets.
//!
//! Where they go (R4.6.3.4 in RECONSTRUCTION.md): the text lets the controller spread them
//! over the country's areas; here, so that the step never waits on a player, they stand in
//! the country's capital area (or, the capital held by another, its first province still its
//! own without enemy corps): the corps counters in card order, each filled with infantry and
//! cavalry up to its boxes, the rest of the factors in the capital's city as far as it holds
//! them (factors with no room are not raised); ships fill its fleet counters in its first
//! port, when the naval rules are played. The controller moves them from its next land phase.

use crate::ctx::Ctx;
use crate::data::cards::Owner;
use crate::factor::FactorKind;
use crate::forces::Factors;
use crate::power::Power;
use crate::state::{Corps, Fleet, FleetPlace, Garrison, State};
use grognard_engine::Event;
use serde_json::json;

/// Set up `minor`'s forces for `controller`; `false` when it has none to set up (no strengths
/// in the chart, no corps counter, nowhere to stand): it then gets a conquered flag (4.6.3.1).
pub fn set_up(ctx: &Ctx, state: &mut State, minor: &str, controller: Power, log: &mut Vec<Event>) -> bool {
    let Some(strength) = ctx.politics.strength(minor) else { return false };
    let owner = Owner::Minor(minor.to_string());
    // R11: a combination's counters come only with it (8.9).
    let cards: Vec<_> = ctx
        .cards
        .corps_of(&owner)
        .filter(|c| !state.corps.contains_key(&c.id) && !crate::economy::combinations::reserved(ctx, state, &c.id))
        .collect();
    if cards.is_empty() || strength.infantry + strength.cavalry == 0 {
        return false;
    }
    let Some(area) = standing_area(ctx, state, minor, controller) else { return false };
    let mut infantry = strength.infantry;
    let mut cavalry = strength.cavalry;
    let mut raised = Vec::new();
    for card in cards {
        let take = |left: &mut u16, kind: FactorKind| -> u16 {
            let room = card.capacity.box_of(kind).map_or(0, |b| b.max_in(state.date));
            let n = (*left).min(room);
            *left -= n;
            n
        };
        let i = take(&mut infantry, FactorKind::Infantry);
        let c = take(&mut cavalry, FactorKind::Cavalry);
        if i + c == 0 {
            break;
        }
        let factors = Factors::of(&[(FactorKind::Infantry, i), (FactorKind::Cavalry, c)]);
        state.corps.insert(
            card.id.clone(),
            Corps {
                nation: minor.to_string(),
                area: area.clone(),
                in_city: false,
                factors,
                aboard: None,
                veil: Default::default(),
                loan: None,
            },
        );
        raised.push(format!("{} ({i} infantry, {c} cavalry)", card.id));
    }
    let garrison = garrison(ctx, state, minor, controller, &area, infantry, cavalry);
    let ships = fleets(ctx, state, minor, strength.ships);
    let mut text = format!(
        "4.6.3.4: {} sets up its forces in {}: {}",
        ctx.map.nation(minor).map_or(minor, |n| n.name.as_str()),
        ctx.name(&area),
        raised.join(", ")
    );
    if garrison > 0 {
        text.push_str(&format!(", {garrison} factors in the city"));
    }
    if !ships.is_empty() {
        text.push_str(&format!("; fleets {}", ships.join(", ")));
    }
    text.push_str(" (R4.6.3.4)");
    log.push(Event::new(
        text,
        json!({"kind": "minor-setup", "minor": minor, "controller": controller, "area": area, "rule": "4.6.3.4"}),
    ));
    true
}

/// The capital area, or the first of the country's other areas that is still its own and holds
/// no enemy corps of `controller`.
fn standing_area(ctx: &Ctx, state: &State, minor: &str, controller: Power) -> Option<String> {
    let capital = ctx.map.capital(minor).map(|a| a.id.clone());
    let mut areas: Vec<String> = capital.into_iter().collect();
    for a in ctx.map.areas_of(minor) {
        if !areas.contains(&a.id) {
            areas.push(a.id.clone());
        }
    }
    areas.into_iter().find(|a| {
        !state.occupied.contains_key(a)
            && !state.corps.values().any(|c| c.area == *a && state.enemy_of(controller, c.side()))
    })
}

/// The factors left over go into the city of `area` as far as it holds them: how many did.
fn garrison(ctx: &Ctx, state: &mut State, minor: &str, controller: Power, area: &str, inf: u16, cav: u16) -> u16 {
    let Some(room) = crate::land::city_room(ctx, state, controller, area) else { return 0 };
    if state.garrisons.get(area).is_some_and(|g| g.nation != minor && !g.factors.is_empty()) {
        return 0;
    }
    let i = inf.min(room);
    let c = cav.min(room - i);
    if i + c == 0 {
        return 0;
    }
    let entry = state
        .garrisons
        .entry(area.to_string())
        .or_insert_with(|| Garrison { nation: minor.into(), factors: Factors::new() });
    entry.nation = minor.to_string();
    entry.factors.add(FactorKind::Infantry, i);
    entry.factors.add(FactorKind::Cavalry, c);
    i + c
}

/// With the naval rules, `ships` fill the country's fleet counters in its first port.
fn fleets(ctx: &Ctx, state: &mut State, minor: &str, mut ships: u16) -> Vec<String> {
    if !crate::naval::played(state) || ships == 0 {
        return Vec::new();
    }
    let owner = Owner::Minor(minor.to_string());
    let ports: Vec<String> = ctx
        .map
        .ports()
        .filter(|p| ctx.map.area(&p.area).is_some_and(|a| a.nation == minor))
        .map(|p| p.area.clone())
        .collect();
    let Some(port) = ports.into_iter().find(|p| !state.occupied.contains_key(p)) else { return Vec::new() };
    let mut out = Vec::new();
    for card in ctx.cards.fleets_of(&owner) {
        if ships == 0 || state.fleets.contains_key(&card.id) {
            continue;
        }
        let n = ships.min(card.ships);
        ships -= n;
        state.fleets.insert(
            card.id.clone(),
            Fleet { nation: minor.to_string(), place: FleetPlace::Port(port.clone()), ships: n },
        );
        out.push(format!("{} ({n} ships)", card.id));
    }
    out
}
