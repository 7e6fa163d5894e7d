//! The manipulation step (8.4). Only occupied home nation capitals are played (8.4.1,
//! reconstructed R8.4.1): a power whose home capital's city is held by a power at war with it
//! has a share of its collection withheld (`data/economy.txt` `capital-share`), taken in the
//! collection step so that no loan can carry it away, and paid in this step to the power
//! holding the city, as the contributions levied on Vienna in 1805 and 1809 and on Berlin in
//! 1806. Economic manipulation (8.4.2) is optional and not played; the step also pays reparations
//! (`peace_terms.rs`) and returns the leaders an abdication removed (R8.4.3,
//! `politics::term_effects::return_leaders`).

use super::Withheld;
use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_engine::Event;

/// R8.4.1: what an occupied capital withholds of `collected` money of `power`, and for whom.
pub fn withheld(ctx: &Ctx, state: &State, power: Power, collected: i32) -> Option<Withheld> {
    let capital = ctx.map.capital(power.id())?;
    let holder = crate::scenario::city_holder(ctx, state, &capital.id).and_then(|n| state.controller_of_nation(n))?;
    if holder == power || !state.relations.at_war(holder.id(), power.id()) {
        return None;
    }
    let amount = super::share(ctx.economy.rules.capital_share, collected);
    (amount > 0).then_some(Withheld { from: power, to: holder, amount })
}

/// 8.4.1: the withheld collections go to the powers holding the capitals.
pub fn step(state: &mut State, log: &mut Vec<Event>) {
    let withheld = state.economy.round.as_ref().map(|r| r.withheld.clone()).unwrap_or_default();
    for w in withheld {
        super::add_money(state, w.to, w.amount);
        log.push(Event::new(
            format!(
                "{} takes {} money point(s) from {}'s occupied capital (R8.4.1)",
                w.to.name(),
                w.amount,
                w.from.name()
            ),
            serde_json::json!({"kind": "capital-contribution", "from": w.from, "to": w.to, "amount": w.amount,
                "rule": "R8.4.1"}),
        ));
    }
}
