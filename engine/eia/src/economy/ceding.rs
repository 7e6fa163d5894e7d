//! The ceding step (8.8, reconstructed R8.8): a major power may give another major power it
//! is not at war with a minor country it controls or a province it holds outside its home
//! nation (`give ID to POWER`, in its turn of the step); once every power has had its turn,
//! each power offered something answers in a second round (`receive ID`, or for a minor free
//! state `receive ID as conquered`, 8.8.5 and 4.4.6.4; `end` declines what is left). A minor
//! country passes with its control, a province with all its areas, ceded for good as a
//! peace's cession is (`politics::cession`). The giver may not give land holding its own
//! corps, garrisons or depots: it leaves first.

use super::Round;
use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_board::area::ProvinceKind;
use grognard_engine::{Event, RuleError};
use serde::{Deserialize, Serialize};

/// A gift offered in the ceding step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gift {
    pub from: Power,
    pub to: Power,
    /// A minor country's id or a province's.
    pub what: String,
}

/// What `power` may give: the minor countries it controls and the provinces of other nations
/// whose capital area it holds (not its home provinces, not a minor country's, given whole).
pub fn giftable(ctx: &Ctx, state: &State, power: Power) -> Vec<String> {
    let mut out: Vec<String> =
        state.minors.iter().filter(|(_, m)| m.controller == Some(power)).map(|(id, _)| id.clone()).collect();
    for p in ctx.map.provinces() {
        let home = p.nation == power.id() && p.kind == ProvinceKind::Home;
        if home || Power::from_id(&p.nation).is_none() {
            continue;
        }
        let holder = state.area_controller(ctx, &p.capital).and_then(|n| state.controller_of_nation(n));
        if holder == Some(power) {
            out.push(p.id.clone());
        }
    }
    out
}

/// The powers `power` may give to: every other power of the game not at war with it.
pub fn receivers(state: &State, power: Power) -> impl Iterator<Item = Power> + '_ {
    super::order(state)
        .into_iter()
        .filter(move |p| *p != power && !state.relations.at_war(power.id(), p.id()) && !state.politics.out.contains(p))
}

/// Is it the second round of the step, where gifts are answered?
pub fn answering(state: &State) -> bool {
    state.economy.round.as_ref().is_some_and(|r| r.answering)
}

/// The gifts offered to `power`, still open.
pub fn offered_to(state: &State, power: Power) -> Vec<Gift> {
    state.economy.round.as_ref().map_or(Vec::new(), |r| r.gifts.iter().filter(|g| g.to == power).cloned().collect())
}

/// May `power` act in the ceding step now: in the first round, with something to give and
/// someone to give it to; in the second, with a gift to answer?
pub fn may_act(ctx: &Ctx, state: &State, power: Power) -> bool {
    if answering(state) {
        return !offered_to(state, power).is_empty();
    }
    receivers(state, power).next().is_some() && !giftable(ctx, state, power).is_empty()
}

/// The first round is over: the second begins if any gift waits (`true`).
pub fn second_round(state: &mut State) -> bool {
    let Some(round) = state.economy.round.as_mut() else { return false };
    if round.answering || round.gifts.is_empty() {
        return false;
    }
    round.answering = true;
    state.sequence.index = 0;
    true
}

/// The forces of `power` standing in `areas` of `what`, the first found: corps, garrisons,
/// depots (a minor country's own forces go with it).
fn forces_in(ctx: &Ctx, state: &State, power: Power, what: &str, areas: &[String]) -> Option<String> {
    let ours = |nation: &str| nation != what && state.controller_of_nation(nation) == Some(power);
    let corps = state.corps.values().filter(|c| ours(c.side()) && areas.contains(&c.area)).map(|c| c.area.clone());
    let garrisons =
        state.garrisons.iter().filter(|(a, g)| ours(&g.nation) && areas.contains(a)).map(|(a, _)| a.clone());
    let depots = state.depots.iter().filter(|(a, d)| d.power == power && areas.contains(a)).map(|(a, _)| a.clone());
    corps.chain(garrisons).chain(depots).next().map(|a| ctx.name(&a).to_string())
}

/// The land areas of what is given: a minor country's or a province's.
fn areas_of(ctx: &Ctx, state: &State, what: &str) -> Vec<String> {
    if state.minors.contains_key(what) {
        return ctx.map.areas_of(what).iter().map(|a| a.id.clone()).collect();
    }
    ctx.map.areas_of_province(what).iter().map(|a| a.id.clone()).collect()
}

/// R8.8: `from` offers `what` to `to` (`give ID to POWER`).
pub fn give(
    ctx: &Ctx,
    state: &mut State,
    from: Power,
    what: &str,
    to: Power,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if answering(state) {
        return Err(RuleError::new("R8.8", "the gifts are being answered: no more are offered this step"));
    }
    if !receivers(state, from).any(|p| p == to) {
        return Err(RuleError::new(
            "R8.8",
            format!(
                "{} may give only to another power of the game it is not at war with, not {}",
                from.name(),
                to.name()
            ),
        ));
    }
    if !giftable(ctx, state, from).iter().any(|g| g == what) {
        return Err(RuleError::new(
            "R8.8",
            format!(
                "{} may give `{what}` only if it controls that minor country or holds that province outside its home nation",
                from.name()
            ),
        ));
    }
    if let Some(area) = forces_in(ctx, state, from, what, &areas_of(ctx, state, what)) {
        return Err(RuleError::new(
            "R8.8",
            format!("{} still has forces in {area}: they leave what it gives first", from.name()),
        ));
    }
    let round = state.economy.round.get_or_insert_with(Round::default);
    if round.gifts.iter().any(|g| g.what == what) {
        return Err(RuleError::new("R8.8", format!("`{what}` is already offered this step")));
    }
    round.gifts.push(Gift { from, to, what: what.to_string() });
    log.push(Event::new(
        format!("{} offers {} to {} (8.8)", from.name(), name(ctx, what), to.name()),
        serde_json::json!({"kind": "gift-offered", "from": from, "to": to, "what": what, "rule": "8.8"}),
    ));
    Ok(())
}

/// R8.8: `to` accepts `what` (`receive ID [as conquered]`): it changes hands.
pub fn receive(
    ctx: &Ctx,
    state: &mut State,
    to: Power,
    what: &str,
    conquered: bool,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let gift =
        offered_to(state, to).into_iter().find(|g| g.what == what).filter(|_| answering(state)).ok_or_else(|| {
            RuleError::new("R8.8", format!("nothing called `{what}` is offered to {} now", to.name()))
        })?;
    if conquered && !state.minors.get(what).is_some_and(|m| m.free_state) {
        return Err(RuleError::new(
            "8.8.5",
            format!("{} is no minor free state to make a conquered country", name(ctx, what)),
        ));
    }
    if let Some(round) = state.economy.round.as_mut() {
        round.gifts.retain(|g| g.what != what);
    }
    if let Some(m) = state.minors.get_mut(what) {
        m.controller = Some(to);
    } else if let Some(province) = ctx.map.province(what) {
        for area in ctx.map.areas_of_province(&province.id) {
            if province.nation == to.id() {
                state.occupied.remove(&area.id);
                state.politics.ceded.retain(|a| a != &area.id);
            } else {
                state.occupied.insert(area.id.clone(), to.id().to_string());
                if !state.politics.ceded.contains(&area.id) {
                    state.politics.ceded.push(area.id.clone());
                }
            }
        }
    }
    log.push(Event::new(
        format!("{} cedes {} to {} (8.8)", gift.from.name(), name(ctx, what), to.name()),
        serde_json::json!({"kind": "ceded", "what": what, "from": gift.from, "to": to, "rule": "8.8"}),
    ));
    if conquered {
        crate::politics::cession::conquer(ctx, state, what, "8.8.5", log);
    }
    Ok(())
}

fn name(ctx: &Ctx, id: &str) -> String {
    ctx.map
        .nation(id)
        .map(|n| n.name.clone())
        .or_else(|| ctx.map.province(id).map(|p| p.name.clone()))
        .unwrap_or_else(|| id.to_string())
}
