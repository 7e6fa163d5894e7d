//! The logistics commands listed as legal are accepted: in every state of a short scripted
//! sequence (random events, reinforcement draws, placements, recycling choices, supply), each
//! logistics command the command table lists (every listed command but the `end` of a phase)
//! applies with enough dice, and `legal_commands` of the whole ruleset offers them too.

use crate::logistics_common;

use grognard_engine::{PlayerId, ScriptedDice};
use grognard_fnc::{ruleset, table, Command, Ctx, Side, State};

/// The logistics commands the table lists for `side`: all but the `end` of a phase.
fn logistics_legal(ctx: &Ctx, state: &State, side: Side) -> Vec<Command> {
    let all = table::commands(ctx, state, side);
    all.into_iter().filter(|c| state.decision.is_some() || *c != Command::End).collect()
}
use logistics_common::*;

fn all_legal_apply(ctx: &Ctx, state: &State, side: Side) -> usize {
    let legal = logistics_legal(ctx, state, side);
    for command in &legal {
        let faces = [1u32; 40];
        let mut dice = ScriptedDice::new(&faces);
        let mut log = Vec::new();
        if let Err(e) = table::apply(ctx, state, side, command, &mut dice, &mut log) {
            panic!("legal `{command}` not accepted: {e:?}");
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
        logistics_legal(&ctx, &drawn.state, FR),
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

/// Apply the first recycling choice `legal` offers `side` and return the next state.
fn take_offered_recycling(ctx: &Ctx, state: &State, side: Side) -> State {
    let legal = logistics_legal(ctx, state, side);
    let Some(command @ Command::Remove { .. }) = legal.first() else {
        panic!("no recycling choice offered: {legal:?}");
    };
    let faces = [2u32; 40];
    let mut dice = ScriptedDice::new(&faces);
    match table::apply(ctx, state, side, command, &mut dice, &mut Vec::new()) {
        Ok(next) => next,
        other => panic!("offered `{command}` not accepted: {other:?}"),
    }
}

#[test]
fn rule_6_3_rule_6_4_every_recycling_choice_offered_is_accepted() {
    // EC Plague (6.3 event 4): the French choice, then the queued Ottoman one.
    let ctx = ec();
    let plague = ok(
        &ctx,
        &position(&ctx, "turn 3\nphase random-events\nphasing french\nhex 0808: fr-1-1 fr-1-2\nhex 1203: ot-jn-1\n"),
        FR,
        "roll",
        &[4, 3, 2],
    );
    let after_french = take_offered_recycling(&ctx, &plague.state, FR);
    let Some(Command::Remove { units }) = logistics_legal(&ctx, &after_french, OT).first().cloned() else {
        panic!("the Ottoman choice is owed next");
    };
    let after_ottoman = take_offered_recycling(&ctx, &after_french, OT);
    assert!(after_ottoman.decision.is_none(), "both choices made");
    assert!(units.iter().all(|u| at(&after_ottoman, u).hex().is_none()), "the chosen units left the map");
    // RSW Norwegian Front lost (6.4 event 1): a unit of combat factor 3 or more.
    let ctx = rsw();
    let state = position(
        &ctx,
        "turn 3\nphase random-events\nphasing russian\nhex 1412: sw-sk sw-ost\nhex 1409: ru-5-1\ntrack 5: sw-jc\n",
    );
    let lost = ok(&ctx, &state, Side::First, "roll", &[1, 6]);
    let Some(Command::Remove { units }) = logistics_legal(&ctx, &lost.state, Side::Second).first().cloned() else {
        panic!("the Swedish choice is owed");
    };
    let done = take_offered_recycling(&ctx, &lost.state, Side::Second);
    assert!(done.decision.is_none());
    assert!(units.iter().all(|u| at(&done, u).hex().is_none()), "the chosen unit left the map");
}
