//! Trivial combats (7.5.3, reconstructed R7.5.3): a field combat where one side has at least
//! `trivial` times the other's factors (`data/rules.txt` `[land]`) is not fought. The
//! overwhelmed side is taken without a roll: its corps surrender (their leaders captured by
//! the other side's power) and, if it is the defender, the area's enemy depot garrison with
//! its depot; the larger side loses nothing and no political points change hands (it was no
//! battle).
//!
//! Counted once both chits are known, as the rest of the combat (with hidden strengths the
//! forces are opened then, 7.5.2.6.3): a defender that retires into the city (7.5.1.1) is not
//! in the field and escapes it; a withdrawal does not (the overwhelmed are caught).

use crate::combat::battle::Battle;
use crate::combat::forces;
use crate::ctx::Ctx;
use crate::data::tables::Side;
use crate::state::{LeaderPlace, State};
use grognard_engine::Event;
use serde_json::json;

/// The side a trivial combat overwhelms, if the battle is one (R7.5.3).
pub fn overwhelmed(ctx: &Ctx, state: &State, battle: &Battle) -> Option<Side> {
    // A garrison attack is a siege combat, never trivial (7.5.1.3); a relieving force's
    // limited field combat is fought too, the besieged never surrendering with it (7.5.4.2.3).
    if battle.sally || battle.relief {
        return None;
    }
    let ratio = ctx.rules.trivial_ratio;
    let attack = forces::factors(state, &battle.attackers, None);
    let depot = battle.depot.then_some(battle.area.as_str());
    let defence = forces::factors(state, &battle.defenders, depot);
    if defence > 0 && attack >= defence.saturating_mul(ratio) {
        Some(Side::Defender)
    } else if attack > 0 && defence >= attack.saturating_mul(ratio) {
        Some(Side::Attacker)
    } else {
        None
    }
}

/// Take the overwhelmed side off the map (R7.5.3).
pub fn resolve(ctx: &Ctx, state: &State, battle: &Battle, side: Side, log: &mut Vec<Event>) -> State {
    let mut next = state.clone();
    next.battle = None;
    let attack = forces::factors(state, &battle.attackers, None);
    let defence = forces::factors(state, &battle.defenders, battle.depot.then_some(battle.area.as_str()));
    let (taken, captor) = match side {
        Side::Attacker => (&battle.attackers, battle.defender),
        Side::Defender => (&battle.defenders, battle.attacker),
    };
    for id in taken {
        next.corps.remove(id);
        for place in next.leaders.values_mut() {
            if *place == LeaderPlace::Corps(id.clone()) {
                *place = LeaderPlace::Captured(captor);
            }
        }
    }
    let mut what = taken.join(", ");
    if side == Side::Defender && battle.depot {
        if let Some(d) = next.depots.remove(&battle.area) {
            if !what.is_empty() {
                what.push_str(" and ");
            }
            what.push_str(&format!("{}'s depot with its garrison", d.power.name()));
        }
    }
    log.push(Event::new(
        format!(
            "A trivial combat in {}: {attack} factors against {defence}; the {} ({what}) surrender(s) to {} without a fight (R7.5.3)",
            ctx.name(&battle.area),
            if side == Side::Attacker { "attackers" } else { "defenders" },
            captor.name()
        ),
        json!({"kind": "trivial-combat", "area": battle.area, "attack": attack, "defence": defence, "overwhelmed": side, "rule": "R7.5.3"}),
    ));
    next
}
