//! 7.3.8, the declaration of combat, as far as it goes without combined movement and the
//! political phase: the phasing power attacks every enemy field force in the areas its
//! field forces share (step two: `battle::battles_owed`); every ally of it there at war with
//! all the defending powers fights beside it as an attacker (step six); every other major
//! power's field forces there, not at war with the attacker or an ally not at war with all
//! the defenders, leave the area first (steps four and six), so that two forces are left
//! (step seven). Forces in the city or on a depot stay and take no part. Declarations of war
//! by powers in the area (step three) are asked first (`war_question.rs`); the order of
//! combined movement allies (steps one and five) is the political phase's (4.9,
//! `politics/combined.rs`).
//!
//! Where they go: "to any adjacent area that, if possible, is closer or at least as close to
//! their source of supply": the text leaves the choice to their owner; here the rule of a
//! retreat chooses it (`retreat::destination`: their own territory first, then the nearest
//! to their depots), so that a battle never waits on a third player (R7.3.8.4). With
//! nowhere to go they stay, and take no part.

use crate::combat::retreat;
use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_engine::Event;
use serde_json::json;
use std::collections::BTreeSet;

/// The major powers whose forces defend `area` against `power`: the controllers of the enemy
/// field corps there and of an enemy depot garrison (7.3.8.3, 7.5.1.2).
pub fn defending_powers(state: &State, power: Power, area: &str) -> BTreeSet<Power> {
    let mut powers: BTreeSet<Power> = state
        .enemy_field_corps(power, area)
        .filter_map(|id| state.corps.get(id))
        .filter_map(|c| state.controller_of_nation(c.side()))
        .collect();
    if crate::combat::forces::enemy_depot_garrison(state, power, area) {
        if let Some(d) = state.depots.get(area) {
            powers.insert(d.power);
        }
    }
    powers
}

/// 7.3.8.6: does `ally` fight beside the phasing `power`: its ally, at war with every
/// defending power of the area (`defending`, from [`defending_powers`])?
pub fn joins(state: &State, power: Power, ally: Power, defending: &BTreeSet<Power>) -> bool {
    ally != power
        && state.relations.allied(power.id(), ally.id())
        && !defending.is_empty()
        && defending.iter().all(|d| state.relations.at_war(ally.id(), d.id()))
}

/// 7.3.8.4, 7.3.8.6: the field forces of `area` that are neither of the attack (the phasing
/// power's, its joining allies') nor of the defence (its enemies') leave it, each power's to
/// where a retreat would take them.
pub fn clear_the_field(ctx: &Ctx, state: &mut State, power: Power, area: &str, log: &mut Vec<Event>) {
    let defending = defending_powers(state, power, area);
    let mut leaving: Vec<(Power, String)> = Vec::new();
    for (id, c) in &state.corps {
        if c.area != area || c.in_city || c.aboard.is_some() {
            continue;
        }
        let Some(owner) = state.controller_of_nation(c.side()) else { continue };
        if owner == power || state.enemy_of(power, c.side()) || joins(state, power, owner, &defending) {
            continue;
        }
        leaving.push((owner, id.clone()));
    }
    let powers: BTreeSet<Power> = leaving.iter().map(|(p, _)| *p).collect();
    for p in powers {
        let corps: Vec<String> = leaving.iter().filter(|(q, _)| *q == p).map(|(_, id)| id.clone()).collect();
        let rule = if state.relations.allied(power.id(), p.id()) { "7.3.8.6" } else { "7.3.8.4" };
        let why =
            if rule == "7.3.8.6" { "an ally not at war with every defender" } else { "not at war with the attacker" };
        match retreat::destination(ctx, state, p, area) {
            Some(to) => {
                for id in &corps {
                    if let Some(c) = state.corps.get_mut(id) {
                        c.area = to.clone();
                    }
                }
                log.push(Event::new(
                    format!(
                        "{rule}: {}'s {} {} {} for {} before the battle, {why} (R7.3.8.4: where a retreat would go)",
                        p.name(),
                        corps.join(", "),
                        if corps.len() == 1 { "leaves" } else { "leave" },
                        ctx.name(area),
                        ctx.name(&to),
                    ),
                    json!({"kind": "leave-battle", "power": p, "corps": corps, "from": area, "to": to, "rule": rule}),
                ));
            }
            None => log.push(Event::new(
                format!(
                    "{rule}: {}'s {} cannot leave {} and take no part in the battle ({why})",
                    p.name(),
                    corps.join(", "),
                    ctx.name(area)
                ),
                json!({"kind": "stay-out-of-battle", "power": p, "corps": corps, "area": area, "rule": rule}),
            )),
        }
    }
}
