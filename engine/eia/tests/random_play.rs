//! Property test: random legal play from the 1805 scenario finds no panic, no refused legal
//! command and no broken invariant (invariants.rs), for several seeds.

use grognard_eia::ctx::Ctx;
use grognard_eia::invariants::broken;
use grognard_eia::{Eia, Power};
use grognard_engine::{ApplyError, Pending, PlayerId, Ruleset, Seats, Setup, StreamDice};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn play(seed: u64, players: usize, max_commands: usize) -> (usize, usize) {
    let ctx = Ctx::builtin().unwrap_or_else(|e| panic!("{e}"));
    let eia = Eia;
    let info = eia.scenarios().into_iter().find(|s| s.id == "1805").unwrap_or_else(|| panic!("no 1805"));
    let seats = Seats::round_robin(&info.powers, players).unwrap_or_else(|e| panic!("{e}"));
    let mut state = eia.setup(&Setup::scenario("1805"), &seats).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = 0;
    let mut battles = 0;
    for step in 0..max_commands {
        let pending = eia.pending(&state);
        let player = match &pending {
            Pending::Over { .. } => break,
            Pending::Command { player, .. } => *player,
            Pending::Sealed { players, .. } => {
                let mut choices = Vec::new();
                for p in players {
                    let legal = eia.legal_commands(&state, *p);
                    assert!(!legal.is_empty(), "seed {seed} step {step}: no chit for {p}");
                    let pick = rng.next_u64() as usize % legal.len();
                    choices.push((*p, legal[pick].clone()));
                }
                let mut seed_bytes = [0u8; 32];
                rng.fill_bytes(&mut seed_bytes);
                let mut dice = StreamDice::from_seed(seed_bytes);
                match eia.apply_sealed(&state, &choices, &mut dice) {
                    Ok(applied) => state = applied.state,
                    Err(e) => panic!("seed {seed} step {step}: chits {choices:?} refused: {e}"),
                }
                let bad = broken(ctx, &state);
                assert!(bad.is_empty(), "seed {seed} step {step} after a battle: {bad:?}");
                battles += 1;
                continue;
            }
            other => panic!("seed {seed} step {step}: unexpected pending {other:?}"),
        };
        let legal = eia.legal_commands(&state, player);
        assert!(!legal.is_empty(), "seed {seed} step {step}: no legal command for {player}: {pending:?}");
        // End and demobilise less often than other commands, so that games do things.
        let busy: Vec<&grognard_eia::Command> = legal
            .iter()
            .filter(|c| !matches!(c, grognard_eia::Command::End | grognard_eia::Command::Demobilise { .. }))
            .collect();
        let command = if !busy.is_empty() && rng.next_u64() % 5 != 0 {
            busy[rng.next_u64() as usize % busy.len()]
        } else {
            &legal[rng.next_u64() as usize % legal.len()]
        };
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
    (played, battles)
}

#[test]
fn random_legal_play_breaks_no_invariant_seven_players() {
    let mut battles = 0;
    for seed in 0..3 {
        let (played, fought) = play(seed, 7, 1500);
        eprintln!("seed {seed}: {played} commands, {fought} battles");
        battles += fought;
    }
    assert!(battles > 0, "random play fought no battle: land combat went untested");
}

#[test]
fn random_legal_play_breaks_no_invariant_two_players() {
    for seed in 10..12 {
        let (played, fought) = play(seed, 2, 1500);
        eprintln!("seed {seed}: {played} commands, {fought} battles");
    }
}
