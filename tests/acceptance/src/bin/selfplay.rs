//! `selfplay [--scenario ID] [--games N] [--seed S] [--open-stacks] [--keep DIR]`: whole FNC
//! games bot against bot through the full path of a game by mail (`grognard_acceptance::
//! selfplay`: two journals, fair dice, packets, fog of war unless `--open-stacks`), checked
//! after every round. Prints each game's result and the games per second; a failure prints
//! the seed that plays it again and exits 1. `--keep DIR` copies each finished game's
//! journal and the players' public keys into `DIR/seed-S/`.
//!
//! A long run: `cargo run --release -p grognard-acceptance --bin selfplay -- --games 1000`.

use grognard_acceptance::selfplay::{self, Config};
use grognard_engine::{AnyRuleset, Bot, RandomBot, Setup};
use grognard_fnc::scenario::{FOG_OF_WAR, OPEN_STACKS};
use grognard_fnc::Fnc;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

static FNC: Fnc = Fnc;
static RANDOM: RandomBot = RandomBot;

struct Args {
    scenario: String,
    games: u64,
    seed: u64,
    option: &'static str,
    keep: Option<PathBuf>,
}

fn parse() -> Result<Args, String> {
    let mut args = Args { scenario: "ec-historical".into(), games: 1, seed: 0, option: FOG_OF_WAR, keep: None };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--scenario" => args.scenario = value("--scenario")?,
            "--games" => args.games = value("--games")?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => args.seed = value("--seed")?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--open-stacks" => args.option = OPEN_STACKS,
            "--keep" => args.keep = Some(PathBuf::from(value("--keep")?)),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "selfplay: {e}\nusage: selfplay [--scenario ID] [--games N] [--seed S] [--open-stacks] [--keep DIR]"
            );
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let mut wins = [0u64; 3];
    for seed in args.seed..args.seed + args.games {
        let cfg = Config {
            ruleset: &FNC as &dyn AnyRuleset,
            setup: Setup::scenario(args.scenario.clone()).with_options([args.option.to_string()]),
            bots: vec![&RANDOM as &dyn Bot, &RANDOM as &dyn Bot],
            seed,
            max_rounds: 4000,
        };
        match selfplay::play(&cfg) {
            Ok(r) => {
                let w = r.winners.first().map_or(2, |p| p.index().min(1));
                wins[w] += 1;
                println!(
                    "seed {seed}: {} ({} commands, {} entries, {} concealed, {:.1} s)",
                    r.result, r.commands, r.entries, r.concealed, r.seconds
                );
                if let Some(dir) = &args.keep {
                    if let Err(e) = keep(&r, &dir.join(format!("seed-{seed}"))) {
                        eprintln!("selfplay: keeping seed {seed}: {e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            Err(e) => {
                eprintln!("selfplay: FAILED: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} games of {} in {seconds:.1} s ({:.2} games per second); first side won {}, second {}, no winner {}",
        args.games,
        args.scenario,
        args.games as f64 / seconds.max(1e-9),
        wins[0],
        wins[1],
        wins[2]
    );
    ExitCode::SUCCESS
}

/// Copy a finished game's journal and the players' public key lines into `dir`.
fn keep(r: &selfplay::Report, dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::copy(r.table.journal_path(0), dir.join("journal"))?;
    let keys: Vec<String> = r
        .table
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("grognard-pk1 {} Player{i} <p{i}@example.org>\n", s.key.public().to_hex()))
        .collect();
    std::fs::write(dir.join("players.pub"), keys.concat())?;
    std::fs::write(dir.join("result.txt"), format!("{}\n", r.result))
}
