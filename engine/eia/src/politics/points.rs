//! Political points gained and lost in the political phase (4.2.1, 4.3.1.3, 4.4.2.3, 4.5,
//! 4.6.3.1, 4.7), each change told in an event naming its rule. The values are the POLITICAL
//! POINTS CHART's (`data/politics.txt`).

use crate::ctx::Ctx;
use crate::data::politics::Points;
use crate::power::Power;
use crate::state::State;
use grognard_engine::Event;

/// `power` gains (or, negative, loses) `times` times the chart's `which` points for `why`.
#[allow(clippy::too_many_arguments)]
pub fn change(
    ctx: &Ctx,
    state: &mut State,
    power: Power,
    which: Points,
    times: i32,
    rule: &str,
    why: &str,
    log: &mut Vec<Event>,
) {
    let amount = ctx.politics.points(which).saturating_mul(times);
    if amount == 0 {
        return;
    }
    let Some(p) = state.powers.get_mut(&power) else { return };
    p.political = p.political.saturating_add(amount);
    let verb = if amount > 0 { "gains" } else { "loses" };
    log.push(Event::new(
        format!("{} {verb} {} political point(s): {why} ({rule})", power.name(), amount.abs()),
        serde_json::json!({"kind": "political-points", "power": power, "amount": amount, "rule": rule}),
    ));
}
