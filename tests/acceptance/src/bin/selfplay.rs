//! `selfplay [--scenario ID] [--games N] [--seed S] [--bots NAME,NAME] [--open-stacks] [--keep DIR]`: whole FNC
//! games bot against bot through the full path of a game by mail (`grognard_acceptance::
//! selfplay`: two journals, fair dice, packets, fog of war unless `--open-stacks`), checked
//! after every round. Prints each game's result and the games per second; a failure prints
//! the seed that plays it again and exits 1. `--keep DIR` copies each finished game's
//! journal and the players' public keys into `DIR/seed-S/`. `--bots` names the bot of each
//! player (default `random,random`).
//!
//! A long run: `cargo run --release -p grognard-acceptance --bin selfplay -- --games 1000`.

use grognard_acceptance::selfplay::{self, Config};
use grognard_engine::{AnyRuleset, Bot, Setup};
use grognard_fnc::scenario::{FOG_OF_WAR, OPEN_STACKS};
use grognard_fnc::Fnc;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

static FNC: Fnc = Fnc;

struct Args {
    scenario: String,
    games: u64,
    seed: u64,
    option: &'static str,
    keep: Option<PathBuf>,
    bots: Vec<&'static dyn Bot>,
}

fn parse() -> Result<Args, String> {
    let random = AnyRuleset::bot(&FNC, "random").ok_or("no random bot")?;
    let mut args = Args {
        scenario: "ec-historical".into(),
        games: 1,
        seed: 0,
        option: FOG_OF_WAR,
        keep: None,
        bots: vec![random; 2],
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--scenario" => args.scenario = value("--scenario")?,
            "--games" => args.games = value("--games")?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => args.seed = value("--seed")?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--open-stacks" => args.option = OPEN_STACKS,
            "--keep" => args.keep = Some(PathBuf::from(value("--keep")?)),
            "--bots" => {
                let names = value("--bots")?;
                let known: Vec<&str> = AnyRuleset::bots(&FNC).iter().map(|b| b.name()).collect();
                args.bots = names
                    .split(',')
                    .map(|n| AnyRuleset::bot(&FNC, n.trim()).ok_or(format!("no bot `{n}` ({})", known.join(", "))))
                    .collect::<Result<_, _>>()?;
                if args.bots.len() != 2 {
                    return Err("--bots names two bots, the first player's then the second's".into());
                }
            }
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
                "selfplay: {e}\nusage: selfplay [--scenario ID] [--games N] [--seed S] [--bots NAME,NAME] [--open-stacks] [--keep DIR]"
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
            bots: args.bots.clone(),
            seed,
            max_rounds: 4000,
            invariants: Some(grognard_acceptance::fnc::invariants),
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
