//! Moving into an enemy depot area (7.3.6.1): a corps that entered an area holding an
//! ungarrisoned enemy depot may destroy it, which counts as its foraging for supply with no
//! loss, or convert it into a depot of its own power at no cost if the depot would then be a
//! supply source or part of a valid supply chain (7.2.3). A garrisoned depot's garrison
//! fights with the defenders (7.5.1.2), and a beaten defender's depot is destroyed
//! (R7.5.2.14).
//!
//! Played after the corps' move (`destroy depot with CORPS`, `convert depot with CORPS`),
//! in the area where it stopped: a corps passing through an enemy depot area on its way
//! leaves the depot where it is.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::LandStep;
use crate::state::{Depot, State};
use grognard_engine::{Event, RuleError};
use serde_json::json;

fn rule(message: impl Into<String>) -> RuleError {
    RuleError::new("7.3.6.1", message)
}

/// The area of `corps` of `power` if it entered it this land movement step and an
/// ungarrisoned enemy depot stands there.
fn depot_area(state: &State, power: Power, corps: &str) -> Result<String, RuleError> {
    crate::land::in_step(state, LandStep::Movement, "7.3.6", "enemy depots are taken")?;
    let c = crate::land::own_corps(state, power, corps)?;
    if c.aboard.is_some() || c.in_city {
        return Err(rule(format!("corps {corps} is not in the field")));
    }
    let entered = state.book.corps.get(corps).is_some_and(|m| m.from != c.area);
    if !entered {
        return Err(rule(format!("corps {corps} did not move into its area this step")));
    }
    let Some(depot) = state.depots.get(&c.area) else {
        return Err(rule(format!("there is no depot where corps {corps} stands")));
    };
    if !state.enemy_of(power, depot.power.id()) {
        return Err(rule(format!("the depot where corps {corps} stands is not an enemy's")));
    }
    if !depot.garrison.is_empty() {
        return Err(RuleError::new(
            "7.3.6.2",
            "a garrisoned depot is taken by fighting its garrison (7.5.1.2), not by marching in",
        ));
    }
    Ok(c.area.clone())
}

/// `destroy depot with CORPS` (7.3.6.1): the depot goes; the corps counts as having foraged
/// with no loss this turn.
pub fn destroy(ctx: &Ctx, state: &State, power: Power, corps: &str, log: &mut Vec<Event>) -> Result<State, RuleError> {
    let area = depot_area(state, power, corps)?;
    let mut next = state.clone();
    let owner = next.depots.remove(&area).map(|d| d.power);
    next.book.supplied.insert(corps.to_string());
    log.push(Event::new(
        format!(
            "Corps {corps} destroys {} depot in {} and lives off it: supplied this turn (7.3.6.1)",
            owner.map_or("the", |p| p.name()),
            ctx.name(&area)
        ),
        json!({"kind": "depot-destroyed", "corps": corps, "area": area, "rule": "7.3.6.1"}),
    ));
    Ok(next)
}

/// `convert depot with CORPS` (7.3.6.1): the depot becomes one of `power`'s, at no cost, if it
/// is then a supply source or in a valid chain; the counter mix still limits its depots (7.2).
pub fn convert(ctx: &Ctx, state: &State, power: Power, corps: &str, log: &mut Vec<Event>) -> Result<State, RuleError> {
    let area = depot_area(state, power, corps)?;
    crate::land::depot_counter_left(ctx, state, power)?;
    let mut next = state.clone();
    let owner = next.depots.insert(area.clone(), Depot { power, garrison: Default::default() }).map(|d| d.power);
    if !crate::supply::valid_depots(ctx, &next, power).contains(&area) {
        return Err(rule(format!(
            "a depot of {}'s in {} would be neither a supply source nor in a valid supply chain: destroy it instead",
            power.name(),
            ctx.name(&area)
        )));
    }
    log.push(Event::new(
        format!(
            "Corps {corps} takes {} depot in {} for {} (7.3.6.1)",
            owner.map_or("the", |p| p.name()),
            ctx.name(&area),
            power.name()
        ),
        json!({"kind": "depot-converted", "corps": corps, "area": area, "rule": "7.3.6.1"}),
    ));
    Ok(next)
}
