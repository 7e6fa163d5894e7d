//! FNC's strong computer opponent, `general`: the shared one-ply search ([`super::search`])
//! with a larger budget (200 candidates; six dice samples for an attack, two otherwise) and
//! the objective-seeking evaluation ([`super::evaluate`]). It grows by a better evaluation or
//! a deeper search within the budget; its strength against `random` and against `greedy` is
//! measured in BENCHMARKS.md ("Bots").

use super::evaluate::evaluate;
use super::search::{decide, Budget};
use crate::state::State;
use grognard_engine::{AnyRuleset, Bot, GameState, PlayerId};
use serde_json::Value;

/// The strong bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct General;

/// General's node budget.
const BUDGET: Budget = Budget { candidates: 200, samples_dice: 6, samples: 2 };

impl Bot for General {
    fn name(&self) -> &'static str {
        "general"
    }

    fn choose(&self, _ruleset: &dyn AnyRuleset, state: &GameState, player: PlayerId, seed: u64) -> Option<Value> {
        let full = state.downcast_ref::<State>()?;
        let chosen = decide(full, player, seed, BUDGET, evaluate)?;
        serde_json::to_value(chosen).ok()
    }
}
