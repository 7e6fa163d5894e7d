//! Candidate commands of the economic phase, for prompts, bots and random play: a loan of one
//! point and of everything to each power a loan may go to; one factor of each kind bought for
//! the power and each free state it runs; each corps counter off the map with one factor; with
//! the option `naval`, a ship for each fleet and each fleet counter off the map with one ship in
//! each home port; one militia factor converted in each home garrison (option 12.1.1, 8.5.6);
//! a decree stopping or resuming American trade (8.2.1.2.2.2.2); in the manipulation step
//! (option 12.5, 8.4.2) the marker raised or lowered. The caller keeps those the rules accept.

use super::command::EconomicCommand;
use super::EconomicStep;
use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::Phase;
use crate::state::State;
use crate::FactorKind;

/// What `power` may try in its turn of the economic phase (besides `end`).
pub fn commands(ctx: &Ctx, state: &State, power: Power) -> Vec<EconomicCommand> {
    use EconomicCommand as E;
    let mut out = Vec::new();
    match state.sequence.phase {
        Phase::Economic(EconomicStep::Lending) => {
            let all = super::money_of(state, power);
            for to in super::lending::borrowers(state, power) {
                out.push(E::Lend { amount: 1, to });
                if all > 1 {
                    out.push(E::Lend { amount: all, to });
                }
            }
            for to in super::peace_terms::spread_to(state, power) {
                out.push(E::SpreadReparations { to });
            }
        }
        Phase::Economic(EconomicStep::Ceding) if super::ceding::answering(state) => {
            for g in super::ceding::offered_to(state, power) {
                let free = state.minors.get(&g.what).is_some_and(|m| m.free_state);
                out.push(E::Receive { what: g.what.clone(), conquered: false });
                if free {
                    out.push(E::Receive { what: g.what, conquered: true });
                }
            }
        }
        Phase::Economic(EconomicStep::Ceding) => {
            for what in super::ceding::giftable(ctx, state, power) {
                for to in super::ceding::receivers(state, power) {
                    out.push(E::Give { what: what.clone(), to });
                }
            }
        }
        Phase::Economic(EconomicStep::Manipulation) => {
            for raise in [true, false] {
                if super::economic_manipulation::may_move(ctx, state, power, raise) {
                    out.push(E::Manipulate { raise });
                }
            }
        }
        Phase::Economic(EconomicStep::Combinations) => {
            for id in super::combinations::creatable(ctx, state, power) {
                out.push(E::Create { combination: id });
            }
        }
        Phase::Economic(EconomicStep::Expenditure) => {
            for (area, _) in super::militia_conversion::garrisons(ctx, state, power) {
                out.push(E::ConvertMilitia { count: 1, area });
            }
            if super::american_war::may_stop(state, power) {
                out.push(E::StopAmericanTrade);
            } else if state.economy.american_stopped.contains(&power) {
                out.push(E::ResumeAmericanTrade);
            }
            let mut nations = vec![power.id().to_string()];
            nations.extend(super::maintenance::free_states(state, power));
            for nation in &nations {
                let minor = (nation != power.id()).then(|| nation.clone());
                for kind in FactorKind::ALL {
                    if ctx.economy.factor(kind).buy.is_some() {
                        out.push(E::Buy { count: 1, kind, nation: minor.clone(), area: None });
                    }
                }
                for card in ctx.cards.corps.values().filter(|c| c.owner.id() == nation.as_str()) {
                    if state.corps.contains_key(&card.id) || super::combinations::reserved(ctx, state, &card.id) {
                        continue;
                    }
                    if let Some(kind) = card.capacity.boxes.first().and_then(|b| b.kinds.first()) {
                        out.push(E::BuyCorps { corps: card.id.clone(), count: 1, kind: *kind, area: None });
                    }
                }
                if crate::naval::played(state) {
                    for (id, f) in &state.fleets {
                        if f.nation == *nation {
                            out.push(E::BuyShips { count: 1, fleet: id.clone() });
                        }
                    }
                    for card in ctx.cards.fleets.values().filter(|c| c.owner.id() == nation.as_str()) {
                        if state.fleets.contains_key(&card.id) {
                            continue;
                        }
                        for port in ctx.map.ports() {
                            if ctx.map.province_of(&port.area).is_some_and(|p| p.nation == *nation) {
                                out.push(E::BuyFleet { fleet: card.id.clone(), ships: 1, area: port.area.clone() });
                            }
                        }
                    }
                }
            }
        }
        _ => {}
    }
    out
}
