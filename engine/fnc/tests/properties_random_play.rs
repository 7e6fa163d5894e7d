//! Property tests over random legal play (FNC acceptance test 3): from every scenario,
//! seeded games of random legal commands keep the stacking limits (7.1-7.4), every unit in
//! one place, control and VP consistent (14.2-14.4, 15.2-15.3), the contract between
//! `legal_commands` and `apply`, determinism and the progress of the sequence of play (5.2).
//! A failure prints the seed and the shrunk command sequence.

mod support;

use support::driver::{play, Game, Policy};

fn run(game: Game) -> support::driver::Played {
    match play(game) {
        Ok(p) => p,
        Err(f) => panic!("{}", f.report()),
    }
}

#[test]
fn probe() {
    let t = std::time::Instant::now();
    for seed in 0..3 {
        let p = run(Game {
            scenario: "ec-historical",
            seed,
            solitaire: false,
            last_turn: 3,
            max_steps: 3000,
            policy: Policy::Random { end_percent: 10 },
            contract_samples: 3,
        });
        eprintln!(
            "seed {seed}: {} steps, {} boundaries, turn {}, {:?}, {:?}",
            p.history.len(),
            p.boundaries,
            p.state.turn,
            p.verbs,
            t.elapsed()
        );
    }
}
