//! The `reach` aid and moving by destination (9.0): every cost below is worked out by hand
//! on the tiny map of fixtures/aids_map.txt with EC's charts (turn 4: no flood, no summer).
//!
//! fr-1-1 (MF 6) in 1010. Clear 1, hills 2, desert 2, swamp 3 MP; the lake hexside
//! 1010/1110 +3 (9.12), the Nile 1111/1211 +1 (9.16: not in flood on turn 4).
//!   1011: 1                         [1011]
//!   1111: 1 + 2 = 3                 [1011 1111]
//!   1110: 1 + 3 = 4 (direct: 3 + 3 = 6, the 9.12 example)   [1011 1110]
//!   1210: 4 + 1 = 5                 [1011 1110 1210]
//!   1211: 4 + 2 = 6 = 3 + 2 + 1 (a tie: 1110 < 1111)        [1011 1110 1211]
//!   1310: 5 + 1 = 6                 [1011 1110 1210 1310]
//!   1311: 6 + 1 = 7 > 6: beyond reach.

use crate::aids_common;

use aids_common::{ctx, position_at};
use grognard_board::HexId;
use grognard_engine::{AidQuery, ApplyError, PlayerId, Ruleset, ScriptedDice, Setup};
use grognard_fnc::movement::reach;
use grognard_fnc::ruleset::apply_command;
use grognard_fnc::{aids, Command, Side, State};

fn hex(n: &str) -> HexId {
    HexId::parse(n).unwrap()
}

fn hexes(list: &[&str]) -> Vec<HexId> {
    list.iter().map(|h| hex(h)).collect()
}

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|u| u.to_string()).collect()
}

fn apply(state: &State, command: &Command) -> Result<State, ApplyError> {
    apply_command(ctx(), state, Side::First, command, &mut ScriptedDice::new(&[])).map(|a| a.state)
}

/// The reach as (hex, half MP, path).
fn table(state: &State, units: &[&str]) -> Vec<(String, u16, Vec<HexId>)> {
    let r = reach::search(ctx(), state, Side::First, &ids(units)).expect("the stack may move");
    r.hexes.into_iter().map(|h| (h.hex.to_string(), h.cost, h.path)).collect()
}

#[test]
fn reach_9_12_worked_example_and_every_hand_computed_cost() {
    let s = position_at(4, "movement", "hex 1010: fr-1-1");
    let expected = vec![
        ("1011".to_string(), 2, hexes(&["1011"])),
        ("1110".to_string(), 8, hexes(&["1011", "1110"])),
        ("1111".to_string(), 6, hexes(&["1011", "1111"])),
        ("1210".to_string(), 10, hexes(&["1011", "1110", "1210"])),
        ("1211".to_string(), 12, hexes(&["1011", "1110", "1211"])),
        ("1310".to_string(), 12, hexes(&["1011", "1110", "1210", "1310"])),
    ];
    assert_eq!(table(&s, &["fr-1-1"]), expected);
    // 9.12's example itself: straight across the lake hexside into the swamp costs 6 MP, and
    // an explicit path is applied as typed.
    let next =
        apply(&s, &Command::Move { units: ids(&["fr-1-1"]), path: hexes(&["1110"]), from: None, left_top: None })
            .expect("legal");
    assert_eq!(next.book.moved["fr-1-1"].spent, 12);
}

#[test]
fn reach_9_2_every_listed_hex_is_accepted_along_its_path_and_the_next_is_refused() {
    let s = position_at(4, "movement", "hex 1010: fr-1-1");
    let rows = table(&s, &["fr-1-1"]);
    assert!(!rows.is_empty());
    for (h, cost, path) in &rows {
        let next =
            apply(&s, &Command::Move { units: ids(&["fr-1-1"]), path: path.clone(), from: None, left_top: None })
                .unwrap_or_else(|e| panic!("{h} by {path:?} refused: {e}"));
        assert_eq!(next.location("fr-1-1").and_then(|l| l.hex()), Some(hex(h)));
        assert_eq!(next.book.moved["fr-1-1"].spent, *cost, "{h}");
    }
    // 1311 is one clear hex beyond 1310 and 1211 (both 6 MP): 7 MP, refused by `move` (9.2).
    assert!(!rows.iter().any(|(h, _, _)| h == "1311"));
    for path in [hexes(&["1011", "1110", "1210", "1310", "1311"]), hexes(&["1011", "1110", "1211", "1311"])] {
        match apply(&s, &Command::Move { units: ids(&["fr-1-1"]), path, from: None, left_top: None }) {
            Err(ApplyError::Rule(e)) => assert_eq!(e.rule, "9.2", "{e}"),
            other => panic!("a move to 1311 was not refused for its cost: {other:?}"),
        }
    }
}

#[test]
fn reach_9_4_enemy_units_block_a_hex_and_the_paths_through_it() {
    // An Ottoman unit in 1210: 1210 is closed (9.4), so 1310 is reached only through 1211
    // (6 + 1 = 7 MP): out of reach.
    let s = position_at(4, "movement", "hex 1010: fr-1-1\nhex 1210: ot-jn-1");
    let rows = table(&s, &["fr-1-1"]);
    let listed: Vec<&str> = rows.iter().map(|(h, _, _)| h.as_str()).collect();
    assert_eq!(listed, ["1011", "1110", "1111", "1211"]);
}

#[test]
fn reach_9_1_refused_outside_the_movement_phase_like_move() {
    let s = position_at(4, "combat", "hex 1010: fr-1-1");
    let e = reach::search(ctx(), &s, Side::First, &ids(&["fr-1-1"])).expect_err("not in the combat phase");
    // The movement rules' own refusal (the dispatcher refuses a `move` in the combat phase
    // even earlier, 5.1).
    let by_move = grognard_fnc::movement::ground::plan(ctx(), &s, Side::First, &ids(&["fr-1-1"]), &hexes(&["1011"]))
        .expect_err("not in the combat phase");
    assert_eq!((e.rule.as_str(), &e.rule), ("9.1", &by_move.rule));
}

#[test]
fn move_by_destination_9_1_takes_the_path_reach_lists() {
    let s = position_at(4, "movement", "hex 1010: fr-1-1");
    let r = reach::search(ctx(), &s, Side::First, &ids(&["fr-1-1"])).expect("may move");
    for target in ["1210", "1211", "1310", "1111"] {
        let typed = Command::Move { units: ids(&["fr-1-1"]), path: hexes(&[target]), from: None, left_top: None };
        let done = aids::complete(ctx(), &s, PlayerId(0), typed).expect("completed");
        let want = r.path_to(hex(target)).expect("reachable").path.clone();
        assert_eq!(done, Command::Move { units: ids(&["fr-1-1"]), path: want, from: None, left_top: None }, "{target}");
        apply(&s, &done).expect("the completed move is legal");
    }
    // A legal single step stays as typed (the 9.12 example), and so does an explicit path.
    for path in [hexes(&["1110"]), hexes(&["1011", "1111", "1211"])] {
        let typed = Command::Move { units: ids(&["fr-1-1"]), path, from: None, left_top: None };
        assert_eq!(aids::complete(ctx(), &s, PlayerId(0), typed.clone()).expect("kept"), typed);
    }
    // Out of reach: refused before anything is staged, citing 9.2.
    let typed = Command::Move { units: ids(&["fr-1-1"]), path: hexes(&["1311"]), from: None, left_top: None };
    assert_eq!(aids::complete(ctx(), &s, PlayerId(0), typed).expect_err("too far").rule, "9.2");
}

#[test]
fn reach_9_0_on_the_ec_map_every_listed_path_is_accepted_by_the_ruleset() {
    // The historical EC start (embedded data) opens with the French movement phase: every
    // hex the ruleset's `reach` aid lists for fr-1-1 is accepted by `apply` along its path,
    // at its cost.
    let fnc = grognard_fnc::Fnc;
    let seats = grognard_engine::Seats::round_robin(&fnc.scenarios()[1].powers, 2).unwrap();
    let state = fnc.setup(&Setup::scenario("ec-historical"), &seats).unwrap();
    let answer = fnc.aid(&state, &AidQuery::Reach { units: vec!["fr-1-1".into()] }).expect("movement phase");
    let listed = answer.json["hexes"].as_array().expect("hexes").clone();
    assert!(listed.len() >= 2, "{}", answer.text);
    assert_eq!(answer.json["count"], listed.len());
    let player = state.owners[0];
    for h in listed {
        let path: Vec<HexId> = serde_json::from_value(h["path"].clone()).unwrap();
        let command = Command::Move { units: ids(&["fr-1-1"]), path, from: None, left_top: None };
        let next = fnc
            .apply(&state, player, &command, &mut ScriptedDice::new(&[]))
            .unwrap_or_else(|e| panic!("{h} refused: {e}"))
            .state;
        assert_eq!(next.location("fr-1-1").and_then(|l| l.hex()).map(|x| x.to_string()).as_deref(), h["hex"].as_str());
        assert_eq!(serde_json::json!(next.book.moved["fr-1-1"].spent), h["half_mp"]);
    }
}
