//! Naval operations in the movement phase (10.1, 10.3-10.7): amphibious movement from a
//! port or box to a coast of the same sea, within each game's capacities, and fleet moves.

use super::common::{check_coast_bound, check_movers, held_by_infighting};
use crate::calendar::is_winter;
use crate::control;
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::games::NavalArea;
use crate::happened::Happened;
use crate::stacking;
use crate::state::{Effect, Location, MoveMode, MoveTrace, NavalUse, Phase, Side, State, UnitId, UnitMove};
use grognard_board::{HexId, WaterId, WaterKind};
use grognard_engine::{Event, RuleError};
use std::collections::BTreeSet;

/// The winner of RSW's naval victory, if it happened (6.4 event 2).
pub fn naval_victor(state: &State) -> Option<Side> {
    state.effects.iter().find_map(|e| match e.effect {
        Effect::NavalVictory(s) => Some(s),
        _ => None,
    })
}

/// The amphibious areas open to `side` now (10.4-10.6).
pub fn areas(ctx: &Ctx, state: &State, side: Side) -> Vec<NavalArea> {
    let british = state.has_effect(&Effect::BritishIntervention);
    ctx.rules.naval_areas(side, state.turn, british, naval_victor(state), is_winter(ctx, state))
}

/// The sea bodies (by name) a location opens on: a port's shore, a port box's waters.
pub fn waters_of(ctx: &Ctx, location: &Location) -> BTreeSet<String> {
    match location {
        Location::Hex(h) => ctx
            .map
            .shore_of(*h)
            .into_iter()
            .filter(|w| ctx.map.water(*w).kind == WaterKind::Sea)
            .map(|w| ctx.map.water(w).name.clone())
            .collect(),
        Location::Box(b) => ctx.rules.box_waters(b).iter().map(|s| s.to_string()).collect(),
        _ => BTreeSet::new(),
    }
}

fn area_name(areas: &[NavalArea], waters: &BTreeSet<String>) -> Option<String> {
    areas.iter().find(|a| a.waters.iter().any(|w| waters.contains(w))).map(|a| a.name.clone())
}

/// An all-sea hex of `water` next to `hex` (where an invasion force waits, 10.3).
fn offshore_hex(ctx: &Ctx, hex: HexId, waters: &BTreeSet<String>) -> Option<HexId> {
    hex.neighbours().map(|(_, n)| n).find(|n| {
        ctx.map.terrain(*n).and_then(|t| t.water()).is_some_and(|w| {
            let body = ctx.map.water(w);
            body.kind == WaterKind::Sea && waters.contains(&body.name)
        })
    })
}

/// Apply an amphibious movement (10.3-10.7).
pub fn apply_sail(
    ctx: &Ctx,
    state: &State,
    side: Side,
    units: &[UnitId],
    to: HexId,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let (start, origin) = check_movers(ctx, state, side, units, MoveMode::Sea)?;
    for u in units {
        if state.book.moved.contains_key(u) {
            return Err(RuleError::new(
                "10.3",
                format!("{u} has already moved: amphibious movement starts a unit's move"),
            ));
        }
    }
    // 10.3: from a port hex or a holding box that counts as a port.
    let from_port = match &start {
        Location::Hex(h) => ctx.map.locale(*h).is_some_and(|l| l.port),
        Location::Box(b) => ctx.map.box_by_id(b).is_some_and(|bx| bx.port),
        _ => false,
    };
    if !from_port {
        return Err(RuleError::new("10.3", "amphibious movement starts in a port or a port holding box"));
    }
    // The game's own amphibious rule (10.4 EC, 10.6 RSW); 10.5 for RSW's winter turn.
    let rule = if is_winter(ctx, state) { "10.5" } else { ctx.rules.rule_numbers().naval };
    let open = areas(ctx, state, side);
    if open.is_empty() {
        return Err(RuleError::new(
            rule,
            format!("the {} may not move amphibiously this turn", ctx.rules.side_name(side)),
        ));
    }
    let from_waters = waters_of(ctx, &start);
    let to_waters = waters_of(ctx, &Location::Hex(to));
    if to_waters.is_empty() || !ctx.map.is_land(to) {
        return Err(RuleError::new("10.3", format!("{to} is not a coastal hex")));
    }
    let joined = ctx.rules.naval_areas_joined(side, naval_victor(state));
    let Some(from_area) = area_name(&open, &from_waters) else {
        return Err(RuleError::new(rule, "the units' port opens on no sea where their side may move amphibiously"));
    };
    let Some(to_area) = area_name(&open, &to_waters) else {
        return Err(RuleError::new(rule, format!("{to} lies on no sea where the side may move amphibiously")));
    };
    let shared: BTreeSet<&String> = from_waters.intersection(&to_waters).collect();
    if !joined && (from_area != to_area || shared.is_empty()) {
        return Err(RuleError::new(rule, format!("{to} is not on the same sea as the units' port")));
    }
    // Capacity and the one-origin-one-destination rule, per area (joined: one pool).
    let area_key = if joined { "all".to_string() } else { from_area.clone() };
    let capacity = if joined {
        open.iter().map(|a| a.capacity).max().unwrap_or(0)
    } else {
        open.iter().find(|a| a.name == from_area).map_or(0, |a| a.capacity)
    };
    let used: Vec<&NavalUse> =
        state.book.naval.iter().filter(|(s, n)| *s == side && n.area == area_key).map(|(_, n)| n).collect();
    let already: u16 = used.iter().map(|n| u16::from(n.units)).sum();
    if already + units.len() as u16 > u16::from(capacity) {
        return Err(RuleError::new(
            ctx.rules.rule_numbers().naval,
            format!("amphibious capacity {capacity} a turn in {from_area}: {already} already used"),
        ));
    }
    if let Some(first) = used.first() {
        if first.origin != start || first.destination != to {
            return Err(RuleError::new(
                ctx.rules.rule_numbers().naval,
                "all amphibious movement of a turn in one area starts in one place and ends in one place",
            ));
        }
    }
    let enemy = ctx.occupant(state, to).filter(|s| *s != side);
    let friendly_port = ctx.map.locale(to).is_some_and(|l| l.port) && control::controller(state, to) == Some(side);
    let british = state.has_effect(&Effect::BritishIntervention);
    for u in units {
        if ctx.counter(u).is_some_and(|c| c.kind == UnitType::SiegeTrain) {
            if !ctx.rules.siege_trains_sail(side, british) {
                return Err(RuleError::new(
                    "10.7",
                    format!("{u}: Ottoman siege trains sail only after British intervention"),
                ));
            }
            if enemy.is_some() {
                return Err(RuleError::new("10.7", format!("{u}: siege trains never take part in invasions")));
            }
            if !friendly_port {
                return Err(RuleError::new(
                    "10.7",
                    format!("{u}: siege trains land only in friendly controlled ports"),
                ));
            }
        }
        if held_by_infighting(ctx, state, u) {
            return Err(RuleError::new("6.3", format!("{u} is held by Ottoman Infighting")));
        }
    }
    check_coast_bound(ctx, units, to)?;
    let mut next = state.clone();
    let (dest, stop, how) = if enemy.is_some() {
        // 10.3: the invasion force waits offshore for its battle.
        let Some(sea) = offshore_hex(ctx, to, &to_waters) else {
            return Err(RuleError::new("10.3", format!("no all-sea hex off {to} to hold the invasion force")));
        };
        (Location::Offshore { sea, target: to }, true, format!("waits offshore in {sea} to invade {to}"))
    } else {
        stacking::check_entry(ctx, state, to, units)?;
        if friendly_port {
            (Location::Hex(to), false, format!("debarks in the friendly port of {to} (1 MP) and may go on"))
        } else {
            (Location::Hex(to), true, format!("lands in {to} and stops there"))
        }
    };
    for u in units {
        next.units.insert(u.clone(), dest.clone());
        next.book.moved.insert(
            u.clone(),
            UnitMove {
                origin: origin.clone(),
                spent: if stop { 0 } else { 2 },
                river_hexes: 0,
                mode: MoveMode::Sea,
                stopped: stop,
            },
        );
    }
    next.book.moving_origin = Some(origin);
    next.book
        .naval
        .push((side, NavalUse { area: area_key, origin: start.clone(), destination: to, units: units.len() as u8 }));
    let mut trace: Vec<HexId> = start.hex().into_iter().collect();
    trace.push(to);
    next.last_moves.push(MoveTrace { side, units: units.to_vec(), path: trace.clone() });
    // 10.3: debarking in a friendly port costs 1 MP; any other landing or an invasion ends
    // the units' movement, whatever they had left.
    let cost = if stop { "all" } else { "1" };
    let text = format!("{} move by sea from {} ({from_area}): {how} (10.3)", units.join(", "), location_text(&start));
    let amphibious = Happened::Amphibious {
        units: units.to_vec(),
        from: start.clone(),
        to,
        path: trace,
        cost: cost.into(),
        area: from_area,
        invasion: enemy.is_some(),
    };
    log.push(amphibious.event(text));
    if enemy.is_none() {
        control::pass_through(ctx, &mut next, side, to, log);
    }
    Ok(next)
}

fn location_text(l: &Location) -> String {
    match l {
        Location::Hex(h) => h.to_string(),
        Location::Box(b) => b.clone(),
        other => format!("{other:?}"),
    }
}

/// Move a fleet to an all-sea hex it can reach through all-sea hexes (10.2: unlimited).
pub fn apply_fleet(
    ctx: &Ctx,
    state: &State,
    side: Side,
    fleet: &str,
    to: HexId,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let from = fleet_may_sail(ctx, state, side, fleet)?;
    if from == Location::Hex(to) {
        return Err(RuleError::new("10.2", format!("{fleet} is already in {to}")));
    }
    let Some(target_body) = sea_body(ctx, to) else {
        return Err(RuleError::new("10.2", format!("{to} is not an all-sea hex; fleets move only at sea")));
    };
    let seen = fleet_reach(ctx, state, side, fleet, &from, target_body)?;
    if !seen.contains(&to) {
        return Err(RuleError::new("10.2", format!("{to} cannot be reached through all-sea hexes")));
    }
    if state.book.fleets_moved.contains(fleet) {
        return Err(RuleError::new(
            "9.2",
            format!("{fleet} has moved this phase: its one move reaches any sea hex it may go to (10.2)"),
        ));
    }
    let mut next = state.clone();
    next.units.insert(fleet.to_string(), Location::Hex(to));
    next.book.fleets_moved.insert(fleet.to_string());
    let text = format!("{fleet} sails from {} to {to} (10.2)", location_text(&from));
    log.push(Happened::FleetMove { unit: fleet.to_string(), from, to }.event(text));
    Ok(next)
}

/// The sea (not lake or river) `hex` is part of, if it is an all-sea hex.
pub fn sea_body(ctx: &Ctx, hex: HexId) -> Option<WaterId> {
    ctx.map.terrain(hex).and_then(|t| t.water()).filter(|w| ctx.map.water(*w).kind == WaterKind::Sea)
}

/// The checks of a fleet's move that do not depend on where it goes (10.1, 10.2, 6.3, 10.5);
/// where the fleet is.
pub fn fleet_may_sail(ctx: &Ctx, state: &State, side: Side, fleet: &str) -> Result<Location, RuleError> {
    if state.phase != Phase::Movement || state.phasing != side {
        return Err(RuleError::new("10.1", "fleets move in their side's movement phase"));
    }
    let Some(c) = ctx.counter(fleet) else {
        return Err(RuleError::new("input", format!("there is no unit `{fleet}` in {}", ctx.rules.title())));
    };
    if c.kind != UnitType::Fleet || ctx.side_of(fleet) != Some(side) {
        return Err(RuleError::new("10.2", format!("{fleet} is not a {} fleet", ctx.rules.side_name(side))));
    }
    if held_by_infighting(ctx, state, fleet) {
        return Err(RuleError::new("6.3", format!("{fleet} is held by Ottoman Infighting")));
    }
    if is_winter(ctx, state) {
        return Err(RuleError::new("10.5", "no naval movement in the winter turn"));
    }
    Ok(state.location(fleet).cloned().unwrap_or(Location::Eliminated))
}

/// Every all-sea hex a fleet at `from` may reach on its way to a hex of the sea `target`
/// (10.2: through all-sea hexes, unlimited; 10.6 and 6.4: never through closed seas).
pub fn fleet_reach(
    ctx: &Ctx,
    state: &State,
    side: Side,
    fleet: &str,
    from: &Location,
    target: WaterId,
) -> Result<BTreeSet<HexId>, RuleError> {
    let body_name = ctx.map.water(target).name.clone();
    // 10.6: seas a side never sails; 6.4 event 2: seas closed to the loser of a naval victory.
    let may_sail = |victory: Option<Side>, name: &str| {
        ctx.rules.naval_waters(side, victory).is_none_or(|allowed| allowed.contains(&name))
    };
    let victor = naval_victor(state);
    if !may_sail(None, &body_name) {
        return Err(RuleError::new(
            "10.6",
            format!("the {} have no naval activity in the {body_name}", ctx.rules.side_name(side)),
        ));
    }
    if !may_sail(victor, &body_name) {
        return Err(RuleError::new(
            "6.4",
            format!(
                "after losing the naval victory the {} have no naval activity in the {body_name}",
                ctx.rules.side_name(side)
            ),
        ));
    }
    let sea_of = |h: HexId| sea_body(ctx, h).filter(|w| may_sail(victor, &ctx.map.water(*w).name));
    let starts: Vec<HexId> = match from {
        Location::Hex(h) if sea_of(*h).is_some() => vec![*h],
        Location::Box(b) => {
            let waters = ctx.rules.box_waters(b);
            if !waters.contains(&body_name.as_str()) {
                return Err(RuleError::new("10.2", format!("the {b} box does not open on the {body_name}")));
            }
            ctx.map.hexes().filter(|h| sea_of(*h) == Some(target)).collect()
        }
        // 8.8 brings the British squadron into play in a friendly port as well as in the
        // Anatolian box (itself "considered a port", 8.6): from a port, as from a box, a
        // fleet sails out into the sea the port opens on, then only through all-sea hexes (10.2).
        Location::Hex(h) if ctx.map.locale(*h).is_some_and(|l| l.port) => {
            h.neighbours().map(|(_, n)| n).filter(|n| sea_of(*n).is_some()).collect()
        }
        _ => return Err(RuleError::new("10.2", format!("{fleet} is not at sea, in a port or in a holding box"))),
    };
    // Reach through all-sea hexes.
    let mut seen: BTreeSet<HexId> = starts.iter().copied().collect();
    let mut frontier = starts;
    while let Some(h) = frontier.pop() {
        for (_, n) in h.neighbours() {
            if sea_of(n).is_some() && seen.insert(n) {
                frontier.push(n);
            }
        }
    }
    Ok(seen)
}
