//! FNC's computer opponent `greedy`: an evaluation and a one-ply search over the engine's own
//! legal commands, within a node budget. For each candidate command it applies the command
//! to its own view of the game (under fog of war, its knowledge: an attack on a stack it
//! cannot see into is judged on the units it can see) with a few sampled dice, evaluates the
//! result, and plays the best. The evaluation is the 2:1 victory test (14.5, 15.4) as a
//! margin, then the forces each side has in play, then how near each of its units stands to
//! the victory locales it does not hold. It grows by a better evaluation or a deeper search
//! (rollouts within the budget); its strength against `random` is measured in BENCHMARKS.md.
//!
//! A bot is not the rules: it may use any arithmetic, but it is deterministic from its seed,
//! so a bot's game plays again exactly.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::ruleset::{apply_seen, Fnc};
use crate::state::{Location, Phase, Side, State};
use grognard_engine::{owes_decision, pick_index, AnyRuleset, Bot, GameState, PlayerId, Ruleset, StreamDice, Viewer};
use serde_json::Value;

/// The greedy bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Greedy;

/// The most candidate commands weighed for one decision (the node budget).
const CANDIDATES: usize = 40;
/// Dice samples per candidate.
const SAMPLES: u64 = 2;

impl Bot for Greedy {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(&self, ruleset: &dyn AnyRuleset, state: &GameState, player: PlayerId, seed: u64) -> Option<Value> {
        let full = state.downcast_ref::<State>()?;
        let view = Ruleset::player_view(&Fnc, full, Viewer::Player(player));
        if !owes_decision(ruleset, &GameState::new(view.clone()), player) {
            return None;
        }
        let ctx = Ctx::embedded(view.game).ok()?;
        let legal = Ruleset::legal_commands(&Fnc, &view, player);
        let side = view.acting_side();
        let chosen = best(ctx, &view, side, &legal, seed)?;
        serde_json::to_value(chosen).ok()
    }
}

/// The candidates weighed: every legal command within the budget, else a sample of them
/// drawn from the seed, with `end` always among them.
fn candidates(legal: &[Command], seed: u64) -> Vec<usize> {
    if legal.len() <= CANDIDATES {
        return (0..legal.len()).collect();
    }
    let mut out: Vec<usize> =
        (0..CANDIDATES as u64).map(|k| pick_index(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15), legal.len())).collect();
    out.extend(legal.iter().position(|c| *c == Command::End));
    out.sort_unstable();
    out.dedup();
    out
}

fn best<'a>(ctx: &Ctx, view: &State, side: Side, legal: &'a [Command], seed: u64) -> Option<&'a Command> {
    if legal.len() == 1 {
        return legal.first();
    }
    let mut best: Option<(i64, u64, usize)> = None;
    for i in candidates(legal, seed) {
        let mut total = 0i64;
        let mut n = 0i64;
        for s in 0..SAMPLES {
            let mut bytes = [0u8; 32];
            bytes[..8].copy_from_slice(&seed.to_le_bytes());
            bytes[8..16].copy_from_slice(&(i as u64).to_le_bytes());
            bytes[16..24].copy_from_slice(&s.to_le_bytes());
            let mut dice = StreamDice::from_seed(bytes);
            if let Ok(next) = apply_seen(ctx, view, side, &legal[i], &mut dice) {
                total += evaluate(ctx, &next, side);
                n += 1;
            }
        }
        if n == 0 {
            continue;
        }
        let score = total / n;
        // Ties go to a seeded order, so equal moves do not always fall the same way.
        let tie = pick_index(seed ^ (i as u64), usize::MAX) as u64;
        if best.is_none_or(|(b, t, _)| (score, tie) > (b, t)) {
            best = Some((score, tie, i));
        }
    }
    best.map(|(_, _, i)| &legal[i]).or(legal.first())
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
