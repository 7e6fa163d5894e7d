//! The calendar of the Turn Record Track (5.4): seasons (9.17, 9.18) and the Nile flood
//! (9.16), which many rules consult.

use crate::ctx::Ctx;
use crate::state::State;

/// Is the current turn a winter turn (9.18, 10.5)?
pub fn is_winter(ctx: &Ctx, state: &State) -> bool {
    ctx.turn(state.turn).is_some_and(|t| t.season == Some(crate::data::Season::Winter))
}

/// Is the Nile in flood this turn (9.16)?
pub fn is_flood(ctx: &Ctx, state: &State) -> bool {
    ctx.turn(state.turn).is_some_and(|t| t.nile_flood)
}
