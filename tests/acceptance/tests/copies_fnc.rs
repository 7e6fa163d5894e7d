//! FNC's fog of war (7.7) under random play, through the in-memory simulation of every copy
//! (`grognard_acceptance::copies`): each player's copy knows its own concealed moves, the
//! referee's only what is opened, and after every step every copy must wait for the same
//! thing and show everyone the same public part; with everything opened at the end, every
//! copy must be the same game.
//!
//! The default run is short; long runs are on demand: the number of games and the steps of
//! each are set by `GROGNARD_SIM_SEEDS` and `GROGNARD_SIM_STEPS` (small by default, e.g.
//! `GROGNARD_SIM_SEEDS=20 GROGNARD_SIM_STEPS=3000 cargo test --release -p grognard-acceptance
//! --test acceptance copies_fnc::` plays twenty whole games of each); `GROGNARD_SIM_FIRST_SEED` sets the first seed (default 0), and
//! `GROGNARD_SIM_IGNORE` (comma-separated dotted paths, `book.moved`) leaves parts of the
//! public view out of the comparison, to look past a known difference for the next one. A
//! failure prints the seed that plays it again.

use grognard_acceptance::copies::{budget, play, report, weighted, Config, Outcome, Pick};
use grognard_acceptance::Lcg;
use grognard_engine::{PlayerId, Setup};
use grognard_fnc::scenario::FOG_OF_WAR;
use grognard_fnc::{Command, Fnc, State};

/// How much random play prefers a command: fighting and moving are what break things, and
/// `end` is chosen only now and then (or when nothing else is legal) so that games progress.
fn weight(command: &Command) -> u64 {
    match command {
        Command::Attack { .. } | Command::Batch { .. } => 6,
        Command::Move { .. } | Command::River { .. } | Command::Sail { .. } | Command::Fleet { .. } => 3,
        Command::Historical => 2,
        _ => 1,
    }
}

/// `end` with this chance in percent when anything else is legal.
const END_PERCENT: usize = 8;

fn pick(_: &State, _: PlayerId, legal: &[Command], rng: &mut Lcg) -> usize {
    weighted(legal, |c| *c == Command::End, END_PERCENT, weight, rng)
}

fn games(scenario: &str, first_seed: u64) -> Vec<Outcome> {
    let (seeds, steps) = budget(2, 150);
    let first_seed = std::env::var("GROGNARD_SIM_FIRST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(first_seed);
    let ignore: Vec<String> = std::env::var("GROGNARD_SIM_IGNORE")
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect();
    let setup = Setup::scenario(scenario).with_options([FOG_OF_WAR.to_string()]);
    let played: Vec<Outcome> = (first_seed..first_seed + seeds)
        .map(|seed| {
            let mut chooser = pick;
            let pick: &mut Pick<'_, Fnc> = &mut chooser;
            let config = Config { ignore: ignore.clone(), ..Config::new(seed, steps) };
            play(&Fnc, &setup, &config, pick).unwrap_or_else(|f| panic!("{scenario} with fog of war, {f}"))
        })
        .collect();
    println!("{}", report(scenario, &played));
    played
}

#[test]
fn rule_7_7_every_copy_agrees_in_random_games_of_ec_with_fog() {
    let played = games("ec-historical", 0);
    assert!(played.iter().any(|o| o.concealed > 0), "no concealed move was made");
    assert!(played.iter().any(|o| o.openings > 0), "no rule demanded an opening");
}

#[test]
fn rule_7_7_every_copy_agrees_in_random_games_of_rsw_with_fog() {
    let played = games("rsw-historical", 0);
    assert!(played.iter().any(|o| o.concealed > 0), "no concealed move was made");
    assert!(played.iter().any(|o| o.openings > 0), "no rule demanded an opening");
}
