//! Reinforcing attempts (7.5.2.11, reconstructed R7.5.2.11): with its chit, in secret, a side
//! names corps of its power in the field of areas next to the battle (`chit ID reinforcing
//! CORPS,...`). Before rounds two and three each of them not yet arrived rolls a die: on at
//! most the side's commander's strategic rating (one without a leader) it marches in and
//! fights from that round on, and it shares its side's fate (losses, pursuit, retreat). A
//! corps that does not arrive stays where it is. A corps facing enemy corps in its own area is
//! held there and may not try.

use crate::combat::Battle;
use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_engine::RuleError;

fn rule(message: impl Into<String>) -> RuleError {
    RuleError::new("R7.5.2.11", message)
}

/// The power whose corps may reinforce a side.
fn side_power(battle: &Battle, attacker: bool) -> Power {
    if attacker {
        battle.attacker
    } else {
        battle.defender
    }
}

/// May corps `id` try to reinforce the side of `battle` that `attacker` names?
pub fn check(ctx: &Ctx, state: &State, battle: &Battle, attacker: bool, id: &str) -> Result<(), RuleError> {
    let power = side_power(battle, attacker);
    let c = state.corps.get(id).ok_or_else(|| RuleError::new("input", format!("there is no corps `{id}`")))?;
    if state.controller_of_nation(c.side()) != Some(power) {
        return Err(rule(format!("corps {id} is not {}'s", power.name())));
    }
    if battle.attackers.iter().chain(&battle.defenders).any(|x| x == id) {
        return Err(rule(format!("corps {id} is already in the battle")));
    }
    if c.in_city || c.aboard.is_some() {
        return Err(rule(format!("corps {id} is not in the field")));
    }
    if !c.proper() {
        return Err(rule(format!("{id} is an irregular counter: only corps march to reinforce a battle")));
    }
    if ctx.map.crossing(&c.area, &battle.area).is_none() {
        return Err(rule(format!("corps {id} is not in an area next to {}", ctx.name(&battle.area))));
    }
    if state.has_unbesieged_enemy_corps(power, &c.area) {
        return Err(rule(format!("corps {id} faces enemy corps in {} and is held there", ctx.name(&c.area))));
    }
    Ok(())
}

/// Every corps that may try to reinforce the side, ascending.
pub fn eligible(ctx: &Ctx, state: &State, battle: &Battle, attacker: bool) -> Vec<String> {
    state.corps.keys().filter(|id| check(ctx, state, battle, attacker, id).is_ok()).cloned().collect()
}
