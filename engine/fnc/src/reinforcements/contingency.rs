//! Russian contingency divisions (8.9).

use crate::ctx::Ctx;
use crate::data::{Counter, SetupCode};
use crate::happened::Happened;
use crate::state::{Location, Phase, Side, State, UnitId, VpKind};
use grognard_engine::{ApplyError, Event, RuleError};

/// `commit DIVISION` (8.9): the Russian player brings a whole contingency division into his
/// box on one of its contingency turns, one division a turn; the Swedes gain two VP.
pub fn apply_commit(
    ctx: &Ctx,
    state: &State,
    side: Side,
    division: &str,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if state.phase != Phase::Reinforcement || side != state.phasing || state.decision.is_some() {
        return Err(RuleError::new(
            "8.9",
            "contingency divisions are committed in their owner's Reinforcement Arrival Phase",
        )
        .into());
    }
    let units: Vec<(UnitId, &Counter)> = state
        .units
        .iter()
        .filter(|(_, l)| **l == Location::Contingency)
        .filter_map(|(u, _)| ctx.counter(u).map(|c| (u.clone(), c)))
        .filter(|(u, c)| c.division.as_deref() == Some(division) && ctx.side_of(u) == Some(side))
        .collect();
    if units.is_empty() {
        return Err(RuleError::new("8.9", format!("division `{division}` has no contingency units waiting")).into());
    }
    let turns_ok = units.iter().all(|(_, c)| matches!(&c.setup, SetupCode::Contingency(t) if t.contains(&state.turn)));
    if !turns_ok {
        return Err(RuleError::new(
            "8.9",
            format!("division `{division}` may not be committed on turn {}", state.turn),
        )
        .into());
    }
    if state.logistics.committed.iter().any(|(t, _)| *t == state.turn) {
        return Err(RuleError::new("8.9", "only one contingency division may be committed a turn").into());
    }
    let box_id = ctx.rules.side_id(side).to_string();
    if ctx.map.box_by_id(&box_id).is_none() {
        return Err(RuleError::new("8.9", format!("the map has no `{box_id}` box")).into());
    }
    let mut s = state.clone();
    let ids: Vec<UnitId> = units.iter().map(|(u, _)| u.clone()).collect();
    for u in &ids {
        s.units.insert(u.clone(), Location::Box(box_id.clone()));
    }
    s.logistics.committed.push((state.turn, division.to_string()));
    s.award_vp(side.other(), VpKind::Event, 2);
    let text = format!(
        "The {} commit contingency division {division} ({}) into their box (8.9): +2 VP to the {}",
        ctx.rules.side_name(side),
        ids.join(", "),
        ctx.rules.side_name(side.other())
    );
    let committed =
        Happened::Contingency { division: division.into(), units: ids, vp_to: side.other(), vp: 2, rule: "8.9".into() };
    log.push(committed.event(text));
    Ok(s)
}
