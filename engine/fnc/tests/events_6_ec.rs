//! The EC Random Events Table (6.1-6.3): the roll, each event's follow-on rolls and effects,
//! the once-per-calendar-year and once-per-game limits, and the choices events leave.

use crate::logistics_common;

use grognard_engine::{ApplyError, ScriptedDice};
use grognard_fnc::state::{Effect, LastingEffect};
use grognard_fnc::{ruleset, Command, Decision, DecisionKind, Location, Phase};
use logistics_common::*;

const UNITS: &str = "hex 0808: fr-1-1 fr-1-2 fr-cav\nhex 1203: ot-jn-1\nhex 2805: ot-jn-2\n";

fn events_phase(turn: u8, extra: &str) -> (grognard_fnc::Ctx, grognard_fnc::State) {
    in_phase(ec(), turn, "random-events", "french", &format!("{UNITS}{extra}"))
}

#[test]
fn rule_5_3_no_random_events_on_game_turn_1() {
    let (ctx, state) = events_phase(1, "");
    assert_eq!(refused_rule(&ctx, &state, FR, "roll", &[3, 3]), "5.3");
}

#[test]
fn rule_6_1_the_roll_waits_for_all_its_dice() {
    let (ctx, state) = events_phase(3, "");
    assert!(matches!(run(&ctx, &state, FR, "roll", &[]), Err(ApplyError::NeedDice)));
    assert!(matches!(run(&ctx, &state, FR, "roll", &[3]), Err(ApplyError::NeedDice)), "infighting rolls its area");
}

#[test]
fn rule_6_3_ottoman_infighting_area_and_fleet() {
    let (ctx, state) = events_phase(3, "");
    let out = ok(&ctx, &state, FR, "roll", &[3, 5]);
    assert!(out.state.effects.contains(&LastingEffect {
        effect: Effect::Infighting { side: OT, area: "anatolia".into(), fleet: true },
        turn: Some(3),
    }));
    let out = ok(&ctx, &state, FR, "roll", &[3, 2]);
    assert!(out.state.effects.contains(&LastingEffect {
        effect: Effect::Infighting { side: OT, area: "Egypt".into(), fleet: false },
        turn: Some(3),
    }));
    let out = ok(&ctx, &state, FR, "roll", &[3, 4]);
    assert!(out.state.has_effect(&Effect::Infighting { side: OT, area: "Syria-Palestine".into(), fleet: false }));
    assert!(out.text().contains("die 3: Ottoman Infighting"), "{}", out.text());
}

#[test]
fn rule_6_3_disputes_in_chain_of_command() {
    let (ctx, state) = events_phase(4, "");
    let out = ok(&ctx, &state, FR, "roll", &[5, 2]);
    assert!(out.state.has_effect(&Effect::MovementMinusOne(FR)));
    let out = ok(&ctx, &state, FR, "roll", &[5, 3]);
    assert!(out.state.has_effect(&Effect::MovementMinusOne(OT)));
    assert!(!out.state.has_effect(&Effect::MovementMinusOne(FR)));
    let mut later = out.state.clone();
    later.turn = 5;
    assert!(!later.has_effect(&Effect::MovementMinusOne(OT)), "this turn only");
}

#[test]
fn rule_6_3_anti_french_revolt_recycles_french_units_of_the_french_choice() {
    let (ctx, state) = events_phase(3, "");
    let out = ok(&ctx, &state, FR, "roll", &[2, 3]);
    assert_eq!(
        out.state.decision,
        Some(Decision {
            by: FR,
            kind: DecisionKind::Recycle { count: 2, min_strength: 0, reason: "anti-french-revolt".into() }
        }),
        "half of 3 rounded up"
    );
    assert!(out.state.events_used.iter().any(|u| u.event == "anti-french-revolt" && u.turn == 3));
    let owed = out.state;
    assert_eq!(refused_rule(&ctx, &owed, FR, "remove fr-1-1", &[4]), "6.3");
    assert_eq!(refused_rule(&ctx, &owed, OT, "remove fr-1-1,fr-1-2", &[4, 4]), "6.3");
    assert_eq!(refused_rule(&ctx, &owed, FR, "remove fr-1-1,ot-jn-1", &[4, 4]), "6.3");
    assert!(matches!(run(&ctx, &owed, FR, "remove fr-1-1,fr-1-2", &[4]), Err(ApplyError::NeedDice)));
    let done = ok(&ctx, &owed, FR, "remove fr-1-1,fr-1-2", &[4, 6]);
    assert_eq!(at(&done.state, "fr-1-1"), Location::Track(6), "4 - 1 = 3 turns later");
    assert_eq!(at(&done.state, "fr-1-2"), Location::Track(8));
    assert_eq!(done.state.decision, None);
}

#[test]
fn rule_6_2_once_per_calendar_year_events_rolled_again_are_no_event() {
    // Turn 3 is in 1798, turn 6 in 1799 (Turn Record Track).
    let (ctx, state) = events_phase(5, "event 3 anti-french-revolt\nevent 4 plague\n");
    for (die, name) in [(1, "Anti-French Revolt"), (4, "Plague")] {
        let out = ok(&ctx, &state, FR, "roll", &[die]);
        assert_eq!(out.used, 1, "no follow-on roll");
        assert_eq!(out.state.decision, None);
        assert!(out.text().contains(name) && out.text().contains("No Event"), "{}", out.text());
        assert!(out.state.book.rolled);
    }
    let (ctx, state) = events_phase(6, "event 3 anti-french-revolt\n");
    let out = ok(&ctx, &state, FR, "roll", &[1, 1]);
    assert!(matches!(out.state.decision, Some(Decision { kind: DecisionKind::Recycle { count: 1, .. }, .. })));
}

#[test]
fn rule_6_3_plague_each_player_recycles_in_turn() {
    let (ctx, state) = events_phase(3, "");
    let out = ok(&ctx, &state, FR, "roll", &[4, 2, 3]);
    assert!(
        matches!(&out.state.decision, Some(Decision { by, kind: DecisionKind::Recycle { count: 1, .. } }) if *by == FR)
    );
    let french_done = ok(&ctx, &out.state, FR, "remove fr-cav", &[5]);
    assert_eq!(at(&french_done.state, "fr-cav"), Location::Track(7));
    assert!(
        matches!(&french_done.state.decision, Some(Decision { by, kind: DecisionKind::Recycle { count: 2, .. } }) if *by == OT)
    );
    let ottoman_done = ok(&ctx, &french_done.state, OT, "remove ot-jn-1,ot-jn-2", &[]);
    assert_eq!(ottoman_done.used, 0);
    assert_eq!(at(&ottoman_done.state, "ot-jn-1"), Location::Pool, "8.7");
    assert_eq!(ottoman_done.state.decision, None);
}

#[test]
fn rule_6_3_british_intervention_once_with_placement_at_once() {
    let (ctx, state) = events_phase(4, "");
    let out = ok(&ctx, &state, FR, "roll", &[6]);
    assert!(out.state.has_effect(&Effect::BritishIntervention));
    let placing = out.state;
    assert!(
        matches!(&placing.decision, Some(Decision { by, kind: DecisionKind::Place { count: 3, .. } }) if *by == OT)
    );
    assert_eq!(refused_rule(&ctx, &placing, OT, "enter br-rm 0808", &[]), "8.8");
    assert_eq!(refused_rule(&ctx, &placing, OT, "enter br-rm upper-egypt", &[]), "8.8");
    assert_eq!(refused_rule(&ctx, &placing, FR, "enter br-rm 1502", &[]), "8.2");
    let one = ok(&ctx, &placing, OT, "enter br-rm 1502", &[]);
    assert_eq!(at(&one.state, "br-rm"), Location::Hex(hex("1502")));
    let two = ok(&ctx, &one.state, OT, "enter br-phil anatolia", &[]);
    let three = ok(&ctx, &two.state, OT, "enter br-rn 1502", &[]);
    assert_eq!(three.state.decision, None);
    // 6.2: rolled again, it is No Event.
    let mut again = three.state.clone();
    again.turn = 7;
    again.phase = Phase::RandomEvents;
    again.book.rolled = false;
    let out = ok(&ctx, &again, FR, "roll", &[6]);
    assert!(out.text().contains("No Event"), "{}", out.text());
}

#[test]
fn rule_6_1_the_random_events_phase_ends_with_the_event() {
    let (ctx, state) = events_phase(3, "");
    let mut dice = ScriptedDice::new(&[5, 1]);
    let applied = ruleset::apply_command(&ctx, &state, FR, &Command::Roll, &mut dice).expect("the events roll");
    assert_eq!(applied.state.phase, Phase::Reinforcement);
    assert_eq!(applied.state.phasing, FR);
}
