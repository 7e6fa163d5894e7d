//! Positions round-trip for states met in random legal play of both games: printing a
//! state and parsing it back gives the same position (units, turn, phase, control, VP,
//! markers, events, effects).

use grognard_engine::{DiceSource, DiceUnavailable, Ruleset, Seats, Setup};
use grognard_fnc::position::{parse, print};
use grognard_fnc::{Ctx, Fnc, Game, State};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Dice drawn from the test's own seeded generator, any number of sides.
struct SeededDice {
    rng: ChaCha8Rng,
    rolled: Vec<(u32, u32)>,
}

impl DiceSource for SeededDice {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceUnavailable> {
        let face = self.rng.next_u32() % sides + 1;
        self.rolled.push((sides, face));
        Ok(face)
    }

    fn rolled(&self) -> &[(u32, u32)] {
        &self.rolled
    }
}

fn same_position(a: &State, b: &State) -> bool {
    (a.turn, a.phase, a.phasing, &a.units, &a.control, a.vp, &a.fort_destroyed, &a.looted)
        == (b.turn, b.phase, b.phasing, &b.units, &b.control, b.vp, &b.fort_destroyed, &b.looted)
        && (&a.events_used, &a.effects, a.winner) == (&b.events_used, &b.effects, b.winner)
}

#[test]
fn rule_2_2_positions_round_trip_along_random_games() {
    let fnc = Fnc;
    for (scenario, game) in [("ec-historical", Game::Ec), ("rsw-historical", Game::Rsw)] {
        let ctx = Ctx::embedded(game).unwrap();
        let info = fnc.scenarios().into_iter().find(|s| s.id == scenario).unwrap();
        let mut state = fnc.setup(&Setup::scenario(scenario), &Seats::round_robin(&info.powers, 2).unwrap()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut checked = 0;
        for _ in 0..400 {
            if state.decision.is_none() {
                let again = parse(ctx, &print(ctx, &state)).unwrap_or_else(|e| panic!("{scenario}: {e}"));
                assert!(same_position(&state, &again), "{scenario}: {}", print(ctx, &state));
                checked += 1;
            }
            let Some(player) = fnc.pending(&state).players().first().copied() else { break };
            let legal = fnc.legal_commands(&state, player);
            if legal.is_empty() {
                break;
            }
            // Prefer ending phases now and then so that the game moves through its turns.
            let pick = if rng.next_u32() % 4 == 0 {
                legal.iter().position(|c| c.to_string() == "end").unwrap_or(0)
            } else {
                (rng.next_u32() as usize) % legal.len()
            };
            let mut dice = SeededDice { rng: ChaCha8Rng::seed_from_u64(u64::from(rng.next_u32())), rolled: Vec::new() };
            match fnc.apply(&state, player, &legal[pick], &mut dice) {
                Ok(applied) => state = applied.state,
                Err(e) => panic!("{scenario}: legal `{}` refused: {e}", legal[pick]),
            }
        }
        assert!(checked > 20, "{scenario}: only {checked} positions checked");
        assert!(state.turn >= 2, "{scenario}: the random game stayed in turn {}", state.turn);
    }
}
