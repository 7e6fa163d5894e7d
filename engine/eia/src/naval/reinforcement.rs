//! The naval reinforcement step (5.1): ships moved between fleets of one nation in one place
//! (5.1.3) and fleets scuttled (5.1.4). New fleet counters and ships (5.1.1, 5.1.2) are bought
//! in the economic phase of the campaign games (8.5.3, 8.5.4), which scenarios do not play.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::Phase;
use crate::state::{LeaderPlace, State};
use grognard_engine::{Event, RuleError};
use serde_json::json;

fn in_step(state: &State, rule: &str) -> Result<(), RuleError> {
    if state.sequence.phase != Phase::NavalReinforcement {
        return Err(RuleError::new(
            rule,
            format!("only in the naval reinforcement step, not in the {}", state.sequence.phase),
        ));
    }
    Ok(())
}

fn own_fleet<'a>(
    state: &'a State,
    power: Power,
    fleet: &str,
    rule: &str,
) -> Result<&'a crate::state::Fleet, RuleError> {
    let f = state.fleets.get(fleet).ok_or_else(|| RuleError::new("input", format!("there is no fleet `{fleet}`")))?;
    if state.controller_of_nation(&f.nation) != Some(power) {
        return Err(RuleError::new(rule, format!("fleet {fleet} is not {}'s", power.name())));
    }
    Ok(f)
}

/// Move the naval leader of `from` (if any) to `to`, or retire him when `to` is `None` (5.3).
fn move_naval_leader(ctx: &Ctx, state: &mut State, from: &str, to: Option<&str>) -> Option<String> {
    let leader = crate::naval::places::naval_leader_with(ctx, state, &[from.to_string()])?;
    let place = match to {
        Some(f) => LeaderPlace::Fleet(f.to_string()),
        None => LeaderPlace::Retiring,
    };
    state.leaders.insert(leader.clone(), place);
    Some(leader)
}

/// 5.1.3: `count` ships from fleet `from` to fleet `to`, both of one nation, in one place, the
/// receiving fleet within its card's capacity (5.1.2, 2.4.2.1.1). A fleet left without ships
/// is removed at no political cost (5.1.3, 6.3.6); its naval leader goes with the ships.
pub fn transfer_ships(
    ctx: &Ctx,
    state: &State,
    power: Power,
    count: u16,
    from: &str,
    to: &str,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    in_step(state, "5.1.3")?;
    let a = own_fleet(state, power, from, "5.1.3")?;
    let b = own_fleet(state, power, to, "5.1.3")?;
    if from == to {
        return Err(RuleError::new("5.1.3", "ships move between two different fleets"));
    }
    if a.nation != b.nation {
        return Err(RuleError::new(
            "5.1.3",
            format!("fleets of different nations ({} and {}) do not exchange ships", a.nation, b.nation),
        ));
    }
    if a.place != b.place {
        return Err(RuleError::new(
            "5.1.3",
            format!("fleets {from} and {to} are not in the same place ({} and {})", a.place, b.place),
        ));
    }
    if count > a.ships {
        return Err(RuleError::new("5.1.3", format!("fleet {from} has {} ships, not {count}", a.ships)));
    }
    let capacity = ctx.cards.fleet_card(to).map_or(0, |c| c.ships);
    if b.ships.saturating_add(count) > capacity {
        return Err(RuleError::new("5.1.2", format!("fleet {to} holds at most {capacity} ships and has {}", b.ships)));
    }
    let mut next = state.clone();
    if let Some(f) = next.fleets.get_mut(to) {
        f.ships += count;
    }
    let mut text = format!("{} moves {count} ships from fleet {from} to fleet {to}", power.name());
    let emptied = next.fleets.get_mut(from).map(|f| {
        f.ships -= count;
        f.ships == 0
    });
    if emptied == Some(true) {
        next.fleets.remove(from);
        text.push_str(&format!("; fleet {from} is left without ships and leaves the map"));
        if let Some(l) = move_naval_leader(ctx, &mut next, from, Some(to)) {
            text.push_str(&format!(" ({l} goes to fleet {to})"));
        }
    }
    log.push(Event::new(
        text,
        json!({"kind": "ships-transferred", "power": power, "from": from, "to": to, "count": count, "emptied": emptied == Some(true), "rule": "5.1.3"}),
    ));
    Ok(next)
}

/// 5.1.4: scuttle a fleet of the power's own nation (never a minor country's, 5.1.4.2): it
/// leaves the map with its ships, one political point lost if it had ships (5.1.4.1). Its
/// naval leader joins another of the power's fleets in the place, or retires (5.3).
pub fn scuttle(ctx: &Ctx, state: &State, power: Power, fleet: &str, log: &mut Vec<Event>) -> Result<State, RuleError> {
    in_step(state, "5.1.4")?;
    let f = own_fleet(state, power, fleet, "5.1.4")?;
    if f.nation != power.id() {
        return Err(RuleError::new(
            "5.1.4.2",
            format!("fleet {fleet} is {}'s: minor countries' fleets are never scuttled in this step", f.nation),
        ));
    }
    let place = f.place.clone();
    let ships = f.ships;
    let mut next = state.clone();
    next.fleets.remove(fleet);
    let penalty = i32::from(ships > 0);
    if let Some(p) = next.powers.get_mut(&power) {
        p.political -= penalty;
    }
    let other = crate::naval::places::side_fleets(&next, power, &place)
        .into_iter()
        .filter(|id| next.fleets.get(id).is_some_and(|o| o.nation == power.id()))
        .max_by_key(|id| next.fleets.get(id).map_or(0, |o| o.ships));
    let mut text = format!(
        "{} scuttles fleet {fleet} ({ships} ships): {penalty:+} political point",
        power.name(),
        penalty = -penalty
    );
    if let Some(l) = move_naval_leader(ctx, &mut next, fleet, other.as_deref()) {
        match &other {
            Some(o) => text.push_str(&format!("; {l} goes to fleet {o}")),
            None => text.push_str(&format!("; {l} retires (5.3)")),
        }
    }
    log.push(Event::new(
        text,
        json!({"kind": "scuttle", "power": power, "fleet": fleet, "ships": ships, "political": -penalty, "rule": "5.1.4.1"}),
    ));
    Ok(next)
}
