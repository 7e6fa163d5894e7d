//! The land movement step (7.3): corps move area by area, paying for terrain, rivers and
//! crossing arrows, and stop where the enemy stands.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::{CorpsMove, State};
use grognard_board::area::Crossing;
use grognard_engine::RuleError;

/// The price of entering one area (7.3.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepCost {
    pub points: u8,
    /// The area holds an unbesieged enemy corps: the mover must stop there (7.3.2.1).
    pub must_stop: bool,
}

/// What entering `to` from `from` costs a corps of `power` (7.3.1.3): the terrain (two for
/// marsh and mountain, 7.3.1.3.1), one more across a river into an area holding an
/// unbesieged enemy corps (7.3.1.3.2), one more over a sea crossing arrow (7.3.1.3.3), all
/// cumulative (7.3.1.3.4). Refused: areas that do not touch, an arrow whose sea holds an
/// enemy fleet, an optional arrow (12.2.1) in a game without it, a neutral's territory.
pub fn step_cost(ctx: &Ctx, state: &State, power: Power, from: &str, to: &str) -> Result<StepCost, RuleError> {
    let area = ctx.map.area(to).ok_or_else(|| RuleError::new("input", format!("there is no land area `{to}`")))?;
    let crossing = ctx
        .map
        .crossing(from, to)
        .ok_or_else(|| RuleError::new("7.3.1", format!("{} does not border {}", ctx.name(from), area.name)))?;
    let enemy_corps = state.has_unbesieged_enemy_corps(power, to);
    let mut points = area.terrain.entry_cost();
    match crossing {
        Crossing::None => {}
        Crossing::River => {
            if enemy_corps {
                points += 1;
            }
        }
        Crossing::Strait { sea, optional } => {
            if *optional && !state.options.iter().any(|o| o == crate::scenario::OPTION_ARROWS) {
                return Err(RuleError::new(
                    "12.2.1",
                    format!("the crossing arrow from {} to {} is optional and not played", ctx.name(from), area.name),
                ));
            }
            if state.enemy_fleet_at_sea(power, sea) {
                return Err(RuleError::new(
                    "7.3.1.3.3",
                    format!("an enemy fleet in {} closes the crossing arrow to {}", ctx.name(sea), area.name),
                ));
            }
            points += 1;
        }
    }
    if !may_enter(ctx, state, power, to) {
        let owner = state.area_controller(ctx, to).unwrap_or("?");
        return Err(RuleError::new(
            "R10.3",
            format!("{} belongs to {owner}, with which {} is neither allied nor at war", area.name, power.name()),
        ));
    }
    Ok(StepCost { points, must_stop: enemy_corps })
}

/// May a corps of `power` enter `area` at all? Its own, a controlled minor's, an ally's or an
/// enemy's territory; not a neutral's (10.3 is not in the text; reconstructed as R10.3: no
/// access without alliance or war).
pub fn may_enter(ctx: &Ctx, state: &State, power: Power, area: &str) -> bool {
    match state.area_controller(ctx, area) {
        Some(nation) => state.friendly_to(power, nation) || state.enemy_of(power, nation),
        None => false,
    }
}

/// A corps' move this step, checked: where it ends and the record foraging reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    pub record: CorpsMove,
    pub end: String,
}

/// Check the move of corps `corps` of `power` along `path` (the areas entered, in order),
/// with movement allowance `allowance` (force marching included, 7.3.1.2). Refuses what
/// 7.3.2 forbids: entering an area that costs more than the points left (7.3.2.3), moving
/// on after entering an area with an unbesieged enemy corps (7.3.2.1), moving twice.
pub fn walk(
    ctx: &Ctx,
    state: &State,
    power: Power,
    corps: &str,
    path: &[String],
    allowance: u8,
    force_marched: bool,
) -> Result<Walk, RuleError> {
    let c = state.corps.get(corps).ok_or_else(|| RuleError::new("input", format!("there is no corps `{corps}`")))?;
    if state.controller_of_nation(c.side()) != Some(power) {
        return Err(RuleError::new("7.3", format!("corps {corps} is not {}'s to move", power.name())));
    }
    if state.book.corps.contains_key(corps) {
        return Err(RuleError::new("7.3.2", format!("corps {corps} has already moved this step")));
    }
    if c.aboard.is_some() {
        return Err(RuleError::new("7.3.5", format!("corps {corps} is at sea: it disembarks, it does not march")));
    }
    if c.in_city && state.besieged(&c.area) {
        return Err(RuleError::new("7.3.4", format!("corps {corps} is besieged in its city and cannot march out")));
    }
    if path.is_empty() {
        return Err(RuleError::new("input", "a move names at least one area to enter"));
    }
    // 7.3.1.1, 7.3.2.2: irregulars move by rules of their own (`irregulars.rs`).
    let irregular = c.irregular();
    let areas_limit = irregular.and_then(|k| crate::irregulars::movement(k).areas);
    if let Some(limit) = areas_limit.filter(|l| path.len() > usize::from(*l)) {
        return Err(RuleError::new(
            "7.3.1.1",
            format!("{corps} is a guerrilla band: it moves {limit} area, whatever the ground"),
        ));
    }
    let mut here = c.area.clone();
    let mut spent: u8 = 0;
    let mut lowest: Option<u8> = None;
    let mut left_territory = !state.in_territory(ctx, power, &c.area);
    let mut stopped = false;
    let mut across_river = false;
    for next in path {
        if stopped {
            return Err(RuleError::new(
                "7.3.2.1",
                format!("corps {corps} entered an area holding an enemy corps and must stop there"),
            ));
        }
        crate::politics::combined::may_enter(ctx, state, power, next)?;
        let at_home = Power::from_id(&c.nation).is_some_and(|p| crate::politics::declaration::home_area(ctx, p, next));
        if irregular == Some(crate::FactorKind::Guerrilla) && !at_home {
            return Err(RuleError::new(
                "R10.1.1",
                format!("guerrillas fight in their own land: {} is not in {}'s home nation", ctx.name(next), c.nation),
            ));
        }
        let mut cost = step_cost(ctx, state, power, &here, next)?;
        if areas_limit.is_some() {
            cost.points = 1;
        }
        if irregular.is_some() {
            // 7.3.2.2: cossacks and freikorps ride on past the enemy (a guerrilla has stopped
            // anyway after its one area).
            cost.must_stop = false;
        }
        let left = allowance.saturating_sub(spent);
        if cost.points > left {
            return Err(RuleError::new(
                "7.3.2.3",
                format!(
                    "entering {} costs {} movement points and corps {corps} has {left} left",
                    ctx.name(next),
                    cost.points
                ),
            ));
        }
        spent += cost.points;
        stopped = cost.must_stop;
        across_river = ctx.map.crossing(&here, next) == Some(&Crossing::River);
        let forage = ctx.map.area(next).map_or(0, |a| a.forage);
        lowest = Some(lowest.map_or(forage, |l| l.min(forage)));
        left_territory |= !state.in_territory(ctx, power, next);
        here = next.clone();
    }
    Ok(Walk {
        end: here,
        record: CorpsMove {
            from: c.area.clone(),
            spent,
            allowance,
            force_marched,
            lowest_forage: lowest,
            left_territory,
            stopped,
            across_river,
        },
    })
}
