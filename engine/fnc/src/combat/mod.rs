//! Combat (11.0) with fleet support (10.2), amphibious invasions (10.3), the SC's automatic
//! DC (14.3) and Fort De markers (13.4).
//!
//! The dispatcher calls [`apply_attack`] for `attack` in the combat phase, and
//! [`apply_losses`], [`apply_retreat`], [`apply_advance`] for the decisions a battle owes.
//! A battle waits in `State::battles` while its players decide; every step pushes events
//! explaining it (strengths, percentage, columns, shifts, die, result, losses, retreats,
//! advances, VP).

mod advance;
pub mod batch;
pub mod bvp;
pub mod concentric;
pub mod declare;
pub mod legal;
pub mod losses;
pub mod odds;
mod resolve;
pub mod retreat;
pub mod shifts;
pub mod siege;
pub mod steps;
pub mod strengths;
pub mod terrain;
pub mod water_route;

pub use crate::battle::{Battle, Step};
pub use advance::apply as apply_advance;
pub use resolve::{apply_attack, bvp_winner, odds, result_steps, Odds};
pub use retreat::{apply as apply_retreat, options as retreat_options};

use crate::ctx::Ctx;
use crate::happened::{ChosenBy, Happened};
use crate::state::{Decision, DecisionKind, Side, State, UnitId};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use losses::check_choice;

/// Answer a loss decision (11.21) with the units given up.
pub fn apply_losses(
    ctx: &Ctx,
    state: &State,
    side: Side,
    units: &[UnitId],
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let Some(Decision { by, kind: DecisionKind::Losses { hex, .. } }) = &state.decision else {
        return Err(RuleError::new("11.21", "no combat losses are pending").into());
    };
    let battle = steps::pending_battle(state, "11.21")?;
    if *by != side {
        return Err(RuleError::new("11.21", "each player chooses his own losses").into());
    }
    let (attacker, requirement) = match battle.steps.first() {
        Some(Step::AttackerLosses(r)) => (true, *r),
        Some(Step::DefenderLosses(r)) => (false, *r),
        _ => return Err(RuleError::new("11.21", "no combat losses are pending").into()),
    };
    let candidates = steps::loss_candidates(ctx, state, &battle, attacker);
    check_choice(requirement, &candidates, units)?;
    let involved: u32 = candidates.iter().map(|c| c.strength).sum();
    let needed = losses::required_strength(requirement, involved);
    let mut next = state.clone();
    let chosen = Happened::Losses {
        hex: *hex,
        side,
        units: units.to_vec(),
        required: needed,
        involved,
        chosen_by: ChosenBy::Owner,
        rule: "11.21".into(),
    };
    log.push(chosen.event(format!(
        "The {} player chooses to lose {} ({} of {} involved strength points required) (11.21)",
        ctx.rules.side_name(side),
        units.join(", "),
        needed,
        involved
    )));
    steps::eliminate(ctx, &mut next, units, &format!("{} in the battle for {hex}", battle.result), dice, log)?;
    steps::answered(ctx, &mut next, dice, log)?;
    Ok(next)
}

/// The loss choices open to the side owing a loss decision, for `legal_commands` and the
/// standing orders: every minimal choice (11.21, with 11.7, 11.8 and 14.3), at most `limit`
/// of them, in the order of `losses::minimal_choices`.
pub fn loss_options(ctx: &Ctx, state: &State, limit: usize) -> Vec<Vec<UnitId>> {
    let Some(Decision { kind: DecisionKind::Losses { .. }, .. }) = &state.decision else { return Vec::new() };
    let Some(battle) = state.battles.first() else { return Vec::new() };
    let (attacker, requirement) = match battle.steps.first() {
        Some(Step::AttackerLosses(r)) => (true, *r),
        Some(Step::DefenderLosses(r)) => (false, *r),
        _ => return Vec::new(),
    };
    let candidates = steps::loss_candidates(ctx, state, battle, attacker);
    losses::minimal_choices(requirement, &candidates, limit)
        .into_iter()
        .map(|c| c.into_iter().map(|i| candidates[i].unit.clone()).collect())
        .collect()
}
