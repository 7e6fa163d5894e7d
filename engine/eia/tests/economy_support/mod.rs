//! The economic phase on hand-made states (`support::bare`): getting a state into a step of
//! the phase and through it, for the tests of the reconstructed rules R8.x.
#![allow(dead_code)]

use crate::support::{bare, corps, ctx, run};
use grognard_eia::economy::EconomicStep;
use grognard_eia::sequence::{LandStep, Phase, Sequence};
use grognard_eia::state::State;
use grognard_eia::Power;

pub fn month(year: u16, month: u8) -> grognard_eia::date::Month {
    grognard_eia::date::Month::new(year, month).unwrap_or_else(|| panic!("a month"))
}

/// `bare()` with the option `economic` (and `more`), in `m` 1805, the game running to 1806.
pub fn economic(m: u8, more: &[&str]) -> State {
    let mut s = bare();
    s.options = std::iter::once("economic").chain(more.iter().copied()).map(String::from).collect();
    s.date = month(1805, m);
    s.first = s.date;
    s.last = month(1806, 12);
    // A Prussian corps: the army reinforcement step after the phase waits for Prussia.
    corps(&mut s, "pr-1", "prussia", "berlin", 5);
    s
}

/// The last power's land combat step ends: into the economic phase in a quarter's last month.
pub fn end_of_land_phase(mut s: State) -> State {
    let order = Sequence::order_of(Phase::Land(LandStep::Combat), &Power::ALL, 0);
    let index = order.len() - 1;
    s.sequence = Sequence { phase: Phase::Land(LandStep::Combat), order, index };
    let mut log = Vec::new();
    grognard_eia::turn::advance(ctx(), &mut s, &mut log);
    s
}

pub fn step(s: &State) -> Option<EconomicStep> {
    match s.sequence.phase {
        Phase::Economic(step) => Some(step),
        _ => None,
    }
}

pub fn acting(s: &State) -> Power {
    s.sequence.acting().unwrap_or_else(|| panic!("nobody acts: {:?}", s.sequence))
}

pub fn ok(s: &State, power: Power, text: &str) -> State {
    run(s, power, text, &[]).unwrap_or_else(|e| panic!("`{text}` by {power}: {e}"))
}

/// `end` by each acting power while the phase is at `while_at` (rolling `faces` after it).
pub fn end_while(mut s: State, while_at: EconomicStep, faces: &[u32]) -> State {
    while step(&s) == Some(while_at) {
        let p = acting(&s);
        s = run(&s, p, "end", faces).unwrap_or_else(|e| panic!("{p} ends: {e}"));
    }
    s
}

/// `end` by each acting power until `power` acts in the same step.
pub fn until(mut s: State, power: Power) -> State {
    while acting(&s) != power {
        s = ok(&s, acting(&s), "end");
    }
    s
}

/// Every power ends the expenditure step (rolling `faces`) and the ceding step: the phase is
/// over.
pub fn end_phase(s: State, faces: &[u32]) -> State {
    let s = end_while(s, EconomicStep::Expenditure, faces);
    end_while(s, EconomicStep::Ceding, &[])
}

/// In the expenditure step, with every loan passed (and every manipulation turn ended).
pub fn expenditure(s: State) -> State {
    let s = end_of_land_phase(s);
    let s = end_while(s, EconomicStep::Lending, &[]);
    let s = end_while(s, EconomicStep::Manipulation, &[]);
    assert_eq!(step(&s), Some(EconomicStep::Expenditure));
    s
}

pub fn money(s: &State, p: Power) -> i32 {
    s.powers[&p].money
}
