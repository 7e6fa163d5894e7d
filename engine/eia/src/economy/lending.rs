//! The lending money step (8.3, reconstructed R8.3): each power in turn may lend money to other
//! major powers (`lend N to POWER`), then ends its turn. Money only changes hands: whether and
//! when a loan is repaid is the players' agreement, kept in their letters. A power never lends
//! to a power it is at war with (R8.3: a loan is help, and help to an enemy is no part of the
//! game), nor more than it has.

use crate::power::Power;
use crate::state::State;
use grognard_engine::{Event, RuleError};

/// May `power` lend anything now: money, and a power to lend it to?
pub fn may_lend(state: &State, power: Power) -> bool {
    super::money_of(state, power) > 0 && borrowers(state, power).next().is_some()
}

/// The powers `power` may lend to: every other power of the game it is not at war with.
pub fn borrowers(state: &State, power: Power) -> impl Iterator<Item = Power> + '_ {
    state.powers.keys().copied().filter(move |p| *p != power && !state.relations.at_war(power.id(), p.id()))
}

/// 8.3: `power` lends `amount` money points to `to`.
pub fn lend(next: &mut State, power: Power, amount: i32, to: Power, log: &mut Vec<Event>) -> Result<(), RuleError> {
    if to == power {
        return Err(RuleError::new("8.3", "a power lends to another power, not to itself"));
    }
    if !next.powers.contains_key(&to) {
        return Err(RuleError::new("8.3", format!("{} is not a power of this game", to.name())));
    }
    if next.relations.at_war(power.id(), to.id()) {
        return Err(RuleError::new(
            "R8.3",
            format!("{} is at war with {}: no loan to an enemy", power.name(), to.name()),
        ));
    }
    if amount < 1 {
        return Err(RuleError::new("8.3", "a loan is at least one money point"));
    }
    let has = super::money_of(next, power);
    if amount > has {
        return Err(RuleError::new("8.3", format!("{} has {has} money point(s), not {amount}", power.name())));
    }
    super::add_money(next, power, -amount);
    super::add_money(next, to, amount);
    log.push(Event::new(
        format!("{} lends {amount} money point(s) to {} (8.3)", power.name(), to.name()),
        serde_json::json!({"kind": "loan", "from": power, "to": to, "amount": amount, "rule": "8.3"}),
    ));
    Ok(())
}
