//! What the peace terms in force do at once (4.4.3-4.4.5, `data/peace.txt`): corps removed
//! by the loser, picked at random by the victor (B.1, C.1: terms with a number of corps);
//! the enforced peace lengthened for the loser (B.2, C.2: `truce`); the victor's forces left
//! where they are (C.5: `access`). Ceding (B.7, C.4) is asked of the victor (`cession.rs`).
//! The other terms are recorded in force (`Politics::terms`) for the rules that read them.

use crate::ctx::Ctx;
use crate::data::cards::CorpsKind;
use crate::power::Power;
use crate::state::State;
use grognard_engine::{ApplyError, DiceSource, Event};

/// How many corps a term with `corps` N and `share` a/b takes from `loser`: N or the share of
/// its home nation's corps (rounded up), whichever is fewer.
pub fn corps_due(ctx: &Ctx, state: &State, loser: Power, term: &str) -> usize {
    let Some(t) = ctx.peace.term(term) else { return 0 };
    let Some(most) = t.corps else { return 0 };
    let total = state.corps.values().filter(|c| c.nation == loser.id()).count() as u32;
    let share = t.share.map_or(total, |f| (total * f.numerator).div_ceil(f.denominator.max(1)));
    most.min(share) as usize
}

/// The loser's corps a removal may take: its home nation's, but Guard and Grenadier corps.
fn removable(ctx: &Ctx, state: &State, loser: Power) -> Vec<String> {
    state
        .corps
        .iter()
        .filter(|(id, c)| {
            c.nation == loser.id() && ctx.cards.corps_card(id).is_some_and(|card| card.kind != CorpsKind::Guard)
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// B.1, C.1: the corps `term` takes from `loser`, picked at random (a die of as many faces as
/// corps left to pick from, in the order of their ids).
pub fn remove_corps(
    ctx: &Ctx,
    state: &mut State,
    victor: Power,
    loser: Power,
    term: &str,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let due = corps_due(ctx, state, loser, term);
    let mut pool = removable(ctx, state, loser);
    let mut picked = Vec::new();
    for _ in 0..due.min(pool.len()) {
        let index = if pool.len() > 1 {
            let sides = u32::try_from(pool.len()).unwrap_or(u32::MAX);
            dice.roll(sides).map_err(|_| ApplyError::NeedDice)? as usize - 1
        } else {
            0
        };
        picked.push(pool.remove(index.min(pool.len() - 1)));
    }
    for id in picked {
        state.corps.remove(&id);
        log.push(Event::new(
            format!(
                "{} removes corps {id}, picked at random by {} ({term}); it may be rebuilt",
                loser.name(),
                victor.name()
            ),
            serde_json::json!({"kind": "corps-removed", "corps": id, "power": loser, "term": term}),
        ));
    }
    Ok(())
}
