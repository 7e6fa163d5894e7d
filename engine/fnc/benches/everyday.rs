//! What a player's everyday commands cost the rules engine: listing every legal command
//! (`grognard moves`, bots, standing orders), the `reach` search, and applying a move and
//! an attack, on The Egyptian Campaign.
//!
//! - `legal/movement_four_fronts`: the French movement phase of the four-front position
//!   (`tests/fixtures/four_fronts_ec.txt`), every move of every unit and stack;
//! - `legal/combat_four_fronts`: its combat phase, every group that may attack each hex;
//! - `legal/movement_historical_turn_1`: the French movement of the historical set-up;
//! - `pending/movement_four_fronts`: the prompt of that phase (what `status` shows);
//! - `reach/cavalry`: the reach of a cavalry brigade in the four-front position;
//! - `apply/move_three_hexes`, `apply/attack`: one command applied (`do`, replay).
//!
//! Run: `cargo bench -p grognard-fnc --bench everyday`. Figures: `BENCHMARKS.md`.

use criterion::{criterion_group, criterion_main, Criterion};
use grognard_engine::{NoDice, PlayerId, Ruleset, ScriptedDice, Seats, Setup};
use grognard_fnc::{position, table, Ctx, Fnc, Game, Side, State};
use std::hint::black_box;

fn ctx() -> &'static Ctx {
    Ctx::embedded(Game::Ec).expect("the EC data")
}

fn four_fronts(phase: &str) -> State {
    let text =
        include_str!("../tests/fixtures/four_fronts_ec.txt").replace("phase random-events", &format!("phase {phase}"));
    position::parse(ctx(), &text).expect("the position")
}

fn historical() -> State {
    let info = Fnc.scenario_of(&Setup::scenario("ec-historical")).expect("the scenario");
    let seats = Seats::round_robin(&info.powers, 2).expect("seats");
    Fnc.setup(&Setup::scenario("ec-historical"), &seats).expect("the set-up")
}

fn bench(c: &mut Criterion) {
    let ctx = ctx();
    let moving = four_fronts("movement");
    let fighting = four_fronts("combat");
    let start = historical();
    let mut g = c.benchmark_group("legal");
    g.bench_function("movement_four_fronts", |b| b.iter(|| black_box(table::commands(ctx, &moving, Side::First))));
    g.bench_function("combat_four_fronts", |b| b.iter(|| black_box(table::commands(ctx, &fighting, Side::First))));
    g.bench_function("movement_historical_turn_1", |b| b.iter(|| black_box(Fnc.legal_commands(&start, PlayerId(0)))));
    g.finish();
    // The prompt of the phase (`status`, `pending` after every command): the table's prompts.
    c.bench_function("pending/movement_four_fronts", |b| b.iter(|| black_box(Fnc.pending(&moving))));
    let cav = vec!["fr-cav-2".to_string()];
    c.bench_function("reach/cavalry", |b| {
        b.iter(|| black_box(grognard_fnc::movement::reach::search(ctx, &moving, Side::First, &cav)))
    });
    let owner = moving.owners[0];
    let mv = Fnc.parse_command("move fr-cav-2 3128 3028 2928").expect("a move");
    c.bench_function("apply/move_three_hexes", |b| {
        b.iter(|| black_box(Fnc.apply(&moving, owner, &mv, &mut NoDice).expect("accepted")))
    });
    let attack = Fnc.parse_command("attack fr-1-1,fr-1-2 1428").expect("an attack");
    c.bench_function("apply/attack", |b| {
        b.iter(|| {
            let mut dice = ScriptedDice::new(&[4, 4, 4, 4, 4, 4]);
            black_box(Fnc.apply(&fighting, owner, &attack, &mut dice))
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
