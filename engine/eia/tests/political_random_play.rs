//! Property test: random legal play from the 1805 scenario with the political phase (option
//! `political`) finds no panic, no refused legal command and no broken invariant, through
//! declarations, calls, peace, alliances and minor country control month after month.
//! `GROGNARD_POLITICAL_SEEDS=N` plays N seeds (default 3).

use grognard_eia::ctx::Ctx;
use grognard_eia::invariants::broken;
use grognard_eia::sequence::Phase;
use grognard_eia::{Command, Eia};
use grognard_engine::{ApplyError, Pending, Ruleset, Seats, Setup, StreamDice};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Default, Debug)]
struct Seen {
    commands: usize,
    political: usize,
    declarations: usize,
    peaces: usize,
    months: usize,
}

fn play(seed: u64, players: usize, max_commands: usize) -> Seen {
    let ctx = Ctx::builtin().unwrap_or_else(|e| panic!("{e}"));
    let eia = Eia;
    let info = eia.scenarios().into_iter().find(|s| s.id == "1805").unwrap_or_else(|| panic!("no 1805"));
    let seats = Seats::round_robin(&info.powers, players).unwrap_or_else(|e| panic!("{e}"));
    let mut setup = Setup::scenario("1805");
    setup.options = vec!["political".into(), "open-corps".into()];
    let mut state = eia.setup(&setup, &seats).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = Seen::default();
    let mut month = state.date;
    let dice = |rng: &mut ChaCha8Rng| {
        let mut seed_bytes = [0u8; 32];
        rng.fill_bytes(&mut seed_bytes);
        StreamDice::from_seed(seed_bytes)
    };
    for step in 0..max_commands {
        if state.date != month {
            month = state.date;
            seen.months += 1;
        }
        let pending = eia.pending(&state);
        let player = match &pending {
            Pending::Over { .. } => break,
            Pending::Command { player, .. } | Pending::Choice { player, .. } => *player,
            Pending::Sealed { players, .. } => {
                let mut choices = Vec::new();
                for p in players {
                    let legal = eia.legal_commands(&state, *p);
                    assert!(!legal.is_empty(), "seed {seed} step {step}: nothing to seal for {p}");
                    // Declare war now and then: most months are quiet.
                    let pick = if rng.next_u64() % 4 == 0 { rng.next_u64() as usize % legal.len() } else { 0 };
                    if matches!(state.sequence.phase, Phase::Political(_)) && pick != 0 {
                        seen.declarations += 1;
                    }
                    choices.push((*p, legal[pick].clone()));
                }
                let mut d = dice(&mut rng);
                match eia.apply_sealed(&state, &choices, &mut d) {
                    Ok(applied) => state = applied.state,
                    Err(e) => panic!("seed {seed} step {step}: sealed {choices:?} refused: {e}"),
                }
                let bad = broken(ctx, &state);
                assert!(bad.is_empty(), "seed {seed} step {step} after sealed choices: {bad:?}");
                continue;
            }
            other => panic!("seed {seed} step {step}: unexpected pending {other:?}"),
        };
        let legal = eia.legal_commands(&state, player);
        assert!(!legal.is_empty(), "seed {seed} step {step}: no legal command for {player}: {pending:?}");
        if let Pending::Choice { options, .. } = &pending {
            let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
            assert_eq!(&texts, options, "seed {seed} step {step}: the choice offers the legal answers");
        }
        let busy: Vec<&Command> =
            legal.iter().filter(|c| !matches!(c, Command::End | Command::Demobilise { .. })).collect();
        let command = if !busy.is_empty() && rng.next_u64() % 3 != 0 {
            busy[rng.next_u64() as usize % busy.len()]
        } else {
            &legal[rng.next_u64() as usize % legal.len()]
        };
        let political = matches!(state.sequence.phase, Phase::Political(_));
        let mut d = dice(&mut rng);
        match eia.apply(&state, player, command, &mut d) {
            Ok(applied) => {
                if applied.events.iter().any(|e| e.data["kind"] == "peace") {
                    seen.peaces += 1;
                }
                state = applied.state
            }
            Err(ApplyError::NeedDice) => panic!("seed {seed}: a stream of dice never runs out"),
            Err(ApplyError::Rule(e)) => panic!("seed {seed} step {step}: legal `{command}` refused: {e}"),
        }
        let bad = broken(ctx, &state);
        assert!(bad.is_empty(), "seed {seed} step {step} after `{command}`: {bad:?}");
        seen.commands += 1;
        if political {
            seen.political += 1;
        }
    }
    seen
}

#[test]
fn random_legal_play_with_the_political_phase_breaks_no_invariant() {
    let seeds: u64 = std::env::var("GROGNARD_POLITICAL_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let mut total = Seen::default();
    for seed in 0..seeds {
        let players = if seed % 2 == 0 { 7 } else { 3 };
        let seen = play(seed, players, 2500);
        eprintln!("seed {seed}: {seen:?}");
        total.political += seen.political;
        total.declarations += seen.declarations;
        total.peaces += seen.peaces;
        total.months += seen.months;
    }
    assert!(total.political > 0 && total.declarations > 0, "{total:?}: the political phase went untested");
    assert!(total.months > 0, "{total:?}: no month passed");
}
