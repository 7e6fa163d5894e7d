//! `botmatch [--scenario ID] [--games N] [--seed S] [--bot NAME] [--against NAME] [--open-stacks]
//! [--seat 0|1] [--trace]`:
//! how strong an FNC bot is, measured as chess engines are: `N` games with the bot on each
//! side against the other bot, results as a win rate with its 95% Wilson interval.
//!
//! The games are played in memory on the rules engine alone (no journals: the full path is
//! the self-play harness's), with dice from a stream seeded per game; each bot sees only its
//! player's view (`player_view`), so under fog of war (the default) it cannot see beneath the
//! tops of the other side's closed stacks. Rules-demanded openings are made at once.
//!
//! `cargo run --release -p grognard-acceptance --bin botmatch -- --scenario rsw-historical --games 200`

use grognard_engine::{AnyRuleset, Bot, GameState, Pending, Seats, Setup, StreamDice};
use grognard_fnc::scenario::{FOG_OF_WAR, OPEN_STACKS};
use grognard_fnc::Fnc;
use std::process::ExitCode;
use std::time::Instant;

static FNC: Fnc = Fnc;

fn bot(name: &str) -> Result<&'static dyn Bot, String> {
    let names: Vec<&str> = AnyRuleset::bots(&FNC).iter().map(|b| b.name()).collect();
    AnyRuleset::bot(&FNC, name).ok_or(format!("no bot `{name}` ({})", names.join(", ")))
}

/// The winner's seat of one game, `None` when the game did not end in `MAX_STEPS`.
fn game(setup: &Setup, bots: [&dyn Bot; 2], seed: u64, trace: bool) -> Result<Option<usize>, String> {
    const MAX_STEPS: usize = 20_000;
    let ruleset: &dyn AnyRuleset = &FNC;
    let info = ruleset.scenario_of(setup).ok_or("no such scenario")?;
    let seats = Seats::round_robin(&info.powers, 2).map_err(|e| e.to_string())?;
    let mut state: GameState = ruleset.setup(setup, &seats).map_err(|e| e.to_string())?;
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut dice = StreamDice::from_seed(bytes);
    for step in 0..MAX_STEPS {
        match ruleset.pending(&state) {
            Pending::Over { winners, .. } => {
                if trace {
                    eprintln!("end: {}", ruleset.summary(&state));
                }
                return Ok(winners.first().map(|p| p.index()));
            }
            Pending::Open { owing, .. } => {
                for o in owing {
                    state = ruleset.apply_opened(&state, o.player, &mut dice).map_err(|e| format!("{e:?}"))?.0;
                }
            }
            Pending::Sealed { .. } => return Err("FNC has no sealed choices".into()),
            Pending::Command { player, .. } | Pending::Choice { player, .. } | Pending::Dice { player, .. } => {
                let choice_seed = seed.wrapping_mul(1_000_003).wrapping_add(step as u64);
                let Some(command) = bots[player.index()].choose(ruleset, &state, player, choice_seed) else {
                    return Err(format!("seed {seed}: the bot of {player} had nothing to play"));
                };
                if trace {
                    let turn = ruleset.turn(&state).map(|t| t.player_turn).unwrap_or_default();
                    eprintln!("[{turn}] {player}: {}", ruleset.format_command(&command));
                }
                state = ruleset
                    .apply(&state, player, &command, &mut dice)
                    .map_err(|e| {
                        format!(
                            "seed {seed}, step {step}: the bot's `{}` was refused: {e:?}",
                            ruleset.format_command(&command)
                        )
                    })?
                    .0;
            }
        }
    }
    Ok(None)
}

/// The 95% Wilson score interval of `wins` out of `n`.
fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, wins as f64 / n as f64, 1.96f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / (1.0 + z * z / n);
    (centre - half, centre + half)
}

fn run() -> Result<(), String> {
    let mut scenario = "rsw-historical".to_string();
    let (mut games, mut seed, mut me, mut them, mut option) = (20u64, 0u64, "greedy", "random", FOG_OF_WAR);
    let (mut trace, mut only) = (false, None::<usize>);
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--scenario" => scenario = value()?,
            "--games" => games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--bot" => me = bot(&value()?)?.name(),
            "--against" => them = bot(&value()?)?.name(),
            "--open-stacks" => option = OPEN_STACKS,
            "--trace" => trace = true,
            "--seat" => only = Some(value()?.parse().map_err(|e| format!("--seat: {e}"))?),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    let setup = Setup::scenario(scenario.clone()).with_options([option.to_string()]);
    let started = Instant::now();
    for seat in (0..2usize).filter(|s| only.is_none_or(|o| o == *s)) {
        let mut bots = [bot(them)?, bot(them)?];
        bots[seat] = bot(me)?;
        let (mut won, mut unfinished) = (0u64, 0u64);
        for g in 0..games {
            let outcome = game(&setup, bots, seed + g, trace)?;
            match outcome {
                Some(w) if w == seat => won += 1,
                Some(_) => {}
                None => unfinished += 1,
            }
            // Progress on standard error: a long match shows where it stands.
            eprintln!("game {} of {games}, {me} as player {seat}: winner {outcome:?}", g + 1);
        }
        let (lo, hi) = wilson(won, games);
        println!(
            "{scenario} ({option}): {me} as player {seat} against {them}: won {won} of {games} ({:.1}%, 95% interval {:.1}% to {:.1}%){}",
            100.0 * won as f64 / games.max(1) as f64,
            100.0 * lo,
            100.0 * hi,
            if unfinished > 0 { format!(", {unfinished} unfinished") } else { String::new() }
        );
    }
    let seconds = started.elapsed().as_secs_f64();
    let played = if only.is_some() { games } else { 2 * games };
    println!("{played} games in {seconds:.1} s ({:.2} games per second)", played as f64 / seconds.max(1e-9));
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("botmatch: {e}");
            ExitCode::FAILURE
        }
    }
}
