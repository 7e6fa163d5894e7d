//! Where a beaten or withdrawing force goes (7.5.2.5, reconstructed R7.5.2.10.3): an adjacent
//! area its power may enter and where no unbesieged enemy corps stands.

use crate::combat::battle::Battle;
use crate::ctx::Ctx;
use crate::movement::may_enter;
use crate::power::Power;
use crate::state::State;
use crate::supply;
use grognard_board::area::Crossing;
use grognard_engine::Event;
use serde_json::json;

/// May `power`'s force leave `from` for `to` in a withdrawal or a retreat: a neighbour across
/// a land border (or an arrow whose sea holds no enemy fleet), enterable, free of unbesieged
/// enemy corps?
pub fn may_retreat(ctx: &Ctx, state: &State, power: Power, from: &str, to: &str) -> Result<(), String> {
    let name = ctx.map.area(to).map_or(to, |a| a.name.as_str());
    let crossing = ctx.map.crossing(from, to).ok_or_else(|| format!("{name} does not border the battle's area"))?;
    if let Crossing::Strait { sea, optional } = crossing {
        if *optional && !state.options.iter().any(|o| o == crate::scenario::OPTION_ARROWS) {
            return Err(format!("the arrow to {name} is optional and not played"));
        }
        if state.enemy_fleet_at_sea(power, sea) {
            return Err(format!("an enemy fleet closes the arrow to {name}"));
        }
    }
    if !may_enter(ctx, state, power, to) {
        return Err(format!("{name} is neutral territory"));
    }
    if state.has_unbesieged_enemy_corps(power, to) {
        return Err(format!("enemy corps stand in {name}"));
    }
    Ok(())
}

/// Check a withdrawal's destination named with the chit (7.5.2.5).
pub fn check_destination(ctx: &Ctx, state: &State, battle: &Battle, defender: bool, to: &str) -> Result<(), String> {
    let power = if defender { battle.defender } else { battle.attacker };
    may_retreat(ctx, state, power, &battle.area, to)
}

/// The area a beaten force of `power` retreats to from `from` (R7.5.2.10.3): among the areas
/// it may retreat to, its own territory first, then a friendly power's, then any; then the
/// nearest to one of its depots in a valid supply chain; then the first id. `None`: nowhere
/// to go, the force surrenders.
pub fn destination(ctx: &Ctx, state: &State, power: Power, from: &str) -> Option<String> {
    let valid = supply::valid_depots(ctx, state, power);
    let mut best: Option<((u8, u32, String), String)> = None;
    for b in ctx.map.neighbours(from) {
        if may_retreat(ctx, state, power, from, &b.to).is_err() {
            continue;
        }
        let ground = if state.in_territory(ctx, power, &b.to) {
            0
        } else if state.area_controller(ctx, &b.to).is_some_and(|n| state.friendly_to(power, n)) {
            1
        } else {
            2
        };
        let near = supply::unblocked_distances(ctx, state, power, &b.to, 12)
            .iter()
            .filter(|(a, _)| valid.contains(**a))
            .map(|(_, d)| *d)
            .min()
            .unwrap_or(u32::MAX);
        let key = (ground, near, b.to.clone());
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, b.to.clone()));
        }
    }
    best.map(|(_, to)| to)
}

/// A force falling back: from where to where (`None`: nowhere, it surrenders to `captor`).
pub struct FallBack<'a> {
    pub from: &'a str,
    pub to: Option<&'a str>,
    pub captor: Power,
}

/// Move the corps of `corps` controlled by `power` as `fall` says, or remove them when there
/// is nowhere to go (their leaders are then captured).
pub fn retreat(ctx: &Ctx, state: &mut State, power: Power, corps: &[String], fall: FallBack, log: &mut Vec<Event>) {
    let FallBack { from, to, captor } = fall;
    let mine: Vec<String> = corps
        .iter()
        .filter(|id| {
            state.corps.get(*id).is_some_and(|c| c.area == from && state.controller_of_nation(c.side()) == Some(power))
        })
        .cloned()
        .collect();
    if mine.is_empty() {
        return;
    }
    let from_name = ctx.map.area(from).map_or(from, |a| a.name.as_str()).to_string();
    match to {
        Some(to) => {
            for id in &mine {
                if let Some(c) = state.corps.get_mut(id) {
                    c.area = to.to_string();
                    c.in_city = false;
                }
            }
            log.push(Event::new(
                format!(
                    "{}'s {} {} back from {from_name} to {}",
                    power.name(),
                    mine.join(", "),
                    if mine.len() == 1 { "falls" } else { "fall" },
                    ctx.map.area(to).map_or(to, |a| a.name.as_str())
                ),
                json!({"kind": "retreat", "power": power, "corps": mine, "from": from, "to": to, "rule": "R7.5.2.10.3"}),
            ));
        }
        None => {
            for id in &mine {
                state.corps.remove(id);
                for place in state.leaders.values_mut() {
                    if *place == crate::state::LeaderPlace::Corps(id.clone()) {
                        *place = crate::state::LeaderPlace::Captured(captor);
                    }
                }
            }
            log.push(Event::new(
                format!(
                    "{}'s {} have nowhere to fall back from {from_name} and surrender",
                    power.name(),
                    mine.join(", ")
                ),
                json!({"kind": "surrender", "power": power, "corps": mine, "area": from, "rule": "R7.5.2.10.3"}),
            ));
        }
    }
}
