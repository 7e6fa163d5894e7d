//! The self-play harness checks what it says it checks: a ruleset's invariants after every
//! command (a broken one stops the game and names the seed that plays it again).

use grognard_engine::{GameState, Setup};
use grognard_fnc::scenario::FOG_OF_WAR;

static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;

/// FNC's invariants, broken on purpose once the Swedes have moved: the harness must notice
/// after the command that did it.
fn broken_after_the_first_turn(before: Option<&GameState>, after: &GameState) -> Result<(), String> {
    grognard_acceptance::fnc::invariants(before, after)?;
    let state = after.downcast_ref::<grognard_fnc::State>().ok_or("not FNC")?;
    if state.phasing == grognard_fnc::Side::Second {
        return Err("planted violation: the Swedes are phasing".into());
    }
    Ok(())
}

#[test]
fn the_harness_checks_the_invariants_after_every_command_and_names_the_seed() {
    let random = grognard_engine::AnyRuleset::bot(&FNC, "random").expect("random");
    let cfg = grognard_acceptance::selfplay::Config {
        ruleset: &FNC,
        setup: Setup::scenario("rsw-historical").with_options([FOG_OF_WAR.to_string()]),
        bots: vec![random, random],
        seed: 11,
        max_rounds: 4000,
        invariants: Some(broken_after_the_first_turn),
    };
    let Err(e) = grognard_acceptance::selfplay::play(&cfg) else { panic!("the planted violation went unseen") };
    assert!(e.contains("seed 11"), "{e}");
    assert!(e.contains("planted violation"), "{e}");
    // Found after the command that broke it, not only at the end of the round.
    assert!(e.contains("after `roll`"), "{e}");
}
