//! The army reinforcement step (5.2): scenario reinforcements placed in their areas, factors
//! exchanged between corps and garrisons of one area, corps and garrisons demobilised; and
//! the detaching and absorbing of factors during land movement (7.3.3), which moves factors
//! the same way.

use crate::command::{Command, Holder};
use crate::corps_card;
use crate::ctx::Ctx;
use crate::forces::Factors;
use crate::land::city_room;
use crate::power::Power;
use crate::sequence::{LandStep, Phase};
use crate::state::{Corps, Garrison, State};
use crate::FactorKind;
use grognard_engine::{Event, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A reinforcement due this month (5.2.1.1, 5.2.2.1), from the scenario's schedule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "due", rename_all = "kebab-case")]
pub enum Due {
    /// A corps counter placed in `area` with `factors`, and the leaders arriving with it (5.3);
    /// with `campaign`, a counter bought in the economic phase (8.5.4, `area` where it was
    /// bought), which may also be placed where 5.2.1.2 allows.
    Corps {
        corps: String,
        nation: String,
        area: String,
        factors: Factors,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        leaders: Vec<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        campaign: bool,
    },
    /// Army factors of `nation` placed in a corps or a city garrison of `area` (5.2.2.1); with
    /// `campaign`, factors bought in the economic phase (8.5.3, `area` where they were
    /// bought), placed wherever 5.2.2.2 allows (`campaign_placement.rs`).
    Factors {
        nation: String,
        area: String,
        kind: FactorKind,
        count: u16,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        campaign: bool,
    },
}

fn in_reinforcement(state: &State, rule: &str, what: &str) -> Result<(), RuleError> {
    if state.sequence.phase != Phase::ArmyReinforcement {
        return Err(RuleError::new(
            rule,
            format!("{what} only in the army reinforcement step, not in the {}", state.sequence.phase),
        ));
    }
    Ok(())
}

/// May a corps counter due in `area` be placed there (5.2.1.1): not enemy-controlled, no
/// enemy corps in it?
fn corps_placeable(ctx: &Ctx, state: &State, power: Power, area: &str) -> Result<(), RuleError> {
    let controller = state.area_controller(ctx, area).unwrap_or("");
    if state.enemy_of(power, controller) {
        return Err(RuleError::new("5.2.1.1", format!("{} is controlled by the enemy", ctx.name(area))));
    }
    if state.has_unbesieged_enemy_corps(power, area) {
        return Err(RuleError::new("5.2.1.1", format!("enemy corps stand in {}", ctx.name(area))));
    }
    Ok(())
}

/// 5.2.1.1: place a corps counter due this month; 5.2.1.2: a bought one in `area` if named.
pub fn place_corps(
    ctx: &Ctx,
    state: &State,
    power: Power,
    corps: &str,
    area: Option<&str>,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    in_reinforcement(state, "5.2.1.1", "corps counters are placed")?;
    let dues = state.due.get(&power).cloned().unwrap_or_default();
    let index = dues
        .iter()
        .position(|d| matches!(d, Due::Corps { corps: c, .. } if c == corps))
        .ok_or_else(|| RuleError::new("5.2.1.1", format!("corps {corps} is not due to {} this month", power.name())))?;
    let Due::Corps { nation, area: due_area, factors, leaders, campaign, .. } = &dues[index] else {
        return Err(RuleError::new("5.2.1.1", "not a corps"));
    };
    let area = match area {
        Some(a) if a != due_area => {
            if !campaign {
                return Err(RuleError::new(
                    "5.2.1.1",
                    format!("corps {corps} is placed in {}, as the scenario says", ctx.name(due_area)),
                ));
            }
            if ctx.map.area(a).is_none() {
                return Err(RuleError::new("input", format!("there is no land area `{a}`")));
            }
            crate::campaign_placement::corps_area(ctx, state, power, nation, a, factors)?;
            a.to_string()
        }
        _ => due_area.clone(),
    };
    let area = &area;
    corps_placeable(ctx, state, power, area)?;
    if state.corps.contains_key(corps) {
        return Err(RuleError::new("5.2.1.1", format!("corps {corps} is already on the map")));
    }
    let mut next = state.clone();
    next.corps.insert(
        corps.to_string(),
        Corps {
            nation: nation.clone(),
            area: area.clone(),
            in_city: false,
            factors: factors.clone(),
            aboard: None,
            veil: Default::default(),
            loan: None,
        },
    );
    for l in leaders {
        next.leaders.insert(l.clone(), crate::state::LeaderPlace::Corps(corps.to_string()));
    }
    if let Some(list) = next.due.get_mut(&power) {
        list.remove(index);
    }
    let with = if leaders.is_empty() { String::new() } else { format!(" with {}", leaders.join(", ")) };
    log.push(Event::new(
        format!("{} places corps {corps} ({factors}){with} in {}", power.name(), ctx.name(area)),
        json!({"kind": "reinforcement", "corps": corps, "area": area, "rule": "5.2.1.1"}),
    ));
    Ok(next)
}

/// The area a holder stands in, and the nation whose factors it holds.
fn holder_place(state: &State, holder: &Holder) -> Result<(String, Option<String>), RuleError> {
    match holder {
        Holder::Corps(c) => {
            let k = state.corps.get(c).ok_or_else(|| RuleError::new("input", format!("there is no corps `{c}`")))?;
            crate::politics::loan::unchanged(c, k)?;
            Ok((k.area.clone(), Some(k.nation.clone())))
        }
        Holder::City(a) => Ok((a.clone(), state.garrisons.get(a).map(|g| g.nation.clone()))),
        Holder::Depot(a) => state
            .depots
            .get(a)
            .map(|d| (a.clone(), Some(d.power.id().to_string())))
            .ok_or_else(|| RuleError::new("7.3.3", format!("there is no depot in `{a}`"))),
    }
}

/// Can `holder` take `count` factors of `kind` of `nation` for `power` (capacity, 7.3.3.4,
/// 7.3.3.5, card capacities 2.4.2.1.1)? Returns the kind it holds them as: cavalry and guard
/// in a garrison become infantry (7.3.3.2).
fn check_room(
    ctx: &Ctx,
    state: &State,
    power: Power,
    holder: &Holder,
    nation: &str,
    kind: FactorKind,
    count: u16,
) -> Result<FactorKind, RuleError> {
    match holder {
        Holder::Corps(c) => {
            let corps =
                state.corps.get(c).ok_or_else(|| RuleError::new("input", format!("there is no corps `{c}`")))?;
            crate::politics::loan::unchanged(c, corps)?;
            if corps.nation != nation {
                return Err(RuleError::new(
                    "5.2.3",
                    format!("corps {c} is not of {nation}: factors change hands only within one nation"),
                ));
            }
            if corps.in_city && state.besieged(&corps.area) {
                return Err(RuleError::new("5.2.2.1", format!("corps {c} is besieged")));
            }
            let room = corps_card::room(ctx, state, c, kind)?;
            if room < count {
                return Err(RuleError::new(
                    "2.4.2.1.1",
                    format!("corps {c} has room for {room} more {kind}, not {count}"),
                ));
            }
            Ok(kind)
        }
        Holder::City(area) => {
            let city_kind = match kind {
                FactorKind::Cavalry | FactorKind::Guard => kind.in_city(),
                FactorKind::Artillery => {
                    return Err(RuleError::new("7.3.3.2", "artillery factors may not garrison a city"));
                }
                k if k.may_garrison() => k,
                k => return Err(RuleError::new("7.3.3.3", format!("{k} factors may not garrison a city"))),
            };
            if let Some(g) = state.garrisons.get(area) {
                if !g.factors.is_empty() && g.nation != nation {
                    return Err(RuleError::new(
                        "7.3.3.3",
                        format!("the garrison of {} is of {}, not {nation}", ctx.name(area), g.nation),
                    ));
                }
            }
            let room = city_room(ctx, state, power, area).ok_or_else(|| {
                RuleError::new("7.3.3", format!("{} has no unbesieged friendly or vacant city", ctx.name(area)))
            })?;
            if room < count {
                return Err(RuleError::new(
                    "7.3.3.4",
                    format!("the city of {} has room for {room} more factors, not {count}", ctx.name(area)),
                ));
            }
            Ok(city_kind)
        }
        Holder::Depot(area) => {
            let d = state
                .depots
                .get(area)
                .ok_or_else(|| RuleError::new("7.3.3", format!("there is no depot in `{area}`")))?;
            if d.power.id() != nation {
                return Err(RuleError::new("7.3.3.5.1", "a depot is garrisoned only by its own power's factors"));
            }
            if !kind.may_garrison() || kind == FactorKind::Guerrilla {
                return Err(RuleError::new("7.3.3.3.1", format!("{kind} factors may not garrison a depot")));
            }
            let room = crate::land::DEPOT_GARRISON_CAPACITY.saturating_sub(d.garrison.total());
            if room < count {
                return Err(RuleError::new(
                    "7.3.3.5",
                    format!("the depot in {} has room for {room} more factors, not {count}", ctx.name(area)),
                ));
            }
            Ok(kind)
        }
    }
}

fn add_to(next: &mut State, holder: &Holder, nation: &str, kind: FactorKind, count: u16) {
    match holder {
        Holder::Corps(c) => {
            if let Some(k) = next.corps.get_mut(c) {
                k.factors.add(kind, count);
            }
        }
        Holder::City(a) => {
            let g = next
                .garrisons
                .entry(a.clone())
                .or_insert_with(|| Garrison { nation: nation.to_string(), factors: Factors::new() });
            if g.factors.is_empty() {
                g.nation = nation.to_string();
            }
            g.factors.add(kind, count);
        }
        Holder::Depot(a) => {
            if let Some(d) = next.depots.get_mut(a) {
                d.garrison.add(kind, count);
            }
        }
    }
}

/// 5.2.2.1: place army factors due this month in a corps or the city of their area.
pub fn place_factors(
    ctx: &Ctx,
    state: &State,
    power: Power,
    count: u16,
    kind: FactorKind,
    into: &Holder,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    in_reinforcement(state, "5.2.2.1", "army factors are placed")?;
    if matches!(into, Holder::Depot(_)) {
        return Err(RuleError::new("5.2.2.1", "reinforcements join a corps or a city garrison, not a depot"));
    }
    let (area, _) = holder_place(state, into)?;
    let mut next = state.clone();
    let nation = match take_due(ctx, &mut next, power, &area, kind, count) {
        Ok(nation) => nation,
        Err(e) => match campaign_nation(ctx, state, power, into, kind, count)? {
            Some(nation) => {
                take_campaign_due(&mut next, power, &nation, kind, count)?;
                nation
            }
            None => return Err(e),
        },
    };
    let held_as = check_room(ctx, state, power, into, &nation, kind, count)?;
    add_to(&mut next, into, &nation, held_as, count);
    log.push(Event::new(
        format!("{} places {count} {kind} in {into}", power.name()),
        json!({"kind": "reinforcement", "into": into, "count": count, "factor": kind, "rule": "5.2.2.1"}),
    ));
    Ok(next)
}

/// The nation of the bought factors (5.2.2.2) `power` places in `into`: `None` when none of
/// `kind` are due; refused, naming the rule, when `into` may not take them.
fn campaign_nation(
    ctx: &Ctx,
    state: &State,
    power: Power,
    into: &Holder,
    kind: FactorKind,
    count: u16,
) -> Result<Option<String>, RuleError> {
    let nations: Vec<&String> = state
        .due
        .get(&power)
        .into_iter()
        .flatten()
        .filter_map(|d| match d {
            Due::Factors { nation, kind: k, count: n, campaign: true, .. } if *k == kind && *n >= count => Some(nation),
            _ => None,
        })
        .collect();
    let mut refusal = None;
    for nation in nations {
        match crate::campaign_placement::check(ctx, state, power, nation, into, kind)
            .and_then(|()| check_room(ctx, state, power, into, nation, kind, count).map(|_| ()))
        {
            Ok(()) => return Ok(Some(nation.clone())),
            Err(e) => refusal = refusal.or(Some(e)),
        }
    }
    refusal.map_or(Ok(None), Err)
}

/// Take `count` bought `kind` of `nation` from what is due to `power` (5.2.2.2).
pub fn take_campaign_due(
    next: &mut State,
    power: Power,
    nation: &str,
    kind: FactorKind,
    count: u16,
) -> Result<(), RuleError> {
    let list = next.due.entry(power).or_default();
    let index = list
        .iter()
        .position(|d| {
            matches!(d, Due::Factors { nation: x, kind: k, count: n, campaign: true, .. }
                if x == nation && *k == kind && *n >= count)
        })
        .ok_or_else(|| RuleError::new("5.2.2.2", format!("{} has no {count} {kind} of {nation} due", power.name())))?;
    take_from_due(next, power, index, count);
    Ok(())
}

/// `count` factors leave the due item at `index` of `power`'s list (found holding as many):
/// the item goes when none are left, the list when it is empty.
fn take_from_due(next: &mut State, power: Power, index: usize, count: u16) {
    let Some(list) = next.due.get_mut(&power) else { return };
    if let Some(Due::Factors { count: n, .. }) = list.get_mut(index) {
        *n -= count;
        if *n == 0 {
            list.remove(index);
        }
    }
    if list.is_empty() {
        next.due.remove(&power);
    }
}

/// Take `count` `kind` from the scenario's reinforcements due to `power` in `area` (5.2.2.1);
/// the nation they are of.
pub fn take_due(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    area: &str,
    kind: FactorKind,
    count: u16,
) -> Result<String, RuleError> {
    let list = next.due.entry(power).or_default();
    let index = list
        .iter()
        .position(|d| {
            matches!(d, Due::Factors { area: a, kind: k, count: n, campaign: false, .. }
                    if a == area && *k == kind && *n >= count)
        })
        .ok_or_else(|| {
            RuleError::new(
                "5.2.2.1",
                format!("{} has no {count} {kind} due in {} this month", power.name(), ctx.name(area)),
            )
        })?;
    let Some(Due::Factors { nation, .. }) = list.get(index) else {
        return Err(RuleError::new("5.2.2.1", "not factors"));
    };
    let nation = nation.clone();
    take_from_due(next, power, index, count);
    Ok(nation)
}

/// The face-up side of a hidden transfer (2.4.2): a city or depot garrison of `power` gains
/// `count` `kind` (checked as far as the public state shows, `State::lenient`).
pub fn add_to_garrison(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    holder: &Holder,
    kind: FactorKind,
    count: u16,
) -> Result<(), RuleError> {
    let nation = match holder {
        Holder::City(a) => next.garrisons.get(a).filter(|g| !g.factors.is_empty()).map(|g| g.nation.clone()),
        _ => None,
    }
    .unwrap_or_else(|| power.id().to_string());
    let held_as = check_room(ctx, next, power, holder, &nation, kind, count)?;
    add_to(next, holder, &nation, held_as, count);
    Ok(())
}

/// The face-up side of a hidden transfer (2.4.2): a garrison of `power` gives `count` `kind`;
/// `false` when it holds fewer.
pub fn take_from_garrison(next: &mut State, power: Power, holder: &Holder, kind: FactorKind, count: u16) -> bool {
    let holding = match holder {
        Holder::City(a) => next
            .garrisons
            .get(a)
            .is_some_and(|g| next.controller_of_nation(&g.nation) == Some(power))
            .then(|| next.garrisons.get_mut(a).map(|g| &mut g.factors))
            .flatten(),
        Holder::Depot(a) => next.depots.get_mut(a).filter(|d| d.power == power).map(|d| &mut d.garrison),
        Holder::Corps(_) => None,
    };
    holding.is_some_and(|f| f.take(kind, count))
}

/// 5.2.3 (army reinforcement step) and 7.3.3 (land movement step): move factors between two
/// holders of one area. `emptying`: the command says it takes a corps' last factors (2.4.2).
#[allow(clippy::too_many_arguments)]
pub fn transfer(
    ctx: &Ctx,
    state: &State,
    power: Power,
    (count, kind): (u16, FactorKind),
    from: &Holder,
    to: &Holder,
    emptying: bool,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let during_movement = state.sequence.phase == Phase::Land(LandStep::Movement);
    if state.sequence.phase != Phase::ArmyReinforcement && !during_movement {
        return Err(RuleError::new("5.2.3", "factors change hands only in the army reinforcement step, or detach and absorb in the land movement step (7.3.3)"));
    }
    if from == to {
        return Err(RuleError::new("input", "a transfer goes from one holder to another"));
    }
    let (area, nation) = holder_place(state, from)?;
    let (to_area, _) = holder_place(state, to)?;
    if area != to_area {
        return Err(RuleError::new("5.2.3", format!("{from} and {to} are not in one area")));
    }
    let nation = nation.ok_or_else(|| RuleError::new("5.2.3", format!("{from} holds no factors")))?;
    if state.controller_of_nation(&nation) != Some(power) {
        return Err(RuleError::new("5.2.3", format!("the factors of {from} are not {}'s", power.name())));
    }
    if matches!(
        kind,
        FactorKind::Artillery
            | FactorKind::FeudalInfantry
            | FactorKind::FeudalCavalry
            | FactorKind::InsurrectionMilitia
            | FactorKind::InsurrectionCavalry
    ) {
        return Err(RuleError::new("5.2.3", format!("{kind} factors may not be exchanged")));
    }
    let corps_pair = matches!((from, to), (Holder::Corps(_), Holder::Corps(_)));
    if during_movement {
        if corps_pair {
            return Err(RuleError::new("5.2.3", "corps exchange factors only in the army reinforcement step; in the land movement step they detach to and absorb from garrisons (7.3.3)"));
        }
        // 7.3.3.1: no infantry or militia detached or absorbed where enemy corps stand in the field.
        if matches!(kind, FactorKind::Infantry | FactorKind::Militia)
            && state.enemy_field_corps(power, &area).any(|id| state.corps.get(id).is_some_and(|c| c.proper()))
        {
            return Err(RuleError::new("7.3.3.1", format!("enemy corps stand in the field of {}", ctx.name(&area))));
        }
    }
    for h in [from, to] {
        if let Holder::Corps(c) = h {
            if let Some(k) = state.corps.get(c) {
                if k.in_city && state.besieged(&k.area) {
                    return Err(RuleError::new("5.2.3", format!("corps {c} is besieged")));
                }
                // R10.1: an irregular counter's own rules are checked below.
                if k.proper() && !corps_card::may_detach(ctx, c) {
                    return Err(RuleError::new("7.3.3", format!("corps {c} neither detaches nor absorbs factors")));
                }
            }
        }
    }
    let have = match from {
        Holder::Corps(c) => state.corps.get(c).map_or(0, |k| k.factors.get(kind)),
        Holder::City(a) => state.garrisons.get(a).map_or(0, |g| g.factors.get(kind)),
        Holder::Depot(a) => state.depots.get(a).map_or(0, |d| d.garrison.get(kind)),
    };
    if have < count {
        return Err(RuleError::new("5.2.3", format!("{from} holds {have} {kind}, not {count}")));
    }
    // R10.1: an irregular counter takes no factors; it may itself join a garrison
    // (7.3.3.3.1), leaving the map as a counter.
    if let Holder::Corps(c) = to {
        if state.corps.get(c).is_some_and(|k| !k.proper()) {
            return Err(RuleError::new(
                "R10.1",
                format!("{c} is an irregular counter: it holds its one factor and takes none"),
            ));
        }
    }
    let irregular_from = matches!(from, Holder::Corps(c) if state.corps.get(c).is_some_and(|k| !k.proper()));
    if let (Holder::Corps(c), false) = (from, irregular_from) {
        let total = state.corps.get(c).map_or(0, |k| k.factors.total());
        if total == count && during_movement {
            return Err(RuleError::new("7.3.3.1.2", format!("detaching cannot empty corps {c}")));
        }
    }
    if state.hidden_strengths() {
        let empties =
            matches!(from, Holder::Corps(c) if state.corps.get(c).is_some_and(|k| k.factors.total() == count));
        if empties != emptying {
            return Err(RuleError::new(
                "2.4.2",
                if empties {
                    format!("this takes the last factors of {from}: say so (transfer ... emptying)")
                } else {
                    "this transfer empties no corps: leave out `emptying`".to_string()
                },
            ));
        }
    }
    let held_as = check_room(ctx, state, power, to, &nation, kind, count)?;
    let mut next = state.clone();
    match from {
        Holder::Corps(c) => {
            if let Some(k) = next.corps.get_mut(c) {
                k.factors.take(kind, count);
            }
        }
        Holder::City(a) => {
            if let Some(g) = next.garrisons.get_mut(a) {
                g.factors.take(kind, count);
            }
        }
        Holder::Depot(a) => {
            if let Some(d) = next.depots.get_mut(a) {
                d.garrison.take(kind, count);
            }
        }
    }
    add_to(&mut next, to, &nation, held_as, count);
    let mut text = format!("{} moves {count} {kind} from {from} to {to}", power.name());
    if held_as != kind {
        text.push_str(&format!(", which become {held_as} for the rest of the game (7.3.3.2)"));
    }
    if let Holder::Corps(c) = from {
        if next.corps.get(c).is_some_and(|k| k.factors.is_empty()) {
            next.corps.remove(c);
            text.push_str(&format!("; corps {c} is empty and leaves the map (5.2.3)"));
        }
    }
    log.push(Event::new(text, json!({"kind": "transfer", "from": from, "to": to, "count": count, "factor": kind, "rule": if during_movement { "7.3.3" } else { "5.2.3" }})));
    Ok(next)
}

/// 5.2.4: remove a corps, or factors of a garrison, from the map (no political cost).
#[allow(clippy::too_many_arguments)]
pub fn demobilise(
    ctx: &Ctx,
    state: &State,
    power: Power,
    what: &Holder,
    count: Option<u16>,
    kind: Option<FactorKind>,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    in_reinforcement(state, "5.2.4", "forces are demobilised")?;
    let mut next = state.clone();
    let text = match (what, count, kind) {
        (Holder::Corps(c), None, None) => {
            let k = state.corps.get(c).ok_or_else(|| RuleError::new("input", format!("there is no corps `{c}`")))?;
            if state.controller_of_nation(k.side()) != Some(power) {
                return Err(RuleError::new("5.2.4", format!("corps {c} is not {}'s", power.name())));
            }
            crate::politics::loan::unchanged(c, k)?;
            next.corps.remove(c);
            for place in next.leaders.values_mut() {
                if *place == crate::state::LeaderPlace::Corps(c.clone()) {
                    *place = crate::state::LeaderPlace::Retiring;
                }
            }
            if k.veil.is_empty() {
                format!("{} demobilises corps {c} ({})", power.name(), k.factors)
            } else {
                format!("{} demobilises corps {c}", power.name())
            }
        }
        (Holder::Corps(_), _, _) => {
            return Err(RuleError::new(
                "5.2.4",
                "a corps is demobilised whole; move factors to another corps first to keep them",
            ));
        }
        (Holder::City(a), Some(n), Some(k)) | (Holder::Depot(a), Some(n), Some(k)) => {
            let is_city = matches!(what, Holder::City(_));
            let holding = if is_city {
                next.garrisons
                    .get_mut(a)
                    .filter(|g| state.controller_of_nation(&g.nation) == Some(power))
                    .map(|g| &mut g.factors)
            } else {
                next.depots.get_mut(a).filter(|d| d.power == power).map(|d| &mut d.garrison)
            };
            let holding = holding
                .ok_or_else(|| RuleError::new("5.2.4", format!("{what} holds no factors of {}", power.name())))?;
            if !holding.take(k, n) {
                return Err(RuleError::new("5.2.4", format!("{what} holds fewer than {n} {k}")));
            }
            format!("{} demobilises {n} {k} of {what}", power.name())
        }
        _ => return Err(RuleError::new("input", "demobilise CORPS, or demobilise city|depot AREA N KIND")),
    };
    let _ = ctx;
    log.push(Event::new(text, json!({"kind": "demobilise", "what": what, "rule": "5.2.4"})));
    Ok(next)
}

/// Can anything still due to `power` be placed (5.2.2: placement may not be delayed)?
fn placeable(ctx: &Ctx, state: &State, power: Power, due: &Due) -> bool {
    match due {
        Due::Corps { area, campaign: false, .. } => corps_placeable(ctx, state, power, area).is_ok(),
        Due::Corps { area, nation, factors, .. } => {
            corps_placeable(ctx, state, power, area).is_ok()
                || crate::campaign_placement::corps_areas(ctx, state, power, nation, factors)
                    .iter()
                    .any(|a| corps_placeable(ctx, state, power, a).is_ok())
        }
        Due::Factors { nation, kind, campaign: true, .. } => {
            crate::campaign_placement::holders(ctx, state, power, nation, *kind).iter().any(|h| {
                !matches!(h, Holder::Corps(c) if state.corps.get(c).is_some_and(|c| !state.counts(c)))
                    && check_room(ctx, state, power, h, nation, *kind, 1).is_ok()
            })
        }
        Due::Factors { nation, area, kind, .. } => {
            let corps_ok = state
                .corps
                .iter()
                .filter(|(_, c)| c.area == *area && c.nation == *nation && state.counts(c))
                .any(|(id, _)| check_room(ctx, state, power, &Holder::Corps(id.clone()), nation, *kind, 1).is_ok());
            corps_ok || check_room(ctx, state, power, &Holder::City(area.clone()), nation, *kind, 1).is_ok()
        }
    }
}

/// The end of a power's army reinforcement step: refused while a reinforcement can still be
/// placed (5.2.2: placement may not be delayed); what cannot be placed is lost (5.2.1.1,
/// 5.2.2).
pub fn end_step(ctx: &Ctx, state: &State, power: Power, log: &mut Vec<Event>) -> Result<State, RuleError> {
    let dues = state.due.get(&power).cloned().unwrap_or_default();
    if let Some(d) = dues.iter().find(|d| placeable(ctx, state, power, d)) {
        let what = match d {
            Due::Corps { corps, campaign: true, .. } => {
                format!("corps {corps} (place corps {corps} [in AREA], 5.2.1.2)")
            }
            Due::Corps { corps, .. } => format!("corps {corps} (place corps {corps})"),
            Due::Factors { count, kind, nation, campaign: true, .. } => {
                format!("{count} {kind} of {nation} (place N {kind} in CORPS|city AREA, 5.2.2.2)")
            }
            Due::Factors { count, kind, area, .. } => {
                format!("{count} {kind} in {} (place N {kind} in CORPS|city {area})", ctx.name(area))
            }
        };
        return Err(RuleError::new("5.2.2", format!("reinforcements may not be delayed: {what} can still be placed")));
    }
    let mut next = state.clone();
    for d in next.due.remove(&power).unwrap_or_default() {
        let what = match &d {
            Due::Corps { corps, area, .. } => format!("corps {corps} due in {}", ctx.name(area)),
            Due::Factors { count, kind, nation, campaign: true, .. } => format!("{count} bought {kind} of {nation}"),
            Due::Factors { count, kind, area, .. } => format!("{count} {kind} due in {}", ctx.name(area)),
        };
        log.push(Event::new(
            format!("{}'s {what} cannot be placed and is lost", power.name()),
            json!({"kind": "reinforcement-lost", "due": d, "rule": "5.2.2"}),
        ));
    }
    Ok(next)
}

/// Candidate commands of the army reinforcement step, for the legal list: every due item
/// into every holder of its area, a few transfers, demobilising each corps.
pub fn candidates(ctx: &Ctx, state: &State, power: Power) -> Vec<Command> {
    let mut out = Vec::new();
    for d in state.due.get(&power).into_iter().flatten() {
        match d {
            Due::Corps { corps, campaign: true, nation, factors, .. } => {
                out.push(Command::PlaceCorps { corps: corps.clone(), area: None });
                for a in crate::campaign_placement::corps_areas(ctx, state, power, nation, factors) {
                    out.push(Command::PlaceCorps { corps: corps.clone(), area: Some(a) });
                }
            }
            Due::Corps { corps, .. } => out.push(Command::PlaceCorps { corps: corps.clone(), area: None }),
            Due::Factors { kind, count, nation, campaign: true, .. } => {
                for into in crate::campaign_placement::holders(ctx, state, power, nation, *kind) {
                    out.push(Command::Place { count: 1, kind: *kind, into: into.clone() });
                    out.push(Command::Place { count: *count, kind: *kind, into });
                }
            }
            Due::Factors { area, kind, count, nation, .. } => {
                for (id, c) in &state.corps {
                    if c.area == *area && c.nation == *nation && c.loan.is_none() {
                        out.push(Command::Place { count: 1, kind: *kind, into: Holder::Corps(id.clone()) });
                        out.push(Command::Place { count: *count, kind: *kind, into: Holder::Corps(id.clone()) });
                    }
                }
                out.push(Command::Place { count: 1, kind: *kind, into: Holder::City(area.clone()) });
                out.push(Command::Place { count: *count, kind: *kind, into: Holder::City(area.clone()) });
            }
        }
    }
    let mine: Vec<(&String, &Corps)> =
        state.corps.iter().filter(|(_, c)| state.controller_of_nation(c.side()) == Some(power)).collect();
    for (a, ca) in &mine {
        for (b, cb) in &mine {
            if a != b && ca.area == cb.area {
                for (kind, _) in ca.factors.iter() {
                    out.push(Command::Transfer {
                        emptying: ca.factors.total() == 1,
                        count: 1,
                        kind,
                        from: Holder::Corps((*a).clone()),
                        to: Holder::Corps((*b).clone()),
                    });
                }
            }
        }
        out.push(Command::Demobilise { what: Holder::Corps((*a).clone()), count: None, kind: None });
    }
    out
}
