//! Maintenance and formal debts (8.5.1, 8.5.2, reconstructed R8.5.1, R8.5.2), paid by
//! themselves as the expenditure step begins, before anyone buys.
//!
//! R8.5.1: upkeep is counted from what every player sees: each corps counter on the map at its
//! kind's rate whatever it holds (its strength may be hidden, 2.4.2, and every copy of the
//! game must count the same), each factor of a city or depot garrison at its kind's rate (the
//! garrison counters are face up, 2.4.1), each ship at the ship rate (a fleet's strength is
//! known to all, 2.4.2); rates in quarters of a money point (`data/economy.txt`), the total
//! rounded up. A minor free state pays its own from its treasury; what it cannot pay its
//! controller pays (R8.5.5).
//!
//! R8.5.2: what a power cannot pay becomes a formal debt. A debt is repaid first from the
//! money left after maintenance in later phases; a power in debt buys nothing (8.5.3) and
//! loses political points in the status adjustment step for each started step of money it
//! owes (`debt-points`, `debt-step`).

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_engine::Event;

/// R8.5.1: the upkeep of `nation`'s forces on the map, in quarters of a money point.
pub fn quarters(ctx: &Ctx, state: &State, nation: &str) -> i64 {
    let data = &ctx.economy;
    let mut q: i64 = 0;
    for (id, c) in &state.corps {
        if c.nation == nation {
            let kind = ctx.cards.corps_card(id).map(|card| card.kind);
            q += kind.map_or(0, |k| i64::from(data.corps(k).upkeep));
        }
    }
    let garrisons = state
        .garrisons
        .values()
        .filter(|g| g.nation == nation)
        .map(|g| &g.factors)
        .chain(state.depots.values().filter(|d| d.power.id() == nation).map(|d| &d.garrison));
    for factors in garrisons {
        for (kind, n) in factors.iter() {
            q += i64::from(data.factor(kind).upkeep) * i64::from(n);
        }
    }
    for f in state.fleets.values().filter(|f| f.nation == nation) {
        q += i64::from(data.rules.ship_upkeep) * i64::from(f.ships);
    }
    q
}

/// R8.5.1: the upkeep of `nation`'s forces in money points, rounded up.
pub fn upkeep(ctx: &Ctx, state: &State, nation: &str) -> i32 {
    i32::try_from((quarters(ctx, state, nation) + 3) / 4).unwrap_or(i32::MAX)
}

/// The minor free states `power` runs, by id.
pub fn free_states(state: &State, power: Power) -> Vec<String> {
    state.minors.iter().filter(|(_, m)| m.controller == Some(power) && m.free_state).map(|(id, _)| id.clone()).collect()
}

/// 8.5.1, 8.5.2: every power pays its forces' upkeep and then its debts, in the phase's order.
pub fn pay(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    for power in super::order(state) {
        let mut owed_by_minors = 0;
        for minor in free_states(state, power) {
            let bill = upkeep(ctx, state, &minor);
            if bill == 0 {
                continue;
            }
            let t = state.economy.minors.entry(minor.clone()).or_default();
            let paid = bill.min(t.money.max(0));
            t.money -= paid;
            owed_by_minors += bill - paid;
            log.push(Event::new(
                format!(
                    "{minor} pays {paid} of its upkeep of {bill} money point(s){} (8.5.1, R8.5.5)",
                    if bill > paid {
                        format!("; {} pays the other {}", power.name(), bill - paid)
                    } else {
                        String::new()
                    }
                ),
                serde_json::json!({"kind": "maintenance", "minor": minor, "upkeep": bill, "paid": paid,
                    "rule": "8.5.1"}),
            ));
        }
        let own = upkeep(ctx, state, power.id());
        let bill = own + owed_by_minors;
        let has = super::money_of(state, power);
        let paid = bill.min(has);
        super::add_money(state, power, -paid);
        let short = bill - paid;
        log.push(Event::new(
            format!(
                "{} pays {paid} money point(s) of upkeep for its forces ({own}){} (8.5.1){}",
                power.name(),
                if owed_by_minors > 0 { format!(" and its free states' ({owed_by_minors})") } else { String::new() },
                if short > 0 { format!("; {short} it cannot pay becomes a debt (R8.5.2)") } else { String::new() }
            ),
            serde_json::json!({"kind": "maintenance", "power": power, "upkeep": bill, "paid": paid,
                "debt": short, "rule": "8.5.1"}),
        ));
        let debt = state.economy.debt_of(power) + short;
        let repaid = if short > 0 { 0 } else { debt.min(super::money_of(state, power)) };
        super::add_money(state, power, -repaid);
        let left = debt - repaid;
        if left > 0 {
            state.economy.debts.insert(power, left);
        } else {
            state.economy.debts.remove(&power);
        }
        if repaid > 0 {
            log.push(Event::new(
                format!("{} repays {repaid} money point(s) of its debt; it owes {left} (R8.5.2)", power.name()),
                serde_json::json!({"kind": "debt-repaid", "power": power, "amount": repaid, "owed": left,
                    "rule": "R8.5.2"}),
            ));
        }
    }
}

/// R8.5.2: the political points a power in debt loses, counted in the status adjustment step.
pub fn debt_points(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let rules = &ctx.economy.rules;
    for power in super::order(state) {
        let debt = state.economy.owed(power);
        if debt <= 0 || rules.debt_points == 0 {
            continue;
        }
        let steps = (debt + rules.debt_step - 1) / rules.debt_step.max(1);
        let points = rules.debt_points.saturating_mul(steps);
        if let Some(p) = state.powers.get_mut(&power) {
            p.political = p.political.saturating_add(points);
        }
        log.push(Event::new(
            format!("{} owes {debt} money point(s) and loses {} political point(s) (R8.5.2)", power.name(), -points),
            serde_json::json!({"kind": "political-points", "power": power, "amount": points, "rule": "R8.5.2"}),
        ));
    }
}
