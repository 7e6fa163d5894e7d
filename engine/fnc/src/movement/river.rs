//! River, canal and lake movement (RCLM, 9.13-9.15): up to 20 hexes along contiguous
//! qualifying water hexsides, stopping on becoming adjacent to an enemy.

use super::common::{check_border, check_enter, check_movers, lone_sc, record};
use super::cost::is_water;
use crate::calendar::is_winter;
use crate::control;
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::happened::Happened;
use crate::state::{Location, MoveMode, MoveTrace, Side, State, UnitId, UnitMove};
use grognard_board::HexId;
use grognard_engine::{ApplyError, Event, NoDice, RuleError};

/// The most hexes one RCLM may cover (9.13).
pub const MAX_RIVER_HEXES: usize = 20;

/// Is any enemy unit on the map adjacent to `hex`?
fn enemy_adjacent(ctx: &Ctx, state: &State, side: Side, hex: HexId) -> bool {
    hex.neighbours().any(|(_, n)| ctx.occupant(state, n) == Some(side.other()))
}

/// An RCLM move checked so far (9.13-9.15, 5.3, 7.0, 9.4, 14.3), which [`RiverRoute::step`]
/// takes one hex further: [`river_route`] checks a path with it, and the search of the
/// complete movement list (`movement::reach`) extends its routes with it.
#[derive(Clone)]
pub struct RiverRoute<'a> {
    ctx: &'a Ctx,
    state: &'a State,
    side: Side,
    units: &'a [UnitId],
    pub start: Location,
    pub origin: Location,
    /// Where the move is now (`None` while still in its box).
    pub at: Option<HexId>,
    /// The hexes entered so far.
    pub hexes: usize,
    /// The lone SCs overrun so far (14.3).
    pub overrun: Vec<UnitId>,
    /// The last hex entered is next to an enemy unit: the move stops there (9.13).
    stopped: bool,
    /// The state as the move goes, copied only after an SC overrun: the moving units' own
    /// places change no check (stacking counts a unit once, enemy adjacency ignores friends).
    sim: Option<State>,
}

impl<'a> RiverRoute<'a> {
    /// Who moves, and whether they may use RCLM from where they are, before the first step.
    pub fn begin(ctx: &'a Ctx, state: &'a State, side: Side, units: &'a [UnitId]) -> Result<Self, RuleError> {
        let (start, origin) = check_movers(ctx, state, side, units, MoveMode::River)?;
        if !ctx.rules.river_movement_allowed(side, is_winter(ctx, state)) {
            return Err(RuleError::new(
                ctx.rules.rule_numbers().river,
                format!("the {} may not use river, canal and lake movement now", ctx.rules.side_name(side)),
            ));
        }
        for u in units {
            if ctx.counter(u).is_some_and(|c| c.kind == UnitType::SiegeTrain) {
                return Err(RuleError::new("9.13", format!("{u} is a siege train: siege trains never use RCLM")));
            }
            if record(state, u).is_some() {
                return Err(RuleError::new(
                    "9.13",
                    format!("{u} has already moved: RCLM is its only movement of a phase"),
                ));
            }
        }
        // Where the move starts: a hex touching a course (9.13), or a holding box with a river
        // in it (8.6: Upper Egypt), left through an entry hex on the river.
        let at: Option<HexId> = match &start {
            Location::Hex(from) => {
                if !ctx.river_courses().touches(*from) {
                    return Err(RuleError::new(
                        "9.13",
                        format!("{from} has no river, canal or lake hexside RCLM may follow"),
                    ));
                }
                Some(*from)
            }
            Location::Box(b) => {
                if !ctx.map.box_by_id(b).is_some_and(|bx| bx.river) {
                    return Err(RuleError::new("9.13", format!("the {b} box has no river: RCLM starts on the map")));
                }
                None
            }
            _ => return Err(RuleError::new("9.13", "RCLM starts in a hex on the map or a box with a river")),
        };
        Ok(RiverRoute {
            ctx,
            state,
            side,
            units,
            start,
            origin,
            at,
            hexes: 0,
            overrun: Vec::new(),
            stopped: false,
            sim: None,
        })
    }

    /// Enter `next` along a course.
    pub fn step(&mut self, next: HexId) -> Result<(), RuleError> {
        let (ctx, state, side, units) = (self.ctx, self.state, self.side, self.units);
        if let Some(at) = self.at.filter(|_| self.stopped) {
            return Err(RuleError::new("9.13", format!("the units must stop in {at}, adjacent to an enemy unit")));
        }
        if self.hexes >= MAX_RIVER_HEXES {
            return Err(RuleError::new("9.13", format!("RCLM covers 1 to {MAX_RIVER_HEXES} hexes, not more")));
        }
        let water = ctx.river_courses();
        let follows = match (self.at, &self.start) {
            (Some(from), _) => water.step(from, next),
            (None, Location::Box(b)) => {
                ctx.map.box_by_id(b).is_some_and(|bx| bx.entry.contains(&next)) && water.touches(next)
            }
            (None, _) => false,
        };
        if !follows {
            let from = self.at.map_or_else(|| location_text(&self.start), |h| h.to_string());
            return Err(RuleError::new(
                "9.13",
                format!("{from} to {next} does not follow contiguous river, canal or lake hexsides"),
            ));
        }
        let at_hex = self.at.unwrap_or(next);
        if is_water(ctx, next) && !water.lake_hexes.contains(&next) {
            return Err(RuleError::new("9.13", format!("{next} is open water RCLM may not use")));
        }
        check_border(ctx, state, side, at_hex, next)?;
        if let Some(sc) = lone_sc(ctx, self.sim.as_ref().unwrap_or(state), side, next) {
            // 14.3: a moving force entering a lone SC's hex eliminates it and may go on.
            let sim = self.sim.get_or_insert_with(|| state.clone());
            sim.units.insert(sc.clone(), Location::Eliminated);
            self.overrun.push(sc);
        }
        check_enter(ctx, self.sim.as_ref().unwrap_or(state), side, units, next)?;
        if let Some(sim) = self.sim.as_mut() {
            for u in units {
                sim.units.insert(u.clone(), Location::Hex(next));
            }
        }
        self.stopped = enemy_adjacent(ctx, self.sim.as_ref().unwrap_or(state), side, next);
        self.at = Some(next);
        self.hexes += 1;
        Ok(())
    }
}

/// Check every step of an RCLM move, but not yet whether it may end at the path's last hex
/// (an open lake hex it may cross, [`check_river_end`]).
pub fn river_route<'a>(
    ctx: &'a Ctx,
    state: &'a State,
    side: Side,
    units: &'a [UnitId],
    path: &[HexId],
) -> Result<RiverRoute<'a>, RuleError> {
    let mut route = RiverRoute::begin(ctx, state, side, units)?;
    if path.is_empty() || path.len() > MAX_RIVER_HEXES {
        return Err(RuleError::new("9.13", format!("RCLM covers 1 to {MAX_RIVER_HEXES} hexes, not {}", path.len())));
    }
    for &next in path {
        route.step(next)?;
    }
    Ok(route)
}

/// 9.13: an RCLM move ends on land (it may cross lake hexes).
pub fn check_river_end(ctx: &Ctx, at: HexId) -> Result<(), RuleError> {
    if is_water(ctx, at) {
        return Err(RuleError::new("9.13", format!("{at} is an all-water hex; no unit ends its move there")));
    }
    Ok(())
}

/// Apply an RCLM move (9.13-9.15).
pub fn apply_river(
    ctx: &Ctx,
    state: &State,
    side: Side,
    units: &[UnitId],
    path: &[HexId],
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let route = river_route(ctx, state, side, units, path)?;
    let Some(at) = route.at else { return Err(RuleError::new("input", "empty path")) };
    check_river_end(ctx, at)?;
    let RiverRoute { start, origin, overrun, .. } = route;
    let mut next = state.clone();
    if !overrun.is_empty() {
        log.push(
            Happened::Overrun { units: Some(overrun.clone()), unit: None, hex: None }
                .event(format!("The moving force overruns the lone {} (14.3)", overrun.join(", "))),
        );
        // The SC never recycles (8.11): its elimination rolls no die.
        crate::recycling::eliminate(ctx, &mut next, &overrun, "overrun by a moving force (14.3)", &mut NoDice, log)
            .map_err(|e| match e {
                ApplyError::Rule(r) => r,
                ApplyError::NeedDice => RuleError::new("14.3", "an overrun unit would need a recycling die"),
            })?;
    }
    for u in units {
        next.units.insert(u.clone(), Location::Hex(at));
        next.book.moved.insert(
            u.clone(),
            UnitMove {
                origin: origin.clone(),
                spent: 0,
                river_hexes: path.len() as u8,
                mode: MoveMode::River,
                stopped: true,
            },
        );
    }
    next.book.moving_origin = Some(origin);
    let mut trace: Vec<HexId> = start.hex().into_iter().collect();
    trace.extend(path.iter().copied());
    // 11.23 stricture 6: a gunboat retreats only back along the water it came by (a route of
    // one hex, from a box, leads nowhere it could retreat to).
    for u in units {
        if trace.len() >= 2 && ctx.counter(u).is_some_and(|c| c.kind == UnitType::Gunboats) {
            next.water_routes.insert(u.clone(), trace.clone());
        }
    }
    next.last_moves.push(MoveTrace { side, units: units.to_vec(), path: trace.clone() });
    let text = format!(
        "{} move by river, canal and lake {} -> {} ({} hexes of 20, 9.13)",
        units.join(", "),
        location_text(&start),
        path.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" "),
        path.len()
    );
    let river_move = Happened::RiverMove {
        units: units.to_vec(),
        path: trace,
        hexes: path.len(),
        cost: format!("{} of {MAX_RIVER_HEXES} hexes", path.len()),
    };
    log.push(river_move.event(text));
    for h in path {
        control::pass_through(ctx, &mut next, side, *h, log);
    }
    Ok(next)
}

fn location_text(location: &Location) -> String {
    match location {
        Location::Hex(h) => h.to_string(),
        Location::Box(b) => format!("the {b} box"),
        other => format!("{other:?}"),
    }
}
