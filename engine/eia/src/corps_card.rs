//! What a corps' national card says (2.4.2, 7.3.1.1): movement allowance, whether it may
//! force march or detach, its room per kind of factor; and each power's depot counters.

use crate::ctx::Ctx;
use crate::data::cards::{CorpsCard, CorpsKind};
use crate::power::Power;
use crate::state::State;
use crate::FactorKind;
use grognard_engine::RuleError;

/// The movement rules of one corps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorpsRules {
    /// Its movement allowance (7.3.1.1), before force marching.
    pub allowance: u8,
    /// May it force march (7.3.1.2: not cavalry corps, cossacks, freikorps, guerrillas)?
    pub may_force_march: bool,
    /// The most areas it may enter whatever they cost (7.3.1.1: one for Spanish guerrillas),
    /// if its allowance is counted in areas rather than movement points.
    pub areas: Option<u8>,
}

/// The card of corps `corps`.
pub fn card<'a>(ctx: &'a Ctx, corps: &str) -> Result<&'a CorpsCard, RuleError> {
    ctx.cards.corps_card(corps).ok_or_else(|| RuleError::new("input", format!("there is no corps card `{corps}`")))
}

/// 7.3.1.1, 7.3.1.2: the allowance of `corps` under its controller, and whether it may
/// force march (not a counter with the cavalry symbol).
pub fn corps_rules(ctx: &Ctx, state: &State, corps: &str) -> Result<CorpsRules, RuleError> {
    let c = state.corps.get(corps).ok_or_else(|| RuleError::new("input", format!("there is no corps `{corps}`")))?;
    if let Some(kind) = c.irregular() {
        return Ok(crate::irregulars::movement(kind));
    }
    let card = card(ctx, corps)?;
    let controller = state
        .controller_of_nation(c.side())
        .ok_or_else(|| RuleError::new("7.3", format!("no power controls corps {corps}")))?;
    Ok(CorpsRules {
        allowance: card.movement_allowance(controller),
        may_force_march: !card.kind.cavalry_symbol(),
        areas: None,
    })
}

/// Does the counter bear the cavalry symbol (1.2 note a)?
pub fn is_cavalry(ctx: &Ctx, corps: &str) -> bool {
    ctx.cards.corps_card(corps).is_some_and(|c| c.kind.cavalry_symbol())
}

/// 7.3.3: artillery, feudal and insurrection corps neither detach nor absorb factors.
pub fn may_detach(ctx: &Ctx, corps: &str) -> bool {
    ctx.cards
        .corps_card(corps)
        .is_some_and(|c| !matches!(c.kind, CorpsKind::Artillery | CorpsKind::Feudal | CorpsKind::Insurrection))
}

/// How many more factors of `kind` corps `corps` can hold (2.4.2.1.1): the room left in the
/// box of its card that holds `kind` (0 when the card has none).
pub fn room(ctx: &Ctx, state: &State, corps: &str, kind: FactorKind) -> Result<u16, RuleError> {
    let c = state.corps.get(corps).ok_or_else(|| RuleError::new("input", format!("there is no corps `{corps}`")))?;
    let card = card(ctx, corps)?;
    let Some(b) = card.capacity.box_of(kind) else { return Ok(0) };
    let month = state.date;
    let held: u16 = b.kinds.iter().map(|k| c.factors.get(*k)).sum();
    Ok(b.max_in(month).saturating_sub(held))
}

/// 7.2: the depot counters of `power` (the most it may have on the map).
pub fn depot_limit(ctx: &Ctx, power: Power) -> u8 {
    ctx.cards.depot_limit(power)
}
