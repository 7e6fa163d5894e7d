//! Garrison attack combats (7.5.4.2, 7.5.4.2.1; reconstructed R7.5.4.2): in its land combat
//! step a power whose forces are besieged in a city may sally against the besiegers once a
//! step (`sally AREA`). The sally is fought as a field combat (chits sealed in secret,
//! 7.5.2.1, and the reconstructed resolution), the power's corps inside the city and its city
//! garrison attacking the besiegers' corps in the field (and their depot garrison, 7.5.1.2).
//! Beaten besiegers fall back and the siege is lifted; a beaten sally goes back behind the
//! walls, where it stays besieged. The political points are those of a field combat
//! (7.5.4.2.2 is not in the text: R7.5.4.2.2, one won and one lost). A sally is a siege
//! combat, never trivial (7.5.1.3 keeps trivial combats to the field).

use crate::combat::{forces, Battle};
use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::{LandStep, Phase};
use crate::state::State;
use grognard_engine::{Event, RuleError};
use serde_json::json;

fn rule(message: impl Into<String>) -> RuleError {
    RuleError::new("7.5.4.2", message)
}

/// `power`'s corps inside the besieged city of `area`.
pub fn inside(state: &State, power: Power, area: &str) -> Vec<String> {
    state
        .corps
        .iter()
        .filter(|(_, c)| c.area == area && c.in_city && state.controller_of_nation(c.side()) == Some(power))
        .map(|(id, _)| id.clone())
        .collect()
}

/// The factors of `power`'s city garrison in `area`, if it holds it.
pub fn garrison_factors(state: &State, power: Power, area: &str) -> u32 {
    state
        .garrisons
        .get(area)
        .filter(|g| state.controller_of_nation(&g.nation) == Some(power))
        .map_or(0, |g| u32::from(g.factors.total()))
}

/// May `power` sally from the besieged city of `area` now? Its land combat step, no battle
/// being fought, forces of its own inside, besiegers in the field, not yet this step.
pub fn check(ctx: &Ctx, state: &State, power: Power, area: &str) -> Result<(), RuleError> {
    if state.sequence.phase != Phase::Land(LandStep::Combat) {
        return Err(rule(format!("garrisons attack in the land combat step, not in the {}", state.sequence.phase)));
    }
    if state.battle.is_some() {
        return Err(RuleError::new("7.5.2", "a combat in one area is completed before another begins"));
    }
    if !state.sieges.contains(area) {
        return Err(rule(format!("the city of {} is not besieged", ctx.name(area))));
    }
    if inside(state, power, area).is_empty() && garrison_factors(state, power, area) == 0 {
        return Err(rule(format!("{} has no forces inside the city of {}", power.name(), ctx.name(area))));
    }
    if forces::defenders(state, power, area).is_empty() {
        return Err(rule(format!("no enemy corps besiege {} in the field", ctx.name(area))));
    }
    if state.book.sallied.contains(area) {
        return Err(RuleError::new("R7.5.4.2", format!("the garrison of {} has attacked this step", ctx.name(area))));
    }
    Ok(())
}

/// `sally AREA`: the besieged forces attack the besiegers; both sides choose their chits in
/// secret (7.5.2.1).
pub fn start(ctx: &Ctx, state: &State, power: Power, area: &str, log: &mut Vec<Event>) -> Result<State, RuleError> {
    check(ctx, state, power, area)?;
    let attackers = inside(state, power, area);
    let defenders = forces::defenders(state, power, area);
    let defender = forces::leading_power(state, &defenders).ok_or_else(|| rule("no defender"))?;
    let mut next = state.clone();
    next.battles_fought += 1;
    next.book.sallied.insert(area.to_string());
    let step = format!("sally-{}-{}-{}", state.date.id(), area, next.battles_fought);
    let garrison = garrison_factors(state, power, area);
    log.push(Event::new(
        format!(
            "The besieged in {} attack the besiegers: {}{} against {}; both sides choose their chits in secret (7.5.4.2, 7.5.2.1)",
            ctx.name(area),
            attackers.join(", "),
            match (attackers.is_empty(), garrison) {
                (_, 0) => String::new(),
                (true, n) => format!("the garrison ({n} factors)"),
                (false, n) => format!(" and the garrison ({n} factors)"),
            },
            defenders.join(", ")
        ),
        json!({"kind": "sally", "area": area, "attacker": power, "defender": defender, "rule": "7.5.4.2"}),
    ));
    next.battle = Some(Battle {
        area: area.to_string(),
        attacker: power,
        defender,
        attackers,
        depot: forces::enemy_depot_garrison(state, power, area),
        defenders,
        across_river: false,
        step,
        sally: true,
        relief: false,
        day: 0,
        morale: None,
    });
    Ok(next)
}
