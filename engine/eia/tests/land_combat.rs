//! Land combat (7.5): battles owed, chits sealed in secret (7.5.2.1-7.5.2.5) and the
//! reconstructed resolution (R7.5.2.6-R7.5.2.14).

use crate::support;

use grognard_eia::combat::Chit;
use grognard_eia::command::Command;
use grognard_eia::ruleset::{apply_command, apply_sealed, check_sealed, pending};
use grognard_eia::sequence::{LandStep, Phase};
use grognard_eia::state::{LeaderPlace, State};
use grognard_eia::Power;
use grognard_engine::{ApplyError, Pending, PlayerId, ScriptedDice};
use support::*;

const FRANCE: PlayerId = PlayerId(0);
const AUSTRIA: PlayerId = PlayerId(3);

fn at_combat() -> State {
    let mut state = bare();
    state.sequence.phase = Phase::Land(LandStep::Combat);
    state.occupied.insert("breisgau".into(), "austria".into());
    corps(&mut state, "fr-3", "france", "breisgau", 12);
    corps(&mut state, "fr-5", "france", "breisgau", 8);
    corps(&mut state, "au-2", "austria", "breisgau", 10);
    state.leaders.insert("davout".into(), LeaderPlace::Corps("fr-3".into()));
    state
}

fn run(state: &State, player: PlayerId, text: &str) -> Result<State, String> {
    let command = Command::parse(text).map_err(|e| e.to_string())?;
    let mut dice = ScriptedDice::new(&[]);
    match apply_command(ctx(), state, player, &command, &mut dice) {
        Ok(a) => Ok(a.state),
        Err(ApplyError::Rule(e)) => Err(format!("{}|{}", e.rule, e.message)),
        Err(ApplyError::NeedDice) => Err("dice|".into()),
    }
}

fn chit(text: &str) -> Command {
    Command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn r7_5_1_a_power_must_attack_where_its_corps_meet_the_enemy() {
    let state = at_combat();
    let e = run(&state, FRANCE, "end").err().unwrap_or_default();
    assert!(e.starts_with("7.5.1|"), "{e}");
    let e = run(&state, FRANCE, "battle alsace").err().unwrap_or_default();
    assert!(e.starts_with("7.5.1|"), "{e}");
    let next = run(&state, FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    match pending(ctx(), &next) {
        Pending::Sealed { players, .. } => assert_eq!(players, vec![FRANCE, AUSTRIA]),
        other => panic!("{other:?}"),
    }
    let e = run(&next, FRANCE, "end").err().unwrap_or_default();
    assert!(e.starts_with("7.5.2.1|"), "{e}");
}

#[test]
fn r7_5_2_1_each_side_picks_only_its_own_chits_and_outflank_needs_two_corps_and_a_leader() {
    let state = run(&at_combat(), FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    assert!(check_sealed(ctx(), &state, FRANCE, &chit("chit assault")).is_ok());
    assert_eq!(check_sealed(ctx(), &state, FRANCE, &chit("chit defend")).map_err(|e| e.rule), Err("7.5.2.1".into()));
    assert!(check_sealed(ctx(), &state, AUSTRIA, &chit("chit cordon")).is_ok());
    assert_eq!(
        check_sealed(ctx(), &state, PlayerId(5), &chit("chit cordon")).map_err(|e| e.rule),
        Err("7.5.2.1".into())
    );
    // France has two corps and Davout: it may outflank, naming its pinning force.
    assert_eq!(
        check_sealed(ctx(), &state, FRANCE, &chit("chit outflank")).map_err(|e| e.rule),
        Err("7.5.2.3.1".into())
    );
    assert!(check_sealed(ctx(), &state, FRANCE, &chit("chit outflank pinning fr-3")).is_ok());
    assert_eq!(
        check_sealed(ctx(), &state, FRANCE, &chit("chit outflank pinning fr-3,fr-5")).map_err(|e| e.rule),
        Err("7.5.2.3.2".into())
    );
    // Austria has one corps and no leader.
    assert_eq!(
        check_sealed(ctx(), &state, AUSTRIA, &chit("chit outflank pinning au-2")).map_err(|e| e.rule),
        Err("7.5.2.1".into())
    );
    // 7.5.2.5: a withdrawal names an adjacent area free of the enemy.
    assert_eq!(check_sealed(ctx(), &state, AUSTRIA, &chit("chit withdraw")).map_err(|e| e.rule), Err("7.5.2.5".into()));
    assert!(check_sealed(ctx(), &state, AUSTRIA, &chit("chit withdraw to ulm")).is_ok());
    assert_eq!(
        check_sealed(ctx(), &state, AUSTRIA, &chit("chit withdraw to paris")).map_err(|e| e.rule),
        Err("7.5.2.5".into())
    );
}

#[test]
fn r7_5_2_5_an_automatic_withdrawal_avoids_the_battle() {
    let state = run(&at_combat(), FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    // Probe against Withdraw: the withdrawal is automatic (the chart's [withdrawals]).
    let choices = [(FRANCE, chit("chit probe")), (AUSTRIA, chit("chit withdraw to ulm"))];
    let mut dice = ScriptedDice::new(&[]);
    let applied = apply_sealed(ctx(), &state, &choices, &mut dice).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(applied.state.corps.get("au-2").map(|c| c.area.as_str()), Some("ulm"));
    assert_eq!(applied.state.corps.get("fr-3").map(|c| c.factors.total()), Some(12));
    assert!(applied.state.battle.is_none());
}

#[test]
fn r7_5_2_9_a_battle_is_fought_in_rounds_until_a_side_breaks_and_the_loser_falls_back() {
    let state = run(&at_combat(), FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    let choices = [(FRANCE, chit("chit assault")), (AUSTRIA, chit("chit defend"))];
    // Fair dice would come from the journal; here every die is a 6 for France and a 1 for
    // Austria, round after round.
    let mut dice = ScriptedDice::new(&[6, 1, 6, 1, 6, 1]);
    let mut applied = apply_sealed(ctx(), &state, &choices, &mut dice).unwrap_or_else(|e| panic!("{e}"));
    let mut events = applied.events.clone();
    // An undecided day is followed by another (R7.5.2.13.2), with new chits.
    if applied.state.battle.is_some() {
        let mut dice = ScriptedDice::new(&[6, 1, 6, 1, 6, 1]);
        applied = apply_sealed(ctx(), &applied.state, &choices, &mut dice).unwrap_or_else(|e| panic!("{e}"));
        events.extend(applied.events.clone());
    }
    let next = applied.state;
    let texts: Vec<&str> = events.iter().map(|e| e.text.as_str()).collect();
    assert!(texts.iter().any(|t| t.contains("France wins the battle")), "{texts:#?}");
    // The Austrians lost factors and fell back out of the Breisgau (or surrendered).
    let au = next.corps.get("au-2");
    assert!(au.is_none_or(|c| c.area != "breisgau" && c.factors.total() < 10), "{au:?}");
    assert_eq!(next.powers.get(&Power::France).map(|p| p.political), Some(1));
    assert_eq!(next.powers.get(&Power::Austria).map(|p| p.political), Some(-1));
    assert!(grognard_eia::combat::battles_owed(&next, Power::France).is_empty());
    // The step may now end.
    assert!(run(&next, FRANCE, "end").is_ok());
}

#[test]
fn a_battle_waiting_for_dice_is_legal_and_changes_nothing() {
    let state = run(&at_combat(), FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    let choices = [(FRANCE, chit("chit assault")), (AUSTRIA, chit("chit defend"))];
    let mut dice = ScriptedDice::new(&[]);
    assert!(matches!(apply_sealed(ctx(), &state, &choices, &mut dice), Err(ApplyError::NeedDice)));
    let _ = Chit { chit: "assault".into(), ..Chit::default() };
}

#[test]
fn r7_5_1_1_defenders_may_retire_into_a_city_that_holds_them_all_and_are_besieged() {
    let state = run(&at_combat(), FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    // Freiburg holds five factors a spire (7.3.3.4): too small for au-2's ten.
    let capacity = ctx().map.city("breisgau").map_or(0, |c| c.garrison_capacity());
    let refused = check_sealed(ctx(), &state, AUSTRIA, &chit("chit retire")).map_err(|e| e.rule);
    if capacity < 10 {
        assert_eq!(refused, Err("7.5.1.1".into()));
    }
    let mut small = at_combat();
    if let Some(c) = small.corps.get_mut("au-2") {
        c.factors = grognard_eia::forces::Factors::of(&[(grognard_eia::FactorKind::Infantry, capacity.min(3))]);
    }
    let state = run(&small, FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    assert!(check_sealed(ctx(), &state, AUSTRIA, &chit("chit retire")).is_ok());
    assert_eq!(check_sealed(ctx(), &state, FRANCE, &chit("chit retire")).map_err(|e| e.rule), Err("7.5.2.1".into()));
    let choices = [(FRANCE, chit("chit assault")), (AUSTRIA, chit("chit retire"))];
    let mut dice = ScriptedDice::new(&[]);
    let applied = apply_sealed(ctx(), &state, &choices, &mut dice).unwrap_or_else(|e| panic!("{e}"));
    assert!(applied.state.corps.get("au-2").is_some_and(|c| c.in_city));
    assert!(applied.state.besieged("breisgau"));
    assert!(grognard_eia::combat::battles_owed(&applied.state, Power::France).is_empty());
}

#[test]
fn r7_5_3_reconstructed_a_force_overwhelmed_ten_to_one_surrenders_without_a_roll() {
    // 20 French factors against 2 Austrian: a trivial combat, no die rolled.
    let mut state = at_combat();
    if let Some(c) = state.corps.get_mut("au-2") {
        c.factors = grognard_eia::forces::Factors::of(&[(grognard_eia::FactorKind::Infantry, 2)]);
    }
    state.leaders.insert("mack".into(), LeaderPlace::Corps("au-2".into()));
    let fought = run(&state, FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    let political = fought.powers[&Power::France].political;
    let choices = [(FRANCE, chit("chit assault")), (AUSTRIA, chit("chit withdraw to ulm"))];
    let mut dice = ScriptedDice::new(&[]);
    let after = apply_sealed(ctx(), &fought, &choices, &mut dice).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(!after.state.corps.contains_key("au-2"), "the overwhelmed corps surrenders");
    assert_eq!(after.state.leaders.get("mack"), Some(&LeaderPlace::Captured(Power::France)));
    assert_eq!(after.state.corps["fr-3"].factors.total() + after.state.corps["fr-5"].factors.total(), 20);
    assert_eq!(after.state.powers[&Power::France].political, political, "no battle, no political points");
    assert!(after.events.iter().any(|e| e.data["rule"] == "R7.5.3"));
    assert!(after.state.battle.is_none());
    // Nine to one is a battle (it asks for dice).
    let mut state = at_combat();
    if let Some(c) = state.corps.get_mut("fr-5") {
        c.factors = grognard_eia::forces::Factors::of(&[(grognard_eia::FactorKind::Infantry, 6)]);
    }
    if let Some(c) = state.corps.get_mut("au-2") {
        c.factors = grognard_eia::forces::Factors::of(&[(grognard_eia::FactorKind::Infantry, 2)]);
    }
    let fought = run(&state, FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    let choices = [(FRANCE, chit("chit assault")), (AUSTRIA, chit("chit defend"))];
    let mut dice = ScriptedDice::new(&[]);
    assert!(matches!(apply_sealed(ctx(), &fought, &choices, &mut dice), Err(ApplyError::NeedDice)));
}

#[test]
fn r7_5_2_10_2_reconstructed_a_broken_side_is_pursued_by_the_victor_s_cavalry() {
    let mut state = at_combat();
    if let Some(c) = state.corps.get_mut("fr-3") {
        c.factors = grognard_eia::forces::Factors::of(&[
            (grognard_eia::FactorKind::Infantry, 6),
            (grognard_eia::FactorKind::Cavalry, 6),
        ]);
    }
    // Austrian landwehr (militia) of lower morale.
    if let Some(c) = state.corps.get_mut("au-2") {
        c.factors = grognard_eia::forces::Factors::of(&[(grognard_eia::FactorKind::Militia, 10)]);
    }
    let fought = run(&state, FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    let choices = [(FRANCE, chit("chit escalated-assault")), (AUSTRIA, chit("chit defend"))];
    // France rolls high, Austria low, until Austria breaks.
    let mut dice = ScriptedDice::new(&[6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1]);
    let after = apply_sealed(ctx(), &fought, &choices, &mut dice).unwrap_or_else(|e| panic!("{e:?}"));
    let broke = after.events.iter().any(|e| e.data["kind"] == "break");
    let pursuit = after.events.iter().find(|e| e.data["rule"] == "R7.5.2.10.2");
    assert!(broke, "Austria was meant to break: {:?}", after.events);
    let p = pursuit.unwrap_or_else(|| panic!("no pursuit: {:?}", after.events));
    // Six cavalry against none, Davout's strategic rating 3: three factors.
    assert_eq!(p.data["losses"], 3, "{p:?}");
    // A day that ends undecided is not pursued.
    let mut dice = ScriptedDice::new(&[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    let night = apply_sealed(ctx(), &fought, &choices, &mut dice).unwrap_or_else(|e| panic!("{e:?}"));
    if night.events.iter().any(|e| e.data["kind"] == "end-of-day") {
        assert!(!night.events.iter().any(|e| e.data["rule"] == "R7.5.2.10.2"));
    }
}

#[test]
fn r7_5_2_11_reconstructed_corps_named_with_the_chit_try_to_march_to_the_battle() {
    let mut state = at_combat();
    corps(&mut state, "au-3", "austria", "ulm", 10);
    corps(&mut state, "au-4", "austria", "vienna", 10);
    let fought = run(&state, FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    // Only the side's own corps, next to the battle, not held by enemies where they stand.
    for (text, rule) in [
        ("chit defend reinforcing fr-5", "R7.5.2.11"),
        ("chit defend reinforcing au-4", "R7.5.2.11"),
        ("chit defend reinforcing au-9", "input"),
    ] {
        assert_eq!(check_sealed(ctx(), &fought, AUSTRIA, &chit(text)).map_err(|e| e.rule), Err(rule.into()), "{text}");
    }
    assert!(check_sealed(ctx(), &fought, AUSTRIA, &chit("chit defend reinforcing au-3")).is_ok());
    // Before round two au-3 rolls 1 against 1 (no leader): it marches in.
    let choices = [(FRANCE, chit("chit assault")), (AUSTRIA, chit("chit defend reinforcing au-3"))];
    let mut dice = ScriptedDice::new(&[3, 3, 1, 3, 3, 3, 3, 3, 3]);
    let after = apply_sealed(ctx(), &fought, &choices, &mut dice).unwrap_or_else(|e| panic!("{e:?}"));
    let arrived = after.events.iter().find(|e| e.data["rule"] == "R7.5.2.11").unwrap_or_else(|| panic!("no attempt"));
    assert_eq!(arrived.data["arrived"], true, "{arrived:?}");
    let fell_back = after
        .events
        .iter()
        .find(|e| e.data["kind"] == "retreat" && e.data["power"] == "austria")
        .map(|e| e.data["corps"].to_string());
    match fell_back {
        Some(corps) => assert!(corps.contains("au-3"), "it shares its side's retreat: {corps}"),
        None => assert_eq!(after.state.corps.get("au-3").map(|c| c.area.as_str()), Some("breisgau")),
    }
    // A 6 does not bring it: it stays in Ulm.
    let mut dice = ScriptedDice::new(&[3, 3, 6, 3, 3, 6, 3, 3]);
    let after = apply_sealed(ctx(), &fought, &choices, &mut dice).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(after.state.corps.get("au-3").map(|c| c.area.as_str()), Some("ulm"));
}

#[test]
fn r7_5_2_13_2_reconstructed_an_undecided_day_is_followed_by_another_with_new_chits() {
    let fought = run(&at_combat(), FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    let choices = [(FRANCE, chit("chit probe")), (AUSTRIA, chit("chit defend"))];
    // Low dice on both sides: nobody breaks on the first day.
    let mut dice = ScriptedDice::new(&[1, 1, 1, 1, 1, 1]);
    let first = apply_sealed(ctx(), &fought, &choices, &mut dice).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(first.events.iter().any(|e| e.data["rule"] == "R7.5.2.13.2"), "{:?}", first.events);
    let battle = first.state.battle.clone().unwrap_or_else(|| panic!("the battle goes on"));
    assert_eq!(battle.day, 1);
    assert!(battle.step.ends_with("-day2"), "{}", battle.step);
    let (a, d) = battle.morale.unwrap_or_else(|| panic!("morale carried over"));
    assert!(a > 0 && d > 0);
    // No political points yet; both sides seal again.
    assert_eq!(first.state.powers[&Power::France].political, 0);
    assert!(matches!(pending(ctx(), &first.state), Pending::Sealed { step, .. } if step == battle.step));
    // The second day is the last (data/rules.txt days = 2): at night the side with more
    // morale holds the field.
    let mut dice = ScriptedDice::new(&[1, 1, 1, 1, 1, 1]);
    let second = apply_sealed(ctx(), &first.state, &choices, &mut dice).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(second.state.battle.is_none());
    assert!(second.events.iter().any(|e| e.data["kind"] == "battle-result"));
}

#[test]
fn r7_3_8_6_an_ally_at_war_with_every_defender_attacks_beside_the_phasing_power() {
    let mut state = at_combat();
    corps(&mut state, "sp-1", "spain", "breisgau", 6);
    let next = run(&state, FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    let battle = next.battle.unwrap_or_else(|| panic!("no battle"));
    assert_eq!(battle.attackers, vec!["fr-3".to_string(), "fr-5".into(), "sp-1".into()]);
    assert_eq!(battle.attacker, Power::France, "France, the phasing power, chooses the chit");
}

#[test]
fn r7_3_8_4_a_power_not_at_war_with_the_attacker_leaves_the_area_before_the_battle() {
    // France attacks Prussia in Magdeburg, where a Russian corps (at war with Prussia, not
    // with France, here) stands too: the Russians leave, the way a retreat would take them.
    let mut state = bare();
    state.sequence.phase = Phase::Land(LandStep::Combat);
    state.relations = Default::default();
    state.relations.declare_war("france", "prussia");
    state.relations.declare_war("russia", "prussia");
    corps(&mut state, "fr-3", "france", "magdeburg", 12);
    corps(&mut state, "pr-1", "prussia", "magdeburg", 8);
    corps(&mut state, "ru-1", "russia", "magdeburg", 8);
    let next = run(&state, FRANCE, "battle magdeburg").unwrap_or_else(|e| panic!("{e}"));
    let battle = next.battle.as_ref().unwrap_or_else(|| panic!("no battle"));
    assert_eq!(battle.attackers, vec!["fr-3".to_string()]);
    assert_eq!(battle.defenders, vec!["pr-1".to_string()]);
    let gone = &next.corps["ru-1"].area;
    assert_ne!(gone, "magdeburg", "7.3.8.4: the Russians left");
    assert!(ctx().map.neighbours("magdeburg").iter().any(|b| b.to == *gone), "{gone} borders Magdeburg");
}

#[test]
fn r7_3_8_6_an_ally_not_at_war_with_every_defender_leaves_instead() {
    // Spain, France's ally, is not at war with Prussia: its corps does not join the attack.
    let mut state = bare();
    state.sequence.phase = Phase::Land(LandStep::Combat);
    state.relations = Default::default();
    state.relations.ally("france", "spain");
    state.relations.declare_war("france", "prussia");
    corps(&mut state, "fr-3", "france", "magdeburg", 12);
    corps(&mut state, "sp-1", "spain", "magdeburg", 6);
    corps(&mut state, "pr-1", "prussia", "magdeburg", 8);
    let applied = apply_command(ctx(), &state, FRANCE, &chit("battle magdeburg"), &mut ScriptedDice::new(&[]))
        .unwrap_or_else(|e| panic!("{e:?}"));
    let battle = applied.state.battle.as_ref().unwrap_or_else(|| panic!("no battle"));
    assert_eq!(battle.attackers, vec!["fr-3".to_string()]);
    assert!(!battle.defenders.contains(&"sp-1".to_string()));
    // Prussian land is neutral to Spain: it has nowhere to go, stays and takes no part.
    assert_eq!(applied.state.corps["sp-1"].area, "magdeburg");
    let told: Vec<&str> = applied.events.iter().map(|e| e.text.as_str()).collect();
    assert!(told.iter().any(|t| t.starts_with("7.3.8.6: Spain's sp-1 cannot leave")), "{told:?}");
}

#[test]
fn r7_5_2_1_reconstructed_a_chit_lost_with_a_replaced_player_is_assault_or_defend() {
    use grognard_engine::Ruleset;
    let state = at_combat();
    let battle = run(&state, FRANCE, "battle breisgau").unwrap_or_else(|e| panic!("{e}"));
    let eia = grognard_eia::Eia;
    let attacker = eia.lost_sealed_choice(&battle, FRANCE).expect("the attacker's fixed chit");
    let defender = eia.lost_sealed_choice(&battle, AUSTRIA).expect("the defender's fixed chit");
    assert_eq!(attacker, chit("chit assault"));
    assert_eq!(defender, chit("chit defend"));
    assert!(check_sealed(ctx(), &battle, FRANCE, &attacker).is_ok());
    assert!(check_sealed(ctx(), &battle, AUSTRIA, &defender).is_ok());
    assert!(eia.lost_sealed_choice(&state, FRANCE).is_none(), "no battle, no chit");
}
