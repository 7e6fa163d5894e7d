//! The new political combinations step (8.9, option `combinations`, reconstructed R8.9 and
//! R11.1-R11.6, R11.8): in its turn a major power may create the combinations it qualifies for
//! (`create ID`), then `end`. What each needs and does is `data/combinations.txt`:
//!
//! - its creator is one of its `creators`, or (R11.8, `alternate`) any power whose status
//!   marker is in the Dominant Zone;
//! - not before its month (`from`), the creator at peace with the powers of `peace`, the Holy
//!   Roman Empire dissolved if it says so (R11.5, C.6);
//! - the creator controls its seat, its members and every area of its lands.
//!
//! Created, the lands are ceded to the seat (for good, as a peace's cession), the seat becomes
//! a free state of the creator (a new state with its own government), its corps counters are
//! raised at `at` with its factors, and the creator gains its political points. The Holy Roman
//! Empire is part of the same record: it exists in 1805, a game starting after its end starts
//! without it, and C.6 against its emperor may dissolve or re-establish it
//! (`politics::peace`); re-establishing it dissolves the combinations that needed it gone.

use crate::ctx::Ctx;
use crate::data::combinations::Combination;
use crate::date::Month;
use crate::factor::FactorKind;
use crate::forces::Factors;
use crate::power::Power;
use crate::state::{Corps, State};
use grognard_engine::{Event, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The option playing the new political combinations step (3.5 I, 8.9).
pub const OPTION_COMBINATIONS: &str = "combinations";

/// A combination created (R8.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formed {
    /// Its id in `data/combinations.txt`.
    pub id: String,
    /// The power that created it.
    pub by: Power,
    /// The month it was created.
    pub on: Month,
}

/// Is the step played: the economic phase and the option `combinations`?
pub fn played(state: &State) -> bool {
    super::played(state) && state.options.iter().any(|o| o == OPTION_COMBINATIONS)
}

/// Has the combination `id` been created (and not dissolved)?
pub fn formed(state: &State, id: &str) -> bool {
    state.politics.combinations.iter().any(|f| f.id == id)
}

/// C.6, R11.5: does the Holy Roman Empire exist? As a peace last left it, or else as the
/// game's first month says (it ended in August 1806).
pub fn empire_exists(ctx: &Ctx, state: &State) -> bool {
    state.politics.empire.unwrap_or(state.first < ctx.combinations.empire.dissolved_from)
}

/// R11: is `corps` the counter of a combination not created? It is then neither set up,
/// bought nor placed otherwise.
pub fn reserved(ctx: &Ctx, state: &State, corps: &str) -> bool {
    ctx.combinations.of_corps(corps).is_some_and(|c| !formed(state, &c.id))
}

/// R11.8: is `power`'s status marker in the Dominant Zone (the display's top zone)?
fn dominant(ctx: &Ctx, state: &State, power: Power) -> bool {
    let status = super::status_of(ctx, state, power);
    ctx.politics.zones().last().is_some_and(|z| status >= z.lowest)
}

/// The nation controlling `area`'s ground, as a major power.
fn holder(ctx: &Ctx, state: &State, area: &str) -> Option<Power> {
    state.area_controller(ctx, area).and_then(|n| state.controller_of_nation(n))
}

fn nation_name<'a>(ctx: &'a Ctx, id: &'a str) -> &'a str {
    ctx.map.nation(id).map_or(id, |n| n.name.as_str())
}

/// A game of a scenario begun after a historical combination was made starts with it standing
/// as the scenario draws it (its seat's lands and forces are the scenario's): recorded as
/// created by its first creator in its month, so that it is not created a second time (R11).
pub fn open(ctx: &Ctx, state: &mut State) {
    if !played(state) || !state.politics.combinations.is_empty() {
        return;
    }
    for c in ctx.combinations.combinations.iter().filter(|c| c.historical && c.from <= state.first) {
        if let Some(by) = c.creators.first() {
            state.politics.combinations.push(Formed { id: c.id.clone(), by: *by, on: c.from });
        }
    }
}

/// R8.9, R11.1-R11.6, R11.8: may `power` create `c` now? The first condition it fails, naming
/// its rule.
pub fn check(ctx: &Ctx, state: &State, power: Power, c: &Combination) -> Result<(), RuleError> {
    let rule = c.rule.as_str();
    let name = c.name.as_str();
    if formed(state, &c.id) {
        return Err(RuleError::new(rule, format!("{name} exists already")));
    }
    let may = c.creators.contains(&power) || (c.alternate && dominant(ctx, state, power));
    if !may {
        let creators: Vec<&str> = c.creators.iter().map(|p| p.name()).collect();
        let alternate = if c.alternate { " or (11.8) a power in the Dominant Zone" } else { "" };
        return Err(RuleError::new(
            rule,
            format!("{name} is created only by {}{alternate}, not {}", creators.join(", "), power.name()),
        ));
    }
    if state.date < c.from {
        return Err(RuleError::new(rule, format!("{name} is not created before {}", c.from)));
    }
    if let Some(p) = c.peace.iter().find(|p| state.relations.at_war(power.id(), p.id())) {
        return Err(RuleError::new(rule, format!("{name} needs {} at peace with {}", power.name(), p.name())));
    }
    if c.needs_empire_dissolved && empire_exists(ctx, state) {
        return Err(RuleError::new(
            rule,
            format!("{name} needs the Holy Roman Empire dissolved first (peace term C.6)"),
        ));
    }
    for minor in c.seat.iter().chain(c.members.iter()) {
        if state.minors.get(minor).and_then(|m| m.controller) != Some(power) {
            return Err(RuleError::new(
                rule,
                format!("{name} needs {} controlled by {}", nation_name(ctx, minor), power.name()),
            ));
        }
    }
    for land in &c.lands {
        if let Some(area) =
            ctx.map.areas_of_province(land).into_iter().find(|a| holder(ctx, state, &a.id) != Some(power))
        {
            return Err(RuleError::new(
                rule,
                format!("{name} needs {} controlled by {} (its lands)", area.name, power.name()),
            ));
        }
    }
    Ok(())
}

/// The combinations `power` may create now, in the file's order.
pub fn creatable(ctx: &Ctx, state: &State, power: Power) -> Vec<String> {
    if !played(state) {
        return Vec::new();
    }
    ctx.combinations.combinations.iter().filter(|c| check(ctx, state, power, c).is_ok()).map(|c| c.id.clone()).collect()
}

/// May `power` act in the step: has it something to create?
pub fn may_act(ctx: &Ctx, state: &State, power: Power) -> bool {
    !creatable(ctx, state, power).is_empty()
}

/// R8.9: `power` creates the combination `id` (`create ID`).
pub fn create(ctx: &Ctx, state: &mut State, power: Power, id: &str, log: &mut Vec<Event>) -> Result<(), RuleError> {
    if !played(state) {
        return Err(RuleError::new("8.9", "the new political combinations step is an option not played here"));
    }
    let c = ctx.combinations.get(id).ok_or_else(|| {
        let known: Vec<&str> = ctx.combinations.combinations.iter().map(|c| c.id.as_str()).collect();
        RuleError::new("8.9", format!("`{id}` is no political combination ({})", known.join(", ")))
    })?;
    check(ctx, state, power, c)?;
    let rule = c.rule.as_str();
    if let Some(seat) = &c.seat {
        for land in &c.lands {
            for area in ctx.map.areas_of_province(land) {
                state.occupied.insert(area.id.clone(), seat.clone());
                if !state.politics.ceded.contains(&area.id) {
                    state.politics.ceded.push(area.id.clone());
                }
            }
        }
        if let Some(m) = state.minors.get_mut(seat) {
            m.controller = Some(power);
            m.free_state = true;
        }
    }
    let raised = raise(ctx, state, c);
    if let Some(p) = state.powers.get_mut(&power) {
        p.political = p.political.saturating_add(c.points);
    }
    state.politics.combinations.push(Formed { id: c.id.clone(), by: power, on: state.date });
    let mut text = format!("{} creates {} ({rule}, 8.9)", power.name(), c.name);
    if !c.lands.is_empty() {
        let lands: Vec<&str> =
            c.lands.iter().map(|l| ctx.map.province(l).map_or(l.as_str(), |p| p.name.as_str())).collect();
        let seat = c.seat.as_deref().map_or("", |s| nation_name(ctx, s));
        text.push_str(&format!(": {} ceded to {seat}", lands.join(", ")));
    }
    if !c.members.is_empty() {
        let members: Vec<&str> = c.members.iter().map(|m| nation_name(ctx, m)).collect();
        text.push_str(&format!("; members {}", members.join(", ")));
    }
    if !raised.is_empty() {
        text.push_str(&format!("; raises {}", raised.join(", ")));
    }
    if c.points != 0 {
        text.push_str(&format!("; {} gains {} political point(s)", power.name(), c.points));
    }
    log.push(Event::new(
        text,
        json!({"kind": "combination-created", "combination": c.id, "power": power, "rule": rule, "step": "8.9"}),
    ));
    Ok(())
}

/// Its corps counters off the map, filled in order with its factors at `at`.
fn raise(ctx: &Ctx, state: &mut State, c: &Combination) -> Vec<String> {
    let Some(area) = c.at.clone() else { return Vec::new() };
    let (mut infantry, mut cavalry) = (c.infantry, c.cavalry);
    let mut out = Vec::new();
    for id in &c.corps {
        let Some(card) = ctx.cards.corps.get(id) else { continue };
        if state.corps.contains_key(id) {
            continue;
        }
        let take = |left: &mut u16, kind: FactorKind| {
            let n = (*left).min(card.capacity.box_of(kind).map_or(0, |b| b.max_in(state.date)));
            *left -= n;
            n
        };
        let (i, k) = (take(&mut infantry, FactorKind::Infantry), take(&mut cavalry, FactorKind::Cavalry));
        if i + k == 0 {
            break;
        }
        let factors = Factors::of(&[(FactorKind::Infantry, i), (FactorKind::Cavalry, k)]);
        out.push(format!("{id} ({factors}) in {}", ctx.name(&area)));
        state.corps.insert(
            id.clone(),
            Corps {
                nation: card.owner.id().to_string(),
                area: area.clone(),
                in_city: false,
                factors,
                aboard: None,
                veil: Default::default(),
                loan: None,
            },
        );
    }
    out
}

/// C.6, R11.5: the Holy Roman Empire is dissolved (`exists` false) or re-established; the
/// combinations that needed it gone are dissolved with its return: their record ends and their
/// corps counters leave the map (their leaders retire).
pub fn set_empire(ctx: &Ctx, state: &mut State, exists: bool, log: &mut Vec<Event>) {
    state.politics.empire = Some(exists);
    log.push(Event::new(
        format!("the Holy Roman Empire is {} (C.6)", if exists { "re-established" } else { "dissolved" }),
        json!({"kind": "holy-roman-empire", "exists": exists, "rule": "C.6"}),
    ));
    if !exists {
        return;
    }
    let ending: Vec<&Combination> =
        ctx.combinations.combinations.iter().filter(|c| c.needs_empire_dissolved && formed(state, &c.id)).collect();
    for c in ending {
        state.politics.combinations.retain(|f| f.id != c.id);
        let mut text = format!("{} is dissolved: the Holy Roman Empire is re-established ({}, C.6)", c.name, c.rule);
        for corps in c.corps.iter().filter(|id| state.corps.remove(*id).is_some()) {
            let place = crate::state::LeaderPlace::Corps(corps.clone());
            let leaders: Vec<String> =
                state.leaders.iter().filter(|(_, p)| **p == place).map(|(l, _)| l.clone()).collect();
            for l in &leaders {
                state.leaders.insert(l.clone(), crate::state::LeaderPlace::Retiring);
            }
            text.push_str(&format!("; corps {corps} leaves the map"));
            if !leaders.is_empty() {
                text.push_str(&format!(", {} retire(s)", leaders.join(", ")));
            }
        }
        log.push(Event::new(text, json!({"kind": "combination-dissolved", "combination": c.id, "rule": c.rule})));
    }
}
