//! Moving into an enemy depot area (7.3.6.1): a corps that entered an area holding an
//! ungarrisoned enemy depot may destroy it, which counts as its foraging for supply with no
//! loss, or convert it into a depot of its own power at no cost if the depot would then be a
//! supply source or part of a valid supply chain (7.2.3). A garrisoned depot's garrison
//! fights with the defenders (7.5.1.2), and a beaten defender's depot is destroyed
//! (R7.5.2.14).
//!
//! An area with unbesieged enemy corps is not an "ungarrisoned depot area": its depot falls
//! with its defenders after a battle (R7.3.6.1, R7.5.2.14).
//!
//! Played after the corps' move (`destroy depot with CORPS`, `convert depot with CORPS`), in
//! the area where it stopped, or with `in AREA` in an area it passed through on its way (the
//! moves of a step are one at a time, so taking the depot after the move changes nothing the
//! move depended on); only a corps that stops where it destroys the depot lives off it.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::LandStep;
use crate::state::{Depot, State};
use grognard_engine::{Event, RuleError};
use serde_json::json;

fn rule(message: impl Into<String>) -> RuleError {
    RuleError::new("7.3.6.1", message)
}

/// Where `corps` of `power` takes an ungarrisoned enemy depot: the area it entered this land
/// movement step and stands in (`true`: it stopped there), or `on_way`, an area it passed
/// through (`false`).
fn depot_area(state: &State, power: Power, corps: &str, on_way: Option<&str>) -> Result<(String, bool), RuleError> {
    crate::land::in_step(state, LandStep::Movement, "7.3.6", "enemy depots are taken")?;
    let c = crate::land::own_corps(state, power, corps)?;
    let (area, stopped) = match on_way {
        Some(a) if a != c.area => {
            if !state.book.passed.get(corps).is_some_and(|p| p.iter().any(|x| x == a)) {
                return Err(rule(format!("corps {corps} did not pass through `{a}` this step")));
            }
            (a.to_string(), false)
        }
        _ => {
            if c.aboard.is_some() || c.in_city {
                return Err(rule(format!("corps {corps} is not in the field")));
            }
            let entered = state.book.corps.get(corps).is_some_and(|m| m.from != c.area);
            if !entered {
                return Err(rule(format!("corps {corps} did not move into its area this step")));
            }
            (c.area.clone(), true)
        }
    };
    let Some(depot) = state.depots.get(&area) else {
        return Err(rule(format!("there is no depot in `{area}` where corps {corps} went")));
    };
    if !state.enemy_of(power, depot.power.id()) {
        return Err(rule(format!("the depot in `{area}` is not an enemy's")));
    }
    // R7.3.6.1: enemy corps in the field of the area defend the depot; it falls with them
    // (R7.5.2.14), not to a corps marching in.
    if state.has_unbesieged_enemy_corps(power, &area) {
        return Err(RuleError::new(
            "R7.3.6.1",
            format!("enemy corps stand in {area}: their depot is taken by beating them, not by marching in"),
        ));
    }
    if !depot.garrison.is_empty() {
        return Err(RuleError::new(
            "7.3.6.2",
            "a garrisoned depot is taken by fighting its garrison (7.5.1.2), not by marching in",
        ));
    }
    Ok((area, stopped))
}

/// `destroy depot with CORPS [in AREA]` (7.3.6.1): the depot goes; a corps that stopped
/// there counts as having foraged with no loss this turn.
pub fn destroy(
    ctx: &Ctx,
    state: &State,
    power: Power,
    corps: &str,
    on_way: Option<&str>,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let (area, stopped) = depot_area(state, power, corps, on_way)?;
    let mut next = state.clone();
    let owner = next.depots.remove(&area).map(|d| d.power);
    if stopped {
        next.book.supplied.insert(corps.to_string());
    }
    log.push(Event::new(
        format!(
            "Corps {corps} destroys {} depot in {}{} (7.3.6.1)",
            owner.map_or("the", |p| p.name()),
            ctx.name(&area),
            if stopped { " and lives off it: supplied this turn" } else { " on its way" }
        ),
        json!({"kind": "depot-destroyed", "corps": corps, "area": area, "rule": "7.3.6.1"}),
    ));
    Ok(next)
}

/// `convert depot with CORPS [in AREA]` (7.3.6.1): the depot becomes one of `power`'s, at no
/// cost, if it is then a supply source or in a valid chain; the counter mix still limits its
/// depots (7.2).
pub fn convert(
    ctx: &Ctx,
    state: &State,
    power: Power,
    corps: &str,
    on_way: Option<&str>,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let (area, _) = depot_area(state, power, corps, on_way)?;
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
