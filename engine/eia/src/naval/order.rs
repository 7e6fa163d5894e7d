//! 6.1: at the start of the naval phase Great Britain announces when it moves; the others
//! move in their fixed order (Russia, Turkey, Austria, Prussia, France, Spain). 7.1: in the
//! campaign games France does the same at the start of the land phase (Russia, Turkey,
//! Austria, Prussia, Great Britain, Spain).

use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::{Phase, Sequence};
use crate::state::State;
use grognard_engine::{Event, RuleError};
use serde_json::json;

/// `position N`: Great Britain moves N-th (1 = first) in this naval phase.
pub fn announce(
    ctx: &Ctx,
    state: &State,
    power: Power,
    position: u8,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    if power != Power::Britain || state.sequence.phase != Phase::Naval {
        return Err(RuleError::new("6.1", "only Great Britain announces its place, at the start of the naval phase"));
    }
    let present = crate::turn::present(state);
    let places = present.iter().filter(|p| Power::NAVAL_ORDER_WITHOUT_BRITAIN.contains(p)).count() + 1;
    if position == 0 || usize::from(position) > places {
        return Err(RuleError::new(
            "6.1",
            format!("Great Britain's place in the naval order is 1 to {places}, not {position}"),
        ));
    }
    let mut next = state.clone();
    // 6.1.2: allies combining their movement (4.9) move in the last one's place.
    let order = crate::politics::combined::arrange(
        state,
        Sequence::order_of(Phase::Naval, &present, usize::from(position) - 1),
    );
    let names: Vec<&str> = order.iter().map(|p| p.name()).collect();
    next.sequence = Sequence { phase: Phase::Naval, order, index: 0 };
    next.book.naval.decision = None;
    log.push(Event::new(
        format!("Great Britain takes place {position} in the naval order: {}", names.join(", ")),
        json!({"kind": "naval-order", "position": position, "order": next.sequence.order, "rule": "6.1"}),
    ));
    crate::turn::skip_idle(ctx, &mut next, log);
    Ok(next)
}

/// `position N` at the start of the land phase: France moves N-th (1 = first) in it (7.1).
pub fn announce_land(
    ctx: &Ctx,
    state: &State,
    power: Power,
    position: u8,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let start = Phase::Land(crate::sequence::LandStep::Depots);
    if power != Power::France || state.sequence.phase != start {
        return Err(RuleError::new("7.1", "only France announces its place, at the start of the land phase"));
    }
    let present = crate::turn::present(state);
    let places = present.len();
    if position == 0 || usize::from(position) > places {
        return Err(RuleError::new(
            "7.1",
            format!("France's place in the land order is 1 to {places}, not {position}"),
        ));
    }
    let mut order: Vec<Power> =
        Power::LAND_ORDER_WITHOUT_FRANCE.iter().copied().filter(|p| present.contains(p)).collect();
    order.insert((usize::from(position) - 1).min(order.len()), Power::France);
    // 7.1.2: allies combining their movement (4.9) move in the last one's place.
    let order = crate::politics::combined::arrange(state, order);
    let names: Vec<&str> = order.iter().map(|p| p.name()).collect();
    let combined = match crate::politics::combined::group_of(state, Power::France) {
        Some(group) => format!(
            " (France combines its movement with {}: they move in the last one's place, 7.1.2)",
            group.iter().filter(|p| **p != Power::France).map(|p| p.name()).collect::<Vec<_>>().join(", ")
        ),
        None => String::new(),
    };
    let mut next = state.clone();
    log.push(Event::new(
        format!("France takes place {position} in the land order: {}{combined}", names.join(", ")),
        json!({"kind": "land-order", "position": position, "order": order, "rule": "7.1"}),
    ));
    next.sequence = Sequence { phase: start, order, index: 0 };
    next.book.naval.decision = None;
    crate::turn::skip_idle(ctx, &mut next, log);
    Ok(next)
}
