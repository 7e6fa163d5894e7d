//! The search FNC's bots share: a one-ply search over the engine's own legal commands within
//! a node budget. Each candidate command is applied to the bot's own view of the game (under
//! fog of war, its knowledge: an attack on a stack it cannot see into is judged on the units
//! it can see) with a few sampled dice, the results are scored by the bot's evaluation, and
//! the best mean wins. Ties fall by a seeded order.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::ruleset::{apply_seen, Fnc};
use crate::state::{Side, State};
use grognard_engine::{owes_decision, pick_index, GameState, PlayerId, Ruleset, StreamDice, Viewer};

/// How much a bot may search for one decision.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The most candidate commands weighed (beyond it, a sample drawn from the seed, with
    /// `end` always among them).
    pub candidates: usize,
    /// Dice samples for a command that rolls dice (an attack, a batch).
    pub samples_dice: u64,
    /// Dice samples for any other command.
    pub samples: u64,
}

/// A position's score for a side: higher is better.
pub type Evaluation = fn(&Ctx, &State, Side) -> i64;

/// The command `player` gives in `state` (seen through its view), or `None` when it owes
/// nothing.
pub fn decide(state: &State, player: PlayerId, seed: u64, budget: Budget, evaluate: Evaluation) -> Option<Command> {
    let view = Ruleset::player_view(&Fnc, state, Viewer::Player(player));
    if !owes_decision(&Fnc, &GameState::new(view.clone()), player) {
        return None;
    }
    let ctx = Ctx::embedded(view.game).ok()?;
    let legal = Ruleset::legal_commands(&Fnc, &view, player);
    let side = view.acting_side();
    best(ctx, &view, side, &legal, seed, budget, evaluate).cloned()
}

/// The candidates weighed: every legal command within the budget, else a sample of them
/// drawn from the seed, with `end` always among them.
fn candidates(legal: &[Command], seed: u64, budget: usize) -> Vec<usize> {
    if legal.len() <= budget {
        return (0..legal.len()).collect();
    }
    let mut out: Vec<usize> =
        (0..budget as u64).map(|k| pick_index(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15), legal.len())).collect();
    out.extend(legal.iter().position(|c| *c == Command::End));
    out.sort_unstable();
    out.dedup();
    out
}

fn rolls_dice(command: &Command) -> bool {
    matches!(command, Command::Attack { .. } | Command::Batch { .. })
}

fn best<'a>(
    ctx: &Ctx,
    view: &State,
    side: Side,
    legal: &'a [Command],
    seed: u64,
    budget: Budget,
    evaluate: Evaluation,
) -> Option<&'a Command> {
    if legal.len() == 1 {
        return legal.first();
    }
    let mut best: Option<(i64, u64, usize)> = None;
    for i in candidates(legal, seed, budget.candidates) {
        let (mut total, mut n) = (0i64, 0i64);
        let samples = if rolls_dice(&legal[i]) { budget.samples_dice } else { budget.samples };
        for s in 0..samples {
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
