//! Computer opponents, for any ruleset: a bot answers what its player owes (a command, a
//! choice, a sealed choice) with one of the ruleset's legal commands, seeing only its
//! player's view of the game, and choosing deterministically from a seed it is given, so that
//! a bot's game can be played again exactly.
//!
//! The interface is the erased one ([`AnyRuleset`]): bots sit in the same places a player
//! does (a local game, a mailed game, the self-play harness), where the ruleset is chosen at
//! run time.

use crate::{AnyRuleset, GameState, Pending, PlayerId, Viewer};
use serde_json::Value;

/// A computer opponent.
pub trait Bot: Send + Sync {
    /// The bot's name, as `--bot NAME` names it.
    fn name(&self) -> &'static str;
    /// The command `player` gives now in `state`, or `None` when `player` owes no decision.
    /// The bot sees `state` only through `player_view(state, Player(player))`, and the same
    /// state, player and seed always give the same command.
    fn choose(&self, ruleset: &dyn AnyRuleset, state: &GameState, player: PlayerId, seed: u64) -> Option<Value>;
}

/// Does `player` owe a decision (a command, a choice, a sealed choice) in `state`?
pub fn owes_decision(ruleset: &dyn AnyRuleset, state: &GameState, player: PlayerId) -> bool {
    match ruleset.pending(state) {
        Pending::Command { player: p, .. } | Pending::Choice { player: p, .. } | Pending::Dice { player: p, .. } => {
            p == player
        }
        Pending::Sealed { players, .. } => players.contains(&player),
        Pending::Open { .. } | Pending::Over { .. } => false,
    }
}

/// The bot that picks uniformly among every legal command: the baseline every other bot is
/// measured against.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&self, ruleset: &dyn AnyRuleset, state: &GameState, player: PlayerId, seed: u64) -> Option<Value> {
        let view = ruleset.player_view(state, Viewer::Player(player));
        if !owes_decision(ruleset, &view, player) {
            return None;
        }
        let legal = ruleset.legal_commands(&view, player);
        if legal.is_empty() {
            return None;
        }
        let pick = pick_index(seed, legal.len());
        legal.into_iter().nth(pick)
    }
}

/// A uniform index below `n` from `seed`: SplitMix64 (Steele, Lea and Flood, 2014) of the
/// seed, then Lemire's multiply-shift reduction of its high 32 bits. Our own documented
/// algorithm, so that a bot's choices never change with a library's version.
pub fn pick_index(seed: u64, n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    let high = u128::from(z >> 32);
    ((high * n as u128) >> 32) as usize
}

/// The bots every ruleset has.
pub fn generic_bots() -> Vec<&'static dyn Bot> {
    vec![&RandomBot]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_index_is_below_n_and_spreads_evenly() {
        let n = 7;
        let mut counts = [0usize; 7];
        for seed in 0..70_000u64 {
            let i = pick_index(seed, n);
            assert!(i < n);
            counts[i] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
        assert_eq!(pick_index(5, 1), 0);
        assert_eq!(pick_index(5, 0), 0);
    }

    #[test]
    fn pick_index_is_fixed_by_its_documented_algorithm() {
        // Vectors of SplitMix64 then the multiply-shift: a change here changes every
        // recorded bot game.
        let got: Vec<usize> = (0..8u64).map(|s| pick_index(s, 1000)).collect();
        assert_eq!(got, vec![883, 566, 591, 113, 431, 386, 739, 389]);
    }
}
