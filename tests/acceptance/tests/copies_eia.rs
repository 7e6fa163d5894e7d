//! Empires in Arms' hidden corps strengths (2.4.2) under random play, through the in-memory
//! simulation of every copy (`grognard_acceptance::copies`): each player's copy knows its own
//! concealed commands (reinforcements placed in corps, transfers, losses chosen, checks that
//! read hidden strengths), the referee's only what is opened; after every step every copy
//! must wait for the same thing and show everyone the same public part, and once everything
//! is opened every copy must be the same game.
//!
//! The default run is short; `GROGNARD_SIM_SEEDS` and `GROGNARD_SIM_STEPS` make it longer
//! (`GROGNARD_SIM_SEEDS=10 GROGNARD_SIM_STEPS=3000 cargo test --release -p grognard-acceptance
//! --test acceptance copies_eia::`). A failure prints the seed that plays it again.

use grognard_acceptance::copies::{budget, play, report, weighted, Config, Outcome, Pick};
use grognard_acceptance::Lcg;
use grognard_eia::scenario::{OPTION_HIDDEN, OPTION_NAVAL};
use grognard_eia::{Command, Eia, State};
use grognard_engine::{PlayerId, Setup};

/// How much random play prefers a command: what changes or reads hidden strengths, and
/// fighting, are what break things; `end` is chosen now and then so that months go by.
fn weight(command: &Command) -> u64 {
    match command {
        Command::Place { .. } | Command::Transfer { .. } | Command::Lose { .. } => 6,
        Command::Battle { .. } | Command::Assault { .. } | Command::Besiege { .. } => 8,
        Command::EnterCity { .. } | Command::Move { .. } => 3,
        _ => 1,
    }
}

/// `end` with this chance in percent when anything else is legal.
const END_PERCENT: usize = 4;

fn pick(_: &State, _: PlayerId, legal: &[Command], rng: &mut Lcg) -> usize {
    weighted(legal, |c| *c == Command::End, END_PERCENT, weight, rng)
}

fn games(options: &[&str]) -> Vec<Outcome> {
    let (seeds, steps) = budget(3, 500);
    let first_seed = std::env::var("GROGNARD_SIM_FIRST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    let setup = Setup::scenario("1805").with_options(options.iter().map(|o| o.to_string()));
    let played: Vec<Outcome> = (first_seed..first_seed + seeds)
        .map(|seed| {
            let mut chooser = pick;
            let pick: &mut Pick<'_, Eia> = &mut chooser;
            play(&Eia, &setup, &Config::new(seed, steps), pick)
                .unwrap_or_else(|f| panic!("1805 with hidden strengths {options:?}, {f}"))
        })
        .collect();
    println!("{}", report(&format!("1805 {options:?}"), &played));
    played
}

/// Both games, with and without the naval rules: every copy agrees in each; the rules
/// demanded openings somewhere in them (a battle of veiled corps is rare in random play, so
/// the openings are counted over both).
#[test]
fn rule_2_4_2_every_copy_agrees_in_random_games_with_hidden_strengths() {
    let land = games(&[OPTION_HIDDEN]);
    let naval = games(&[OPTION_HIDDEN, OPTION_NAVAL]);
    for played in [&land, &naval] {
        assert!(played.iter().any(|o| o.concealed > 0), "no concealed command was made");
    }
    let openings: usize = land.iter().chain(&naval).map(|o| o.openings).sum();
    assert!(openings > 0, "no rule demanded an opening");
}
