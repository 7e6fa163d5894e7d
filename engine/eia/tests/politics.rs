//! The political phase (4.0, option `political`), played from the 1805 scenario with seven
//! players: declarations of war (4.2), calls to allies (4.3), peace (4.4), alliances (4.5),
//! minor country control (4.6), breaking alliances (4.7) and free states (4.8).

use crate::support;

use grognard_eia::command::Command;
use grognard_eia::politics::PoliticalStep;
use grognard_eia::ruleset::{apply_command, apply_sealed, check_sealed, pending};
use grognard_eia::sequence::Phase;
use grognard_eia::state::State;
use grognard_eia::{Eia, Power};
use grognard_engine::{ApplyError, Pending, PlayerId, Ruleset, ScriptedDice, Seats, Setup};
use support::ctx;

/// The 1805 scenario with the political phase, one player a power (`Power::ALL` order).
fn opening() -> State {
    let eia = Eia;
    let info = eia.scenarios().into_iter().find(|s| s.id == "1805").unwrap_or_else(|| panic!("no 1805"));
    let seats = Seats::round_robin(&info.powers, 7).unwrap_or_else(|e| panic!("{e}"));
    let mut setup = Setup::scenario("1805");
    setup.options = vec!["political".into(), "open-corps".into()];
    eia.setup(&setup, &seats).unwrap_or_else(|e| panic!("{e}"))
}

fn player(state: &State, power: Power) -> PlayerId {
    PlayerId(state.player_of(power).unwrap_or_else(|| panic!("{power} has no player")))
}

fn political(state: &State) -> i32 {
    state.powers.values().map(|p| p.political).sum()
}

fn points(state: &State, power: Power) -> i32 {
    state.powers[&power].political
}

/// Every player seals `declare none` but those given; the declarations are revealed with
/// these dice faces.
fn declare(state: &State, texts: &[(Power, &str)], faces: &[u32]) -> Result<State, String> {
    let Pending::Sealed { players, step, .. } = pending(ctx(), state) else {
        panic!("declarations are sealed, not {:?}", pending(ctx(), state))
    };
    assert_eq!(step, format!("declarations-{}", state.date.id()));
    let mut choices = Vec::new();
    for p in players {
        let text = texts.iter().find(|(power, _)| state.player_of(*power) == Some(p.0)).map_or("declare none", |t| t.1);
        let c = Command::parse(text).map_err(|e| e.to_string())?;
        check_sealed(ctx(), state, p, &c).map_err(|e| format!("{}|{}", e.rule, e.message))?;
        choices.push((p, c));
    }
    let mut dice = ScriptedDice::new(faces);
    match apply_sealed(ctx(), state, &choices, &mut dice) {
        Ok(a) => Ok(a.state),
        Err(ApplyError::Rule(e)) => Err(format!("{}|{}", e.rule, e.message)),
        Err(ApplyError::NeedDice) => Err("dice|".into()),
    }
}

fn run(state: &State, power: Power, text: &str, faces: &[u32]) -> Result<State, String> {
    let command = Command::parse(text).map_err(|e| e.to_string())?;
    let mut dice = ScriptedDice::new(faces);
    match apply_command(ctx(), state, player(state, power), &command, &mut dice) {
        Ok(a) => Ok(a.state),
        Err(ApplyError::Rule(e)) => Err(format!("{}|{}", e.rule, e.message)),
        Err(ApplyError::NeedDice) => Err("dice|".into()),
    }
}

fn ok(state: &State, power: Power, text: &str) -> State {
    run(state, power, text, &[]).unwrap_or_else(|e| panic!("{power} `{text}`: {e}"))
}

fn refused(result: Result<State, String>) -> String {
    match result {
        Ok(_) => panic!("accepted"),
        Err(e) => e,
    }
}

fn step(state: &State) -> PoliticalStep {
    match state.sequence.phase {
        Phase::Political(s) => s,
        other => panic!("not in the political phase: {other}"),
    }
}

/// The power whose command or answer the phase waits for.
fn waiting(state: &State) -> Power {
    let p = pending(ctx(), state).players();
    assert_eq!(p.len(), 1, "{:?}", pending(ctx(), state));
    state.powers_of(p[0].0)[0]
}

/// Every power ends its turns of the political phase until `until` (or the phase ends); no
/// power combines its movement (4.9).
fn end_until(mut state: State, until: PoliticalStep) -> State {
    for _ in 0..100 {
        match state.sequence.phase {
            Phase::Political(s) if s == until => return state,
            Phase::Political(PoliticalStep::CombinedMovement) => {
                state = combine(&state, &[]);
                continue;
            }
            Phase::Political(_) => {}
            _ => return state,
        }
        let power = waiting(&state);
        state = ok(&state, power, "end");
    }
    panic!("the phase never reached {until:?}")
}

/// Every player seals `combine none` but those given (4.9).
fn combine(state: &State, texts: &[(Power, &str)]) -> State {
    let Pending::Sealed { players, step, .. } = pending(ctx(), state) else {
        panic!("combined movement is sealed, not {:?}", pending(ctx(), state))
    };
    assert_eq!(step, format!("combined-movement-{}", state.date.id()));
    let mut choices = Vec::new();
    for p in players {
        let text = texts.iter().find(|(power, _)| state.player_of(*power) == Some(p.0)).map_or("combine none", |t| t.1);
        let c = Command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        check_sealed(ctx(), state, p, &c).unwrap_or_else(|e| panic!("{text}: {e}"));
        choices.push((p, c));
    }
    apply_sealed(ctx(), state, &choices, &mut ScriptedDice::new(&[])).unwrap_or_else(|e| panic!("{e:?}")).state
}

#[test]
fn r4_2_the_phase_opens_every_month_with_declarations_sealed_by_every_player() {
    let state = opening();
    assert_eq!(step(&state), PoliticalStep::Declarations);
    let Pending::Sealed { players, .. } = pending(ctx(), &state) else { panic!("sealed") };
    assert_eq!(players.len(), 7);
    // Nobody declares: the month goes through the political steps with nothing to do.
    let next = declare(&state, &[], &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(step(&next), PoliticalStep::Peace, "no declarations: nobody calls allies");
    let after = end_until(next, PoliticalStep::Declarations);
    assert!(!matches!(after.sequence.phase, Phase::Political(_)), "{}", after.sequence.phase);
    assert_eq!(political(&after), 0);
    assert!(after.politics.round.is_none());
}

#[test]
fn r4_2_1_1_declaring_war_on_a_major_power_costs_three_and_on_an_ally_two_more() {
    let state = opening();
    let next = declare(&state, &[(Power::Prussia, "declare on france"), (Power::Spain, "declare on france")], &[6, 1])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(points(&next, Power::Prussia), -3);
    assert_eq!(points(&next, Power::Spain), -5, "Spain was France's ally");
    assert!(next.relations.at_war("prussia", "france") && next.relations.at_war("spain", "france"));
    assert!(!next.relations.allied("spain", "france"));
    assert_eq!(next.politics.last_broken(Power::Spain, Power::France), Some(next.date));
}

#[test]
fn r4_2_3_a_declaration_on_a_major_power_is_one_on_its_minors_never_on_them_alone() {
    let state = opening();
    let e = refused(declare(&state, &[(Power::Prussia, "declare on bavaria")], &[]));
    assert!(e.starts_with("4.2.3|"), "{e}");
    let next = declare(&state, &[(Power::Prussia, "declare on france")], &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(next.enemy_of(Power::Prussia, "bavaria"), "Bavaria, run by France, is Prussia's enemy");
}

#[test]
fn r4_2_2_1_no_declaration_on_a_power_whose_territory_holds_one_s_forces() {
    let mut state = opening();
    let some_corps = state.corps.iter().find(|(_, c)| c.nation == "prussia").map(|(id, _)| id.clone());
    let id = some_corps.unwrap_or_else(|| panic!("a Prussian corps"));
    if let Some(c) = state.corps.get_mut(&id) {
        c.area = "dresden".into();
    }
    let e = refused(declare(&state, &[(Power::Prussia, "declare on saxony")], &[]));
    assert!(e.starts_with("4.2.2.1|"), "{e}");
}

#[test]
fn r4_2_2_2_invaded_and_at_war_no_new_war_on_a_major_power() {
    let mut state = opening();
    let french = state.corps.iter().find(|(_, c)| c.nation == "france").map(|(id, _)| id.clone());
    let id = french.unwrap_or_else(|| panic!("a French corps"));
    let vienna_area = "vienna";
    if let Some(c) = state.corps.get_mut(&id) {
        c.area = vienna_area.into();
        c.in_city = false;
    }
    let e = refused(declare(&state, &[(Power::Austria, "declare on turkey")], &[]));
    assert!(e.starts_with("4.2.2.2|"), "{e}");
}

#[test]
fn r4_2_2_3_no_war_on_a_minor_country_one_cannot_enter() {
    let state = opening();
    let e = refused(declare(&state, &[(Power::Turkey, "declare on portugal")], &[]));
    assert!(e.starts_with("4.2.2.3|"), "{e}");
}

#[test]
fn r4_3_the_defender_calls_first_and_an_ally_who_answers_goes_to_war() {
    let state = opening();
    let next = declare(&state, &[(Power::Prussia, "declare on france")], &[]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(step(&next), PoliticalStep::CallToAllies);
    assert_eq!(waiting(&next), Power::France, "the defender calls first (4.3.1.1)");
    // 4.3.1.1: Prussia, the aggressor, may call only against a defender who called.
    let e = refused(run(&next, Power::France, "call britain against prussia", &[]));
    assert!(e.starts_with("4.3|"), "Britain is no ally of France: {e}");
    let called = ok(&next, Power::France, "call spain against prussia");
    assert_eq!(waiting(&called), Power::Spain);
    let Pending::Choice { options, .. } = pending(ctx(), &called) else { panic!("a question") };
    assert_eq!(options, ["answer call", "refuse call"]);
    let answered = ok(&called, Power::Spain, "answer call");
    assert!(answered.relations.at_war("spain", "prussia"));
    assert_eq!(points(&answered, Power::Spain), 0, "R4.3.2: answering a call costs nothing");
    let done = ok(&answered, Power::France, "end");
    assert_eq!(waiting(&done), Power::Prussia, "then the aggressor, whose defender called");
}

#[test]
fn r4_3_1_3_an_ally_who_refuses_breaks_the_alliance_and_the_aggressor_loses_too() {
    let state = opening();
    // Austria declares war on Prussia; Prussia has no allies; Austria may call Russia only
    // once Prussia called: it did not, so Austria calls nobody.
    let next = declare(&state, &[(Power::Austria, "declare on prussia")], &[]).unwrap_or_else(|e| panic!("{e}"));
    let next = ok(&next, Power::Prussia, "end");
    assert_eq!(waiting(&next), Power::Austria);
    let e = refused(run(&next, Power::Austria, "call russia against prussia", &[]));
    assert!(e.starts_with("4.3.1.1|"), "{e}");
    // France declares on Turkey: Turkey calls nobody; France's call then: also refused.
    // A defender's ally refusing: only the ally loses.
    let state = opening();
    let next = declare(&state, &[(Power::Prussia, "declare on france")], &[]).unwrap_or_else(|e| panic!("{e}"));
    let called = ok(&next, Power::France, "call spain against prussia");
    let refused_call = ok(&called, Power::Spain, "refuse call");
    assert_eq!(points(&refused_call, Power::Spain), -2);
    assert_eq!(points(&refused_call, Power::France), 0, "France defended");
    assert!(!refused_call.relations.allied("spain", "france"));
    // An aggressor's ally refusing: both lose two.
    let done = ok(&refused_call, Power::France, "end");
    let mut aggressor = done.clone();
    aggressor.relations.ally("prussia", "turkey");
    let calls = ok(&aggressor, Power::Prussia, "call turkey against france");
    let refusal = ok(&calls, Power::Turkey, "refuse call");
    assert_eq!(points(&refusal, Power::Turkey), -2);
    assert_eq!(points(&refusal, Power::Prussia), -3 - 2);
}

#[test]
fn r4_3_1_2_powers_declaring_on_each_other_call_nobody() {
    let state = opening();
    let next =
        declare(&state, &[(Power::Prussia, "declare on turkey"), (Power::Turkey, "declare on prussia")], &[3, 5])
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(step(&next), PoliticalStep::Peace, "no caller: both are aggressors");
}

#[test]
fn r4_3_callers_are_ordered_by_competitive_rolls_defenders_first() {
    let state = opening();
    // Prussia declares on Turkey and Russia... Russia is at war already with France only.
    let next = declare(
        &state,
        &[(Power::Prussia, "declare on turkey russia")],
        // Defenders Russia and Turkey roll (Russia comes first in the order of 4.6.3.2):
        // Russia 2, Turkey 5: Turkey calls first.
        &[2, 5],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let order: Vec<Power> = next.politics.round.as_ref().map(|r| r.callers.iter().map(|c| c.power).collect()).unwrap();
    assert_eq!(order, [Power::Turkey, Power::Russia, Power::Prussia]);
    let tie = declare(&state, &[(Power::Prussia, "declare on turkey russia")], &[4, 4, 1, 6]).unwrap();
    let order: Vec<Power> = tie.politics.round.as_ref().map(|r| r.callers.iter().map(|c| c.power).collect()).unwrap();
    assert_eq!(order, [Power::Turkey, Power::Russia, Power::Prussia], "a tie is rolled again");
}

/// France at war with Prussia (declared this month), in the peace step.
fn prussia_at_war() -> State {
    let state = opening();
    let next = declare(&state, &[(Power::Prussia, "declare on france")], &[]).unwrap_or_else(|e| panic!("{e}"));
    end_until(next, PoliticalStep::Peace)
}

#[test]
fn r4_4_2_3_1_a_conditional_surrender_is_plus_three_minus_five() {
    let state = prussia_at_war();
    assert_eq!(waiting(&state), Power::France);
    let state = ok(&state, Power::France, "end");
    let state = end_until_power(state, Power::Prussia);
    let sued = ok(&state, Power::Prussia, "sue for peace to france");
    assert_eq!(waiting(&sued), Power::France);
    let offered = ok(&sued, Power::France, "offer conditional peace");
    assert_eq!(points(&offered, Power::France), 3);
    assert_eq!(points(&offered, Power::Prussia), -3 - 5);
    // 4.4.3: the loser picks one term of list A, the victor up to two of list B.
    assert_eq!(waiting(&offered), Power::Prussia);
    let picked = ok(&offered, Power::Prussia, "term A.3");
    assert_eq!(waiting(&picked), Power::France);
    let e = refused(run(&picked, Power::France, "term B.2", &[]));
    assert!(e.starts_with("4.4.3|"), "A.3 cancels B.2: {e}");
    let e = refused(run(&picked, Power::France, "term C.1", &[]));
    assert!(e.starts_with("4.4.3|"), "no list C term in a conditional peace: {e}");
    let one = ok(&picked, Power::France, "term B.3");
    let done = ok(&one, Power::France, "no more terms");
    assert!(!done.relations.at_war("prussia", "france"));
    let terms: Vec<&str> = done.politics.terms.iter().map(|t| t.term.as_str()).collect();
    assert_eq!(terms, ["B.3"]);
    // 4.4.6.3: eighteen months of enforced peace both ways.
    let until = done.politics.enforced_peace(Power::Prussia, Power::France, done.date);
    assert_eq!(until.map(|m| m.id()), Some("1807-03".to_string()));
}

/// End turns until `power` is to act.
fn end_until_power(mut state: State, power: Power) -> State {
    for _ in 0..20 {
        if waiting(&state) == power {
            return state;
        }
        let p = waiting(&state);
        state = ok(&state, p, "end");
    }
    panic!("{power} never acted")
}

#[test]
fn r4_4_2_3_2_an_unconditional_surrender_is_plus_five_minus_eight_and_lengthens_the_peace() {
    let state = end_until_power(prussia_at_war(), Power::Prussia);
    let sued = ok(&state, Power::Prussia, "sue for peace to france");
    let offered = ok(&sued, Power::France, "offer unconditional peace");
    assert_eq!(waiting(&offered), Power::Prussia);
    let accepted = ok(&offered, Power::Prussia, "accept unconditional peace");
    assert_eq!(points(&accepted, Power::France), 5);
    assert_eq!(points(&accepted, Power::Prussia), -3 - 8);
    let t1 = ok(&accepted, Power::France, "term C.2");
    let t2 = ok(&t1, Power::France, "term B.3");
    let e = refused(run(&t2, Power::France, "term B.2", &[]));
    assert!(e.starts_with("4.4.4|") || e.starts_with("4.4.5.3|"), "C.2 precludes B.2: {e}");
    let t3 = ok(&t2, Power::France, "term B.6");
    assert!(!t3.relations.at_war("prussia", "france"), "three terms: the peace is made");
    let loser = t3.politics.enforced_peace(Power::Prussia, Power::France, t3.date).map(|m| m.id());
    let victor = t3.politics.enforced_peace(Power::France, Power::Prussia, t3.date).map(|m| m.id());
    assert_eq!(victor, Some("1807-03".to_string()));
    assert!(loser > victor, "C.2 lengthens the loser's enforced peace: {loser:?}");
}

#[test]
fn r4_4_2_2_a_refused_unconditional_peace_leaves_the_war() {
    let state = end_until_power(prussia_at_war(), Power::Prussia);
    let sued = ok(&state, Power::Prussia, "sue for peace to france");
    let offered = ok(&sued, Power::France, "offer unconditional peace");
    let refused_peace = ok(&offered, Power::Prussia, "refuse unconditional peace");
    assert!(refused_peace.relations.at_war("prussia", "france"));
    assert_eq!(points(&refused_peace, Power::France), 0);
    assert_eq!(points(&refused_peace, Power::Prussia), -3);
}

#[test]
fn r4_4_5_a_power_surrendering_to_several_at_once_loses_once() {
    // Prussia at war with France and Spain (Spain answered France's call).
    let state = opening();
    let next = declare(&state, &[(Power::Prussia, "declare on france")], &[]).unwrap();
    let next = ok(&next, Power::France, "call spain against prussia");
    let next = ok(&next, Power::Spain, "answer call");
    let next = end_until(next, PoliticalStep::Peace);
    let state = end_until_power(next, Power::Prussia);
    // 4.4.2.1: neither has forces in Prussia: Prussia must sue both at once.
    let e = refused(run(&state, Power::Prussia, "sue for peace to france", &[]));
    assert!(e.starts_with("4.4.2.1|"), "{e}");
    let sued = ok(&state, Power::Prussia, "sue for peace to spain france");
    // 4.4.5.2: France went to war first (Spain by a call, after it): France offers first.
    assert_eq!(waiting(&sued), Power::France);
    let a = ok(&sued, Power::France, "offer conditional peace");
    let b = ok(&a, Power::Spain, "offer unconditional peace");
    let c = ok(&b, Power::Prussia, "accept unconditional peace");
    assert_eq!(points(&c, Power::France), 3);
    assert_eq!(points(&c, Power::Spain), 5);
    assert_eq!(points(&c, Power::Prussia), -3 - 8, "one loss, the larger (4.4.5)");
}

#[test]
fn r4_4_1_an_informal_peace_costs_nothing_and_enforces_nothing() {
    let state = prussia_at_war();
    let state = end_until_power(state, Power::Prussia);
    let proposed = ok(&state, Power::Prussia, "propose informal peace with france");
    assert_eq!(waiting(&proposed), Power::France);
    let made = ok(&proposed, Power::France, "accept proposal");
    assert!(!made.relations.at_war("prussia", "france"));
    assert_eq!(made.politics.enforced_peace(Power::Prussia, Power::France, made.date), None);
    assert_eq!(points(&made, Power::France), 0);
}

#[test]
fn r4_5_alliances_gain_points_and_obey_4_5_1_to_4_5_3() {
    let state = end_until(prussia_at_war(), PoliticalStep::Alliances);
    let state = end_until_power(state, Power::Prussia);
    let e = refused(run(&state, Power::Prussia, "propose alliance with france", &[]));
    assert!(e.starts_with("4.5.2|"), "{e}");
    let proposed = ok(&state, Power::Prussia, "propose alliance with turkey");
    let allied = ok(&proposed, Power::Turkey, "accept proposal");
    assert!(allied.relations.allied("prussia", "turkey"));
    let gain = ctx().politics.points(grognard_eia::data::politics::Points::Alliance);
    assert_eq!(points(&allied, Power::Turkey), gain);
    let again = refused(run(&allied, Power::Prussia, "propose alliance with turkey", &[]));
    assert!(again.starts_with("4.5.1|") || again.starts_with("4.5|"), "{again}");
    // 4.7 then 4.5.3: broken this month, no new alliance for twelve months.
    let broken_state = end_until(allied, PoliticalStep::BreakingAlliances);
    let broken_state = end_until_power(broken_state, Power::Prussia);
    let broke = ok(&broken_state, Power::Prussia, "break alliance with turkey");
    assert_eq!(points(&broke, Power::Prussia), -3 + gain - 2);
    assert_eq!(broke.politics.last_broken(Power::Prussia, Power::Turkey), Some(broke.date));
}

#[test]
fn r4_6_a_minor_country_declared_upon_gets_a_controller_by_modified_rolls() {
    let state = opening();
    let next = declare(&state, &[(Power::Austria, "declare on switzerland")], &[]).unwrap();
    let mut s = end_until(next, PoliticalStep::MinorControl);
    assert_eq!(step(&s), PoliticalStep::MinorControl);
    // Every eligible power is asked in the order of 4.6.3.2: France first.
    let mut asked = Vec::new();
    for _ in 0..10 {
        let Pending::Choice { .. } = pending(ctx(), &s) else { break };
        let p = waiting(&s);
        asked.push(p);
        let seek = matches!(p, Power::France | Power::Prussia);
        let text = if seek { "seek control of switzerland" } else { "decline control of switzerland" };
        match run(&s, p, text, &[]) {
            Ok(n) => s = n,
            Err(e) if e.starts_with("dice|") => {
                // The last answer rolls: France 3, Prussia 3 (modifiers decide).
                s = run(&s, p, text, &[3, 3, 6, 1, 6, 1]).unwrap_or_else(|e| panic!("{e}"));
                break;
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert!(!asked.contains(&Power::Austria), "Austria, at war with it, is not eligible");
    assert_eq!(asked[0], Power::France);
    let controller = s.minors["switzerland"].controller.unwrap_or_else(|| panic!("somebody runs it"));
    assert!(matches!(controller, Power::France | Power::Prussia));
    // 4.6.3.1 and 4.2.1.2: one district: the controller gains one, Austria loses one.
    assert_eq!(points(&s, controller), 1);
    assert_eq!(points(&s, Power::Austria), -1);
}

#[test]
fn r4_2_1_2_nobody_runs_it_nobody_loses_points() {
    let state = opening();
    let next = declare(&state, &[(Power::Austria, "declare on switzerland")], &[]).unwrap();
    let mut s = end_until(next, PoliticalStep::MinorControl);
    while let Pending::Choice { .. } = pending(ctx(), &s) {
        let p = waiting(&s);
        s = ok(&s, p, "decline control of switzerland");
    }
    assert_eq!(s.minors["switzerland"].controller, None);
    assert_eq!(points(&s, Power::Austria), 0);
    assert!(s.relations.at_war("austria", "switzerland"));
}

#[test]
fn r4_8_a_conquered_minor_becomes_a_free_state_once() {
    // Holland conquered by France, its forces off the map: it has corps counters, so France
    // may make it a free state; Hanover has none.
    let mut opening = opening();
    if let Some(m) = opening.minors.get_mut("holland") {
        m.free_state = false;
    }
    opening.corps.retain(|_, c| c.nation != "holland");
    let state = declare(&opening, &[], &[]).unwrap_or_else(|e| panic!("{e}"));
    let state = end_until(state, PoliticalStep::FreeStates);
    assert_eq!(step(&state), PoliticalStep::FreeStates);
    let state = end_until_power(state, Power::France);
    let s = ok(&state, Power::France, "free state holland");
    assert!(s.minors["holland"].free_state);
    // Once only: a free state already is refused (here with France's turn kept open).
    let mut free = state.clone();
    if let Some(m) = free.minors.get_mut("holland") {
        m.free_state = true;
    }
    let again = refused(run(&free, Power::France, "free state holland", &[]));
    assert!(again.starts_with("4.8|"), "{again}");
    let e = refused(run(&state, Power::France, "free state hanover", &[]));
    assert!(e.starts_with("4.8|"), "Hanover has no corps counters: {e}");
    let e = refused(run(&state, Power::France, "free state bavaria", &[]));
    assert!(e.starts_with("4.8|"), "Bavaria is a free state already: {e}");
}

#[test]
fn r3_0_a_power_with_nothing_to_do_in_its_turn_of_a_political_step_is_passed_over() {
    // 1805: no conquered minor country with corps counters: nobody has a free state to
    // declare, and the step passes with no `end` from anyone.
    let state = declare(&opening(), &[], &[]).unwrap_or_else(|e| panic!("{e}"));
    let state = end_until(state, PoliticalStep::FreeStates);
    assert_ne!(state.sequence.phase, Phase::Political(PoliticalStep::FreeStates));
}

/// Every eligible power answers the control question: those in `seeking` seek it.
fn answer_control(mut s: State, minor: &str, seeking: &[Power], faces: &[u32]) -> State {
    for _ in 0..10 {
        let Pending::Choice { prompt, .. } = pending(ctx(), &s) else { break };
        if !prompt.contains("seek to run") {
            break;
        }
        let p = waiting(&s);
        let verb = if seeking.contains(&p) { "seek" } else { "decline" };
        let text = format!("{verb} control of {minor}");
        s = match run(&s, p, &text, &[]) {
            Ok(n) => n,
            Err(e) if e.starts_with("dice|") => run(&s, p, &text, faces).unwrap_or_else(|e| panic!("{e}")),
            Err(e) => panic!("{e}"),
        };
    }
    s
}

fn seal_backdowns(state: &State, choices: &[(Power, &str)]) -> State {
    let Pending::Sealed { players, step, .. } = pending(ctx(), state) else {
        panic!("a sealed back-down, not {:?}", pending(ctx(), state))
    };
    assert!(step.starts_with("back-down-"), "{step}");
    let sealed: Vec<(PlayerId, Command)> = players
        .iter()
        .map(|p| {
            let text =
                choices.iter().find(|(power, _)| state.player_of(*power) == Some(p.0)).map_or("remain at war", |c| c.1);
            let c = Command::parse(text).unwrap_or_else(|e| panic!("{e}"));
            check_sealed(ctx(), state, *p, &c).unwrap_or_else(|e| panic!("{e}"));
            (*p, c)
        })
        .collect();
    apply_sealed(ctx(), state, &sealed, &mut ScriptedDice::new(&[])).unwrap_or_else(|e| panic!("{e}")).state
}

#[test]
fn r4_6_4_2_declarers_who_stay_go_to_war_with_each_other_and_4_6_5_the_controller_may_join() {
    let state = opening();
    let next = declare(&state, &[(Power::Austria, "declare on saxony"), (Power::Prussia, "declare on saxony")], &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let s = end_until(next, PoliticalStep::MinorControl);
    let s = answer_control(s, "saxony", &[Power::France], &[]);
    assert_eq!(s.minors["saxony"].controller, Some(Power::France), "France alone sought it");
    let (austria, prussia) = (points(&s, Power::Austria), points(&s, Power::Prussia));
    assert_eq!((austria, prussia), (-1, -1), "4.2.1.2: one district each");
    // 4.6.4: both remain at war: forced to declare war on each other (4.6.4.2), one
    // declaration's points each.
    let s = seal_backdowns(&s, &[]);
    assert!(s.relations.at_war("austria", "prussia"));
    assert_eq!((points(&s, Power::Austria), points(&s, Power::Prussia)), (-4, -4));
    // 4.6.5: France, at war with Austria already, may declare war on Prussia alone.
    assert_eq!(waiting(&s), Power::France);
    let Pending::Choice { options, .. } = pending(ctx(), &s) else { panic!("a question") };
    assert_eq!(options, ["support none", "support against prussia"]);
    let before = points(&s, Power::France);
    let s = ok(&s, Power::France, "support against prussia");
    assert!(s.relations.at_war("france", "prussia"));
    assert_eq!(points(&s, Power::France), before - 3, "4.6.5.1");
}

#[test]
fn r4_6_4_a_declarer_who_backs_down_keeps_its_losses_and_4_6_4_1_control_stands() {
    let state = opening();
    let next = declare(&state, &[(Power::Austria, "declare on saxony"), (Power::Prussia, "declare on saxony")], &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let s = end_until(next, PoliticalStep::MinorControl);
    let s = answer_control(s, "saxony", &[Power::Russia], &[]);
    let s = seal_backdowns(&s, &[(Power::Prussia, "back down")]);
    assert!(!s.relations.at_war("prussia", "saxony"));
    assert!(s.relations.at_war("austria", "saxony"));
    assert!(!s.relations.at_war("austria", "prussia"), "nobody else stayed: no forced war");
    assert_eq!(points(&s, Power::Prussia), -1, "4.6.4: the declaration's points stay lost");
    assert_eq!(s.minors["saxony"].controller, Some(Power::Russia));
}

#[test]
fn r4_6_6_a_war_on_a_minor_with_no_aggressor_corps_inside_lapses_in_a_later_peace_step() {
    let mut state = opening();
    state.relations.declare_war("austria", "switzerland");
    state.politics.round = Some(Default::default());
    let mut log = Vec::new();
    grognard_eia::politics::minor_control::lapse(ctx(), &mut state, &mut log);
    assert!(!state.relations.at_war("austria", "switzerland"));
    assert!(log.iter().any(|e| e.data["kind"] == "lapse"));
    // Declared this month: no lapse yet (R4.6.6).
    let mut fresh = opening();
    fresh.relations.declare_war("austria", "switzerland");
    let mut round = grognard_eia::politics::Round::default();
    round.declared.push(grognard_eia::politics::Declared { by: Power::Austria, on: "switzerland".into() });
    fresh.politics.round = Some(round);
    grognard_eia::politics::minor_control::lapse(ctx(), &mut fresh, &mut Vec::new());
    assert!(fresh.relations.at_war("austria", "switzerland"));
}

/// Prussia, at war with France, sues it; France offers an unconditional peace, accepted.
fn prussia_surrenders_unconditionally() -> State {
    let state = end_until_power(prussia_at_war(), Power::Prussia);
    let sued = ok(&state, Power::Prussia, "sue for peace to france");
    let offered = ok(&sued, Power::France, "offer unconditional peace");
    ok(&offered, Power::Prussia, "accept unconditional peace")
}

#[test]
fn r4_4_4_ceding_by_c4_takes_provinces_and_4_4_8_the_capital_s_last() {
    let s = prussia_surrenders_unconditionally();
    let s = ok(&s, Power::France, "term C.4");
    let s = ok(&s, Power::France, "no more terms");
    // The victor names what it takes, up to three.
    assert_eq!(waiting(&s), Power::France);
    let Pending::Choice { options, .. } = pending(ctx(), &s) else { panic!("a question") };
    assert!(options.contains(&"cede silesia".to_string()), "{options:?}");
    assert!(!options.contains(&"cede brandenburg".to_string()), "Berlin's province last (4.4.8): {options:?}");
    let e = refused(run(&s, Power::France, "cede brandenburg", &[]));
    assert!(e.starts_with("4.4.8|"), "{e}");
    let s = ok(&s, Power::France, "cede silesia");
    assert_eq!(s.area_controller(ctx(), "breslau"), Some("france"));
    let s = ok(&s, Power::France, "cede ansbach");
    let s = ok(&s, Power::France, "no more ceding");
    assert!(!s.relations.at_war("france", "prussia"));
    // 4.4.6.2: Prussian forces in the ceded provinces went home.
    let breslau = &s.corps["pr-2"].area;
    assert_ne!(breslau, "breslau", "pr-2 left Silesia, now French");
    assert!(s.in_territory(ctx(), Power::Prussia, breslau), "{breslau}");
    assert!(grognard_eia::invariants::broken(ctx(), &s).is_empty());
}

#[test]
fn r4_4_8_ceding_the_capital_s_province_is_a_final_peace() {
    let mut s = prussia_surrenders_unconditionally();
    // Prussia holds only Brandenburg: every other home province is French already.
    for p in ["pomerania", "east-prussia", "west-prussia", "silesia", "posen", "masovia", "westphalia", "ansbach"] {
        for a in ctx().map.areas_of_province(p) {
            s.occupied.insert(a.id.clone(), "france".into());
        }
    }
    let s = ok(&s, Power::France, "term C.4");
    let s = ok(&s, Power::France, "no more terms");
    let s = ok(&s, Power::France, "cede brandenburg");
    assert!(s.politics.out.contains(&Power::Prussia));
    assert!(s.corps.values().all(|c| c.nation != "prussia"), "every Prussian force leaves the map for good");
    assert!(!s.relations.wars.iter().any(|(a, b)| a == "prussia" || b == "prussia"));
}

#[test]
fn r4_4_4_corps_removed_by_c1_are_picked_at_random_but_never_the_guard() {
    let s = prussia_surrenders_unconditionally();
    let s = ok(&s, Power::France, "term C.1");
    let before: Vec<String> = s.corps.iter().filter(|(_, c)| c.nation == "prussia").map(|(id, _)| id.clone()).collect();
    assert_eq!(before.len(), 7);
    // C.1: six corps or all but the Guard, whichever is fewer: six of the seven; the dice
    // pick among those left each time.
    let done = run(&s, Power::France, "no more terms", &[1, 1, 1, 1, 1]).unwrap_or_else(|e| panic!("{e}"));
    let left: Vec<&String> = done.corps.iter().filter(|(_, c)| c.nation == "prussia").map(|(id, _)| id).collect();
    assert_eq!(left, ["pr-guard"]);
    assert!(
        refused(run(&s, Power::France, "no more terms", &[1])).starts_with("dice|"),
        "five rolls: one a corps left"
    );
}

#[test]
fn r4_4_6_2_c5_leaves_the_victor_s_forces_where_they_are() {
    let mut s = prussia_surrenders_unconditionally();
    let id = s.corps.iter().find(|(_, c)| c.nation == "france").map(|(id, _)| id.clone()).unwrap();
    if let Some(c) = s.corps.get_mut(&id) {
        c.area = "stettin".into();
        c.in_city = false;
    }
    let with_access = ok(&ok(&s, Power::France, "term C.5"), Power::France, "no more terms");
    assert_eq!(with_access.corps[&id].area, "stettin");
    let without = ok(&ok(&s, Power::France, "term B.3"), Power::France, "no more terms");
    assert_ne!(without.corps[&id].area, "stettin", "4.4.6.2: repatriated");
}

#[test]
fn r4_4_7_an_ally_still_at_war_may_demand_the_separate_peacemaker_break_the_alliance() {
    // Prussia at war with France and Spain (called by France); a French corps in Prussia's
    // home nation lets Prussia sue France alone (4.4.2.1).
    let state = opening();
    let next = declare(&state, &[(Power::Prussia, "declare on france")], &[]).unwrap();
    let next = ok(&next, Power::France, "call spain against prussia");
    let mut next = end_until(ok(&next, Power::Spain, "answer call"), PoliticalStep::Peace);
    let id = next.corps.iter().find(|(_, c)| c.nation == "france").map(|(id, _)| id.clone()).unwrap();
    if let Some(c) = next.corps.get_mut(&id) {
        c.area = "stettin".into();
        c.in_city = false;
    }
    let state = end_until_power(next, Power::Prussia);
    let sued = ok(&state, Power::Prussia, "sue for peace to france");
    let offered = ok(&sued, Power::France, "offer conditional peace");
    let picked = ok(&offered, Power::Prussia, "term A.1");
    let made = ok(&picked, Power::France, "no more terms");
    assert!(!made.relations.at_war("prussia", "france") && made.relations.at_war("prussia", "spain"));
    // Spain, France's ally, fights Prussia on: it may demand France break their alliance.
    assert_eq!(waiting(&made), Power::Spain);
    let Pending::Choice { options, .. } = pending(ctx(), &made) else { panic!("a question") };
    assert_eq!(options, ["demand alliance broken", "accept separate peace"]);
    let before = points(&made, Power::France);
    let demanded = ok(&made, Power::Spain, "demand alliance broken");
    assert!(!demanded.relations.allied("france", "spain"));
    assert_eq!(points(&demanded, Power::France), before - 2, "France breaks it and pays");
    let kept = ok(&made, Power::Spain, "accept separate peace");
    assert!(kept.relations.allied("france", "spain"));
}

#[test]
fn r4_6_1_a_minor_run_by_a_power_in_fiasco_may_turn_neutral() {
    let mut state = declare(&opening(), &[], &[]).unwrap_or_else(|e| panic!("{e}"));
    state.politics.status.insert(Power::France, 2);
    let state = end_until(state, PoliticalStep::Alliances);
    // The last power to end the creating alliances step starts the minor country control
    // step: France's free states roll, one die each in the order of their ids.
    let mut s = state;
    loop {
        let p = waiting(&s);
        match run(&s, p, "end", &[]) {
            Ok(n) => s = n,
            Err(e) if e.starts_with("dice|") => break,
            Err(e) => panic!("{e}"),
        }
    }
    let free: Vec<String> = s
        .minors
        .iter()
        .filter(|(_, m)| m.free_state && m.controller == Some(Power::France))
        .map(|(id, _)| id.clone())
        .collect();
    assert!(free.len() >= 3, "{free:?}");
    // The first free state rolls 1 (turns), the others 6 (stay).
    let mut faces = vec![6; free.len()];
    faces[0] = 1;
    let p = waiting(&s);
    let after = run(&s, p, "end", &faces).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(after.minors[&free[0]].controller, None, "{} turned neutral", free[0]);
    assert!(after.corps.values().all(|c| c.nation != free[0]), "its forces left the map");
    assert_eq!(after.minors[&free[1]].controller, Some(Power::France));
    assert!(grognard_eia::invariants::broken(ctx(), &after).is_empty());
}

#[test]
fn r4_2_declarations_lost_with_a_replaced_player_are_none() {
    let state = opening();
    let lost = Eia.lost_sealed_choice(&state, player(&state, Power::France));
    assert_eq!(lost.map(|c| c.to_string()), Some("declare none".to_string()));
}

#[test]
fn r4_6_3_4_a_minor_country_taken_under_control_sets_up_its_chart_strengths_as_a_free_state() {
    let state = opening();
    let next = declare(&state, &[(Power::Prussia, "declare on saxony")], &[]).unwrap_or_else(|e| panic!("{e}"));
    let s = end_until(next, PoliticalStep::MinorControl);
    let s = answer_control(s, "saxony", &[Power::Russia], &[]);
    assert_eq!(s.minors["saxony"].controller, Some(Power::Russia));
    assert!(s.minors["saxony"].free_state, "4.6.3.1: a minor country with forces gets a free state flag");
    // data/politics.txt: Saxony 10 infantry, 3 cavalry; its two corps (8 and 3 each) stand in
    // Dresden's area, filled in card order; nothing is left for the city.
    let strength = ctx().politics.strength("saxony").unwrap_or_else(|| panic!("saxony has strengths"));
    let corps: Vec<(&String, u16)> =
        s.corps.iter().filter(|(_, c)| c.nation == "saxony").map(|(id, c)| (id, c.factors.total())).collect();
    let total: u16 = corps.iter().map(|(_, n)| n).sum::<u16>()
        + s.garrisons.values().filter(|g| g.nation == "saxony").map(|g| g.factors.total()).sum::<u16>();
    assert_eq!(total, strength.infantry + strength.cavalry, "{corps:?}");
    let capital = ctx().map.capital("saxony").map(|a| a.id.clone()).unwrap_or_default();
    assert!(s.corps.values().filter(|c| c.nation == "saxony").all(|c| c.area == capital));
    assert_eq!(corps.first().map(|(id, n)| (id.as_str(), *n)), Some(("sx-1", 11)));
    // A minor country without corps counters gets a conquered flag.
    let next = declare(&state, &[(Power::Prussia, "declare on mecklenburg")], &[]).unwrap_or_else(|e| panic!("{e}"));
    let s = end_until(next, PoliticalStep::MinorControl);
    let s = answer_control(s, "mecklenburg", &[Power::Russia], &[]);
    assert_eq!(s.minors["mecklenburg"].controller, Some(Power::Russia));
    assert!(!s.minors["mecklenburg"].free_state, "4.6.3.1: no forces, a conquered flag");
    assert!(!s.corps.values().any(|c| c.nation == "mecklenburg"));
}

#[test]
fn b5_a_royal_marriage_is_broken_as_an_alliance_is_in_4_7() {
    let s = prussia_surrenders_unconditionally();
    let s = ok(&s, Power::France, "term B.5");
    let s = ok(&s, Power::France, "no more terms");
    assert!(grognard_eia::politics::term_effects::married(ctx(), &s, Power::Prussia, Power::France));
    let s = end_until(s, PoliticalStep::BreakingAlliances);
    let s = end_until_power(s, Power::France);
    let Pending::Command { .. } = pending(ctx(), &s) else { panic!("France's turn") };
    let legal = grognard_eia::ruleset::legal_commands(ctx(), &s, player(&s, Power::France));
    assert!(legal.iter().any(|c| c.to_string() == "break alliance with prussia"), "{legal:?}");
    let before = points(&s, Power::France);
    let broken = ok(&s, Power::France, "break alliance with prussia");
    assert!(!grognard_eia::politics::term_effects::married(ctx(), &broken, Power::Prussia, Power::France));
    assert!(broken.politics.terms.iter().all(|t| t.term != "B.5"), "no longer in force");
    assert_eq!(points(&broken, Power::France), before - 2, "an alliance's points");
    assert!(broken.politics.last_broken(Power::France, Power::Prussia).is_some(), "4.5.3 counts from it");
    let e = refused(run(&broken, Power::France, "break alliance with prussia", &[]));
    assert!(e.starts_with("4.7|"), "{e}");
}

#[test]
fn b5_4_6_4_2_2_a_declaration_of_war_breaks_a_royal_marriage() {
    let mut s = opening();
    s.politics.terms.push(grognard_eia::politics::TermInForce {
        victor: Power::France,
        loser: Power::Prussia,
        term: "B.5".into(),
        from: s.date,
    });
    let at_war = declare(&s, &[(Power::Prussia, "declare on france")], &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(at_war.politics.terms.is_empty(), "the marriage is broken");
    assert_eq!(points(&at_war, Power::Prussia), -3 - 2, "the declaration and the marriage broken");
    assert_eq!(points(&at_war, Power::France), 0);
}

#[test]
fn c6_abdication_removes_the_loser_s_leaders_the_victors_name_and_r8_4_3_returns_them() {
    use grognard_eia::politics::term_effects;
    use grognard_eia::state::LeaderPlace;
    let s = prussia_surrenders_unconditionally();
    let s = ok(&s, Power::France, "term C.6");
    let s = ok(&s, Power::France, "no more terms");
    assert!(s.relations.at_war("prussia", "france"), "the peace waits for the removals");
    assert_eq!(waiting(&s), Power::France);
    let prussians = term_effects::removable_leaders(ctx(), &s, Power::Prussia);
    assert!(prussians.len() >= 2, "{prussians:?}");
    let Pending::Choice { options, .. } = pending(ctx(), &s) else { panic!("a question") };
    assert!(options.contains(&format!("remove leader {}", prussians[0])), "{options:?}");
    assert!(options.contains(&"no more removals".to_string()), "{options:?}");
    let french = s.leaders.keys().find(|l| ctx().leaders.get(l).is_some_and(|x| x.power == Power::France)).unwrap();
    let e = refused(run(&s, Power::France, &format!("remove leader {french}"), &[]));
    assert!(e.starts_with("C.6|"), "{e}");
    let s = ok(&s, Power::France, &format!("remove leader {}", prussians[0]));
    let s = ok(&s, Power::France, &format!("remove leader {}", prussians[1]));
    // The term's number reached (`leaders=2`): the peace is made.
    assert!(!s.relations.at_war("prussia", "france"));
    assert!(!s.leaders.contains_key(&prussians[0]) && !s.leaders.contains_key(&prussians[1]));
    assert_eq!(s.politics.removed.len(), 2);
    assert!(grognard_eia::invariants::broken(ctx(), &s).is_empty());
    // R8.4.3: at peace they stay out; once Prussia fights France again they come back, retired.
    let mut back = s.clone();
    let mut log = Vec::new();
    term_effects::return_leaders(ctx(), &mut back, &mut log);
    assert_eq!(back.politics.removed.len(), 2);
    back.relations.declare_war("prussia", "france");
    term_effects::return_leaders(ctx(), &mut back, &mut log);
    assert!(back.politics.removed.is_empty());
    assert_eq!(back.leaders.get(&prussians[0]), Some(&LeaderPlace::Retired));
}

#[test]
fn c6_a_victor_may_remove_fewer_leaders() {
    let s = prussia_surrenders_unconditionally();
    let s = ok(&s, Power::France, "term C.6");
    let s = ok(&s, Power::France, "no more terms");
    let s = ok(&s, Power::France, "no more removals");
    assert!(!s.relations.at_war("prussia", "france"));
    assert!(s.politics.removed.is_empty());
}

#[test]
fn r4_4_6_4_a_ceded_free_state_may_be_made_a_conquered_country() {
    let mut s = prussia_surrenders_unconditionally();
    for m in ["bavaria", "baden"] {
        if let Some(m) = s.minors.get_mut(m) {
            m.controller = Some(Power::Prussia);
            m.free_state = true;
        }
    }
    assert!(s.corps.values().any(|c| c.nation == "bavaria"), "Bavaria's forces are on the map");
    let s = ok(&s, Power::France, "term C.4");
    let s = ok(&s, Power::France, "no more terms");
    let Pending::Choice { options, .. } = pending(ctx(), &s) else { panic!("a question") };
    assert!(options.contains(&"cede bavaria as conquered".to_string()), "{options:?}");
    assert!(!options.contains(&"cede silesia as conquered".to_string()), "{options:?}");
    let e = refused(run(&s, Power::France, "cede silesia as conquered", &[]));
    assert!(e.starts_with("4.4.6.4|"), "{e}");
    let s = ok(&s, Power::France, "cede bavaria as conquered");
    assert_eq!(s.minors["bavaria"].controller, Some(Power::France));
    assert!(!s.minors["bavaria"].free_state);
    assert!(s.corps.values().all(|c| c.nation != "bavaria"), "its forces left the map");
    // Kept as it is: a free state with its forces.
    let s = ok(&s, Power::France, "cede baden");
    assert!(s.minors["baden"].free_state && s.minors["baden"].controller == Some(Power::France));
}

#[test]
fn b3_a_formal_peace_opens_reparations_for_the_next_economic_phase() {
    // The same peace with the option `economic`: B.3 is owed, half of Prussia's printed tax
    // value (30), rounded up.
    let mut s = prussia_surrenders_unconditionally();
    s.options.push("economic".into());
    let s = ok(&s, Power::France, "term B.3");
    let s = ok(&s, Power::France, "no more terms");
    assert_eq!(s.economy.reparations.len(), 1);
    let r = &s.economy.reparations[0];
    assert_eq!(
        (r.loser, r.victor, r.due.clone(), r.spread.clone()),
        (Power::Prussia, Power::France, vec![15], vec![10, 10])
    );
}

#[test]
fn r4_6_3_1_the_picture_tints_a_minor_country_in_its_controller_s_colour() {
    let state = opening();
    let view = grognard_eia::view::board_view(ctx(), &state);
    let france = Power::ALL.iter().position(|p| *p == Power::France);
    for area in ctx().map.areas_of("bavaria") {
        assert_eq!(view.controller(&area.id), france, "{}: Bavaria is France's free state", area.id);
    }
    for area in ctx().map.areas_of("switzerland") {
        assert_eq!(view.controller(&area.id), None, "{}: Switzerland is neutral", area.id);
    }
}

/// The 1805 opening's peace step, Austria surrendering unconditionally to France, C.6 chosen.
fn austria_abdicates() -> State {
    let state = declare(&opening(), &[], &[]).unwrap_or_else(|e| panic!("{e}"));
    let state = end_until_power(end_until(state, PoliticalStep::Peace), Power::Austria);
    let sued = ok(&state, Power::Austria, "sue for peace to france");
    let offered = ok(&sued, Power::France, "offer unconditional peace");
    let accepted = ok(&offered, Power::Austria, "accept unconditional peace");
    let chosen = ok(&accepted, Power::France, "term C.6");
    let s = ok(&chosen, Power::France, "no more terms");
    ok(&s, Power::France, "no more removals")
}

#[test]
fn c6_r11_5_the_abdication_of_the_emperor_may_dissolve_the_holy_roman_empire() {
    use grognard_eia::economy::combinations::empire_exists;
    let s = austria_abdicates();
    assert!(s.relations.at_war("austria", "france"), "the peace waits for the Empire's fate");
    assert!(empire_exists(ctx(), &s));
    assert_eq!(waiting(&s), Power::France);
    let Pending::Choice { options, .. } = pending(ctx(), &s) else { panic!("a question") };
    assert_eq!(options, ["dissolve empire", "keep empire"]);
    let e = refused(run(&s, Power::France, "re-establish empire", &[]));
    assert!(e.starts_with("C.6|"), "{e}");
    let dissolved = ok(&s, Power::France, "dissolve empire");
    assert!(!dissolved.relations.at_war("austria", "france"), "the peace is made");
    assert!(!empire_exists(ctx(), &dissolved));
    let kept = ok(&s, Power::France, "keep empire");
    assert!(!kept.relations.at_war("austria", "france"));
    assert!(empire_exists(ctx(), &kept));
    // Once dissolved, a later abdication may re-establish it.
    let mut gone = s.clone();
    gone.politics.empire = Some(false);
    let Pending::Choice { options, .. } = pending(ctx(), &gone) else { panic!("a question") };
    assert_eq!(options, ["re-establish empire", "keep empire"]);
    assert!(empire_exists(ctx(), &ok(&gone, Power::France, "re-establish empire")));
}

#[test]
fn c6_r11_5_abdication_outside_the_emperor_s_house_leaves_the_empire_alone() {
    let s = prussia_surrenders_unconditionally();
    let s = ok(&s, Power::France, "term C.6");
    let s = ok(&s, Power::France, "no more terms");
    let s = ok(&s, Power::France, "no more removals");
    assert!(!s.relations.at_war("prussia", "france"), "no question about the Empire");
    assert_eq!(s.politics.empire, None);
}

/// Prussia surrenders unconditionally and France chooses B.4 alone: the peace waits for the
/// corps France borrows.
fn france_borrows() -> State {
    let s = prussia_surrenders_unconditionally();
    let s = ok(&s, Power::France, "term B.4");
    ok(&s, Power::France, "no more terms")
}

#[test]
fn b4_the_victor_names_a_corps_of_the_loser_holding_half_its_card_and_runs_it() {
    use grognard_eia::politics::loan;
    let mut s = france_borrows();
    assert!(s.relations.at_war("prussia", "france"), "the peace waits for the loan");
    assert_eq!(waiting(&s), Power::France);
    // pr-2 emptied to two factors: less than half its card's 13 (R4.4.6.9).
    let mut weak = grognard_eia::forces::Factors::new();
    weak.add(grognard_eia::FactorKind::Infantry, 2);
    s.corps.get_mut("pr-2").unwrap_or_else(|| panic!("pr-2")).factors = weak;
    assert_eq!(loan::least(ctx(), "pr-2", s.date), 6);
    let Pending::Choice { options, .. } = pending(ctx(), &s) else { panic!("a question") };
    assert!(options.contains(&"borrow corps pr-1".to_string()), "{options:?}");
    assert!(!options.contains(&"borrow corps pr-2".to_string()), "{options:?}");
    let e = refused(run(&s, Power::France, "borrow corps pr-2", &[]));
    assert!(e.starts_with("B.4|") && e.contains("half its card"), "{e}");
    let french = s.corps.iter().find(|(_, c)| c.nation == "france").map(|(id, _)| id.clone()).unwrap();
    let e = refused(run(&s, Power::France, &format!("borrow corps {french}"), &[]));
    assert!(e.starts_with("B.4|"), "{e}");
    let done = ok(&s, Power::France, "borrow corps pr-1");
    assert!(!done.relations.at_war("prussia", "france"), "the peace is made");
    let lent = &done.corps["pr-1"];
    assert_eq!(lent.nation, "prussia", "Prussia still owns it");
    assert_eq!(lent.side(), "france");
    let loan = lent.loan.as_ref().unwrap_or_else(|| panic!("on loan"));
    assert_eq!((loan.borrower, loan.until.id()), (Power::France, "1806-09".to_string()));
    // France runs it; Prussia no longer does.
    assert!(grognard_eia::land::own_corps(&done, Power::France, "pr-1").is_ok());
    assert!(grognard_eia::land::own_corps(&done, Power::Prussia, "pr-1").is_err());
    assert!(done.friendly_to(Power::France, lent.side()));
    // It fights France's wars: Russia, at war with France and not with Prussia, is its enemy.
    let mut war = done.clone();
    war.relations.declare_war("russia", "france");
    assert!(war.enemy_of(Power::Russia, lent.side()) && !war.enemy_of(Power::Russia, &lent.nation));
    assert!(war.has_unbesieged_enemy_corps(Power::Russia, &lent.area));
    // 4.4.6.2: now France's, it left Prussia's territory with France's other forces.
    assert!(!done.in_territory(ctx(), Power::Prussia, &lent.area), "{}", lent.area);
    assert!(grognard_eia::invariants::broken(ctx(), &done).is_empty());
}

#[test]
fn b4_no_factors_join_or_leave_a_corps_on_loan() {
    use grognard_eia::command::Holder;
    use grognard_eia::FactorKind;
    let s = ok(&france_borrows(), Power::France, "borrow corps pr-1");
    let mut log = Vec::new();
    for power in [Power::France, Power::Prussia] {
        let e = grognard_eia::reinforcement::demobilise(
            ctx(),
            &s,
            power,
            &Holder::Corps("pr-1".into()),
            None,
            None,
            &mut log,
        );
        assert!(e.is_err(), "{power} disbands a corps on loan");
    }
    let mut r = s.clone();
    r.sequence.phase = Phase::ArmyReinforcement;
    let area = r.corps["pr-1"].area.clone();
    r.garrisons.insert(
        area.clone(),
        grognard_eia::state::Garrison {
            nation: "prussia".into(),
            factors: grognard_eia::forces::Factors::of(&[(FactorKind::Infantry, 2)]),
        },
    );
    let e = grognard_eia::reinforcement::transfer(
        ctx(),
        &r,
        Power::Prussia,
        (1, FactorKind::Infantry),
        &Holder::City(area),
        &Holder::Corps("pr-1".into()),
        false,
        &mut log,
    )
    .err()
    .unwrap_or_else(|| panic!("a transfer into a corps on loan"));
    assert_eq!(e.rule, "B.4", "{e}");
}

#[test]
fn b4_the_loan_ends_after_twelve_months_and_the_corps_goes_home() {
    use grognard_eia::politics::loan;
    let s = ok(&france_borrows(), Power::France, "borrow corps pr-1");
    let abroad = s.corps["pr-1"].area.clone();
    let mut log = Vec::new();
    let mut before = s.clone();
    before.date = grognard_eia::date::Month::parse("1806-08").unwrap_or_else(|e| panic!("{e}"));
    loan::end_loans(ctx(), &mut before, &mut log);
    assert!(before.corps["pr-1"].loan.is_some(), "a month early");
    let mut after = s.clone();
    after.date = grognard_eia::date::Month::parse("1806-09").unwrap_or_else(|e| panic!("{e}"));
    loan::end_loans(ctx(), &mut after, &mut log);
    let back = &after.corps["pr-1"];
    assert!(back.loan.is_none());
    assert_eq!(back.side(), "prussia");
    assert!(grognard_eia::land::own_corps(&after, Power::Prussia, "pr-1").is_ok());
    assert_ne!(back.area, abroad, "it stood in France's ground: it goes home as in 4.4.6.2");
    assert!(
        after.area_controller(ctx(), &back.area).is_some_and(|n| after.friendly_to(Power::Prussia, n)),
        "{}",
        back.area
    );
    assert!(log.iter().any(|e| e.text.contains("is back with Prussia")), "{log:?}");
}

#[test]
fn b4_a_war_between_borrower_and_lender_ends_the_loan() {
    use grognard_eia::politics::loan;
    let mut s = ok(&france_borrows(), Power::France, "borrow corps pr-1");
    s.relations.declare_war("prussia", "france");
    let mut log = Vec::new();
    loan::end_loans(ctx(), &mut s, &mut log);
    assert!(s.corps["pr-1"].loan.is_none());
}

#[test]
fn b4_with_hidden_strengths_the_loser_opens_its_corps_before_the_victor_chooses() {
    use grognard_eia::state::Veil;
    let mut s = prussia_surrenders_unconditionally();
    let prussia = player(&s, Power::Prussia);
    s.corps.get_mut("pr-3").unwrap_or_else(|| panic!("pr-3")).veil.insert(Veil {
        player: prussia.0,
        index: 4,
        opened: false,
    });
    let s = ok(&s, Power::France, "term B.4");
    let s = ok(&s, Power::France, "no more terms");
    let Pending::Open { owing, .. } = pending(ctx(), &s) else { panic!("an opening: {:?}", pending(ctx(), &s)) };
    assert_eq!(owing.len(), 1);
    assert_eq!((owing[0].player, owing[0].indices.clone()), (prussia, vec![4]));
    let e = refused(run(&s, Power::France, "borrow corps pr-1", &[]));
    assert!(e.starts_with("2.4.2|"), "{e}");
    let opened = Eia.apply_opened(&s, prussia, &mut ScriptedDice::new(&[])).unwrap_or_else(|e| panic!("{e:?}")).state;
    assert!(opened.corps["pr-3"].veil.is_empty());
    assert_eq!(waiting(&opened), Power::France);
    let done = ok(&opened, Power::France, "borrow corps pr-3");
    assert_eq!(done.corps["pr-3"].side(), "france");
}

#[test]
fn r4_4_6_4_the_leaders_with_a_minor_s_forces_retire_when_they_leave_the_map() {
    use grognard_eia::state::LeaderPlace;
    let mut s = opening();
    s.minors.insert(
        "sweden".into(),
        grognard_eia::state::MinorState { controller: Some(Power::Britain), free_state: true },
    );
    s.leaders.insert("nelson".into(), LeaderPlace::Fleet("se-fleet-1".into()));
    let mut log = Vec::new();
    grognard_eia::politics::cession::conquer(ctx(), &mut s, "sweden", "4.4.6.4", &mut log);
    assert!(!s.fleets.contains_key("se-fleet-1"));
    assert_eq!(s.leaders["nelson"], LeaderPlace::Retiring, "Nelson leaves the Swedish fleet, not the game");
    assert!(
        grognard_eia::invariants::broken(ctx(), &s).is_empty(),
        "{:?}",
        grognard_eia::invariants::broken(ctx(), &s)
    );
}

#[test]
fn b4_the_summary_names_the_corps_on_loan() {
    let s = ok(&france_borrows(), Power::France, "borrow corps pr-1");
    let lines = grognard_eia::politics::summary(ctx(), &s);
    assert!(
        lines.iter().any(|l| l == "Corps pr-1 of Prussia is on loan to France until September 1806 (B.4)"),
        "{lines:?}"
    );
}

#[test]
fn b4_the_victor_is_shown_what_each_corps_it_may_borrow_holds() {
    let s = france_borrows();
    let Pending::Choice { prompt, .. } = pending(ctx(), &s) else { panic!("a question") };
    let pr1 = &s.corps["pr-1"];
    let shown = format!("pr-1 ({}) in {}", pr1.factors, ctx().name(&pr1.area));
    assert!(prompt.contains("borrow corps ID") && prompt.contains(&shown), "{prompt}");
}

/// The options a state plays with option 11.9 added.
fn with_peace_restrictions(mut state: State) -> State {
    state.options.push(grognard_eia::politics::restrictions::OPTION_PEACE_RESTRICTIONS.into());
    state
}

#[test]
fn r11_9_1_reconstructed_a_peace_leaves_a_power_at_least_half_its_home_provinces() {
    let mut s = prussia_surrenders_unconditionally();
    // Four of Prussia's nine home provinces are French already: five left, the least it keeps.
    for p in ["pomerania", "east-prussia", "west-prussia", "posen"] {
        for a in ctx().map.areas_of_province(p) {
            s.occupied.insert(a.id.clone(), "france".into());
        }
    }
    let s = ok(&s, Power::France, "term C.4");
    let s = ok(&s, Power::France, "no more terms");
    let options = |s: &State| match pending(ctx(), s) {
        Pending::Choice { options, .. } => options,
        other => panic!("{other:?}"),
    };
    assert!(options(&s).contains(&"cede silesia".to_string()), "without the option: {:?}", options(&s));
    let r = with_peace_restrictions(s.clone());
    assert!(!options(&r).iter().any(|o| o == "cede silesia" || o == "cede brandenburg"), "{:?}", options(&r));
    let e = refused(run(&r, Power::France, "cede silesia", &[]));
    assert!(e.contains("silesia") || e.starts_with("4.4"), "{e}");
    let done = ok(&r, Power::France, "no more ceding");
    assert!(!done.politics.out.contains(&Power::Prussia), "no final peace under the balance of power");
}

#[test]
fn r11_9_2_reconstructed_britain_and_france_make_only_an_unconditional_peace() {
    let state = declare(&with_peace_restrictions(opening()), &[], &[]).unwrap_or_else(|e| panic!("{e}"));
    let state = end_until(state, PoliticalStep::Peace);
    let state = end_until_power(state, Power::France);
    let e = refused(run(&state, Power::France, "propose informal peace with britain", &[]));
    assert!(e.starts_with("R11.9.2|"), "{e}");
    // Others may: France and Austria.
    ok(&state, Power::France, "propose informal peace with austria");
    // France sues its enemies: Great Britain offers no conditional peace.
    let mut s = ok(&state, Power::France, "sue for peace to britain austria russia");
    for _ in 0..3 {
        let victor = waiting(&s);
        if victor == Power::Britain {
            let Pending::Choice { options, .. } = pending(ctx(), &s) else { panic!("a question") };
            assert_eq!(options, vec!["offer unconditional peace".to_string()]);
            let said = grognard_eia::politics::peace::prompt(ctx(), &s, Power::Britain);
            assert!(said.contains("R11.9.2") && !said.contains("offer conditional"), "{said}");
            let e = refused(run(&s, Power::Britain, "offer conditional peace", &[]));
            assert!(e.starts_with("R11.9.2|"), "{e}");
            let offered = ok(&s, Power::Britain, "offer unconditional peace");
            assert_ne!(waiting(&offered), Power::Britain, "the offer is made");
            return;
        }
        s = ok(&s, victor, "offer conditional peace");
    }
    panic!("Great Britain was never asked for its offer");
}
