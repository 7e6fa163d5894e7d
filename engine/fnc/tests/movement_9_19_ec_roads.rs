//! Roads of the real EC map (9.19): the historical French stack at the Marabout landing
//! (1028, 3.1) marches into Alexandria at road cost, the lake hexside negated by the road.

use grognard_engine::{Ruleset, Seats, Setup, StreamDice};
use grognard_fnc::{Command, Fnc, Location, State};

#[test]
fn rule_9_19_the_1028_stack_reaches_alexandria_at_road_cost() {
    let fnc = Fnc;
    let powers = fnc.scenarios().into_iter().find(|s| s.id == "ec-historical").expect("scenario").powers;
    let seats = Seats::round_robin(&powers, 2).expect("seats");
    let state: State = fnc.setup(&Setup::scenario("ec-historical"), &seats).expect("setup");
    let at_1028: Vec<String> = state
        .units
        .iter()
        .filter(|(_, l)| matches!(l, Location::Hex(h) if h.to_string() == "1028"))
        .map(|(u, _)| u.clone())
        .collect();
    assert!(!at_1028.is_empty(), "the historical set-up has a stack in 1028");
    let player = fnc.pending(&state).players()[0];
    let mut dice = StreamDice::from_seed([1; 32]);
    // Each unit of the stack into Alexandria (which holds 12, 7.1, with the garrison and the
    // units set up there): one road hex, 0.5 MP (9.19), no lake hexside cost, and on along
    // the Damanhur road in the same move.
    for unit in &at_1028 {
        let command = fnc.parse_command(&format!("move {unit} 1127")).expect("a command");
        let next = fnc.apply(&state, player, &command, &mut dice).unwrap_or_else(|e| panic!("{e:?}")).state;
        assert_eq!(next.book.moved[unit].spent, 1, "{unit}: half a movement point, in half points");
        let on = fnc.parse_command(&format!("move {unit} 1127 1228")).expect("a command");
        assert!(matches!(on, Command::Move { .. }));
        let next = fnc.apply(&state, player, &on, &mut dice).unwrap_or_else(|e| panic!("{e:?}")).state;
        assert_eq!(next.book.moved[unit].spent, 2, "{unit}: two road hexes, 1 MP");
    }
}
