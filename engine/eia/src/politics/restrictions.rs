//! Option 11.9, political restrictions on peace (reconstructed R11.9): the contents name it
//! and its two parts, 11.9.1 "balance of power" restrictions on losses and 11.9.2 Great
//! Britain and France at war; the text is not available.
//!
//! - R11.9.1: the powers of Europe would not see one of them destroyed: a peace may not take
//!   from a major power a province of its home nation that would leave it holding fewer than
//!   half its home provinces (rounded up). What it still must give is taken from what it
//!   controls elsewhere, or not at all.
//! - R11.9.2: Great Britain and France were at war from 1803 to 1814, and neither made a peace
//!   with the other but the surrender of 1814: between them there is no informal peace (4.4.1)
//!   and no conditional one (4.4.3); a peace between them is an unconditional surrender.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_board::area::ProvinceKind;
use grognard_engine::RuleError;

/// The option of political restrictions on peace (11.9, campaign games).
pub const OPTION_PEACE_RESTRICTIONS: &str = "peace-restrictions";

/// Is option 11.9 played?
pub fn played(state: &State) -> bool {
    state.options.iter().any(|o| o == OPTION_PEACE_RESTRICTIONS)
}

/// Are `a` and `b` Great Britain and France (either way round)?
fn britain_and_france(a: Power, b: Power) -> bool {
    matches!((a, b), (Power::Britain, Power::France) | (Power::France, Power::Britain))
}

/// R11.9.2: may `a` and `b` make an informal peace?
pub fn informal(state: &State, a: Power, b: Power) -> Result<(), RuleError> {
    if played(state) && britain_and_france(a, b) {
        return Err(RuleError::new(
            "R11.9.2",
            "Great Britain and France make no informal peace: between them a peace is an unconditional surrender",
        ));
    }
    Ok(())
}

/// R11.9.2: may `victor` offer `loser` a conditional peace?
pub fn conditional(state: &State, victor: Power, loser: Power) -> Result<(), RuleError> {
    if played(state) && britain_and_france(victor, loser) {
        return Err(RuleError::new(
            "R11.9.2",
            format!(
                "{} may offer {} only an unconditional peace: between them a peace is a surrender (option 11.9)",
                victor.name(),
                loser.name()
            ),
        ));
    }
    Ok(())
}

/// R11.9.1: may `loser` cede `province` and keep the balance of power: at least half its
/// home provinces (rounded up) still held by it afterwards? Anything else it cedes freely.
pub fn may_cede(ctx: &Ctx, state: &State, loser: Power, province: &str) -> bool {
    if !played(state) {
        return true;
    }
    let home: Vec<String> = ctx
        .map
        .provinces_of(loser.id())
        .into_iter()
        .filter(|p| p.kind == ProvinceKind::Home)
        .map(|p| p.id.clone())
        .collect();
    if !home.iter().any(|p| p == province) {
        return true;
    }
    let held = home
        .iter()
        .filter(|p| ctx.map.areas_of_province(p).iter().any(|a| state.in_territory(ctx, loser, &a.id)))
        .count();
    held > home.len().div_ceil(2)
}
