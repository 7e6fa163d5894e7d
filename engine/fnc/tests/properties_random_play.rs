//! Property tests over random legal play (FNC acceptance test 3). From every scenario,
//! set-up phases included, seeded games of random legal commands (and of accepted random
//! candidates: stacks moving together, landings, split retreats) keep after every command:
//! - the stacking limits (7.1-7.3) whenever nothing is owed, so at every phase boundary;
//! - every unit of the counter mix in exactly one place, on a land hex of the map, in a box
//!   of the map or off the map in a pool, the track or the dead pile;
//! - control of every locale by its occupant, and each side's VP = its controlled locales
//!   + battle + looting + event VP (14.1-14.4, 15.1-15.3, 6.4, 8.9);
//! - the contract between `legal_commands` and `apply`, the text and JSON forms of
//!   commands, the JSON round trip of the state, determinism of replay;
//! - progress: someone can always act, and every phase ends.
//!
//! Seeds are fixed so CI is reproducible; `FNC_PROPERTY_GAMES=<n>` multiplies the number of
//! games for a longer local run. A failure prints the seed and the shrunk command sequence.

use crate::support;

use grognard_fnc::{Ctx, Game as FncGame, Side};
use support::driver::{play, Game, Played, Policy};
use support::scenarios::{EC_SCENARIOS, RSW_SCENARIOS};

/// How many times the default number of games to play (`FNC_PROPERTY_GAMES`, default 1).
fn scale() -> u64 {
    std::env::var("FNC_PROPERTY_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(1).max(1)
}

fn game(scenario: &'static str, seed: u64, last_turn: u8, policy: Policy) -> Game {
    Game {
        scenario,
        seed,
        // Every third game is played by one player running both sides.
        solitaire: seed % 3 == 2,
        last_turn,
        max_steps: 4000,
        policy,
        contract_samples: 2,
        candidates: 4,
        // A listed command that changes nothing is only counted here; the tests of rules
        // 3.1 and 10.2 below make it a failure.
        noops_fail: false,
    }
}

/// Play `games` seeded games; any broken property fails the test with its report.
fn play_all(games: impl IntoIterator<Item = Game>) -> Vec<Played> {
    games
        .into_iter()
        .map(|g| match play(g) {
            Ok(p) => p,
            Err(f) => panic!("{}", f.report()),
        })
        .collect()
}

fn random(end_percent: u32) -> Policy {
    Policy::Random { end_percent }
}

#[test]
fn ec_historical_random_play_keeps_every_invariant() {
    let n = 12 * scale();
    let played = play_all((0..n).map(|seed| game("ec-historical", seed, 2, random(8))));
    // The games did get somewhere: through game turn 1 (no reinforcements, no events) into
    // game turn 2 (random events, reinforcements, both player turns).
    assert!(played.iter().all(|p| p.state.turn >= 2), "every game reaches game turn 2");
    let moves: usize = played.iter().map(|p| p.verbs.get("move").copied().unwrap_or(0)).sum();
    assert!(moves > n as usize, "random play made only {moves} moves in {n} games");
}

#[test]
fn ec_games_from_the_players_own_set_up_keep_every_invariant() {
    let played = play_all((0..2 * scale()).map(|seed| game(EC_SCENARIOS[0], 1000 + seed, 2, random(10))));
    for p in &played {
        assert!(p.verbs.get("place").copied().unwrap_or(0) > 0 || p.verbs.contains_key("historical"));
        assert!(p.state.turn >= 2, "set-up done and turn 1 played");
    }
}

#[test]
fn ec_phases_end_even_when_no_player_ever_ends_one() {
    // The exhausting player gives every other command the rules allow before `end`.
    play_all((0..scale()).map(|seed| game("ec-historical", 2000 + seed, 2, Policy::Exhaust)));
}

#[test]
fn ec_whole_game_to_the_victory_check() {
    let played = play_all((0..scale()).map(|seed| game("ec-historical", 3000 + seed, 11, random(12))));
    for p in &played {
        assert!(p.state.winner.is_some(), "the game ends with a winner after turn 11 (14.5)");
    }
}

/// RSW, once its data are embedded in the crate.
fn rsw_embedded() -> bool {
    Ctx::embedded(FncGame::Rsw).is_ok()
}

#[test]
fn rsw_historical_random_play_keeps_every_invariant() {
    assert!(rsw_embedded(), "the RSW data are embedded");
    let played = play_all((0..12 * scale()).map(|seed| game(RSW_SCENARIOS[1], 4000 + seed, 2, random(8))));
    assert!(played.iter().all(|p| p.state.turn >= 2), "every game reaches game turn 2");
}

#[test]
fn rsw_games_from_the_players_own_set_up_keep_every_invariant() {
    assert!(rsw_embedded(), "the RSW data are embedded");
    play_all((0..2 * scale()).map(|seed| game(RSW_SCENARIOS[0], 5000 + seed, 2, random(10))));
}

#[test]
fn rsw_phases_end_even_when_no_player_ever_ends_one() {
    assert!(rsw_embedded(), "the RSW data are embedded");
    play_all((0..scale()).map(|seed| game(RSW_SCENARIOS[1], 6000 + seed, 2, Policy::Exhaust)));
}

#[test]
fn rsw_whole_game_to_the_victory_check() {
    assert!(rsw_embedded(), "the RSW data are embedded");
    let played = play_all((0..scale()).map(|seed| game(RSW_SCENARIOS[1], 7000 + seed, 8, random(12))));
    for p in &played {
        assert!(p.state.winner.is_some(), "the game ends with a winner after turn 8 (15.4)");
    }
}

/// Games from positions with the armies in contact (support::contact): they fight at once,
/// the first side attacking in even games, the second side in odd ones.
fn contact_games(historical: &str, first_seed: u64, games: u64) -> Vec<Played> {
    play_all((0..games).map(|i| {
        let seed = first_seed + i;
        let side = if i % 2 == 0 { Side::First } else { Side::Second };
        game(support::contact::leaked_contact_position(historical, side, seed), seed, 3, random(6))
    }))
}

#[test]
fn ec_battles_from_contact_positions_keep_every_invariant() {
    let played = contact_games("ec-historical", 8000, 6 * scale());
    let attacks: usize = played.iter().map(|p| p.verbs.get("attack").copied().unwrap_or(0)).sum();
    assert!(attacks >= 6, "only {attacks} attacks in battles from contact positions");
}

#[test]
fn rule_11_3_batches_on_four_fronts_keep_every_invariant() {
    let position: &'static str = include_str!("fixtures/four_fronts_ec.txt");
    let played = play_all((0..4 * scale()).map(|i| game(position, 8500 + i, 4, random(6))));
    let batches: usize = played.iter().map(|p| p.verbs.get("batch").copied().unwrap_or(0)).sum();
    assert!(batches >= 2, "only {batches} batches of attacks on four fronts");
}

#[test]
fn rsw_battles_from_contact_positions_keep_every_invariant() {
    assert!(rsw_embedded(), "the RSW data are embedded");
    let played = contact_games("rsw-historical", 9000, 6 * scale());
    let attacks: usize = played.iter().map(|p| p.verbs.get("attack").copied().unwrap_or(0)).sum();
    assert!(attacks >= 4, "only {attacks} attacks in battles from contact positions");
}

/// Found by random play (scenario `ec`, seed 1006; contact position seed 8015): a British
/// fleet that entered a port as a reinforcement (8.8) stayed in the land hex, counted as
/// its occupant, and kept the locale Ottoman after French ground units advanced into it.
/// Fleet markers are not true units (10.2); control goes with the units in a locale (14.2).
#[test]
fn rule_14_2_ground_units_take_control_of_a_port_from_an_enemy_fleet() {
    use grognard_engine::{Ruleset, ScriptedDice};
    use grognard_fnc::{Command, DecisionKind, Fnc};
    let position = "fnc-position 1\ngame ec\nturn 2\nphase combat\nphasing french\n\
                    hex 1427: br-rn ot-be-1\nhex 1327: fr-5-2 fr-1-1 fr-1-2 fr-2-1\neffect british-intervention\n";
    let (ctx, state) = support::scenarios::start(position, false);
    let french = state.owners[0];
    let attack = Command::parse("attack fr-5-2,fr-1-1,fr-1-2,fr-2-1 1427").unwrap_or_else(|e| panic!("{e}"));
    let faces = [1, 3, 3, 3];
    let fought = Fnc.apply(&state, french, &attack, &mut ScriptedDice::new(&faces)).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        matches!(fought.state.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Advance { .. })),
        "the attack clears Rosetta and the French may advance: {:?}",
        fought.state.decision
    );
    let advance = Command::parse("advance fr-5-2").unwrap_or_else(|e| panic!("{e}"));
    let advanced =
        Fnc.apply(&fought.state, french, &advance, &mut ScriptedDice::new(&[])).unwrap_or_else(|e| panic!("{e}"));
    if let Err(v) = support::invariants::check_state(ctx, &advanced.state) {
        panic!("after `advance fr-5-2` into Rosetta (1427): {v}");
    }
}

/// Found by random play: once every start unit was placed, `legal_commands` still offered
/// `historical`, which `apply` accepted and which changed nothing; a player (or a driver)
/// could give it forever without the set-up advancing. Every listed command but `end`
/// moves the game on.
#[test]
fn rule_3_1_every_listed_command_but_end_changes_the_game() {
    let mut games = Vec::new();
    for (scenario, seed) in [(EC_SCENARIOS[0], 1000), (RSW_SCENARIOS[0], 5000)] {
        let mut g = game(scenario, seed, 1, random(10));
        g.noops_fail = true;
        games.push(g);
    }
    play_all(games);
}

/// Found by random play (contact position seed 8022): seven French units stormed El Arish
/// (3127) and all seven advanced (11.25). The Fort De marker (13.4) was placed after the
/// advance had been checked against the intact fortress limit of 12, so the seven stood in
/// a hex whose limit had become 6, and no over-stack removal followed the advance (7.4).
#[test]
fn rule_7_4_an_advance_into_a_stormed_fortress_keeps_the_limit_of_six() {
    use grognard_engine::{ApplyError, Ruleset, ScriptedDice};
    use grognard_fnc::{Command, DecisionKind, Fnc};
    let position = "fnc-position 1\ngame ec\nturn 2\nphase combat\nphasing french\nhex 3127: ot-fort-arish\n\
                    hex 3128: fr-or fr-sc fr-siege\nhex 3028: fr-2-2 fr-3-1 fr-3-2\nhex 3228: fr-4-1 fr-4-2 fr-5-1\n";
    let (ctx, state) = support::scenarios::start(position, false);
    let french = state.owners[0];
    let all = "fr-2-2,fr-3-1,fr-3-2,fr-4-1,fr-4-2,fr-5-1,fr-or";
    let attack = Command::parse(&format!("attack {all} 3127")).unwrap_or_else(|e| panic!("{e}"));
    let fought = Fnc.apply(&state, french, &attack, &mut ScriptedDice::new(&[6])).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        matches!(fought.state.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Advance { .. })),
        "DC at >=600%: the garrison is gone and the French may advance: {:?}",
        fought.state.decision
    );
    let advance = Command::parse(&format!("advance {all}")).unwrap_or_else(|e| panic!("{e}"));
    match Fnc.apply(&fought.state, french, &advance, &mut ScriptedDice::new(&[])) {
        // Refusing the seventh unit is one right answer (7.4: limits instant by instant)...
        Err(ApplyError::Rule(e)) => assert!(e.rule.starts_with('7'), "refused for another reason: {e}"),
        Err(ApplyError::NeedDice) => panic!("an advance rolls no die"),
        // ...an over-stack removal owed at the end of the advance is the other.
        Ok(a) => {
            let owed = matches!(a.state.decision.as_ref().map(|d| &d.kind), Some(DecisionKind::Overstack { .. }));
            if !owed {
                if let Err(v) = support::invariants::stacking_within_limits(ctx, &a.state) {
                    panic!("after the advance into the stormed fortress: {v}");
                }
            }
        }
    }
}

/// 14.1, 15.1: the VP each side starts play with, from the historical deployments (the
/// French hold their three landing hexes; Russia and Sweden their own locales).
#[test]
fn rule_14_1_and_15_1_play_starts_with_the_printed_vp() {
    for (scenario, first, second) in [("ec-historical", 3, 31), ("rsw-historical", 7, 30)] {
        let (ctx, state) = support::scenarios::start(scenario, false);
        if let Err(v) = support::invariants::check_state(ctx, &state) {
            panic!("{scenario}: {v}");
        }
        let totals = [state.vp[0].total(), state.vp[1].total()];
        assert_eq!(totals, [first, second], "{scenario}: VP at the start of play");
    }
}

/// Found by random play: `legal_commands` lists moving a fleet to the all-sea hex it
/// already stands in (`fleet ot-fleet 0927` with the fleet in 0927), and `apply` accepts
/// it as a move that changes nothing. Every listed command but `end` should move the game
/// on, in every phase.
#[test]
fn rule_10_2_every_listed_command_but_end_changes_the_game_in_play() {
    let mut games = Vec::new();
    for (scenario, seed) in [("ec-historical", 2000), (RSW_SCENARIOS[0], 5000)] {
        let mut g = game(scenario, seed, 2, Policy::Exhaust);
        g.noops_fail = true;
        games.push(g);
    }
    play_all(games);
}
