//! Combined movement (4.9, 6.1.2, 7.1.2, 7.3.8): allies who name each other in secret move
//! in the place of the one moving last, taking the land steps in turn, and attack together.

use crate::support;

use grognard_eia::command::Command;
use grognard_eia::politics::PoliticalStep;
use grognard_eia::ruleset::{apply_sealed, check_sealed, pending};
use grognard_eia::sequence::{LandStep, Phase, Sequence};
use grognard_eia::state::State;
use grognard_eia::{Eia, Power};
use grognard_engine::{Pending, Ruleset, ScriptedDice, Seats, Setup};
use support::*;

/// The 1805 scenario with the political phase, one player a power, at the combined movement
/// step of September 1805 (nobody declared war).
fn at_combined_step() -> State {
    let eia = Eia;
    let info = eia.scenarios().into_iter().find(|s| s.id == "1805").unwrap_or_else(|| panic!("no 1805"));
    let seats = Seats::round_robin(&info.powers, 7).unwrap_or_else(|e| panic!("{e}"));
    let mut setup = Setup::scenario("1805");
    setup.options = vec!["political".into(), "open-corps".into()];
    let mut state = eia.setup(&setup, &seats).unwrap_or_else(|e| panic!("{e}"));
    state = seal(&state, &[]);
    end_until(state, |s| s.sequence.phase == Phase::Political(PoliticalStep::CombinedMovement))
}

/// The power asked ends its step until `reached` holds.
fn end_until(mut state: State, reached: impl Fn(&State) -> bool) -> State {
    for _ in 0..200 {
        if reached(&state) {
            return state;
        }
        let players = pending(ctx(), &state).players();
        let power = state.powers_of(players[0].0)[0];
        state = run(&state, power, "end", &[]).unwrap_or_else(|e| panic!("{e}"));
    }
    panic!("never reached: {}", state.sequence.phase)
}

fn in_land_phase(state: &State) -> bool {
    matches!(state.sequence.phase, Phase::Land(_))
}

/// Every player of the sealed step seals its text in `texts`, or `declare none` / `combine
/// none`.
fn seal(state: &State, texts: &[(Power, &str)]) -> State {
    try_seal(state, texts).unwrap_or_else(|e| panic!("{e}"))
}

fn try_seal(state: &State, texts: &[(Power, &str)]) -> Result<State, String> {
    let Pending::Sealed { players, step, .. } = pending(ctx(), state) else {
        panic!("sealed, not {:?}", pending(ctx(), state))
    };
    let none = if step.starts_with("combined") { "combine none" } else { "declare none" };
    let mut choices = Vec::new();
    for p in players {
        let text = texts.iter().find(|(power, _)| state.player_of(*power) == Some(p.0)).map_or(none, |t| t.1);
        let c = Command::parse(text).map_err(|e| e.to_string())?;
        check_sealed(ctx(), state, p, &c).map_err(|e| format!("{}|{}", e.rule, e.message))?;
        choices.push((p, c));
    }
    apply_sealed(ctx(), state, &choices, &mut ScriptedDice::new(&[])).map(|a| a.state).map_err(|e| format!("{e:?}"))
}

#[test]
fn r4_9_only_the_players_of_powers_with_allies_write_combined_movement_in_secret() {
    let state = at_combined_step();
    let Pending::Sealed { players, .. } = pending(ctx(), &state) else { panic!("sealed") };
    // 1805: France-Spain and Britain-Austria-Russia are allied; Prussia and Turkey are not.
    let mut powers: Vec<Power> = players.iter().map(|p| state.powers_of(p.0)[0]).collect();
    powers.sort();
    assert_eq!(powers, vec![Power::France, Power::Britain, Power::Spain, Power::Austria, Power::Russia]);
    // 4.9: only allies combine; a power does not combine with itself.
    let e = try_seal(&state, &[(Power::France, "combine with austria")]).err().unwrap_or_default();
    assert!(e.starts_with("4.9|") && e.contains("not allied"), "{e}");
    let e = try_seal(&state, &[(Power::France, "combine with france")]).err().unwrap_or_default();
    assert!(e.starts_with("4.9|"), "{e}");
    let e = try_seal(&state, &[(Power::France, "combine spain with france")]).err().unwrap_or_default();
    assert!(e.starts_with("4.9|") && e.contains("does not run Spain"), "{e}");
    // Not a command a power types in its turn: it is sealed.
    let e = run(&state, Power::France, "combine with spain", &[]).err().unwrap_or_default();
    assert!(e.starts_with("4.9|") || e.starts_with("3.1|"), "{e}");
}

#[test]
fn r4_9_allies_naming_each_other_move_in_the_place_of_the_last_and_take_the_land_steps_in_turn() {
    let state = at_combined_step();
    let next = seal(
        &state,
        &[
            (Power::Britain, "combine with austria russia"),
            (Power::Austria, "combine with britain russia"),
            (Power::Russia, "combine with austria britain"),
            (Power::France, "combine with spain"),
        ],
    );
    // Spain did not name France: France moves alone.
    assert_eq!(next.politics.combined, vec![vec![Power::Russia, Power::Austria, Power::Britain]]);
    assert!(
        !matches!(next.sequence.phase, Phase::Political(_)),
        "the political phase is over: {}",
        next.sequence.phase
    );
    // Run the month on to the land phase, everyone ending, and read its order (7.1.2): the
    // coalition moves in Britain's place, Russia, Austria, Britain.
    let s = end_until(next, in_land_phase);
    use Power::*;
    // 7.1: in the campaign rules France announces its place first: the coalition still moves
    // in Britain's place (7.1.2).
    let e = run(&s, France, "end", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.1|"), "{e}");
    let mut s = run(&s, France, "position 3", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.sequence.order, vec![Turkey, France, Prussia, Russia, Austria, Britain, Spain]);
    // Walk the coalition's sequence: every member's step before the next step.
    let mut seen = Vec::new();
    for _ in 0..200 {
        let Some(acting) = s.sequence.acting() else { break };
        if let Phase::Land(step) = s.sequence.phase {
            if [Russia, Austria, Britain].contains(&acting) {
                seen.push((acting, step));
            }
        } else {
            break;
        }
        s = match run(&s, acting, "end", &[1; 40]) {
            Ok(n) => n,
            Err(e) => panic!("{acting} end in {}: {e}", s.sequence.phase),
        };
    }
    let steps: Vec<(Power, LandStep)> = [LandStep::Depots, LandStep::Movement, LandStep::Supply, LandStep::Combat]
        .into_iter()
        .flat_map(|step| [Russia, Austria, Britain].map(|p| (p, step)))
        .collect();
    let walked: Vec<(Power, LandStep)> = seen.iter().copied().fold(Vec::new(), |mut v, x| {
        if v.last() != Some(&x) {
            v.push(x);
        }
        v
    });
    // Powers with nothing to do in a step are passed over (3.0): compare what was walked
    // with the full interleaving, in order.
    let mut expected = steps.iter();
    for w in &walked {
        assert!(expected.any(|e| e == w), "{w:?} out of order in {walked:?}");
    }
    assert!(walked.len() >= 6, "{walked:?}");
}

#[test]
fn r4_9_a_group_where_two_did_not_name_each_other_does_not_combine() {
    let state = at_combined_step();
    let next = seal(
        &state,
        &[
            (Power::Britain, "combine with austria"),
            (Power::Austria, "combine with britain russia"),
            (Power::Russia, "combine with austria"),
        ],
    );
    assert!(next.politics.combined.is_empty(), "{:?}", next.politics.combined);
}

/// October 1805 in `bare()`: France and Spain (allied, at war with Austria) combine their
/// movement; the land phase's movement step with France to move, Spain after it.
fn france_and_spain_combined() -> State {
    let mut state = bare();
    state.politics.combined = vec![vec![Power::France, Power::Spain]];
    let order = Sequence::order_of(Phase::Land(LandStep::Movement), &Power::ALL, 0);
    state.sequence.order = grognard_eia::politics::combined::arrange(&state, order);
    state.sequence.index = state.sequence.order.iter().position(|p| *p == Power::France).unwrap_or(0);
    corps(&mut state, "fr-1", "france", "alsace", 8);
    corps(&mut state, "sp-1", "spain", "karlsruhe", 6);
    corps(&mut state, "au-2", "austria", "breisgau", 10);
    state
}

#[test]
fn r7_3_8_2_combined_allies_move_one_after_the_other_and_attack_together() {
    let state = france_and_spain_combined();
    use Power::*;
    assert_eq!(state.sequence.order, vec![Russia, Turkey, Austria, Prussia, Britain, France, Spain]);
    let s = run(&state, France, "move fr-1 to breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    let s = run(&s, France, "end", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((s.sequence.acting(), s.sequence.phase), (Some(Spain), Phase::Land(LandStep::Movement)));
    let s = run(&s, Spain, "move sp-1 to breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.book.corps.contains_key("fr-1"), "4.9: the group's movement record is kept for its later steps");
    let s = run(&s, Spain, "end", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((s.sequence.acting(), s.sequence.phase), (Some(France), Phase::Land(LandStep::Supply)));
    // Past the supply steps (forage rolls as needed) to France's combat step.
    let mut s = s;
    for _ in 0..20 {
        if s.sequence.phase == Phase::Land(LandStep::Combat) {
            break;
        }
        let acting = s.sequence.acting().unwrap_or(France);
        s = run(&s, acting, "end", &[6; 20]).unwrap_or_else(|e| panic!("{acting}: {e}"));
    }
    assert_eq!(s.sequence.acting(), Some(France));
    let s = run(&s, France, "battle breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    let battle = s.battle.as_ref().unwrap_or_else(|| panic!("no battle"));
    assert_eq!(battle.attackers, vec!["fr-1".to_string(), "sp-1".into()], "7.3.8.5-7.3.8.6: Spain attacks beside");
    assert_eq!(battle.attacker, France);
}

#[test]
fn r7_3_8_5_a_later_ally_may_not_enter_an_attack_on_a_power_it_is_not_at_war_with() {
    let mut state = france_and_spain_combined();
    state.relations = Default::default();
    state.relations.ally("france", "spain");
    state.relations.declare_war("france", "austria");
    let s = run(&state, Power::France, "move fr-1 to breisgau", &[]).unwrap_or_else(|e| panic!("{e}"));
    let s = run(&s, Power::France, "end", &[]).unwrap_or_else(|e| panic!("{e}"));
    let e = run(&s, Power::Spain, "move sp-1 to breisgau", &[]).err().unwrap_or_default();
    assert!(e.starts_with("7.3.8.5|") && e.contains("Austria is not its enemy"), "{e}");
}

#[test]
fn r7_1_in_the_campaign_rules_france_announces_its_place_in_the_land_phase() {
    let s = seal(&at_combined_step(), &[]);
    let s = end_until(s, in_land_phase);
    let Pending::Choice { options, prompt, .. } = pending(ctx(), &s) else { panic!("France is asked") };
    assert!(prompt.contains("7.1"), "{prompt}");
    assert_eq!(options.len(), 7, "{options:?}");
    let e = run(&s, Power::Britain, "position 1", &[]).err().unwrap_or_default();
    assert!(e.starts_with("3.0|"), "only France announces: {e}");
    assert!(run(&s, Power::France, "position 8", &[]).is_err());
    let s = run(&s, Power::France, "position 7", &[]).unwrap_or_else(|e| panic!("{e}"));
    use Power::*;
    assert_eq!(s.sequence.order, vec![Russia, Turkey, Austria, Prussia, Britain, Spain, France]);
}
