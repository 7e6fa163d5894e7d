//! The commands of the land phase (7.2-7.4): depots, moves, cities, foraging and supply.
//!
//! Every function checks the whole command before it rolls or changes anything, works on a
//! copy (`next`) and explains what happened in `log`.

use crate::command::Command;
use crate::corps_card;
use crate::ctx::Ctx;
use crate::forage::{forage_losses, ForageCase};
use crate::forces::Factors;
use crate::movement::walk;
use crate::power::Power;
use crate::sequence::{LandStep, Phase};
use crate::state::{LossDue, State};
use crate::supply;
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde_json::json;

/// A depot's garrison capacity (7.3.3.5).
pub const DEPOT_GARRISON_CAPACITY: u16 = 10;

/// The money a depot costs (7.2).
pub const DEPOT_COST: i32 = 1;

pub fn own_corps<'a>(state: &'a State, power: Power, corps: &str) -> Result<&'a crate::state::Corps, RuleError> {
    let c = state.corps.get(corps).ok_or_else(|| RuleError::new("input", format!("there is no corps `{corps}`")))?;
    if state.controller_of_nation(c.side()) != Some(power) {
        return Err(RuleError::new("7.3", format!("corps {corps} is not {}'s", power.name())));
    }
    Ok(c)
}

pub fn in_step(state: &State, step: LandStep, rule: &str, what: &str) -> Result<(), RuleError> {
    if state.sequence.phase != Phase::Land(step) {
        return Err(RuleError::new(
            rule,
            format!("{what} only in the {}, not in the {}", step.name(), state.sequence.phase),
        ));
    }
    Ok(())
}

/// 7.2: has `power` a depot counter left (its counter mix), on land and on fleets?
pub fn depot_counter_left(ctx: &Ctx, state: &State, power: Power) -> Result<(), RuleError> {
    let limit = corps_card::depot_limit(ctx, power);
    if crate::invasion::depots_of(state, power) >= usize::from(limit) {
        return Err(RuleError::new(
            "7.2",
            format!("{} has all its {limit} depots on the map (counter mix)", power.name()),
        ));
    }
    Ok(())
}

/// 7.2: may `power` build one more depot, on land or on a fleet: one left in its counter mix,
/// and the money to pay for it?
pub fn may_build_depot(ctx: &Ctx, state: &State, power: Power) -> Result<(), RuleError> {
    depot_counter_left(ctx, state, power)?;
    let money = state.powers.get(&power).map_or(0, |p| p.money);
    if money < DEPOT_COST {
        return Err(RuleError::new(
            "7.2",
            format!("a depot costs {DEPOT_COST} money point and {} has {money}", power.name()),
        ));
    }
    Ok(())
}

/// 7.2: place a depot.
pub fn place_depot(
    ctx: &Ctx,
    state: &State,
    power: Power,
    area: &str,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    in_step(state, LandStep::Depots, "7.2", "depots are placed")?;
    let a = ctx.map.area(area).ok_or_else(|| RuleError::new("input", format!("there is no land area `{area}`")))?;
    // 7.2.2.1, 7.4.3.4: in a besieged friendly port city the depot goes inside the city.
    if crate::port_city::applies(ctx, state, power, area) {
        return crate::port_city::place(ctx, state, power, area, log);
    }
    if state.depots.contains_key(area) {
        return Err(RuleError::new("7.2", format!("{} already holds a depot: one depot per area", a.name)));
    }
    // 7.2.2.2: only an enemy's depot may share an area with a depot inside its port city.
    if let Some(p) = state.city_depots.get(area).filter(|p| !state.enemy_of(power, p.id())) {
        return Err(RuleError::new(
            "7.2.2.2",
            format!("the city of {} holds a depot of {}'s: one depot per area, but for an enemy's", a.name, p.name()),
        ));
    }
    may_build_depot(ctx, state, power)?;
    let own_corps_here = state.corps.values().any(|c| {
        c.area == area
            && c.proper()
            && c.aboard.is_none()
            && c.side() == power.id()
            && !(c.in_city && state.besieged(area))
    });
    if state.has_unbesieged_enemy_corps(power, area) && !own_corps_here {
        return Err(RuleError::new("7.2", format!("enemy corps stand in {} and none of {}'s", a.name, power.name())));
    }
    if state.has_unbesieged_enemy_irregulars(power, area) && !own_corps_here {
        return Err(RuleError::new(
            "7.2",
            format!("enemy guerrillas, cossacks or freikorps stand in {} and no corps of {}'s", a.name, power.name()),
        ));
    }
    let controller = state.area_controller(ctx, area).unwrap_or("");
    let friendly_city = ctx.map.city(area).is_some()
        && !state.besieged(area)
        && state.in_territory(ctx, power, area)
        && !state.garrisons.get(area).is_some_and(|g| state.enemy_of(power, &g.nation));
    if !friendly_city {
        // 7.2.3: within two unblocked areas of a depot of a valid chain that existed before
        // this turn.
        let valid = supply::valid_depots(ctx, state, power);
        let near = supply::unblocked_distances(ctx, state, power, area, supply::CHAIN_LINK);
        let anchored = valid.iter().any(|d| near.contains_key(d.as_str()) && !state.book.new_depots.contains(d));
        if !anchored {
            return Err(RuleError::new(
                "7.2.3",
                format!(
                    "{} has no friendly city of {}'s and is not within two unblocked areas of one of its depots in a valid supply chain",
                    a.name,
                    power.name()
                ),
            ));
        }
        // 7.2.3.3.1: not in a neutral's territory.
        let own = state.controller_of_nation(controller) == Some(power);
        if !own && !state.enemy_of(power, controller) && !state.friendly_to(power, controller) {
            return Err(RuleError::new("7.2.3.3.1", format!("{} is neutral territory", a.name)));
        }
        // 7.2.3.3.2: outside its territory, one of its unbesieged corps must stand there.
        if !own && !own_corps_here {
            return Err(RuleError::new(
                "7.2.3.3.2",
                format!("a depot outside {}'s territory needs one of its unbesieged corps in {}", power.name(), a.name),
            ));
        }
    }
    let mut next = state.clone();
    next.depots.insert(area.to_string(), crate::state::Depot { power, garrison: Factors::new() });
    next.book.new_depots.insert(area.to_string());
    if let Some(p) = next.powers.get_mut(&power) {
        p.money -= DEPOT_COST;
    }
    log.push(Event::new(
        format!("{} places a depot in {} ({DEPOT_COST} money point)", power.name(), a.name),
        json!({"kind": "depot", "power": power, "area": area, "rule": "7.2"}),
    ));
    Ok(next)
}

/// 7.2: remove a depot; its garrison goes into an unbesieged friendly or vacant city of the
/// area if there is room, and is destroyed otherwise.
pub fn remove_depot(
    ctx: &Ctx,
    state: &State,
    power: Power,
    area: &str,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    in_step(state, LandStep::Depots, "7.2", "depots are removed")?;
    if state.depots.get(area).is_none_or(|d| d.power != power) {
        if let Some(next) = crate::port_city::remove(ctx, state, power, area, log) {
            return Ok(next);
        }
    }
    let depot = state
        .depots
        .get(area)
        .ok_or_else(|| RuleError::new("7.2", format!("there is no depot in {}", ctx.name(area))))?;
    if depot.power != power {
        return Err(RuleError::new("7.2", format!("the depot in {} is not {}'s", ctx.name(area), power.name())));
    }
    let mut next = state.clone();
    let garrison = depot.garrison.clone();
    next.depots.remove(area);
    let mut text = format!("{} removes its depot in {}", power.name(), ctx.name(area));
    if !garrison.is_empty() {
        let room = city_room(ctx, state, power, area);
        if room.is_some_and(|r| r >= garrison.total()) {
            let g = next
                .garrisons
                .entry(area.to_string())
                .or_insert_with(|| crate::state::Garrison { nation: power.id().to_string(), factors: Factors::new() });
            g.factors.add_all(&garrison);
            text.push_str(&format!("; its garrison ({garrison}) goes into the city"));
        } else {
            text.push_str(&format!("; its garrison ({garrison}) is destroyed"));
        }
    }
    log.push(Event::new(text, json!({"kind": "depot-removed", "power": power, "area": area, "rule": "7.2"})));
    Ok(next)
}

/// Factors the city of `area` can still take for `power`: `None` if there is no city, or it
/// is besieged, or held by a non-friendly nation (7.3.3, 7.3.3.4).
pub fn city_room(ctx: &Ctx, state: &State, power: Power, area: &str) -> Option<u16> {
    if state.besieged(area) {
        return None;
    }
    room_inside(ctx, state, power, area)
}

/// Factors the city of `area` can still take for `power`, besieged or not: `None` if there
/// is no city or it is held by a non-friendly nation (7.3.3, 7.3.3.4). A depot inside a
/// besieged port city adds nothing (7.3.3.5.3). With hidden strengths, a projection's check
/// counts only the corps whose factors every player knows (`State::counts`).
pub fn room_inside(ctx: &Ctx, state: &State, power: Power, area: &str) -> Option<u16> {
    let city = ctx.map.city(area)?;
    let held = state.garrisons.get(area);
    if held.is_some_and(|g| !g.factors.is_empty() && !state.friendly_to(power, &g.nation)) {
        return None;
    }
    if state.corps.values().any(|c| c.area == area && c.in_city && !state.friendly_to(power, c.side())) {
        return None;
    }
    let inside = held.map_or(0, |g| g.factors.total())
        + state
            .corps
            .values()
            .filter(|c| c.area == area && c.in_city && state.counts(c))
            .map(|c| c.factors.total())
            .sum::<u16>();
    Some(city.garrison_capacity().saturating_sub(inside))
}

/// 7.3: move a corps; with `forage` or after a force march it forages as it stops (7.4.1).
pub fn move_corps(
    ctx: &Ctx,
    state: &State,
    power: Power,
    command: &Command,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let Command::Move { corps, path, force, forage } = command else {
        return Err(RuleError::new("input", "not a move").into());
    };
    in_step(state, LandStep::Movement, "7.3", "corps move")?;
    let rules = corps_card::corps_rules(ctx, state, corps)?;
    if *force && !rules.may_force_march {
        return Err(RuleError::new(
            "7.3.1.2",
            format!("corps {corps} may not force march (cavalry and irregulars never do)"),
        )
        .into());
    }
    if *forage && state.corps.get(corps).is_some_and(|c| c.irregular().is_some()) {
        return Err(RuleError::new(
            "7.4",
            format!("{corps} is an irregular counter: it needs no supply and never forages"),
        )
        .into());
    }
    let allowance = rules.allowance + u8::from(*force);
    let w = walk(ctx, state, power, corps, path, allowance, *force)?;
    let mut next = state.clone();
    if let Some(c) = next.corps.get_mut(corps) {
        c.area = w.end.clone();
        c.in_city = false;
    }
    next.book.corps.insert(corps.clone(), w.record.clone());
    let passed: Vec<String> = path.iter().take_while(|a| **a != w.end).cloned().collect();
    if !passed.is_empty() {
        next.book.passed.insert(corps.clone(), passed);
    }
    crate::depot_garrison::ask(&mut next, power, corps);
    let mut names: Vec<&str> = vec![ctx.name(&w.record.from)];
    names.extend(path.iter().map(|a| ctx.name(a)));
    log.push(Event::new(
        format!(
            "{} moves {} {corps}: {} ({} of {} movement points{})",
            power.name(),
            crate::irregulars::noun(state, corps),
            names.join(" - "),
            w.record.spent,
            allowance,
            if *force { ", force marching" } else { "" }
        ),
        json!({"kind": "move", "power": power, "corps": corps, "path": path, "from": w.record.from, "rule": "7.3"}),
    ));
    if *forage || *force {
        forage_now(ctx, &mut next, power, corps, dice, log)?;
    }
    Ok(next)
}

/// 7.3.4, 7.3.3.3.2: a corps enters the unbesieged friendly or vacant city of its area, if
/// the city can hold all its factors (7.5.1.1.4).
pub fn enter_city(
    ctx: &Ctx,
    state: &State,
    power: Power,
    corps: &str,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    in_step(state, LandStep::Movement, "7.3.4", "corps enter cities")?;
    let c = own_corps(state, power, corps)?;
    if c.in_city {
        return Err(RuleError::new("7.3.4", format!("corps {corps} is already in the city")));
    }
    let area = c.area.clone();
    let city =
        ctx.map.city(&area).ok_or_else(|| RuleError::new("7.3.4", format!("{} has no city", ctx.name(&area))))?;
    let room = city_room(ctx, state, power, &area)
        .ok_or_else(|| RuleError::new("7.3.3", format!("{} is besieged or held by another power", city.name)))?;
    if room < c.factors.total() && state.counts(c) {
        return Err(RuleError::new(
            "7.3.3.4",
            format!("{} can take {room} more factors and corps {corps} has {}", city.name, c.factors.total()),
        ));
    }
    let holder = state.area_controller(ctx, &area).unwrap_or("").to_string();
    if c.irregular().is_some() && state.enemy_of(power, &holder) {
        return Err(RuleError::new(
            "R10.1",
            format!("{corps} is an irregular counter: it garrisons friendly cities, it does not take {}", city.name),
        ));
    }
    let mut next = state.clone();
    let nation = c.side().to_string();
    if let Some(c) = next.corps.get_mut(corps) {
        c.in_city = true;
    }
    let mut text = format!("{} {corps} enters {}", capitalised(crate::irregulars::noun(state, corps)), city.name);
    // R10.3.2: a corps entering a vacant city of an enemy takes the city and its area.
    if state.enemy_of(power, &holder) {
        next.occupied.insert(area.clone(), nation.clone());
        text.push_str(&format!(" and takes it from {holder} (R10.3.2)"));
    }
    log.push(Event::new(text, json!({"kind": "enter-city", "corps": corps, "area": area, "rule": "7.3.4"})));
    Ok(next)
}

/// 7.3.4: a corps in an unbesieged city marches out into its area (no movement points).
pub fn leave_city(
    ctx: &Ctx,
    state: &State,
    power: Power,
    corps: &str,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    in_step(state, LandStep::Movement, "7.3.4", "corps leave cities")?;
    let c = own_corps(state, power, corps)?;
    if !c.in_city {
        return Err(RuleError::new("7.3.4", format!("corps {corps} is not in a city")));
    }
    if state.besieged(&c.area) {
        return Err(RuleError::new("7.3.4", format!("corps {corps} is besieged")));
    }
    let mut next = state.clone();
    if let Some(c) = next.corps.get_mut(corps) {
        c.in_city = false;
    }
    log.push(Event::new(
        format!(
            "{} {corps} marches out of the city into {}",
            capitalised(crate::irregulars::noun(state, corps)),
            ctx.name(&c.area)
        ),
        json!({"kind": "leave-city", "corps": corps, "rule": "7.3.4"}),
    ));
    Ok(next)
}

/// `word` with a capital first letter (an event's first word).
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |f| f.to_uppercase().chain(chars).collect())
}

/// The forage value a corps' roll is read against (7.4.1.1): the lowest of the areas it
/// entered, or its area's if it did not move.
fn forage_value(ctx: &Ctx, state: &State, corps: &str) -> u8 {
    let here = state.corps.get(corps).and_then(|c| ctx.map.area(&c.area)).map_or(0, |a| a.forage);
    state.book.corps.get(corps).and_then(|r| r.lowest_forage).unwrap_or(here)
}

/// 7.4.1: roll for a foraging corps now; its losses become a decision of its owner when it
/// holds factors of more than one kind (7.4.1.3), and are taken at once otherwise.
pub fn forage_now(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    corps: &str,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let c = next.corps.get(corps).ok_or_else(|| RuleError::new("input", format!("there is no corps `{corps}`")))?;
    let area = c.area.clone();
    let rules = corps_card::corps_rules(ctx, next, corps)?;
    let others = next
        .corps
        .iter()
        .filter(|(id, o)| {
            id.as_str() != corps && o.area == area && o.aboard.is_none() && !(o.in_city && next.besieged(&area))
        })
        .count();
    let winter = ctx.rules.winter(next.date.month()) && ctx.map.area(&area).is_some_and(|a| a.winter);
    // 7.4.5.3: besiegers forage as if they had spent their whole allowance.
    let besieging = next.sieges.contains(&area) && !c.in_city;
    let case = ForageCase::of(
        next.book.corps.get(corps),
        rules.allowance,
        others.min(255) as u8,
        besieging,
        winter,
        next.in_territory(ctx, power, &area),
    );
    let value = forage_value(ctx, next, corps);
    let die = dice.roll(6).map_err(|_| ApplyError::NeedDice)?;
    let losses = forage_losses(die, case.modifier(), value);
    next.book.supplied.insert(corps.to_string());
    log.push(Event::new(
        format!(
            "Corps {corps} forages in {}: die {die}, modifier {:+}, forage value {value}: {}",
            ctx.name(&area),
            case.modifier(),
            if losses == 0 { "no loss".to_string() } else { format!("{losses} factor(s) lost") }
        ),
        json!({"kind": "forage", "corps": corps, "die": die, "modifier": case.modifier(), "value": value, "losses": losses, "rule": "7.4.1"}),
    ));
    if losses > 0 {
        take_losses(ctx, next, power, corps, losses, "7.4.1.3", log);
    }
    Ok(())
}

/// Losses of `count` factors from `corps`: all of it when it has no more (the corps is
/// removed, 7.4.1.3.2, and its leaders retire, 7.4.1.3.3), at once when it holds one kind,
/// else a decision of its owner.
pub fn take_losses(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    corps: &str,
    count: u16,
    rule: &str,
    log: &mut Vec<Event>,
) {
    let Some(c) = next.corps.get(corps) else { return };
    let total = c.factors.total();
    let kinds = c.factors.iter().count();
    // 2.4.2: only the owner knows a veiled corps' factors, so its owner always names its
    // losses, and says whether they empty it.
    if !c.veil.is_empty() {
        next.losses.push(LossDue { power, corps: corps.to_string(), count, rule: rule.to_string() });
        return;
    }
    if count >= total {
        remove_emptied(next, corps, rule, log);
        return;
    }
    if kinds == 1 {
        let mut lost = Factors::new();
        if let Some((kind, _)) = c.factors.iter().next() {
            lost.add(kind, count);
        }
        apply_losses(next, corps, &lost, log, rule);
        return;
    }
    let _ = ctx;
    next.losses.push(LossDue { power, corps: corps.to_string(), count, rule: rule.to_string() });
}

/// A corps that lost all its factors leaves the map (7.4.1.3.2) and its leaders retire
/// (7.4.1.3.3).
pub fn remove_emptied(next: &mut State, corps: &str, rule: &str, log: &mut Vec<Event>) {
    let Some(c) = next.corps.remove(corps) else { return };
    let mut text = format!("Corps {corps} loses all its factors and is removed from the map");
    let leaders: Vec<String> = next
        .leaders
        .iter()
        .filter(|(_, p)| **p == crate::state::LeaderPlace::Corps(corps.to_string()))
        .map(|(l, _)| l.clone())
        .collect();
    for l in &leaders {
        next.leaders.insert(l.clone(), crate::state::LeaderPlace::Retiring);
    }
    if !leaders.is_empty() {
        text.push_str(&format!("; {} retire(s) (7.4.1.3.3)", leaders.join(", ")));
    }
    log.push(Event::new(text, json!({"kind": "corps-removed", "corps": corps, "area": c.area, "rule": rule})));
}

fn apply_losses(next: &mut State, corps: &str, lost: &Factors, log: &mut Vec<Event>, rule: &str) {
    if let Some(c) = next.corps.get_mut(corps) {
        for (k, n) in lost.iter() {
            c.factors.take(k, n);
        }
    }
    log.push(Event::new(
        format!("Corps {corps} loses {lost}"),
        json!({"kind": "losses", "corps": corps, "lost": lost, "rule": rule}),
    ));
}

/// 7.4.1.3: the owner names the factors its corps loses.
/// `emptying`: they are all it has (it may then owe more than it holds, 7.4.1.3.2); the
/// command must say so exactly when strengths are hidden (2.4.2), as the others learn it
/// from the command alone.
pub fn choose_losses(
    state: &State,
    power: Power,
    losses: &Factors,
    emptying: bool,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let due = state.losses.first().ok_or_else(|| RuleError::new("7.4.1.3", "no losses are owed now"))?;
    if due.power != power {
        return Err(RuleError::new(&due.rule, format!("{} owes the losses now", due.power.name())));
    }
    let c = state.corps.get(&due.corps).ok_or_else(|| RuleError::new("input", "the corps is gone"))?;
    let all = *losses == c.factors;
    if state.hidden_strengths() && emptying != all {
        return Err(RuleError::new(
            "2.4.2",
            if all {
                format!("these are all the factors of corps {}: say so (lose ... emptying)", due.corps)
            } else {
                format!("corps {} holds more than these factors: they do not empty it", due.corps)
            },
        ));
    }
    let short_but_all = all && losses.total() < due.count;
    if losses.total() != due.count && !short_but_all {
        return Err(RuleError::new(
            &due.rule,
            format!("corps {} loses exactly {} factor(s), not {}", due.corps, due.count, losses.total()),
        ));
    }
    for (k, n) in losses.iter() {
        if c.factors.get(k) < n {
            return Err(RuleError::new(
                &due.rule,
                format!("corps {} has {} {k}, not {n}", due.corps, c.factors.get(k)),
            ));
        }
    }
    let mut next = state.clone();
    let due = next.losses.remove(0);
    if all {
        remove_emptied(&mut next, &due.corps, &due.rule, log);
    } else {
        apply_losses(&mut next, &due.corps, losses, log, &due.rule);
    }
    Ok(next)
}

/// 7.4.1: a corps that has not foraged yet this step forages now (supply step).
pub fn forage_command(
    ctx: &Ctx,
    state: &State,
    power: Power,
    corps: &str,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    in_step(state, LandStep::Supply, "7.4.1", "a corps that stayed forages")?;
    let c = own_corps(state, power, corps)?;
    let besieged = c.in_city && state.besieged(&c.area);
    if !(c.proper() || besieged) {
        return Err(RuleError::new("7.4", format!("{corps} is an irregular counter: it needs no supply")).into());
    }
    if state.book.supplied.contains(corps) {
        return Err(RuleError::new("7.4", format!("corps {corps} has already been supplied this turn")).into());
    }
    let mut next = state.clone();
    forage_now(ctx, &mut next, power, corps, dice, log)?;
    Ok(next)
}

/// The corps of `power` still to be supplied, each with its depot supply cost in half money
/// points, or `None` when it must forage (7.4.1: four or more areas from a depot of a valid
/// chain, or it force marched; 7.4.5 besieged corps forage on the city).
pub fn unsupplied(ctx: &Ctx, state: &State, power: Power) -> Vec<(String, Option<u32>)> {
    let valid = supply::valid_depots(ctx, state, power);
    let winter = ctx.rules.winter(state.date.month());
    state
        .corps
        .iter()
        .filter(|(id, c)| {
            state.controller_of_nation(c.side()) == Some(power)
                && c.aboard.is_none()
                && !state.book.supplied.contains(*id)
                // 7.4: unbesieged cossacks, freikorps and guerrillas need no supply.
                && (c.proper() || (c.in_city && state.besieged(&c.area)))
        })
        .map(|(id, c)| {
            let forced = state.book.corps.get(id).is_some_and(|r| r.force_marched);
            let cost = if forced {
                None
            } else if c.in_city && crate::port_city::feeds(ctx, state, power, &c.area, &valid) {
                // 7.4.3.4.1, 7.4.2.1.1: sea supply through the depot inside its city.
                let doubled = winter && ctx.map.area(&c.area).is_some_and(|a| a.winter);
                let halves = crate::port_city::CITY_DEPOT_COST_HALVES;
                Some(if doubled { halves * 2 } else { halves })
            } else if let Some(halves) =
                c.in_city.then(|| crate::invasion::feeds_besieged(ctx, state, power, &c.area, &valid)).flatten()
            {
                // 7.4.4: invasion supply for a besieged port city's forces.
                let doubled = winter && ctx.map.area(&c.area).is_some_and(|a| a.winter);
                Some(if doubled { halves * 2 } else { halves })
            } else {
                supply::depot_cost_halves(ctx, state, power, &c.area, &valid, winter)
            };
            (id.clone(), cost)
        })
        .collect()
}

/// 7.4.4: the besieged port cities of `power` that a depot on a fleet next to them feeds
/// (besides `already`, fed by a depot inside), each with what its garrison pays in half money
/// points (0 without a garrison of `power`), doubled in winter in the winter zone (7.4.2.1.3).
fn invasion_fed_cities(ctx: &Ctx, state: &State, power: Power, already: &[(String, u32)]) -> Vec<(String, u32)> {
    if !state.fleet_depots.values().any(|d| d.power == power) {
        return Vec::new();
    }
    let valid = supply::valid_depots(ctx, state, power);
    let winter = ctx.rules.winter(state.date.month());
    state
        .sieges
        .iter()
        .filter(|a| crate::siege::defender(ctx, state, a) == Some(power) && !already.iter().any(|(x, _)| x == *a))
        .filter_map(|a| {
            let halves = crate::invasion::feeds_besieged(ctx, state, power, a, &valid)?;
            let garrison = state
                .garrisons
                .get(a)
                .is_some_and(|g| !g.factors.is_empty() && state.controller_of_nation(&g.nation) == Some(power));
            let doubled = winter && ctx.map.area(a).is_some_and(|x| x.winter);
            let cost = match (garrison, doubled) {
                (false, _) => 0,
                (true, true) => halves * 2,
                (true, false) => halves,
            };
            Some((a.clone(), cost))
        })
        .collect()
}

/// 7.4: the end of the supply step. Corps in reach of a depot pay for depot supply (7.4.2.1,
/// summed and rounded up); if the power cannot pay for them all the step does not end
/// (the owner chooses which corps forage instead, `forage CORPS`); corps out of reach forage.
pub fn end_supply(
    ctx: &Ctx,
    state: &State,
    power: Power,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let list = unsupplied(ctx, state, power);
    let corps_halves: u32 = list.iter().filter_map(|(_, c)| *c).sum();
    let money = state.powers.get(&power).map_or(0, |p| p.money);
    let affordable = |halves: u32| i32::try_from(halves.div_ceil(2)).unwrap_or(i32::MAX) <= money;
    // 7.4.3.4.1, 7.4.2.1.2: the garrisons of cities fed by a depot inside pay for sea supply
    // as far as the money goes (after the corps); the others check besieged supply (7.4.5).
    let mut halves = corps_halves;
    let mut fed: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    let mut garrisons: Vec<String> = Vec::new();
    let mut cities = crate::port_city::fed_cities(ctx, state, power);
    cities.extend(invasion_fed_cities(ctx, state, power, &cities));
    for (area, g) in cities {
        if affordable(halves + g) {
            halves += g;
            if g > 0 {
                garrisons.push(area.clone());
            }
            fed.insert(area);
        }
    }
    let cost = i32::try_from(halves.div_ceil(2)).unwrap_or(i32::MAX);
    if !affordable(corps_halves) {
        return Err(RuleError::new(
            "7.4.2.1",
            format!(
                "depot supply for {} corps costs {cost} money points and {} has {money}: order some of them to forage first (forage CORPS)",
                list.iter().filter(|(_, c)| c.is_some()).count(),
                power.name()
            ),
        )
        .into());
    }
    let mut next = state.clone();
    if cost > 0 {
        if let Some(p) = next.powers.get_mut(&power) {
            p.money -= cost;
        }
        let paid: Vec<&str> = list.iter().filter(|(_, c)| c.is_some()).map(|(id, _)| id.as_str()).collect();
        let mut whom: Vec<String> = paid.iter().map(|id| id.to_string()).collect();
        whom.extend(garrisons.iter().map(|a| format!("the garrison of {} (7.4.2.1.2)", ctx.name(a))));
        let mut data = json!({"kind": "depot-supply", "power": power, "corps": paid, "cost": cost, "rule": "7.4.2.1"});
        if !garrisons.is_empty() {
            data["garrisons"] = json!(garrisons);
        }
        log.push(Event::new(
            format!("{} pays {cost} money point(s) for the depot supply of {}", power.name(), whom.join(", ")),
            data,
        ));
    }
    for (id, c) in &list {
        if c.is_some() {
            next.book.supplied.insert(id.clone());
        }
    }
    for (id, c) in &list {
        if c.is_none() && next.corps.contains_key(id) {
            forage_now(ctx, &mut next, power, id, dice, log)?;
        }
    }
    crate::siege::besieged_supply(ctx, &mut next, power, &fed, dice, log)?;
    Ok(next)
}
