//! Empires in Arms through real journals: the ruleset and its invariants for the self-play
//! harness (`selfplay::Config::invariants`).

use grognard_engine::{AnyRuleset, GameState};

pub static EIA: grognard_eia::Eia = grognard_eia::Eia;

/// The Empires in Arms ruleset.
pub fn ruleset() -> &'static dyn AnyRuleset {
    &EIA
}

/// The invariants of `grognard_eia::invariants`, on the state after a command.
pub fn invariants(_before: Option<&GameState>, after: &GameState) -> Result<(), String> {
    let state = after.downcast_ref::<grognard_eia::State>().ok_or("not an Empires in Arms state")?;
    let ctx = grognard_eia::ctx::Ctx::builtin().map_err(|e| e.to_string())?;
    let broken = grognard_eia::invariants::broken(ctx, state);
    if broken.is_empty() {
        Ok(())
    } else {
        Err(broken.join("; "))
    }
}
