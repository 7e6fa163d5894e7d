//! Sieges (7.3.7.1, 7.4.5, 7.5.4): a phasing power's corps in the field besiege an enemy city
//! holding forces; the besieged live on the city (besieged supply) and the besiegers may
//! assault. The text has the first two; assaults (7.5.4.1) are reconstructed (R7.5.4.1).

use crate::combat::resolve::lose_one;
use crate::ctx::Ctx;
use crate::data::tables::{AttackerChit, DefenderChit, Side};
use crate::forage::{besieged_modifier, forage_losses};
use crate::power::Power;
use crate::scenario::city_holder;
use crate::sequence::{LandStep, Phase};
use crate::state::{LeaderPlace, State};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde_json::json;

/// The factors inside the city of `area` (garrison and corps).
pub fn factors_inside(state: &State, area: &str) -> u16 {
    state.garrisons.get(area).map_or(0, |g| g.factors.total())
        + state.corps.values().filter(|c| c.area == area && c.in_city).map(|c| c.factors.total()).sum::<u16>()
}

/// The power whose forces hold the city of `area`, if any forces are inside.
pub fn defender(ctx: &Ctx, state: &State, area: &str) -> Option<Power> {
    if factors_inside(state, area) == 0 {
        return None;
    }
    city_holder(ctx, state, area).and_then(|n| state.controller_of_nation(n))
}

/// 7.3.7.1: `besiege AREA` in the land movement step: the phasing power's corps in the field
/// of `area` besiege the enemy forces in its city.
pub fn besiege(ctx: &Ctx, state: &State, power: Power, area: &str, log: &mut Vec<Event>) -> Result<State, RuleError> {
    if state.sequence.phase != Phase::Land(LandStep::Movement) {
        return Err(RuleError::new("7.3.7.1", "a siege begins in the land movement step"));
    }
    let city =
        ctx.map.city(area).ok_or_else(|| RuleError::new("7.3.7.1", format!("{} has no city", ctx.name(area))))?;
    if state.besieged(area) {
        return Err(RuleError::new("7.3.7.1", format!("{} is already besieged", city.name)));
    }
    let own = state.corps.values().any(|c| {
        c.area == area
            && c.proper()
            && !c.in_city
            && c.aboard.is_none()
            && state.controller_of_nation(c.side()) == Some(power)
    });
    if !own {
        return Err(RuleError::new(
            "7.3.7.1",
            format!("{} has no corps in the field of {}", power.name(), ctx.name(area)),
        ));
    }
    let Some(held_by) = defender(ctx, state, area) else {
        return Err(RuleError::new("7.3.7.1", format!("{} is empty: a corps enters it instead (7.3.4)", city.name)));
    };
    if !state.enemy_of(power, held_by.id()) {
        return Err(RuleError::new("7.3.7.1", format!("{} is held by {}, not an enemy", city.name, held_by.name())));
    }
    let mut next = state.clone();
    next.sieges.insert(area.to_string());
    log.push(Event::new(
        format!("{} besieges {} ({} factors inside)", power.name(), city.name, factors_inside(state, area)),
        json!({"kind": "siege", "power": power, "area": area, "rule": "7.3.7.1"}),
    ));
    Ok(next)
}

/// The name of the city of `area` (Ulm, not the area around it), for events.
fn city_name(ctx: &Ctx, area: &str) -> String {
    ctx.map.city(area).map_or_else(|| ctx.name(area).to_string(), |c| c.name.clone())
}

/// A nation's name in words (a major power's or a minor's).
fn nation_name(ctx: &Ctx, nation: &str) -> String {
    Power::from_id(nation)
        .map(|p| p.name().to_string())
        .or_else(|| ctx.map.nation(nation).map(|n| n.name.clone()))
        .unwrap_or_else(|| nation.to_string())
}

/// Lift the sieges no enemy corps in the field keeps up any more, and give the besiegers a
/// city whose forces are all gone (7.4.5.2); then the depots inside port cities are checked
/// (`port_city::check`). Called after every command.
pub fn update(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let areas: Vec<String> = state.sieges.iter().cloned().collect();
    for area in areas {
        let name = city_name(ctx, &area);
        let Some(held_by) = defender(ctx, state, &area) else {
            // Nobody left inside: the besiegers take the city (7.4.5.2).
            state.sieges.remove(&area);
            let besieger = state
                .corps
                .values()
                .find(|c| c.area == area && c.proper() && !c.in_city && c.aboard.is_none())
                .map(|c| c.side().to_string());
            if let Some(nation) = besieger {
                state.occupied.insert(area.clone(), nation.clone());
                log.push(Event::new(
                    format!("{name} falls to {} (7.4.5.2)", nation_name(ctx, &nation)),
                    json!({"kind": "city-taken", "area": area, "nation": nation, "rule": "7.4.5.2"}),
                ));
            }
            continue;
        };
        let kept = state.corps.values().any(|c| {
            c.area == area && c.proper() && !c.in_city && c.aboard.is_none() && state.enemy_of(held_by, c.side())
        });
        if !kept {
            state.sieges.remove(&area);
            log.push(Event::new(
                format!("The siege of {name} is lifted"),
                json!({"kind": "siege-lifted", "area": area, "rule": "7.5.4"}),
            ));
        }
    }
    // 7.4.3.4.4, R7.4.3.4.5: depots inside port cities that lost their sea link or their city.
    crate::port_city::check(ctx, state, log);
}

/// Take `count` factors from the forces inside the city of `area`, the largest holder first,
/// the least valuable kind first (as R7.5.2.9.2); leaders of a city emptied are captured by
/// `captor` (7.4.5.2). Returns the factors lost.
fn lose_inside(state: &mut State, area: &str, count: u16, captor: Power) -> u16 {
    let mut lost = 0;
    while lost < count {
        let garrison = state.garrisons.get(area).map_or(0, |g| g.factors.total());
        let corps = state
            .corps
            .iter()
            .filter(|(_, c)| c.area == area && c.in_city)
            .map(|(id, c)| (c.factors.total(), id.clone()))
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        if garrison > 0 && corps.as_ref().is_none_or(|(n, _)| garrison >= *n) {
            if state.garrisons.get_mut(area).is_some_and(|g| lose_one(&mut g.factors)) {
                lost += 1;
                continue;
            }
            break;
        }
        let Some((_, id)) = corps else { break };
        if let Some(c) = state.corps.get_mut(&id) {
            if lose_one(&mut c.factors) {
                lost += 1;
            }
            if c.factors.is_empty() {
                state.corps.remove(&id);
                for place in state.leaders.values_mut() {
                    if *place == LeaderPlace::Corps(id.clone()) {
                        *place = LeaderPlace::City(area.to_string());
                    }
                }
            }
        }
    }
    if factors_inside(state, area) == 0 {
        state.garrisons.remove(area);
        for place in state.leaders.values_mut() {
            if *place == LeaderPlace::City(area.to_string()) {
                *place = LeaderPlace::Captured(captor);
            }
        }
    }
    lost
}

/// 7.4.5: at the end of its supply step, each besieged city of `power` checks its supply on
/// the city's supply value: die + 1 per full five factors inside (at most 2, 7.4.5.1); one
/// factor lost per point above (7.4.5.2). The cities in `fed` live off sea supply through a
/// depot inside instead (7.4.3.4.1, paid by `land::end_supply`). Invasion supply for a
/// besieged port (7.4.4) is not yet played.
pub fn besieged_supply(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    fed: &std::collections::BTreeSet<String>,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let mine: Vec<String> = next.sieges.iter().filter(|a| defender(ctx, next, a) == Some(power)).cloned().collect();
    for area in mine {
        if fed.contains(&area) {
            let (how, rule) = if next.city_depots.contains_key(&area) {
                ("sea supply through the depot inside it", "7.4.3.4.1")
            } else {
                ("invasion supply from a depot on a fleet next to it", "7.4.4")
            };
            log.push(Event::new(
                format!("Besieged {} lives off {how} ({rule})", city_name(ctx, &area)),
                json!({"kind": "besieged-supply", "area": area, "sea": true, "rule": rule}),
            ));
            continue;
        }
        let Some(city) = ctx.map.city(&area) else { continue };
        let inside = factors_inside(next, &area);
        let modifier = besieged_modifier(inside);
        let die = dice.roll(6).map_err(|_| ApplyError::NeedDice)?;
        let losses = forage_losses(die, modifier, city.supply);
        let captor = next
            .corps
            .values()
            .find(|c| c.area == area && !c.in_city)
            .and_then(|c| next.controller_of_nation(c.side()))
            .unwrap_or(power);
        let lost = lose_inside(next, &area, losses, captor);
        log.push(Event::new(
            format!(
                "Besieged {} checks its supply: die {die} {modifier:+} against its supply value {}: {}",
                city.name,
                city.supply,
                if lost == 0 { "no loss".to_string() } else { format!("{lost} factor(s) lost") }
            ),
            json!({"kind": "besieged-supply", "area": area, "die": die, "modifier": modifier, "losses": lost, "rule": "7.4.5"}),
        ));
    }
    Ok(())
}

/// R7.5.4.1: `assault AREA` in the land combat step: the besiegers storm the city once per
/// step. One round: the besiegers roll on the attacker's table of an escalated assault
/// against a defence, the defenders inside on the defender's table of the same pairing with
/// the walls' shift (one casualty level in their favour on both tables); losses by the
/// casualty table; if nobody is left inside, the city falls.
pub fn assault(
    ctx: &Ctx,
    state: &State,
    power: Power,
    area: &str,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if state.sequence.phase != Phase::Land(LandStep::Combat) {
        return Err(RuleError::new("7.5.4.1", "assaults are made in the land combat step").into());
    }
    if !state.besieged(area) {
        return Err(RuleError::new("7.5.4.1", format!("{} is not besieged", ctx.name(area))).into());
    }
    if state.book.assaulted.contains(area) {
        return Err(RuleError::new("R7.5.4.1", format!("{} has been assaulted this step", ctx.name(area))).into());
    }
    let besiegers: Vec<String> = state
        .corps
        .iter()
        .filter(|(_, c)| {
            c.area == area
                && c.proper()
                && !c.in_city
                && c.aboard.is_none()
                && state.controller_of_nation(c.side()) == Some(power)
        })
        .map(|(id, _)| id.clone())
        .collect();
    if besiegers.is_empty() {
        return Err(
            RuleError::new("7.5.4.1", format!("{} has no corps besieging {}", power.name(), ctx.name(area))).into()
        );
    }
    let pairing = ctx
        .charts
        .pairing(AttackerChit::EscalatedAssault, DefenderChit::Defend)
        .cloned()
        .ok_or_else(|| RuleError::new("data", "the chart has no escalated-assault against defend"))?;
    let (Some(a_table), Some(d_table)) =
        (pairing.table(Side::Attacker, 1, false, false), pairing.table(Side::Defender, 1, false, false))
    else {
        return Err(RuleError::new("data", "the escalated-assault/defend pairing has no first round").into());
    };
    let a_table = a_table.shifted(-1, 0);
    let d_table = d_table.shifted(1, 0);
    let a_die = dice.roll(6).map_err(|_| ApplyError::NeedDice)?;
    let d_die = dice.roll(6).map_err(|_| ApplyError::NeedDice)?;
    let mut next = state.clone();
    next.book.assaulted.insert(area.to_string());
    let a_strength: u32 =
        besiegers.iter().filter_map(|c| state.corps.get(c)).map(|c| u32::from(c.factors.total())).sum();
    let d_strength = u32::from(factors_inside(state, area));
    let a_result = ctx.charts.land_result(a_table, i32::try_from(a_die).unwrap_or(6));
    let d_result = ctx.charts.land_result(d_table, i32::try_from(d_die).unwrap_or(6));
    let to_defender = a_result.and_then(|r| ctx.charts.casualties(r.percent, a_strength)).unwrap_or(0);
    let to_attacker = d_result.and_then(|r| ctx.charts.casualties(r.percent, d_strength)).unwrap_or(0);
    let held_by = defender(ctx, state, area).unwrap_or(power);
    let lost_inside = lose_inside(&mut next, area, u16::try_from(to_defender).unwrap_or(u16::MAX), power);
    let mut left = to_attacker;
    while left > 0 {
        let Some(id) = besiegers
            .iter()
            .filter(|c| next.corps.contains_key(*c))
            .max_by_key(|c| next.corps.get(*c).map_or(0, |k| k.factors.total()))
            .cloned()
        else {
            break;
        };
        let Some(c) = next.corps.get_mut(&id) else { break };
        lose_one(&mut c.factors);
        if c.factors.is_empty() {
            next.corps.remove(&id);
        }
        left -= 1;
    }
    log.push(Event::new(
        format!(
            "{} assaults {}: the besiegers roll {a_die} ({to_defender} losses inside), the defenders {d_die} ({to_attacker} losses outside) (R7.5.4.1)",
            power.name(),
            city_name(ctx, area),
        ),
        json!({"kind": "assault", "area": area, "attacker_die": a_die, "defender_die": d_die, "inside_lost": lost_inside, "outside_lost": to_attacker, "defender": held_by, "rule": "R7.5.4.1"}),
    ));
    update(ctx, &mut next, log);
    Ok(next)
}
