//! The logistics commands listed as legal are accepted: in every state of a short scripted
//! sequence (random events, reinforcement draws, placements, recycling choices, supply), each
//! command `events::dispatch::legal` offers applies with enough dice, and `legal_commands`
//! of the whole ruleset offers them too.

mod logistics_common;

use grognard_engine::{PlayerId, ScriptedDice};
use grognard_fnc::{events, ruleset, Command, Ctx, Side, State};
use logistics_common::*;

fn all_legal_apply(ctx: &Ctx, state: &State, side: Side) -> usize {
    let legal = events::dispatch::legal(ctx, state, side);
    for command in &legal {
        let faces = [1u32; 40];
        let mut dice = ScriptedDice::new(&faces);
        let mut log = Vec::new();
        match events::dispatch::apply(ctx, state, side, command, &mut dice, &mut log) {
            Some(Ok(_)) => {}
            // `end` of an event placement is the dispatcher's when no decision is owed.
            None if *command == Command::End => {}
            other => panic!("legal `{command}` not accepted: {other:?}"),
        }
    }
    let whole = ruleset::legal_commands(ctx, state, PlayerId(side.index() as u8));
    for command in &legal {
        assert!(whole.contains(command), "`{command}` missing from legal_commands");
    }
    legal.len()
}

#[test]
fn rule_6_1_rule_8_2_listed_logistics_commands_are_accepted() {
    let ctx = ec();
    let states = [
        (FR, "turn 3\nphase random-events\nphasing french\nhex 0808: fr-1-1\n"),
        (FR, "turn 3\nphase reinforcement\nphasing french\nhex 0808: fr-1-1\ncontrol french: 0808 0510\n"),
        (OT, "turn 3\nphase reinforcement\nphasing ottoman\nhex 1203: ot-jn-1\n"),
        (FR, "turn 3\nphase supply\nphasing french\nhex 2612: fr-1-1\nhex 0808: fr-1-2\n"),
    ];
    let mut total = 0;
    for (side, body) in states {
        let state = position(&ctx, body);
        total += all_legal_apply(&ctx, &state, side);
    }
    // After a draw, each placement offered is accepted.
    let drawn = ok(
        &ctx,
        &position(&ctx, "turn 3\nphase reinforcement\nphasing french\nhex 0808: fr-1-1\ncontrol french: 0808 0510\n"),
        FR,
        "roll",
        &[2],
    );
    assert_eq!(all_legal_apply(&ctx, &drawn.state, FR), 1);
    assert_eq!(
        events::dispatch::legal(&ctx, &drawn.state, FR),
        vec![Command::parse("enter fr-gb 0510").expect("a command")],
        "the gunboats need the lake town"
    );
    // Decisions: the British arrive; a revolt's recycling; the minus-one return.
    let british =
        ok(&ctx, &position(&ctx, "turn 3\nphase random-events\nphasing french\nhex 0808: fr-1-1\n"), FR, "roll", &[6]);
    assert!(all_legal_apply(&ctx, &british.state, OT) >= 4);
    let revolt = ok(
        &ctx,
        &position(&ctx, "turn 3\nphase random-events\nphasing french\nhex 0808: fr-1-1 fr-1-2\n"),
        FR,
        "roll",
        &[1, 6],
    );
    assert_eq!(all_legal_apply(&ctx, &revolt.state, FR), 1);
    assert_eq!(all_legal_apply(&ctx, &revolt.state, OT), 0, "nothing for the side that owes nothing");
    let minus = ok(
        &ctx,
        &position(&ctx, "turn 3\nphase reinforcement\nphasing ottoman\nhex 1203: ot-jn-1\n"),
        OT,
        "roll",
        &[1],
    );
    assert_eq!(all_legal_apply(&ctx, &minus.state, OT), 1);
    assert!(total >= 4);
}
