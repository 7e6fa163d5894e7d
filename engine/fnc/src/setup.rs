//! Set-up (3.0, 4.0): the initial state and each side's placement of its starting units.

use crate::ctx::Ctx;
use crate::data::SetupCode;
use crate::happened::Happened;
use crate::stacking;
use crate::state::{Location, Phase, PhaseBook, Side, State, UnitId, Vp};
use grognard_board::HexId;
use grognard_engine::{Event, PlayerId, RuleError};
use std::collections::BTreeMap;

/// Where a counter starts before anyone has set up: set-up codes that name a hex are placed
/// there at once (3.2, 4.1, 4.2: fortress garrisons and Sveaborg's brigades); other start
/// units wait for their owner; the rest go to the cup, the pool, the track or the
/// contingency box (8.4, 8.5, 8.9, 8.10).
pub fn initial_location(code: &SetupCode) -> Location {
    match code {
        SetupCode::StartAt(hex) => Location::Hex(*hex),
        SetupCode::Start | SetupCode::StartAny | SetupCode::StartEgypt | SetupCode::StartSp => Location::ToPlace,
        SetupCode::Turn(n) => Location::Track(*n),
        SetupCode::Contingency(_) => Location::Contingency,
        // 3.2, 8.1, 8.6: set aside, due in the Anatolian box from Game Turn 2.
        SetupCode::ReinfAnat => Location::Track(2),
        SetupCode::Reinf
        | SetupCode::ReinfAny
        | SetupCode::ReinfEgypt
        | SetupCode::ReinfSp
        | SetupCode::RandomEvent
        | SetupCode::Pool => Location::Pool,
    }
}

/// The state before set-up: the side that sets up first is to place its units (3.1, 4.1).
pub fn initial_state(ctx: &Ctx, owners: [PlayerId; 2]) -> State {
    let units: BTreeMap<UnitId, Location> =
        ctx.counters.iter().map(|c| (c.id.clone(), initial_location(&c.setup))).collect();
    let first = ctx.rules.sets_up_first();
    State {
        game: ctx.game,
        owners,
        turn: 1,
        phase: Phase::Setup(first),
        phasing: first,
        units,
        control: BTreeMap::new(),
        vp: [Vp::default(); 2],
        fort_destroyed: Default::default(),
        looted: Default::default(),
        events_used: Vec::new(),
        effects: Vec::new(),
        book: PhaseBook::default(),
        decision: None,
        last_moves: Vec::new(),
        last_battles: Vec::new(),
        battles: Vec::new(),
        batch: None,
        winner: None,
        logistics: Default::default(),
        water_routes: Default::default(),
        fog: None,
    }
}

/// The set-up rule of `side` in this game: 3.1 French, 3.2 Ottoman, 4.1 Swedish, 4.2 Russian.
pub fn setup_rule(ctx: &Ctx, side: Side) -> &'static str {
    let numbers = ctx.rules.rule_numbers();
    if side == ctx.rules.sets_up_first() {
        numbers.setup_first
    } else {
        numbers.setup_second
    }
}

/// The hexes the rules allow for `unit` at set-up, checked one at a time (3.1, 3.2, 4.1, 4.2).
pub fn check_place(ctx: &Ctx, state: &State, side: Side, unit: &str, hex: HexId) -> Result<(), RuleError> {
    let rule = setup_rule(ctx, side);
    let Some(counter) = ctx.counter(unit) else {
        return Err(RuleError::new("input", format!("there is no unit `{unit}` in {}", ctx.rules.title())));
    };
    if ctx.side_of(unit) != Some(side) {
        return Err(RuleError::new(rule, format!("{unit} is not a {} unit", ctx.rules.side_name(side))));
    }
    if state.location(unit) != Some(&Location::ToPlace) {
        return Err(RuleError::new(rule, format!("{unit} is not waiting to be set up")));
    }
    if !ctx.map.is_land(hex) {
        return Err(RuleError::new(rule, format!("{hex} is not a land hex of the map")));
    }
    if let Some(enemy) = ctx.occupant(state, hex).filter(|s| *s != side) {
        return Err(RuleError::new(rule, format!("{hex} is occupied by {} units", ctx.rules.side_name(enemy))));
    }
    let town = ctx.map.locale(hex).is_some_and(|l| l.town || l.city);
    let region = ctx.map.region(hex);
    let code_word = match counter.setup {
        SetupCode::Start => "start",
        SetupCode::StartAny => "start-any",
        SetupCode::StartEgypt => "start-egypt",
        SetupCode::StartSp => "start-sp",
        _ => "",
    };
    let mut pair_limit = false;
    match counter.setup {
        SetupCode::Start => {
            // 3.1: the French start hexes are the French supply source and its two neighbours
            // where the French land: read from the map as the side's sources and their
            // adjacent hexes named in the game rules.
            if !ctx.rules.start_hexes(side).contains(&hex.number()) {
                return Err(RuleError::new(
                    rule,
                    format!("{unit} must be set up in one of {}", list(ctx.rules.start_hexes(side))),
                ));
            }
        }
        SetupCode::StartAny | SetupCode::StartEgypt | SetupCode::StartSp => {
            if ctx.rules.setup_forbidden_hexes().contains(&hex.number()) {
                return Err(RuleError::new(rule, format!("{unit} ({code_word}) may not be set up in {hex}")));
            }
            let regions = ctx.rules.setup_regions(side, code_word);
            if !region.is_some_and(|r| regions.contains(&r)) {
                return Err(RuleError::new(
                    rule,
                    format!("{unit} ({code_word}) must be set up in {}", regions.join(" or ")),
                ));
            }
            if ctx.rules.setup_in_towns(side) {
                if !town {
                    return Err(RuleError::new(rule, format!("{unit} ({code_word}) must be set up in a town or city")));
                }
                pair_limit = true;
            }
        }
        _ => return Err(RuleError::new(rule, format!("{unit} is not a unit that is set up on the map"))),
    }
    // 3.2, 4.1: at most two regional start units a hex; 7.6: normal limits otherwise.
    if pair_limit {
        let same_code = state
            .units_in(hex)
            .into_iter()
            .filter(|u| ctx.counter(u).is_some_and(|c| c.setup == counter.setup))
            .count();
        if same_code >= 2 {
            return Err(RuleError::new(rule, format!("{hex} already holds two {code_word} units")));
        }
    }
    stacking::check_entry(ctx, state, hex, &[unit.to_string()])?;
    Ok(())
}

fn list(hexes: &[u16]) -> String {
    hexes.iter().map(|h| format!("{h:04}")).collect::<Vec<_>>().join(", ")
}

/// Place one unit during set-up.
pub fn apply_place(
    ctx: &Ctx,
    state: &State,
    side: Side,
    unit: &str,
    hex: HexId,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    check_place(ctx, state, side, unit, hex)?;
    let mut next = state.clone();
    next.units.insert(unit.to_string(), Location::Hex(hex));
    log.push(
        Happened::Setup { unit: unit.to_string(), hex }
            .event(format!("{} sets up in {hex}", ctx.counter(unit).map_or(unit, |c| c.name.as_str()))),
    );
    Ok(next)
}

/// The units of `side` still waiting to be set up.
pub fn unplaced(ctx: &Ctx, state: &State, side: Side) -> Vec<UnitId> {
    state.units_at(&Location::ToPlace).into_iter().filter(|u| ctx.side_of(u) == Some(side)).cloned().collect()
}

/// A side may finish set-up only with every start unit placed (3.1, 3.2, 4.1, 4.2).
pub fn check_end(ctx: &Ctx, state: &State, side: Side) -> Result<(), RuleError> {
    let left = unplaced(ctx, state, side);
    if !left.is_empty() {
        return Err(RuleError::new(
            setup_rule(ctx, side),
            format!("every start unit must be set up first; still to place: {}", left.join(", ")),
        ));
    }
    Ok(())
}

/// Set up all of `side`'s remaining start units as they stood historically (`places`, from
/// `position::historical_places`), each placement
/// checked like a player's (3.0, 4.0).
pub fn apply_historical(
    ctx: &Ctx,
    state: &State,
    side: Side,
    places: &[(UnitId, HexId)],
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let waiting = unplaced(ctx, state, side);
    if waiting.is_empty() {
        return Err(RuleError::new(
            setup_rule(ctx, side),
            "every start unit is already set up: nothing is left to place historically; `end` finishes the set-up",
        ));
    }
    let mut next = state.clone();
    for (unit, hex) in places {
        if waiting.contains(unit) {
            next = apply_place(ctx, &next, side, unit, *hex, log)?;
        }
    }
    check_end(ctx, &next, side)?;
    Ok(next)
}

/// Every placement of a waiting unit (3.1, 3.2, 4.1, 4.2): each to each hex it may be placed
/// in, the towns and cities and the start hexes, or anywhere in the home regions.
pub fn placements(ctx: &Ctx, state: &State, side: Side) -> Vec<crate::command::Command> {
    let hexes: Vec<HexId> = if ctx.rules.setup_in_towns(side) {
        let mut h: Vec<HexId> = ctx.map.locales().map(|l| l.hex).collect();
        h.extend(ctx.rules.start_hexes(side).iter().filter_map(|n| HexId::parse(&format!("{n:04}")).ok()));
        h.sort();
        h.dedup();
        h
    } else {
        ctx.map.land_hexes().collect()
    };
    let mut out = Vec::new();
    for unit in unplaced(ctx, state, side) {
        for &hex in &hexes {
            if check_place(ctx, state, side, &unit, hex).is_ok() {
                out.push(crate::command::Command::Place { unit: unit.clone(), hex });
            }
        }
    }
    out
}
