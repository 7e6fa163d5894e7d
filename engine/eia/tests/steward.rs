//! The `steward` bot of the uncontrolled major powers (R8.11): in the campaign game, with
//! France and Great Britain played at random, the five others run by stewards keep to their
//! own affairs through the political, land and economic phases: they never declare war, make
//! no alliance, take no minor country, and every command they give is legal.

use grognard_eia::ctx::Ctx;
use grognard_eia::invariants::broken;
use grognard_eia::politics::command::PoliticalCommand;
use grognard_eia::{Command, Eia, Power};
use grognard_engine::{Pending, PlayerId, Ruleset, Seats, Setup, StreamDice, Viewer};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

const STEWARDS: [Power; 5] = [Power::Spain, Power::Austria, Power::Prussia, Power::Russia, Power::Turkey];

#[test]
fn r8_11_stewards_declare_no_war_and_play_only_legal_commands_through_a_campaign_quarter() {
    let ctx = Ctx::builtin().unwrap_or_else(|e| panic!("{e}"));
    let eia = Eia;
    let info = eia.scenarios().into_iter().find(|s| s.id == "campaign-1805").unwrap_or_else(|| panic!("no campaign"));
    let seats = Seats::round_robin(&info.powers, 7).unwrap_or_else(|e| panic!("{e}"));
    let setup = Setup::scenario("campaign-1805");
    let mut state = eia.setup(&setup, &seats).unwrap_or_else(|e| panic!("{e}"));
    let steward = |p: PlayerId, s: &grognard_eia::State| STEWARDS.contains(&s.powers_of(p.0)[0]);
    let mut rng = ChaCha8Rng::seed_from_u64(1805);
    let dice = |rng: &mut ChaCha8Rng| {
        let mut seed = [0u8; 32];
        rng.fill_bytes(&mut seed);
        StreamDice::from_seed(seed)
    };
    let choose = |state: &grognard_eia::State, p: PlayerId, rng: &mut ChaCha8Rng| -> Command {
        if steward(p, state) {
            let view = eia.player_view(state, Viewer::Player(p));
            grognard_eia::steward::choose(ctx, &view, p).unwrap_or_else(|| panic!("the steward owes nothing"))
        } else {
            let legal = grognard_eia::legal::commands(ctx, state, p);
            assert!(!legal.is_empty(), "nothing legal for {p}");
            // Now and then a random choice, else the first legal command (mostly `end`).
            let pick = if rng.next_u64().is_multiple_of(3) { rng.next_u64() as usize % legal.len() } else { 0 };
            legal[pick].clone()
        }
    };
    let start = state.date;
    let mut declarations_by_stewards = Vec::new();
    let mut steward_commands = 0;
    for step in 0..20_000 {
        if state.date.id() == "1806-01" {
            break;
        }
        let applied = match eia.pending(&state) {
            Pending::Over { .. } => break,
            Pending::Sealed { players, .. } => {
                let choices: Vec<(PlayerId, Command)> =
                    players.iter().map(|p| (*p, choose(&state, *p, &mut rng))).collect();
                for (p, c) in &choices {
                    if steward(*p, &state) {
                        steward_commands += 1;
                        if let Command::Political(PoliticalCommand::Declare { powers }) = c {
                            assert!(powers.is_empty(), "a steward declared war: {c}");
                        }
                    }
                }
                eia.apply_sealed(&state, &choices, &mut dice(&mut rng))
                    .unwrap_or_else(|e| panic!("step {step}: sealed {choices:?} refused: {e}"))
            }
            Pending::Command { player, .. } | Pending::Choice { player, .. } | Pending::Dice { player, .. } => {
                let c = choose(&state, player, &mut rng);
                if steward(player, &state) {
                    steward_commands += 1;
                }
                eia.apply(&state, player, &c, &mut dice(&mut rng))
                    .unwrap_or_else(|e| panic!("step {step}: {player} `{c}` refused in {}: {e}", state.sequence.phase))
            }
            Pending::Open { .. } => panic!("no opening is owed in EiA"),
        };
        for e in &applied.events {
            if e.data["kind"] == "declaration" {
                let by = e.data["by"].as_str().and_then(Power::from_id);
                if by.is_some_and(|p| STEWARDS.contains(&p)) {
                    declarations_by_stewards.push(e.text.clone());
                }
            }
        }
        state = applied.state;
        let bad = broken(ctx, &state);
        assert!(bad.is_empty(), "step {step}: {bad:?}");
    }
    assert_eq!(state.date.id(), "1806-01", "the quarter was played from {start}");
    assert!(declarations_by_stewards.is_empty(), "{declarations_by_stewards:?}");
    assert!(steward_commands > 50, "the stewards played ({steward_commands} commands)");
    // The stewards took no minor country and made no alliance between themselves.
    for (id, m) in &state.minors {
        if let Some(c) = m.controller {
            if STEWARDS.contains(&c) {
                let before = eia.setup(&setup, &seats).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(before.minors[id].controller, Some(c), "{c} took {id}");
            }
        }
    }
}

#[test]
fn the_steward_is_a_bot_of_the_ruleset() {
    let names: Vec<&str> = grognard_engine::AnyRuleset::bots(&Eia).iter().map(|b| b.name()).collect();
    assert!(names.contains(&"steward"), "{names:?}");
}
