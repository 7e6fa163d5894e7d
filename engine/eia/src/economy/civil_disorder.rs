//! The civil disorder step (8.7, 10.5.2, reconstructed R8.7): each power whose status marker
//! stands in the disorder zone (`data/economy.txt` `disorder-zone`, the Fiasco Zone) after
//! the adjustment rolls a die, in the phase's order, and loses that many times the zone's
//! money and manpower (`disorder-money`, `disorder-manpower`): riots, desertion and unpaid
//! taxes. Nothing is lost below zero, and no debt follows.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_engine::{ApplyError, DiceSource, Event};

/// Does `power` suffer civil disorder (its marker in the disorder zone)?
pub fn suffers(ctx: &Ctx, state: &State, power: Power) -> bool {
    ctx.politics.zone(super::status_of(ctx, state, power)).name == ctx.economy.rules.disorder_zone
}

/// 8.7: the powers in disorder roll and lose.
pub fn roll(ctx: &Ctx, state: &mut State, dice: &mut dyn DiceSource, log: &mut Vec<Event>) -> Result<(), ApplyError> {
    let rules = &ctx.economy.rules;
    for power in super::order(state) {
        if !suffers(ctx, state, power) {
            continue;
        }
        let face = dice.roll(6).map_err(|_| ApplyError::NeedDice)?;
        let pips = i32::try_from(face).unwrap_or(0);
        let money = pips.saturating_mul(rules.disorder_money).min(super::money_of(state, power));
        let men = pips.saturating_mul(rules.disorder_manpower).min(state.economy.manpower_of(power).max(0));
        super::add_money(state, power, -money);
        super::add_manpower(state, power, -men);
        log.push(Event::new(
            format!(
                "{} is in civil disorder: it rolls {face} and loses {money} money point(s) and {men} manpower (8.7)",
                power.name()
            ),
            serde_json::json!({"kind": "civil-disorder", "power": power, "die": face, "money": money,
                "manpower": men, "rule": "8.7"}),
        ));
    }
    Ok(())
}
