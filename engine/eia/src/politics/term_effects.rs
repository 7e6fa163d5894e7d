//! What the peace terms in force do at once (4.4.3-4.4.5, `data/peace.txt`): corps removed
//! by the loser, picked at random by the victor (B.1, C.1: terms with a number of corps);
//! the enforced peace lengthened for the loser (B.2, C.2: `truce`); the victor's forces left
//! where they are (C.5: `access`). Ceding (B.7, C.4) is asked of the victor (`cession.rs`).
//! A royal marriage (B.5: `effect=marriage`) stands while its term is in force and is broken
//! as an alliance is (4.6.4.2.2): by a war between the two houses, or in the breaking
//! alliances step (4.7), for the points of breaking an alliance (R4.4.6.8). The economic
//! terms (reparations, colonial concessions, embargo) are played by `economy::peace_terms`;
//! abdication (C.6) removes leaders below. The other terms are recorded in force
//! (`Politics::terms`) for the rules that read them.

use crate::ctx::Ctx;
use crate::data::cards::CorpsKind;
use crate::data::peace::Effect;
use crate::data::politics::Points;
use crate::date::Month;
use crate::power::Power;
use crate::state::{LeaderPlace, State};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde::{Deserialize, Serialize};

/// How many corps a term with `corps` N and `share` a/b takes from `loser`: N or the share of
/// its home nation's corps (rounded up), whichever is fewer.
pub fn corps_due(ctx: &Ctx, state: &State, loser: Power, term: &str) -> usize {
    let Some(t) = ctx.peace.term(term) else { return 0 };
    let Some(most) = t.corps else { return 0 };
    let total = state.corps.values().filter(|c| c.nation == loser.id() && c.proper()).count() as u32;
    let share = t.share.map_or(total, |f| (total * f.numerator).div_ceil(f.denominator.max(1)));
    most.min(share) as usize
}

/// The loser's corps a removal may take: its home nation's, but Guard and Grenadier corps and
/// corps on loan to another victor (B.4).
fn removable(ctx: &Ctx, state: &State, loser: Power) -> Vec<String> {
    state
        .corps
        .iter()
        .filter(|(id, c)| {
            c.nation == loser.id()
                && c.loan.is_none()
                && ctx.cards.corps_card(id).is_some_and(|card| card.kind != CorpsKind::Guard)
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// B.1, C.1: the corps `term` takes from `loser`, picked at random (a die of as many faces as
/// corps left to pick from, in the order of their ids).
pub fn remove_corps(
    ctx: &Ctx,
    state: &mut State,
    victor: Power,
    loser: Power,
    term: &str,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let due = corps_due(ctx, state, loser, term);
    let mut pool = removable(ctx, state, loser);
    let mut picked = Vec::new();
    for _ in 0..due.min(pool.len()) {
        let index = if pool.len() > 1 {
            let sides = u32::try_from(pool.len()).unwrap_or(u32::MAX);
            dice.roll(sides).map_err(|_| ApplyError::NeedDice)? as usize - 1
        } else {
            0
        };
        picked.push(pool.remove(index.min(pool.len() - 1)));
    }
    for id in picked {
        state.corps.remove(&id);
        log.push(Event::new(
            format!(
                "{} removes corps {id}, picked at random by {} ({term}); it may be rebuilt",
                loser.name(),
                victor.name()
            ),
            serde_json::json!({"kind": "corps-removed", "corps": id, "power": loser, "term": term}),
        ));
    }
    Ok(())
}

/// B.5: is a royal marriage in force between the houses of `a` and `b`?
pub fn married(ctx: &Ctx, state: &State, a: Power, b: Power) -> bool {
    marriage(ctx, state, a, b).is_some()
}

fn marriage(ctx: &Ctx, state: &State, a: Power, b: Power) -> Option<usize> {
    state.politics.terms.iter().position(|t| {
        ((t.victor, t.loser) == (a, b) || (t.victor, t.loser) == (b, a))
            && ctx.peace.term(&t.term).is_some_and(|x| x.effect == Some(Effect::Marriage))
    })
}

/// The powers `power` is bound to by a royal marriage (B.5), in the order of the powers.
pub fn spouses(ctx: &Ctx, state: &State, power: Power) -> Vec<Power> {
    state.powers.keys().copied().filter(|p| *p != power && married(ctx, state, power, *p)).collect()
}

/// B.5, 4.6.4.2.2: the royal marriage of `a` and `b`, if any, is broken (`rule`: the war or
/// the step that breaks it): the term is no longer in force, the break is recorded as an
/// alliance's (4.5.3), and each of `breakers` loses the points of breaking an alliance
/// (R4.4.6.8). Returns whether there was one.
pub fn break_marriage(
    ctx: &Ctx,
    next: &mut State,
    a: Power,
    b: Power,
    breakers: &[Power],
    rule: &str,
    log: &mut Vec<Event>,
) -> bool {
    let Some(i) = marriage(ctx, next, a, b) else { return false };
    let term = next.politics.terms.remove(i);
    next.politics.broken.push(super::Broken { a, b, on: next.date });
    log.push(Event::new(
        format!("the royal marriage of {} and {} is broken ({}, {rule})", a.name(), b.name(), term.term),
        serde_json::json!({"kind": "marriage-broken", "powers": [a, b], "by": breakers, "term": term.term,
            "rule": rule}),
    ));
    for p in breakers {
        super::points::change(ctx, next, *p, Points::BreakAlliance, 1, rule, "breaking a royal marriage", log);
    }
    true
}

/// 4.7, B.5: `breaker` breaks its ties with `other` in the breaking alliances step: their
/// alliance and their royal marriage, whichever stand, each for its points (4.6.4.2.2).
pub fn break_ties(
    ctx: &Ctx,
    next: &mut State,
    breaker: Power,
    other: Power,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let married = married(ctx, next, breaker, other);
    if married && !next.relations.allied(breaker.id(), other.id()) {
        break_marriage(ctx, next, breaker, other, &[breaker], "4.7", log);
        return Ok(());
    }
    super::alliance::break_alliance(ctx, next, breaker, other, "4.7", log)?;
    break_marriage(ctx, next, breaker, other, &[breaker], "4.7", log);
    Ok(())
}

/// C.6: a leader removed from play by abdication, until 8.4.3 returns him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Removed {
    pub leader: String,
    pub power: Power,
    /// The victors who removed him.
    pub by: Vec<Power>,
    pub on: Month,
}

/// C.6: the leaders of `loser` the victors may remove: those in play (on the map or retired),
/// not prisoners, in the order of their ids.
pub fn removable_leaders(ctx: &Ctx, state: &State, loser: Power) -> Vec<String> {
    state
        .leaders
        .iter()
        .filter(|(id, place)| {
            ctx.leaders.get(id).is_some_and(|l| l.power == loser) && !matches!(place, LeaderPlace::Captured(_))
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// C.6: `leader` of `loser` is removed from play by `by`.
pub fn remove_leader(
    ctx: &Ctx,
    state: &mut State,
    loser: Power,
    by: &[Power],
    leader: &str,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !removable_leaders(ctx, state, loser).iter().any(|l| l == leader) {
        return Err(RuleError::new(
            "C.6",
            format!("`{leader}` is no leader of {} in play: abdication removes the loser's own", loser.name()),
        ));
    }
    state.leaders.remove(leader);
    let name = ctx.leaders.get(leader).map_or(leader.to_string(), |l| l.name.clone());
    state.politics.removed.push(Removed { leader: leader.to_string(), power: loser, by: by.to_vec(), on: state.date });
    log.push(Event::new(
        format!("{name} of {} is removed from play by abdication (C.6); only 8.4.3 returns him", loser.name()),
        serde_json::json!({"kind": "leader-removed", "leader": leader, "power": loser, "by": by, "rule": "C.6"}),
    ));
    Ok(())
}

/// R8.4.3: in the manipulation step, a leader removed by abdication returns, retired (to be
/// placed by 5.3), once his power is at war with a power that removed him, or when none of
/// them is left in the game.
pub fn return_leaders(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let mut kept = Vec::new();
    for r in std::mem::take(&mut state.politics.removed) {
        let present = |p: &Power| state.powers.contains_key(p) && !state.politics.out.contains(p);
        let at_war = r.by.iter().any(|v| state.relations.at_war(v.id(), r.power.id()));
        let gone = !r.by.iter().any(present);
        if !(at_war || gone) || !present(&r.power) {
            kept.push(r);
            continue;
        }
        state.leaders.insert(r.leader.clone(), LeaderPlace::Retired);
        let name = ctx.leaders.get(&r.leader).map_or(r.leader.clone(), |l| l.name.clone());
        log.push(Event::new(
            format!(
                "{name} returns to {}'s service, retired: it may place him in a reinforcement step (R8.4.3, 5.3)",
                r.power.name()
            ),
            serde_json::json!({"kind": "leader-returns", "leader": r.leader, "power": r.power, "rule": "R8.4.3"}),
        ));
    }
    state.politics.removed = kept;
}
