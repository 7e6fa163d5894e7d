//! The two forces of a battle (7.3.8.7, 7.5.1.2): the phasing power's corps in the field of
//! the area against its enemies' corps and depot garrisons there, their commanders (R10.6.1)
//! and morale (R7.5.2.6).

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::{LeaderPlace, State};
use crate::FactorKind;

/// A side of a battle: the corps that fight and whether a depot garrison stands with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Force {
    /// The corps in the field, by id, ascending.
    pub corps: Vec<String>,
    /// The area's depot garrison fights with the defender (7.5.1.2).
    pub depot: bool,
}

/// The attacker's corps in the field of `area`: `power`'s and its minors' (7.5.1), and those
/// of its allies there at war with every defending power (7.3.8.6, `declaration::joins`).
pub fn attackers(state: &State, power: Power, area: &str) -> Vec<String> {
    let defending = crate::combat::declaration::defending_powers(state, power, area);
    state
        .corps
        .iter()
        .filter(|(_, c)| {
            c.area == area
                && !c.in_city
                && c.aboard.is_none()
                && state
                    .controller_of_nation(c.side())
                    .is_some_and(|p| p == power || crate::combat::declaration::joins(state, power, p, &defending))
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// The defender's corps in the field of `area`: every enemy of `power` there (7.3.8.7).
pub fn defenders(state: &State, power: Power, area: &str) -> Vec<String> {
    state.enemy_field_corps(power, area).map(str::to_string).collect()
}

/// Does an enemy depot garrison of `power` stand in `area` (7.3.7.2, 7.5.1.2)?
pub fn enemy_depot_garrison(state: &State, power: Power, area: &str) -> bool {
    state.depots.get(area).is_some_and(|d| state.enemy_of(power, d.power.id()) && !d.garrison.is_empty())
}

/// The power of a force's largest share of factors (ties: `Power` order): who chooses its
/// chit (R7.3.8.7) and whose morale levels its minors use.
pub fn leading_power(state: &State, corps: &[String]) -> Option<Power> {
    let mut by_power: Vec<(Power, u32)> = Vec::new();
    for id in corps {
        let Some(c) = state.corps.get(id) else { continue };
        let Some(p) = state.controller_of_nation(c.side()) else { continue };
        match by_power.iter_mut().find(|(q, _)| *q == p) {
            Some((_, n)) => *n += u32::from(c.factors.total()),
            None => by_power.push((p, u32::from(c.factors.total()))),
        }
    }
    by_power.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    by_power.first().map(|(p, _)| *p)
}

/// The leaders with a force's corps, ascending by id.
pub fn leaders(state: &State, corps: &[String]) -> Vec<String> {
    state
        .leaders
        .iter()
        .filter(|(_, place)| matches!(place, LeaderPlace::Corps(c) if corps.contains(c)))
        .map(|(id, _)| id.clone())
        .collect()
}

/// A force's commander and his ratings in this battle (R10.6.1.1, R10.6.1.2.1): the leader
/// with the best tactical rating (then strategic, then id); his tactical rating drops by one
/// when the force has more corps than his tactical maximum. `(None, 0, 0)` without a leader.
pub fn commander(ctx: &Ctx, state: &State, corps: &[String]) -> (Option<String>, u32, u32) {
    let mut best: Option<(String, u32, u32, u32)> = None;
    for id in leaders(state, corps) {
        let Some(r) = ctx.leaders.get(&id).and_then(|l| l.ratings()) else { continue };
        let (t, s, m) = (u32::from(r.tactical), u32::from(r.strategic), u32::from(r.max_corps));
        let better = match &best {
            None => true,
            Some((bid, bt, bs, _)) => (t, s) > (*bt, *bs) || ((t, s) == (*bt, *bs) && id < *bid),
        };
        if better {
            best = Some((id, t, s, m));
        }
    }
    match best {
        Some((id, t, s, m)) => {
            let over = corps.len() > m as usize;
            (Some(id), if over { t.saturating_sub(1) } else { t }, s)
        }
        None => (None, 0, 0),
    }
}

/// Fighting factors of a set of corps (and the area's depot garrison), every kind together.
pub fn factors(state: &State, corps: &[String], depot_area: Option<&str>) -> u32 {
    let corps_total: u32 =
        corps.iter().filter_map(|id| state.corps.get(id)).map(|c| u32::from(c.factors.total())).sum();
    let depot = depot_area.and_then(|a| state.depots.get(a)).map_or(0, |d| u32::from(d.garrison.total()));
    corps_total + depot
}

/// Cavalry factors of a set of corps (12.3.3.1).
pub fn cavalry(state: &State, corps: &[String]) -> u32 {
    corps
        .iter()
        .filter_map(|id| state.corps.get(id))
        .map(|c| u32::from(c.factors.get(FactorKind::Cavalry)) + u32::from(c.factors.get(FactorKind::FeudalCavalry)))
        .sum()
}

/// A force's morale level in tenths (R7.5.2.6.1): the average of its factors' base morale
/// levels (the MORALE chart by power and kind; a minor's factors use its controller's
/// levels), weighted by factors, rounded down. Depot garrisons count as the depot power's
/// infantry; a sallying city garrison (`city_area`, 7.5.4.2) as its controller's factors.
pub fn morale(ctx: &Ctx, state: &State, corps: &[String], depot_area: Option<&str>, city_area: Option<&str>) -> u32 {
    let mut sum = 0u32;
    let mut count = 0u32;
    let mut add = |power: Power, kind: FactorKind, n: u16| {
        let level = ctx
            .charts
            .morale(power, kind)
            .or_else(|| ctx.charts.morale(power, FactorKind::Infantry))
            .map_or(30, |m| m.base.0);
        sum += level * u32::from(n);
        count += u32::from(n);
    };
    for id in corps {
        let Some(c) = state.corps.get(id) else { continue };
        let Some(p) = state.controller_of_nation(c.side()) else { continue };
        for (k, n) in c.factors.iter() {
            add(p, k, n);
        }
    }
    if let Some(d) = depot_area.and_then(|a| state.depots.get(a)) {
        add(d.power, FactorKind::Infantry, d.garrison.total());
    }
    if let Some(g) = city_area.and_then(|a| state.garrisons.get(a)) {
        if let Some(p) = state.controller_of_nation(&g.nation) {
            for (k, n) in g.factors.iter() {
                add(p, k, n);
            }
        }
    }
    sum.checked_div(count).unwrap_or(0)
}
