//! Where a reinforcement or recycled unit may enter (8.2-8.10, 8.13, errata 4A).

use crate::command::Place;
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::games::logistics_facts::EntryFacts;
pub use crate::games::logistics_facts::EntryRule;
use crate::state::{Decision, DecisionKind, Effect, Location, Side, State, UnitId};
use crate::{stacking, supply};
use grognard_board::{Barrier, HexId, Terrain, WaterKind};
use grognard_engine::RuleError;

/// Does a river, canal or lake hexside (or a lake hex) touch `hex` (8.4)?
fn touches_inland_water(ctx: &Ctx, hex: HexId) -> bool {
    hex.neighbours().any(|(_, n)| {
        matches!(ctx.map.hexside(hex, n).barrier, Some(Barrier::River | Barrier::Canal | Barrier::Lake))
            || matches!(ctx.map.terrain(n), Some(Terrain::Water(w)) if ctx.map.water(w).kind == WaterKind::Lake)
    })
}

/// Is `hex` in supply for `side` (12.2-12.9)? If not, why not.
fn supplied_at(ctx: &Ctx, state: &State, side: Side, hex: HexId, overland_only: bool) -> Result<(), String> {
    supply::check(ctx, state, side, &Location::Hex(hex), overland_only).map(|_| ()).map_err(|u| u.reasons.join("; "))
}

/// Check that `unit` may enter at `to` now, stacking included (8.2-8.10).
pub(crate) fn check_place(
    ctx: &Ctx,
    state: &State,
    side: Side,
    unit: &UnitId,
    to: &Place,
    event: Option<&str>,
) -> Result<(), RuleError> {
    let counter = ctx.counter(unit).ok_or_else(|| RuleError::new("input", format!("there is no unit `{unit}`")))?;
    let facts = EntryFacts {
        arrival: state.logistics.arrivals.get(&counter.id).map(String::as_str),
        enemy_naval_victory: state.has_effect(&Effect::NavalVictory(side.other())),
    };
    let rule = ctx.rules.entry_rule(side, counter, event, facts)?;
    let gunboat = counter.kind == UnitType::Gunboats;
    let controlled = |h: HexId| state.control.get(&h) == Some(&side);
    let in_boxes = |rule_no: &'static str, boxes: &[String], x: &str, what: &str| {
        if boxes.iter().any(|b| b == x) {
            Ok(())
        } else {
            Err(RuleError::new(rule_no, format!("{what} may not enter the box `{x}`")))
        }
    };
    match (&rule, to) {
        (EntryRule::Box { box_id, .. }, Place::Box(x)) if box_id == x => return Ok(()),
        (EntryRule::Box { rule, box_id }, _) => {
            return Err(RuleError::new(*rule, format!("this unit enters only in the {box_id} box")));
        }
        (EntryRule::Towns { rule, boxes, .. }, Place::Box(x)) => {
            return in_boxes(rule, boxes, x, "reinforcements of this side");
        }
        (EntryRule::Towns { rule, regions, gunboat_water, overland_water, .. }, Place::Hex(h)) => {
            let town = ctx.map.locale(*h).is_some_and(|l| l.town || l.city);
            if !town || !ctx.map.region(*h).is_some_and(|r| regions.iter().any(|x| x == r)) {
                return Err(RuleError::new(*rule, format!("{h} is not a town or city of {}", regions.join(" or "))));
            }
            if !controlled(*h) {
                return Err(RuleError::new(*rule, format!("{h} is not controlled by your side")));
            }
            if *gunboat_water && gunboat && !touches_inland_water(ctx, *h) {
                return Err(RuleError::new(*rule, format!("the gunboats need a river, canal or lake hexside at {h}")));
            }
            let overland = overland_water
                .as_ref()
                .filter(|g| ctx.map.water_by_name(g).is_some_and(|w| ctx.map.shore_of(*h).contains(&w)));
            if let Err(why) = supplied_at(ctx, state, side, *h, overland.is_some()) {
                return Err(RuleError::new(
                    *rule,
                    match overland {
                        Some(water) => format!(
                            "{h} is on the {water} coast and needs an overland supply line after the naval victory: {why}"
                        ),
                        None => format!("{h} is not in supply: {why}"),
                    },
                ));
            }
        }
        (EntryRule::Fortresses { rule, region }, Place::Hex(h)) => {
            let fortress = ctx.map.locale(*h).is_some_and(|l| l.fortress) && !state.fort_destroyed.contains(h);
            if !fortress || ctx.map.region(*h) != Some(region.as_str()) {
                return Err(RuleError::new(
                    *rule,
                    format!("units arriving in {region} enter only at its intact fortresses"),
                ));
            }
            if !controlled(*h) {
                return Err(RuleError::new(*rule, format!("{h} is not a fortress your side controls")));
            }
            if let Err(why) = supplied_at(ctx, state, side, *h, false) {
                return Err(RuleError::new(*rule, format!("the fortress {h} is not in supply: {why}")));
            }
        }
        (EntryRule::Fortresses { rule, region }, Place::Box(_)) => {
            return Err(RuleError::new(*rule, format!("units arriving in {region} enter only at its fortresses")));
        }
        (EntryRule::Sources { rule, region, boxes }, Place::Box(b)) => {
            if gunboat && !ctx.map.box_by_id(b).is_some_and(|x| x.river) {
                return Err(RuleError::new(*rule, format!("the gunboats need a river: the box `{b}` has none")));
            }
            return in_boxes(rule, boxes, b, &format!("units arriving in {region}"));
        }
        (EntryRule::Sources { rule, region, boxes }, Place::Hex(h)) => {
            let source =
                ctx.map.sources(ctx.rules.side_id(side)).contains(h) && ctx.map.region(*h) == Some(region.as_str());
            if !source {
                return Err(RuleError::new(
                    *rule,
                    format!(
                        "units arriving in {region} enter at a supply source of your side there or in the box {}",
                        boxes.join(" or ")
                    ),
                ));
            }
            if !controlled(*h) {
                return Err(RuleError::new(*rule, format!("{h} is not controlled by your side")));
            }
        }
        (EntryRule::Ports { rule, boxes, .. }, Place::Box(b)) => {
            return in_boxes(rule, boxes, b, "these units");
        }
        (EntryRule::Ports { rule, waters, .. }, Place::Hex(h)) => {
            let port = ctx.map.locale(*h).is_some_and(|l| l.port);
            let on_water = ctx.map.shore_of(*h).iter().any(|w| waters.iter().any(|x| *x == ctx.map.water(*w).name));
            if !port || !on_water || !controlled(*h) {
                return Err(RuleError::new(
                    *rule,
                    format!("{h} is not a port your side controls on the {}", waters.join(" or ")),
                ));
            }
        }
    }
    if let Place::Hex(h) = to {
        // 10.2: a fleet is a marker of ships; it arrives in a box or a port, never inland.
        if counter.kind == UnitType::Fleet && !ctx.map.locale(*h).is_some_and(|l| l.port) {
            return Err(RuleError::new("10.2", format!("a fleet arrives only in a box or a port, not in {h}")));
        }
        if ctx.occupant(state, *h) == Some(side.other()) {
            return Err(RuleError::new("9.4", format!("{h} holds enemy units")));
        }
        stacking::check_entry(ctx, state, *h, std::slice::from_ref(unit))?;
    } else if let Place::Box(b) = to {
        if ctx.map.box_by_id(b).is_none() {
            return Err(RuleError::new("input", format!("there is no box `{b}`")));
        }
    }
    Ok(())
}

/// Every place `unit` may enter now (for `legal_commands`).
pub fn entry_places(ctx: &Ctx, state: &State, side: Side, unit: &UnitId) -> Vec<Place> {
    let event = match &state.decision {
        Some(Decision { kind: DecisionKind::Place { reason, .. }, .. }) => Some(reason.as_str()),
        _ => None,
    };
    let mut candidates: Vec<Place> = ctx.map.boxes().iter().map(|b| Place::Box(b.id.clone())).collect();
    let mut hexes: Vec<HexId> = ctx.map.locales().map(|l| l.hex).collect();
    hexes.extend(ctx.map.sources(ctx.rules.side_id(side)).iter().copied());
    hexes.sort();
    hexes.dedup();
    candidates.extend(hexes.into_iter().map(Place::Hex));
    candidates.into_iter().filter(|p| check_place(ctx, state, side, unit, p, event).is_ok()).collect()
}
