//! Stopping American trade and war with the United States (8.2.1.2.2.2.2, reconstructed: the
//! text has only the heading). The United States are no power of the game: they trade with
//! the major powers (R8.2.1.2.2, `[powers]` `american`) and answer the decrees that stop their
//! trade.
//!
//! - A power at war with a major power may decree, in its turn of the expenditure step, that
//!   American trade to its enemies stops (`stop american trade`: the Orders in Council, the
//!   Berlin and Milan decrees), and revoke the decree later (`resume american trade`). The
//!   decree is in force from the next collection step.
//! - While it is in force, every major power at war with the decreeing power loses
//!   `american-stopped` of its American trade (rounded down; one decree or several, the loss
//!   is the same).
//! - In the civil disorder step, before civil disorder is rolled, each power whose decree is
//!   in force rolls a die, in the phase's order: on `us-war-roll` or more the United States
//!   declare war on it (1812). Each power at war with the United States whose decree is no
//!   longer in force rolls too: on `us-peace-roll` or more they make peace (Ghent, 1814).
//! - A power at war with the United States receives no American trade, loses `us-war-money`
//!   of each collection (never below zero: the defence of its colonies and convoys) and
//!   records `us-war-points` victory points in each victory points step.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde_json::json;

/// 8.2.1.2.2.2.2: `stop american trade`.
pub fn stop(next: &mut State, power: Power, log: &mut Vec<Event>) -> Result<(), RuleError> {
    if next.economy.american_stopped.contains(&power) {
        return Err(RuleError::new(
            "8.2.1.2.2.2.2",
            format!("{}'s decree stopping American trade is already in force", power.name()),
        ));
    }
    if !next.at_war_with_a_major(power) {
        return Err(RuleError::new(
            "8.2.1.2.2.2.2",
            format!("{} is at war with no major power: American trade is stopped only to enemies", power.name()),
        ));
    }
    next.economy.american_stopped.insert(power);
    log.push(Event::new(
        format!(
            "{} decrees that American trade to its enemies stops, from the next collection (8.2.1.2.2.2.2)",
            power.name()
        ),
        json!({"kind": "american-trade-stopped", "power": power, "rule": "8.2.1.2.2.2.2"}),
    ));
    Ok(())
}

/// 8.2.1.2.2.2.2: `resume american trade`.
pub fn resume(next: &mut State, power: Power, log: &mut Vec<Event>) -> Result<(), RuleError> {
    if !next.economy.american_stopped.remove(&power) {
        return Err(RuleError::new(
            "8.2.1.2.2.2.2",
            format!("{} has no decree stopping American trade in force", power.name()),
        ));
    }
    log.push(Event::new(
        format!("{} revokes its decree: American trade to its enemies resumes (8.2.1.2.2.2.2)", power.name()),
        json!({"kind": "american-trade-resumed", "power": power, "rule": "8.2.1.2.2.2.2"}),
    ));
    Ok(())
}

/// May `power` decree that American trade stops now (for the legal commands)?
pub fn may_stop(state: &State, power: Power) -> bool {
    !state.economy.american_stopped.contains(&power) && state.at_war_with_a_major(power)
}

/// 8.2.1.2.2.2.2: what `power` loses of `american` trade: all of it at war with the United
/// States; the stopped share while a power at war with it has a decree in force.
pub fn lost(ctx: &Ctx, state: &State, power: Power, american: i32) -> i32 {
    if american <= 0 {
        return 0;
    }
    if state.economy.american_war.contains(&power) {
        return american;
    }
    let stopped =
        state.economy.american_stopped.iter().any(|p| *p != power && state.relations.at_war(p.id(), power.id()));
    if stopped {
        super::share(ctx.economy.rules.american_stopped, american)
    } else {
        0
    }
}

/// 8.2.1.2.2.2.2: what a war with the United States costs `power` of `collected` money.
pub fn war_cost(ctx: &Ctx, state: &State, power: Power, collected: i32) -> i32 {
    if state.economy.american_war.contains(&power) {
        ctx.economy.rules.us_war_money.min(collected.max(0))
    } else {
        0
    }
}

/// Does `power` roll for the United States' answer: a decree in force and no war yet, or a war
/// and no decree in force?
pub fn rolls(state: &State, power: Power) -> bool {
    in_force(state, power) != state.economy.american_war.contains(&power)
}

/// Is `power`'s decree in force: made, and the power still at war with a major power (a
/// decree against no enemy lapses, R8.2.1.2.2.2.2)?
fn in_force(state: &State, power: Power) -> bool {
    state.economy.american_stopped.contains(&power) && state.at_war_with_a_major(power)
}

/// 8.2.1.2.2.2.2: the United States answer, power by power in the phase's order.
pub fn roll(ctx: &Ctx, state: &mut State, dice: &mut dyn DiceSource, log: &mut Vec<Event>) -> Result<(), ApplyError> {
    let rules = &ctx.economy.rules;
    // Lapsed decrees first: their powers roll no more (the state is dropped if a die is missing).
    let lapsed: Vec<Power> = state.economy.american_stopped.iter().copied().filter(|p| !in_force(state, *p)).collect();
    for power in lapsed {
        state.economy.american_stopped.remove(&power);
        log.push(Event::new(
            format!(
                "{}'s decree stopping American trade lapses: it is at war with no major power (R8.2.1.2.2.2.2)",
                power.name()
            ),
            json!({"kind": "american-decree-lapsed", "power": power, "rule": "8.2.1.2.2.2.2"}),
        ));
    }
    for power in super::order(state) {
        if !rolls(state, power) {
            continue;
        }
        let face = dice.roll(6).map_err(|_| ApplyError::NeedDice)?;
        let at_war = state.economy.american_war.contains(&power);
        let (text, changed) = if at_war {
            let peace = face >= rules.us_peace_roll;
            if peace {
                state.economy.american_war.remove(&power);
            }
            let what = if peace { "the United States make peace with it" } else { "the war goes on" };
            (format!("{} rolls {face} for peace with the United States: {what} (8.2.1.2.2.2.2)", power.name()), peace)
        } else {
            let war = face >= rules.us_war_roll;
            if war {
                state.economy.american_war.insert(power);
            }
            let what = if war { "the United States declare war on it" } else { "the United States protest" };
            (
                format!(
                    "{} rolls {face} for the United States' answer to its decree: {what} (8.2.1.2.2.2.2)",
                    power.name()
                ),
                war,
            )
        };
        log.push(Event::new(
            text,
            json!({"kind": "american-war-roll", "power": power, "die": face, "at-war": at_war != changed,
                "rule": "8.2.1.2.2.2.2"}),
        ));
    }
    Ok(())
}

/// 8.2.1.2.2.2.2: in the victory points step, each power at war with the United States records
/// their cost.
pub fn record(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let points = ctx.economy.rules.us_war_points;
    for power in super::order(state) {
        if !state.economy.american_war.contains(&power) || points == 0 {
            continue;
        }
        let total = state.economy.victory_of(power).saturating_add(points);
        state.economy.victory.insert(power, total);
        log.push(Event::new(
            format!(
                "{} records {points:+} victory point(s) for its war with the United States: {total} in all \
                 (8.2.1.2.2.2.2)",
                power.name()
            ),
            json!({"kind": "victory-points", "power": power, "points": points, "total": total,
                "rule": "8.2.1.2.2.2.2"}),
        ));
    }
}
