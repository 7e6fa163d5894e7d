//! Expenditure on forces (8.5.3, 8.5.4, reconstructed R8.5.3, R8.5.4) and surplus money and
//! manpower (8.5.5, 8.5.7), after maintenance and debts (`maintenance.rs`).
//!
//! - `buy N KIND [for MINOR] [at AREA]`: army factors at their money and manpower costs
//!   (`data/economy.txt` `[factors]`), due next month and placed by the army reinforcement
//!   step wherever the campaign placement allows (5.2.2.2, `campaign_placement.rs`); AREA, a
//!   city of the nation's home held by it (default: its capital), is only where they were
//!   bought. Only kinds a corps of the nation holds, or infantry and militia of a major power
//!   for garrisons (5.2.2.2.2).
//! - `buy corps CORPS with N KIND [at AREA]`: a corps counter of the national card not on the
//!   map (5.2.4.2), with the factor it must receive at once (5.2.1.2), due next month in
//!   AREA; the army reinforcement step places it there, or elsewhere as 5.2.1.2 allows
//!   (`place corps CORPS in AREA`: a home city, or with a friendly corps).
//! - `buy N ships for FLEET`, `buy fleet FLEET with N ships at AREA` (option `naval`): ships
//!   and fleet counters (5.1.1, 5.1.2, 5.1.4.3), arriving in the next naval reinforcement step.
//! - For a minor free state (4.8, 8.2.3): its treasury pays, the controller's money making up
//!   what it lacks in money, never in men (R8.5.3).
//! - A power in debt buys nothing (R8.5.2).
//! - Surplus money is kept (8.5.7, 8.5.5); surplus manpower is lost at the end of the step
//!   but by powers that store it (R8.5.7, `stores-manpower`); a minor's always is.

use super::Order;
use crate::ctx::Ctx;
use crate::forces::Factors;
use crate::power::Power;
use crate::state::State;
use crate::FactorKind;
use grognard_board::area::ProvinceKind;
use grognard_engine::{Event, RuleError};
use serde_json::json;

/// What `buy N KIND [for MINOR] [at AREA]` asks.
#[derive(Clone, Copy, Debug)]
pub struct Purchase<'a> {
    pub count: u16,
    pub kind: FactorKind,
    pub nation: Option<&'a str>,
    pub area: Option<&'a str>,
}

/// The nation `power` buys for: itself, or a minor free state it runs (4.8).
fn nation_for(ctx: &Ctx, state: &State, power: Power, nation: Option<&str>) -> Result<String, RuleError> {
    let Some(n) = nation else { return Ok(power.id().to_string()) };
    if n == power.id() {
        return Ok(n.to_string());
    }
    let Some(m) = state.minors.get(n) else {
        return Err(RuleError::new("4.8", format!("`{n}` is not a minor country of this game")));
    };
    if m.controller != Some(power) || !m.free_state {
        let name = ctx.map.nation(n).map_or(n, |x| x.name.as_str());
        return Err(RuleError::new("4.8", format!("{name} is not a minor free state run by {}", power.name())));
    }
    Ok(n.to_string())
}

/// R8.5.2: a power in debt (reparations unpaid included, R4.4.6.5) buys nothing.
pub(super) fn solvent(state: &State, power: Power) -> Result<(), RuleError> {
    match state.economy.owed(power) {
        0 => Ok(()),
        d => Err(RuleError::new("R8.5.2", format!("{} owes {d} money point(s) and buys nothing", power.name()))),
    }
}

/// Is `area` in `nation`'s home: a home province of a major power (5.2.2.2.1: ceded
/// provinces excluded), any province of a minor country?
pub(super) fn in_home(ctx: &Ctx, nation: &str, area: &str) -> bool {
    let major = crate::Power::from_id(nation).is_some();
    ctx.map.province_of(area).is_some_and(|p| p.nation == nation && (!major || p.kind == ProvinceKind::Home))
}

/// The area reinforcements of `nation` are bought for: `area`, or the nation's capital; a
/// city of its home it holds, not besieged (5.2.2, R8.5.3).
fn due_area(ctx: &Ctx, state: &State, nation: &str, area: Option<&str>) -> Result<String, RuleError> {
    let area = match area {
        Some(a) => a.to_string(),
        None => ctx
            .map
            .capital(nation)
            .map(|a| a.id.clone())
            .ok_or_else(|| RuleError::new("5.2.2", format!("{nation} has no capital")))?,
    };
    if !in_home(ctx, nation, &area) || ctx.map.city(&area).is_none() {
        return Err(RuleError::new("5.2.2", format!("{} is not a city of {nation}'s home", ctx.name(&area))));
    }
    if state.area_controller(ctx, &area) != Some(nation) || state.besieged(&area) {
        return Err(RuleError::new(
            "5.2.2",
            format!("{nation} does not hold {} unbesieged: its reinforcements could not be placed", ctx.name(&area)),
        ));
    }
    Ok(area)
}

/// What `nation`'s treasury can spend: money (a minor's with its controller's) and manpower.
fn purse(state: &State, power: Power, nation: &str) -> (i32, i32) {
    let own = super::money_of(state, power);
    match state.economy.minors.get(nation).filter(|_| nation != power.id()) {
        Some(t) => (own + t.money.max(0), t.manpower.max(0)),
        None if nation == power.id() => (own, state.economy.manpower_of(power)),
        None => (own, 0),
    }
}

/// Pay `money` and `manpower` for `nation`, checked first (8.5.3).
fn pay(state: &mut State, power: Power, nation: &str, money: i32, manpower: i32) -> Result<(), RuleError> {
    let (has_money, has_men) = purse(state, power, nation);
    if money > has_money || manpower > has_men {
        return Err(RuleError::new(
            "8.5.3",
            format!("this costs ${money} and {manpower} manpower; {nation} has ${has_money} and {has_men} manpower"),
        ));
    }
    if nation == power.id() {
        super::add_money(state, power, -money);
        super::add_manpower(state, power, -manpower);
        return Ok(());
    }
    let t = state.economy.minors.entry(nation.to_string()).or_default();
    let from_minor = money.min(t.money.max(0));
    t.money -= from_minor;
    t.manpower -= manpower;
    super::add_money(state, power, -(money - from_minor));
    Ok(())
}

/// May `nation` receive factors of `kind` at all: a corps of its card holds them, or (a major
/// power's infantry and militia) a garrison takes them (5.2.2.2.2)?
fn placeable_kind(ctx: &Ctx, nation: &str, kind: FactorKind) -> bool {
    let in_corps = ctx.cards.corps.values().any(|c| c.owner.id() == nation && c.capacity.holds(kind));
    let major = crate::Power::from_id(nation).is_some();
    in_corps || (major && matches!(kind, FactorKind::Infantry | FactorKind::Militia))
}

/// The money and manpower of `count` factors of `kind` (8.5.3).
fn factor_cost(ctx: &Ctx, kind: FactorKind, count: u16) -> Result<(i32, i32), RuleError> {
    let (money, men) = ctx.economy.factor(kind).buy.ok_or_else(|| {
        RuleError::new("8.5.3", format!("{kind} factors are not bought: they come from levies or rules of their own"))
    })?;
    Ok((money.saturating_mul(i32::from(count)), men.saturating_mul(i32::from(count))))
}

fn bought(log: &mut Vec<Event>, power: Power, what: String, money: i32, manpower: i32, rule: &str) {
    log.push(Event::new(
        format!("{} buys {what} for ${money} and {manpower} manpower ({rule})", power.name()),
        json!({"kind": "purchase", "power": power, "what": what, "money": money, "manpower": manpower, "rule": rule}),
    ));
}

/// 8.5.3: `buy N KIND [for MINOR] [at AREA]`.
pub fn buy_factors(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    order: &Purchase<'_>,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    solvent(next, power)?;
    let nation = nation_for(ctx, next, power, order.nation)?;
    let (money, manpower) = factor_cost(ctx, order.kind, order.count)?;
    if !placeable_kind(ctx, &nation, order.kind) {
        return Err(RuleError::new(
            "5.2.2",
            format!("no corps of {nation} holds {} and no garrison of it takes them", order.kind),
        ));
    }
    let area = due_area(ctx, next, &nation, order.area)?;
    pay(next, power, &nation, money, manpower)?;
    let (count, kind) = (order.count, order.kind);
    let merged = next.economy.orders.iter_mut().find_map(|o| match o {
        Order::Factors { power: p, nation: n, area: a, kind: k, count: c }
            if *p == power && *n == nation && *a == area && *k == kind =>
        {
            Some(c)
        }
        _ => None,
    });
    match merged {
        Some(c) => *c = c.saturating_add(count),
        None => {
            next.economy.orders.push(Order::Factors { power, nation: nation.clone(), area: area.clone(), kind, count })
        }
    }
    bought(
        log,
        power,
        format!(
            "{count} {kind} of {nation}, due next month (bought in {}; placed in any corps or garrison 5.2.2.2 allows)",
            ctx.name(&area)
        ),
        money,
        manpower,
        "8.5.3",
    );
    Ok(())
}

/// Is corps counter `corps` out of play: not on the map, not due, not bought, not coming as a
/// scenario reinforcement (5.2.4.2)?
fn corps_free(state: &State, ctx: &Ctx, corps: &str) -> bool {
    let due = state
        .due
        .values()
        .flatten()
        .any(|d| matches!(d, crate::reinforcement::Due::Corps { corps: c, .. } if c == corps));
    let ordered = state.economy.orders.iter().any(|o| matches!(o, Order::Corps { corps: c, .. } if c == corps));
    let scheduled = ctx
        .scenarios
        .iter()
        .filter(|s| s.id == state.scenario)
        .any(|s| s.reinforcements.iter().any(|r| r.month > state.date && r.corps.as_deref() == Some(corps)));
    !state.corps.contains_key(corps) && !due && !ordered && !scheduled
}

/// 8.5.4: `buy corps CORPS with N KIND [at AREA]`.
pub fn buy_corps(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    corps: &str,
    (count, kind): (u16, FactorKind),
    area: Option<&str>,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    solvent(next, power)?;
    let card = crate::corps_card::card(ctx, corps)?;
    let nation = nation_for(ctx, next, power, Some(card.owner.id()))?;
    let counter = ctx.economy.corps(card.kind).cost.ok_or_else(|| {
        RuleError::new("8.5.4", format!("{} corps are never bought: they come from rules of their own", card.kind))
    })?;
    if !corps_free(next, ctx, corps) {
        return Err(RuleError::new(
            "5.2.4.2",
            format!("corps {corps} is in play: only a counter off the map is bought"),
        ));
    }
    if let Some(c) = ctx.combinations.of_corps(corps).filter(|_| super::combinations::reserved(ctx, next, corps)) {
        return Err(RuleError::new(
            c.rule.clone(),
            format!("corps {corps} is a counter of {}, which is not created (8.9)", c.name),
        ));
    }
    let room = card.capacity.box_of(kind).map_or(0, |b| b.max_in(next.date));
    if count > room {
        return Err(RuleError::new("2.4.2.1.1", format!("corps {corps} holds {room} {kind}, not {count}")));
    }
    let (money, manpower) = factor_cost(ctx, kind, count)?;
    let money = money.saturating_add(counter);
    let area = due_area(ctx, next, &nation, area)?;
    pay(next, power, &nation, money, manpower)?;
    let factors = Factors::of(&[(kind, count)]);
    let what = format!("corps {corps} with {factors}, due next month in {} (or where 5.2.1.2 allows)", ctx.name(&area));
    next.economy.orders.push(Order::Corps { power, corps: corps.to_string(), nation, area, factors });
    bought(log, power, what, money, manpower, "8.5.4");
    Ok(())
}

/// Ships and fleets are bought only with the naval reinforcement step to place them (5.1).
fn naval(state: &State) -> Result<(), RuleError> {
    if crate::naval::played(state) {
        Ok(())
    } else {
        Err(RuleError::new("5.1", "ships and fleets are placed in the naval reinforcement step: option `naval`"))
    }
}

/// 8.5.3, 5.1.2: `buy N ships for FLEET`.
pub fn buy_ships(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    count: u16,
    fleet: &str,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    naval(next)?;
    solvent(next, power)?;
    let f =
        next.fleets.get(fleet).ok_or_else(|| RuleError::new("5.1.2", format!("fleet {fleet} is not on the map")))?;
    let nation = nation_for(ctx, next, power, Some(&f.nation))?;
    let capacity = ctx.cards.fleet_card(fleet).map_or(0, |c| c.ships);
    let ordered: u16 = next
        .economy
        .orders
        .iter()
        .filter_map(|o| match o {
            Order::Ships { fleet: x, count, .. } if x == fleet => Some(*count),
            _ => None,
        })
        .sum();
    let room = capacity.saturating_sub(f.ships).saturating_sub(ordered);
    if count > room {
        return Err(RuleError::new(
            "2.4.2.1.1",
            format!("fleet {fleet} has room for {room} more ship(s), not {count}"),
        ));
    }
    let rules = &ctx.economy.rules;
    let (money, manpower) =
        (rules.ship_money.saturating_mul(i32::from(count)), rules.ship_manpower.saturating_mul(i32::from(count)));
    pay(next, power, &nation, money, manpower)?;
    match next.economy.orders.iter_mut().find_map(|o| match o {
        Order::Ships { fleet: x, count, .. } if x == fleet => Some(count),
        _ => None,
    }) {
        Some(c) => *c += count,
        None => next.economy.orders.push(Order::Ships { power, fleet: fleet.to_string(), count }),
    }
    bought(log, power, format!("{count} ship(s) for fleet {fleet}"), money, manpower, "8.5.3");
    Ok(())
}

/// 8.5.4, 5.1.1: `buy fleet FLEET with N ships at AREA`.
pub fn buy_fleet(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    fleet: &str,
    ships: u16,
    area: &str,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    naval(next)?;
    solvent(next, power)?;
    let card =
        ctx.cards.fleet_card(fleet).ok_or_else(|| RuleError::new("input", format!("there is no fleet `{fleet}`")))?;
    let nation = nation_for(ctx, next, power, Some(card.owner.id()))?;
    let ordered = next.economy.orders.iter().any(|o| matches!(o, Order::Fleet { fleet: f, .. } if f == fleet));
    if next.fleets.contains_key(fleet) || ordered {
        return Err(RuleError::new(
            "5.1.4.3",
            format!("fleet {fleet} is in play: only a counter off the map is bought"),
        ));
    }
    if ships == 0 || ships > card.ships {
        return Err(RuleError::new(
            "5.1.1",
            format!("fleet {fleet} comes with 1 to {} ship(s), not {ships}", card.ships),
        ));
    }
    if ctx.map.port(area).is_none() || !in_home(ctx, &nation, area) || next.area_controller(ctx, area) != Some(&nation)
    {
        return Err(RuleError::new("5.1.1", format!("{} is not a port of {nation}'s home it holds", ctx.name(area))));
    }
    let rules = &ctx.economy.rules;
    let money = rules.fleet_cost.saturating_add(rules.ship_money.saturating_mul(i32::from(ships)));
    let manpower = rules.ship_manpower.saturating_mul(i32::from(ships));
    pay(next, power, &nation, money, manpower)?;
    next.economy.orders.push(Order::Fleet { power, fleet: fleet.to_string(), nation, area: area.to_string(), ships });
    bought(
        log,
        power,
        format!("fleet {fleet} with {ships} ship(s) for the port of {}", ctx.name(area)),
        money,
        manpower,
        "8.5.4",
    );
    Ok(())
}

/// 8.5.5, 8.5.7: the step is over: surplus money is kept; surplus manpower is lost but by the
/// powers that store it (R8.5.7); a minor free state's always is (R8.5.5).
pub fn close(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    for power in super::order(state) {
        let stores = ctx.economy.power(power).is_some_and(|p| p.stores_manpower);
        let left = state.economy.manpower_of(power);
        if stores || left <= 0 {
            continue;
        }
        state.economy.manpower.remove(&power);
        log.push(Event::new(
            format!("{}'s {left} unspent manpower is lost (R8.5.7)", power.name()),
            json!({"kind": "manpower-lost", "power": power, "amount": left, "rule": "R8.5.7"}),
        ));
    }
    for t in state.economy.minors.values_mut() {
        t.manpower = 0;
    }
    state.economy.minors.retain(|_, t| *t != super::Treasury::default());
}
