//! 7.3.8.3, step three of the declaration of combat: a major power with field forces where a
//! combat is declared against its ally may declare war on the attacker before the battle, and
//! then defends with its ally; otherwise it leaves the area (7.3.8.4).

use crate::support;

use grognard_eia::command::Command;
use grognard_eia::ruleset::pending;
use grognard_eia::sequence::{LandStep, Phase};
use grognard_eia::state::State;
use grognard_eia::Power;
use grognard_engine::{Pending, PlayerId};
use support::*;

/// France, at war with Prussia, has a corps in Magdeburg with a Prussian and a Russian one;
/// Russia is Prussia's ally and at peace with France. The land combat step, the political
/// phase played.
fn magdeburg() -> State {
    let mut state = bare();
    state.options = vec!["political".into()];
    state.sequence.phase = Phase::Land(LandStep::Combat);
    state.relations = Default::default();
    state.relations.declare_war("france", "prussia");
    state.relations.ally("russia", "prussia");
    corps(&mut state, "fr-3", "france", "magdeburg", 12);
    corps(&mut state, "pr-1", "prussia", "magdeburg", 8);
    corps(&mut state, "ru-1", "russia", "magdeburg", 8);
    state
}

fn asked(state: &State) -> (PlayerId, Vec<String>) {
    match pending(ctx(), state) {
        Pending::Choice { player, options, prompt } => {
            assert!(prompt.contains("7.3.8.3"), "{prompt}");
            (player, options)
        }
        other => panic!("a question, not {other:?}"),
    }
}

#[test]
fn r7_3_8_3_the_defenders_ally_in_the_area_is_asked_before_the_battle() {
    let state = run(&magdeburg(), Power::France, "battle magdeburg", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(state.battle.is_none(), "7.3.8.3: the battle waits for the answer");
    let (player, options) = asked(&state);
    assert_eq!(Some(player.0), state.player_of(Power::Russia));
    assert_eq!(options, vec!["stand aside".to_string(), "declare war on france".to_string()]);
    assert_eq!(grognard_eia::legal::commands(ctx(), &state, player).len(), 2);
}

#[test]
fn r7_3_8_3_a_power_declaring_war_loses_its_points_and_defends_with_its_ally() {
    let before = magdeburg();
    let state = run(&before, Power::France, "battle magdeburg", &[]).unwrap_or_else(|e| panic!("{e}"));
    let next = run(&state, Power::Russia, "declare war on france", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(next.relations.at_war("russia", "france"));
    // 4.2.1.1: three political points for a declaration of war on a major power.
    assert_eq!(next.powers[&Power::Russia].political, before.powers[&Power::Russia].political - 3);
    // No allies are called: Britain, Russia's... nobody else goes to war.
    assert!(!next.relations.at_war("prussia", "spain"));
    let battle = next.battle.as_ref().unwrap_or_else(|| panic!("the battle begins"));
    assert_eq!(battle.attackers, vec!["fr-3".to_string()]);
    assert_eq!(battle.defenders, vec!["pr-1".to_string(), "ru-1".to_string()]);
    assert_eq!(next.corps["ru-1"].area, "magdeburg");
    assert!(next.book.war_question.is_none());
    // Its war is recorded for the order of peace (4.4.5.2).
    assert!(next.politics.war_began(Power::Russia, Power::France).is_some());
}

#[test]
fn r7_3_8_3_a_power_standing_aside_leaves_the_area_by_7_3_8_4() {
    let state = run(&magdeburg(), Power::France, "battle magdeburg", &[]).unwrap_or_else(|e| panic!("{e}"));
    let next = run(&state, Power::Russia, "stand aside", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!next.relations.at_war("russia", "france"));
    let battle = next.battle.as_ref().unwrap_or_else(|| panic!("the battle begins"));
    assert_eq!(battle.defenders, vec!["pr-1".to_string()]);
    assert_ne!(next.corps["ru-1"].area, "magdeburg", "7.3.8.4: the Russians left");
}

#[test]
fn r7_3_8_3_only_the_power_asked_answers_and_only_the_question() {
    let state = run(&magdeburg(), Power::France, "battle magdeburg", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rule_of(run(&state, Power::France, "end", &[])), "3.0", "France waits for Russia");
    let e = run(&state, Power::Russia, "declare war on austria", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.8.3|") && e.contains("only on the attacker"), "{e}");
    let e = run(&state, Power::Russia, "end", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.8.3|") && e.contains("stand aside"), "{e}");
    // Refusals change nothing: the question still waits.
    assert_eq!(asked(&state).0 .0, state.player_of(Power::Russia).unwrap_or(9));
}

#[test]
fn r7_3_8_3_nobody_is_asked_without_the_political_phase() {
    let mut state = magdeburg();
    state.options.clear();
    let next = run(&state, Power::France, "battle magdeburg", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(next.battle.is_some(), "the battle begins at once");
    assert_ne!(next.corps["ru-1"].area, "magdeburg");
}

#[test]
fn r7_3_8_3_nobody_is_asked_who_is_not_the_defenders_ally_or_is_restricted_by_4_2_2() {
    // Not allied to Prussia: Russia leaves without a question.
    let mut state = magdeburg();
    state.relations.break_alliance("russia", "prussia");
    let next = run(&state, Power::France, "battle magdeburg", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(next.battle.is_some() && next.book.war_question.is_none());
    // 4.2.2.1: a Russian corps inside France's territory forbids the declaration.
    let mut state = magdeburg();
    corps(&mut state, "ru-2", "russia", "paris", 4);
    let next = run(&state, Power::France, "battle magdeburg", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(next.battle.is_some() && next.book.war_question.is_none(), "4.2.2.1 restricts Russia");
}

#[test]
fn r7_3_8_3_declare_war_on_answers_only_a_battles_question() {
    let state = magdeburg();
    let e = run(&state, Power::France, "declare war on russia", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.8.3|") && e.contains("declare on TARGET"), "{e}");
    // The political phase's declarations keep their own form.
    assert!(matches!(Command::parse("declare on austria"), Ok(Command::Political(_))));
    for text in ["declare war on france", "stand aside"] {
        let c = Command::parse(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.to_string(), text);
    }
    assert!(Command::parse("declare war on narnia").is_err());
}

#[test]
fn r7_3_8_3_the_steward_stands_aside() {
    let state = run(&magdeburg(), Power::France, "battle magdeburg", &[]).unwrap_or_else(|e| panic!("{e}"));
    let player = PlayerId(state.player_of(Power::Russia).unwrap_or(0));
    let chosen = grognard_eia::steward::choose(ctx(), &state, player).map(|c| c.to_string());
    assert_eq!(chosen.as_deref(), Some("stand aside"));
}

#[test]
fn r4_2_declare_war_on_in_the_declarations_step_names_the_form_to_write() {
    let mut state = magdeburg();
    state.sequence.phase = Phase::Political(grognard_eia::politics::PoliticalStep::Declarations);
    let c = Command::parse("declare war on austria").unwrap_or_else(|e| panic!("{e}"));
    let e = grognard_eia::ruleset::check_sealed(ctx(), &state, PlayerId(0), &c).err().map(|e| e.to_string());
    let e = e.unwrap_or_default();
    assert!(e.contains("4.2") && e.contains("declare on austria"), "{e}");
}
