//! Property test: random legal play from the 1805 scenario finds no panic, no refused legal
//! command and no broken invariant (invariants.rs), for several seeds.

use grognard_eia::ctx::Ctx;
use grognard_eia::invariants::broken;
use grognard_eia::{Eia, Power};
use grognard_engine::{ApplyError, Pending, PlayerId, Ruleset, Seats, Setup, StreamDice};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn play(seed: u64, players: usize, max_commands: usize) -> usize {
    let ctx = Ctx::builtin().unwrap_or_else(|e| panic!("{e}"));
    let eia = Eia;
    let info = eia.scenarios().into_iter().find(|s| s.id == "1805").unwrap_or_else(|| panic!("no 1805"));
    let seats = Seats::round_robin(&info.powers, players).unwrap_or_else(|e| panic!("{e}"));
    let mut state = eia.setup(&Setup::scenario("1805"), &seats).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = 0;
    for step in 0..max_commands {
        let pending = eia.pending(&state);
        let player = match &pending {
            Pending::Over { .. } => break,
            Pending::Command { player, .. } => *player,
            other => panic!("seed {seed} step {step}: unexpected pending {other:?}"),
        };
        let legal = eia.legal_commands(&state, player);
        assert!(!legal.is_empty(), "seed {seed} step {step}: no legal command for {player}: {pending:?}");
        // End less often than other commands, so that games do things.
        let pick = rng.next_u64() as usize % legal.len();
        let command = &legal[pick];
        let mut seed_bytes = [0u8; 32];
        rng.fill_bytes(&mut seed_bytes);
        let mut dice = StreamDice::from_seed(seed_bytes);
        match eia.apply(&state, player, command, &mut dice) {
            Ok(applied) => state = applied.state,
            Err(ApplyError::NeedDice) => panic!("seed {seed}: a stream of dice never runs out"),
            Err(ApplyError::Rule(e)) => panic!("seed {seed} step {step}: legal `{command}` refused: {e}"),
        }
        let bad = broken(ctx, &state);
        assert!(bad.is_empty(), "seed {seed} step {step} after `{command}`: {bad:?}");
        played += 1;
        let _ = Power::ALL;
        let _ = PlayerId(0);
    }
    played
}

#[test]
fn random_legal_play_breaks_no_invariant_seven_players() {
    for seed in 0..3 {
        play(seed, 7, 600);
    }
}

#[test]
fn random_legal_play_breaks_no_invariant_two_players() {
    for seed in 10..12 {
        play(seed, 2, 600);
    }
}
