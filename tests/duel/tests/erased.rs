//! Duel through the object-safe interface the journal and the CLI use: commands as JSON
//! values, states opaque.

mod common;

use common::*;
use grognard_duel::Duel;
use grognard_engine::{AnyRuleset, ApplyError, NoDice, Pending, RollCause, ScriptedDice, Setup};
use serde_json::json;

#[test]
fn the_object_safe_interface_speaks_json() {
    let r: &dyn AnyRuleset = &Duel;
    let seats = seats("standard", 2);
    let g = r.setup(&Setup::scenario("standard"), &seats).expect("setup");
    assert_eq!(r.parse_command("initiative").expect("parse"), json!("initiative"));
    assert_eq!(r.parse_command("fire 1").expect("parse"), json!({"fire": {"target": 1}}));
    assert_eq!(r.parse_command("stance lunge").expect("parse"), json!({"stance": "lunge"}));
    assert_eq!(r.parse_command("bonus bandage").expect("parse"), json!({"bonus": "bandage"}));
    assert_eq!(r.format_command(&json!({"fire": {"target": 1}})), "fire 1");
    assert_eq!(r.legal_commands(&g, P0), [json!("initiative")]);

    let (g, events) = r.apply(&g, P0, &json!("initiative"), &mut ScriptedDice::new(&[2, 1])).expect("initiative");
    assert_eq!(events[0].data["order"], json!([0, 1]));
    assert_eq!(r.check_sealed(&g, P0, &json!({"stance": "guard"})), Ok(()));
    assert_eq!(r.check_sealed(&g, P0, &json!({"stance": "dodge"})).expect_err("bad").rule, "input");
    // Both lunging wait for the clash die (rule 4.4).
    let lunge = [(P0, json!({"stance": "lunge"})), (P1, json!({"stance": "lunge"}))];
    assert!(matches!(r.apply_sealed(&g, &lunge, &mut NoDice), Err(ApplyError::NeedDice)));
    let (_, events) = r.apply_sealed(&g, &lunge, &mut ScriptedDice::new(&[2])).expect("clash");
    assert_eq!(events[1].data["roll"], json!(2));
    let choices = [(P0, json!({"stance": "guard"})), (P1, json!({"stance": "lunge"}))];
    let (g, _) = r.apply_sealed(&g, &choices, &mut NoDice).expect("stances");
    match r.apply(&g, P0, &json!({"fire": {"target": "x"}}), &mut NoDice) {
        Err(ApplyError::Rule(e)) => assert_eq!(e.rule, "input"),
        other => panic!("expected input error, got {other:?}"),
    }
    assert!(matches!(r.apply(&g, P0, &json!({"fire": {"target": 1}}), &mut NoDice), Err(ApplyError::NeedDice)));
    // Whom the fire concerns (rule 9.1), from its JSON form; what is no command concerns nobody.
    let fire = json!({"fire": {"target": 1}});
    assert_eq!(r.roll_concerns(&g, P0, RollCause::Command(&fire)), [P0, P1]);
    assert!(r.roll_concerns(&g, P0, RollCause::Command(&json!({"fire": "x"}))).is_empty());
    let (g, _) = r.apply(&g, P0, &json!({"fire": {"target": 1}}), &mut ScriptedDice::new(&[6])).expect("fire");
    let state = r.state_json(&g);
    assert_eq!(state["duellists"][1]["hp"], json!(3));
    assert_eq!(
        r.pending(&g),
        Pending::Command { player: P1, prompt: "Round 1: Blue Duellist acts: `fire 0` (Red) or `rest`".into() }
    );
    assert!(r.summary(&g).contains("Waiting for player 1"));
    assert_eq!(r.scenario_data(&Setup::scenario("melee")).expect("data"), include_bytes!("../scenarios/melee.json"));
}

#[test]
fn a_ruleset_that_hides_nothing_shows_every_viewer_the_whole_state() {
    let r: &dyn AnyRuleset = &Duel;
    let g = r.setup(&Setup::scenario("standard"), &seats("standard", 2)).expect("setup");
    for viewer in
        [grognard_engine::Viewer::Everyone, grognard_engine::Viewer::Player(P0), grognard_engine::Viewer::Player(P1)]
    {
        let seen = r.player_view(&g, viewer);
        assert_eq!(r.state_json(&seen), r.state_json(&g), "{viewer:?}");
        assert_eq!(r.summary(&seen), r.summary(&g), "{viewer:?}");
    }
}
