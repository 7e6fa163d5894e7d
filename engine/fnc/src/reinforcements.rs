//! Reinforcements (8.1-8.10): the French cup (8.4), the Ottoman die roll, draws and areas
//! (8.5, 8.6), the British (8.8), the Russian schedule and contingency divisions (8.9), the
//! Swedish entry (8.10), recycled units coming back (8.13, errata 4A) and reinforcements
//! brought by random events (8.3).
//!
//! A unit is *due* when it waits on the Turn Record Track for this turn or an earlier one
//! ([`Location::Track`]); a due unit enters with `enter UNIT HEX|BOX` in its side's
//! Reinforcement Arrival Phase, or stays off-map (withheld, or blocked for want of an entry
//! hex, 8.2) for a later one.
//!
//! Random draws (8.4, 8.5) use the dice: the cup's units are taken in id order and a die with
//! as many faces as there are units picks one (no die when only one unit is left).

use crate::command::Place;
use crate::ctx::Ctx;
use crate::data::{Counter, SetupCode, UnitType};
use crate::games::Game;
use crate::state::{Decision, DecisionKind, Effect, Location, Phase, Side, State, UnitId, VpKind};
use crate::{control, stacking, supply};
use grognard_board::{Barrier, HexId, Terrain, WaterKind};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;

/// The reinforcement bookkeeping kept in the state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logistics {
    /// Ottoman reinforcements drawn and not yet placed, with the area rolled for them (8.5,
    /// 8.6): `Syria-Palestine` or `Egypt`.
    #[serde(default)]
    pub arrivals: BTreeMap<UnitId, String>,
    /// The last turn and side whose reinforcement draw was made (8.4, 8.5).
    #[serde(default)]
    pub drawn: Option<(u8, Side)>,
    /// Contingency divisions committed and the turn of each (8.9).
    #[serde(default)]
    pub committed: Vec<(u8, String)>,
    /// Decisions owed after the current one, in order (6.3 Plague: the Ottoman choice
    /// follows the French).
    #[serde(default)]
    pub queued: Vec<Decision>,
}

/// The Ottoman reinforcement areas by the second die (8.5): 1-2, 3-4, 5-6.
pub const OTTOMAN_AREAS: [&str; 3] = ["anatolia", "Syria-Palestine", "Egypt"];
/// EC off-map boxes (8.6) and the Mediterranean (8.8), by their ids and names in the map file.
const ANATOLIA: &str = "anatolia";
const UPPER_EGYPT: &str = "upper-egypt";
const MEDITERRANEAN: [&str; 2] = ["Mediterranean", "Mediterranean Sea"];

/// How a side's reinforcements are generated (8.4, 8.5, 8.9, 8.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// One unit a turn drawn blind from a cup (8.4).
    OnePerTurn,
    /// A die minus two units drawn blind, a second die for the area (8.5).
    DieMinusTwo,
    /// A schedule on the Turn Record Track, nothing to draw (8.9, 8.10).
    Schedule,
}

/// The side's reinforcement procedure, from its counters: a `reinf` cup draws one a turn,
/// a `reinf-?`/`reinf-egypt`/`reinf-sp` container rolls a die (8.4, 8.5).
pub fn draw_kind(ctx: &Ctx, side: Side) -> Draw {
    let id = ctx.rules.side_id(side);
    let codes: Vec<&SetupCode> = ctx.counters.iter().filter(|c| c.side == id).map(|c| &c.setup).collect();
    if codes.iter().any(|c| matches!(c, SetupCode::ReinfAny | SetupCode::ReinfEgypt | SetupCode::ReinfSp)) {
        Draw::DieMinusTwo
    } else if codes.iter().any(|c| **c == SetupCode::Reinf) {
        Draw::OnePerTurn
    } else {
        Draw::Schedule
    }
}

/// The units in the side's cup or container, in id order (8.4, 8.5, 8.7). The British
/// "Random Event" units never go into it (8.8).
pub fn cup(ctx: &Ctx, state: &State, side: Side) -> Vec<UnitId> {
    let draw = draw_kind(ctx, side);
    state
        .units
        .iter()
        .filter(|(_, l)| **l == Location::Pool)
        .filter(|(u, _)| ctx.side_of(u) == Some(side))
        .filter(|(u, _)| {
            ctx.counter(u).is_some_and(|c| match draw {
                Draw::OnePerTurn => c.setup == SetupCode::Reinf,
                Draw::DieMinusTwo => c.setup != SetupCode::RandomEvent && c.nation == c.side,
                Draw::Schedule => false,
            })
        })
        .map(|(u, _)| u.clone())
        .collect()
}

/// Must the phasing side still make its reinforcement draw this phase (8.4, 8.5)?
pub fn draw_owed(ctx: &Ctx, state: &State) -> bool {
    state.phase == Phase::Reinforcement
        && state.turn >= 2
        && draw_kind(ctx, state.phasing) != Draw::Schedule
        && state.logistics.drawn != Some((state.turn, state.phasing))
}

/// The units of `side` due to enter now: on the track for this turn or earlier (8.2, 8.13).
pub fn due_units(ctx: &Ctx, state: &State, side: Side) -> Vec<UnitId> {
    state
        .units
        .iter()
        .filter(|(u, l)| matches!(l, Location::Track(t) if *t <= state.turn) && ctx.side_of(u) == Some(side))
        .map(|(u, _)| u.clone())
        .collect()
}

/// Pick one unit of `from` at random with the dice (no die for a single unit).
fn pick(from: &[UnitId], dice: &mut dyn DiceSource) -> Result<(usize, Option<u32>), ApplyError> {
    if from.len() <= 1 {
        return Ok((0, None));
    }
    let die = dice.roll(from.len() as u32)?;
    Ok(((die - 1) as usize, Some(die)))
}

/// `roll` in the Reinforcement Arrival Phase: the French cup draw (8.4) or the Ottoman roll,
/// draws and area (8.5, 8.6).
pub fn apply_roll(
    ctx: &Ctx,
    state: &State,
    side: Side,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if state.phase != Phase::Reinforcement || side != state.phasing {
        return Err(RuleError::new("8.2", "reinforcements are drawn in the owner's Reinforcement Arrival Phase").into());
    }
    if state.turn < 2 {
        return Err(RuleError::new("8.1", "no reinforcement arrives before Game Turn 2").into());
    }
    if state.decision.is_some() {
        return Err(RuleError::new("8.2", "a decision is owed first").into());
    }
    if !draw_owed(ctx, state) {
        return Err(RuleError::new("8.2", "there is no reinforcement draw to make now").into());
    }
    let mut s = state.clone();
    s.logistics.drawn = Some((state.turn, side));
    let name = ctx.rules.side_name(side);
    match draw_kind(ctx, side) {
        Draw::OnePerTurn => {
            let pool = cup(ctx, state, side);
            if pool.is_empty() {
                log.push(Event::new(
                    format!("The {name} reinforcement cup is empty (8.4)"),
                    json!({"type": "draw", "side": side, "units": []}),
                ));
            } else {
                let (i, die) = pick(&pool, dice)?;
                let unit = pool[i].clone();
                s.units.insert(unit.clone(), Location::Track(state.turn));
                log.push(Event::new(
                    format!(
                        "{name} reinforcement draw (8.4) from {} units in the cup{}: {}",
                        pool.len(),
                        die.map_or(String::new(), |d| format!(", d{} rolled {d}", pool.len())),
                        unit_name(ctx, &unit)
                    ),
                    json!({"type": "draw", "side": side, "rule": "8.4", "cup": pool, "die": die, "unit": unit}),
                ));
            }
        }
        Draw::DieMinusTwo => ottoman_roll(ctx, &mut s, side, dice, log)?,
        Draw::Schedule => {}
    }
    Ok(s)
}

/// The Ottoman reinforcement roll (8.5, 8.6): die minus two units drawn at random; a second
/// die for their area; minus one puts a unit of the player's choice back into the container.
fn ottoman_roll(
    ctx: &Ctx,
    s: &mut State,
    side: Side,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let die = dice.roll(6)?;
    let result = die as i32 - 2;
    if result <= 0 {
        log.push(Event::new(
            format!(
                "Ottoman reinforcement roll (8.5): die {die} - 2 = {result}: {}",
                if result == 0 {
                    "no reinforcements"
                } else {
                    "the Ottoman player returns a unit of his choice to the container"
                }
            ),
            json!({"type": "reinforcement-roll", "rule": "8.5", "die": die, "result": result}),
        ));
        if result < 0 {
            if returnable(ctx, s, side).is_empty() {
                log.push(Event::new(
                    "No Ottoman unit on the map may go back to the container (8.5)",
                    json!({"type": "return-to-cup", "units": []}),
                ));
            } else {
                s.decision = Some(Decision { by: side, kind: DecisionKind::ReturnToCup });
            }
        }
        return Ok(());
    }
    let mut pool = cup(ctx, s, side);
    let mut drawn = Vec::new();
    let mut draws = Vec::new();
    for _ in 0..result {
        if pool.is_empty() {
            break;
        }
        let (i, d) = pick(&pool, dice)?;
        draws.push(json!({"faces": pool.len(), "die": d, "unit": pool[i]}));
        drawn.push(pool.remove(i));
    }
    log.push(Event::new(
        format!(
            "Ottoman reinforcement roll (8.5): die {die} - 2 = {result}; drawn at random: {}",
            if drawn.is_empty() { "none, the container is empty".to_string() } else { drawn.join(", ") }
        ),
        json!({"type": "reinforcement-roll", "rule": "8.5", "die": die, "result": result, "draws": draws, "units": drawn}),
    ));
    if drawn.is_empty() {
        return Ok(());
    }
    let area_die = dice.roll(6)?;
    let area = OTTOMAN_AREAS[((area_die - 1) / 2) as usize];
    log.push(Event::new(
        format!("Ottoman reinforcement area (8.5): die {area_die}: {}", area_name(ctx, area)),
        json!({"type": "roll", "purpose": "Ottoman reinforcement area", "rule": "8.5", "die": area_die, "area": area}),
    ));
    for unit in drawn {
        let gunboat = ctx.counter(&unit).is_some_and(|c| c.kind == UnitType::Gunboats);
        if area == ANATOLIA {
            if gunboat {
                log.push(Event::new(
                    format!(
                        "{} cannot arrive in the Anatolian box and goes back to the container (8.6)",
                        unit_name(ctx, &unit)
                    ),
                    json!({"type": "draw-returned", "unit": unit, "rule": "8.6"}),
                ));
                continue;
            }
            s.units.insert(unit.clone(), Location::Box(ANATOLIA.to_string()));
            log.push(Event::new(
                format!("{} arrives in the Anatolian box (8.6)", unit_name(ctx, &unit)),
                json!({"type": "enter", "unit": unit, "to": Location::Box(ANATOLIA.to_string()), "rule": "8.6"}),
            ));
        } else {
            s.units.insert(unit.clone(), Location::Track(s.turn));
            s.logistics.arrivals.insert(unit, area.to_string());
        }
    }
    Ok(())
}

fn area_name(ctx: &Ctx, area: &str) -> String {
    ctx.map.box_by_id(area).map_or_else(|| area.to_string(), |b| b.name.clone())
}

fn unit_name(ctx: &Ctx, unit: &str) -> String {
    ctx.counter(unit).map_or_else(|| unit.to_string(), |c| format!("{} ({unit})", c.name))
}

/// The units the Ottoman player may put back into the container on a roll of minus one
/// (8.5): his units on the map other than fortress garrisons (British units excepted: they
/// never belong to the container, 8.8).
pub fn returnable(ctx: &Ctx, state: &State, side: Side) -> Vec<UnitId> {
    state
        .units
        .iter()
        .filter(|(u, l)| l.hex().is_some() && ctx.side_of(u) == Some(side))
        .filter(|(u, _)| {
            ctx.counter(u).is_some_and(|c| c.kind.is_ground() && c.kind != UnitType::Fortress && c.nation == c.side)
        })
        .map(|(u, _)| u.clone())
        .collect()
}

/// `remove UNIT` answering the Ottoman minus-one result (8.5).
pub fn apply_return_to_cup(
    ctx: &Ctx,
    state: &State,
    side: Side,
    units: &[UnitId],
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if !matches!(&state.decision, Some(Decision { by, kind: DecisionKind::ReturnToCup }) if *by == side) {
        return Err(RuleError::new("8.5", "no unit is owed back to the container now").into());
    }
    let [unit] = units else {
        return Err(RuleError::new("8.5", "exactly one unit goes back to the container").into());
    };
    if !returnable(ctx, state, side).contains(unit) {
        return Err(RuleError::new(
            "8.5",
            format!("`{unit}` is not one of your units on the map other than a fortress garrison"),
        )
        .into());
    }
    let mut s = state.clone();
    let from = s.units.insert(unit.clone(), Location::Pool);
    s.decision = None;
    log.push(Event::new(
        format!("{} goes back into the Ottoman container (8.5)", unit_name(ctx, unit)),
        json!({"type": "return-to-cup", "unit": unit, "from": from, "rule": "8.5"}),
    ));
    crate::events::next_decision(&mut s);
    Ok(s)
}

/// Where a unit may enter (8.4-8.10, 8.13).
#[derive(Clone, Debug, PartialEq, Eq)]
enum EntryRule {
    /// A town or city of these regions the side controls and supplies, or these boxes (8.4,
    /// 8.10). `gunboat_water`: a gunboat needs a river, canal or lake hexside there (8.4).
    /// `overland_gulf`: locales on this water need an overland supply line (8.10).
    Towns { regions: Vec<String>, boxes: Vec<String>, gunboat_water: bool, overland_gulf: Option<String> },
    /// An Ottoman arrival in Syria-Palestine: a controlled and supplied intact fortress there
    /// (8.6).
    OttomanFortresses(String),
    /// An Ottoman arrival in Egypt: the Upper Egypt box, or a friendly Ottoman supply source
    /// in Egypt (8.6).
    OttomanEgypt(String),
    /// British units: a friendly Mediterranean port or the Anatolian box (8.8).
    BritishPorts,
    /// Only into this box (8.9; 6.4 event 1).
    Box(String),
}

fn entry_rule(
    ctx: &Ctx,
    state: &State,
    side: Side,
    counter: &Counter,
    event: Option<&str>,
) -> Result<EntryRule, RuleError> {
    if event == Some("norwegian-front") {
        return Ok(EntryRule::Box(ctx.rules.side_id(side).to_string()));
    }
    let regions: Vec<String> = ctx.rules.home_regions(side).iter().map(|r| r.to_string()).collect();
    match (ctx.game, side) {
        (Game::Ec, Side::First) => {
            Ok(EntryRule::Towns { regions, boxes: Vec::new(), gunboat_water: true, overland_gulf: None })
        }
        (Game::Ec, Side::Second) if counter.nation != counter.side => Ok(EntryRule::BritishPorts),
        (Game::Ec, Side::Second) => match state.logistics.arrivals.get(&counter.id).map(String::as_str) {
            Some("Egypt") => Ok(EntryRule::OttomanEgypt("Egypt".into())),
            Some(area) => Ok(EntryRule::OttomanFortresses(area.to_string())),
            // 3.2 sets the "Reinf. Anat." units aside; they arrive in the Anatolian box (8.6).
            None if counter.setup == SetupCode::ReinfAnat => Ok(EntryRule::Box(ANATOLIA.to_string())),
            None => Err(RuleError::new("8.5", "Ottoman reinforcements arrive only as drawn from the container")),
        },
        (Game::Rsw, Side::First) => Ok(EntryRule::Box(ctx.rules.side_id(side).to_string())),
        (Game::Rsw, Side::Second) => {
            let lost = state.has_effect(&Effect::NavalVictory(Side::First));
            Ok(EntryRule::Towns {
                regions,
                boxes: vec![ctx.rules.side_id(side).to_string()],
                gunboat_water: false,
                overland_gulf: lost.then(|| supply::GULF_OF_FINLAND.to_string()),
            })
        }
    }
}

/// Does a river, canal or lake hexside (or a lake hex) touch `hex` (8.4)?
fn touches_inland_water(ctx: &Ctx, hex: HexId) -> bool {
    hex.neighbours().any(|(_, n)| {
        matches!(ctx.map.hexside(hex, n).barrier, Some(Barrier::River | Barrier::Canal | Barrier::Lake))
            || matches!(ctx.map.terrain(n), Some(Terrain::Water(w)) if ctx.map.water(w).kind == WaterKind::Lake)
    })
}

fn supplied_at(ctx: &Ctx, state: &State, side: Side, hex: HexId, overland_only: bool) -> bool {
    supply::check(ctx, state, side, &Location::Hex(hex), overland_only).is_ok()
}

/// Check that `unit` may enter at `to` now, stacking included (8.2-8.10).
fn check_place(
    ctx: &Ctx,
    state: &State,
    side: Side,
    unit: &UnitId,
    to: &Place,
    event: Option<&str>,
) -> Result<(), RuleError> {
    let counter = ctx.counter(unit).ok_or_else(|| RuleError::new("input", format!("there is no unit `{unit}`")))?;
    let rule = entry_rule(ctx, state, side, counter, event)?;
    let gunboat = counter.kind == UnitType::Gunboats;
    let controlled = |h: HexId| state.control.get(&h) == Some(&side);
    match (&rule, to) {
        (EntryRule::Box(b), Place::Box(x)) if b == x => return Ok(()),
        (EntryRule::Box(b), _) => {
            let rule_no = match (event.is_some(), ctx.game) {
                (true, _) => "6.4",
                (false, Game::Ec) => "8.6",
                (false, Game::Rsw) => "8.9",
            };
            return Err(RuleError::new(rule_no, format!("this unit enters only in the {b} box")));
        }
        (EntryRule::Towns { boxes, .. }, Place::Box(x)) => {
            let rule_no = if ctx.game == Game::Ec { "8.4" } else { "8.10" };
            return if boxes.contains(x) {
                Ok(())
            } else {
                Err(RuleError::new(rule_no, format!("reinforcements of this side may not enter the box `{x}`")))
            };
        }
        (EntryRule::Towns { regions, gunboat_water, overland_gulf, .. }, Place::Hex(h)) => {
            let town = ctx.map.locale(*h).is_some_and(|l| l.town || l.city);
            let rule_no = if ctx.game == Game::Ec { "8.4" } else { "8.10" };
            if !town || !ctx.map.region(*h).is_some_and(|r| regions.iter().any(|x| x == r)) {
                return Err(RuleError::new(rule_no, format!("{h} is not a town or city of {}", regions.join(" or "))));
            }
            if !controlled(*h) {
                return Err(RuleError::new(rule_no, format!("{h} is not controlled by your side")));
            }
            if *gunboat_water && gunboat && !touches_inland_water(ctx, *h) {
                return Err(RuleError::new("8.4", format!("the gunboats need a river, canal or lake hexside at {h}")));
            }
            let overland = overland_gulf
                .as_ref()
                .is_some_and(|g| ctx.map.water_by_name(g).is_some_and(|w| ctx.map.shore_of(*h).contains(&w)));
            if !supplied_at(ctx, state, side, *h, overland) {
                return Err(RuleError::new(
                    rule_no,
                    if overland {
                        format!("{h} is on the Gulf of Finland coast and needs an overland supply line after the Russian naval victory")
                    } else {
                        format!("{h} is not in supply")
                    },
                ));
            }
        }
        (EntryRule::OttomanFortresses(area), Place::Hex(h)) => {
            let fortress = ctx.map.locale(*h).is_some_and(|l| l.fortress) && !state.fort_destroyed.contains(h);
            if !fortress || ctx.map.region(*h) != Some(area.as_str()) {
                return Err(RuleError::new(
                    "8.6",
                    format!("units arriving in {area} enter only at its intact fortresses"),
                ));
            }
            if !controlled(*h) || !supplied_at(ctx, state, side, *h, false) {
                return Err(RuleError::new("8.6", format!("{h} is not an Ottoman-controlled fortress in supply")));
            }
        }
        (EntryRule::OttomanFortresses(area), Place::Box(_)) => {
            return Err(RuleError::new("8.6", format!("units arriving in {area} enter only at its fortresses")));
        }
        (EntryRule::OttomanEgypt(_), Place::Box(b)) => {
            return if b == UPPER_EGYPT {
                Ok(())
            } else {
                Err(RuleError::new("8.6", "units arriving in Egypt enter the Upper Egypt box or Cairo or El Minya"))
            };
        }
        (EntryRule::OttomanEgypt(area), Place::Hex(h)) => {
            let source =
                ctx.map.sources(ctx.rules.side_id(side)).contains(h) && ctx.map.region(*h) == Some(area.as_str());
            if !source {
                return Err(RuleError::new(
                    "8.6",
                    "units arriving in Egypt enter the Upper Egypt box or an Ottoman supply source in Egypt",
                ));
            }
            if !controlled(*h) {
                return Err(RuleError::new("8.6", format!("{h} is not under Ottoman control")));
            }
        }
        (EntryRule::BritishPorts, Place::Box(b)) => {
            return if b == ANATOLIA {
                Ok(())
            } else {
                Err(RuleError::new(
                    "8.8",
                    "British units arrive at a friendly Mediterranean port or in the Anatolian box",
                ))
            };
        }
        (EntryRule::BritishPorts, Place::Hex(h)) => {
            let port = ctx.map.locale(*h).is_some_and(|l| l.port);
            let med = ctx.map.shore_of(*h).iter().any(|w| MEDITERRANEAN.contains(&ctx.map.water(*w).name.as_str()));
            if !port || !med || !controlled(*h) {
                return Err(RuleError::new("8.8", format!("{h} is not a friendly controlled Mediterranean port")));
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

/// `enter UNIT HEX|BOX`: a due reinforcement or recycled unit enters in its side's
/// Reinforcement Arrival Phase (8.2), or a unit an event brought is placed at once (8.3).
pub fn apply_enter(
    ctx: &Ctx,
    state: &State,
    side: Side,
    unit: &UnitId,
    to: &Place,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if ctx.side_of(unit) != Some(side) {
        return Err(RuleError::new("8.2", format!("`{unit}` is not one of your units")).into());
    }
    let event = match &state.decision {
        Some(Decision { by, kind: DecisionKind::Place { units, reason, .. } }) => {
            if *by != side {
                return Err(RuleError::new("8.3", "the other player is placing reinforcements now").into());
            }
            if !units.contains(unit) {
                return Err(RuleError::new("8.3", format!("`{unit}` is not one of the units the event brings")).into());
            }
            Some(reason.clone())
        }
        Some(_) => return Err(RuleError::new("8.2", "a decision is owed first").into()),
        None => {
            if state.phase != Phase::Reinforcement || side != state.phasing {
                return Err(
                    RuleError::new("8.2", "reinforcements enter in their owner's Reinforcement Arrival Phase").into()
                );
            }
            if draw_owed(ctx, state) {
                return Err(RuleError::new("8.2", "make the reinforcement draw (`roll`) first").into());
            }
            if !due_units(ctx, state, side).contains(unit) {
                return Err(RuleError::new("8.2", format!("`{unit}` is not due to enter this turn")).into());
            }
            None
        }
    };
    check_place(ctx, state, side, unit, to, event.as_deref())?;
    let mut s = state.clone();
    let loc = match to {
        Place::Hex(h) => Location::Hex(*h),
        Place::Box(b) => Location::Box(b.clone()),
    };
    s.units.insert(unit.clone(), loc.clone());
    s.logistics.arrivals.remove(unit);
    let rule = if event.is_some() { "8.3" } else { "8.2" };
    log.push(Event::new(
        format!("{} enters at {to} ({rule})", unit_name(ctx, unit)),
        json!({"type": "enter", "unit": unit, "to": loc, "rule": rule, "event": event}),
    ));
    if let Place::Hex(h) = to {
        control::pass_through(ctx, &mut s, side, *h, log);
    }
    if let Some(Decision { kind: DecisionKind::Place { units, count, .. }, .. }) = &mut s.decision {
        units.retain(|u| u != unit);
        *count = count.saturating_sub(1);
    }
    finish_placement_if_done(ctx, &mut s, side, log);
    Ok(s)
}

/// End an event's placement decision when nothing more is to be placed or nothing more can
/// be: units still unplaced wait off-map for a later Reinforcement Arrival Phase (8.2, 8.3).
fn finish_placement_if_done(ctx: &Ctx, s: &mut State, side: Side, log: &mut Vec<Event>) {
    let Some(Decision { kind: DecisionKind::Place { units, count, reason }, .. }) = s.decision.clone() else { return };
    let can_place = units.iter().any(|u| !entry_places(ctx, s, side, u).is_empty());
    if count > 0 && can_place {
        return;
    }
    park_unplaced(s, &units, count, &reason, log);
    s.decision = None;
    crate::events::placement_done(s);
}

/// Units an event brought but that were not placed. The British of an intervention (8.8)
/// have arrived and wait off-map as due reinforcements (8.2: blocked entry); for events that
/// offer a choice among candidates (militia, a future reinforcement), the candidates not
/// taken stay where they were.
fn park_unplaced(s: &mut State, units: &[UnitId], count: u8, reason: &str, log: &mut Vec<Event>) {
    if count == 0 {
        return;
    }
    if reason == "british-intervention" {
        for u in units {
            s.units.insert(u.clone(), Location::Track(s.turn));
        }
        log.push(Event::new(
            format!(
                "{} could not be placed now and wait off-map for a later Ottoman Reinforcement Arrival Phase (8.2)",
                units.join(", ")
            ),
            json!({"type": "blocked", "units": units, "rule": "8.2"}),
        ));
    } else {
        log.push(Event::new(
            format!("{count} unit(s) the event brought could not be placed or were declined (8.2, 8.3)"),
            json!({"type": "blocked", "units": units, "count": count, "rule": "8.3", "event": reason}),
        ));
    }
}

/// `end` while an event's placement is owed: the player places no more of its units now (8.2
/// voluntary withholding).
pub fn apply_decline(state: &State, side: Side, log: &mut Vec<Event>) -> Result<State, ApplyError> {
    let Some(Decision { by, kind: DecisionKind::Place { units, count, reason } }) = &state.decision else {
        return Err(RuleError::new("8.3", "no event reinforcements are being placed").into());
    };
    if *by != side {
        return Err(RuleError::new("8.3", "the other player is placing reinforcements now").into());
    }
    let mut s = state.clone();
    let (units, count, reason) = (units.clone(), *count, reason.clone());
    park_unplaced(&mut s, &units, count, &reason, log);
    s.decision = None;
    crate::events::placement_done(&mut s);
    Ok(s)
}

/// `commit DIVISION` (8.9): the Russian player brings a whole contingency division into his
/// box on one of its contingency turns, one division a turn; the Swedes gain two VP.
pub fn apply_commit(
    ctx: &Ctx,
    state: &State,
    side: Side,
    division: &str,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if state.phase != Phase::Reinforcement || side != state.phasing || state.decision.is_some() {
        return Err(RuleError::new(
            "8.9",
            "contingency divisions are committed in their owner's Reinforcement Arrival Phase",
        )
        .into());
    }
    let units: Vec<(UnitId, &Counter)> = state
        .units
        .iter()
        .filter(|(_, l)| **l == Location::Contingency)
        .filter_map(|(u, _)| ctx.counter(u).map(|c| (u.clone(), c)))
        .filter(|(u, c)| c.division.as_deref() == Some(division) && ctx.side_of(u) == Some(side))
        .collect();
    if units.is_empty() {
        return Err(RuleError::new("8.9", format!("division `{division}` has no contingency units waiting")).into());
    }
    let turns_ok = units.iter().all(|(_, c)| matches!(&c.setup, SetupCode::Contingency(t) if t.contains(&state.turn)));
    if !turns_ok {
        return Err(RuleError::new(
            "8.9",
            format!("division `{division}` may not be committed on turn {}", state.turn),
        )
        .into());
    }
    if state.logistics.committed.iter().any(|(t, _)| *t == state.turn) {
        return Err(RuleError::new("8.9", "only one contingency division may be committed a turn").into());
    }
    let box_id = ctx.rules.side_id(side).to_string();
    if ctx.map.box_by_id(&box_id).is_none() {
        return Err(RuleError::new("8.9", format!("the map has no `{box_id}` box")).into());
    }
    let mut s = state.clone();
    let ids: Vec<UnitId> = units.iter().map(|(u, _)| u.clone()).collect();
    for u in &ids {
        s.units.insert(u.clone(), Location::Box(box_id.clone()));
    }
    s.logistics.committed.push((state.turn, division.to_string()));
    s.award_vp(side.other(), VpKind::Event, 2);
    log.push(Event::new(
        format!(
            "The {} commit contingency division {division} ({}) into their box (8.9): +2 VP to the {}",
            ctx.rules.side_name(side),
            ids.join(", "),
            ctx.rules.side_name(side.other())
        ),
        json!({"type": "contingency", "division": division, "units": ids, "vp_to": side.other(), "vp": 2, "rule": "8.9"}),
    ));
    Ok(s)
}
