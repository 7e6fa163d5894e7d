//! The play aids answer every question without panicking, and every refusal names a rule
//! (5.1: the same standard as commands), on the opening of every scenario.

use grognard_engine::{AidQuery, Ruleset, Seats, Setup};
use grognard_fnc::{Fnc, Location};

#[test]
fn aids_5_1_no_question_panics_and_every_refusal_names_its_rule() {
    let fnc = Fnc;
    for scenario in fnc.scenarios() {
        let seats = Seats::round_robin(&scenario.powers, 2).unwrap();
        let state = fnc.setup(&Setup::scenario(scenario.id.as_str()), &seats).unwrap();
        let check = |q: AidQuery| match fnc.aid(&state, &q) {
            Ok(a) => assert!(!a.text.is_empty() && a.json.is_object(), "{q:?}"),
            Err(e) => assert!(!e.rule.is_empty() && !e.message.is_empty(), "{q:?}"),
        };
        check(AidQuery::Charts);
        for side in [None, Some("french".to_string()), Some("swedish".into()), Some("".into()), Some("x".repeat(500))] {
            check(AidQuery::Units { side });
        }
        for bad in ["", "0000", "9999", "12345", "-1", "abcd", "1127 1128"] {
            check(AidQuery::Hex { hex: bad.into() });
            check(AidQuery::Odds { attackers: vec!["fr-1-1".into()], hex: bad.into() });
        }
        check(AidQuery::Reach { units: Vec::new() });
        check(AidQuery::Reach { units: vec![",,".into(), "nobody".into()] });
        let mut on_map: Vec<(String, grognard_board::HexId)> =
            state.units.iter().filter_map(|(u, l)| l.hex().map(|h| (u.clone(), h))).collect();
        on_map.sort();
        for (unit, at) in &on_map {
            check(AidQuery::Hex { hex: at.to_string() });
            check(AidQuery::Reach { units: vec![unit.clone()] });
            check(AidQuery::Reach { units: vec![unit.clone(), unit.clone()] });
            for (_, n) in at.neighbours() {
                check(AidQuery::Odds { attackers: vec![unit.clone()], hex: n.to_string() });
            }
        }
        let boxed: Vec<String> =
            state.units.iter().filter(|(_, l)| matches!(l, Location::Box(_))).map(|(u, _)| u.clone()).collect();
        for unit in boxed {
            check(AidQuery::Reach { units: vec![unit] });
        }
    }
}
