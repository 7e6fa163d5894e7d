//! The naval invariants, checked with the state's (`crate::invariants`) after every command
//! of the property tests.

use crate::ctx::Ctx;
use crate::naval::Decision;
use crate::state::{LeaderPlace, State};
use std::collections::BTreeMap;

/// Every broken naval invariant of `state`, in words.
pub fn broken(ctx: &Ctx, state: &State) -> Vec<String> {
    let mut out = Vec::new();
    for (id, f) in &state.fleets {
        match ctx.cards.fleet_card(id) {
            Some(card) if f.ships > card.ships => {
                out.push(format!("5.1.2: fleet {id} holds {} ships, more than its card's {}", f.ships, card.ships))
            }
            Some(_) => {}
            None => out.push(format!("fleet {id} has no national card")),
        }
    }
    let mut carried: BTreeMap<&str, &str> = BTreeMap::new();
    for (id, c) in &state.corps {
        let Some(fleet) = c.aboard.as_deref() else { continue };
        match state.fleets.get(fleet) {
            None => out.push(format!("6.2.5.3: corps {id} is aboard fleet {fleet}, which is not on the map")),
            Some(_) => {
                let carried_by_right = state
                    .controller_of_nation(c.side())
                    .is_some_and(|p| crate::naval::transport::may_carry(state, fleet, p));
                if !carried_by_right {
                    out.push(format!(
                        "6.2.5: corps {id} is aboard fleet {fleet} of a power not combining with its own"
                    ));
                }
            }
        }
        if let Some(other) = carried.insert(fleet, id) {
            out.push(format!("6.2.5: fleet {fleet} carries corps {other} and {id}"));
        }
    }
    for (leader, place) in &state.leaders {
        if let LeaderPlace::Fleet(f) = place {
            if !state.fleets.contains_key(f) {
                out.push(format!("6.3.6: {leader} is with fleet {f}, which is not on the map"));
            }
        }
    }
    if let Some(v) = &state.book.naval.voyage {
        if state.book.naval.decision.is_none() {
            out.push("6.2.3: a stack is under way with no decision awaited".into());
        }
        for f in v.fleets.iter().filter(|_| !v.halted) {
            if state.fleets.get(f).is_some_and(|x| x.place != v.at) {
                out.push(format!("6.2.2: fleet {f} of the moving stack is not where the stack is"));
            }
        }
    }
    if let Some(Decision::Intercept { .. }) = &state.book.naval.decision {
        if state.book.naval.voyage.is_none() {
            out.push("6.2.3: an interception is offered with no stack moving".into());
        }
    }
    out
}
