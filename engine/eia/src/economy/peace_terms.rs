//! The peace terms the economic phase plays (`data/peace.txt`, reconstructed R4.4.6.5 to
//! R4.4.6.7):
//!
//! - reparations (`effect=reparations`: B.3, C.3): `share` of the loser's home nation printed
//!   tax value (its home provinces' tax values of `data/economy.txt`, whoever holds them),
//!   rounded up, paid to the victor in the manipulation step of the next economic phase; or,
//!   if the loser chooses it in its lending turn of that phase (`spread reparations to
//!   POWER`), `spread`'s share, rounded up, in each of the next phases it names. What the
//!   loser cannot pay stays owed to the victor, paid first in the next phases; while it owes,
//!   the loser is in debt (R8.5.2: it buys nothing and loses political points);
//! - colonial concessions (`effect=colonial`: C.7): for `months` from the peace, the victor
//!   takes `share` of the loser's colonial trade (after blockades), rounded down, as it is
//!   collected;
//! - the embargo (`effect=embargo`: B.6): while the victor's enforced peace with the loser
//!   lasts, every major power at war with the victor (but the loser) loses `share` of its
//!   overseas trade, rounded down, for each loser closing its trade to it. The engine applies
//!   it by itself: the loser cannot break it.

use crate::ctx::Ctx;
use crate::data::peace::{Effect, Fraction, Term};
use crate::politics::TermInForce;
use crate::power::Power;
use crate::state::State;
use grognard_board::area::ProvinceKind;
use grognard_engine::{Event, RuleError};
use serde::{Deserialize, Serialize};

/// Reparations owed by a peace term (B.3, C.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reparation {
    pub loser: Power,
    pub victor: Power,
    pub term: String,
    /// What falls due in each of the coming economic phases, the next first.
    pub due: Vec<i32>,
    /// What falls due if the loser spreads the payment (`spread`), before its first payment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spread: Vec<i32>,
    /// Arrears: what the loser could not pay in an earlier phase.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub owed: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// `share` of `value`, rounded up (no floats).
pub fn share_up(share: Fraction, value: i32) -> i32 {
    if value <= 0 || share.denominator == 0 {
        return 0;
    }
    let (n, d) = (i64::from(value) * i64::from(share.numerator), i64::from(share.denominator));
    i32::try_from((n + d - 1) / d).unwrap_or(i32::MAX)
}

/// The printed tax value of `power`'s home nation: its home provinces' tax values, whoever
/// holds them.
pub fn printed_tax(ctx: &Ctx, power: Power) -> i32 {
    ctx.map
        .provinces_of(power.id())
        .into_iter()
        .filter(|p| p.kind == ProvinceKind::Home)
        .map(|p| ctx.economy.province(&p.id).0)
        .sum()
}

/// The reparations a term in force asks of `loser` (none if the term asks none): the whole
/// payment, and the spread one.
pub fn reparation(ctx: &Ctx, term: &Term, victor: Power, loser: Power) -> Option<Reparation> {
    if term.effect != Some(Effect::Reparations) {
        return None;
    }
    let tax = printed_tax(ctx, loser);
    let whole = term.share.map_or(0, |f| share_up(f, tax));
    let spread =
        term.spread.map(|s| vec![share_up(s.share, tax); usize::try_from(s.phases).unwrap_or(0)]).unwrap_or_default();
    Some(Reparation { loser, victor, term: term.id.clone(), due: vec![whole], spread, owed: 0 })
}

/// A formal peace put `term` in force: reparations are recorded for the economic phase
/// (option `economic`; without it the term is only recorded in force).
pub fn opened(ctx: &Ctx, state: &mut State, victor: Power, loser: Power, term: &str, log: &mut Vec<Event>) {
    if !super::played(state) {
        return;
    }
    let Some(r) = ctx.peace.term(term).and_then(|t| reparation(ctx, t, victor, loser)) else { return };
    log.push(Event::new(
        format!(
            "{} owes {} reparations of {} money point(s) in the next economic phase, or {} spread over {} ({term})",
            loser.name(),
            victor.name(),
            r.due.iter().sum::<i32>(),
            r.spread.first().copied().unwrap_or(0),
            r.spread.len()
        ),
        serde_json::json!({"kind": "reparations-owed", "loser": loser, "victor": victor, "term": term,
            "due": r.due, "spread": r.spread}),
    ));
    state.economy.reparations.push(r);
}

/// The reparations `loser` may still spread: those owed to `victor` not yet begun.
fn spreadable(state: &State, loser: Power, victor: Power) -> Option<usize> {
    state.economy.reparations.iter().position(|r| r.loser == loser && r.victor == victor && !r.spread.is_empty())
}

/// May `loser` spread its reparations to `victor` now?
pub fn may_spread(state: &State, loser: Power, victor: Power) -> bool {
    spreadable(state, loser, victor).is_some()
}

/// The victors `loser` may spread reparations to.
pub fn spread_to(state: &State, loser: Power) -> Vec<Power> {
    state.economy.reparations.iter().filter(|r| r.loser == loser && !r.spread.is_empty()).map(|r| r.victor).collect()
}

/// R4.4.6.5: `loser` pays its reparations to `victor` in instalments (`spread reparations to
/// POWER`), before the first payment.
pub fn spread(state: &mut State, loser: Power, victor: Power, log: &mut Vec<Event>) -> Result<(), RuleError> {
    let Some(i) = spreadable(state, loser, victor) else {
        return Err(RuleError::new(
            "R4.4.6.5",
            format!(
                "{} owes {} no reparations it may still spread (B.3, C.3: chosen before the first payment)",
                loser.name(),
                victor.name()
            ),
        ));
    };
    let r = &mut state.economy.reparations[i];
    r.due = std::mem::take(&mut r.spread);
    log.push(Event::new(
        format!(
            "{} pays its reparations to {} in {} instalments of {} ({}, R4.4.6.5)",
            loser.name(),
            victor.name(),
            r.due.len(),
            r.due.first().copied().unwrap_or(0),
            r.term
        ),
        serde_json::json!({"kind": "reparations-spread", "loser": loser, "victor": victor, "due": r.due,
            "rule": "R4.4.6.5"}),
    ));
    Ok(())
}

/// The manipulation step: every loser pays what falls due this phase and its arrears, as far
/// as its money goes; the rest stays owed.
pub fn pay(state: &mut State, log: &mut Vec<Event>) {
    let mut kept = Vec::new();
    for mut r in std::mem::take(&mut state.economy.reparations) {
        let now = if r.due.is_empty() { 0 } else { r.due.remove(0) };
        r.spread.clear();
        let total = r.owed + now;
        let paid = total.min(super::money_of(state, r.loser));
        super::add_money(state, r.loser, -paid);
        super::add_money(state, r.victor, paid);
        r.owed = total - paid;
        log.push(Event::new(
            format!(
                "{} pays {} {paid} money point(s) of reparations ({}){} (R4.4.6.5)",
                r.loser.name(),
                r.victor.name(),
                r.term,
                if r.owed > 0 { format!("; it still owes {}", r.owed) } else { String::new() }
            ),
            serde_json::json!({"kind": "reparations", "loser": r.loser, "victor": r.victor, "term": r.term,
                "paid": paid, "owed": r.owed, "rule": "R4.4.6.5"}),
        ));
        if r.owed > 0 || !r.due.is_empty() {
            kept.push(r);
        }
    }
    state.economy.reparations = kept;
}

/// The reparations `power` owes from earlier phases (a debt, R8.5.2).
pub fn arrears(state: &State, power: Power) -> i32 {
    state.economy.reparations.iter().filter(|r| r.loser == power).map(|r| r.owed).sum()
}

/// The terms in force with `effect`.
fn in_force<'a>(ctx: &'a Ctx, state: &'a State, effect: Effect) -> impl Iterator<Item = (&'a TermInForce, &'a Term)> {
    state
        .politics
        .terms
        .iter()
        .filter_map(move |t| ctx.peace.term(&t.term).filter(|x| x.effect == Some(effect)).map(|x| (t, x)))
}

/// R4.4.6.6: the colonial concessions `loser` pays out of `colonial` trade income this phase:
/// each victor of a colonial term still within its months, its share rounded down, never
/// more in all than the income.
pub fn concessions(ctx: &Ctx, state: &State, loser: Power, colonial: i32) -> Vec<(Power, String, i32)> {
    let mut left = colonial.max(0);
    let mut out = Vec::new();
    for (t, term) in in_force(ctx, state, Effect::Colonial) {
        if t.loser != loser {
            continue;
        }
        let until = crate::politics::peace::add_months(t.from, term.months.unwrap_or(0));
        if state.date >= until {
            continue;
        }
        let amount = term.share.map_or(0, |f| super::share(f, colonial)).min(left);
        left -= amount;
        if amount > 0 {
            out.push((t.victor, t.term.clone(), amount));
        }
    }
    out
}

/// R4.4.6.7: the overseas trade `power` loses to embargoes this phase out of `overseas`: the
/// share of each embargo term in force against it (its victor at war with `power`, the
/// victor's enforced peace with the loser not over), never more than the trade.
pub fn embargoed(ctx: &Ctx, state: &State, power: Power, overseas: i32) -> i32 {
    let mut lost = 0;
    for (t, term) in in_force(ctx, state, Effect::Embargo) {
        let lasting = state.politics.enforced_peace(t.victor, t.loser, state.date).is_some();
        if t.loser == power || !lasting || !state.relations.at_war(t.victor.id(), power.id()) {
            continue;
        }
        lost += term.share.map_or(0, |f| super::share(f, overseas));
    }
    lost.min(overseas.max(0))
}
