//! Positions reached by random legal play, for throwing bad commands at: each kept both as
//! a typed [`State`] and as the opaque [`GameState`] the journal holds, reached through the
//! erased interface by the JSON form of the same commands.

use super::driver::{play, Game, Policy};
use super::scenarios::{seats, setup_of, start};
use grognard_engine::{AnyRuleset, GameState, Pending, PlayerId, Ruleset, ScriptedDice};
use grognard_fnc::{Fnc, State};

/// One position and who is to act in it.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub scenario: &'static str,
    pub state: State,
    pub erased: GameState,
    pub player: PlayerId,
}

/// The game a corpus is played from.
pub fn corpus_game(scenario: &'static str, seed: u64, last_turn: u8) -> Game {
    Game {
        scenario,
        seed,
        solitaire: false,
        last_turn,
        max_steps: 3000,
        policy: Policy::Random { end_percent: 8 },
        contract_samples: 0,
        candidates: 4,
        noops_fail: false,
    }
}

/// Every `every`-th position of a random game, plus every position with a decision owed
/// (losses, retreats, advances, removals: the commands with the most fields).
pub fn snapshots(scenario: &'static str, seed: u64, last_turn: u8, every: usize) -> Vec<Snapshot> {
    let played = match play(corpus_game(scenario, seed, last_turn)) {
        Ok(p) => p,
        Err(f) => panic!("the corpus game failed a property:\n{}", f.report()),
    };
    let (_, mut state) = start(scenario, false);
    let mut erased = AnyRuleset::setup(&Fnc, &setup_of(scenario), &seats(scenario, false))
        .unwrap_or_else(|e| panic!("erased setup of `{scenario}`: {e}"));
    let mut out = Vec::new();
    for (i, step) in played.history.iter().enumerate() {
        if i % every.max(1) == 0 || state.decision.is_some() {
            if let Some(player) = Ruleset::pending(&Fnc, &state).players().first().copied() {
                out.push(Snapshot { scenario, state: state.clone(), erased: erased.clone(), player });
            }
        }
        let json = serde_json::to_value(&step.command).unwrap_or_else(|e| panic!("command to JSON: {e}"));
        let mut dice = ScriptedDice::new(&step.faces);
        let (next, _) = AnyRuleset::apply(&Fnc, &erased, step.player, &json, &mut dice)
            .unwrap_or_else(|e| panic!("erased replay of step {i} `{json}`: {e}"));
        let mut dice = ScriptedDice::new(&step.faces);
        state = Ruleset::apply(&Fnc, &state, step.player, &step.command, &mut dice)
            .unwrap_or_else(|e| panic!("typed replay of step {i}: {e}"))
            .state;
        assert_eq!(
            AnyRuleset::state_json(&Fnc, &next),
            serde_json::to_value(&state).unwrap_or_default(),
            "the erased and typed interfaces agree after step {i}"
        );
        erased = next;
    }
    if !matches!(Ruleset::pending(&Fnc, &state), Pending::Over { .. }) {
        if let Some(player) = Ruleset::pending(&Fnc, &state).players().first().copied() {
            out.push(Snapshot { scenario, state, erased, player });
        }
    }
    out
}
