//! The invariants every state of a game of FNC keeps, checked independently of the
//! engine's own helpers (stacking limits, control and VP are recomputed from the data):
//! - 7.1-7.3: at most 12 counted units in an intact fortress, 6 in any other hex, one siege
//!   train a hex, fleets and boxes free; opposing ground units never share a hex;
//! - every unit of the counter mix is in exactly one place, and that place exists: a land
//!   hex of the map (fleets: any map hex), a box of the map, a pool, the track...;
//! - 14.2, 15.2, 12.9: every locale and supply source is controlled by a side, and by the
//!   side that occupies it if anyone does; each side's locale VP are those of its locales;
//! - 14.1-14.4, 15.1-15.3, 6.4, 8.9: VP = locale + battle + looting + event, looting VP are
//!   one a looted ruins hex, event VP come from the naval victory and contingencies only;
//! - between two states: battle and looting VP never fall, looted ruins and Fort De
//!   markers stay, eliminated units stay out of play, time never runs backwards.

use crate::data::UnitType;
use crate::state::{Effect, Location};
use crate::{Ctx, Game, Phase, Side, State};
use crate::{Decision, DecisionKind};
use grognard_board::HexId;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A broken invariant: which property, with the rule it comes from, and the details.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// A short name of the property, stable across runs (used when shrinking).
    pub property: &'static str,
    pub detail: String,
}

impl Violation {
    pub fn new(property: &'static str, detail: impl Into<String>) -> Violation {
        Violation { property, detail: detail.into() }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {}", self.property, self.detail)
    }
}

type Check = Result<(), Violation>;

/// Every invariant of a single state.
pub fn check_state(ctx: &Ctx, state: &State) -> Check {
    units_accounted_for(ctx, state)?;
    places_exist(ctx, state)?;
    if state.decision.is_none() {
        stacking_within_limits(ctx, state)?;
    }
    overstack_removal_is_the_excess(ctx, state)?;
    enemies_apart(ctx, state)?;
    control_follows_occupancy(ctx, state)?;
    vp_add_up(ctx, state)?;
    Ok(())
}

/// Every invariant between a state and the one a command made of it.
pub fn check_step(ctx: &Ctx, before: &State, after: &State) -> Check {
    for side in Side::BOTH {
        let (b, a) = (before.vp[side.index()], after.vp[side.index()]);
        if a.battle < b.battle {
            return Err(Violation::new(
                "14.4 battle VP never debited",
                format!("{side:?} battle VP fell from {} to {}", b.battle, a.battle),
            ));
        }
        if a.looting < b.looting {
            return Err(Violation::new(
                "14.3 looting VP kept",
                format!("{side:?} looting VP fell from {} to {}", b.looting, a.looting),
            ));
        }
    }
    if let Some(h) = before.looted.difference(&after.looted).next() {
        return Err(Violation::new("14.3 VP Taken markers stay", format!("{h} is no longer marked looted")));
    }
    if let Some(h) = before.fort_destroyed.difference(&after.fort_destroyed).next() {
        return Err(Violation::new("13.4 Fort De markers stay", format!("{h} lost its Fort De marker")));
    }
    for (unit, loc) in &before.units {
        if *loc == Location::Eliminated && after.units.get(unit) != Some(&Location::Eliminated) {
            return Err(Violation::new(
                "8.11 eliminated for good",
                format!("{unit} was out of play for good and is now at {:?}", after.units.get(unit)),
            ));
        }
    }
    if after.turn > ctx.last_turn() {
        return Err(Violation::new(
            "5.4 turns advance",
            format!("turn {} is past the last turn {}", after.turn, ctx.last_turn()),
        ));
    }
    if after.turn < before.turn {
        return Err(Violation::new(
            "5.4 turns advance",
            format!("turn went back from {} to {}", before.turn, after.turn),
        ));
    }
    if !after.events_used.starts_with(&before.events_used) {
        return Err(Violation::new("6.2 event record kept", "an event that happened was removed from the record"));
    }
    Ok(())
}

/// Each unit id of the counter mix is in the state exactly once; nobody is still waiting to
/// be set up once play has begun.
pub fn units_accounted_for(ctx: &Ctx, state: &State) -> Check {
    let mix: BTreeSet<&str> = ctx.counters.iter().map(|c| c.id.as_str()).collect();
    let held: BTreeSet<&str> = state.units.keys().map(String::as_str).collect();
    if let Some(u) = mix.difference(&held).next() {
        return Err(Violation::new("unit in one place", format!("unit {u} of the counter mix is nowhere")));
    }
    if let Some(u) = held.difference(&mix).next() {
        return Err(Violation::new("unit in one place", format!("unit {u} is not in the counter mix")));
    }
    if !matches!(state.phase, Phase::Setup(_)) {
        if let Some((u, _)) = state.units.iter().find(|(_, l)| **l == Location::ToPlace) {
            return Err(Violation::new(
                "unit in one place",
                format!("{u} still waits to be set up in {:?}", state.phase),
            ));
        }
    }
    // The state's JSON lists each unit once (no second copy of a unit hides elsewhere).
    let json = serde_json::to_value(&state.units).map_err(|e| Violation::new("serde", e.to_string()))?;
    let listed = json.as_object().map_or(0, |o| o.len());
    if listed != mix.len() {
        return Err(Violation::new(
            "unit in one place",
            format!("{listed} units serialised, {} in the mix", mix.len()),
        ));
    }
    Ok(())
}

fn is_fleet(ctx: &Ctx, unit: &str) -> bool {
    ctx.counter(unit).is_some_and(|c| c.kind == UnitType::Fleet)
}

/// Every location names a place of the map: ground units on land hexes, fleets on map
/// hexes, boxes that exist, invasion forces off a coast, track boxes within the game.
pub fn places_exist(ctx: &Ctx, state: &State) -> Check {
    for (unit, loc) in &state.units {
        let bad = |what: String| Err(Violation::new("unit on the map", format!("{unit} at {loc:?}: {what}")));
        match loc {
            Location::Hex(h) if is_fleet(ctx, unit) => {
                if !ctx.map.on_map(*h) {
                    return bad(format!("fleet off the map at {h}"));
                }
            }
            Location::Hex(h) => {
                if !ctx.map.is_land(*h) {
                    return bad(format!("{h} is not a land hex of the map"));
                }
            }
            Location::Box(b) => {
                if ctx.map.box_by_id(b).is_none() {
                    return bad(format!("the map has no box `{b}`"));
                }
            }
            Location::Offshore { sea, target } => {
                if !ctx.map.on_map(*sea) || ctx.map.is_land(*sea) {
                    return bad(format!("{sea} is not a sea hex of the map"));
                }
                if !ctx.map.is_land(*target) || !sea.is_adjacent(*target) {
                    return bad(format!("{target} is not a land hex next to {sea}"));
                }
            }
            Location::Track(t) => {
                if *t == 0 || *t > ctx.last_turn() {
                    return bad(format!("turn {t} is not on the turn record track"));
                }
            }
            Location::ToPlace
            | Location::Pool
            | Location::Contingency
            | Location::Spent
            | Location::Eliminated
            | Location::Unseen => {}
        }
    }
    Ok(())
}

/// The ground units of each hex, by side.
fn stacks(ctx: &Ctx, state: &State) -> BTreeMap<HexId, [Vec<String>; 2]> {
    let mut out: BTreeMap<HexId, [Vec<String>; 2]> = BTreeMap::new();
    for (unit, loc) in &state.units {
        let (Some(h), Some(side)) = (loc.hex(), ctx.side_of(unit)) else { continue };
        if is_fleet(ctx, unit) {
            continue;
        }
        out.entry(h).or_default()[side.index()].push(unit.clone());
    }
    out
}

/// 7.1-7.3: the stacking limits, recomputed from the map and the Fort De markers.
pub fn stacking_within_limits(ctx: &Ctx, state: &State) -> Check {
    for (hex, by_side) in stacks(ctx, state) {
        let fortress = ctx.map.locale(hex).is_some_and(|l| l.fortress) && !state.fort_destroyed.contains(&hex);
        let limit = if fortress { 12 } else { 6 };
        for units in &by_side {
            if units.len() > limit {
                return Err(Violation::new(
                    "7.1 stacking limit",
                    format!("{} units in {hex} (limit {limit}): {}", units.len(), units.join(", ")),
                ));
            }
            let trains: Vec<&String> =
                units.iter().filter(|u| ctx.counter(u).is_some_and(|c| c.kind == UnitType::SiegeTrain)).collect();
            if trains.len() > 1 {
                return Err(Violation::new("7.2 one siege train a hex", format!("siege trains {trains:?} in {hex}")));
            }
        }
    }
    Ok(())
}

/// 7.4: an over-stack removal owed is the opponent's, in a hex of the other side, and for
/// exactly the excess over the limits (the most of the excess over 6 or 12 and the siege
/// trains beyond one).
pub fn overstack_removal_is_the_excess(ctx: &Ctx, state: &State) -> Check {
    let Some(Decision { by, kind: DecisionKind::Overstack { hex, count } }) = &state.decision else { return Ok(()) };
    let stack = stacks(ctx, state).remove(hex).unwrap_or_default();
    let owner = by.other();
    let units = &stack[owner.index()];
    let fortress = ctx.map.locale(*hex).is_some_and(|l| l.fortress) && !state.fort_destroyed.contains(hex);
    let limit = if fortress { 12 } else { 6 };
    let trains = units.iter().filter(|u| ctx.counter(u).is_some_and(|c| c.kind == UnitType::SiegeTrain)).count();
    let excess = units.len().saturating_sub(limit).max(trains.saturating_sub(1));
    if excess == 0 || usize::from(*count) != excess {
        return Err(Violation::new(
            "7.4 over-stack removal",
            format!("{by:?} owes the removal of {count} unit(s) in {hex}, where {owner:?} has {} (limit {limit}, {trains} siege trains): the excess is {excess}", units.len()),
        ));
    }
    Ok(())
}

/// 7.1: opposing ground units never share a hex.
pub fn enemies_apart(ctx: &Ctx, state: &State) -> Check {
    for (hex, [a, b]) in stacks(ctx, state) {
        if !a.is_empty() && !b.is_empty() {
            return Err(Violation::new(
                "7.1 opposing units apart",
                format!("{hex} holds {} and {}", a.join(", "), b.join(", ")),
            ));
        }
    }
    Ok(())
}

/// The hexes whose control the rules track: every locale and every supply source.
fn tracked(ctx: &Ctx) -> BTreeSet<HexId> {
    let mut hexes: BTreeSet<HexId> = ctx.map.locales().map(|l| l.hex).collect();
    for side in ctx.map.source_sides() {
        hexes.extend(ctx.map.sources(side).iter().copied());
    }
    hexes
}

/// 12.9, 14.2, 15.2: control is kept for exactly the tracked hexes (once play has begun)
/// and an occupied one belongs to its occupant.
pub fn control_follows_occupancy(ctx: &Ctx, state: &State) -> Check {
    if matches!(state.phase, Phase::Setup(_)) {
        return Ok(());
    }
    let tracked = tracked(ctx);
    let kept: BTreeSet<HexId> = state.control.keys().copied().collect();
    if tracked != kept {
        let missing: Vec<_> = tracked.difference(&kept).collect();
        let extra: Vec<_> = kept.difference(&tracked).collect();
        return Err(Violation::new(
            "14.2 control of every locale",
            format!("control not kept for {missing:?}; kept for untracked {extra:?}"),
        ));
    }
    for (hex, by_side) in stacks(ctx, state) {
        let Some(controller) = state.control.get(&hex) else { continue };
        for side in Side::BOTH {
            if !by_side[side.index()].is_empty() && *controller != side {
                return Err(Violation::new(
                    "14.2 control follows occupancy",
                    format!(
                        "{hex} is held by {side:?} units ({}) but controlled by {controller:?}",
                        by_side[side.index()].join(", ")
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// 14.1-14.4, 15.1-15.3, 6.4, 8.9: each side's VP split by kind matches what happened.
pub fn vp_add_up(ctx: &Ctx, state: &State) -> Check {
    if matches!(state.phase, Phase::Setup(_)) {
        return Ok(());
    }
    let mut locale = [0i32; 2];
    for l in ctx.map.locales() {
        if let Some(side) = state.control.get(&l.hex) {
            locale[side.index()] += i32::from(l.vp);
        }
    }
    let map_total: i32 = ctx.map.locales().map(|l| i32::from(l.vp)).sum();
    let expected_total = match ctx.game {
        Game::Ec => 34,
        Game::Rsw => 37,
    };
    if map_total != expected_total {
        return Err(Violation::new(
            "14.1 locale VP",
            format!("the map's locales are worth {map_total} VP, not {expected_total}"),
        ));
    }
    for side in Side::BOTH {
        let vp = state.vp[side.index()];
        if vp.locale != locale[side.index()] {
            return Err(Violation::new(
                "14.2 locale VP = controlled locales",
                format!("{side:?} has {} locale VP but controls locales worth {}", vp.locale, locale[side.index()]),
            ));
        }
        if vp.battle < 0 {
            return Err(Violation::new("14.4 battle VP", format!("{side:?} has {} battle VP", vp.battle)));
        }
    }
    // 14.3: one VP for the French (the SC's side) per looted ruins hex, none for anybody else.
    let looted = i32::try_from(state.looted.len()).unwrap_or(i32::MAX);
    let looting = [state.vp[0].looting, state.vp[1].looting];
    let expected_looting = match ctx.game {
        Game::Ec => [looted, 0],
        Game::Rsw => [0, 0],
    };
    if looting != expected_looting {
        return Err(Violation::new(
            "14.3 looting VP",
            format!("looting VP {looting:?} for {looted} looted ruins (expected {expected_looting:?})"),
        ));
    }
    if let Some(h) = state.looted.iter().find(|h| !ctx.map.locale(**h).is_some_and(|l| l.ruins)) {
        return Err(Violation::new("14.3 looting VP", format!("{h} is marked looted but is not a ruins hex")));
    }
    // 6.4 event 2 (+2 to the naval victor) and 8.9 (+2 to the Swedes per Russian contingency).
    let mut event = [0i32; 2];
    for e in &state.effects {
        if let Effect::NavalVictory(winner) = e.effect {
            event[winner.index()] += 2;
        }
    }
    let committed = i32::try_from(state.logistics.committed.len()).unwrap_or(i32::MAX);
    event[Side::Second.index()] += 2 * committed;
    if ctx.game == Game::Ec {
        event = [0, 0];
    }
    let have = [state.vp[0].event, state.vp[1].event];
    if have != event {
        return Err(Violation::new("6.4 event VP", format!("event VP {have:?}, expected {event:?} from the record")));
    }
    Ok(())
}

/// The state survives a JSON round trip unchanged.
pub fn serde_round_trip(state: &State) -> Check {
    let text = serde_json::to_string(state).map_err(|e| Violation::new("serde round trip", e.to_string()))?;
    let back: State = serde_json::from_str(&text).map_err(|e| Violation::new("serde round trip", e.to_string()))?;
    if &back != state {
        return Err(Violation::new("serde round trip", "the state read back differs from the state written"));
    }
    Ok(())
}
