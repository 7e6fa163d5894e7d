//! Attack declaration (11.1-11.4, 11.26, 11.27, 10.2, 10.3, 5.3, 6.3 event 3, 6.4 event 4):
//! everything about an attack is checked here, before any die is rolled.

use super::terrain::gunboat_link;
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::state::{Effect, Location, Phase, Side, State, UnitId};
use grognard_board::{Barrier, HexId, WaterKind};
use grognard_engine::RuleError;
use std::collections::BTreeSet;

/// A checked attack declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    pub side: Side,
    pub hex: HexId,
    /// Attacking ground units, in the order given.
    pub attackers: Vec<UnitId>,
    /// The attackers held offshore to invade (10.3).
    pub invasion: Vec<UnitId>,
    /// The hexes attacked from (land hexes and offshore sea hexes).
    pub from: BTreeSet<HexId>,
    /// The land hexes attacked from, each attacker's (ground units on the map only).
    pub land_from: Vec<(UnitId, HexId)>,
    pub fleets: Vec<UnitId>,
    /// Every enemy unit in the hex (11.4: all defend together), fleets aside.
    pub defenders: Vec<UnitId>,
    /// The hex is an intact fortress (13.4).
    pub fortress: bool,
    /// The defenders are the SC alone (14.3: automatic DC).
    pub sc_alone: bool,
}

fn err(rule: &str, message: String) -> RuleError {
    RuleError::new(rule, message)
}

/// Is `hex` in the area an Ottoman Infighting effect names (a region or a box id)?
fn in_area(ctx: &Ctx, location: &Location, area: &str) -> bool {
    match location {
        Location::Hex(h) => ctx.map.region(*h) == Some(area),
        Location::Box(b) => b == area,
        Location::Offshore { target, .. } => ctx.map.region(*target) == Some(area),
        _ => false,
    }
}

/// Check an attack completely (11.3: declared attacks cannot be called off, so everything
/// is checked up front).
pub fn check(
    ctx: &Ctx,
    state: &State,
    side: Side,
    attackers: &[UnitId],
    hex: HexId,
    fleets: &[UnitId],
) -> Result<Declared, RuleError> {
    check_known(ctx, state, side, attackers, hex, fleets, false)
}

/// Under fog of war (7.7), check an attack before the stacks it opens are opened: all of it
/// but where the attackers this copy cannot name stand (a copy that holds the attacker's
/// openings names them all, so there the check is complete) and which units defend.
pub fn check_before_opening(
    ctx: &Ctx,
    state: &State,
    side: Side,
    attackers: &[UnitId],
    hex: HexId,
    fleets: &[UnitId],
) -> Result<(), RuleError> {
    check_known(ctx, state, side, attackers, hex, fleets, true).map(|_| ())
}

fn check_known(
    ctx: &Ctx,
    state: &State,
    side: Side,
    attackers: &[UnitId],
    hex: HexId,
    fleets: &[UnitId],
    unseen_allowed: bool,
) -> Result<Declared, RuleError> {
    if state.phase != Phase::Combat || state.phasing != side {
        return Err(err("11.1", "attacks are made only in the attacker's own combat phase".into()));
    }
    if state.decision.is_some() || !state.battles.is_empty() {
        return Err(err("11.2", "finish the battle in progress before declaring another attack".into()));
    }
    if state.has_effect(&Effect::Truce) {
        return Err(err("6.4", "a truce is in force this turn: no attacks (random event 4)".into()));
    }
    if attackers.is_empty() {
        return Err(err("11.2", "an attack needs at least one attacking unit".into()));
    }
    if !ctx.map.is_land(hex) {
        return Err(err("11.1", format!("{hex} is not a land hex of the map")));
    }
    if state.book.attacked_hexes.contains(&hex) {
        return Err(err("11.4", format!("{hex} has already been attacked this combat phase")));
    }
    let enemy = side.other();
    let defenders: Vec<UnitId> = state
        .units_in(hex)
        .into_iter()
        .filter(|u| ctx.side_of(u) == Some(enemy))
        .filter(|u| ctx.counter(u).is_some_and(|c| c.kind != UnitType::Fleet))
        .cloned()
        .collect();
    if defenders.is_empty() && !(unseen_allowed && ctx.occupant(state, hex) == Some(enemy)) {
        return Err(err("11.1", format!("there are no enemy units in {hex} to attack")));
    }
    let fortress = crate::stacking::intact_fortress(ctx, state, hex);
    let mut seen = BTreeSet::new();
    let mut invasion = Vec::new();
    let mut from = BTreeSet::new();
    let mut land_from = Vec::new();
    for unit in attackers {
        if !seen.insert(unit.clone()) {
            return Err(err("11.2", format!("{unit} is named twice")));
        }
        let counter =
            ctx.counter(unit).ok_or_else(|| err("input", format!("there is no unit `{unit}` in this game")))?;
        if ctx.side_of(unit) != Some(side) {
            return Err(err("11.1", format!("{unit} is not one of your units")));
        }
        if counter.kind == UnitType::Fleet {
            return Err(err("10.2", format!("{unit} is a fleet: name it among the supporting fleets")));
        }
        if state.book.attacked_units.contains(unit) {
            return Err(err("11.3", format!("{unit} has already attacked this player turn")));
        }
        if counter.attack == Some(0) {
            return Err(err("11.27", format!("{unit} has an attack factor of zero and never attacks")));
        }
        let location = state.location(unit).cloned().unwrap_or(Location::Eliminated);
        for e in &state.effects {
            if let Effect::Infighting { side: s, area, .. } = &e.effect {
                if *s == side && e.turn.is_none_or(|t| t == state.turn) && in_area(ctx, &location, area) {
                    return Err(err("6.3", format!("{unit} is in {area}, where Ottoman infighting forbids attacks")));
                }
            }
        }
        match location {
            Location::Hex(at) => {
                if !at.is_adjacent(hex) {
                    return Err(err("11.3", format!("{unit} in {at} is not adjacent to {hex}")));
                }
                // Two land hexes parted by open sea are not in contact (16.0 6A: Sveaborg is
                // reached through 1309 alone).
                if ctx.map.hexside(at, hex).barrier == Some(Barrier::Sea) {
                    return Err(err("11.3", format!("{unit} in {at} faces {hex} across open sea (16.0 6A)")));
                }
                if state.turn == 1
                    && ctx.rules.first_turn_border_side() == Some(side)
                    && ctx.map.hexside(at, hex).border.is_some()
                {
                    return Err(err("5.3", format!("{unit} may not attack across the border on game turn 1")));
                }
                if counter.kind == UnitType::Gunboats {
                    // 11.26 with 9.14, 9.15: only along water its side's RCLM could follow now.
                    if !ctx.rules.river_movement_allowed(side, crate::calendar::is_winter(ctx, state)) {
                        return Err(err(
                            "11.26",
                            format!("{unit} could not move by RCLM this turn, so it may not attack"),
                        ));
                    }
                    if !gunboat_link(ctx, at, hex) {
                        return Err(err("11.26", format!("{unit} attacks only where it could move along the water")));
                    }
                }
                from.insert(at);
                land_from.push((unit.clone(), at));
            }
            Location::Offshore { sea, target } if target == hex => {
                if counter.kind == UnitType::SiegeTrain {
                    return Err(err("10.7", format!("{unit}: siege trains never take part in amphibious invasions")));
                }
                from.insert(sea);
                invasion.push(unit.clone());
            }
            Location::Offshore { target, .. } => {
                return Err(err("10.3", format!("{unit} is offshore to invade {target}, not {hex}")));
            }
            // 7.7: somewhere in the stacks the attack opens; checked once they are open.
            Location::Unseen if unseen_allowed => {}
            _ => return Err(err("11.3", format!("{unit} is not on the map next to {hex}"))),
        }
        if counter.attack.is_none() && !fortress {
            return Err(err(
                "11.8",
                format!("{unit} is a siege train: it takes part only in attacks on intact fortresses"),
            ));
        }
    }
    if attackers.iter().all(|u| ctx.counter(u).is_some_and(|c| c.attack.is_none())) {
        return Err(err("11.8", "siege trains have no attack factor: they cannot attack alone".into()));
    }
    check_fleets(ctx, state, side, hex, fleets)?;
    let sc_alone = defenders.iter().all(|u| ctx.counter(u).is_some_and(|c| c.kind == UnitType::Sc));
    Ok(Declared {
        side,
        hex,
        attackers: attackers.to_vec(),
        invasion,
        from,
        land_from,
        fleets: fleets.to_vec(),
        defenders,
        fortress,
        sc_alone,
    })
}

/// Fleet support (10.2, 10.5, 6.4 event 2): once per game turn per fleet, only against a
/// coastal hex of the fleet's sea, never in the winter turn, not by a side that lost the
/// Gulf of Finland, not by a fleet caught in Ottoman infighting.
fn check_fleets(ctx: &Ctx, state: &State, side: Side, hex: HexId, fleets: &[UnitId]) -> Result<(), RuleError> {
    let mut seen = BTreeSet::new();
    for fleet in fleets {
        if !seen.insert(fleet.clone()) {
            return Err(err("10.2", format!("{fleet} is named twice")));
        }
        let counter =
            ctx.counter(fleet).ok_or_else(|| err("input", format!("there is no unit `{fleet}` in this game")))?;
        if counter.kind != UnitType::Fleet || ctx.side_of(fleet) != Some(side) {
            return Err(err("10.2", format!("{fleet} is not one of your fleets")));
        }
        if state.book.fleets_used.contains(fleet) {
            return Err(err("10.2", format!("{fleet} has already supported an attack this turn")));
        }
        if crate::calendar::is_winter(ctx, state) {
            return Err(err("10.5", "no fleet support in the winter turn".into()));
        }
        for e in &state.effects {
            if let Effect::Infighting { side: s, fleet: true, .. } = &e.effect {
                if *s == side && e.turn.is_none_or(|t| t == state.turn) {
                    return Err(err("6.3", format!("{fleet} is caught in Ottoman infighting this turn")));
                }
            }
        }
        let Some(Location::Hex(at)) = state.location(fleet).cloned() else {
            return Err(err("10.2", format!("{fleet} is not at sea on the map")));
        };
        let Some(water) = ctx.map.terrain(at).and_then(|t| t.water()) else {
            return Err(err("10.2", format!("{fleet} is not in an all-sea hex")));
        };
        let body = ctx.map.water(water);
        if body.kind != WaterKind::Sea {
            return Err(err("10.2", format!("{fleet} is not on a sea")));
        }
        if !ctx.map.is_coastal(hex) || !ctx.map.shore_of(hex).contains(&water) {
            return Err(err("10.2", format!("{hex} is not a coastal hex of the {}", body.name)));
        }
        // 10.5, 10.6, 6.4 event 2: the seas where the side may have naval activity now.
        let victor = Side::BOTH.into_iter().find(|s| state.has_effect(&Effect::NavalVictory(*s)));
        if let Some(allowed) = ctx.rules.naval_waters(side, victor) {
            if !allowed.contains(&body.name.as_str()) {
                return Err(err("10.5", format!("{fleet} may not support attacks on the {}", body.name)));
            }
        }
    }
    Ok(())
}
