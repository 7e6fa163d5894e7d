//! A garrisoned depot the enemy marches onto (7.3.6.2): when a moving corps stops in an area
//! holding a garrisoned depot of a power at war with it, the depot's owner is asked at once,
//! before anything else happens, whether to destroy the depot. `keep depot` leaves it to be
//! fought for (7.5.1.2; a beaten defender's depot is destroyed, R7.5.2.14); `destroy depot`
//! destroys it and moves its whole garrison into the unbesieged friendly or vacant city of the
//! area; `destroy depot surrendering` destroys it and the garrison surrenders.
//!
//! R7.3.6.2 (reconstructed): the text asks before "the moving force chooses whether to leave
//! the area or to stay and fight"; a move here is one command naming its whole path, so the
//! owner is asked when the corps stops in the area (a corps only passing through never fights
//! there). The text lets part of the garrison go into a city too small for all of it, the rest
//! surrendering; here the whole garrison moves in or surrenders, so that with hidden strengths
//! the answer's effect does not depend on the factors of corps inside the city.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::forces::Factors;
use crate::power::Power;
use crate::state::{Garrison, State};
use grognard_engine::{Event, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The question 7.3.6.2 puts to a depot's owner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DepotQuestion {
    /// The area of the depot.
    pub area: String,
    /// The depot's power, who answers.
    pub owner: Power,
    /// The enemy corps that stopped there.
    pub corps: String,
}

/// The answers, as commands.
pub fn answers() -> [Command; 3] {
    [
        Command::DepotAnswer { destroy: false, surrender: false },
        Command::DepotAnswer { destroy: true, surrender: false },
        Command::DepotAnswer { destroy: true, surrender: true },
    ]
}

/// The power whose answer the rules wait for, if any.
pub fn decider(state: &State) -> Option<Power> {
    state.book.depot_question.as_ref().map(|q| q.owner)
}

/// After `corps` of `power` stopped in its area: ask the owner of a garrisoned enemy depot
/// there (7.3.6.2; a corps proper: irregulars riding in attack the garrison, 7.5.1).
pub fn ask(state: &mut State, power: Power, corps: &str) {
    let Some(c) = state.corps.get(corps).filter(|c| c.proper()) else { return };
    let Some(d) = state.depots.get(&c.area) else { return };
    if d.garrison.is_empty() || !state.enemy_of(power, d.power.id()) || state.book.depot_question.is_some() {
        return;
    }
    state.book.depot_question = Some(DepotQuestion { area: c.area.clone(), owner: d.power, corps: corps.to_string() });
}

/// The prompt of the question.
pub fn prompt(ctx: &Ctx, q: &DepotQuestion) -> String {
    format!(
        "{}: enemy corps {} stops by your garrisoned depot in {} (7.3.6.2): `keep depot`, `destroy depot` \
         (its garrison goes into the city) or `destroy depot surrendering`",
        q.owner.name(),
        q.corps,
        ctx.name(&q.area)
    )
}

/// The garrison as the city counts it: cavalry and guard become infantry (7.3.3.2).
fn as_city_garrison(factors: &Factors) -> Factors {
    let mut out = Factors::new();
    for (k, n) in factors.iter() {
        out.add(k.in_city(), n);
    }
    out
}

/// Answer the question (`keep depot`, `destroy depot`, `destroy depot surrendering`).
pub fn answer(
    ctx: &Ctx,
    state: &State,
    power: Power,
    command: &Command,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    let q = state.book.depot_question.clone().ok_or_else(|| RuleError::new("7.3.6.2", "no depot question waits"))?;
    let Command::DepotAnswer { destroy, surrender } = command else {
        return Err(RuleError::new("7.3.6.2", prompt(ctx, &q)));
    };
    if power != q.owner {
        return Err(RuleError::new("7.3.6.2", format!("{} answers for the depot in {}", q.owner.name(), q.area)));
    }
    let mut next = state.clone();
    next.book.depot_question = None;
    let name = ctx.name(&q.area).to_string();
    if !destroy {
        log.push(Event::new(
            format!("{} keeps its garrisoned depot in {name} (7.3.6.2)", power.name()),
            json!({"kind": "depot-kept", "area": q.area, "rule": "7.3.6.2"}),
        ));
        return Ok(next);
    }
    let garrison = next.depots.remove(&q.area).map(|d| d.garrison).unwrap_or_default();
    if *surrender {
        log.push(Event::new(
            format!("{} destroys its depot in {name}; its garrison ({garrison}) surrenders (7.3.6.2)", power.name()),
            json!({"kind": "depot-destroyed", "area": q.area, "surrendered": garrison.total(), "rule": "7.3.6.2"}),
        ));
        return Ok(next);
    }
    let room = crate::land::city_room(ctx, state, power, &q.area).ok_or_else(|| {
        RuleError::new(
            "7.3.6.2",
            format!("{name} has no unbesieged friendly or vacant city: `destroy depot surrendering` or `keep depot`"),
        )
    })?;
    let inside = as_city_garrison(&garrison);
    if inside.total() > room {
        return Err(RuleError::new(
            "R7.3.6.2",
            format!(
                "the city of {name} holds {room} more factor(s), not the garrison's {}: `destroy depot surrendering` or `keep depot`",
                inside.total()
            ),
        ));
    }
    let nation = power.id().to_string();
    let entry = next
        .garrisons
        .entry(q.area.clone())
        .or_insert_with(|| Garrison { nation: nation.clone(), factors: Factors::new() });
    if entry.factors.is_empty() {
        entry.nation = nation.clone();
    }
    if entry.nation != nation {
        return Err(RuleError::new(
            "R7.3.6.2",
            format!(
                "the city of {name} is held by {}'s garrison: `destroy depot surrendering` or `keep depot`",
                entry.nation
            ),
        ));
    }
    entry.factors.add_all(&inside);
    log.push(Event::new(
        format!("{} destroys its depot in {name}; its garrison ({inside}) goes into the city (7.3.6.2)", power.name()),
        json!({"kind": "depot-destroyed", "area": q.area, "into_city": inside.total(), "rule": "7.3.6.2"}),
    ));
    Ok(next)
}
