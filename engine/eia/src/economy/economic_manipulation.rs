//! Economic manipulation (8.4.2, option 12.5, reconstructed R8.4.2). The text fixes only the
//! display: each major power's economic manipulation marker starts in the "0" box of its
//! ECONOMIC MANIPULATION DISPLAY (1.5, 2.4.2.1.3), recorded with the economic worksheet
//! (2.4.2.2.3). The rest is judgement (RECONSTRUCTION.md):
//!
//! - in the manipulation step each power in turn may move its marker one box up (`raise
//!   taxes`) or down (`lower taxes`), once a phase, never past `manipulation-limit` boxes
//!   either side of 0; then `end`;
//! - when every power has ended, each marker off 0 yields, for each box above 0,
//!   `manipulation-money` of the home nation's printed tax value (rounded down) and
//!   `manipulation-manpower`, and costs `manipulation-points` political points; each box below
//!   0 gives up as much money and manpower (never below zero) and gains as many points. The
//!   marker stays where it is: the money comes now, the cost lasts every phase until the
//!   marker is brought back, a box a phase.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_engine::{Event, RuleError};
use serde_json::json;

/// Option 12.5: economic manipulation.
pub const OPTION_ECONOMIC_MANIPULATION: &str = "economic-manipulation";

/// Is economic manipulation played (option 12.5 with the economic phase)?
pub fn played(state: &State) -> bool {
    super::played(state) && state.options.iter().any(|o| o == OPTION_ECONOMIC_MANIPULATION)
}

/// Has `power` moved its marker this phase?
fn moved(state: &State, power: Power) -> bool {
    state.economy.round.as_ref().is_some_and(|r| r.manipulated.contains(&power))
}

/// May `power` move its marker up (`raise`) or down now (for the legal commands)?
pub fn may_move(ctx: &Ctx, state: &State, power: Power, raise: bool) -> bool {
    let limit = ctx.economy.rules.manipulation_limit;
    let at = state.economy.manipulation_of(power);
    played(state) && !moved(state, power) && if raise { at < limit } else { at > -limit }
}

/// R8.4.2: `raise taxes` or `lower taxes`.
pub fn manipulate(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    raise: bool,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !played(next) {
        return Err(RuleError::new(
            "8.4.2",
            format!("economic manipulation is optional: option `{OPTION_ECONOMIC_MANIPULATION}` (12.5)"),
        ));
    }
    if moved(next, power) {
        return Err(RuleError::new(
            "8.4.2",
            format!("{} has moved its marker this phase: one box a phase", power.name()),
        ));
    }
    let limit = ctx.economy.rules.manipulation_limit;
    let at = next.economy.manipulation_of(power);
    let to = if raise { at + 1 } else { at - 1 };
    if to.abs() > limit {
        return Err(RuleError::new(
            "8.4.2",
            format!("{}'s marker stands in box {at}, the last of the display (-{limit} to {limit})", power.name()),
        ));
    }
    if to == 0 {
        next.economy.manipulation.remove(&power);
    } else {
        next.economy.manipulation.insert(power, to);
    }
    if let Some(round) = next.economy.round.as_mut() {
        round.manipulated.insert(power);
    }
    log.push(Event::new(
        format!(
            "{} {} taxes: its economic manipulation marker moves from box {at} to box {to} (8.4.2)",
            power.name(),
            if raise { "raises" } else { "lowers" }
        ),
        json!({"kind": "economic-manipulation", "power": power, "from": at, "to": to, "rule": "8.4.2"}),
    ));
    Ok(())
}

/// R8.4.2: what one box of `power`'s display is worth: money and manpower.
pub fn per_box(ctx: &Ctx, power: Power) -> (i32, i32) {
    let rules = &ctx.economy.rules;
    (super::share(rules.manipulation_money, super::peace_terms::printed_tax(ctx, power)), rules.manipulation_manpower)
}

/// R8.4.2: the step is over: every marker off 0 yields and costs.
pub fn close(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    if !played(state) {
        return;
    }
    for power in super::order(state) {
        let at = state.economy.manipulation_of(power);
        if at == 0 {
            continue;
        }
        let (money, men) = per_box(ctx, power);
        let mut money = money.saturating_mul(at);
        let mut men = men.saturating_mul(at);
        if money < 0 {
            money = money.max(-super::money_of(state, power));
        }
        if men < 0 {
            men = men.max(-state.economy.manpower_of(power).max(0));
        }
        let points = ctx.economy.rules.manipulation_points.saturating_mul(at);
        super::add_money(state, power, money);
        super::add_manpower(state, power, men);
        if let Some(p) = state.powers.get_mut(&power) {
            p.political = p.political.saturating_add(points);
        }
        log.push(Event::new(
            format!(
                "{}'s economic manipulation marker in box {at}: {money:+} money point(s), {men:+} manpower, \
                 {points:+} political point(s) (8.4.2)",
                power.name()
            ),
            json!({"kind": "economic-manipulation-yield", "power": power, "box": at, "money": money,
                "manpower": men, "points": points, "rule": "8.4.2"}),
        ));
    }
}
