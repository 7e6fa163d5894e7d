//! Empires in Arms through real journals: every player a bot with a key and a journal of
//! its own, fair dice witnessed by the players each roll concerns, packets exchanged after
//! every round; the harness checks the invariants after every command, identical journals
//! and public states after every round, and a third party's verification at the end
//! (`grognard_acceptance::selfplay`). The tests play the first rounds; whole games are on
//! demand (`cargo test -p grognard-acceptance --test acceptance eia_selfplay:: -- --ignored`).

use grognard_acceptance::{eia, selfplay};
use grognard_engine::Setup;

fn config(players: usize, seed: u64) -> selfplay::Config {
    let random = eia::ruleset().bot("random").expect("the random bot");
    selfplay::Config {
        ruleset: eia::ruleset(),
        // Hidden strengths (2.4.2), as every new game of two players or more records them:
        // reinforcements, transfers and losses travel as concealed commands, and battles
        // and assaults wait for openings.
        setup: Setup::scenario("1805").with_options([grognard_eia::scenario::OPTION_HIDDEN.to_string()]),
        bots: vec![random; players],
        seed,
        max_rounds: 20_000,
        invariants: Some(eia::invariants),
    }
}

fn report(what: &str, r: &selfplay::Report) {
    eprintln!(
        "{what}: {} rounds, {} commands ({} concealed), {} entries, {:.1} s: {}",
        r.rounds, r.commands, r.concealed, r.entries, r.seconds, r.result
    );
}

#[test]
fn seven_players_start_the_1805_scenario_through_real_journals() {
    let r = selfplay::play_rounds(&config(7, 1), 12).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.commands >= 12, "{} commands", r.commands);
    assert!(r.concealed > 0, "no reinforcement went into a corps in secret (2.4.2)");
    report("seven players, 12 rounds", &r);
}

#[test]
fn seven_players_play_the_political_phase_through_real_journals() {
    // Declarations of war sealed by all seven (4.2), calls, answers, proposals and control
    // rolls, each through signed journals with fair dice.
    let mut c = config(7, 3);
    c.setup = Setup::scenario("1805").with_options([
        grognard_eia::scenario::OPTION_HIDDEN.to_string(),
        grognard_eia::politics::OPTION_POLITICAL.to_string(),
    ]);
    let r = selfplay::play_rounds(&c, 20).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.commands >= 20, "{} commands", r.commands);
    report("seven players with the political phase, 20 rounds", &r);
}

#[test]
fn two_players_running_several_powers_start_the_1805_scenario() {
    let r = selfplay::play_rounds(&config(2, 2), 12).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.commands >= 12, "{} commands", r.commands);
    report("two players, 12 rounds", &r);
}

#[test]
#[ignore = "a whole game takes minutes: run on demand"]
fn the_1805_scenario_is_played_to_its_end_by_seven_players() {
    let r = selfplay::play(&config(7, 1)).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.result.contains("wins"), "{}", r.result);
    report("seven players", &r);
}

#[test]
#[ignore = "a whole game takes minutes: run on demand"]
fn the_1805_scenario_is_played_to_its_end_by_two_players_running_several_powers() {
    let r = selfplay::play(&config(2, 2)).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.result.contains("wins"), "{}", r.result);
    report("two players", &r);
}
