//! Militia conversion (8.5.6, option 12.1.1, reconstructed R8.5.6): in its turn of the
//! expenditure step a power may convert militia factors of one of its city garrisons into
//! regular infantry (`convert N militia at AREA`), drilling men it has already raised:
//!
//! - only a garrison of the power's own nation in a city of its home nation (5.2.2.2.2's
//!   ground for new garrison factors) that it controls and that is not besieged;
//! - only garrisons: a garrison's strength is shown on its counter (2.4.1) and every copy of
//!   the game knows it, while a corps' may be hidden (2.4.2);
//! - each factor costs `conversion-money` and `conversion-manpower` (`data/economy.txt`),
//!   paid at once; at most `conversion-limit` factors a power an economic phase;
//! - a power in debt converts nothing, as it buys nothing (R8.5.2).
//!
//! The factors are infantry at once: a garrison holds as many factors as before (7.3.3.4).

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use crate::FactorKind;
use grognard_engine::{Event, RuleError};
use serde_json::json;

/// Option 12.1.1: militia conversion.
pub const OPTION_MILITIA_CONVERSION: &str = "militia-conversion";

/// Is militia conversion played (option 12.1.1 with the economic phase)?
pub fn played(state: &State) -> bool {
    super::played(state) && state.options.iter().any(|o| o == OPTION_MILITIA_CONVERSION)
}

/// Militia factors `power` converted this phase.
fn converted(state: &State, power: Power) -> i32 {
    state.economy.round.as_ref().and_then(|r| r.converted.get(&power).copied()).unwrap_or(0)
}

/// The garrisons whose militia `power` may convert now, by area, with their militia.
pub fn garrisons(ctx: &Ctx, state: &State, power: Power) -> Vec<(String, u16)> {
    if !played(state) {
        return Vec::new();
    }
    state
        .garrisons
        .iter()
        .filter(|(area, g)| g.nation == power.id() && may_convert_at(ctx, state, power, area).is_ok())
        .map(|(area, g)| (area.clone(), g.factors.get(FactorKind::Militia)))
        .filter(|(_, n)| *n > 0)
        .collect()
}

/// 8.5.6: is `area` a city of `power`'s home it controls, unbesieged?
fn may_convert_at(ctx: &Ctx, state: &State, power: Power, area: &str) -> Result<(), RuleError> {
    if ctx.map.area(area).is_none() {
        return Err(RuleError::new("input", format!("`{area}` is not a land area of the map")));
    }
    if ctx.map.city(area).is_none() || !super::expenditure::in_home(ctx, power.id(), area) {
        return Err(RuleError::new(
            "8.5.6",
            format!(
                "{} is not a city of {}'s home nation: only militia at home are converted",
                ctx.name(area),
                power.name()
            ),
        ));
    }
    if state.area_controller(ctx, area) != Some(power.id()) || state.besieged(area) {
        return Err(RuleError::new(
            "8.5.6",
            format!(
                "{} does not hold {} unbesieged: its militia there are not converted",
                power.name(),
                ctx.name(area)
            ),
        ));
    }
    Ok(())
}

/// 8.5.6: `convert N militia at AREA`.
pub fn convert(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    count: u16,
    area: &str,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !played(next) {
        return Err(RuleError::new(
            "8.5.6",
            format!("militia conversion is optional: option `{OPTION_MILITIA_CONVERSION}` (12.1.1)"),
        ));
    }
    super::expenditure::solvent(next, power)?;
    may_convert_at(ctx, next, power, area)?;
    let has =
        next.garrisons.get(area).filter(|g| g.nation == power.id()).map_or(0, |g| g.factors.get(FactorKind::Militia));
    if count == 0 || count > has {
        return Err(RuleError::new(
            "8.5.6",
            format!("{}'s garrison in {} holds {has} militia, not {count}", power.name(), ctx.name(area)),
        ));
    }
    let rules = &ctx.economy.rules;
    let n = i32::from(count);
    let done = converted(next, power);
    if done.saturating_add(n) > rules.conversion_limit {
        return Err(RuleError::new(
            "8.5.6",
            format!(
                "{} has converted {done} militia this phase: at most {} an economic phase",
                power.name(),
                rules.conversion_limit
            ),
        ));
    }
    let (money, manpower) = (rules.conversion_money.saturating_mul(n), rules.conversion_manpower.saturating_mul(n));
    let (has_money, has_men) = (super::money_of(next, power), next.economy.manpower_of(power).max(0));
    if money > has_money || manpower > has_men {
        return Err(RuleError::new(
            "8.5.6",
            format!("this costs ${money} and {manpower} manpower; {} has ${has_money} and {has_men}", power.name()),
        ));
    }
    let Some(garrison) = next.garrisons.get_mut(area) else {
        return Err(RuleError::new("8.5.6", format!("there is no garrison in {}", ctx.name(area))));
    };
    if !garrison.factors.take(FactorKind::Militia, count) {
        return Err(RuleError::new("8.5.6", format!("the garrison in {} lacks {count} militia", ctx.name(area))));
    }
    garrison.factors.add(FactorKind::Infantry, count);
    super::add_money(next, power, -money);
    super::add_manpower(next, power, -manpower);
    if let Some(round) = next.economy.round.as_mut() {
        round.converted.insert(power, done + n);
    }
    log.push(Event::new(
        format!(
            "{} converts {count} militia of its garrison in {} into infantry for ${money} and {manpower} manpower (8.5.6)",
            power.name(),
            ctx.name(area)
        ),
        json!({"kind": "militia-conversion", "power": power, "area": area, "count": count, "money": money,
            "manpower": manpower, "rule": "8.5.6"}),
    ));
    Ok(())
}
