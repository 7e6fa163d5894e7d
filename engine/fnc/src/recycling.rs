//! Replacement recycling (8.11-8.13) and where eliminated units go.
//!
//! Every elimination in the game (combat, sieges, supply, over-stacking, random events) ends
//! here: [`eliminate`] sends each unit to the Turn Record Track, back into the Ottoman
//! container (8.7) or out of play for good, rolling the Unit-Recycling Table for the units
//! that may recycle.

use crate::ctx::Ctx;
use crate::data::{Counter, SetupCode, UnitType};
use crate::happened::{Happened, Modifier};
use crate::state::{Location, Side, State, UnitId};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};

/// What happens to a unit when it is eliminated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// It rolls on the Unit-Recycling Table (8.12).
    Recycle,
    /// It goes back into the reinforcement container it may be drawn from again (8.7).
    Container,
    /// It is out of play for the rest of the game; the reason cites the rule.
    Permanent(&'static str),
}

/// The outcome of one roll on the Unit-Recycling Table (8.12, 8.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableResult {
    /// Back in play this many game turns later (a final result of zero counts as one).
    Returns(u8),
    /// Permanently eliminated.
    Permanent,
}

/// The Unit-Recycling Table (8.12): final results 0-5 return that many turns later (zero
/// counts as one, 8.13), 6-7 are permanent.
pub fn table(final_result: i32) -> TableResult {
    if final_result >= 6 {
        TableResult::Permanent
    } else {
        TableResult::Returns(final_result.clamp(1, 5) as u8)
    }
}

/// Does the unit's side draw its reinforcements from a container by die roll (8.5)? Its own
/// nation's units (not the British, 8.8) go back into that container when eliminated (8.7).
fn has_container(ctx: &Ctx, counter: &Counter) -> bool {
    counter.nation == counter.side
        && ctx.counters.iter().any(|c| {
            c.side == counter.side
                && matches!(c.setup, SetupCode::ReinfAny | SetupCode::ReinfEgypt | SetupCode::ReinfSp)
        })
}

/// Where an eliminated unit goes (8.7, 8.11).
pub fn fate(ctx: &Ctx, counter: &Counter) -> Fate {
    if counter.kind == UnitType::Fortress {
        return Fate::Permanent("8.11: fortress garrisons never recycle");
    }
    if let Some(reason) = ctx.rules.never_returns(counter) {
        return Fate::Permanent(reason);
    }
    if has_container(ctx, counter) {
        return Fate::Container;
    }
    if counter.kind == UnitType::Sc {
        return Fate::Permanent("8.4, 8.11: the SC unit never recycles");
    }
    if counter.setup == SetupCode::Reinf {
        return Fate::Permanent("8.4, 8.11: French reinforcements never recycle");
    }
    if !counter.recycle {
        return Fate::Permanent("8.11: this unit may not go through replacement recycling");
    }
    Fate::Recycle
}

/// The side a counter belongs to, by the game's side ids.
pub fn side_of(ctx: &Ctx, counter: &Counter) -> Option<Side> {
    Side::BOTH.into_iter().find(|s| ctx.rules.side_id(*s) == counter.side)
}

/// The recycling die roll modifiers for a unit of `side` (8.12), with their causes.
pub fn modifiers(ctx: &Ctx, state: &State, side: Side, counter: &Counter) -> Vec<(i32, &'static str)> {
    let mut mods = Vec::new();
    let own = state.vp[side.index()].total();
    let enemy = state.vp[side.other().index()].total();
    if enemy - own >= 10 {
        mods.push((1, "the enemy has 10 or more VP more"));
    }
    mods.extend(ctx.rules.recycling_modifiers(counter));
    mods
}

/// Eliminate `units` (8.11-8.13): each goes back into its container, out of play, or rolls
/// on the Unit-Recycling Table and goes onto the Turn Record Track. Units already out of
/// play are refused. Rolls one die per recycling unit, in the order given.
pub fn eliminate(
    ctx: &Ctx,
    state: &mut State,
    units: &[UnitId],
    cause: &str,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let last_turn = ctx.last_turn();
    for id in units {
        let counter = ctx
            .counters
            .get(id)
            .ok_or_else(|| RuleError::new("input", format!("there is no unit `{id}` in this game")))?;
        let side = side_of(ctx, counter)
            .ok_or_else(|| RuleError::new("input", format!("unit `{id}` belongs to no side of this game")))?;
        let was = state.units.get(id).cloned().unwrap_or(Location::Eliminated);
        // A gunboat's water route ends with it (11.23 stricture 6).
        state.water_routes.remove(id);
        match fate(ctx, counter) {
            Fate::Permanent(reason) => {
                state.units.insert(id.clone(), Location::Eliminated);
                let gone = Happened::Eliminated {
                    unit: id.clone(),
                    cause: cause.to_string(),
                    from: was,
                    to: Location::Eliminated,
                    rule: reason.to_string(),
                };
                log.push(gone.event(format!("{} eliminated ({cause}); out of play for good ({reason})", counter.name)));
            }
            Fate::Container => {
                state.units.insert(id.clone(), Location::Pool);
                let gone = Happened::Eliminated {
                    unit: id.clone(),
                    cause: cause.to_string(),
                    from: was,
                    to: Location::Pool,
                    rule: "8.7".into(),
                };
                log.push(gone.event(format!(
                    "{} eliminated ({cause}); back into the reinforcement container (8.7)",
                    counter.name
                )));
            }
            Fate::Recycle => {
                let die = dice.roll(6)? as i32;
                let mods = modifiers(ctx, state, side, counter);
                let total: i32 = die + mods.iter().map(|(m, _)| m).sum::<i32>();
                let mod_text: Vec<String> = mods.iter().map(|(m, why)| format!("{m:+} {why}")).collect();
                let mod_list: Vec<Modifier> =
                    mods.iter().map(|(m, why)| Modifier { modifier: *m, cause: why.to_string() }).collect();
                let (to, outcome) = match table(total) {
                    TableResult::Permanent => (Location::Eliminated, "permanently eliminated".to_string()),
                    TableResult::Returns(n) => {
                        let back = u16::from(state.turn) + u16::from(n);
                        if back > u16::from(last_turn) {
                            (
                                Location::Eliminated,
                                format!("would return on turn {back}, after the last turn: permanently eliminated"),
                            )
                        } else {
                            (Location::Track(back as u8), format!("returns on turn {back}"))
                        }
                    }
                };
                let roll = Happened::Recycling {
                    unit: id.clone(),
                    cause: cause.to_string(),
                    from: was,
                    side,
                    die,
                    modifiers: mod_list,
                    r#final: total,
                    to: to.clone(),
                    rule: "8.12".into(),
                };
                let text = format!(
                    "{} eliminated ({cause}); recycling roll (8.12) by the {} player: die {die}{}{} = {total}: {outcome}",
                    counter.name,
                    ctx.rules.side_name(side),
                    if mod_text.is_empty() { "" } else { " " },
                    mod_text.join(" "),
                );
                log.push(roll.event(text));
                state.units.insert(id.clone(), to);
            }
        }
    }
    Ok(())
}
