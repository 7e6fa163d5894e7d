//! FNC's first computer opponent, `greedy`: the shared one-ply search ([`super::search`])
//! with a small budget (40 candidates, two dice samples each) and the first evaluation: the
//! 2:1 victory test (14.5, 15.4) as a margin, then the forces each side has in play, then how
//! near each of its units stands to the victory locales it does not hold. Kept unchanged as
//! the yardstick the next version is measured against.

use super::search::{decide, Budget};
use crate::ctx::Ctx;
use crate::state::{Location, Phase, Side, State};
use grognard_engine::{AnyRuleset, Bot, GameState, PlayerId};
use serde_json::Value;

/// The greedy bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

/// Greedy's node budget.
const BUDGET: Budget = Budget { candidates: 40, samples_dice: 2, samples: 2 };

impl Bot for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&self, _ruleset: &dyn AnyRuleset, state: &GameState, player: PlayerId, seed: u64) -> Option<Value> {
        let full = state.downcast_ref::<State>()?;
        let chosen = decide(full, player, seed, BUDGET, evaluate)?;
        serde_json::to_value(chosen).ok()
    }
}

/// How good `state` is for `side`: the victory margin first, then forces, then closeness to
/// the victory locales it does not hold.
pub fn evaluate(ctx: &Ctx, state: &State, side: Side) -> i64 {
    if state.phase == Phase::GameOver {
        return if state.winner == Some(side) { 1_000_000 } else { -1_000_000 };
    }
    let ratio = ctx.rules.ratio_side();
    let margin = i64::from(state.vp[ratio.index()].total()) - 2 * i64::from(state.vp[ratio.other().index()].total());
    let mut score = 1000 * if side == ratio { margin } else { -margin };
    let targets: Vec<_> =
        ctx.map.locales().filter(|l| l.vp > 0 && state.control.get(&l.hex) != Some(&side)).map(|l| l.hex).collect();
    for (unit, at) in &state.units {
        let Some(counter) = ctx.counter(unit) else { continue };
        if !counter.kind.is_ground() {
            continue;
        }
        let strength = i64::from(counter.attack.unwrap_or(0)) + i64::from(counter.defense);
        let in_play = matches!(at, Location::Hex(_) | Location::Box(_) | Location::Offshore { .. } | Location::Unseen);
        let mine = ctx.side_of(unit) == Some(side);
        if in_play {
            score += if mine { 40 * strength } else { -40 * strength };
        }
        if let (true, Location::Hex(h)) = (mine, at) {
            let near = targets.iter().map(|t| i64::from(h.distance(*t))).min().unwrap_or(0);
            score -= near.min(20);
        }
    }
    score
}
