//! Property test of the naval rules: random legal play from the 1805 scenario with the option
//! `naval` finds no panic, no refused legal command, no choice offered that the rules refuse
//! and no broken invariant (invariants.rs, naval/invariants.rs), and does play the naval
//! phase: moves, interceptions, battles, landings.

use grognard_eia::ctx::Ctx;
use grognard_eia::invariants::broken;
use grognard_eia::naval::NavalCommand;
use grognard_eia::{Command, Eia};
use grognard_engine::{ApplyError, Pending, Ruleset, Seats, Setup, StreamDice};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// Plays at most `max_commands` commands; returns how many events of each kind were logged.
fn play(seed: u64, players: usize, max_commands: usize) -> BTreeMap<String, usize> {
    let ctx = Ctx::builtin().unwrap_or_else(|e| panic!("{e}"));
    let eia = Eia;
    let info = eia.scenarios().into_iter().find(|s| s.id == "1805").unwrap_or_else(|| panic!("no 1805"));
    let seats = Seats::round_robin(&info.powers, players).unwrap_or_else(|e| panic!("{e}"));
    let setup = Setup::scenario("1805").with_options(["naval".to_string()]);
    let mut state = eia.setup(&setup, &seats).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut count = |events: &[grognard_engine::Event]| {
        for e in events {
            if let Some(k) = e.data.get("kind").and_then(|k| k.as_str()) {
                *kinds.entry(k.to_string()).or_insert(0) += 1;
            }
        }
    };
    for step in 0..max_commands {
        let pending = eia.pending(&state);
        let player = match &pending {
            Pending::Over { .. } => break,
            Pending::Command { player, .. } => *player,
            Pending::Choice { player, options, .. } => {
                let legal: Vec<String> = eia.legal_commands(&state, *player).iter().map(|c| c.to_string()).collect();
                for o in options {
                    assert!(legal.contains(o), "seed {seed} step {step}: option `{o}` is not legal ({legal:?})");
                }
                *player
            }
            Pending::Sealed { players, .. } => {
                let mut choices = Vec::new();
                for p in players {
                    let legal = eia.legal_commands(&state, *p);
                    assert!(!legal.is_empty(), "seed {seed} step {step}: no chit for {p}");
                    choices.push((*p, legal[rng.next_u64() as usize % legal.len()].clone()));
                }
                let mut seed_bytes = [0u8; 32];
                rng.fill_bytes(&mut seed_bytes);
                let mut dice = StreamDice::from_seed(seed_bytes);
                match eia.apply_sealed(&state, &choices, &mut dice) {
                    Ok(applied) => {
                        count(&applied.events);
                        state = applied.state;
                    }
                    Err(e) => panic!("seed {seed} step {step}: chits {choices:?} refused: {e}"),
                }
                let bad = broken(ctx, &state);
                assert!(bad.is_empty(), "seed {seed} step {step} after a battle: {bad:?}");
                continue;
            }
            other => panic!("seed {seed} step {step}: unexpected pending {other:?}"),
        };
        let legal = eia.legal_commands(&state, player);
        assert!(!legal.is_empty(), "seed {seed} step {step}: no legal command for {player}: {pending:?}");
        // End, demobilise and scuttle less often than other commands, so that games do things.
        let busy: Vec<&Command> = legal
            .iter()
            .filter(|c| {
                !matches!(c, Command::End | Command::Demobilise { .. } | Command::Naval(NavalCommand::Scuttle { .. }))
            })
            .collect();
        // Boarding, landing and attacking are few among the many moves: favour them.
        let rare: Vec<&Command> = legal
            .iter()
            .filter(|c| {
                matches!(
                    c,
                    Command::Naval(
                        NavalCommand::Embark { .. } | NavalCommand::Disembark { .. } | NavalCommand::Engage { .. }
                    )
                )
            })
            .collect();
        let calm: Vec<&Command> =
            legal.iter().filter(|c| !matches!(c, Command::Naval(NavalCommand::Scuttle { .. }))).collect();
        let command = if !rare.is_empty() && rng.next_u64() % 2 == 0 {
            rare[rng.next_u64() as usize % rare.len()]
        } else if !busy.is_empty() && rng.next_u64() % 5 != 0 {
            busy[rng.next_u64() as usize % busy.len()]
        } else if !calm.is_empty() && rng.next_u64() % 20 != 0 {
            calm[rng.next_u64() as usize % calm.len()]
        } else {
            &legal[rng.next_u64() as usize % legal.len()]
        };
        assert_eq!(Command::parse(&command.to_string()).as_ref(), Ok(command), "seed {seed}: `{command}` round trip");
        let mut seed_bytes = [0u8; 32];
        rng.fill_bytes(&mut seed_bytes);
        let mut dice = StreamDice::from_seed(seed_bytes);
        match eia.apply(&state, player, command, &mut dice) {
            Ok(applied) => {
                count(&applied.events);
                state = applied.state;
            }
            Err(ApplyError::NeedDice) => panic!("seed {seed}: a stream of dice never runs out"),
            Err(ApplyError::Rule(e)) => panic!("seed {seed} step {step}: legal `{command}` refused: {e}"),
        }
        let bad = broken(ctx, &state);
        assert!(bad.is_empty(), "seed {seed} step {step} after `{command}`: {bad:?}");
    }
    kinds
}

#[test]
fn naval_random_legal_play_breaks_no_invariant_seven_players() {
    let mut total: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 0..3 {
        let kinds = play(seed, 7, 1500);
        eprintln!("seed {seed}: {kinds:?}");
        for (k, n) in kinds {
            *total.entry(k).or_insert(0) += n;
        }
    }
    for kind in ["naval-order", "fleet-move", "naval-battle", "interception", "embark", "disembark"] {
        assert!(total.get(kind).is_some_and(|n| *n > 0), "random play logged no `{kind}`: {total:?}");
    }
}

#[test]
fn naval_random_legal_play_breaks_no_invariant_two_players() {
    for seed in 20..22 {
        let kinds = play(seed, 2, 1500);
        eprintln!("seed {seed}: {kinds:?}");
    }
}
