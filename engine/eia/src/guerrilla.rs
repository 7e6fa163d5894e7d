//! The guerrilla step (7.6, reconstructed R7.6): the last step of a power's land phase
//! sequence, played when it ends its land combat step (it asks nothing of anyone).
//!
//! Rule 7.6 is named in the contents only. Guerrillas are never attacked in a battle (7.5.1)
//! and fight in one only when their side attacks (7.5.1.2); this step is their own war. In
//! each area where the phasing power's guerrillas stand in the field with enemy corps in the
//! field or an enemy depot, one die is rolled (`data/irregulars.txt`):
//! - it hits on at most the number of guerrilla counters there, never above `strike`: the
//!   enemy's depot garrison loses a factor (the least valuable kind first), or an ungarrisoned
//!   depot is burnt, or else the first enemy corps in the field (by its counter's id) loses a
//!   factor, chosen by its owner when it holds several kinds (7.4.1.3, as a forage loss);
//! - on `reprisal` or above the enemy's columns catch a band: the area's guerrilla counter with
//!   the highest id leaves the map.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use crate::FactorKind;
use grognard_engine::{ApplyError, DiceSource, Event};
use serde_json::json;
use std::collections::BTreeMap;

/// What a strike in an area falls on.
enum Target {
    DepotGarrison,
    Depot,
    Corps(String),
}

/// The guerrilla counters of `power` in the field, by area (areas in id order, counters too).
fn bands(state: &State, power: Power) -> BTreeMap<String, Vec<String>> {
    let mut by_area: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (id, c) in &state.corps {
        if c.irregular() == Some(FactorKind::Guerrilla)
            && !c.in_city
            && state.controller_of_nation(c.side()) == Some(power)
        {
            by_area.entry(c.area.clone()).or_default().push(id.clone());
        }
    }
    by_area
}

/// What the guerrillas of `power` in `area` may strike, if anything.
fn target(state: &State, power: Power, area: &str) -> Option<Target> {
    if let Some(d) = state.depots.get(area).filter(|d| state.enemy_of(power, d.power.id())) {
        return Some(if d.garrison.is_empty() { Target::Depot } else { Target::DepotGarrison });
    }
    state
        .corps
        .iter()
        .find(|(_, c)| {
            c.area == area && c.proper() && !c.in_city && c.aboard.is_none() && state.enemy_of(power, c.side())
        })
        .map(|(id, _)| Target::Corps(id.clone()))
}

/// The powers the strikes of `power`'s guerrilla step may hit: the witnesses of its dice
/// (docs/PROTOCOL.md section 5.3).
pub fn concerned(state: &State, power: Power) -> Vec<Power> {
    let mut out: Vec<Power> = bands(state, power)
        .keys()
        .filter_map(|area| match target(state, power, area)? {
            Target::DepotGarrison | Target::Depot => state.depots.get(area).map(|d| d.power),
            Target::Corps(id) => state.corps.get(&id).and_then(|c| state.controller_of_nation(c.side())),
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// 7.6: the guerrilla step of `power`. Losses a corps' owner must choose are left in
/// `State::losses` (the step's end waits for them).
pub fn step(
    ctx: &Ctx,
    state: &mut State,
    power: Power,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let data = &ctx.irregulars;
    for (area, ids) in bands(state, power) {
        let Some(target) = target(state, power, &area) else { continue };
        let die = dice.roll(6).map_err(|_| ApplyError::NeedDice)?;
        let n = ids.len().min(usize::from(data.strike)) as u32;
        let hit = die <= n;
        let name = ctx.name(&area).to_string();
        let mut text = format!(
            "{}'s guerrillas in {name} strike: die {die}, {} (hits on {n} or less)",
            power.name(),
            if hit { "a hit" } else { "a miss" }
        );
        let mut struck = serde_json::Value::Null;
        if hit {
            match &target {
                Target::DepotGarrison => {
                    if let Some(d) = state.depots.get_mut(&area) {
                        // The least valuable first, as battle losses (R7.5.2.9.2).
                        if let Some(kind) =
                            crate::combat::resolve::LOSS_ORDER.into_iter().find(|k| d.garrison.get(*k) > 0)
                        {
                            d.garrison.take(kind, 1);
                            text.push_str(&format!("; the depot's garrison loses 1 {kind}"));
                            struck = json!({"depot-garrison": kind});
                        }
                    }
                }
                Target::Depot => {
                    let owner = state.depots.remove(&area).map(|d| d.power);
                    text.push_str(&format!("; {}'s depot is burnt", owner.map_or("?", |p| p.name())));
                    struck = json!({"depot": owner});
                }
                Target::Corps(corps) => {
                    text.push_str(&format!("; corps {corps} loses a factor"));
                    struck = json!({"corps": corps});
                }
            }
        }
        let caught = (u32::from(data.reprisal) <= die).then(|| ids.last().cloned()).flatten();
        if let Some(band) = &caught {
            state.corps.remove(band);
            text.push_str(&format!("; reprisals: {band} is caught and leaves the map"));
        }
        log.push(Event::new(
            format!("{text} (R7.6)"),
            json!({"kind": "guerrilla-strike", "power": power, "area": area, "die": die, "hit": hit,
                   "struck": struck, "caught": caught, "rule": "R7.6"}),
        ));
        if let (true, Target::Corps(corps)) = (hit, &target) {
            let owner = state.corps.get(corps).and_then(|c| state.controller_of_nation(c.side()));
            if let Some(owner) = owner {
                crate::land::take_losses(ctx, state, owner, corps, 1, "R7.6", log);
            }
        }
    }
    Ok(())
}
