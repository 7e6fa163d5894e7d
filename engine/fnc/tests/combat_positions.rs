//! Combat and sieges from position texts (docs/POSITION_FORMAT.md) through the dispatcher.

use crate::combat_harness;

use combat_harness::*;
use grognard_engine::ScriptedDice;
use grognard_fnc::ruleset::apply_command;
use grognard_fnc::{position, Command, Location, Side};

#[test]
fn rule_11_2_worked_example_from_a_position() {
    let ctx = ctx();
    let s = position::parse(
        &ctx,
        "fnc-position 1\ngame ec\nturn 4\nphase combat\nphasing french\n\
         hex 0302: fr-e\nhex 0403: fr-d\nhex 0303: ot-5 ot-6\n",
    )
    .expect("position");
    let attack = Command::parse("attack fr-e,fr-d 0303").expect("command");
    let applied = apply_command(&ctx, &s, Side::First, &attack, &mut ScriptedDice::new(&[6])).expect("attack");
    let b = battle_event(&applied.events);
    assert_eq!(
        (b["percent"].as_u64(), b["final_column"].as_str(), b["result"].as_str()),
        (Some(136), Some("<=49"), Some("AES"))
    );
    assert!(applied.events[0].text.contains("136%"), "{}", applied.events[0].text);
}

#[test]
fn rule_6_4_truce_from_a_position_forbids_the_siege_roll() {
    let ctx = ctx();
    let s = position::parse(
        &ctx,
        "fnc-position 1\ngame ec\nturn 4\nphase siege\nphasing french\n\
         hex 0506: ot-fort\nhex 0505: fr-a\nhex 0507: fr-b\nhex 0606: fr-c\nhex 0607: fr-d\n\
         hex 0406: fr-e\nhex 0407: fr-f\neffect truce turn 4\n",
    )
    .expect("position");
    let mut dice = ScriptedDice::new(&[6]);
    let applied = apply_command(&ctx, &s, Side::First, &Command::Roll, &mut dice).expect("roll");
    assert_eq!(dice.used(), 0);
    assert_eq!(at(&applied.state, "ot-fort"), Location::Hex(hex("0506")));
}
