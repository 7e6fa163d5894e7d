//! Peace term B.4, a corps on loan (R4.4.6.9, reconstructed: RECONSTRUCTION.md): once the
//! terms of a formal peace are chosen, the victor of B.4 names one corps of the loser's own,
//! chosen knowing what it holds (with hidden strengths the loser's corps are opened first,
//! 2.4.2), and runs it for the term's months; then it goes back to its nation.
//!
//! While on loan the corps is on its borrower's side for every rule that asks who runs a corps,
//! whose friend or enemy it is and for whom it takes ground (`Corps::side`): it moves, fights,
//! forages and is supplied as the borrower's. Its nation still owns it: the nation pays its
//! upkeep and no factors join or leave it until it is back, but for the losses of combat and
//! attrition.

use crate::ctx::Ctx;
use crate::date::Month;
use crate::power::Power;
use crate::state::{Corps, LeaderPlace, Loan, State};
use grognard_engine::{Event, RuleError};
use std::collections::{BTreeMap, BTreeSet};

/// The loser's corps the victor could name, as far as every player knows them: its own
/// nation's corps on land (corps proper: an irregular counter is not one, R10.1), none on
/// loan already. Their strengths are not read here.
pub fn candidates(state: &State, loser: Power) -> Vec<String> {
    state
        .corps
        .iter()
        .filter(|(_, c)| c.nation == loser.id() && c.proper() && c.loan.is_none() && c.aboard.is_none())
        .map(|(id, _)| id.clone())
        .collect()
}

/// The concealed commands whose opening the victor's informed choice needs (2.4.2): the veils
/// of every candidate, by player.
pub fn owing(state: &State, loser: Power) -> BTreeMap<u8, BTreeSet<u32>> {
    crate::reveal::veils_of(state, &candidates(state, loser))
}

/// The least a corps on loan holds (R4.4.6.9: half the factors its card's boxes hold in
/// `month`, rounded down).
pub fn least(ctx: &Ctx, corps: &str, month: Month) -> u16 {
    ctx.cards.corps_card(corps).map_or(0, |card| card.capacity.boxes.iter().map(|b| b.max_in(month)).sum::<u16>() / 2)
}

/// The corps the victor may name: the candidates holding at least [`least`] factors.
pub fn options(ctx: &Ctx, state: &State, loser: Power) -> Vec<String> {
    candidates(state, loser)
        .into_iter()
        .filter(|id| state.corps.get(id).is_some_and(|c| c.factors.total() >= least(ctx, id, state.date)))
        .collect()
}

/// `victor` borrows corps `id` of `loser` for `months` (B.4).
pub fn lend(
    ctx: &Ctx,
    state: &mut State,
    victor: Power,
    loser: Power,
    id: &str,
    months: u32,
    log: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(c) = state.corps.get(id) else {
        return Err(RuleError::new("B.4", format!("there is no corps `{id}`")));
    };
    if !candidates(state, loser).iter().any(|x| x == id) {
        return Err(RuleError::new(
            "B.4",
            format!("corps {id} is no corps of {}'s own on land, not on loan already", loser.name()),
        ));
    }
    let need = least(ctx, id, state.date);
    if c.factors.total() < need {
        return Err(RuleError::new(
            "B.4",
            format!(
                "corps {id} holds {} factors: a corps on loan holds at least half its card's, {need} (R4.4.6.9)",
                c.factors.total()
            ),
        ));
    }
    let until = super::peace::add_months(state.date, months);
    if let Some(c) = state.corps.get_mut(id) {
        c.loan = Some(Loan { borrower: victor, until });
    }
    // Its nation's leaders stay with their nation: they leave the corps, to be placed again (5.3).
    for place in state.leaders.values_mut() {
        if *place == LeaderPlace::Corps(id.to_string()) {
            *place = LeaderPlace::Retiring;
        }
    }
    log.push(Event::new(
        format!(
            "{} lends corps {id} to {} until {until} (B.4): {} runs it, {} still pays for it",
            loser.name(),
            victor.name(),
            victor.name(),
            loser.name()
        ),
        serde_json::json!({"kind": "loan", "corps": id, "lender": loser, "borrower": victor, "until": until}),
    ));
    Ok(())
}

/// No factors join or leave a corps on loan (R4.4.6.9), but by losses.
pub fn unchanged(id: &str, c: &Corps) -> Result<(), RuleError> {
    match &c.loan {
        Some(loan) => Err(RuleError::new(
            "B.4",
            format!(
                "corps {id} is on loan to {} until {}: no factors join or leave it until it is back",
                loan.borrower.name(),
                loan.until
            ),
        )),
        None => Ok(()),
    }
}

/// As a phase begins, the loans that are over end (R4.4.6.9): those whose month has come, and
/// any whose borrower is now at war with the lender or out of the game. A corps aboard a fleet
/// stays lent until it is ashore. Back with its nation, a corps standing where its nation is
/// not friendly goes to the nearest friendly area, as forces are repatriated (4.4.6.2).
pub fn end_loans(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let over: Vec<(String, Power)> = state
        .corps
        .iter()
        .filter(|(_, c)| c.aboard.is_none())
        .filter_map(|(id, c)| {
            let loan = c.loan.as_ref()?;
            let ended = state.date >= loan.until
                || state.relations.at_war(&c.nation, loan.borrower.id())
                || state.politics.out.contains(&loan.borrower);
            ended.then(|| (id.clone(), loan.borrower))
        })
        .collect();
    for (id, borrower) in over {
        let Some(c) = state.corps.get_mut(&id) else { continue };
        c.loan = None;
        let nation = c.nation.clone();
        let name = ctx.map.nation(&nation).map_or(nation.clone(), |n| n.name.clone());
        log.push(Event::new(
            format!("corps {id}, lent to {}, is back with {name} (B.4)", borrower.name()),
            serde_json::json!({"kind": "loan-over", "corps": id, "borrower": borrower, "nation": nation}),
        ));
        if let Some(owner) = state.controller_of_nation(&nation) {
            super::repatriation::send_home(ctx, state, owner, &id, log);
        }
    }
}
